-- Deploy coin_api:planned_figures to pg
-- The figures at a time (derived_figures: chain_state_at, vault_state_at, chain_collateral_at,
-- chain_figures_at, position_state_at) in PL/pgSQL, the same queries: PostgreSQL plans a SQL
-- function's body again in every statement that calls it (a SECURITY DEFINER one is never
-- inlined), where PL/pgSQL keeps a session's plan. Every answer calls them, most of them on
-- 'infinity': at the benchmark's scale vault_state_at('infinity') took 0.65-0.85 ms a call as
-- SQL, 0.4-0.45 ms in PL/pgSQL, and a published set makes some forty such calls.
-- (#variable_conflict use_column: their OUT columns are named as the snapshot columns.)
-- And the UTC+8 grid (utc8_floor, and through it utc8_midnight; history_points writes
-- window_since so too) and epoch_ms in immutable arithmetic, which the planner inlines: extract(epoch FROM timestamptz) is STABLE,
-- so a function declared IMMUTABLE around it ran as a call of its own, some 20-40 us each, and a
-- published set makes about 200 of utc8_floor's and 270 of epoch_ms's. Of the timestamp at UTC
-- the epoch is the same number, infinities included.

BEGIN;

CREATE OR REPLACE FUNCTION derived.utc8_floor(at timestamptz, step interval) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_timestamp((floor((extract(epoch FROM at AT TIME ZONE 'UTC') + 28800) / extract(epoch FROM step))
                     * extract(epoch FROM step) - 28800)::float8);

CREATE OR REPLACE FUNCTION derived.epoch_ms(at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN floor(extract(epoch FROM at AT TIME ZONE 'UTC') * 1000)::bigint;

CREATE OR REPLACE FUNCTION derived.chain_state_at(at timestamptz)
RETURNS TABLE (chain snapshot.chain, taken_at timestamptz, coin_supply numeric,
               scoin_supply numeric, supply_value numeric, earn_apy numeric, earn_tvl numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 3 SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
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
            WHERE cs.chain = c.chain AND cs.taken_at <= chain_state_at.at
            ORDER BY cs.taken_at DESC
            LIMIT 1
         ) AS s ON true
   ORDER BY c.chain;
END
$$;

CREATE OR REPLACE FUNCTION derived.vault_state_at(at timestamptz)
RETURNS TABLE (vault_id integer, chain snapshot.chain, vault_type text, collateral_type smallint,
               contract_address text, min_collateral_ratio numeric, stability_fee numeric,
               debt_ceiling numeric, dust numeric, psm_fee numeric, taken_at timestamptz,
               minted numeric, debt numeric, locked_value numeric, collateral_ratio numeric,
               apy numeric, estimated_annual_earnings numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 20 SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
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
            WHERE vs.vault_id = v.vault_id AND vs.taken_at <= vault_state_at.at
            ORDER BY vs.taken_at DESC
            LIMIT 1
         ) AS s ON true;
END
$$;

CREATE OR REPLACE FUNCTION derived.chain_collateral_at(at timestamptz)
RETURNS TABLE (chain snapshot.chain, collateral_value numeric, debt numeric, minted numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 3 SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT c.chain,
         coalesce(sum(v.locked_value), 0),
         coalesce(sum(v.debt), 0),
         coalesce(sum(v.minted), 0)
    FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
    LEFT JOIN derived.vault_state_at(chain_collateral_at.at) AS v ON v.chain = c.chain
   GROUP BY c.chain
   ORDER BY c.chain;
END
$$;

CREATE OR REPLACE FUNCTION derived.chain_figures_at(at timestamptz)
RETURNS TABLE (chain snapshot.chain, taken_at timestamptz, coin_supply numeric,
               scoin_supply numeric, supply_value numeric, earn_apy numeric, earn_tvl numeric,
               collateral_value numeric, debt numeric, minted numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 3 SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT s.chain, s.taken_at, s.coin_supply, s.scoin_supply, s.supply_value, s.earn_apy,
         s.earn_tvl, c.collateral_value, c.debt, c.minted
    FROM derived.chain_state_at(chain_figures_at.at) AS s
    JOIN derived.chain_collateral_at(chain_figures_at.at) AS c USING (chain)
   ORDER BY s.chain;
END
$$;

CREATE OR REPLACE FUNCTION derived.position_state_at(at timestamptz)
RETURNS TABLE (position_id integer, platform text, chain text, gem_symbol text,
               operator_address text, strategy text, tag text, taken_at timestamptz,
               holding_amount numeric, apy_holding_amount numeric, apy numeric,
               actual_earnings numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 20 SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
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
            WHERE ps.position_id = p.position_id AND ps.taken_at <= position_state_at.at
            ORDER BY ps.taken_at DESC
            LIMIT 1
         ) AS s ON true;
END
$$;

COMMIT;
