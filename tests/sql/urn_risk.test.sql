-- Risk per urn (urn_risk): 6.16 api.urns, 6.17 api.vaults_at_risk, 6.18 api.liquidation_curve
-- and 6.19 api.urn_history, on the urns of fixture.sql, whose last section works out every
-- figure below by hand; and the refusals (SQLSTATE CA002, the message the handlers send).
BEGIN;
\ir fixture.sql
\ir helpers.sql
SELECT plan(39);

CREATE FUNCTION pg_temp.urns(sort text, page_size integer, cursor text) RETURNS json LANGUAGE sql
RETURN (SELECT data FROM api.urns('tron', 'TRX-A', sort, page_size, cursor));
CREATE FUNCTION pg_temp.urn_list(page json) RETURNS text[] LANGUAGE sql
RETURN ARRAY(SELECT e ->> 'urn' FROM json_array_elements(page -> 'items') AS e);
CREATE FUNCTION pg_temp.at_risk(c text, within integer) RETURNS json LANGUAGE sql
RETURN (SELECT data FROM api.vaults_at_risk(c, within));
CREATE FUNCTION pg_temp.curve_point(c text, vault text, drop integer) RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(e::text) FROM api.liquidation_curve AS v, json_array_elements(v.data -> 'items') AS e
         WHERE v.chain = c AND v."vaultType" = vault AND (e ->> 'drop')::integer = drop);

