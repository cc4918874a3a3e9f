-- Verify coin_api:notify_chains on pg

SELECT 1 / (count(*) = 9)::int
  FROM pg_trigger
 WHERE tgname IN ('notify_inserted', 'notify_updated', 'notify_deleted') AND tgrelid::regclass::text LIKE 'snapshot.%';
SELECT taken_at FROM api.clock WHERE false;
