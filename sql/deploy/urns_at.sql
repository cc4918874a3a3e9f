-- Deploy coin_api:urns_at to pg
-- The urns and the auctions (6.16 to 6.22) as of a past time too (answer_time): what the
-- newest round at or before derived.answer_time() had written.
--   * An event (a Vat frob, fork or grab, a Bark, a Clipper's Kick, Take, Redo or Yank) had
--     been read if the round read its chain at or past its block: a round reads the events up to
--     the block it reads the chain at (its chain_state's block_number), or, a chain read at
--     latest (tron), up to its time (derived.read_then).
--   * An urn's ink and art then are its newest urn_state then (written per change), its last
--     change the newest event read then (derived.urn_then, which urn_figures now reads); cdp_id
--     and owner are the newest (dss-cdp-manager's owner is not kept per change).
--   * A Vault type's prices (and its liquidation ratio, as its state kept it), and a running
--     auction's getStatus, are their newest then.
-- Unbounded, every test on answer_time() is true or false before any row is read, and the
-- answers and their plans are as before.

BEGIN;

-- The bounded case, reading chain_state as its owner (a view calls read_then as the reader).
CREATE FUNCTION derived.read_by_round(chain snapshot.chain, block_number bigint, block_time timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
RETURN coalesce((SELECT CASE WHEN s.block_number IS NOT NULL THEN read_by_round.block_number <= s.block_number
                             ELSE read_by_round.block_time <= s.taken_at END
                   FROM snapshot.chain_state AS s
                  WHERE s.chain = read_by_round.chain AND s.taken_at <= derived.answer_time()
                  ORDER BY s.taken_at DESC
                  LIMIT 1), false);
COMMENT ON FUNCTION derived.read_by_round(snapshot.chain, bigint, timestamptz) IS
  'Whether an event of chain at that block had been read by the newest round at or before '
  'derived.answer_time(): at or before the block the round read the chain at (at latest: its time)';

-- Inlined where it is called (a function with a subquery never is): unbounded, a test of the
-- setting per event and no call.
CREATE FUNCTION derived.read_then(chain snapshot.chain, block_number bigint, block_time timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE
RETURN derived.answer_time() = 'infinity' OR derived.read_by_round(chain, block_number, block_time);
COMMENT ON FUNCTION derived.read_then(snapshot.chain, bigint, timestamptz) IS
  'Whether an event of chain at that block is in the answers: always unbounded, else read_by_round';

-- The urns as snapshot.urn held them then: itself, unbounded; else each urn's newest state then.
CREATE VIEW derived.urn_then AS
SELECT u.urn_id, u.vault_id, u.address, u.cdp_id, u.owner, u.ink, u.art, u.art_per_ink, u.changed_block, u.changed_time
  FROM snapshot.urn AS u
 WHERE derived.answer_time() = 'infinity'
UNION ALL
SELECT u.urn_id, u.vault_id, u.address, u.cdp_id, u.owner, s.ink, s.art,
       CASE WHEN s.ink > 0 THEN s.art / s.ink WHEN s.art > 0 THEN 'Infinity'::numeric ELSE 0 END,
       e.block_number, e.block_time
  FROM snapshot.urn AS u
  JOIN snapshot.vault AS v USING (vault_id)
 CROSS JOIN LATERAL (SELECT x.ink, x.art FROM snapshot.urn_state AS x
                      WHERE x.urn_id = u.urn_id AND x.taken_at <= derived.answer_time()
                      ORDER BY x.taken_at DESC
                      LIMIT 1) AS s
  LEFT JOIN LATERAL (SELECT x.block_number, x.block_time FROM snapshot.urn_event AS x
                      WHERE x.urn_id = u.urn_id AND derived.read_then(v.chain, x.block_number, x.block_time)
                      ORDER BY x.block_number DESC, x.log_index DESC
                      LIMIT 1) AS e ON true
 WHERE derived.answer_time() <> 'infinity';
COMMENT ON VIEW derived.urn_then IS
  'snapshot.urn as it stood at derived.answer_time(): ink and art its newest urn_state then, its last change '
  'the newest event read then; snapshot.urn itself, unbounded';

-- (bounded, mat as the Vault's state of that snapshot kept it: answer_time's configuration)
CREATE OR REPLACE VIEW derived.vault_price_now AS
SELECT v.vault_id, v.chain, v.vault_type,
       coalesce(CASE WHEN derived.answer_time() <> 'infinity'
                     THEN (SELECT s.min_collateral_ratio FROM snapshot.vault_state AS s
                            WHERE s.vault_id = v.vault_id AND s.taken_at = p.taken_at) END,
                v.min_collateral_ratio) AS mat,
       p.taken_at, p.rate, p.price, p.next_price, p.par,
       least(p.price, coalesce(p.next_price, p.price)) AS judged_price
  FROM snapshot.vault AS v
  CROSS JOIN LATERAL (SELECT q.taken_at, q.rate, q.price, q.next_price, q.par
                        FROM snapshot.vault_price AS q
                       WHERE q.vault_id = v.vault_id AND q.taken_at <= derived.answer_time()
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
  FROM derived.urn_then AS u
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
     AND u.address = CASE WHEN urn ~ '^0x[0-9A-Fa-f]{40}$' THEN lower(urn) ELSE urn END
     -- bounded: an urn read by then, by a state or an event
     AND (derived.answer_time() = 'infinity'
          OR EXISTS (SELECT FROM snapshot.urn_state AS s WHERE s.urn_id = u.urn_id AND s.taken_at <= derived.answer_time())
          OR EXISTS (SELECT FROM snapshot.urn_event AS e
                      WHERE e.urn_id = u.urn_id AND derived.read_then(chain::snapshot.chain, e.block_number, e.block_time)));
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
                       WHERE x.urn_id = asked.urn_id AND derived.read_then(chain::snapshot.chain, x.block_number, x.block_time)
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
        WHERE e.chain = b.chain AND e.clipper = b.clipper AND e.sale_id = b.sale_id
          AND derived.read_then(e.chain, e.block_number, e.block_time)) AS s
 WHERE derived.read_then(b.chain, b.block_number, b.block_time);

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
                          AND s.taken_at <= derived.answer_time()
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
                     AND x.kind <> 'yank' AND derived.read_then(x.chain, x.block_number, x.block_time)) AS t) AS e);

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
                          AND derived.read_then(b.chain, b.block_number, b.block_time)
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
       AND derived.read_then(b.chain, b.block_number, b.block_time)
     GROUP BY 1
  ), takes AS (
    SELECT derived.window_point(e.block_time, step, as_of) AS at, sum(e.owe) AS debt_covered,
           sum(CASE WHEN e.lot = 0 AND e.tab > 0
                    THEN greatest(0, b.due - (SELECT sum(x.owe) FROM snapshot.clip_event AS x
                                               WHERE x.chain = e.chain AND x.clipper = e.clipper
                                                 AND x.sale_id = e.sale_id AND x.kind = 'take'
                                                 AND derived.read_then(x.chain, x.block_number, x.block_time)))
                    ELSE 0 END) AS bad_debt
      FROM snapshot.bark AS b
      JOIN snapshot.clip_event AS e ON e.chain = b.chain AND e.clipper = b.clipper AND e.sale_id = b.sale_id, since
     WHERE b.vault_id = vault AND e.kind = 'take' AND e.block_time > since.start AND e.block_time <= as_of
       AND derived.read_then(e.chain, e.block_number, e.block_time)
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
                                         AND derived.ends_auction(e.kind, e.lot, e.tab)
                                         AND derived.read_then(e.chain, e.block_number, e.block_time)))) AS data
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain);

GRANT EXECUTE ON FUNCTION derived.read_then(snapshot.chain, bigint, timestamptz),
                          derived.read_by_round(snapshot.chain, bigint, timestamptz) TO coin_api;

COMMIT;
