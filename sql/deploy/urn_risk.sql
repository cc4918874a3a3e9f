-- Deploy coin_api:urn_risk to pg
-- Risk per urn (added to the spec, section 9):
--   6.16 api.urns(chain, vaultType, sort, limit, cursor)   one Vault type's open urns, a page
--   6.17 api.vaults_at_risk(chain, within)                  the urns near liquidation, per chain
--   6.18 api.liquidation_curve                              debt liquidatable at each price drop
--   6.19 api.urn_history(chain, vaultType, urn)             one urn's events
--
-- Every figure is judged as the Vat judges it, at the Vault type's newest price (vault_price):
-- an urn is unsafe when ink x spot < art x rate, spot being price / (par x mat), so its
-- liquidation price is art x rate x mat x par / ink. The at-risk list and the curve judge it
-- against the lower of the current price and the OSM's next one, which the Vat takes within the
-- hour: the judged price J. An urn is at risk within w % when a price w % below J is at or below
-- its liquidation price; the smallest such whole w is its first drop (derived.first_drop),
-- worked out in exact products, so that an urn exactly on a boundary falls on the side it is on.
--
-- The functions check what only the data can (a Vault type, an urn, a cursor) and refuse a value
-- with SQLSTATE CA002 and the spec's message, which the handlers send as code 10002
-- (shared/database.hpp). They read the snapshot tables as their owner (SECURITY DEFINER):
-- coin_api has no USAGE on snapshot or derived.

BEGIN;

-- The smallest whole per cent d from 0 to 90 such that a price (100 - d) % of J makes the urn
-- liquidatable, as the Vat has it (unsafe: ink x spot < art x rate, strictly): 100 x owed >
-- (100 - d) x backing, where owed is art x rate x mat x par and backing J x ink. Null when it
-- owes nothing, or stays safe through a 90 % fall; 0 when it owes with nothing behind it. The
-- division finds where to look, and may round either way: the answer is there or beside it,
-- checked in products. PL/pgSQL: computed once per urn, twice as fast as a SQL function the
-- planner cannot inline (its arguments are used more than once).
CREATE FUNCTION derived.first_drop(owed numeric, backing numeric) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  near integer;
BEGIN
  IF owed <= 0 THEN
    RETURN NULL;
  ELSIF backing <= 0 THEN
    RETURN 0;
  END IF;
  near := greatest(0, least(91, ceil(100 - 100 * owed / backing)));
  IF near > 0 AND 100 * owed > (101 - near) * backing THEN
    near := near - 1;
  ELSIF NOT 100 * owed > (100 - near) * backing THEN
    near := near + 1;
  END IF;
  RETURN nullif(least(near, 91), 91);
END
$$;
COMMENT ON FUNCTION derived.first_drop(numeric, numeric) IS
  'The smallest whole % fall (0 to 90) of the judged price at which an urn owing owed '
  '(art x rate x mat x par) against backing (judged price x ink) is liquidatable; null: none or no debt';

-- Each regular Vault type's newest price, and its judged price. PSM and allocator Vault types
-- are left out: their urns are the protocol's own, never auctioned.
CREATE VIEW derived.vault_price_now AS
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
COMMENT ON VIEW derived.vault_price_now IS
  'Each regular Vault type''s newest vault_price, with mat and the judged price: the lower of price and next_price';

-- Every open urn (ink or art above 0) valued at its Vault type's newest price. A quotient is
-- rounded to 18 decimals (4 for a distance in %) from a dividend given 40, as numeric division
-- alone keeps as few as 16.
CREATE VIEW derived.urn_figures AS
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
COMMENT ON VIEW derived.urn_figures IS
  'Each open urn at its Vault type''s newest price: debt, collateral value, collateralization, '
  'liquidation price, its distance below the judged price in % and its first drop';

-- An urn as the lists show it (6.16, 6.17).
CREATE FUNCTION derived.urn_item(f derived.urn_figures) RETURNS json
LANGUAGE sql STABLE PARALLEL SAFE
RETURN json_build_object(
  'vaultType', f.vault_type, 'urn', f.address, 'cdpId', f.cdp_id, 'owner', f.owner,
  'collateral', trim_scale(f.ink), 'collateralValue', trim_scale(f.collateral_value),
  'debt', trim_scale(f.debt), 'collateralization', trim_scale(f.collateralization),
  'liquidationPrice', trim_scale(f.liquidation_price),
  'liquidationDistance', trim_scale(f.liquidation_distance), 'liquidationDrop', f.first_drop,
  'changedBlock', f.changed_block, 'changedTime', derived.utc8_text(f.changed_time));
