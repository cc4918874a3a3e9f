-- Deploy coin_api:liquidation_parts to pg
-- 6.21 in the parts the publisher keeps between sets. Each Vault type's items are its window's
-- grid points, which do not change until the window moves on or a write reaches them, then its
-- live point, which moves with every snapshot of its chain; so its answer changed on every round
-- of its chain, and rendering it again cost the database some 4 ms a tron round at the
-- benchmark's scale (four windows of five Vault types, 460 KB). The view now gives it in parts
-- too: kept, each Vault type's grid points (a text[]), the same bytes while kept_key is, and live,
-- what comes before, between and after them (the head, each Vault type's sums over the window
-- and its live point), so that
--   payload = live[1] || kept[1] || live[2] || ... || kept[n] || live[n + 1]
-- for the n regular Vault types of the chain. The publisher holds each answer's kept parts in the
-- set it served and asks for live alone while kept_key stays (chain_rows_statement_of).
-- kept_key is the window and its first grid point, the chain, its regular Vault types, and the
-- generations of what the grid points are rendered from: derived.kept_generation's of the hourly
-- tables (their heads) and of the Barks and Clipper events (their figures), which this change
-- adds.

BEGIN;

ALTER TABLE derived.kept_generation ADD COLUMN liquidations bigint NOT NULL DEFAULT 0;
COMMENT ON COLUMN derived.kept_generation.liquidations IS
  'How many statements have written snapshot.bark or snapshot.clip_event: part of 6.21''s kept_key, so that '
  'a Bark or a take written (late, by a backfill, or again by a reorganisation) changes it';

-- The statement trigger of both: 'liquidations' as its argument moves that generation, none the
-- hourly tables'.
CREATE OR REPLACE FUNCTION derived.kept_points_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT FROM written) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_ARGV[0] = 'liquidations' THEN
    UPDATE derived.kept_generation SET liquidations = liquidations + 1;
  ELSE
    UPDATE derived.kept_generation SET generation = generation + 1;
  END IF;
  RETURN NULL;
