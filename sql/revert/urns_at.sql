-- Revert coin_api:urns_at from pg
-- The urns' and auctions' views and functions unbounded again (urn_risk's and liquidations').

BEGIN;

CREATE OR REPLACE VIEW derived.vault_price_now AS
SELECT v.vault_id, v.chain, v.vault_type, v.min_collateral_ratio AS mat,
       p.taken_at, p.rate, p.price, p.next_price, p.par,
       least(p.price, coalesce(p.next_price, p.price)) AS judged_price
  FROM snapshot.vault AS v
  CROSS JOIN LATERAL (SELECT q.taken_at, q.rate, q.price, q.next_price, q.par
                        FROM snapshot.vault_price AS q
                       WHERE q.vault_id = v.vault_id
                       ORDER BY q.taken_at DESC
                       LIMIT 1) AS p
 WHERE v.collateral_type = 1;

CREATE OR REPLACE VIEW derived.urn_figures AS
SELECT u.urn_id, u.vault_id, n.chain, n.vault_type, u.address, u.cdp_id, u.owner, u.ink, u.art,
       u.art_per_ink, u.changed_block, u.changed_time, n.judged_price,
       u.art * n.rate AS debt,
       u.ink * n.price AS collateral_value,
       CASE WHEN u.art > 0 THEN round(round(u.ink * n.price, 40) / (u.art * n.rate * n.par), 18) END AS collateralization,
       CASE WHEN u.art > 0 AND u.ink > 0 THEN round(round(u.art * n.rate * n.mat * n.par, 40) / u.ink, 18) END
         AS liquidation_price,
       CASE WHEN u.art > 0 AND u.ink > 0 AND n.judged_price > 0
            THEN round(100 - round(100 * u.art * n.rate * n.mat * n.par, 40) / (u.ink * n.judged_price), 4) END
         AS liquidation_distance,
       derived.first_drop(u.art * n.rate * n.mat * n.par, n.judged_price * u.ink) AS first_drop
  FROM snapshot.urn AS u
  JOIN derived.vault_price_now AS n USING (vault_id)
 WHERE u.ink > 0 OR u.art > 0;

CREATE OR REPLACE FUNCTION api.urn_history(chain text, vault_type text, urn text, from_ms bigint, to_ms bigint)
RETURNS TABLE (data json)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  vault integer := derived.vault_named(chain, vault_type);
  asked snapshot.urn;
BEGIN
  SELECT u.* INTO asked
    FROM snapshot.urn AS u
   WHERE u.vault_id = vault
     AND u.address = CASE WHEN urn ~ '^0x[0-9A-Fa-f]{40}$' THEN lower(urn) ELSE urn END;
  IF asked.urn_id IS NULL THEN
    RAISE EXCEPTION 'Invalid urn.' USING ERRCODE = 'CA002';
  END IF;
  RETURN QUERY SELECT json_build_object(
    'chain', chain, 'vaultType', vault_type, 'urn', asked.address, 'cdpId', asked.cdp_id, 'owner', asked.owner,
    'items', (SELECT coalesce(json_agg(json_build_object(
                       'statisticTime', derived.epoch_ms(e.block_time), 'time', derived.utc8_text(e.block_time),
                       'block', e.block_number, 'transaction', e.tx_hash, 'kind', e.kind,
                       'dink', trim_scale(e.dink), 'dart', trim_scale(e.dart),
                       'collateral', trim_scale(e.ink), 'debt', trim_scale(e.art * p.rate),
                       'collateralization', CASE WHEN e.art > 0
                                                 THEN trim_scale(round(round(e.ink * p.price, 40) / (e.art * p.rate * p.par), 18)) END,
                       'price', trim_scale(p.price))
                     ORDER BY e.block_number, e.log_index), '[]')
                FROM (SELECT x.*, sum(x.dink) OVER w AS ink, sum(x.dart) OVER w AS art
                        FROM snapshot.urn_event AS x
                       WHERE x.urn_id = asked.urn_id
                      WINDOW w AS (ORDER BY x.block_number, x.log_index)) AS e
                LEFT JOIN LATERAL (SELECT q.rate, q.price, q.par
                                     FROM snapshot.vault_price AS q
                                    WHERE q.vault_id = vault AND q.taken_at <= e.block_time
                                    ORDER BY q.taken_at DESC
                                    LIMIT 1) AS p ON true
               WHERE derived.epoch_ms(e.block_time) BETWEEN coalesce(from_ms, -9223372036854775808)
                                                        AND coalesce(to_ms, 9223372036854775807)));
END
$$;

