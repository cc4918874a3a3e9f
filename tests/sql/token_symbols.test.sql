-- The deployment's own names of the tokens (sql/deploy/token_symbols.sql): snapshot.token_symbol,
-- derived.token_symbols with the defaults, 6.4 and 6.5's symbol, the symbols it refuses, the
-- indexer's upsert and who may do what, and the NOTIFY of a change.
--
-- By hand, on fixture.sql (its header works out 6.4 and 6.5): a symbol changes `symbol` and
-- nothing else of the answer.
--   no row           coin COIN, scoin sCOIN: 6.4 and 6.5 as before
--   USDD, sUSDD      {"symbol":"USDD","totalSupply":1000250000.5,...}, {"symbol":"sUSDD",...}
--   coin USDD only   6.4 USDD, 6.5 its default sCOIN
-- Refused: a symbol that is not a letter and up to 15 letters or digits; coin's symbol scoin
-- in any case, or scoin's coin (the other token's path); the two equal in lower case.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(37);

-- The fixture's 6.4 and 6.5 with `symbol` in place of COIN and sCOIN, compared in the members
-- they name (pg_temp.is_payload): another chain's field or a field added is not this test's.
CREATE FUNCTION pg_temp.coin_payload(symbol text) RETURNS text LANGUAGE sql RETURN
  '{"symbol":"' || symbol || '","totalSupply":1000250000.5,"tron":123456789.123456789012345678,'
  '"eth":876543210.876543210987654322,"bsc":250000.5}';
CREATE FUNCTION pg_temp.scoin_payload(symbol text) RETURNS text LANGUAGE sql RETURN
  '{"symbol":"' || symbol || '","totalSupply":4999.999999999999999999,"tron":4999.999999999999999998,'
  '"eth":0.000000000000000001,"bsc":0}';

-- ---------------------------------------------------------------------------------------------
-- The table and its triggers.
SELECT has_table('snapshot', 'token_symbol', 'snapshot.token_symbol exists');
SELECT columns_are('snapshot', 'token_symbol', ARRAY['token', 'symbol'], 'token_symbol: token, symbol');
SELECT col_is_pk('snapshot', 'token_symbol', 'token', 'token_symbol: one row per token');
SELECT results_eq(
  $$SELECT t.tgname::text COLLATE "default", pg_get_triggerdef(t.oid) FROM pg_trigger t
     WHERE t.tgrelid = 'snapshot.token_symbol'::regclass ORDER BY 1$$,
  $$VALUES ('token_symbol_truncated', 'CREATE TRIGGER token_symbol_truncated AFTER TRUNCATE ON snapshot.token_symbol'
                                      ' FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written()'),
           ('token_symbol_written', 'CREATE TRIGGER token_symbol_written AFTER INSERT OR DELETE OR UPDATE'
                                    ' ON snapshot.token_symbol FOR EACH ROW EXECUTE FUNCTION snapshot.notify_written()')$$,
  'token_symbol: NOTIFY snapshot_written per row written, and on TRUNCATE');
-- The symbol is a column more, the others stay: those of the spec and one per chain of the
-- enum (a field added later may follow them).
SELECT set_has(
  $$SELECT column_name::text FROM information_schema.columns
     WHERE table_schema = 'api' AND table_name = 'coin_supply'$$,
  $$SELECT unnest(ARRAY['symbol', 'totalSupply', 'tron', 'eth', 'bsc'] || pg_temp.other_chains())$$,
  'coin_supply keeps its columns');
SELECT set_has(
  $$SELECT column_name::text FROM information_schema.columns
     WHERE table_schema = 'api' AND table_name = 'scoin_supply'$$,
  $$SELECT unnest(ARRAY['symbol', 'totalSupply', 'tron', 'eth', 'bsc'] || pg_temp.other_chains())$$,
  'scoin_supply keeps its columns');

