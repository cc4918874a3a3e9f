-- Revert coin_api:kept_points from pg
-- Back to 6.13's and vault-history's points built on every read and 6.8 built as json
-- (api_protocol's and vault_history's definitions, their comments, no payload column), and to the
-- daily indexes without their kept text, to autovacuum's defaults on the hourly tables, and
-- without derived.kept_generation. The views made again get coin_api's SELECT from the schema's
-- default privileges.

BEGIN;

DROP VIEW api.collateral_history;
CREATE VIEW api.collateral_history AS
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
COMMENT ON VIEW api.collateral_history IS
  '6.13 GET /api/v1/data-platform/collateral-history?chain=&interval=: one row per chain and interval';
COMMENT ON COLUMN api.collateral_history.chain IS 'The chain parameter: tron, eth or bsc';
COMMENT ON COLUMN api.collateral_history."interval" IS 'The interval parameter: WEEKLY, MONTHLY, BIANNUAL or ANNUAL';
COMMENT ON COLUMN api.collateral_history.data IS
  'The payload {items: [...]}, ascending. WEEKLY: the 168 hourly points before the live point; '
  'MONTHLY, BIANNUAL, ANNUAL: the 30, 182, 365 daily points (00:00 UTC+8) before it; none before '
  'the chain''s first snapshot. The live point (the latest snapshot, as 6.12) comes last with time '
  'null; every other time is YYYY-MM-DD HH:MM (UTC+8). Per point: collateralValue (USD locked '
  'in all the chain''s Vaults), debt (their debt, minted plus fees), mintedCOIN (their minted '
  'COIN), coinTotalSupply (COIN in circulation), totalSupplyValue (USD of COIN + sCOIN), earnTvl, '
  'earnApy (decimal)';

DROP VIEW api.vault_history;
CREATE VIEW api.vault_history AS
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
COMMENT ON VIEW api.vault_history IS
  'GET /api/v1/data-platform/vault-history?chain=&vaultType=&interval=: one row per Vault (chain '
  'and vault type) and interval; a vault type not on the chain has no row';
COMMENT ON COLUMN api.vault_history.chain IS 'The chain parameter: tron, eth or bsc';
COMMENT ON COLUMN api.vault_history."vaultType" IS
  'The vaultType parameter: the Vault''s type on that chain, as 6.12 items[].vaultType (e.g. TRX-A, PSM-USDT-A)';
COMMENT ON COLUMN api.vault_history."interval" IS 'The interval parameter: WEEKLY, MONTHLY, BIANNUAL or ANNUAL';
COMMENT ON COLUMN api.vault_history.data IS
  'The payload {items: [...]}, ascending, with the windows of 6.13: WEEKLY the 168 hourly points '
  '(7 days) before the live point; MONTHLY, BIANNUAL, ANNUAL the 30, 182, 365 daily points (00:00 '
  'UTC+8) before it; none where the Vault had no state yet, so {"items":[]} for a Vault without '
  'any. The live point (the Vault''s latest state, as 6.12) comes last. Per point: statisticTime '
  '(number, epoch ms; the live point''s is the latest chain snapshot''s, as 6.13); time (string '
  'YYYY-MM-DD HH:MM (UTC+8), null on the live point); mintedCOIN (number, COIN the Vault minted); '
  'debt (number, COIN it owes, minted plus accrued fees); lockedValue (number, USD of its '
  'collateral); collateralRatio (number, lockedValue / debt, 0 without debt); line (string, the '
  'debt ceiling as configured now: the snapshots keep no history of it; as 6.12 items[].line); '
  'apy (number, a decimal, or null: null for regular Vaults, as 6.12 items[].apy)';

DROP VIEW api.apy_overview;
CREATE VIEW api.apy_overview AS
WITH now AS (  -- each chain's APY and Earn TVL now; the daily points are in derived.daily_apy
  SELECT chain, earn_apy, earn_tvl FROM derived.chain_state_at('infinity')
)
SELECT (SELECT trim_scale(coalesce(average_apy, 0))::text
          FROM derived.daily_apy WHERE chain IS NULL) AS "averageApy",
       (SELECT trim_scale(derived.cross_chain_apy(sum(earn_apy * earn_tvl), sum(earn_tvl),
                                                  sum(earn_apy), count(*)))::text
          FROM now) AS "currentApy",
       (SELECT json_agg(json_build_object('chain', n.chain,
                                          'currentApy', trim_scale(n.earn_apy)::text,
                                          'averageApy', trim_scale(coalesce(d.average_apy, 0))::text,
                                          'items', coalesce(d.items, '[]')) ORDER BY n.chain)
          FROM now AS n
          JOIN derived.daily_apy AS d USING (chain)) AS items;
COMMENT ON VIEW api.apy_overview IS '6.8 GET /api/v1/market-site/overview/apy';
COMMENT ON COLUMN api.apy_overview."averageApy" IS
  'Mean over the daily snapshots (00:00 UTC+8, since the first snapshot) of the Earn-TVL-weighted cross-chain APY';
COMMENT ON COLUMN api.apy_overview."currentApy" IS
  'Earn-TVL-weighted mean of the chains'' current APYs: sum(apy x earnTvl) / sum(earnTvl); the plain mean while no Earn TVL exists';
COMMENT ON COLUMN api.apy_overview.items IS
  'Per chain in [tron, eth, bsc] order: chain; currentApy (its current APY, as 6.6); averageApy '
  '(mean of its daily points); items[] (statisticTime: epoch ms of each 00:00 UTC+8 since the '
  'chain''s first snapshot, ascending; apy: the APY in that daily snapshot)';

DROP INDEX derived.hourly_vault_figures_daily;
ALTER TABLE derived.hourly_vault_figures DROP COLUMN history_point_head, DROP COLUMN history_point_tail,
  RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold,
         autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_insert_threshold);
CREATE INDEX hourly_vault_figures_daily ON derived.hourly_vault_figures (vault_id, at)
  INCLUDE (statistic_time, taken_at, minted, debt, locked_value, collateral_ratio, apy)
  WHERE is_midnight;
DROP INDEX derived.hourly_figures_daily;
ALTER TABLE derived.hourly_figures DROP COLUMN history_point,
  RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold,
         autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_insert_threshold);

DROP TRIGGER kept_points_inserted ON derived.hourly_figures;
DROP TRIGGER kept_points_updated ON derived.hourly_figures;
DROP TRIGGER kept_points_deleted ON derived.hourly_figures;
DROP TRIGGER kept_points_truncated ON derived.hourly_figures;
DROP FUNCTION derived.kept_points_written();
DROP TABLE derived.kept_generation;
CREATE INDEX hourly_figures_daily ON derived.hourly_figures (chain, at) WHERE is_midnight;

COMMIT;
