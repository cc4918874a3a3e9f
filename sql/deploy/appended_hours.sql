-- Deploy coin_api:appended_hours to pg
-- A new hour of the grid no longer moves derived.kept_generation.generation. The first snapshot
-- past an hour (of any chain: derived.as_of) adds that hour's rows to the hourly tables, and that
-- statement moved the generation, which every history's kept_key names: every window of every
-- chain was rendered and compressed whole again, the daily ones too, whose points had not
-- changed, in the set that should have cost a new hourly point (57 ms to publish rather than 28
-- at the benchmark's scale).
--
-- Rows added past every row the table had change no kept part a kept_key still names: a window
-- keeps the points before its chain's clock, and the rows of an hour are added by the statement
-- that takes the API's clock past it, so no chain's clock was past it when its key was made;
-- a chain whose clock now passes it moved its window's first grid point with it (the hourly
-- windows' every hour, the daily ones' at 00:00 UTC+8, the only hour a daily window reads),
-- which the kept_key names. Every other write moves the generation as before: rows rewritten
-- or removed (a late row, a correction, a reorganisation), and rows added before others (a
-- backfill of older snapshots, a first snapshot older than the rest).

BEGIN;

CREATE OR REPLACE FUNCTION derived.kept_points_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN  -- a TRUNCATE has no rows: `written` is named only past it
    IF NOT EXISTS (SELECT FROM written) THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' AND TG_ARGV[0] IS NULL THEN
      IF (SELECT count(*) FROM derived.hourly_figures WHERE at >= (SELECT min(at) FROM written))
         = (SELECT count(*) FROM written) THEN
        RETURN NULL;  -- hours added past every other: the windows' first grid points name them
      END IF;
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
  '(its liquidations with the argument ''liquidations'') when rows were written, but for hours added past every '
  'other row of the hourly tables';
COMMENT ON TABLE derived.kept_generation IS
  'How many statements have rewritten, removed or added rows of derived.hourly_figures (and so of '
  'derived.hourly_vault_figures, which only its triggers write) but for hours added past every other row: part '
  'of each history''s kept_key, so that a kept point written again (a late row, a backfill, a reorganisation) '
  'changes it';

COMMIT;
