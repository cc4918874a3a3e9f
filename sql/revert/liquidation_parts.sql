-- Revert coin_api:liquidation_parts from pg
-- 6.21 rendered whole again, as liquidations made it.

BEGIN;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bark', 'clip_event'] LOOP
    EXECUTE format('DROP TRIGGER kept_parts_inserted ON snapshot.%I', t);
    EXECUTE format('DROP TRIGGER kept_parts_updated ON snapshot.%I', t);
    EXECUTE format('DROP TRIGGER kept_parts_deleted ON snapshot.%I', t);
    EXECUTE format('DROP TRIGGER kept_parts_truncated ON snapshot.%I', t);
  END LOOP;
END
$$;
CREATE OR REPLACE FUNCTION derived.kept_points_written() RETURNS trigger
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

CREATE FUNCTION derived.liquidation_vaults(chain snapshot.chain, step interval, points integer, as_of timestamptz)
RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN (
    WITH kept AS (  -- the heads of the chain's kept points in the window, hourly or daily
      SELECT h.at, left(h.history_point, strpos(h.history_point, ',"collateralValue"') - 1) AS head
        FROM derived.hourly_figures AS h
       WHERE step = interval '1 hour' AND h.chain = liquidation_vaults.chain
         AND h.at >= derived.window_since(as_of, step, points) AND h.at < as_of
      UNION ALL
      SELECT h.at, left(h.history_point, strpos(h.history_point, ',"collateralValue"') - 1)
        FROM derived.hourly_figures AS h
       WHERE step <> interval '1 hour' AND h.is_midnight AND h.chain = liquidation_vaults.chain
         AND h.at >= derived.window_since(as_of, step, points) AND h.at < as_of
    ), grid AS (  -- the window's points, each as its head
      SELECT g.at, coalesce(k.head, derived.point_head(g.at, false)) AS head
        FROM generate_series(derived.window_since(as_of, step, points), as_of - interval '1 microsecond', step) AS g(at)
        LEFT JOIN kept AS k USING (at)
      UNION ALL
      SELECT as_of, derived.point_head(as_of, true)
    ), idle AS (
      SELECT string_agg(g.head || derived.liquidation_fields(0, 0, 0, 0) || '}', ',' ORDER BY g.at) AS items
        FROM grid AS g
    ), happened AS (
      SELECT v.vault_type, p.*
        FROM snapshot.vault AS v
       CROSS JOIN LATERAL derived.liquidation_points(v.vault_id, step, points, as_of) AS p
       WHERE v.chain = liquidation_vaults.chain AND v.collateral_type = 1
    ), busy AS (
      SELECT t.vault_type, sum(h.auctions)::bigint AS auctions, sum(h.collateral) AS collateral,
             sum(h.debt_covered) AS debt_covered, sum(h.bad_debt) AS bad_debt,
             string_agg(g.head || derived.liquidation_fields(coalesce(h.auctions, 0), coalesce(h.collateral, 0),
                                                             coalesce(h.debt_covered, 0), coalesce(h.bad_debt, 0)) || '}',
                        ',' ORDER BY g.at) AS items
        FROM (SELECT DISTINCT vault_type FROM happened) AS t
       CROSS JOIN grid AS g
        LEFT JOIN happened AS h ON h.vault_type = t.vault_type AND h.at = g.at
       GROUP BY t.vault_type
    )
    SELECT string_agg('{"vaultType":' || to_json(v.vault_type)::text
                      || derived.liquidation_fields(coalesce(b.auctions, 0), coalesce(b.collateral, 0),
                                                    coalesce(b.debt_covered, 0), coalesce(b.bad_debt, 0))
                      || ',"items":[' || coalesce(b.items, i.items) || ']}', ',' ORDER BY v.vault_type)
      FROM snapshot.vault AS v
     CROSS JOIN idle AS i
      LEFT JOIN busy AS b USING (vault_type)
     WHERE v.chain = liquidation_vaults.chain AND v.collateral_type = 1);
END
$$;
COMMENT ON FUNCTION derived.liquidation_vaults(snapshot.chain, interval, integer, timestamptz) IS
  '6.21''s vaults of a chain and window, as the JSON array''s members: per regular Vault type its sums and items';

DROP VIEW api.liquidation_totals;
CREATE VIEW api.liquidation_totals AS
SELECT c.chain::text AS chain, w.name AS "interval", p.payload::json AS data, p.payload
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
 CROSS JOIN derived.history_window AS w
 CROSS JOIN LATERAL (
       SELECT '{"chain":' || to_json(c.chain)::text || ',"interval":' || to_json(w.name)::text || ',"vaults":['
              || coalesce((SELECT derived.liquidation_vaults(c.chain, w.step, w.points, a.taken_at)
                             FROM derived.chain_clock AS a WHERE a.chain = c.chain), '')
              || ']}'
     ) AS p(payload);
COMMENT ON VIEW api.liquidation_totals IS
  '6.21 GET /api/v1/risk/liquidation-totals?chain=&interval=: one row per chain and interval';
COMMENT ON COLUMN api.liquidation_totals.chain IS 'The chain parameter: tron, eth or bsc';
COMMENT ON COLUMN api.liquidation_totals."interval" IS 'The interval parameter: WEEKLY, MONTHLY, BIANNUAL or ANNUAL';
COMMENT ON COLUMN api.liquidation_totals.data IS
  'The answer''s data: chain, interval, and per regular Vault type (vaults) its auctions started, '
  'collateral put up, COIN paid (debtCovered) and bad debt over the window, and the same per point '
  '(items): 6.13''s grid points, each counting what happened since the point before it, then the live point';
COMMENT ON COLUMN api.liquidation_totals.payload IS 'data as text: the JSON the handlers and the publisher send';

GRANT EXECUTE ON FUNCTION derived.liquidation_vaults(snapshot.chain, interval, integer, timestamptz) TO coin_api;

ALTER TABLE derived.kept_generation DROP COLUMN liquidations;

DROP FUNCTION derived.liquidation_live(snapshot.chain, interval, integer, timestamptz, text);
DROP FUNCTION derived.liquidation_kept(snapshot.chain, interval, integer, timestamptz);
DROP FUNCTION derived.liquidation_happened(snapshot.chain, interval, integer, timestamptz);

COMMIT;
