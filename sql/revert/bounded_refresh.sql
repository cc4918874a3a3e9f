-- Revert coin_api:bounded_refresh from pg
-- Back to hourly_figures' definitions, word for word: a late, corrected or deleted row
-- recomputes every hour from its own on. The trigger goes first, so that nothing calls the
-- two-argument refresh when it is dropped.

BEGIN;

CREATE OR REPLACE FUNCTION derived.hourly_figures_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  earliest timestamptz;  -- the earliest snapshot time the statement wrote or removed
BEGIN
  IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME = 'vault' THEN
    earliest := '-infinity';
  ELSE
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      SELECT min(taken_at) INTO earliest FROM new_rows;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      SELECT least(earliest, min(taken_at)) INTO earliest FROM old_rows;
    END IF;
  END IF;
  -- A row taken at t changes the hours at or after t: from the first grid hour at or after t.
  PERFORM derived.refresh_hourly_figures(
            coalesce(derived.utc8_floor(earliest - interval '1 microsecond', interval '1 hour')
                       + interval '1 hour', 'infinity'));
  RETURN NULL;
END
$$;
COMMENT ON FUNCTION derived.hourly_figures_written() IS
  'Statement trigger of chain_state, vault_state and vault: refreshes derived.hourly_figures from '
  'the first hour the statement''s rows can change';

CREATE OR REPLACE FUNCTION derived.refresh_hourly_figures(changed_from timestamptz) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  first_hour timestamptz;  -- the first hour at or after the first chain snapshot
  last_hour  timestamptz;  -- the last hour at or before the latest one
  resume_at  timestamptz;
  daily_changed boolean;  -- a daily point (00:00 UTC+8) was removed or added
BEGIN
  -- One refresh at a time: a second writer waits, then sees the first one's points.
  PERFORM pg_advisory_xact_lock('derived.hourly_figures'::regclass::oid::bigint);
  SELECT derived.utc8_floor(min(f.taken_at) - interval '1 microsecond', interval '1 hour')
           + interval '1 hour'
    INTO first_hour
    FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain),
         LATERAL (SELECT taken_at FROM snapshot.chain_state AS cs
                   WHERE cs.chain = c.chain ORDER BY cs.taken_at LIMIT 1) AS f;
  SELECT derived.utc8_floor(taken_at, interval '1 hour') INTO last_hour FROM derived.as_of;

  WITH removed AS (
    DELETE FROM derived.hourly_figures
     WHERE last_hour IS NULL OR at >= changed_from OR at < first_hour OR at > last_hour
    RETURNING is_midnight
  )
  SELECT coalesce(bool_or(is_midnight), false) INTO daily_changed FROM removed;
  SELECT coalesce(max(at) + interval '1 hour', first_hour) INTO resume_at FROM derived.hourly_figures;
  WITH added AS (
    INSERT INTO derived.hourly_figures
           (at, chain, taken_at, coin_supply, scoin_supply, supply_value, earn_apy, earn_tvl,
            collateral_value, debt, minted)
    SELECT h, f.chain, f.taken_at, f.coin_supply, f.scoin_supply, f.supply_value, f.earn_apy,
           f.earn_tvl, f.collateral_value, f.debt, f.minted
      FROM generate_series(resume_at, last_hour, interval '1 hour') AS h
     CROSS JOIN LATERAL derived.chain_figures_at(h) AS f
    RETURNING is_midnight
  )
  SELECT daily_changed OR coalesce(bool_or(is_midnight), false) INTO daily_changed FROM added;
  IF daily_changed THEN
    REFRESH MATERIALIZED VIEW derived.daily_apy;
    REFRESH MATERIALIZED VIEW derived.daily_values;
  END IF;
END
$$;
COMMENT ON FUNCTION derived.refresh_hourly_figures(timestamptz) IS
  'Recomputes derived.hourly_figures from hour changed_from on (''infinity'': none), adds the '
  'hours up to the latest chain snapshot that are missing and drops those outside the snapshots; '
  'refreshes derived.daily_apy and derived.daily_values when a daily point changed';

DROP FUNCTION derived.refresh_hourly_figures(timestamptz, derived.written_row[]);
DROP TYPE derived.written_row;

COMMIT;
