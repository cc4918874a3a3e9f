-- Revert coin_api:appended_hours from pg
-- Every statement that writes the hourly tables moves the generation again, as liquidation_parts
-- made it.

BEGIN;

CREATE OR REPLACE FUNCTION derived.kept_points_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT FROM written) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_ARGV[0] = 'liquidations' THEN
    UPDATE derived.kept_generation SET liquidations = liquidations + 1;
  ELSE
    UPDATE derived.kept_generation SET generation = generation + 1;
  END IF;
  RETURN NULL;
END
$$;
COMMENT ON FUNCTION derived.kept_points_written() IS
  'Statement trigger of derived.hourly_figures, snapshot.bark and snapshot.clip_event: moves derived.kept_generation '
  '(its liquidations with the argument ''liquidations'') when rows were written';
COMMENT ON TABLE derived.kept_generation IS
  'How many statements have written derived.hourly_figures (and so derived.hourly_vault_figures, '
  'which only its triggers write): part of each history''s kept_key, so that a kept point written '
  'again (a late row, a backfill, a reorganisation, a new hour) changes it';

COMMIT;
