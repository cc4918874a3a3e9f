-- Deploy coin_api:derived_figures to pg
-- The building blocks every api view shares: the state of each chain, Vault and allocator
-- position as it stood at a given time, and the spec's clock (daily snapshots at 00:00 UTC+8).
--
-- The *_at functions read snapshot tables, which coin_api may not: they run as their owner
-- (SECURITY DEFINER), like the views that call them. Their bodies are parsed at deploy time
-- (BEGIN ATOMIC), so a table they read cannot be dropped from under them.
--
-- "At time t" always means: the latest snapshot taken at or before t; 'infinity' gives the
-- latest of all. Each lookup walks a primary-key index backwards, one probe per entity.
-- Time arithmetic uses fixed 24-hour days: UTC+8 has no daylight saving, and the session's
-- TimeZone must not matter.

BEGIN;

-- Epoch seconds are exact numerics (PostgreSQL 14+), so this is exact to the microsecond.
CREATE FUNCTION derived.utc8_floor(at timestamptz, step interval) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_timestamp(floor((extract(epoch FROM at) + 28800) / extract(epoch FROM step))
                    * extract(epoch FROM step) - 28800);
COMMENT ON FUNCTION derived.utc8_floor(timestamptz, interval) IS
  'The last instant at or before at on the UTC+8 grid of step (1 hour: the hour; 24 hours: 00:00 UTC+8)';

