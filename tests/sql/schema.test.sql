-- Roles, grants, the address checks, the NOTIFY triggers and the COMMENTs of the api views.
--
-- Privileges are asserted twice: from the catalog (has_table_privilege and friends, which is
-- what PostgreSQL itself checks) and by running the statement as the role. pgTAP cannot be
-- called while the role is coin_api (coin_api has no USAGE on schema public, where pgTAP
-- lives), so the statement under test switches role itself: 'SET LOCAL ROLE r; <stmt>; RESET
-- ROLE'. When <stmt> fails, throws_ok's subtransaction rollback undoes the SET; when it
-- succeeds, RESET ROLE does.
BEGIN;
\ir fixture.sql

SELECT plan(79);

-- ---------------------------------------------------------------------------------------------
-- The roles
SELECT has_role('coin_api');
SELECT has_role('coin_indexer');
SELECT isnt_superuser('coin_api');
SELECT isnt_superuser('coin_indexer');
SELECT is(
  ARRAY(SELECT roleid::regrole::text FROM pg_auth_members
         WHERE member IN ('coin_api'::regrole, 'coin_indexer'::regrole) ORDER BY 1),
  '{}'::text[],
  'coin_api and coin_indexer are members of no role (they gain nothing from another role)');

-- coin_api's settings: every transaction read-only and short, never idle while open, never
-- long waiting for a lock (no idle_session_timeout: the handlers keep idle connections), in
-- every database.
SELECT ok(
  (SELECT rolconfig FROM pg_roles WHERE rolname = 'coin_api') @> '{default_transaction_read_only=on}',
  'coin_api: pg_roles.rolconfig has default_transaction_read_only=on');
SELECT results_eq(
  $$SELECT setdatabase, unnest(setconfig) COLLATE "default" FROM pg_db_role_setting
     WHERE setrole = 'coin_api'::regrole ORDER BY 2$$,
  $$VALUES (0::oid, 'default_transaction_read_only=on'),
           (0::oid, 'idle_in_transaction_session_timeout=10s'), (0::oid, 'jit=off'),
           (0::oid, 'lock_timeout=1s'), (0::oid, 'statement_timeout=5s')$$,
  'coin_api: exactly these settings, for all databases, none overridden per database');

-- ---------------------------------------------------------------------------------------------
-- The api schema: views only, each saying what it is (its COMMENT, below); which views are the
-- endpoints' is the OpenAPI document's to say, and the handlers prepare a statement on each.
SELECT is(
  ARRAY(SELECT c.oid::regclass::text FROM pg_class c
         WHERE c.relnamespace = 'api'::regnamespace AND c.relkind <> 'v' ORDER BY 1),
  '{}'::text[],
  'api holds views only: no table, sequence, materialized view or index');
SELECT tables_are('snapshot', ARRAY['chain_state', 'vault', 'vault_state',
                                    'allocator_position', 'allocator_position_state', 'token_symbol',
                                    'urn', 'urn_event', 'urn_state', 'urn_log_range', 'vault_price',
                                    'bark', 'clip_event', 'auction_status', 'deployment_description',
                                    'live_snapshot', 'finalized_block']);
SELECT ok(
  (SELECT count(*) FROM pg_class WHERE relnamespace = 'derived'::regnamespace AND relkind = 'v') > 0,
  'derived holds views (so the checks on derived below are not vacuous)');

-- ---------------------------------------------------------------------------------------------
-- coin_api: SELECT on every api view and nothing else anywhere.
SELECT schema_privs_are('api', 'coin_api', ARRAY['USAGE']);
SELECT schema_privs_are('snapshot', 'coin_api', '{}'::name[]);
SELECT schema_privs_are('derived', 'coin_api', '{}'::name[]);
SELECT schema_privs_are('public', 'coin_api', '{}'::name[]);