CREATE OR REPLACE VIEW derived.auction_figures AS
SELECT b.chain, b.vault_id, v.vault_type, b.clipper, b.sale_id, b.urn, b.block_number, b.log_index,
       b.block_time, b.tx_hash, b.collateral, b.due, s.tab, s.start_price, s.incentives, s.debt_covered,
       b.collateral - coalesce(s.lot_left, b.collateral) AS collateral_sold,
       CASE WHEN (s.ended).kind IS NULL THEN 'running'
            WHEN (s.ended).kind = 'yank' THEN 'yanked'
            WHEN (s.ended).tab = 0 THEN 'covered'
            ELSE 'uncovered' END AS status,
       CASE WHEN (s.ended).kind = 'take' AND (s.ended).tab = 0 THEN (s.ended).lot ELSE 0 END AS collateral_returned,
       CASE WHEN (s.ended).kind = 'take' THEN greatest(0, b.due - s.debt_covered)
            WHEN (s.ended).kind = 'yank' THEN 0 END AS bad_debt,
       (s.ended).block_number AS end_block, (s.ended).block_time AS end_time, (s.ended).tx_hash AS end_tx
  FROM snapshot.bark AS b
  JOIN snapshot.vault AS v USING (vault_id)
 CROSS JOIN LATERAL (
       SELECT coalesce(sum(e.owe), 0) AS debt_covered,
              coalesce(sum(e.incentive), 0) AS incentives,
              (array_agg(e.tab ORDER BY e.block_number, e.log_index) FILTER (WHERE e.kind = 'kick'))[1] AS tab,
              (array_agg(e.price ORDER BY e.block_number, e.log_index) FILTER (WHERE e.kind = 'kick'))[1] AS start_price,
              (array_agg(e.lot ORDER BY e.block_number DESC, e.log_index DESC) FILTER (WHERE e.kind = 'take'))[1]
                AS lot_left,
              (array_agg(e ORDER BY e.block_number, e.log_index)
                 FILTER (WHERE derived.ends_auction(e.kind, e.lot, e.tab)))[1] AS ended
         FROM snapshot.clip_event AS e
        WHERE e.chain = b.chain AND e.clipper = b.clipper AND e.sale_id = b.sale_id) AS s;

CREATE OR REPLACE FUNCTION derived.auction_item(f derived.auction_figures) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE SECURITY DEFINER
RETURN (
  SELECT json_build_object(
           'vaultType', f.vault_type, 'clipper', f.clipper, 'id', f.sale_id, 'urn', f.urn, 'status', f.status,
           'statisticTime', derived.epoch_ms(f.block_time), 'time', derived.utc8_text(f.block_time),
           'block', f.block_number, 'transaction', f.tx_hash,
           'collateral', trim_scale(f.collateral), 'debt', trim_scale(f.due), 'tab', trim_scale(f.tab),
           'startPrice', trim_scale(f.start_price), 'collateralSold', trim_scale(f.collateral_sold),
           'debtCovered', trim_scale(f.debt_covered), 'collateralReturned', trim_scale(f.collateral_returned),
           'badDebt', trim_scale(f.bad_debt), 'keeperIncentives', trim_scale(f.incentives),
           'endTime', derived.utc8_text(f.end_time), 'endBlock', f.end_block, 'endTransaction', f.end_tx,
           'takes', coalesce(e.takes, '[]'), 'resets', coalesce(e.resets, '[]'),
           'current', (SELECT json_build_object('time', derived.utc8_text(s.taken_at), 'price', trim_scale(s.price),
                                                'collateral', trim_scale(s.lot), 'tab', trim_scale(s.tab),
                                                'needsRedo', s.needs_redo)
                         FROM snapshot.auction_status AS s
                        WHERE f.status = 'running'
                          AND s.chain = f.chain AND s.clipper = f.clipper AND s.sale_id = f.sale_id
                        ORDER BY s.taken_at DESC
                        LIMIT 1))
    FROM (SELECT json_agg(json_build_object(
                   'time', derived.utc8_text(t.block_time), 'block', t.block_number, 'transaction', t.tx_hash,
                   'collateral', trim_scale(t.lot_before - t.lot), 'price', trim_scale(t.price),
                   'maxPrice', trim_scale(t.max_price), 'debtCovered', trim_scale(t.owe),
                   'tabLeft', trim_scale(t.tab), 'collateralLeft', trim_scale(t.lot))
                 ORDER BY t.block_number, t.log_index) FILTER (WHERE t.kind = 'take') AS takes,
                 json_agg(json_build_object(
                   'time', derived.utc8_text(t.block_time), 'block', t.block_number, 'transaction', t.tx_hash,
                   'startPrice', trim_scale(t.price), 'keeper', t.keeper, 'incentive', trim_scale(t.incentive))
                 ORDER BY t.block_number, t.log_index) FILTER (WHERE t.kind = 'redo') AS resets
            FROM (SELECT x.*, coalesce(lag(x.lot) OVER (ORDER BY x.block_number, x.log_index), f.collateral) AS lot_before
                    FROM snapshot.clip_event AS x
                   WHERE x.chain = f.chain AND x.clipper = f.clipper AND x.sale_id = f.sale_id
                     AND x.kind <> 'yank') AS t) AS e);

CREATE OR REPLACE FUNCTION api.liquidations(chain text, vault_type text, page_size integer, cursor text,
                                 from_ms bigint, to_ms bigint)