COMMENT ON FUNCTION derived.urn_item(derived.urn_figures) IS 'An urn''s item in 6.16 and 6.17';

-- A Vault type's prices, as 6.16 to 6.18 give them (nulls before its first price).
CREATE FUNCTION derived.prices_of(price numeric, next_price numeric, judged_price numeric) RETURNS json
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN json_build_object('price', trim_scale(price), 'nextPrice', trim_scale(next_price),
                         'judgedPrice', trim_scale(judged_price));
COMMENT ON FUNCTION derived.prices_of(numeric, numeric, numeric) IS
  'A Vault type''s price, next price (null without an OSM) and judged price, as a JSON object';

-- The regular Vault type `vault_type` of `chain`; refused (CA002) when it has none of that name.
CREATE FUNCTION derived.vault_named(chain text, vault_type text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  found integer;
BEGIN
  SELECT v.vault_id INTO found
    FROM snapshot.vault AS v
   WHERE v.chain::text = $1 AND v.vault_type = $2 AND v.collateral_type = 1;
  IF found IS NULL THEN
    RAISE EXCEPTION 'Invalid vaultType.' USING ERRCODE = 'CA002';
  END IF;
  RETURN found;
END
$$;
COMMENT ON FUNCTION derived.vault_named(text, text) IS
  'The vault_id of a chain''s regular Vault type; SQLSTATE CA002 "Invalid vaultType." when it has none';

-- A page's cursor (6.16, and 6.20 of auction_risk): where a page ended, as hex of
-- "<list>:<scope>:<key>:<id>:<check>" (list: which list and order, scope: the Vault or chain it
-- lists, key and id: the last item's sort key and its tie-breaker), the check the first 12 hex
-- digits of the rest's MD5, so that a cursor edited by hand, cut, or made for another list is
-- refused rather than read as another position.
CREATE FUNCTION derived.page_cursor(list text, scope integer, key numeric, id bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN encode(convert_to(concat_ws(':', list, scope, key, id,
                                   left(md5(concat_ws(':', list, scope, key, id)), 12)), 'UTF8'), 'hex');
COMMENT ON FUNCTION derived.page_cursor(text, integer, numeric, bigint) IS
  'The opaque cursor of a page after an item: its list, scope, sort key and id, with a check';

-- The key and id a cursor names; refused (CA002) unless it is one page_cursor made for this
-- list and scope.
CREATE FUNCTION derived.page_cursor_position(cursor text, list text, scope integer,
                                             OUT key numeric, OUT id bigint)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  parts text[];
BEGIN
  BEGIN
    parts := string_to_array(convert_from(decode(cursor, 'hex'), 'UTF8'), ':');
    IF cardinality(parts) = 5 AND parts[1] = list AND parts[2] = scope::text
       AND parts[5] = left(md5(array_to_string(parts[1:4], ':')), 12) THEN
      key := parts[3]::numeric;
      id := parts[4]::bigint;
      RETURN;
    END IF;
  EXCEPTION WHEN others THEN  -- not hex, not UTF-8, not a number: not a cursor
    NULL;
  END;
  RAISE EXCEPTION 'Invalid cursor.' USING ERRCODE = 'CA002';
END
$$;
COMMENT ON FUNCTION derived.page_cursor_position(text, text, integer) IS
  'The sort key and id of a page''s cursor; SQLSTATE CA002 "Invalid cursor." for any other text';

-- 6.16: a page of a Vault type's open urns, riskiest first (collateralization ascending, which
-- is liquidation price descending: both are art / ink within a Vault type) or largest debt
-- first, ties by urn_id; page_size of them, and the cursor of the next page (null on the last).
CREATE FUNCTION api.urns(chain text, vault_type text, sort text, page_size integer, cursor text)
RETURNS TABLE (data json)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  vault integer := derived.vault_named(chain, vault_type);
  key_column text := CASE sort WHEN 'debt' THEN 'art' ELSE 'art_per_ink' END;
  after_key numeric;
  after_urn bigint;
  page json;
  next_cursor text;
BEGIN
  IF cursor <> '' THEN
    SELECT p.key, p.id INTO after_key, after_urn FROM derived.page_cursor_position(cursor, sort, vault) AS p;
  END IF;
  -- One more than the page: whether there is a next one. The key column orders an index
  -- (urn_by_risk, urn_by_debt).
  EXECUTE format(
    $q$SELECT json_agg(derived.urn_item(p.u) ORDER BY p.n) FILTER (WHERE p.n <= $4),
              max(derived.page_cursor($5, $1, (p.u).%1$I, (p.u).urn_id)) FILTER (WHERE p.n = $4 AND p.total > $4)
         FROM (SELECT s.u, row_number() OVER (ORDER BY (s.u).%1$I DESC, (s.u).urn_id) AS n, count(*) OVER () AS total
                 FROM (SELECT u
                         FROM derived.urn_figures AS u
                        WHERE u.vault_id = $1
                          -- the bound the index seeks to (EXECUTE plans with the values); the
                          -- other test sorts out the ties
                          AND ($2 IS NULL OR u.%1$I <= $2)
                          AND ($2 IS NULL OR u.%1$I < $2 OR (u.%1$I = $2 AND u.urn_id > $3))
                        ORDER BY u.%1$I DESC, u.urn_id
                        LIMIT $4 + 1) AS s) AS p$q$, key_column)
    INTO page, next_cursor USING vault, after_key, after_urn, page_size, sort;
  RETURN QUERY SELECT json_build_object('chain', urns.chain, 'vaultType', urns.vault_type,
                                         'prices', derived.prices_of(n.price, n.next_price, n.judged_price),
                                         'sort', urns.sort, 'items', coalesce(page, '[]'), 'nextCursor', next_cursor)
                 FROM (SELECT) AS one
                 LEFT JOIN derived.vault_price_now AS n ON n.vault_id = vault;
END
$$;
COMMENT ON FUNCTION api.urns(text, text, text, integer, text) IS
  '6.16 GET /api/v1/risk/urns: a page of a regular Vault type''s open urns, by risk or debt, with the next page''s cursor';

-- 6.17: every urn of the chain at risk within `within` % (its first drop at most that), nearest
-- to liquidation first (ties: larger debt first, then urn_id), at most 1000; and per regular
-- Vault type with a price, its urns liquidatable now and at risk, all counted. PL/pgSQL, whose
-- plan a session keeps: a SQL function's body is planned again on every call (as one, 1.3 ms of
-- a call at the benchmark's scale, for a chain without an urn, against 0.2).
CREATE FUNCTION api.vaults_at_risk(chain text, within integer) RETURNS TABLE (data json)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  RETURN QUERY
  WITH at_risk AS (
    SELECT f
      FROM derived.vault_price_now AS n
      JOIN derived.urn_figures AS f ON f.vault_id = n.vault_id
     WHERE n.chain::text = vaults_at_risk.chain
       -- what the index can find: art / ink no lower than at the price `within` % down (a
       -- hair lower, for the division's rounding); first_drop decides
       AND f.art_per_ink >= n.judged_price * (100 - vaults_at_risk.within)
                            / nullif(100 * n.rate * n.mat * n.par, 0) * 0.999999999999
       AND f.first_drop <= vaults_at_risk.within
  )
  SELECT json_build_object(
    'chain', vaults_at_risk.chain, 'within', vaults_at_risk.within,
    'vaults', (SELECT coalesce(json_agg(json_build_object(
                        'vaultType', t.vault_type, 'prices', t.prices,
                        'liquidatableUrns', t.liquidatable_urns, 'liquidatableDebt', t.liquidatable_debt,
                        'atRiskUrns', t.urns, 'atRiskDebt', t.debt, 'atRiskCollateralValue', t.collateral_value)
                      ORDER BY t.vault_type), '[]')
                 FROM (SELECT n.vault_type, derived.prices_of(n.price, n.next_price, n.judged_price) AS prices,
                              count(r.f) FILTER (WHERE (r.f).first_drop = 0) AS liquidatable_urns,
                              coalesce(trim_scale(sum((r.f).debt) FILTER (WHERE (r.f).first_drop = 0)), 0)
                                AS liquidatable_debt,
                              count(r.f) AS urns, coalesce(trim_scale(sum((r.f).debt)), 0) AS debt,
                              coalesce(trim_scale(sum((r.f).collateral_value)), 0) AS collateral_value
                         FROM derived.vault_price_now AS n
                         LEFT JOIN at_risk AS r ON (r.f).vault_id = n.vault_id
                        WHERE n.chain::text = vaults_at_risk.chain
                        GROUP BY n.vault_id, n.vault_type, n.price, n.next_price, n.judged_price) AS t),
    'items', (SELECT coalesce(json_agg(derived.urn_item(t.f) ORDER BY t.n), '[]')
                FROM (SELECT r.f, row_number() OVER (ORDER BY (r.f).liquidation_distance NULLS FIRST, (r.f).debt DESC,
                                                              (r.f).urn_id) AS n
                        FROM at_risk AS r
                       ORDER BY 2
                       LIMIT 1000) AS t));
END
$$;
COMMENT ON FUNCTION api.vaults_at_risk(text, integer) IS
  '6.17 GET /api/v1/risk/vaults-at-risk: a chain''s urns at risk within a % fall of the judged price, and totals per Vault type';

-- 6.18: per regular Vault type with a price, the urns and debt liquidatable at each whole per
-- cent fall of the judged price from 0 to 90 (each point counts those of the points before).
CREATE VIEW api.liquidation_curve AS
SELECT n.chain::text AS chain, n.vault_type AS "vaultType",
       json_build_object(
         'chain', n.chain, 'vaultType', n.vault_type, 'prices', derived.prices_of(n.price, n.next_price, n.judged_price),
         'items', (SELECT json_agg(json_build_object(
                            'drop', c.drop, 'price', trim_scale(round(n.judged_price * (100 - c.drop) / 100, 18)),
                            'urns', c.urns, 'debt', trim_scale(c.debt)) ORDER BY c.drop)
                     FROM (SELECT g.drop, sum(coalesce(b.urns, 0)) OVER w AS urns, sum(coalesce(b.debt, 0)) OVER w AS debt
                             FROM generate_series(0, 90) AS g(drop)
                             -- every urn's first drop once; those without one (null) match no drop
                             LEFT JOIN (SELECT f.first_drop, count(*) AS urns, sum(f.debt) AS debt
                                          FROM derived.urn_figures AS f
                                         WHERE f.vault_id = n.vault_id
                                         GROUP BY f.first_drop) AS b ON b.first_drop = g.drop
                           WINDOW w AS (ORDER BY g.drop)) AS c)) AS data
  FROM derived.vault_price_now AS n;
COMMENT ON VIEW api.liquidation_curve IS
  '6.18 GET /api/v1/risk/liquidation-curve: one row per chain and regular Vault type with a price';
COMMENT ON COLUMN api.liquidation_curve.chain IS 'The chain: tron, eth or bsc';
COMMENT ON COLUMN api.liquidation_curve."vaultType" IS 'The Vault type (ilk)';
COMMENT ON COLUMN api.liquidation_curve.data IS
  'The answer''s data: chain, vaultType, prices, and items: for each whole % fall (drop) 0 to 90 the price then, '
  'and the urns and debt liquidatable at it';

-- 6.19: one urn's events, oldest first, each with the urn's collateral and debt after it (the
-- running sums of dink and dart) valued at the Vault type's snapshot at or before the event;
-- those from from_ms to to_ms (epoch ms, both included; null: open).
CREATE FUNCTION api.urn_history(chain text, vault_type text, urn text, from_ms bigint, to_ms bigint)
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
COMMENT ON FUNCTION api.urn_history(text, text, text, bigint, bigint) IS
  '6.19 GET /api/v1/risk/urn-history: one urn''s frob, fork and grab events with its collateral and debt after each';

-- The reader calls the functions that answer 6.16, 6.17 and 6.19 (each reads as its owner), and
-- what api.liquidation_curve (6.18) calls.
GRANT EXECUTE ON FUNCTION
  api.urns(text, text, text, integer, text), api.vaults_at_risk(text, integer),
  api.urn_history(text, text, text, bigint, bigint),
  derived.first_drop(numeric, numeric), derived.prices_of(numeric, numeric, numeric)
  TO coin_api;

COMMIT;
