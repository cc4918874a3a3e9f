-- Deploy coin_api:ddl_notify to pg
-- Every committed change to what the answers are made of (a view, function, table or comment
-- of api or derived created, replaced, altered, refreshed or dropped) announces itself on
-- snapshot_written, as a snapshot written does: the publisher renders every answer again and
-- the handlers drop their cached ones, so a `sqitch deploy` or `revert` shows at once, not at
-- the next snapshot. The payload is the command's tag ('CREATE VIEW'). NOTIFY is delivered at
-- commit, so listeners read the committed definitions; a rolled back change says nothing.
-- Two event triggers: ddl_command_end lists what was created or altered, and only sql_drop
-- lists what was dropped. Event triggers need a superuser, as the deploy does.

BEGIN;

CREATE FUNCTION derived.notify_ddl() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  ours boolean;
BEGIN
  IF TG_EVENT = 'sql_drop' THEN
    ours := EXISTS (SELECT FROM pg_event_trigger_dropped_objects()
                     WHERE schema_name IN ('api', 'derived'));
  ELSE
    ours := EXISTS (SELECT FROM pg_event_trigger_ddl_commands()
                     WHERE schema_name IN ('api', 'derived'));
  END IF;
  IF ours THEN
    PERFORM pg_notify('snapshot_written', TG_TAG);
  END IF;
END
$$;
COMMENT ON FUNCTION derived.notify_ddl() IS
  'NOTIFY snapshot_written, payload the command tag, for a DDL command on api or derived';

CREATE EVENT TRIGGER notify_ddl ON ddl_command_end EXECUTE FUNCTION derived.notify_ddl();
CREATE EVENT TRIGGER notify_ddl_drop ON sql_drop EXECUTE FUNCTION derived.notify_ddl();

COMMIT;