SELECT table_privs_are('api', 'total_supply', 'coin_api', ARRAY['SELECT']);
SELECT table_privs_are('api', 'circulating_supply', 'coin_api', ARRAY['SELECT']);
SELECT table_privs_are('api', 'earn_apy', 'coin_api', ARRAY['SELECT']);
SELECT table_privs_are('api', 'coin_supply', 'coin_api', ARRAY['SELECT']);
SELECT table_privs_are('api', 'scoin_supply', 'coin_api', ARRAY['SELECT']);
SELECT is(
  ARRAY(SELECT c.oid::regclass::text FROM pg_class c
         WHERE c.relnamespace = 'api'::regnamespace
           AND NOT has_table_privilege('coin_api', c.oid, 'SELECT') ORDER BY 1),
  '{}'::text[],
  'coin_api can SELECT every relation in api (also views added later)');

SELECT is(
  ARRAY(SELECT c.oid::regclass::text FROM pg_class c
         WHERE c.relnamespace = 'snapshot'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
           AND has_any_column_privilege('coin_api', c.oid, 'SELECT') ORDER BY 1),
  '{}'::text[],
  'coin_api cannot SELECT any snapshot table, not even one column');
SELECT is(
  ARRAY(SELECT c.oid::regclass::text FROM pg_class c
         WHERE c.relnamespace = 'snapshot'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
           AND (has_table_privilege('coin_api', c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
                OR has_any_column_privilege('coin_api', c.oid, 'INSERT, UPDATE, REFERENCES'))
         ORDER BY 1),
  '{}'::text[],
  'coin_api has no INSERT, UPDATE, DELETE, TRUNCATE or other privilege on any snapshot table');
SELECT is(
  ARRAY(SELECT c.oid::regclass::text FROM pg_class c
         WHERE c.relnamespace = 'derived'::regnamespace
           AND (has_any_column_privilege('coin_api', c.oid, 'SELECT, INSERT, UPDATE, REFERENCES')
                OR has_table_privilege('coin_api', c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER'))
         ORDER BY 1),
  '{}'::text[],
  'coin_api has no privilege on any derived view');
SELECT is(
  ARRAY(SELECT c.oid::regclass::text FROM pg_class c
         WHERE c.relnamespace = 'snapshot'::regnamespace
           AND CASE WHEN c.relkind = 'S'
                    THEN has_sequence_privilege('coin_api', c.oid, 'USAGE, SELECT, UPDATE') END
         ORDER BY 1),
  '{}'::text[],
  'coin_api has no privilege on any snapshot sequence');

-- The same, by running statements as coin_api.
SELECT lives_ok($$SET LOCAL ROLE coin_api; SELECT * FROM api.total_supply; RESET ROLE$$,
                'as coin_api: SELECT from api.total_supply works');
SELECT lives_ok($$SET LOCAL ROLE coin_api; SELECT * FROM api.circulating_supply; RESET ROLE$$,
                'as coin_api: SELECT from api.circulating_supply works');
SELECT lives_ok($$SET LOCAL ROLE coin_api; SELECT * FROM api.earn_apy; RESET ROLE$$,
                'as coin_api: SELECT from api.earn_apy works');
SELECT lives_ok($$SET LOCAL ROLE coin_api; SELECT * FROM api.coin_supply; RESET ROLE$$,
                'as coin_api: SELECT from api.coin_supply works');
SELECT lives_ok($$SET LOCAL ROLE coin_api; SELECT * FROM api.scoin_supply; RESET ROLE$$,
                'as coin_api: SELECT from api.scoin_supply works');
SELECT throws_ok($$SET LOCAL ROLE coin_api; SELECT * FROM snapshot.chain_state; RESET ROLE$$,
                 '42501', NULL, 'as coin_api: SELECT from snapshot.chain_state is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_api; SELECT * FROM snapshot.vault_state; RESET ROLE$$,
                 '42501', NULL, 'as coin_api: SELECT from snapshot.vault_state is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_api; SELECT * FROM derived.hourly_figures; RESET ROLE$$,
                 '42501', NULL, 'as coin_api: SELECT from derived.hourly_figures is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_api; SELECT * FROM derived.token_supply; RESET ROLE$$,
                 '42501', NULL, 'as coin_api: SELECT from derived.token_supply is denied');
SELECT throws_ok(
  $$SET LOCAL ROLE coin_api;
    INSERT INTO snapshot.chain_state VALUES ('tron', now(), 1, 1, 1, 1, 0.04, 1); RESET ROLE$$,
  '42501', NULL, 'as coin_api: INSERT into snapshot.chain_state is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_api; DELETE FROM snapshot.chain_state; RESET ROLE$$,
                 '42501', NULL, 'as coin_api: DELETE from snapshot.chain_state is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_api; CREATE TABLE api.x (i int); RESET ROLE$$,
                 '42501', NULL, 'as coin_api: CREATE TABLE in api is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_api; CREATE TABLE public.x (i int); RESET ROLE$$,
                 '42501', NULL, 'as coin_api: CREATE TABLE in public is denied');

-- ---------------------------------------------------------------------------------------------
-- coin_indexer: SELECT, INSERT, UPDATE, DELETE on every snapshot table (and the identity
-- sequences behind them), nothing more.
SELECT schema_privs_are('snapshot', 'coin_indexer', ARRAY['USAGE']);
SELECT table_privs_are('snapshot', 'chain_state', 'coin_indexer',
                       ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT table_privs_are('snapshot', 'vault', 'coin_indexer',
                       ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT table_privs_are('snapshot', 'vault_state', 'coin_indexer',
                       ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT table_privs_are('snapshot', 'allocator_position', 'coin_indexer',
                       ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT table_privs_are('snapshot', 'allocator_position_state', 'coin_indexer',
                       ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
SELECT sequence_privs_are('snapshot', 'vault_vault_id_seq', 'coin_indexer', ARRAY['USAGE']);
SELECT sequence_privs_are('snapshot', 'allocator_position_position_id_seq', 'coin_indexer',
                          ARRAY['USAGE']);

SELECT lives_ok(
  $$SET LOCAL ROLE coin_indexer;
    INSERT INTO snapshot.chain_state VALUES ('tron', '2026-05-13 08:05:00+08', 1, 1, 1, 1, 0.04, 1);
    UPDATE snapshot.chain_state SET earn_tvl = 2 WHERE taken_at = '2026-05-13 08:05:00+08';
    SELECT count(*) FROM snapshot.chain_state;
    DELETE FROM snapshot.chain_state WHERE taken_at = '2026-05-13 08:05:00+08';
    RESET ROLE$$,
  'as coin_indexer: INSERT, UPDATE, SELECT and DELETE on snapshot.chain_state work');
SELECT lives_ok(
  $$SET LOCAL ROLE coin_indexer;
    INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address,
                                min_collateral_ratio, stability_fee, debt_ceiling, dust)
    VALUES ('bsc', 'BNB-A', 1, '0x52Aa899454998Be5b000Ad077a46Bbe360F4e497', 1.5, 0.05, 1000, 10);
    INSERT INTO snapshot.allocator_position (platform, chain, gem_symbol, operator_address, strategy)
    VALUES ('Venus', 'bsc', 'USDT', '0x52Aa899454998Be5b000Ad077a46Bbe360F4e497', 'Investment');
    RESET ROLE$$,
  'as coin_indexer: INSERT into the tables with identity columns works');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; TRUNCATE snapshot.chain_state; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: TRUNCATE is denied');

-- ---------------------------------------------------------------------------------------------
-- snapshot.is_address: TRON Base58 (T + 33 of the Base58 alphabet, which has no 0 O I l) or
-- EVM hex (0x + 40 hex digits, any case) on every other chain, plasma included.
SELECT is(snapshot.is_address('tron', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH'), true,
          'is_address: a TRON Base58 address');
SELECT is(snapshot.is_address('eth', '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'), true,
          'is_address: an EVM address with mixed-case (checksum) hex on eth');
SELECT is(snapshot.is_address('bsc', '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad'), true,
          'is_address: an EVM address with lower-case hex on bsc');
SELECT is(snapshot.is_address('plasma', '0x52Aa899454998Be5b000Ad077a46Bbe360F4e497'), true,
          'is_address: an EVM address on plasma');
SELECT is(snapshot.is_address('tron', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDg0'), false,
          'is_address: TRON with a 0 (not Base58)');
SELECT is(snapshot.is_address('tron', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgO'), false,
          'is_address: TRON with an O (not Base58)');
SELECT is(snapshot.is_address('tron', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgl'), false,
          'is_address: TRON with an l (not Base58)');
SELECT is(snapshot.is_address('tron', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgI'), false,
          'is_address: TRON with an I (not Base58)');
SELECT is(snapshot.is_address('tron', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDg'), false,
          'is_address: TRON one character short (33)');
SELECT is(snapshot.is_address('tron', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgHH'), false,
          'is_address: TRON one character long (35)');
SELECT is(snapshot.is_address('tron', 'AXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH'), false,
          'is_address: TRON not starting with T');
SELECT is(snapshot.is_address('tron', '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'), false,
          'is_address: an EVM address on tron');
SELECT is(snapshot.is_address('eth', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH'), false,
          'is_address: a TRON address on eth');
SELECT is(snapshot.is_address('eth', '3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'), false,
          'is_address: EVM without 0x');
SELECT is(snapshot.is_address('eth', '0X3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'), false,
          'is_address: EVM with 0X');
SELECT is(snapshot.is_address('eth', '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FA'), false,
          'is_address: EVM with 39 hex digits');
SELECT is(snapshot.is_address('eth', '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FADD'), false,
          'is_address: EVM with 41 hex digits');
SELECT is(snapshot.is_address('bsc', '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAg'), false,
          'is_address: EVM with a g (not hex)');
SELECT is(snapshot.is_address('eth', ' 0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'), false,
          'is_address: EVM with a leading space');
SELECT is(snapshot.is_address('eth', ''), false, 'is_address: the empty string');

-- The checks use it: the same Vault row is accepted with a valid address and refused
-- (check_violation, 23514) with an invalid one, so it is the address that is refused.
SELECT lives_ok(
  $$INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address,
                                min_collateral_ratio, stability_fee, debt_ceiling, dust)
    VALUES ('tron', 'USDD-A', 1, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 1.5, 0.05, 1000, 10)$$,
  'vault: a valid TRON address is accepted');
SELECT throws_ok(
  $$INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address,
                                min_collateral_ratio, stability_fee, debt_ceiling, dust)
    VALUES ('tron', 'USDD-B', 1, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', 1.5, 0.05, 1000, 10)$$,
  '23514', NULL, 'vault: a TRON address with a 0 violates a check');
SELECT throws_ok(
  $$INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address,
                                min_collateral_ratio, stability_fee, debt_ceiling, dust)
    VALUES ('tron', 'USDD-B', 1, '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD', 1.5, 0.05, 1000, 10)$$,
  '23514', NULL, 'vault: an EVM address on tron violates a check');
SELECT throws_ok(
  $$INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address,
                                min_collateral_ratio, stability_fee, debt_ceiling, dust)
    VALUES ('eth', 'ETH-B', 1, '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FA', 1.5, 0.05, 1000, 10)$$,
  '23514', NULL, 'vault: an EVM address with 39 hex digits violates a check');
SELECT throws_ok(
  $$INSERT INTO snapshot.allocator_position (platform, chain, gem_symbol, operator_address, strategy)
    VALUES ('Aave', 'plasma', 'USDT0', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH', 'Investment')$$,
  '23514', NULL, 'allocator_position: a TRON address on plasma violates a check');

-- ---------------------------------------------------------------------------------------------
-- NOTIFY on every write to snapshot: each table has trigger notify_written calling
-- snapshot.notify_written once per statement: after every kind of write on the allocator's
-- two tables, after TRUNCATE on the others, whose inserts, updates and deletes announce
-- their chains too (notify_chains.test.sql; the urns' tables by their Vaults' chains).
SELECT has_function('snapshot', 'notify_written', '{}'::name[]);
SELECT function_returns('snapshot', 'notify_written', '{}'::name[], 'trigger');
SELECT has_function('snapshot', 'notify_written_chains', '{}'::name[]);
SELECT function_returns('snapshot', 'notify_written_chains', '{}'::name[], 'trigger');
SELECT results_eq(
  $$SELECT c.relname::text COLLATE "default", t.tgname::text COLLATE "default", t.tgenabled::text, pg_get_triggerdef(t.oid)
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relnamespace = 'snapshot'::regnamespace AND t.tgname LIKE 'notify%'
     ORDER BY 1, 2$$,
  $$SELECT * FROM (
      SELECT t, 'notify_written', 'O', format('CREATE TRIGGER notify_written AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE'
                             ' ON snapshot.%s FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written()', t)
        FROM unnest(ARRAY['allocator_position', 'allocator_position_state']) AS t
      UNION ALL
      SELECT t, 'notify_written', 'O', format('CREATE TRIGGER notify_written AFTER TRUNCATE'
                             ' ON snapshot.%s FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written()', t)
        FROM unnest(ARRAY['chain_state', 'vault', 'vault_state', 'bark', 'clip_event', 'auction_status',
                          'finalized_block']) AS t
      UNION ALL
      SELECT t, 'notify_' || e.done, 'O', format('CREATE TRIGGER notify_%s AFTER %s ON snapshot.%s REFERENCING %s TABLE AS changed'
                             ' FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written_chains()',
                             e.done, e.event, t, e.rows)
        FROM unnest(ARRAY['chain_state', 'vault', 'vault_state', 'bark', 'clip_event', 'auction_status',
                          'finalized_block']) AS t,
             (VALUES ('inserted', 'INSERT', 'NEW'), ('updated', 'UPDATE', 'NEW'), ('deleted', 'DELETE', 'OLD')) AS e (done, event, rows)
      UNION ALL
      SELECT t, 'notify_written', 'O', format('CREATE TRIGGER notify_written AFTER TRUNCATE'
                             ' ON snapshot.%s FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written()', t)
        FROM unnest(ARRAY['urn', 'urn_event', 'urn_state', 'vault_price', 'urn_log_range']) AS t
      UNION ALL
      SELECT t, 'notify_' || e.done, 'O', format('CREATE TRIGGER notify_%s AFTER %s ON snapshot.%s REFERENCING %s TABLE AS changed'
                             ' FOR EACH STATEMENT EXECUTE FUNCTION snapshot.%s()',
                             e.done, e.event, t, e.rows,
                             CASE t WHEN 'urn_log_range' THEN 'notify_written_chains' ELSE 'notify_written_urn_chains' END)
        FROM unnest(ARRAY['urn', 'urn_event', 'urn_state', 'vault_price', 'urn_log_range']) AS t,
             (VALUES ('inserted', 'INSERT', 'NEW'), ('updated', 'UPDATE', 'NEW'), ('deleted', 'DELETE', 'OLD')) AS e (done, event, rows)
    ) AS expected ORDER BY 1, 2$$,
  'the notify triggers: enabled, once per statement, on every table');

-- ---------------------------------------------------------------------------------------------
-- COMMENT on every api view and on each of its columns.
SELECT is(
  ARRAY(SELECT c.oid::regclass::text FROM pg_class c
         WHERE c.relnamespace = 'api'::regnamespace
           AND coalesce(obj_description(c.oid, 'pg_class'), '') = ''
        UNION ALL
        SELECT c.oid::regclass::text || '.' || quote_ident(a.attname) FROM pg_class c
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         WHERE c.relnamespace = 'api'::regnamespace
           AND coalesce(col_description(c.oid, a.attnum), '') = ''
        ORDER BY 1),
  '{}'::text[],
  'every api view and every column of it has a COMMENT (listed here when missing)');

SELECT * FROM finish();
ROLLBACK;
