-- Least privilege (sql/deploy/privileges.sql, the roles in sql/deploy/roles.sql): coin_api
-- reads the api views and nothing else, writes and creates nothing; coin_indexer writes
-- snapshot rows and changes nothing of the schema; neither has a password or a role attribute
-- after the deploy.
--
-- As in schema.test.sql, a statement runs as a role by switching itself ('SET LOCAL ROLE r;
-- <stmt>; RESET ROLE'). SET ROLE does not apply the role's settings, so these transactions
-- are not read-only: what is denied here is denied by the privileges alone.
BEGIN;
\ir fixture.sql
\ir reader_calls.sql

SELECT plan(51);

-- The functions of snapshot and derived.
CREATE FUNCTION pg_temp.our_functions() RETURNS SETOF regprocedure LANGUAGE sql AS $$
  SELECT oid::regprocedure FROM pg_proc
   WHERE pronamespace IN ('snapshot'::regnamespace, 'derived'::regnamespace)
$$;
-- Every table, view, materialized view and sequence but the system catalogs' (PUBLIC reads
-- those, by PostgreSQL's design) and pgTAP's (its views, and the temporary tables it keeps
-- for this session, are PUBLIC's).
CREATE FUNCTION pg_temp.our_relations() RETURNS TABLE (oid oid, relkind "char", relnamespace oid)
LANGUAGE sql AS $$
  SELECT c.oid, c.relkind, c.relnamespace FROM pg_class c
   WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
     AND c.relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace,
                                pg_my_temp_schema())
     AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                                              AND d.objid = c.oid AND d.deptype = 'e')
$$;
SELECT ok((SELECT count(*) FROM pg_temp.our_functions()) > 10
          AND (SELECT count(*) FROM pg_proc WHERE pronamespace = 'api'::regnamespace) > 1
          AND (SELECT count(*) FROM pg_temp.our_relations() WHERE relnamespace = 'api'::regnamespace) > 10
          AND (SELECT count(*) FROM pg_temp.our_relations() WHERE relnamespace = 'snapshot'::regnamespace) > 5,
          'the sweeps below see our functions, the api functions and views and the snapshot tables (not vacuous)');

-- ---------------------------------------------------------------------------------------------
-- The roles: no password from the deploy, no attribute beyond LOGIN.
SELECT results_eq(
  $$SELECT rolname::text COLLATE "default", rolpassword IS NULL FROM pg_authid
     WHERE rolname IN ('coin_api', 'coin_indexer') ORDER BY 1$$,
  $$VALUES ('coin_api', true), ('coin_indexer', true)$$,
  'coin_api and coin_indexer have no password after the deploy (pg_authid)');
SELECT results_eq(
  $$SELECT rolname::text COLLATE "default", rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolreplication,
           rolbypassrls
      FROM pg_roles WHERE rolname IN ('coin_api', 'coin_indexer') ORDER BY 1$$,
  $$VALUES ('coin_api', true, false, false, false, false, false),
           ('coin_indexer', true, false, false, false, false, false)$$,
  'coin_api and coin_indexer: LOGIN, NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS');

-- ---------------------------------------------------------------------------------------------
-- The database: CONNECT for the two roles, nothing for PUBLIC (no temporary tables, no schemas).
SELECT results_eq(
  $$SELECT r, has_database_privilege(r, current_database(), 'CONNECT'),
           has_database_privilege(r, current_database(), 'TEMPORARY'),
           has_database_privilege(r, current_database(), 'CREATE')
      FROM unnest(ARRAY['coin_api', 'coin_indexer', 'public']) AS r ORDER BY 1$$,
  $$VALUES ('coin_api', true, false, false), ('coin_indexer', true, false, false),
           ('public', false, false, false)$$,
  'database: CONNECT for coin_api and coin_indexer, no TEMPORARY or CREATE for them or PUBLIC');
SELECT results_eq(
  $$SELECT CASE a.grantee WHEN 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END, a.privilege_type
      FROM pg_database d, aclexplode(d.datacl) AS a
     WHERE d.datname = current_database() AND a.grantee <> d.datdba ORDER BY 1, 2$$,
  $$VALUES ('coin_api', 'CONNECT'), ('coin_indexer', 'CONNECT')$$,
  'database: granted to no one else (its owner aside)');
SELECT throws_ok($$SET LOCAL ROLE coin_api; CREATE TEMP TABLE t (i int); RESET ROLE$$,
                 '42501', NULL, 'as coin_api: CREATE TEMP TABLE is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_api; CREATE SCHEMA s; RESET ROLE$$,
                 '42501', NULL, 'as coin_api: CREATE SCHEMA is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; CREATE TEMP TABLE t (i int); RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: CREATE TEMP TABLE is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; CREATE SCHEMA s; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: CREATE SCHEMA is denied');

