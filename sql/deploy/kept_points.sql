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
-- JSON as text, which the handlers read (their x-endpoint's column): a cast to json checks every
-- byte of its text, some 8 ns a byte, a third of what an answer of these views cost, and a
-- payload built of kept text is JSON by construction (kept_points.test.sql).
--
-- And in two parts, payload = kept || live: kept, the window's kept points, which stay the same
-- bytes while kept_key does, and live, the live point, which moves with its chain's clock. The
-- publisher keeps each answer's kept part (in the set it published last) and asks for kept only
-- where kept_key is not one it holds: a set then costs a history its live point, not its
-- window, until the window moves on (a new grid point) or one of its rows is written again.
-- kept_key is the window and its first point, the chain or Vault, what the kept text holds of
-- the Vault (its debt ceiling) and whether a live point follows (the comma), and the generation
-- of the hourly tables, which every statement that writes their rows moves.

BEGIN;

CREATE TABLE derived.kept_generation (
  generation bigint NOT NULL,
  one        boolean NOT NULL DEFAULT true PRIMARY KEY CHECK (one)  -- a single row
);
INSERT INTO derived.kept_generation (generation) VALUES (0);
COMMENT ON TABLE derived.kept_generation IS
  'How many statements have written derived.hourly_figures (and so derived.hourly_vault_figures, '
  'which only its triggers write): part of each history''s kept_key, so that a kept point written '
  'again (a late row, a backfill, a reorganisation, a new hour) changes it';

-- A statement's rows arrive as the transition table `written`: a statement that wrote none (the
-- refresh's UPDATE and DELETE of every round, mostly) leaves the generation.
CREATE FUNCTION derived.kept_points_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE derived.kept_generation SET generation = generation + 1;
  ELSIF EXISTS (SELECT FROM written) THEN
    UPDATE derived.kept_generation SET generation = generation + 1;
  END IF;
  RETURN NULL;
END
$$;
COMMENT ON FUNCTION derived.kept_points_written() IS
  'Statement trigger of derived.hourly_figures: moves derived.kept_generation when rows were written';
CREATE TRIGGER kept_points_inserted AFTER INSERT ON derived.hourly_figures
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION derived.kept_points_written();
CREATE TRIGGER kept_points_updated AFTER UPDATE ON derived.hourly_figures
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION derived.kept_points_written();
CREATE TRIGGER kept_points_deleted AFTER DELETE ON derived.hourly_figures
  REFERENCING OLD TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION derived.kept_points_written();
CREATE TRIGGER kept_points_truncated AFTER TRUNCATE ON derived.hourly_figures
  FOR EACH STATEMENT EXECUTE FUNCTION derived.kept_points_written();

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
-- An index-only scan reads the heap for every row on a page the visibility map does not mark all
-- visible: each page this change rewrote, and each page a round wrote since the last vacuum.
-- autovacuum's default waits for a fifth of the table to change (weeks of rounds here), so the
-- histories' windows would read the heap row by row (6.21's heads of a year's window took 1.0 ms
-- rather than 0.6 at three years of data); a thousand rows written or changed is a day of rounds
-- or less.
ALTER TABLE derived.hourly_figures SET (
  autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000);

CREATE OR REPLACE VIEW api.collateral_history AS
SELECT chain, "interval", (kept || live)::json AS data, kept || live AS payload, kept_key, kept, live
  FROM (SELECT c.chain::text AS chain, w.name AS "interval",
               md5(format('%s %s %s %s %s', w.name, c.chain, g.generation, derived.epoch_ms(s.since),
                          n.chain IS NULL)) AS kept_key,
               (SELECT '{"items":[' || coalesce(string_agg(h.history_point, ',' ORDER BY h.at)
                                                || CASE WHEN n.chain IS NULL THEN '' ELSE ',' END, '')
                  -- the window's grid points strictly before the live point, the hourly and the
                  -- daily ones apart, so that the daily ones come from their index
                  FROM (SELECT h.at, h.history_point FROM derived.hourly_figures AS h
                         WHERE w.step = interval '1 hour' AND h.chain = c.chain
                           AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                        UNION ALL
                        SELECT h.at, h.history_point FROM derived.hourly_figures AS h
                         WHERE w.step <> interval '1 hour' AND h.is_midnight AND h.chain = c.chain
                           AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                       ) AS h) AS kept,
               CASE WHEN n.chain IS NULL THEN '' ELSE json_build_object(  -- the live point
                      'statisticTime', derived.epoch_ms(a.taken_at), 'time', NULL,
                      'collateralValue', trim_scale(n.collateral_value), 'debt', trim_scale(n.debt),
                      'mintedCOIN', trim_scale(n.minted), 'coinTotalSupply', trim_scale(n.coin_supply),
                      'totalSupplyValue', trim_scale(n.supply_value), 'earnTvl', trim_scale(n.earn_tvl),
                      'earnApy', trim_scale(n.earn_apy))::text END || ']}' AS live
          FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
         -- each chain's windows in turn, the order the view gives its rows in (the MCP
         -- resources list follows it): a subquery that names the chain comes after it
         CROSS JOIN LATERAL (SELECT * FROM derived.history_window WHERE c.chain IS NOT NULL OFFSET 0) AS w
         JOIN derived.chain_clock AS a ON a.chain = c.chain
         CROSS JOIN derived.kept_generation AS g
         CROSS JOIN LATERAL (SELECT derived.window_since(a.taken_at, w.step, w.points)) AS s(since)
          -- the chain now: none before its first snapshot, and then no live point
          LEFT JOIN derived.chain_figures_at('infinity') AS n ON n.chain = c.chain AND n.taken_at IS NOT NULL
       ) AS k;
