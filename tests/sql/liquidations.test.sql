-- What liquidations did (liquidations): 6.20 api.liquidations, 6.21 api.liquidation_totals and
-- 6.22 api.running_auctions, on the auctions of fixture.sql, whose last section works out every
-- figure below by hand; and the refusals (SQLSTATE CA002, the message the handlers send).
BEGIN;
\ir fixture.sql
\ir helpers.sql
SELECT plan(24);

CREATE FUNCTION pg_temp.page(c text, vault text, page_size integer, cursor text, from_ms bigint, to_ms bigint)
RETURNS json LANGUAGE sql
RETURN (SELECT data FROM api.liquidations(c, vault, page_size, cursor, from_ms, to_ms));
CREATE FUNCTION pg_temp.ids(page json) RETURNS text LANGUAGE sql
RETURN (SELECT string_agg(e ->> 'id', ',' ORDER BY n) FROM json_array_elements(page -> 'items') WITH ORDINALITY AS a(e, n));
-- An auction's sums, as "status collateralSold debtCovered collateralReturned badDebt keeperIncentives".
CREATE FUNCTION pg_temp.sums(c text, id integer) RETURNS text LANGUAGE sql
RETURN (SELECT concat_ws(' ', e ->> 'status', e ->> 'collateralSold', e ->> 'debtCovered', e ->> 'collateralReturned',
                         coalesce(e ->> 'badDebt', 'null'), e ->> 'keeperIncentives')
          FROM json_array_elements(pg_temp.page(c, '', 100, '', NULL, NULL) -> 'items') AS e
         WHERE (e ->> 'id')::integer = id);
CREATE FUNCTION pg_temp.totals(c text, win text, vault text) RETURNS json LANGUAGE sql
RETURN (SELECT v FROM api.liquidation_totals AS t, json_array_elements(t.data -> 'vaults') AS v
         WHERE t.chain = c AND t."interval" = win AND v ->> 'vaultType' = vault);
-- The points of a window where something happened, compact.
CREATE FUNCTION pg_temp.busy_points(c text, win text, vault text) RETURNS text LANGUAGE sql
RETURN (SELECT string_agg(concat_ws(' ', coalesce(i ->> 'time', 'live'), i ->> 'auctions', i ->> 'collateral',
                                    i ->> 'debtCovered', i ->> 'badDebt'), '; ' ORDER BY (i ->> 'statisticTime')::bigint)
          FROM json_array_elements(pg_temp.totals(c, win, vault) -> 'items') AS i
         WHERE (i ->> 'auctions')::integer > 0 OR (i ->> 'debtCovered')::numeric > 0);

-- ---------------------------------------------------------------------------------------------
-- 6.20: newest first, a page at a time.
SELECT is(pg_temp.ids(pg_temp.page('tron', '', 2, '', NULL, NULL)), '4,3', 'tron page 1: A4, A3');
SELECT is(pg_temp.ids(pg_temp.page('tron', '', 2, pg_temp.page('tron', '', 2, '', NULL, NULL) ->> 'nextCursor', NULL, NULL)),
          '2,1', 'page 2 by its cursor: A2, A1');
SELECT is(pg_temp.page('tron', '', 2, pg_temp.page('tron', '', 2, '', NULL, NULL) ->> 'nextCursor', NULL, NULL) ->> 'nextCursor',
          NULL, 'the last page has no cursor');
SELECT is(pg_temp.ids(pg_temp.page('tron', 'TRX-A', 100, '', NULL, NULL)), '4,3,2,1', 'TRX-A alone: all four');
SELECT is(pg_temp.page('tron', 'TRX-B', 100, '', NULL, NULL)::jsonb,
          '{"chain": "tron", "vaultType": "TRX-B", "items": [], "nextCursor": null}', 'TRX-B: none');
SELECT is(pg_temp.ids(pg_temp.page('tron', '', 100, '', 1778580000000, 1778592600000)), '3,2',
          'from 2026-05-12 18:00 to 21:30 (UTC+8), both included: A3, A2');
SELECT is(pg_temp.ids(pg_temp.page('tron', '', 100, '', -9223372036854775808, 9223372036854775807)), '4,3,2,1',
          'bounds at bigint''s ends, as the handlers send an open one: every auction');
SELECT is(pg_temp.ids(pg_temp.page('tron', '', 100, '', 1778580000000, 9223372036854775807)), '4,3,2',
          'from 2026-05-12 18:00 (UTC+8), to open');
SELECT is(pg_temp.ids(pg_temp.page('bsc', '', 100, '', NULL, NULL)), '1', 'bsc: B1 only, not the Take whose Bark is not read');

