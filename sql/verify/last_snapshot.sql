-- Verify coin_api:last_snapshot on pg

SELECT taken_at FROM api.last_snapshot WHERE false;
SELECT 1 / (count(*) = 1)::int FROM api.last_snapshot;
