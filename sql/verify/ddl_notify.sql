-- Verify coin_api:ddl_notify on pg

SELECT 1 / (count(*) = 2)::int
  FROM pg_event_trigger
 WHERE evtfoid = 'derived.notify_ddl()'::regprocedure AND evtenabled = 'O'
   AND (evtname, evtevent) IN (('notify_ddl', 'ddl_command_end'), ('notify_ddl_drop', 'sql_drop'));