-- Each auction's sums and end (fixture.sql).
SELECT is(pg_temp.sums('tron', 1), 'uncovered 5000 1100 0 0 12.26', 'A1: the lot ran out, paid 1100 >= due 1000: no bad debt');
SELECT is(pg_temp.sums('tron', 2), 'uncovered 10000 1500 0 500 14.52', 'A2: bad debt 2000 - 1500');
SELECT is(pg_temp.sums('tron', 3), 'covered 1808 452 192 0 10.904', 'A3: covered, 192 given back');
SELECT is(pg_temp.sums('tron', 4), 'running 0 0 0 null 23.616', 'A4: running, two incentives');
SELECT is(pg_temp.sums('bsc', 1), 'yanked 0 0 0 0 0', 'B1: yanked, no bad debt');
SELECT is(pg_temp.compact((pg_temp.page('tron', '', 1, pg_temp.page('tron', '', 1, '', NULL, NULL) ->> 'nextCursor', NULL, NULL)
                           -> 'items' -> 0 -> 'takes')::text),
  '[{"time":"2026-05-12 22:30 (UTC+8)","block":1020,"transaction":"0xfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfdfd",'
  '"collateral":1000,"price":0.25,"maxPrice":0.3,"debtCovered":250,"tabLeft":202,"collateralLeft":1000},'
  '{"time":"2026-05-13 01:00 (UTC+8)","block":1030,"transaction":"0x0707070707070707070707070707070707070707070707070707070707070707",'
  '"collateral":808,"price":0.25,"maxPrice":0.3,"debtCovered":202,"tabLeft":0,"collateralLeft":192}]',
  'A3''s takes: 1000, then the 808 the tab capped');

-- Refusals.
SELECT throws_ok($$SELECT api.liquidations('tron', 'WBTC-A', 100, '', NULL, NULL)$$, 'CA002', 'Invalid vaultType.',
                 'a Vault type of another chain');
SELECT throws_ok($$SELECT api.liquidations('eth', 'PSM-USDT-A', 100, '', NULL, NULL)$$, 'CA002', 'Invalid vaultType.',
                 'a PSM is never auctioned');
SELECT throws_ok(format('SELECT api.liquidations(%L, %L, 2, %L, NULL, NULL)', 'tron', 'TRX-A',
                        pg_temp.page('tron', '', 2, '', NULL, NULL) ->> 'nextCursor'),
                 'CA002', 'Invalid cursor.', 'a cursor of the whole chain''s list, given for one Vault type''s');
SELECT throws_ok($$SELECT api.liquidations('tron', '', 2, 'zz', NULL, NULL)$$, 'CA002', 'Invalid cursor.', 'not hex');

-- ---------------------------------------------------------------------------------------------
-- 6.21: each point counts what happened since the point before it.
SELECT is(pg_temp.busy_points('tron', 'WEEKLY', 'TRX-A'),
  '2026-05-12 10:00 (UTC+8) 1 5000 0 0; 2026-05-12 13:00 (UTC+8) 0 0 500 0; 2026-05-12 14:00 (UTC+8) 0 0 600 0; '
  '2026-05-12 18:00 (UTC+8) 1 10000 0 0; 2026-05-12 21:00 (UTC+8) 0 0 1500 500; 2026-05-12 22:00 (UTC+8) 1 2000 0 0; '
  '2026-05-12 23:00 (UTC+8) 0 0 250 0; 2026-05-13 01:00 (UTC+8) 0 0 202 0; 2026-05-13 06:00 (UTC+8) 1 4000 0 0',
  'TRX-A WEEKLY: hourly points');
SELECT is(pg_temp.totals('tron', 'WEEKLY', 'TRX-A')::jsonb - 'items',
          '{"vaultType": "TRX-A", "auctions": 4, "collateral": 21000, "debtCovered": 3052, "badDebt": 500}',
          'TRX-A over the week: 4 auctions, 21000, 3052 paid, 500 bad debt');
SELECT is(pg_temp.busy_points('tron', 'MONTHLY', 'TRX-A'),
  '2026-05-13 00:00 (UTC+8) 3 17000 2850 500; live 1 4000 202 0', 'TRX-A MONTHLY: the day, then the live point');
SELECT is((SELECT count(*) FROM json_array_elements(pg_temp.totals('tron', 'ANNUAL', 'TRX-B') -> 'items')), 366::bigint,
          'TRX-B ANNUAL: 365 daily points and the live one, all 0');

-- ---------------------------------------------------------------------------------------------
-- 6.22: the running ones, with their newest getStatus.
SELECT is((SELECT pg_temp.compact((data -> 'items' -> 0 -> 'current')::text) || ' ' || json_array_length(data -> 'items')
             FROM api.running_auctions WHERE chain = 'tron'),
          '{"time":"2026-05-13 08:00 (UTC+8)","price":0.2,"collateral":4000,"tab":904,"needsRedo":false} 1',
          'tron: A4 alone, at 08:00''s status');

SELECT * FROM finish();
ROLLBACK;
