-- Verify coin_api:appended_hours on pg

SELECT 1 / (strpos(prosrc, 'past every other') > 0)::integer
  FROM pg_proc WHERE oid = 'derived.kept_points_written()'::regprocedure;
