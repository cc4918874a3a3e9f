-- Verify coin_api:snapshot_notify on pg

SELECT 1 / (count(*) = 5)::int
  FROM pg_trigger
 WHERE tgname = 'notify_written' AND tgrelid::regclass::text LIKE 'snapshot.%';