COMMENT ON COLUMN api.collateral_history.payload IS 'data as text: the JSON the handlers send';
COMMENT ON COLUMN api.collateral_history.kept_key IS 'Names kept''s bytes: the same key, the same kept';
COMMENT ON COLUMN api.collateral_history.kept IS 'payload up to the live point: the window''s kept points';
COMMENT ON COLUMN api.collateral_history.live IS 'payload after kept: the live point, the end';

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
ALTER TABLE derived.hourly_vault_figures SET (  -- as derived.hourly_figures, above
  autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000);

CREATE OR REPLACE VIEW api.vault_history AS
SELECT chain, "vaultType", "interval", (kept || live)::json AS data, kept || live AS payload, kept_key, kept, live
  FROM (SELECT v.chain::text AS chain, v.vault_type AS "vaultType", w.name AS "interval",
               md5(format('%s %s %s %s %s %s', w.name, v.vault_id, g.generation, derived.epoch_ms(s.since),
                          l.line, n.vault_id IS NULL)) AS kept_key,
               (SELECT '{"items":[' || coalesce(string_agg(h.history_point_head || l.line || h.history_point_tail,
                                                           ',' ORDER BY h.at)
                                                || CASE WHEN n.vault_id IS NULL THEN '' ELSE ',' END, '')
                  -- the window's grid points strictly before the live point, the hourly and the
                  -- daily ones apart, so that the daily ones come from their index
                  FROM (SELECT h.at, h.history_point_head, h.history_point_tail FROM derived.hourly_vault_figures AS h
                         WHERE w.step = interval '1 hour' AND h.vault_id = v.vault_id
                           AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                        UNION ALL
                        SELECT h.at, h.history_point_head, h.history_point_tail FROM derived.hourly_vault_figures AS h
                         WHERE w.step <> interval '1 hour' AND h.is_midnight AND h.vault_id = v.vault_id
                           AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                       ) AS h) AS kept,
               CASE WHEN n.vault_id IS NULL THEN '' ELSE json_build_object(  -- the live point
                      'statisticTime', derived.epoch_ms(a.taken_at), 'time', NULL,
                      'mintedCOIN', trim_scale(n.minted), 'debt', trim_scale(n.debt),
                      'lockedValue', trim_scale(n.locked_value), 'collateralRatio', trim_scale(n.collateral_ratio),
                      'line', trim_scale(v.debt_ceiling)::text, 'apy', trim_scale(n.apy))::text END || ']}' AS live
          FROM snapshot.vault AS v
         CROSS JOIN derived.history_window AS w
         JOIN derived.chain_clock AS a ON a.chain = v.chain  -- read once for the window and the live point
         CROSS JOIN derived.kept_generation AS g
         -- the debt ceiling as the JSON string it is sent as
         CROSS JOIN LATERAL (SELECT to_json(trim_scale(v.debt_ceiling)::text)::text) AS l(line)
         CROSS JOIN LATERAL (SELECT derived.window_since(a.taken_at, w.step, w.points)) AS s(since)
          -- the Vault now: none before its first state, and then no live point
          LEFT JOIN derived.vault_state_at('infinity') AS n
                 ON n.vault_id = v.vault_id AND n.taken_at IS NOT NULL AND a.taken_at IS NOT NULL
       ) AS k;
COMMENT ON COLUMN api.vault_history.payload IS 'data as text: the JSON the handlers send';
COMMENT ON COLUMN api.vault_history.kept_key IS 'Names kept''s bytes: the same key, the same kept';
COMMENT ON COLUMN api.vault_history.kept IS 'payload up to the live point: the window''s kept points';
COMMENT ON COLUMN api.vault_history.live IS 'payload after kept: the live point, the end';

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