-- Schemas: USAGE on its own schema (and the catalogs, PostgreSQL's), CREATE nowhere.
SELECT is(
  ARRAY(SELECT r || ' ' || p || ' ' || n.nspname
          FROM pg_namespace n, unnest(ARRAY['coin_api', 'coin_indexer']) AS r,
               unnest(ARRAY['USAGE', 'CREATE']) AS p
         WHERE has_schema_privilege(r, n.oid, p)
           AND n.nspname NOT IN ('pg_catalog', 'information_schema')
           AND n.oid <> pg_my_temp_schema()  -- this session's, open to every role in it
         ORDER BY 1),
  ARRAY['coin_api USAGE api', 'coin_indexer USAGE snapshot'],
  'schemas: coin_api USAGE on api, coin_indexer USAGE on snapshot, nothing else');

-- ---------------------------------------------------------------------------------------------
-- Functions of snapshot and derived: EXECUTE for no one but where a role's statements call
-- them (coin_api's: reader_calls.sql).
SELECT is(
  ARRAY(SELECT f::text FROM pg_temp.our_functions() AS f
         WHERE has_function_privilege('public', f, 'EXECUTE') ORDER BY 1),
  '{}'::text[],
  'PUBLIC can execute no function of snapshot or derived (listed here when it can)');
SELECT is(
  ARRAY(SELECT f::text FROM pg_temp.our_functions() AS f
         WHERE has_function_privilege('coin_api', f, 'EXECUTE') ORDER BY 1),
  ARRAY(SELECT f::text FROM pg_temp.reader_calls() AS f
         WHERE f IN (SELECT pg_temp.our_functions()) ORDER BY 1),
  'coin_api can execute exactly the functions the api views call as their reader');
SELECT is(
  ARRAY(SELECT f::text FROM pg_temp.our_functions() AS f
         WHERE has_function_privilege('coin_indexer', f, 'EXECUTE') ORDER BY 1),
  ARRAY(SELECT DISTINCT d.refobjid::regprocedure::text
          FROM pg_constraint c
          JOIN pg_depend d ON d.classid = 'pg_constraint'::regclass AND d.objid = c.oid
                          AND d.refclassid = 'pg_proc'::regclass
         WHERE c.connamespace = 'snapshot'::regnamespace
           AND d.refobjid::regprocedure IN (SELECT pg_temp.our_functions())
        UNION
        SELECT unnest(ARRAY['snapshot.descale(numeric,integer)', 'snapshot.apy_of_rate(numeric)',
                            'snapshot.apy_of_annual_rate(numeric)',
                            'snapshot.apy_of_growth(numeric,numeric,numeric)',
                            'snapshot.price_of_spot(numeric,numeric,numeric)'])
         ORDER BY 1),
  'coin_indexer can execute exactly the functions the snapshot CHECKs call (is_address) and '
  'the conversions its statements call (chain_units, growth_apy)');
-- Functions of api: the handlers call each on their answers, as coin_api; no one else may.
SELECT is(
  ARRAY(SELECT p.oid::regprocedure::text || ' ' || r
          FROM pg_proc p, unnest(ARRAY['coin_api', 'coin_indexer', 'public']) AS r
         WHERE p.pronamespace = 'api'::regnamespace
           AND has_function_privilege(r, p.oid, 'EXECUTE') <> (r = 'coin_api')
         ORDER BY 1),
  '{}'::text[],
  'coin_api can execute every function of api, coin_indexer and PUBLIC none (listed here when not so)');
SELECT lives_ok(
  'SET LOCAL ROLE coin_api; '
  || (SELECT string_agg(format('SELECT * FROM %s', c.oid::regclass), '; ')
        FROM pg_class c WHERE c.relnamespace = 'api'::regnamespace)
  || '; RESET ROLE',
  'as coin_api: SELECT from every api view works (it can execute what they call)');
-- A function created later (here by the deploying role, as the test runs as it) is no one's.
CREATE FUNCTION derived.probe() RETURNS int LANGUAGE sql RETURN 1;
SELECT results_eq(
  $$SELECT r, has_function_privilege(r, 'derived.probe()', 'EXECUTE')
      FROM unnest(ARRAY['coin_api', 'coin_indexer', 'public']) AS r ORDER BY 1$$,
  $$VALUES ('coin_api', false), ('coin_indexer', false), ('public', false)$$,
  'a function created after the deploy: not executable by coin_api, coin_indexer or PUBLIC');
-- Even with USAGE on derived (so that the name resolves), EXECUTE is what denies the call.
SELECT throws_ok(
  $$GRANT USAGE ON SCHEMA derived TO coin_api; SET LOCAL ROLE coin_api;
    SELECT derived.refresh_hourly_figures('-infinity'); RESET ROLE$$,
  '42501', 'permission denied for function refresh_hourly_figures',
  'as coin_api, even with USAGE on derived: calling derived.refresh_hourly_figures is denied');
SELECT throws_ok(
  $$SET LOCAL ROLE coin_indexer; SELECT derived.refresh_hourly_figures('-infinity'); RESET ROLE$$,
  '42501', NULL, 'as coin_indexer: calling derived.refresh_hourly_figures is denied');

-- Large objects: the one thing a role may create without a privilege on a table.
SELECT is(
  ARRAY(SELECT r || ' ' || f FROM unnest(ARRAY['coin_api', 'coin_indexer', 'public']) AS r,
               unnest(ARRAY['lo_creat(integer)', 'lo_create(oid)', 'lo_from_bytea(oid, bytea)']) AS f
         WHERE has_function_privilege(r, f, 'EXECUTE') ORDER BY 1),
  '{}'::text[],
  'no one can create a large object (lo_creat, lo_create, lo_from_bytea)');
SELECT throws_ok($$SET LOCAL ROLE coin_api; SELECT lo_from_bytea(0, 'x'); RESET ROLE$$,
                 '42501', NULL, 'as coin_api: creating a large object is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; SELECT lo_create(0); RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: creating a large object is denied');

-- ---------------------------------------------------------------------------------------------
-- coin_api writes nothing.
SELECT is(
  ARRAY(SELECT c.oid::regclass::text FROM pg_temp.our_relations() AS c
         WHERE (has_table_privilege('coin_api', c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
                OR has_any_column_privilege('coin_api', c.oid, 'INSERT, UPDATE, REFERENCES')
                OR (c.relnamespace <> 'api'::regnamespace
                    AND has_any_column_privilege('coin_api', c.oid, 'SELECT'))
                OR (c.relkind = 'S' AND has_sequence_privilege('coin_api', c.oid, 'USAGE')))
         ORDER BY 1),
  '{}'::text[],
  'coin_api has no privilege on any relation but SELECT on those of api (listed here when it has)');
-- A session of coin_api is read-only by default, but may turn that off: the privileges hold.
SELECT throws_ok(
  $$SET LOCAL ROLE coin_api; SET LOCAL default_transaction_read_only = off;
    INSERT INTO snapshot.chain_state VALUES ('tron', now(), 1, 1, 1, 1, 0.04, 1); RESET ROLE$$,
  '42501', NULL, 'as coin_api, read-only turned off: INSERT into snapshot.chain_state is denied');
SELECT throws_ok(
  $$SET LOCAL ROLE coin_api; UPDATE snapshot.chain_state SET earn_tvl = 0; RESET ROLE$$,
  '42501', NULL, 'as coin_api: UPDATE of snapshot.chain_state is denied');
SELECT throws_ok(
  $$SET LOCAL ROLE coin_api; DELETE FROM derived.hourly_figures; RESET ROLE$$,
  '42501', NULL, 'as coin_api: DELETE from derived.hourly_figures is denied');
-- The api views are not updatable (a write fails before any privilege is checked), so the
-- privilege is shown on one that is: a new view in api gets SELECT for coin_api, nothing more.
SELECT throws_ok(
  $$CREATE VIEW api.probe AS SELECT * FROM snapshot.chain_state;
    SET LOCAL ROLE coin_api; UPDATE api.probe SET earn_tvl = 0; RESET ROLE$$,
  '42501', 'permission denied for view probe',
  'as coin_api: UPDATE of an updatable view in api is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_api; CREATE FUNCTION api.f() RETURNS int LANGUAGE sql RETURN 1; RESET ROLE$$,
                 '42501', NULL, 'as coin_api: CREATE FUNCTION in api is denied');

-- Notifications: the handlers LISTEN as coin_api. NOTIFY needs no privilege in PostgreSQL
-- (which is why pg_notify is left to PUBLIC; see the deploy script).
SELECT lives_ok($$SET LOCAL ROLE coin_api; LISTEN snapshot_written; RESET ROLE$$,
                'as coin_api: LISTEN snapshot_written works');
SELECT lives_ok($$SET LOCAL ROLE coin_api; NOTIFY snapshot_written; RESET ROLE$$,
                'as coin_api: NOTIFY works (no privilege guards it)');

-- ---------------------------------------------------------------------------------------------
-- coin_indexer: SELECT, INSERT, UPDATE, DELETE on the snapshot tables and USAGE on their
-- sequences (schema.test.sql), nothing anywhere else, and no change to the schema.
SELECT is(
  ARRAY(SELECT c.oid::regclass::text FROM pg_temp.our_relations() AS c
         WHERE (has_table_privilege('coin_indexer', c.oid, 'TRUNCATE, REFERENCES, TRIGGER')
                OR has_any_column_privilege('coin_indexer', c.oid, 'REFERENCES')
                OR (c.relnamespace <> 'snapshot'::regnamespace
                    AND (has_table_privilege('coin_indexer', c.oid, 'DELETE')
                         OR has_any_column_privilege('coin_indexer', c.oid, 'SELECT, INSERT, UPDATE')
                         OR (c.relkind = 'S' AND has_sequence_privilege('coin_indexer', c.oid, 'USAGE')))))
         ORDER BY 1),
  '{}'::text[],
  'coin_indexer has no privilege on any relation outside snapshot, no TRUNCATE, REFERENCES or TRIGGER in it');

-- The api and derived views and functions.
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; CREATE OR REPLACE VIEW api.total_supply AS SELECT 1 AS total_supply; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: CREATE OR REPLACE VIEW api.total_supply is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; DROP VIEW api.total_supply; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: DROP VIEW api.total_supply is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; ALTER VIEW api.total_supply RENAME TO old; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: ALTER VIEW api.total_supply is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; COMMENT ON VIEW api.total_supply IS 'x'; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: COMMENT ON VIEW api.total_supply is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; DROP VIEW derived.token_supply; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: DROP VIEW derived.token_supply is denied');
SELECT throws_ok(
  $$SET LOCAL ROLE coin_indexer;
    CREATE OR REPLACE FUNCTION derived.utc8_text(at timestamptz) RETURNS text LANGUAGE sql RETURN 'x';
    RESET ROLE$$,
  '42501', NULL, 'as coin_indexer: CREATE OR REPLACE FUNCTION derived.utc8_text is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; DROP FUNCTION derived.chain_state_at(timestamptz); RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: DROP FUNCTION derived.chain_state_at is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; DELETE FROM derived.hourly_figures; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: DELETE from derived.hourly_figures is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; REFRESH MATERIALIZED VIEW derived.daily_apy; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: REFRESH MATERIALIZED VIEW derived.daily_apy is denied');

-- Creating anything in any of the schemas.
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; CREATE TABLE api.x (i int); RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: CREATE TABLE in api is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; CREATE TABLE derived.x (i int); RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: CREATE TABLE in derived is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; CREATE TABLE snapshot.x (i int); RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: CREATE TABLE in snapshot is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; CREATE TABLE public.x (i int); RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: CREATE TABLE in public is denied');

-- The snapshot tables it writes: their definition, and the triggers that keep
-- derived.hourly_figures and the handlers' caches in step with every write.
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; ALTER TABLE snapshot.chain_state ADD COLUMN x int; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: ALTER TABLE snapshot.chain_state ADD COLUMN is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; ALTER TABLE snapshot.vault DROP CONSTRAINT vault_check; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: ALTER TABLE snapshot.vault DROP CONSTRAINT is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; COMMENT ON TABLE snapshot.chain_state IS 'x'; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: COMMENT ON TABLE snapshot.chain_state is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; DROP TRIGGER notify_written ON snapshot.chain_state; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: DROP TRIGGER notify_written is denied');
SELECT throws_ok(
  $$SET LOCAL ROLE coin_indexer; ALTER TABLE snapshot.vault_state DISABLE TRIGGER hourly_figures_inserted; RESET ROLE$$,
  '42501', NULL, 'as coin_indexer: ALTER TABLE snapshot.vault_state DISABLE TRIGGER is denied');
SELECT throws_ok(
  $$SET LOCAL ROLE coin_indexer;
    CREATE TRIGGER x BEFORE INSERT ON snapshot.chain_state EXECUTE FUNCTION snapshot.notify_written();
    RESET ROLE$$,
  '42501', NULL, 'as coin_indexer: CREATE TRIGGER on snapshot.chain_state is denied');
SELECT throws_ok(
  $$SET LOCAL ROLE coin_indexer;
    CREATE OR REPLACE FUNCTION snapshot.notify_written() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
    RESET ROLE$$,
  '42501', NULL, 'as coin_indexer: CREATE OR REPLACE FUNCTION snapshot.notify_written is denied');
SELECT throws_ok($$SET LOCAL ROLE coin_indexer; SET LOCAL session_replication_role = replica; RESET ROLE$$,
                 '42501', NULL, 'as coin_indexer: SET session_replication_role (no triggers fire) is denied');

SELECT * FROM finish();
ROLLBACK;