RETURNS TABLE (data json)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  vault integer := CASE WHEN vault_type <> '' THEN derived.vault_named(chain, vault_type) END;
  list text := 'liquidations-' || chain;
  after_block bigint;
  after_log bigint;
  -- epoch_ms(block_time) from from_ms to to_ms: block_time from from_ms's instant, before the
  -- millisecond after to_ms's; open at null or at bigint's ends (the handlers' open bounds)
  from_time timestamptz := CASE WHEN from_ms > -9223372036854775808
                                THEN to_timestamp(0) + from_ms * interval '1 millisecond' ELSE '-infinity' END;
  to_time timestamptz := CASE WHEN to_ms < 9223372036854775807
                              THEN to_timestamp(0) + (to_ms + 1) * interval '1 millisecond' ELSE 'infinity' END;
  page json;
  next_cursor text;
BEGIN
  IF cursor <> '' THEN
    SELECT p.key, p.id INTO after_block, after_log
      FROM derived.page_cursor_position(cursor, list, coalesce(vault, 0)) AS p;
  END IF;
  -- One more than the page: whether there is a next one.
  EXECUTE
    $q$SELECT json_agg(derived.auction_item(p.f) ORDER BY p.n) FILTER (WHERE p.n <= $4),
              max(derived.page_cursor($5, coalesce($2, 0), (p.f).block_number, (p.f).log_index))
                FILTER (WHERE p.n = $4 AND p.total > $4)
         FROM (SELECT f, row_number() OVER (ORDER BY f.block_number DESC, f.log_index DESC) AS n,
                      count(*) OVER () AS total
                 FROM (SELECT b.chain, b.block_number, b.log_index
                         FROM snapshot.bark AS b
                        WHERE b.chain = $1::snapshot.chain
                          AND ($2 IS NULL OR b.vault_id = $2)
                          AND ($3 IS NULL OR (b.block_number, b.log_index) < ($3, $6))
                          AND b.block_time >= $7 AND b.block_time < $8
                        ORDER BY b.block_number DESC, b.log_index DESC
                        LIMIT $4 + 1) AS k
                 JOIN derived.auction_figures AS f USING (chain, block_number, log_index)) AS p$q$
    INTO page, next_cursor USING chain, vault, after_block, page_size, list, after_log, from_time, to_time;
  RETURN QUERY SELECT json_build_object('chain', liquidations.chain,
                                         'vaultType', nullif(liquidations.vault_type, ''),
                                         'items', coalesce(page, '[]'), 'nextCursor', next_cursor);
END
$$;

CREATE OR REPLACE FUNCTION derived.liquidation_points(vault integer, step interval, points integer, as_of timestamptz)
RETURNS TABLE (at timestamptz, auctions bigint, collateral numeric, debt_covered numeric, bad_debt numeric)
LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
  WITH since AS (
    SELECT derived.window_since(as_of, step, points) - step AS start
  ), barks AS (
    SELECT derived.window_point(b.block_time, step, as_of) AS at, count(*) AS auctions, sum(b.collateral) AS collateral
      FROM snapshot.bark AS b, since
     WHERE b.vault_id = vault AND b.block_time > since.start AND b.block_time <= as_of
     GROUP BY 1
  ), takes AS (
    SELECT derived.window_point(e.block_time, step, as_of) AS at, sum(e.owe) AS debt_covered,
           sum(CASE WHEN e.lot = 0 AND e.tab > 0
                    THEN greatest(0, b.due - (SELECT sum(x.owe) FROM snapshot.clip_event AS x
                                               WHERE x.chain = e.chain AND x.clipper = e.clipper
                                                 AND x.sale_id = e.sale_id AND x.kind = 'take'))
                    ELSE 0 END) AS bad_debt
      FROM snapshot.bark AS b
      JOIN snapshot.clip_event AS e ON e.chain = b.chain AND e.clipper = b.clipper AND e.sale_id = b.sale_id, since
     WHERE b.vault_id = vault AND e.kind = 'take' AND e.block_time > since.start AND e.block_time <= as_of
     GROUP BY 1
  )
  SELECT coalesce(b.at, t.at), coalesce(b.auctions, 0), coalesce(b.collateral, 0), coalesce(t.debt_covered, 0),
         coalesce(t.bad_debt, 0)
    FROM barks AS b
    FULL JOIN takes AS t ON t.at = b.at;
END;

CREATE OR REPLACE VIEW api.running_auctions AS
SELECT c.chain::text AS chain,
       json_build_object(
         'chain', c.chain,
         'items', (SELECT coalesce(json_agg(derived.auction_item(f) ORDER BY f.block_number DESC, f.log_index DESC), '[]')
                     FROM derived.auction_figures AS f
                    WHERE f.chain = c.chain
                      -- found before the figures are: an auction with no event that ended it
                      AND NOT EXISTS (SELECT FROM snapshot.clip_event AS e
                                       WHERE e.chain = f.chain AND e.clipper = f.clipper AND e.sale_id = f.sale_id
                                         AND derived.ends_auction(e.kind, e.lot, e.tab)))) AS data
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain);

DROP VIEW derived.urn_then;
DROP FUNCTION derived.read_then(snapshot.chain, bigint, timestamptz);
DROP FUNCTION derived.read_by_round(snapshot.chain, bigint, timestamptz);

COMMIT;
