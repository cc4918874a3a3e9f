-- Revert coin_api:hourly_figures from pg

BEGIN;

DROP TRIGGER hourly_figures_vault_moved ON snapshot.vault;
DO $$
DECLARE
  t text;
  kind text;
BEGIN
  FOREACH t IN ARRAY ARRAY['chain_state', 'vault_state'] LOOP
    FOREACH kind IN ARRAY ARRAY['inserted', 'updated', 'deleted', 'truncated'] LOOP
      EXECUTE format('DROP TRIGGER hourly_figures_%s ON snapshot.%I', kind, t);
    END LOOP;
  END LOOP;
END
$$;
DROP FUNCTION derived.hourly_figures_written();
DROP FUNCTION derived.refresh_hourly_figures(timestamptz);
DROP MATERIALIZED VIEW derived.daily_values;
DROP MATERIALIZED VIEW derived.daily_apy;
DROP FUNCTION derived.cross_chain_apy(numeric, numeric, numeric, bigint);
DROP TABLE derived.hourly_figures;

COMMIT;
