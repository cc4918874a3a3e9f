-- Revert coin_api:kept_points from pg
-- Back to 6.13's and vault-history's points built on every read (api_protocol's and
-- vault_history's definitions), and to the daily index without their kept text.

BEGIN;

CREATE OR REPLACE VIEW api.collateral_history AS
SELECT c.chain::text AS chain, w.name AS "interval",
       json_build_object('items', (
         SELECT coalesce(json_agg(json_build_object(
                  'statisticTime', f.statistic_time,
                  'time', CASE WHEN f.live THEN NULL ELSE derived.utc8_text(f.at) END,
                  'collateralValue', trim_scale(f.collateral_value),
                  'debt', trim_scale(f.debt),
                  'mintedCOIN', trim_scale(f.minted),
                  'coinTotalSupply', trim_scale(f.coin_supply),
                  'totalSupplyValue', trim_scale(f.supply_value),
                  'earnTvl', trim_scale(f.earn_tvl),
                  'earnApy', trim_scale(f.earn_apy)) ORDER BY f.at), '[]')
           FROM derived.as_of AS a
           -- the window's grid points strictly before the live point, then the live point
          CROSS JOIN LATERAL (
                 SELECT h.at, h.statistic_time, false, h.taken_at, h.coin_supply, h.supply_value,
                        h.earn_apy, h.earn_tvl, h.collateral_value, h.debt, h.minted
                   FROM derived.hourly_figures AS h
                  WHERE h.chain = c.chain
                    AND h.at < a.taken_at
                    AND h.at >= derived.utc8_floor(a.taken_at - interval '1 microsecond', w.step)
                                 - (w.points - 1) * w.step
                    AND (w.step = interval '1 hour' OR h.is_midnight)
                 UNION ALL
                 SELECT a.taken_at, derived.epoch_ms(a.taken_at), true, n.taken_at, n.coin_supply,
                        n.supply_value, n.earn_apy, n.earn_tvl, n.collateral_value, n.debt, n.minted
                   FROM derived.chain_figures_at('infinity') AS n
                  WHERE n.chain = c.chain
               ) AS f(at, statistic_time, live, taken_at, coin_supply, supply_value, earn_apy,
                      earn_tvl, collateral_value, debt, minted)
          WHERE f.taken_at IS NOT NULL  -- no point before the chain's first snapshot
       )) AS data
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
 CROSS JOIN derived.history_window AS w;

CREATE OR REPLACE VIEW api.vault_history AS
SELECT v.chain::text AS chain, v.vault_type AS "vaultType", w.name AS "interval",
       json_build_object('items', (
         SELECT coalesce(json_agg(json_build_object(
                  'statisticTime', f.statistic_time,
                  'time', CASE WHEN f.live THEN NULL ELSE derived.utc8_text(f.at) END,
                  'mintedCOIN', trim_scale(f.minted),
                  'debt', trim_scale(f.debt),
                  'lockedValue', trim_scale(f.locked_value),
                  'collateralRatio', trim_scale(f.collateral_ratio),
                  'line', trim_scale(v.debt_ceiling)::text,
                  'apy', trim_scale(f.apy)) ORDER BY f.at), '[]')
           FROM derived.as_of AS a
          CROSS JOIN LATERAL (  -- the window's first grid point
                 SELECT derived.utc8_floor(a.taken_at - interval '1 microsecond', w.step)
                          - (w.points - 1) * w.step
               ) AS s(since)
           -- the window's grid points strictly before the live point, then the live point; the
           -- hourly and the daily points apart, so that the daily ones come from their index
          CROSS JOIN LATERAL (
                 SELECT h.at, h.statistic_time, false, h.taken_at, h.minted, h.debt,
                        h.locked_value, h.collateral_ratio, h.apy
                   FROM derived.hourly_vault_figures AS h
                  WHERE w.step = interval '1 hour'
                    AND h.vault_id = v.vault_id AND h.at < a.taken_at AND h.at >= s.since
                 UNION ALL
                 SELECT h.at, h.statistic_time, false, h.taken_at, h.minted, h.debt,
                        h.locked_value, h.collateral_ratio, h.apy
                   FROM derived.hourly_vault_figures AS h
                  WHERE w.step <> interval '1 hour' AND h.is_midnight
                    AND h.vault_id = v.vault_id AND h.at < a.taken_at AND h.at >= s.since
                 UNION ALL
                 SELECT a.taken_at, derived.epoch_ms(a.taken_at), true, n.taken_at, n.minted,
                        n.debt, n.locked_value, n.collateral_ratio, n.apy
                   FROM derived.vault_state_at('infinity') AS n
                  WHERE n.vault_id = v.vault_id
                    AND a.taken_at IS NOT NULL  -- no live point before any chain snapshot (6.13)
               ) AS f(at, statistic_time, live, taken_at, minted, debt, locked_value,
                      collateral_ratio, apy)
          WHERE f.taken_at IS NOT NULL  -- no point before the Vault's first state
       )) AS data
  FROM snapshot.vault AS v
 CROSS JOIN derived.history_window AS w;

DROP INDEX derived.hourly_vault_figures_daily;
ALTER TABLE derived.hourly_vault_figures DROP COLUMN history_point_head, DROP COLUMN history_point_tail;
CREATE INDEX hourly_vault_figures_daily ON derived.hourly_vault_figures (vault_id, at)
  INCLUDE (statistic_time, taken_at, minted, debt, locked_value, collateral_ratio, apy)
  WHERE is_midnight;
ALTER TABLE derived.hourly_figures DROP COLUMN history_point;

COMMIT;
