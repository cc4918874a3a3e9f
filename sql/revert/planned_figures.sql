-- Revert coin_api:planned_figures from pg
-- The grid functions as derived_figures made them, and the figures at a time back to SQL
-- functions (derived_figures' definitions), but for the columns each reads of a snapshot row,
-- named rather than `*`: a BEGIN ATOMIC body depends on every column it names, and `*` now would
-- name those later changes added (snapshot_provenance's block columns), which their reverts then
-- could not drop.

BEGIN;

CREATE OR REPLACE FUNCTION derived.utc8_floor(at timestamptz, step interval) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_timestamp(floor((extract(epoch FROM at) + 28800) / extract(epoch FROM step))
                    * extract(epoch FROM step) - 28800);

CREATE OR REPLACE FUNCTION derived.epoch_ms(at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN floor(extract(epoch FROM at) * 1000)::bigint;

CREATE OR REPLACE FUNCTION derived.chain_state_at(at timestamptz)
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
           SELECT cs.taken_at, cs.coin_supply, cs.scoin_supply, cs.coin_price, cs.scoin_price, cs.earn_apy,
                  cs.earn_tvl
             FROM snapshot.chain_state AS cs
            WHERE cs.chain = c.chain AND cs.taken_at <= at
            ORDER BY cs.taken_at DESC
            LIMIT 1
         ) AS s ON true
   ORDER BY c.chain;
END;

CREATE OR REPLACE FUNCTION derived.vault_state_at(at timestamptz)
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
           SELECT vs.taken_at, vs.minted, vs.debt, vs.locked_value, vs.apy, vs.estimated_annual_earnings
             FROM snapshot.vault_state AS vs
            WHERE vs.vault_id = v.vault_id AND vs.taken_at <= at
            ORDER BY vs.taken_at DESC
            LIMIT 1
         ) AS s ON true;
END;

CREATE OR REPLACE FUNCTION derived.chain_collateral_at(at timestamptz)
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

CREATE OR REPLACE FUNCTION derived.chain_figures_at(at timestamptz)
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

CREATE OR REPLACE FUNCTION derived.position_state_at(at timestamptz)
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
           SELECT ps.taken_at, ps.holding_amount, ps.apy_holding_amount, ps.apy, ps.actual_earnings
             FROM snapshot.allocator_position_state AS ps
            WHERE ps.position_id = p.position_id AND ps.taken_at <= at
            ORDER BY ps.taken_at DESC
            LIMIT 1
         ) AS s ON true;
END;

COMMIT;
