-- A committed DDL command on api or derived announces itself on snapshot_written (sql/deploy/
-- ddl_notify.sql), with the command's tag; one on another schema, or rolled back, does not.
--
-- Each command runs in a session that commits it, and pg_temp.announced (announcements.sql)
-- says what it announced. Every object a command creates is dropped again.
BEGIN;

SELECT plan(13);

SELECT results_eq(
  $$SELECT evtname::text COLLATE "default", evtevent::text COLLATE "default", evtenabled::text,
           evtfoid::regprocedure::text, evttags IS NULL
      FROM pg_event_trigger ORDER BY 1$$,
  $$VALUES ('notify_ddl', 'ddl_command_end', 'O', 'derived.notify_ddl()', true),
           ('notify_ddl_drop', 'sql_drop', 'O', 'derived.notify_ddl()', true)$$,
  'the event triggers: notify_ddl on ddl_command_end, notify_ddl_drop on sql_drop, enabled, every tag');

\ir announcements.sql

SELECT is(pg_temp.announced('CREATE VIEW api.ddl_probe AS SELECT 1 AS one'), '{"CREATE VIEW"}',
          'CREATE VIEW in api announces CREATE VIEW');
SELECT is(pg_temp.announced('CREATE OR REPLACE VIEW api.ddl_probe AS SELECT 2 AS one'), '{"CREATE VIEW"}',
          'CREATE OR REPLACE VIEW in api announces CREATE VIEW');
SELECT is(pg_temp.announced($$COMMENT ON VIEW api.ddl_probe IS 'probe'$$), '{COMMENT}',
          'COMMENT ON a view of api announces COMMENT');
SELECT is(pg_temp.announced('DROP VIEW api.ddl_probe'), '{"DROP VIEW"}',
          'DROP VIEW in api announces DROP VIEW (sql_drop)');
SELECT is(pg_temp.announced('CREATE FUNCTION derived.ddl_probe() RETURNS int LANGUAGE sql RETURN 1'),
          '{"CREATE FUNCTION"}', 'CREATE FUNCTION in derived announces CREATE FUNCTION');
SELECT is(pg_temp.announced('DROP FUNCTION derived.ddl_probe()'), '{"DROP FUNCTION"}',
          'DROP FUNCTION in derived announces DROP FUNCTION');
SELECT is(pg_temp.announced('REFRESH MATERIALIZED VIEW derived.daily_apy'), '{"REFRESH MATERIALIZED VIEW"}',
          'REFRESH MATERIALIZED VIEW of derived announces it (the answers may change)');
-- A deploy: one transaction, a notification per kind of command (equal ones fold into one).
SELECT is(pg_temp.announced('BEGIN; CREATE VIEW api.ddl_probe AS SELECT 1 AS one;
                             CREATE VIEW api.ddl_probe_2 AS SELECT 2 AS two;
                             DROP VIEW api.ddl_probe, api.ddl_probe_2; COMMIT'),
          '{"CREATE VIEW","DROP VIEW"}',
          'a transaction of commands announces each tag once, at commit');
SELECT is(pg_temp.announced('BEGIN; CREATE VIEW api.ddl_probe AS SELECT 1 AS one; ROLLBACK'), '{}',
          'a rolled back CREATE VIEW announces nothing');
SELECT is(pg_temp.announced('CREATE TABLE public.ddl_probe (one int); DROP TABLE public.ddl_probe'), '{}',
          'a table created and dropped in public announces nothing');
SELECT is(pg_temp.announced('CREATE TABLE snapshot.ddl_probe (one int); DROP TABLE snapshot.ddl_probe'), '{}',
          'a table created and dropped in snapshot announces nothing (its writes do, by trigger)');
SELECT is(
  ARRAY(SELECT oid::regclass::text FROM pg_class WHERE relname LIKE 'ddl\_probe%'
        UNION ALL
        SELECT oid::regproc::text FROM pg_proc WHERE proname = 'ddl_probe' ORDER BY 1),
  '{}'::text[], 'every probe is gone');

SELECT * FROM finish();
ROLLBACK;