-- ---------------------------------------------------------------------------------------------
-- The first drop: exact at a boundary (the Vat's rule is strict), none past 90 %, 0 without backing.
SELECT is(derived.first_drop(180, 200), 11, 'an urn whose liquidation price is 10 % below J is liquidatable at 11 %, not 10');
SELECT is(derived.first_drop(187.5, 200), 7, 'U1: 18750 > 20000 - 200d from d = 7');
SELECT is(derived.first_drop(20, 200), NULL, 'safe through a 90 % fall (2000 > 2000 is false): none');
SELECT is(derived.first_drop(21, 200), 90, 'liquidatable only at 90 % (2100 > 2000, not 2100 > 2200)');
SELECT is(derived.first_drop(5, 0), 0, 'debt with nothing behind it: now');
SELECT is(derived.first_drop(0, 200), NULL, 'no debt: never');

-- ---------------------------------------------------------------------------------------------
-- 6.16: the whole first page, then each page by its cursor to the end.
SELECT is(pg_temp.compact(pg_temp.urns('collateralization', 2, '')::text),
  '{"chain":"tron","vaultType":"TRX-A","prices":{"price":0.25,"nextPrice":0.2,"judgedPrice":0.2},"sort":"collateralization","items":['
  '{"vaultType":"TRX-A","urn":"TcQpAMQrms8bPybBbRFES4xsBEaEb9kHYQ","cdpId":null,"owner":null,"collateral":500,"collateralValue":125,"debt":125,"collateralization":1,"liquidationPrice":0.375,"liquidationDistance":-87.5,"liquidationDrop":0,"changedBlock":1050,"changedTime":"2026-05-12 22:00 (UTC+8)"},'
  '{"vaultType":"TRX-A","urn":"TBt5ZA9nNSTvSPRRqtNUxBMMjhWkcuLWCM","cdpId":null,"owner":null,"collateral":1500,"collateralValue":375,"debt":250,"collateralization":1.5,"liquidationPrice":0.25,"liquidationDistance":-25,"liquidationDrop":0,"changedBlock":1090,"changedTime":"2026-05-13 06:00 (UTC+8)"}],'
  '"nextCursor":"' || derived.page_cursor('collateralization', 1, (SELECT art_per_ink FROM snapshot.urn WHERE urn_id = 6), 6) || '"}',
  '6.16 page 1 of TRX-A by collateralization: U2, U6, and the cursor after U6');
SELECT is(pg_temp.urn_list(pg_temp.urns('collateralization', 2, pg_temp.urns('collateralization', 2, '') ->> 'nextCursor')),
  '{T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo,TNif25MpsqnKN9ett94qBEv3ndF1J2WBz8}', 'page 2: U1, U7');
SELECT is(pg_temp.urns('collateralization', 2, pg_temp.urns('collateralization', 2, pg_temp.urns('collateralization', 2, '')
          ->> 'nextCursor') ->> 'nextCursor')::jsonb - 'prices',
  jsonb_build_object('chain', 'tron', 'vaultType', 'TRX-A', 'sort', 'collateralization', 'nextCursor', NULL,
                     'items', (SELECT jsonb_agg(i) FROM jsonb_array_elements(pg_temp.urns('collateralization', 6, '')::jsonb -> 'items')
                                 WITH ORDINALITY AS x(i, n) WHERE n > 4)),
  'page 3: U5 and U3 (no debt), the last: no cursor; the same items as one page of 6');
SELECT is(pg_temp.urn_list(pg_temp.urns('liquidationPrice', 100, '')), pg_temp.urn_list(pg_temp.urns('collateralization', 100, '')),
  'by liquidation price: the same order (both are art / ink)');
SELECT is(pg_temp.urn_list(pg_temp.urns('debt', 100, '')),
  '{TERUyTVyWFrZjrbefVgrw7KJWqmJDRmN4m,TBt5ZA9nNSTvSPRRqtNUxBMMjhWkcuLWCM,T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo,TcQpAMQrms8bPybBbRFES4xsBEaEb9kHYQ,TNif25MpsqnKN9ett94qBEv3ndF1J2WBz8,To28nSKtaKV2FpQbDcrH4Ai6gUWT7CDu4D}',
  'by debt: U5, U6 (200, by urn_id), U1, U2 (100), U7, U3; never the closed U4');
SELECT is(pg_temp.urn_list(pg_temp.urns('debt', 2, pg_temp.urns('debt', 2, '') ->> 'nextCursor')),
  '{T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo,TcQpAMQrms8bPybBbRFES4xsBEaEb9kHYQ}', 'by debt, page 2: U1, U2 (a tie across the pages)');
SELECT is((SELECT data -> 'items' ->> 0 FROM api.urns('bsc', 'WBTC-A', 'debt', 1, ''))::jsonb ->> 'liquidationPrice',
  '72.5', 'bsc WBTC-A B1: 100 x 1.45 / 2');
SELECT is((SELECT data::jsonb FROM api.urns('tron', 'TRX-B', 'debt', 10, '')),
  '{"chain":"tron","vaultType":"TRX-B","prices":{"price":null,"nextPrice":null,"judgedPrice":null},"sort":"debt","items":[],"nextCursor":null}',
  'a Vault type without a price yet: nulls and no urns');

-- The refusals: SQLSTATE CA002 and the spec's message.
SELECT throws_ok($$SELECT api.urns('tron', 'PSM-USDT-A', 'debt', 10, '')$$, 'CA002', 'Invalid vaultType.',
  'another chain''s Vault type');
SELECT throws_ok($$SELECT api.urns('eth', 'PSM-USDT-A', 'debt', 10, '')$$, 'CA002', 'Invalid vaultType.',
  'a PSM: never auctioned, not a risk answer');
SELECT throws_ok($$SELECT api.urns('tron', 'TRX-A', 'debt', 2, (SELECT pg_temp.urns('collateralization', 2, '') ->> 'nextCursor'))$$,
  'CA002', 'Invalid cursor.', 'a cursor of another sort');
SELECT throws_ok($$SELECT api.urns('tron', 'TRX-A', 'debt', 2, derived.page_cursor('debt', 4, 100, 8))$$,
  'CA002', 'Invalid cursor.', 'a cursor of another Vault');
SELECT throws_ok($$SELECT api.urns('tron', 'TRX-A', 'debt', 2, encode(convert_to('debt:1:100:1:000000000000', 'UTF8'), 'hex'))$$,
  'CA002', 'Invalid cursor.', 'a cursor edited by hand (its check)');
SELECT throws_ok($$SELECT api.urns('tron', 'TRX-A', 'debt', 2, left(derived.page_cursor('debt', 1, 100, 1), 20))$$,
  'CA002', 'Invalid cursor.', 'a cursor cut short');
SELECT throws_ok($$SELECT api.urns('tron', 'TRX-A', 'debt', 2, 'xyz')$$, 'CA002', 'Invalid cursor.', 'not hex');
SELECT throws_ok($$SELECT api.urns('tron', 'TRX-A', 'debt', 2, 'c3a3')$$, 'CA002', 'Invalid cursor.', 'not UTF-8');

-- ---------------------------------------------------------------------------------------------
-- 6.17
SELECT is(pg_temp.compact(pg_temp.at_risk('tron', 10)::text),
  '{"chain":"tron","within":10,"vaults":[{"vaultType":"TRX-A","prices":{"price":0.25,"nextPrice":0.2,"judgedPrice":0.2},"liquidatableUrns":2,"liquidatableDebt":375,"atRiskUrns":3,"atRiskDebt":500,"atRiskCollateralValue":750}],"items":['
  '{"vaultType":"TRX-A","urn":"TcQpAMQrms8bPybBbRFES4xsBEaEb9kHYQ","cdpId":null,"owner":null,"collateral":500,"collateralValue":125,"debt":125,"collateralization":1,"liquidationPrice":0.375,"liquidationDistance":-87.5,"liquidationDrop":0,"changedBlock":1050,"changedTime":"2026-05-12 22:00 (UTC+8)"},'
  '{"vaultType":"TRX-A","urn":"TBt5ZA9nNSTvSPRRqtNUxBMMjhWkcuLWCM","cdpId":null,"owner":null,"collateral":1500,"collateralValue":375,"debt":250,"collateralization":1.5,"liquidationPrice":0.25,"liquidationDistance":-25,"liquidationDrop":0,"changedBlock":1090,"changedTime":"2026-05-13 06:00 (UTC+8)"},'
  '{"vaultType":"TRX-A","urn":"T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo","cdpId":11,"owner":"TDRtPx3baHpDr8he4RpeLSjQ3jvYhWwFtK","collateral":1000,"collateralValue":250,"debt":125,"collateralization":2,"liquidationPrice":0.1875,"liquidationDistance":6.25,"liquidationDrop":7,"changedBlock":1100,"changedTime":"2026-05-13 07:00 (UTC+8)"}]}',
  '6.17 tron within 10: U2, U6 (liquidatable), U1; TRX-B has no price');
SELECT is((pg_temp.at_risk('tron', 11)::jsonb -> 'vaults' -> 0) - 'prices',
  '{"vaultType":"TRX-A","liquidatableUrns":2,"liquidatableDebt":375,"atRiskUrns":4,"atRiskDebt":620,"atRiskCollateralValue":1000}',
  'within 11: U7 too, at exactly 10 % from J');
SELECT is(pg_temp.urn_list(pg_temp.at_risk('tron', 0)), '{TcQpAMQrms8bPybBbRFES4xsBEaEb9kHYQ,TBt5ZA9nNSTvSPRRqtNUxBMMjhWkcuLWCM}',
  'within 0: the liquidatable ones');
SELECT is(pg_temp.compact(pg_temp.at_risk('bsc', 10)::text),
  '{"chain":"bsc","within":10,"vaults":[{"vaultType":"WBTC-A","prices":{"price":100,"nextPrice":null,"judgedPrice":100},"liquidatableUrns":0,"liquidatableDebt":0,"atRiskUrns":0,"atRiskDebt":0,"atRiskCollateralValue":0}],"items":[]}',
  'bsc within 10: nothing at risk, the Vault type counted all the same');
SELECT is(pg_temp.urn_list(pg_temp.at_risk('bsc', 28)), '{0x00000000000000000000000000000000000000b1}', 'bsc within 28: B1');
SELECT is(pg_temp.compact(pg_temp.at_risk('eth', 100)::text), '{"chain":"eth","within":100,"vaults":[],"items":[]}',
  'eth: no regular Vault type with a price (the PSM is left out)');

-- ---------------------------------------------------------------------------------------------
-- 6.18
SELECT is(ARRAY(SELECT chain || ' ' || "vaultType" FROM api.liquidation_curve ORDER BY 1), '{"bsc WBTC-A","tron TRX-A"}',
  '6.18 rows: the regular Vault types with a price');
SELECT is(ARRAY(SELECT pg_temp.curve_point('tron', 'TRX-A', d) FROM unnest('{0,6,7,10,11,53,54,90}'::integer[]) AS d),
  ARRAY['{"drop":0,"price":0.2,"urns":2,"debt":375}', '{"drop":6,"price":0.188,"urns":2,"debt":375}',
        '{"drop":7,"price":0.186,"urns":3,"debt":500}', '{"drop":10,"price":0.18,"urns":3,"debt":500}',
        '{"drop":11,"price":0.178,"urns":4,"debt":620}', '{"drop":53,"price":0.094,"urns":4,"debt":620}',
        '{"drop":54,"price":0.092,"urns":5,"debt":870}', '{"drop":90,"price":0.02,"urns":5,"debt":870}'],
  'TRX-A''s curve at each step of its urns');
SELECT is((SELECT json_array_length(data -> 'items') FROM api.liquidation_curve WHERE chain = 'tron'), 91, 'drops 0 to 90');
SELECT is(ARRAY(SELECT pg_temp.curve_point('bsc', 'WBTC-A', d) FROM unnest('{27,28}'::integer[]) AS d),
  ARRAY['{"drop":27,"price":73,"urns":0,"debt":0}', '{"drop":28,"price":72,"urns":1,"debt":100}'],
  'bsc WBTC-A: B1 from 28 %');

-- ---------------------------------------------------------------------------------------------
-- 6.19
SELECT is((SELECT pg_temp.compact(data::text) FROM api.urn_history('tron', 'TRX-A', 'T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo', NULL, NULL)),
  '{"chain":"tron","vaultType":"TRX-A","urn":"T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo","cdpId":11,"owner":"TDRtPx3baHpDr8he4RpeLSjQ3jvYhWwFtK","items":['
  '{"statisticTime":1778590800000,"time":"2026-05-12 21:00 (UTC+8)","block":1000,"transaction":"0x1010101010101010101010101010101010101010101010101010101010101010","kind":"frob","dink":1000,"dart":60,"collateral":1000,"debt":72,"collateralization":4.166666666666666667,"price":0.3},'
  '{"statisticTime":1778626800000,"time":"2026-05-13 07:00 (UTC+8)","block":1100,"transaction":"0x1313131313131313131313131313131313131313131313131313131313131313","kind":"frob","dink":0,"dart":40,"collateral":1000,"debt":120,"collateralization":2.5,"price":0.3}]}',
  '6.19 U1: two frobs, valued at 20:00''s price');
SELECT is((SELECT jsonb_path_query_array(data::jsonb, '$.items[*].debt')
             FROM api.urn_history('tron', 'TRX-A', 'T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo', 1778590800001, 1778626800000)),
  '[120]', 'from and to keep the events in the range, each still after every event before it (debt 120, not 40)');
SELECT is((SELECT jsonb_path_query_array(data::jsonb, '$.items[*].collateral') FROM api.urn_history('tron', 'TRX-A', 'T2PfW3xyRc1waiujsaHJEBsFRMbceVy1SV', NULL, NULL)),
  '[4000, 0]', 'the closed U4 keeps its history: a frob, then the fork that emptied it');
SELECT is((SELECT data ->> 'urn' FROM api.urn_history('bsc', 'WBTC-A', '0x00000000000000000000000000000000000000B1', NULL, NULL)),
  '0x00000000000000000000000000000000000000b1', 'an address in any case');
SELECT throws_ok($$SELECT api.urn_history('tron', 'TRX-A', 'TcQpAMQrms8bPybBbRFES4xsBEaEb9kHYq', NULL, NULL)$$, 'CA002', 'Invalid urn.',
  'an urn the Vault type does not have');
SELECT throws_ok($$SELECT api.urn_history('bsc', 'TRX-A', 'T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo', NULL, NULL)$$, 'CA002', 'Invalid vaultType.',
  'a Vault type of another chain');

-- coin_api calls them, as the handlers do.
SELECT lives_ok($$SET LOCAL ROLE coin_api;
                  SELECT api.urns('tron', 'TRX-A', 'debt', 1, ''), api.vaults_at_risk('tron', 10),
                         api.urn_history('tron', 'TRX-A', 'T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo', NULL, NULL);
                  SELECT data FROM api.liquidation_curve;
                  RESET ROLE$$, 'coin_api answers 6.16 to 6.19');

SELECT * FROM finish();
ROLLBACK;
