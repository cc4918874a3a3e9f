-- Deploy coin_api:snapshot_notify to pg
-- Every statement that writes to a snapshot table announces it on channel snapshot_written,
-- with the table's name as payload, so caches can be dropped at once instead of on a timer.
-- Statement-level triggers, and PostgreSQL folds equal notifications of one transaction into
-- one: a bulk load announces each table once.

BEGIN;

CREATE FUNCTION snapshot.notify_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('snapshot_written', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
COMMENT ON FUNCTION snapshot.notify_written() IS 'NOTIFY snapshot_written, payload the table written to';

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['chain_state', 'vault', 'vault_state',
                           'allocator_position', 'allocator_position_state'] LOOP
    EXECUTE format('CREATE TRIGGER notify_written
                      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON snapshot.%I
                      FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written()', t);
  END LOOP;
END
$$;

COMMIT;