CREATE FUNCTION derived.utc8_midnight(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN derived.utc8_floor(at, interval '24 hours');
COMMENT ON FUNCTION derived.utc8_midnight(timestamptz) IS
  '00:00 UTC+8 at or before at: the time of the daily snapshot of at''s day';

CREATE FUNCTION derived.utc8_text(at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_char((at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI') || ' (UTC+8)';
COMMENT ON FUNCTION derived.utc8_text(timestamptz) IS
  'at as the spec''s datetime: YYYY-MM-DD HH:MM (UTC+8), e.g. 2026-05-13 00:00 (UTC+8)';

CREATE FUNCTION derived.epoch_ms(at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN floor(extract(epoch FROM at) * 1000)::bigint;
COMMENT ON FUNCTION derived.epoch_ms(timestamptz) IS 'at in milliseconds since 1970-01-01 UTC (the spec''s epoch ms)';

-- sum(weight x value) / sum(weight) to 30 decimals, whatever the scale of its inputs (numeric
-- division alone keeps as few as 16); null without weight.
CREATE FUNCTION derived.weighted_mean(weighted_sum numeric, weight numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN weight > 0 THEN round(round(weighted_sum, 30) / weight, 30) END;
COMMENT ON FUNCTION derived.weighted_mean(numeric, numeric) IS
  'weighted_sum / weight rounded to 30 decimals (29 significant digits of an APY of a few percent); null where weight is not positive';

-- Chains ------------------------------------------------------------------------------------

CREATE FUNCTION derived.chain_state_at(at timestamptz)
RETURNS TABLE (chain snapshot.chain, taken_at timestamptz, coin_supply numeric,
               scoin_supply numeric, supply_value numeric, earn_apy numeric, earn_tvl numeric)
LANGUAGE sql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 3 SET search_path = pg_catalog, pg_temp
BEGIN ATOMIC
  SELECT c.chain, s.taken_at,
         coalesce(s.coin_supply, 0),
         coalesce(s.scoin_supply, 0),
         coalesce(s.coin_supply * s.coin_price + s.scoin_supply * s.scoin_price, 0),
         coalesce(s.earn_apy, 0),
         coalesce(s.earn_tvl, 0)
    FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
    LEFT JOIN LATERAL (
           SELECT *
             FROM snapshot.chain_state AS cs
            WHERE cs.chain = c.chain AND cs.taken_at <= at
            ORDER BY cs.taken_at DESC
            LIMIT 1
         ) AS s ON true
   ORDER BY c.chain;
END;
COMMENT ON FUNCTION derived.chain_state_at(timestamptz) IS
  'One row per chain, in [tron, eth, bsc] order: its latest chain_state at or before at, with '
  'supply_value = coin_supply x coin_price + scoin_supply x scoin_price (USD); taken_at is null '
  'and every figure 0 where the chain has no snapshot yet';

-- Vaults ------------------------------------------------------------------------------------

CREATE FUNCTION derived.vault_state_at(at timestamptz)
RETURNS TABLE (vault_id integer, chain snapshot.chain, vault_type text, collateral_type smallint,
               contract_address text, min_collateral_ratio numeric, stability_fee numeric,
               debt_ceiling numeric, dust numeric, psm_fee numeric, taken_at timestamptz,
               minted numeric, debt numeric, locked_value numeric, collateral_ratio numeric,
               apy numeric, estimated_annual_earnings numeric)
LANGUAGE sql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 20 SET search_path = pg_catalog, pg_temp
BEGIN ATOMIC
  SELECT v.vault_id, v.chain, v.vault_type, v.collateral_type, v.contract_address,
         v.min_collateral_ratio, v.stability_fee, v.debt_ceiling, v.dust, v.psm_fee,
         s.taken_at,
         coalesce(s.minted, 0),
         coalesce(s.debt, 0),
         coalesce(s.locked_value, 0),
         CASE WHEN coalesce(s.debt, 0) = 0 THEN 0 ELSE s.locked_value / s.debt END,
         s.apy,
         s.estimated_annual_earnings
    FROM snapshot.vault AS v
    LEFT JOIN LATERAL (
           SELECT *
             FROM snapshot.vault_state AS vs
            WHERE vs.vault_id = v.vault_id AND vs.taken_at <= at
            ORDER BY vs.taken_at DESC
            LIMIT 1
         ) AS s ON true;
END;
COMMENT ON FUNCTION derived.vault_state_at(timestamptz) IS
  'Every Vault with its configuration and its latest vault_state at or before at; minted, debt '
  'and locked_value 0 where it has none; collateral_ratio = locked_value / debt, 0 where debt is 0';

CREATE FUNCTION derived.chain_collateral_at(at timestamptz)
RETURNS TABLE (chain snapshot.chain, collateral_value numeric, debt numeric, minted numeric)
LANGUAGE sql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 3 SET search_path = pg_catalog, pg_temp
BEGIN ATOMIC
  SELECT c.chain,
         coalesce(sum(v.locked_value), 0),
         coalesce(sum(v.debt), 0),
         coalesce(sum(v.minted), 0)
    FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
    LEFT JOIN derived.vault_state_at(at) AS v ON v.chain = c.chain
   GROUP BY c.chain
   ORDER BY c.chain;
END;
COMMENT ON FUNCTION derived.chain_collateral_at(timestamptz) IS
  'One row per chain at at: the sums over all its Vaults (regular, PSM and allocator) of locked '
  'value (the chain''s collateral value, USD), debt and minted COIN';

CREATE FUNCTION derived.chain_figures_at(at timestamptz)
RETURNS TABLE (chain snapshot.chain, taken_at timestamptz, coin_supply numeric,
               scoin_supply numeric, supply_value numeric, earn_apy numeric, earn_tvl numeric,
               collateral_value numeric, debt numeric, minted numeric)
LANGUAGE sql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 3 SET search_path = pg_catalog, pg_temp
BEGIN ATOMIC
  SELECT s.chain, s.taken_at, s.coin_supply, s.scoin_supply, s.supply_value, s.earn_apy,
         s.earn_tvl, c.collateral_value, c.debt, c.minted
    FROM derived.chain_state_at(at) AS s
    JOIN derived.chain_collateral_at(at) AS c USING (chain)
   ORDER BY s.chain;
END;
COMMENT ON FUNCTION derived.chain_figures_at(timestamptz) IS
  'One row per chain at at: chain_state_at and chain_collateral_at side by side';

-- Allocator positions -----------------------------------------------------------------------

CREATE FUNCTION derived.position_state_at(at timestamptz)
RETURNS TABLE (position_id integer, platform text, chain text, gem_symbol text,
               operator_address text, strategy text, tag text, taken_at timestamptz,
               holding_amount numeric, apy_holding_amount numeric, apy numeric,
               actual_earnings numeric)
LANGUAGE sql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 20 SET search_path = pg_catalog, pg_temp
BEGIN ATOMIC
  SELECT p.position_id, p.platform, p.chain, p.gem_symbol, p.operator_address, p.strategy, p.tag,
         s.taken_at,
         coalesce(s.holding_amount, 0),
         coalesce(s.apy_holding_amount, 0),
         coalesce(s.apy, 0),
         coalesce(s.actual_earnings, 0)
    FROM snapshot.allocator_position AS p
    LEFT JOIN LATERAL (
           SELECT *
             FROM snapshot.allocator_position_state AS ps
            WHERE ps.position_id = p.position_id AND ps.taken_at <= at
            ORDER BY ps.taken_at DESC
            LIMIT 1
         ) AS s ON true;
END;
COMMENT ON FUNCTION derived.position_state_at(timestamptz) IS
  'Every allocator position with its latest state at or before at; figures 0 where it has none';

-- The clock ---------------------------------------------------------------------------------

CREATE VIEW derived.as_of AS
SELECT max(taken_at) AS taken_at,
       derived.utc8_midnight(max(taken_at)) AS midnight
  FROM derived.chain_state_at('infinity');
COMMENT ON VIEW derived.as_of IS
  'The time the API speaks for: the latest chain snapshot (taken_at), and 00:00 UTC+8 of its day '
  '(midnight), the baseline of every *DailyChange; null while there is no snapshot';

CREATE VIEW derived.chain_daily_change AS
SELECT n.chain, n.coin_supply, n.earn_apy,
       n.supply_value,     n.supply_value     - b.supply_value     AS supply_value_change,
       n.collateral_value, n.collateral_value - b.collateral_value AS collateral_value_change,
       n.earn_tvl,         n.earn_tvl         - b.earn_tvl         AS earn_tvl_change
  FROM derived.chain_figures_at('infinity') AS n
  JOIN derived.chain_figures_at((SELECT midnight FROM derived.as_of)) AS b USING (chain);
COMMENT ON VIEW derived.chain_daily_change IS
  'One row per chain: its figures now, and each *_change = now minus the daily snapshot at '
  'today''s 00:00 UTC+8 (derived.as_of.midnight); a figure with no snapshot then counts 0';

COMMIT;
