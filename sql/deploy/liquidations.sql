-- Deploy coin_api:liquidations to pg
-- What liquidations did (added to the spec, section 9):
--   6.20 api.liquidations(chain, vaultType, limit, cursor, from, to)  a chain's auctions, newest first
--   6.21 api.liquidation_totals                                      per Vault type, window and point
--   6.22 api.running_auctions                                        a chain's auctions still running
--
-- An auction is one Bark (snapshot.bark) and its Clipper's events (snapshot.clip_event, joined by
-- chain, clipper and sale_id). It ends at the first Yank, or at the first Take that leaves no lot
-- (every unit sold) or no tab (every COIN raised, the lot left given back to the urn):
--   covered    a Take left tab 0: the debt and the penalty raised;
--   uncovered  a Take left lot 0 and tab above 0: the collateral ran out first;
--   yanked     cancelled (by governance, or by Emergency Shutdown's End.snip, which gives the
--              collateral and the debt back to the urn);
--   running    not ended.
-- Its bad debt is the debt the Vow was given at the Bark (Vow.fess(due)) that the Takes did not
-- pay it back (Vat.move of owe to the Vow): max(0, due - sum(owe)) once ended, 0 for a yanked one
-- (its debt goes back to the urn), null while it runs. So an uncovered auction whose Takes paid
-- at least due (only the penalty short) leaves none, and a covered one never does (it raised
-- tab = due x chop). The keepers' incentives (Kick's and Redo's coin, which Vat.suck draws from
-- the Vow as sin) are a cost of their own, given beside it, not in it.

BEGIN;

-- Whether a Clipper event ends its auction (clip.sol's take removes the sale when lot or tab is
-- 0; yank removes it).
CREATE FUNCTION derived.ends_auction(kind text, lot numeric, tab numeric) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN kind = 'yank' OR (kind = 'take' AND (lot = 0 OR tab = 0));
COMMENT ON FUNCTION derived.ends_auction(text, numeric, numeric) IS
  'Whether a clip_event ends its auction: a yank, or a take that left no lot or no tab';

-- Every auction with its Clipper's events summed up (one index probe per auction: the lists
-- read a page of them, newest first, by the Bark's primary key or bark_by_vault).
CREATE VIEW derived.auction_figures AS
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
COMMENT ON VIEW derived.auction_figures IS
  'Each auction (a Bark and its Clipper''s events): what it put up and raised, its status, bad debt and end';

-- An auction as 6.20 and 6.22 give it: the Bark, the sums, each Take (the collateral it bought
-- is the lot before it less the lot after) and each Redo, both from one scan of its events, and,
-- while it runs, its newest getStatus. It reads the snapshot tables as their owner: 6.22's view
-- calls it as coin_api. No SET search_path: a SQL-standard body is bound when it is created, and
-- the setting would cost every item a save and restore.
CREATE FUNCTION derived.auction_item(f derived.auction_figures) RETURNS json
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
COMMENT ON FUNCTION derived.auction_item(derived.auction_figures) IS 'An auction''s item in 6.20 and 6.22';