-- ---------------------------------------------------------------------------------------------
-- NOTIFY, through announcements.sql's sessions; first, before this transaction reads the table
-- (TRUNCATE would wait for its lock).
\ir announcements.sql
-- The indexer's statement (indexer/), for both tokens in one transaction.
CREATE FUNCTION pg_temp.upsert(coin text, scoin text) RETURNS text LANGUAGE sql RETURN format(
  'BEGIN; SET LOCAL ROLE coin_indexer; PREPARE upsert (text, text) AS
     INSERT INTO snapshot.token_symbol (token, symbol) VALUES ($1, $2) ON CONFLICT (token)
     DO UPDATE SET symbol = excluded.symbol WHERE snapshot.token_symbol.symbol IS DISTINCT FROM excluded.symbol;
   EXECUTE upsert(%L, %L); EXECUTE upsert(%L, %L); DEALLOCATE upsert; COMMIT', 'coin', coin, 'scoin', scoin);

SELECT is(pg_temp.announced(pg_temp.upsert('USDD', 'sUSDD')), '{token_symbol}',
          'the indexer''s upsert, as coin_indexer, of new symbols announces token_symbol once');
SELECT is(pg_temp.announced(pg_temp.upsert('USDD', 'sUSDD')), '{}',
          'the same upsert again (every round of the indexer) changes no row and announces nothing');
SELECT is(pg_temp.announced(pg_temp.upsert('USDD', 'sUSDX')), '{token_symbol}',
          'one symbol changed announces token_symbol');
SELECT is(pg_temp.announced('DELETE FROM snapshot.token_symbol'), '{token_symbol}',
          'back to the defaults (rows deleted) announces token_symbol');
SELECT is(pg_temp.announced('TRUNCATE snapshot.token_symbol'), '{token_symbol}',
          'TRUNCATE announces token_symbol');
DO $$ BEGIN PERFORM dblink_disconnect(name) FROM unnest(ARRAY['listener', 'writer']) AS name; END $$;

-- ---------------------------------------------------------------------------------------------
-- No row: the defaults, and 6.4 and 6.5 as the fixture has them.
SELECT results_eq($$SELECT token, symbol FROM derived.token_symbols ORDER BY 1$$,
                  $$VALUES ('coin', 'COIN'), ('scoin', 'sCOIN')$$,
                  'no row: coin COIN, scoin sCOIN');
SELECT pg_temp.is_payload(pg_temp.payload('api.coin_supply'), pg_temp.coin_payload('COIN'), 'no row: 6.4 says COIN');
SELECT pg_temp.is_payload(pg_temp.payload('api.scoin_supply'), pg_temp.scoin_payload('sCOIN'), 'no row: 6.5 says sCOIN');

-- Set, as an operator would (docs/using-the-api.md): 6.4 and 6.5 say them, nothing else of them
-- changes.
INSERT INTO snapshot.token_symbol (token, symbol) VALUES ('coin', 'USDD'), ('scoin', 'sUSDD');
SELECT pg_temp.is_payload(pg_temp.payload('api.coin_supply'), pg_temp.coin_payload('USDD'), 'USDD: 6.4 says USDD');
SELECT pg_temp.is_payload(pg_temp.payload('api.scoin_supply'), pg_temp.scoin_payload('sUSDD'), 'sUSDD: 6.5 says sUSDD');
SELECT pg_temp.is_payload(pg_temp.payload('api.total_supply'), '{"totalSupply":1000255000.499999999999999999}',
          'USDD: 6.1 is as it was');
SELECT lives_ok($$SET LOCAL ROLE coin_api; SELECT * FROM api.coin_supply, api.scoin_supply; RESET ROLE$$,
                'as coin_api: 6.4 and 6.5 read the symbols');
SELECT throws_ok($$SET LOCAL ROLE coin_api; SELECT * FROM snapshot.token_symbol; RESET ROLE$$,
                 '42501', NULL, 'as coin_api: SELECT from snapshot.token_symbol is denied');
SELECT table_privs_are('snapshot', 'token_symbol', 'coin_indexer', ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
                       'coin_indexer: SELECT, INSERT, UPDATE, DELETE on token_symbol, as on every snapshot table');

-- One row: the other token keeps its default.
DELETE FROM snapshot.token_symbol WHERE token = 'scoin';
SELECT results_eq($$SELECT token, symbol FROM derived.token_symbols ORDER BY 1$$,
                  $$VALUES ('coin', 'USDD'), ('scoin', 'sCOIN')$$,
                  'coin USDD only: scoin keeps sCOIN');
SELECT pg_temp.is_payload(pg_temp.payload('api.scoin_supply'), pg_temp.scoin_payload('sCOIN'), 'coin USDD only: 6.5 says sCOIN');
-- A token's own default name, in any case: allowed (it names no other path).
UPDATE snapshot.token_symbol SET symbol = 'Coin' WHERE token = 'coin';
SELECT pg_temp.is_payload(pg_temp.payload('api.coin_supply'), pg_temp.coin_payload('Coin'), 'coin Coin: allowed, 6.4 says Coin');
DELETE FROM snapshot.token_symbol;

-- ---------------------------------------------------------------------------------------------
-- Refused.
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('coin', 'sCOIN')$$, '23514', NULL,
                 'coin sCOIN: refused, the alias would be scoin''s path');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('coin', 'Scoin')$$, '23514', NULL,
                 'coin Scoin: refused, in any case');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('scoin', 'COIN')$$, '23514', NULL,
                 'scoin COIN: refused, the alias would be coin''s path');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('scoin', 'coin')$$, '23514', NULL,
                 'scoin coin: refused, in any case');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('coin', 'USDD'), ('scoin', 'usdd')$$, '23505', NULL,
                 'USDD and usdd: refused, one name twice in lower case');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('coin', 'USDD'), ('coin', 'USDX')$$, '23505', NULL,
                 'two rows for coin: refused');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('usdd', 'USDD')$$, '23514', NULL,
                 'a token other than coin and scoin: refused');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('coin', '1USD')$$, '23514', NULL,
                 '1USD: refused, a symbol starts with a letter');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('coin', 'US-D')$$, '23514', NULL,
                 'US-D: refused, letters and digits only');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('coin', '')$$, '23514', NULL,
                 'the empty symbol: refused');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('coin', 'U234567890123456X')$$, '23514', NULL,
                 '17 characters: refused');
SELECT lives_ok($$INSERT INTO snapshot.token_symbol VALUES ('coin', 'U234567890123456')$$,
                '16 characters: allowed');
SELECT throws_ok($$INSERT INTO snapshot.token_symbol VALUES ('scoin', NULL)$$, '23502', NULL,
                 'no symbol: refused');
SELECT results_eq($$SELECT token, symbol FROM derived.token_symbols ORDER BY 1$$,
                  $$VALUES ('coin', 'U234567890123456'), ('scoin', 'sCOIN')$$,
                  'after the refusals, only what was allowed is there');

SELECT * FROM finish();
ROLLBACK;
