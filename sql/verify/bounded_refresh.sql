-- Verify coin_api:bounded_refresh on pg

SELECT w.chain, w.vault_id, w.taken_at FROM unnest('{}'::derived.written_row[]) AS w;
SELECT 'derived.refresh_hourly_figures(timestamptz, derived.written_row[])'::regprocedure;
