-- Deploy coin_api:kept_points to pg
-- A history's grid points do not change once their hour has passed: each is rendered once, as
-- the JSON it is sent as, when its row of derived.hourly_figures or derived.hourly_vault_figures
-- is written (generated columns, so a late row, a backfill or a reorganisation that rewrites a
-- row renders it again), and 6.13's and vault-history's answers are their window's kept points
-- joined, then the live point. Building the JSON of 365 points on every set cost about 6 ms an
-- answer at three years of data; joining them costs under 1 ms. The bytes are those
-- json_build_object gave, but for the spaces it puts between tokens (the handlers and the
-- publisher send the payload compacted): numbers as numeric's text, strings quoted, null.
--
-- The views give the answer twice: data (json), as every api view does, and payload, the same
-- JSON as text, which the handlers and the publisher read (their x-endpoint's column): a cast
-- to json checks every byte of its text, some 8 ns a byte, a third of what an answer of these
-- views cost, and a payload built of kept text is JSON by construction (kept_points.test.sql).

BEGIN;

ALTER TABLE derived.hourly_figures
  ADD COLUMN history_point text NOT NULL GENERATED ALWAYS AS (
    derived.point_head(at, false)
    || ',"collateralValue":' || trim_scale(collateral_value)::text
    || ',"debt":' || trim_scale(debt)::text
    || ',"mintedCOIN":' || trim_scale(minted)::text
    || ',"coinTotalSupply":' || trim_scale(coin_supply)::text
    || ',"totalSupplyValue":' || trim_scale(supply_value)::text
    || ',"earnTvl":' || trim_scale(earn_tvl)::text
    || ',"earnApy":' || trim_scale(earn_apy)::text || '}') STORED;
COMMENT ON COLUMN derived.hourly_figures.history_point IS
  'The row as a point of 6.13''s items, the JSON object it is sent as (rendered on write)';
-- The daily points' index holds their kept text, so that a long window is an index-only scan
-- rather than a heap page read per day (the days are a day's rows apart in the heap).
DROP INDEX derived.hourly_figures_daily;
CREATE INDEX hourly_figures_daily ON derived.hourly_figures (chain, at) INCLUDE (taken_at, history_point)
  WHERE is_midnight;

CREATE OR REPLACE VIEW api.collateral_history AS
SELECT c.chain::text AS chain, w.name AS "interval", p.payload::json AS data, p.payload
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
 CROSS JOIN derived.history_window AS w
 CROSS JOIN LATERAL (
       SELECT '{"items":[' || concat_ws(',', (
          SELECT string_agg(h.history_point, ',' ORDER BY h.at)
            FROM derived.as_of AS a
           CROSS JOIN LATERAL (SELECT derived.window_since(a.taken_at, w.step, w.points)) AS s(since)
            -- the window's grid points strictly before the live point, the hourly and the daily
            -- ones apart, so that the daily ones come from their index
           CROSS JOIN LATERAL (
                  SELECT h.at, h.history_point FROM derived.hourly_figures AS h
                   WHERE w.step = interval '1 hour' AND h.chain = c.chain
                     AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                  UNION ALL
                  SELECT h.at, h.history_point FROM derived.hourly_figures AS h
                   WHERE w.step <> interval '1 hour' AND h.is_midnight AND h.chain = c.chain
                     AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                ) AS h),
          (SELECT json_build_object(  -- the live point, none before the chain's first snapshot
                    'statisticTime', derived.epoch_ms(a.taken_at), 'time', NULL,
                    'collateralValue', trim_scale(n.collateral_value), 'debt', trim_scale(n.debt),
                    'mintedCOIN', trim_scale(n.minted), 'coinTotalSupply', trim_scale(n.coin_supply),
                    'totalSupplyValue', trim_scale(n.supply_value), 'earnTvl', trim_scale(n.earn_tvl),
                    'earnApy', trim_scale(n.earn_apy))::text
             FROM derived.as_of AS a, derived.chain_figures_at('infinity') AS n
            WHERE n.chain = c.chain AND n.taken_at IS NOT NULL)) || ']}'
     ) AS p(payload);
COMMENT ON COLUMN api.collateral_history.payload IS 'data as text: the JSON the handlers and the publisher send';

-- A Vault's point holds the debt ceiling as configured now (the snapshots keep no history of it):
-- kept in two parts, the figures before it and after it.
ALTER TABLE derived.hourly_vault_figures
  ADD COLUMN history_point_head text NOT NULL GENERATED ALWAYS AS (
    derived.point_head(at, false)
    || ',"mintedCOIN":' || trim_scale(minted)::text
    || ',"debt":' || trim_scale(debt)::text
    || ',"lockedValue":' || trim_scale(locked_value)::text
    || ',"collateralRatio":' || trim_scale(collateral_ratio)::text || ',"line":') STORED,
  ADD COLUMN history_point_tail text NOT NULL GENERATED ALWAYS AS (
    ',"apy":' || coalesce(trim_scale(apy)::text, 'null') || '}') STORED;
COMMENT ON COLUMN derived.hourly_vault_figures.history_point_head IS
  'The row as a point of vault-history''s items, the JSON object it is sent as, up to the debt ceiling''s value';
COMMENT ON COLUMN derived.hourly_vault_figures.history_point_tail IS 'The same point after the debt ceiling''s value';
-- The daily points' index holds their kept text too, so that a long window stays an index-only scan.
DROP INDEX derived.hourly_vault_figures_daily;
CREATE INDEX hourly_vault_figures_daily ON derived.hourly_vault_figures (vault_id, at)
  INCLUDE (statistic_time, taken_at, minted, debt, locked_value, collateral_ratio, apy, history_point_head,
           history_point_tail)
  WHERE is_midnight;

CREATE OR REPLACE VIEW api.vault_history AS
SELECT v.chain::text AS chain, v.vault_type AS "vaultType", w.name AS "interval", p.payload::json AS data,
       p.payload
  FROM snapshot.vault AS v
 CROSS JOIN derived.history_window AS w
 CROSS JOIN derived.as_of AS a  -- read once for both the window and the live point
 -- the debt ceiling as the JSON string it is sent as
 CROSS JOIN LATERAL (SELECT to_json(trim_scale(v.debt_ceiling)::text)::text) AS l(line)
 CROSS JOIN LATERAL (
       SELECT '{"items":[' || concat_ws(',', (
          SELECT string_agg(h.history_point_head || l.line || h.history_point_tail, ',' ORDER BY h.at)
            FROM (SELECT derived.window_since(a.taken_at, w.step, w.points)) AS s(since)
            -- the window's grid points strictly before the live point, the hourly and the daily
            -- ones apart, so that the daily ones come from their index
           CROSS JOIN LATERAL (
                  SELECT h.at, h.history_point_head, h.history_point_tail FROM derived.hourly_vault_figures AS h
                   WHERE w.step = interval '1 hour' AND h.vault_id = v.vault_id
                     AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                  UNION ALL
                  SELECT h.at, h.history_point_head, h.history_point_tail FROM derived.hourly_vault_figures AS h
                   WHERE w.step <> interval '1 hour' AND h.is_midnight AND h.vault_id = v.vault_id
                     AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                ) AS h),
          (SELECT json_build_object(  -- the live point, none before the Vault's first state
                    'statisticTime', derived.epoch_ms(a.taken_at), 'time', NULL,
                    'mintedCOIN', trim_scale(n.minted), 'debt', trim_scale(n.debt),
                    'lockedValue', trim_scale(n.locked_value), 'collateralRatio', trim_scale(n.collateral_ratio),
                    'line', trim_scale(v.debt_ceiling)::text, 'apy', trim_scale(n.apy))::text
             FROM derived.vault_state_at('infinity') AS n
            WHERE n.vault_id = v.vault_id AND n.taken_at IS NOT NULL AND a.taken_at IS NOT NULL)) || ']}'
     ) AS p(payload);
COMMENT ON COLUMN api.vault_history.payload IS 'data as text: the JSON the handlers and the publisher send';

-- 6.8, its daily items already kept (derived.daily_apy), joined as text too: building its JSON
-- with json_agg, then row_to_json, read its 260 KB of items twice more (13 of its 17 ms at
-- three years of data).
CREATE OR REPLACE VIEW api.apy_overview AS
WITH now AS (  -- each chain's APY and Earn TVL now; the daily points are in derived.daily_apy
  SELECT chain, earn_apy, earn_tvl FROM derived.chain_state_at('infinity')
)
SELECT f."averageApy", f."currentApy", f.items::json AS items,
       '{"averageApy":' || coalesce(to_json(f."averageApy")::text, 'null')
       || ',"currentApy":' || coalesce(to_json(f."currentApy")::text, 'null')
       || ',"items":' || coalesce(f.items, 'null') || '}' AS payload
  FROM (SELECT (SELECT trim_scale(coalesce(average_apy, 0))::text
                  FROM derived.daily_apy WHERE chain IS NULL),
               (SELECT trim_scale(derived.cross_chain_apy(sum(earn_apy * earn_tvl), sum(earn_tvl),
                                                          sum(earn_apy), count(*)))::text
                  FROM now),
               (SELECT '[' || string_agg('{"chain":' || to_json(n.chain)::text
                                         || ',"currentApy":' || to_json(trim_scale(n.earn_apy)::text)::text
                                         || ',"averageApy":' || to_json(trim_scale(coalesce(d.average_apy, 0))::text)::text
                                         || ',"items":' || coalesce(d.items::text, '[]') || '}', ',' ORDER BY n.chain)
                       || ']'
                  FROM now AS n
                  JOIN derived.daily_apy AS d USING (chain))
       ) AS f("averageApy", "currentApy", items);
COMMENT ON COLUMN api.apy_overview.payload IS 'The row as JSON text: what the handlers and the publisher send';

COMMIT;
