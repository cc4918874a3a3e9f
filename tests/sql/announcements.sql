-- What a committed statement announces on snapshot_written, for the SQL tests (\ir
-- announcements.sql); not a test itself. NOTIFY is delivered at commit, and a test's own
-- transaction never commits: the statements run in a second session that commits them
-- (dblink, 'writer'), and a third LISTENs ('listener'). After each, the writer also sends
-- NOTIFY snapshot_written, 'end', and everything the listener received before that marker is
-- what the statements announced (a session's notifications arrive in commit order). Both
-- sessions are on this cluster's own socket, as the superuser running the test.
CREATE EXTENSION IF NOT EXISTS dblink;

DO $$
BEGIN
  PERFORM dblink_connect(name, format('host=%s port=%s dbname=%s user=%s',
                                      split_part(current_setting('unix_socket_directories'), ',', 1),
                                      current_setting('port'), current_database(), current_user))
     FROM unnest(ARRAY['listener', 'writer']) AS name;
  PERFORM dblink_exec('listener', 'LISTEN snapshot_written');
END
$$;

-- What `statements`, committed by the writer, made the listener receive (payloads in order).
-- Gives up after 5 s without the marker.
CREATE FUNCTION pg_temp.announced(statements text) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  payloads text[] := '{}';
  payload text;
  deadline timestamptz := clock_timestamp() + interval '5 s';
BEGIN
  PERFORM dblink_exec('writer', statements);
  PERFORM dblink_exec('writer', $sql$NOTIFY snapshot_written, 'end'$sql$);
  LOOP
    FOR payload IN SELECT extra FROM dblink_get_notify('listener') WHERE notify_name = 'snapshot_written' LOOP
      IF payload = 'end' THEN
        RETURN payloads;
      END IF;
      payloads := payloads || payload;
    END LOOP;
    IF clock_timestamp() > deadline THEN
      RAISE 'no NOTIFY snapshot_written, ''end'' within 5 s';
    END IF;
    PERFORM pg_sleep(0.01);
  END LOOP;
END
$$;