-- 6.20: a page of a chain's auctions (of one regular Vault type, or of all: vault_type ''),
-- newest Bark first, those whose Bark is from from_ms to to_ms (epoch ms, both included; null:
-- open); page_size of them and the cursor of the next page (null on the last). Blocks order a
-- chain's Barks as time does, so the page is a seek on the Bark's (block_number, log_index): the
-- page's Barks are found first, from snapshot.bark alone, and only their figures computed
-- (each an aggregate of the auction's events). EXECUTE plans with the values, so that the
-- range's estimate is its own (an unknown one, or epoch_ms(block_time)'s, made the planner sort
-- every figure of the chain: 250 ms at 5,600 auctions; bench/LIQUIDATIONS.md).
CREATE FUNCTION api.liquidations(chain text, vault_type text, page_size integer, cursor text,
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
COMMENT ON FUNCTION api.liquidations(text, text, integer, text, bigint, bigint) IS
  '6.20 GET /api/v1/risk/liquidations: a page of a chain''s auctions, newest first, with the next page''s cursor';

-- The point of a window that an event at `at` counts in: each grid point `step` apart counts
-- what happened after the point before it, up to and at it; the live point (as_of) what
-- happened after the last grid point. The first grid point at or after a time t is
-- ceil((epoch(t) + 8 h) / step) x step - 8 h (utc8_floor(t - 1 us, step) + step), written in
-- immutable arithmetic only (the epoch of an interval, to_timestamp) so that the planner inlines
-- it: it runs once per Bark and Take of every window of 6.21, and through utc8_floor as
-- derived_figures made it (extract(epoch FROM timestamptz) is STABLE, so neither inlined;
-- planned_figures rewrites it) and timestamptz + interval (STABLE) a call cost about 70 us
-- (bench/LIQUIDATIONS.md).
CREATE FUNCTION derived.window_point(at timestamptz, step interval, as_of timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN ceil((extract(epoch FROM at - timestamptz '1970-01-01 00:00+00') + 28800) / extract(epoch FROM step))
                 < ceil((extract(epoch FROM as_of - timestamptz '1970-01-01 00:00+00') + 28800) / extract(epoch FROM step))
            THEN to_timestamp((ceil((extract(epoch FROM at - timestamptz '1970-01-01 00:00+00') + 28800)
                                    / extract(epoch FROM step)) * extract(epoch FROM step) - 28800)::float8)
            ELSE as_of END;
COMMENT ON FUNCTION derived.window_point(timestamptz, interval, timestamptz) IS
  'The point of a window (grid step, live point as_of) that counts an event at `at`: the first at or after it';

-- One Vault type's liquidations at the points of a window (history_window's step and points, as
-- 6.13's grid, then the live point as_of) where any happened: auctions started and the collateral
-- they put up, by their Bark; COIN paid, by each Take; bad debt, by the Take that ended an auction
-- uncovered. A point counts what happened after the point before it, so the window starts one
-- step before its first grid point. Only liquidation_vaults calls it, as the owner: no SECURITY
-- DEFINER, so that the planner inlines it there.
CREATE FUNCTION derived.liquidation_points(vault integer, step interval, points integer, as_of timestamptz)
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
COMMENT ON FUNCTION derived.liquidation_points(integer, interval, integer, timestamptz) IS
  'A Vault type''s auctions, collateral put up, COIN paid and bad debt at each point of a window where any happened';

-- The figures of 6.21's Vault type or point as the JSON text they are sent as, after its head.
CREATE FUNCTION derived.liquidation_fields(auctions bigint, collateral numeric, debt_covered numeric,
                                           bad_debt numeric) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ',"auctions":' || auctions::text || ',"collateral":' || trim_scale(collateral)::text
       || ',"debtCovered":' || trim_scale(debt_covered)::text || ',"badDebt":' || trim_scale(bad_debt)::text;
COMMENT ON FUNCTION derived.liquidation_fields(bigint, numeric, numeric, numeric) IS
  '6.21''s figures of a Vault type or a point, as the JSON members they are sent as';

-- 6.21's vaults of one chain and window, the JSON array's members as text: each regular Vault
-- type's liquidations over the window, then at each point (liquidation_points). A window's points
-- are rendered once for every Vault type (liquidations are rare: most have none in a window, and
-- share one text of idle points), then again only for a Vault type where something happened.
-- A grid point's head is the one its chain's kept point begins with (kept_points), where the
-- chain has one: rendering it (derived.point_head's epoch and UTC+8 text) cost 4-10 us a point,
-- two thirds of 6.21's time at three years of data; points before the chain's first snapshot
-- are rendered.
-- PL/pgSQL, whose plan a session keeps: a SQL function's body is planned again on every run of
-- the statement that calls it, three quarters of 6.21's time (53 ms against 13 for its 12 answers
-- at three years of data, each asked in a statement of its own).
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

-- 6.21: per chain and window, each regular Vault type's liquidations over the window and at
-- each of its points; data, and the same JSON as text, payload, as kept_points' histories give it.
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

-- 6.22: a chain's auctions still running, newest first, each with its newest getStatus.
CREATE VIEW api.running_auctions AS
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
COMMENT ON VIEW api.running_auctions IS '6.22 GET /api/v1/risk/auctions?chain=: one row per chain';
COMMENT ON COLUMN api.running_auctions.chain IS 'The chain parameter: tron, eth or bsc';
COMMENT ON COLUMN api.running_auctions.data IS
  'The answer''s data: chain, and items: its running auctions, newest first, as 6.20''s items with current '
  '(the newest Clipper.getStatus: price, collateral left, tab left, needsRedo)';

-- The reader calls the function that answers 6.20, and what api.liquidation_totals (6.21) and
-- api.running_auctions (6.22) call.
GRANT EXECUTE ON FUNCTION
  api.liquidations(text, text, integer, text, bigint, bigint),
  derived.ends_auction(text, numeric, numeric), derived.auction_item(derived.auction_figures),
  derived.liquidation_vaults(snapshot.chain, interval, integer, timestamptz)
  TO coin_api;

COMMIT;
