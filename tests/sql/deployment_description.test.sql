-- The deployment's public description (sql/deploy/deployment_description.sql): one row of
-- snapshot.deployment_description, the indexer's upsert as coin_indexer, the very bytes it wrote
-- read back through api.deployment_description as coin_api, and who may do what.
--
-- By hand: the text '{"chains": {"eth": {"token": "0xab"}},\n "symbols":{}}' (white space and key
-- order of its own) comes back as it went in, byte for byte; the same text written again leaves
-- written_at as it was, another text moves it to the writing transaction's now().
BEGIN;
\ir fixture.sql

SELECT plan(22);

-- The indexer's statement (indexer/description_writer.cpp), as coin_indexer.
CREATE FUNCTION pg_temp.upsert(description text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  SET LOCAL ROLE coin_indexer;
  INSERT INTO snapshot.deployment_description AS d (description) VALUES (description::json)
      ON CONFLICT (one) DO UPDATE SET description = excluded.description, written_at = excluded.written_at
   WHERE d.description::text IS DISTINCT FROM excluded.description::text;
  RESET ROLE;
END
$$;
CREATE FUNCTION pg_temp.served() RETURNS text LANGUAGE sql RETURN
  (SELECT description::text FROM api.deployment_description);

-- ---------------------------------------------------------------------------------------------
-- The table and the view.
SELECT has_table('snapshot', 'deployment_description', 'snapshot.deployment_description exists');
SELECT columns_are('snapshot', 'deployment_description', ARRAY['one', 'description', 'written_at'],
                   'deployment_description: one, description, written_at');
SELECT col_is_pk('snapshot', 'deployment_description', 'one', 'deployment_description: one row, keyed by one');
SELECT col_type_is('snapshot', 'deployment_description', 'description', 'json',
                   'description is json: its bytes kept as written');
SELECT has_view('api', 'deployment_description', 'api.deployment_description exists');
SELECT columns_are('api', 'deployment_description', ARRAY['description', 'written_at'],
                   'api.deployment_description: description, written_at');
SELECT is((SELECT count(*) FROM pg_trigger WHERE tgrelid = 'snapshot.deployment_description'::regclass), 0::bigint,
          'deployment_description: no trigger (nothing caches it: no NOTIFY)');

-- ---------------------------------------------------------------------------------------------
-- No row: the view has none (the ops handler's 404).
SELECT is((SELECT count(*) FROM api.deployment_description), 0::bigint, 'no description written: no row');

-- The indexer's upsert, as coin_indexer: the bytes come back as they went in.
SELECT lives_ok($$SELECT pg_temp.upsert(E'{"chains": {"eth": {"token": "0xab"}},\n "symbols":{}}')$$,
                'as coin_indexer: the upsert writes the description');
SELECT is(pg_temp.served(), E'{"chains": {"eth": {"token": "0xab"}},\n "symbols":{}}',
          'the view gives the very bytes written (white space, key order)');
SELECT is((SELECT written_at FROM api.deployment_description), now(), 'written_at: when it was written');

-- The same text again (an indexer started again with the same file): written_at stays.
UPDATE snapshot.deployment_description SET written_at = '2026-12-01T00:00:00Z';
SELECT pg_temp.upsert(E'{"chains": {"eth": {"token": "0xab"}},\n "symbols":{}}');
SELECT is((SELECT written_at FROM api.deployment_description), '2026-12-01T00:00:00Z'::timestamptz,
          'the same text written again: written_at as it was');
-- Another text (the file changed): replaced, written_at now.
SELECT pg_temp.upsert('{"chains":{"eth":{"token":"0xcd"}}}');
SELECT is(pg_temp.served(), '{"chains":{"eth":{"token":"0xcd"}}}', 'another text: it replaces the row');
SELECT is((SELECT written_at FROM api.deployment_description), now(), 'another text: written_at is when');
SELECT is((SELECT count(*) FROM snapshot.deployment_description), 1::bigint, 'still one row');

-- ---------------------------------------------------------------------------------------------
-- Refused: a second row, text that is not JSON.
SELECT throws_ok($$INSERT INTO snapshot.deployment_description (description) VALUES ('{}')$$, '23505', NULL,
                 'a second row: refused');
SELECT throws_ok($$INSERT INTO snapshot.deployment_description (one, description) VALUES (false, '{}')$$, '23514',
                 NULL, 'a row keyed false: refused');
SELECT throws_ok($$SELECT pg_temp.upsert('{"chains": ')$$, '22P02', NULL, 'text that is not JSON: refused');

-- ---------------------------------------------------------------------------------------------
-- Who may do what (privileges' defaults): coin_api reads the view only, coin_indexer writes the
-- table only.
SELECT lives_ok($$SET LOCAL ROLE coin_api; SELECT * FROM api.deployment_description; RESET ROLE$$,
                'as coin_api: SELECT from api.deployment_description works');
SELECT throws_ok($$SET LOCAL ROLE coin_api; SELECT * FROM snapshot.deployment_description; RESET ROLE$$,
                 '42501', NULL, 'as coin_api: SELECT from snapshot.deployment_description is denied');
SELECT table_privs_are('snapshot', 'deployment_description', 'coin_indexer',
                       ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
                       'coin_indexer: SELECT, INSERT, UPDATE, DELETE on deployment_description, as on every snapshot table');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; SELECT * FROM api.deployment_description; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: SELECT from api.deployment_description is denied');

SELECT * FROM finish();
ROLLBACK;