END
$$;
COMMENT ON FUNCTION derived.kept_points_written() IS
  'Statement trigger of derived.hourly_figures, snapshot.bark and snapshot.clip_event: moves derived.kept_generation '
  '(its liquidations with the argument ''liquidations'') when rows were written';

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bark', 'clip_event'] LOOP
    EXECUTE format('CREATE TRIGGER kept_parts_inserted AFTER INSERT ON snapshot.%I REFERENCING NEW TABLE AS written
                    FOR EACH STATEMENT EXECUTE FUNCTION derived.kept_points_written(''liquidations'')', t);
    EXECUTE format('CREATE TRIGGER kept_parts_updated AFTER UPDATE ON snapshot.%I REFERENCING NEW TABLE AS written
                    FOR EACH STATEMENT EXECUTE FUNCTION derived.kept_points_written(''liquidations'')', t);
    EXECUTE format('CREATE TRIGGER kept_parts_deleted AFTER DELETE ON snapshot.%I REFERENCING OLD TABLE AS written
                    FOR EACH STATEMENT EXECUTE FUNCTION derived.kept_points_written(''liquidations'')', t);
    EXECUTE format('CREATE TRIGGER kept_parts_truncated AFTER TRUNCATE ON snapshot.%I
                    FOR EACH STATEMENT EXECUTE FUNCTION derived.kept_points_written(''liquidations'')', t);
  END LOOP;
END
$$;

-- Each regular Vault type of a chain with its liquidations at the points of a window where any
-- happened (liquidation_points), the live point's included. Inlined where it is called.
CREATE FUNCTION derived.liquidation_happened(chain snapshot.chain, step interval, points integer, as_of timestamptz)
RETURNS TABLE (vault_type text, at timestamptz, auctions bigint, collateral numeric, debt_covered numeric,
               bad_debt numeric)
LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT v.vault_type, p.at, p.auctions, p.collateral, p.debt_covered, p.bad_debt
    FROM snapshot.vault AS v
   CROSS JOIN LATERAL derived.liquidation_points(v.vault_id, step, points, as_of) AS p
   WHERE v.chain = liquidation_happened.chain AND v.collateral_type = 1;
END;
COMMENT ON FUNCTION derived.liquidation_happened(snapshot.chain, interval, integer, timestamptz) IS
  'A chain''s regular Vault types'' liquidations at each point of a window where any happened';

-- 6.21's kept parts of a chain and window: per regular Vault type, in vault_type order, its grid
-- points as the JSON text they are sent as, each followed by a comma (its live point follows);
-- none before the chain's first snapshot. A window's points are rendered once for every Vault
-- type where nothing happened in them (liquidations are rare), then again only for one where
-- something did. A grid point's head is the one its chain's kept point begins with
-- (kept_points), where the chain has one: rendering it (derived.point_head's epoch and UTC+8
-- text) cost 4-10 us a point; points before the chain's first snapshot are rendered.
-- PL/pgSQL, whose plan a session keeps (planned_figures).
CREATE FUNCTION derived.liquidation_kept(chain snapshot.chain, step interval, points integer, as_of timestamptz)
RETURNS text[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN (
    WITH kept AS (  -- the heads of the chain's kept points in the window, hourly or daily
      SELECT h.at, left(h.history_point, strpos(h.history_point, ',"collateralValue"') - 1) AS head
        FROM derived.hourly_figures AS h
       WHERE step = interval '1 hour' AND h.chain = liquidation_kept.chain
         AND h.at >= derived.window_since(as_of, step, points) AND h.at < as_of
      UNION ALL
      SELECT h.at, left(h.history_point, strpos(h.history_point, ',"collateralValue"') - 1)
        FROM derived.hourly_figures AS h
       WHERE step <> interval '1 hour' AND h.is_midnight AND h.chain = liquidation_kept.chain
         AND h.at >= derived.window_since(as_of, step, points) AND h.at < as_of
    ), grid AS (  -- the window's grid points, each as its head
      SELECT g.at, coalesce(k.head, derived.point_head(g.at, false)) AS head
        FROM generate_series(derived.window_since(as_of, step, points), as_of - interval '1 microsecond', step) AS g(at)
        LEFT JOIN kept AS k USING (at)
    ), idle AS (
      SELECT string_agg(g.head || derived.liquidation_fields(0, 0, 0, 0) || '},', '' ORDER BY g.at) AS items
        FROM grid AS g
    ), happened AS (
      SELECT * FROM derived.liquidation_happened(liquidation_kept.chain, step, points, as_of)
    ), busy AS (
      SELECT t.vault_type,
             string_agg(g.head || derived.liquidation_fields(coalesce(h.auctions, 0), coalesce(h.collateral, 0),
                                                             coalesce(h.debt_covered, 0), coalesce(h.bad_debt, 0)) || '},',
                        '' ORDER BY g.at) AS items
        FROM (SELECT DISTINCT vault_type FROM happened) AS t
       CROSS JOIN grid AS g
        LEFT JOIN happened AS h ON h.vault_type = t.vault_type AND h.at = g.at
       GROUP BY t.vault_type
    )
    SELECT coalesce(array_agg(coalesce(b.items, i.items) ORDER BY v.vault_type), '{}')
      FROM snapshot.vault AS v
     CROSS JOIN idle AS i
      LEFT JOIN busy AS b USING (vault_type)
     WHERE v.chain = liquidation_kept.chain AND v.collateral_type = 1 AND as_of IS NOT NULL);
END
$$;
COMMENT ON FUNCTION derived.liquidation_kept(snapshot.chain, interval, integer, timestamptz) IS
  '6.21''s kept parts of a chain and window: per regular Vault type its grid points, each followed by a comma';

-- 6.21's live parts of a chain and window, the n + 1 around liquidation_kept's n: `head`, then
-- per regular Vault type its vaultType and sums over the window (its live point's included),
-- opening its items; between two Vault types, and after the last, the live point and the close.
CREATE FUNCTION derived.liquidation_live(chain snapshot.chain, step interval, points integer, as_of timestamptz,
                                         head text)
RETURNS text[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN (
    WITH happened AS (
      SELECT * FROM derived.liquidation_happened(liquidation_live.chain, step, points, as_of)
    ), vault AS (
      SELECT row_number() OVER (ORDER BY v.vault_type) AS n,
             '{"vaultType":' || to_json(v.vault_type)::text
             || derived.liquidation_fields(coalesce(s.auctions, 0), coalesce(s.collateral, 0),
                                           coalesce(s.debt_covered, 0), coalesce(s.bad_debt, 0))
             || ',"items":[' AS opening,
             derived.point_head(as_of, true)
             || derived.liquidation_fields(coalesce(l.auctions, 0), coalesce(l.collateral, 0),
                                           coalesce(l.debt_covered, 0), coalesce(l.bad_debt, 0))
             || '}]}' AS closing
        FROM snapshot.vault AS v
        LEFT JOIN (SELECT h.vault_type, sum(h.auctions)::bigint AS auctions, sum(h.collateral) AS collateral,
                          sum(h.debt_covered) AS debt_covered, sum(h.bad_debt) AS bad_debt
                     FROM happened AS h GROUP BY h.vault_type) AS s USING (vault_type)
        LEFT JOIN (SELECT * FROM happened AS h WHERE h.at = as_of) AS l USING (vault_type)
       WHERE v.chain = liquidation_live.chain AND v.collateral_type = 1 AND as_of IS NOT NULL
    )
    SELECT array_agg(p.part ORDER BY p.n)
      FROM (SELECT 0 AS n, head || coalesce((SELECT o.opening FROM vault AS o WHERE o.n = 1), ']}') AS part
            UNION ALL
            SELECT c.n, c.closing || coalesce((SELECT ',' || o.opening FROM vault AS o WHERE o.n = c.n + 1), ']}')
              FROM vault AS c) AS p);
END
$$;
COMMENT ON FUNCTION derived.liquidation_live(snapshot.chain, interval, integer, timestamptz, text) IS
  '6.21''s live parts of a chain and window: head and each regular Vault type''s sums, then each one''s live point';

-- 6.21: per chain and window, each regular Vault type's liquidations over the window and at
-- each of its points; data, and the same JSON as text, payload, joined from its parts.
CREATE OR REPLACE VIEW api.liquidation_totals AS
SELECT c.chain::text AS chain, w.name AS "interval", p.payload::json AS data, p.payload, k.kept_key, k.kept, k.live
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
 -- each chain's windows in turn, the order the view gives its rows in (kept_points)
 CROSS JOIN LATERAL (SELECT * FROM derived.history_window WHERE c.chain IS NOT NULL OFFSET 0) AS w
 CROSS JOIN LATERAL (
       SELECT md5(format('%s %s %s %s %s %s', w.name, c.chain, g.generation, g.liquidations,
                         derived.epoch_ms(derived.window_since(a.taken_at, w.step, w.points)),
                         (SELECT string_agg(v.vault_type, ',' ORDER BY v.vault_type) FROM snapshot.vault AS v
                           WHERE v.chain = c.chain AND v.collateral_type = 1))) AS kept_key,
              derived.liquidation_kept(c.chain, w.step, w.points, a.taken_at) AS kept,
              derived.liquidation_live(c.chain, w.step, w.points, a.taken_at,
                                       '{"chain":' || to_json(c.chain)::text || ',"interval":' || to_json(w.name)::text
                                       || ',"vaults":[') AS live
         FROM derived.chain_clock AS a, derived.kept_generation AS g
        WHERE a.chain = c.chain
     ) AS k
 -- a LEFT JOIN of one row, left out of a statement that does not read payload or data
  LEFT JOIN LATERAL (
       SELECT string_agg(l.part || coalesce(d.part, ''), '' ORDER BY l.n)
         FROM unnest(k.live) WITH ORDINALITY AS l(part, n)
         LEFT JOIN unnest(k.kept) WITH ORDINALITY AS d(part, n) USING (n)
     ) AS p(payload) ON true;
COMMENT ON COLUMN api.liquidation_totals.kept_key IS 'Names kept''s bytes: the same key, the same kept';
COMMENT ON COLUMN api.liquidation_totals.kept IS 'Per regular Vault type, its grid points (each followed by a comma)';
COMMENT ON COLUMN api.liquidation_totals.live IS
  'What comes before, between and after kept''s parts: payload = live[1] || kept[1] || ... || kept[n] || live[n + 1]';

DROP FUNCTION derived.liquidation_vaults(snapshot.chain, interval, integer, timestamptz);

GRANT EXECUTE ON FUNCTION
  derived.liquidation_kept(snapshot.chain, interval, integer, timestamptz),
  derived.liquidation_live(snapshot.chain, interval, integer, timestamptz, text)
  TO coin_api;

COMMIT;
