-- Deploy coin_api:bounded_refresh to pg
-- A late, corrected or deleted snapshot row recomputes only the hours it can change.
--
-- Until now such a row recomputed every hour from its own to the latest (hourly_figures): a
-- backfill of a year of hourly history written newest-first, one transaction per hour and
-- chain, cost about n^2/2 chain_figures_at calls. But "at time h" means the latest row at or
-- before h (derived_figures), so a row of chain C taken at t is what C's figures show at the
-- hours h with t <= h < C's next chain_state after t, and at no other hour; a vault_state row of
-- Vault V, likewise until V's next vault_state, where it is one term of V's chain's sums. That
-- holds for a removed row as well (it was shown there) and for a multi-row statement, with
-- "next" read in the table as the statement left it: an hour whose latest row differs before
-- and after the statement lies in the span of its new latest row, or of its old one, whose next
-- row after it in the new table is then beyond the hour. A backfill written newest-first then
-- costs one hour per row: its next row is the one written just before it.
-- (allocator_position_state has no span: no hourly figure reads it.)
--
-- derived.refresh_hourly_figures(changed_from, written) therefore
--   1. deletes, as before, the hours outside the first and latest chain snapshots and those from
--      changed_from on ('infinity': none; '-infinity': all): the table keeps a run of whole hours;
--   2. recomputes in place, within that run, each chain's rows at the hours of the spans of the
--      written rows (an UPDATE: derived.hourly_vault_figures' trigger rewrites every Vault's
--      row at those hours, so a Vault's own span is covered by its chain's);
--   3. adds the missing hours at either end, whole: those before the run when an older first
--      snapshot came, those after it when a newer latest one did (as before).
-- It takes the written rows, not the spans, so that the spans are read under its lock, after
-- every concurrent writer's refresh has committed, as everything else it reads.
-- The triggers on the snapshot tables pass their rows; a Vault moved between chains or a
-- TRUNCATE still recomputes every hour; derived.daily_apy and derived.daily_values are still
-- refreshed only when a daily point was removed, rewritten or added.

BEGIN;

CREATE TYPE derived.written_row AS (chain snapshot.chain, vault_id integer, taken_at timestamptz);
COMMENT ON TYPE derived.written_row IS
  'A snapshot row a statement wrote or removed, by its key: a chain_state (chain, taken_at; '
  'vault_id null) or a vault_state (vault_id, taken_at; chain null)';

CREATE FUNCTION derived.refresh_hourly_figures(changed_from timestamptz, written derived.written_row[])
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  first_hour timestamptz;  -- the first hour at or after the first chain snapshot
  last_hour  timestamptz;  -- the last hour at or before the latest one
  kept_first timestamptz;  -- the run of hours the table keeps after step 1
  kept_last  timestamptz;
  daily_changed boolean;  -- a daily point (00:00 UTC+8) was removed, rewritten or added
  rewritten boolean;
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

  -- 1. The hours outside the snapshots, and every hour from changed_from on.
  WITH removed AS (
    DELETE FROM derived.hourly_figures
     WHERE last_hour IS NULL OR at >= changed_from OR at < first_hour OR at > last_hour
    RETURNING is_midnight
  )
  SELECT coalesce(bool_or(is_midnight), false) INTO daily_changed FROM removed;
  SELECT min(at), max(at) INTO kept_first, kept_last FROM derived.hourly_figures;

  -- 2. The kept rows the written rows can change: a row taken at t, of chain C (a chain_state)
  -- or of a Vault on C (a vault_state), changes C's rows at the hours from t (the first at or
  -- after it) until the next row of that chain or Vault after t (the last hour before it; none:
  -- to the end). The hours outside the run are added whole by step 3.
  IF kept_first IS NOT NULL AND cardinality(written) > 0 THEN
    WITH span AS (
      SELECT coalesce(w.chain, v.chain) AS chain, w.taken_at AS since,
             coalesce(next_chain.taken_at, next_vault.taken_at) AS until
        FROM unnest(written) AS w
        LEFT JOIN snapshot.vault AS v ON v.vault_id = w.vault_id
        LEFT JOIN LATERAL (SELECT cs.taken_at FROM snapshot.chain_state AS cs
                            WHERE cs.chain = w.chain AND cs.taken_at > w.taken_at
                            ORDER BY cs.taken_at LIMIT 1) AS next_chain ON true
        LEFT JOIN LATERAL (SELECT vs.taken_at FROM snapshot.vault_state AS vs
                            WHERE vs.vault_id = w.vault_id AND vs.taken_at > w.taken_at
                            ORDER BY vs.taken_at LIMIT 1) AS next_vault ON true
    ),
    stale AS (
      SELECT DISTINCT s.chain, h.at
        FROM span AS s
       CROSS JOIN LATERAL generate_series(
               greatest(derived.utc8_floor(s.since - interval '1 microsecond', interval '1 hour')
                          + interval '1 hour', kept_first),
               least(derived.utc8_floor(s.until - interval '1 microsecond', interval '1 hour'),
                     kept_last),  -- least() skips a null: no next row
               interval '1 hour') AS h(at)
    ),
    updated AS (
      UPDATE derived.hourly_figures AS f
         SET taken_at = n.taken_at, coin_supply = n.coin_supply, scoin_supply = n.scoin_supply,
             supply_value = n.supply_value, earn_apy = n.earn_apy, earn_tvl = n.earn_tvl,
             collateral_value = n.collateral_value, debt = n.debt, minted = n.minted
        FROM stale AS x
       CROSS JOIN LATERAL derived.chain_figures_at(x.at) AS n
       WHERE n.chain = x.chain AND f.at = x.at AND f.chain = x.chain
      RETURNING f.is_midnight
    )
    SELECT coalesce(bool_or(is_midnight), false) INTO rewritten FROM updated;
    daily_changed := daily_changed OR rewritten;
  END IF;

  -- 3. The hours missing before the run (or all of them, without one) and after it.
  WITH added AS (
    INSERT INTO derived.hourly_figures
           (at, chain, taken_at, coin_supply, scoin_supply, supply_value, earn_apy, earn_tvl,
            collateral_value, debt, minted)
    SELECT h.at, f.chain, f.taken_at, f.coin_supply, f.scoin_supply, f.supply_value, f.earn_apy,
           f.earn_tvl, f.collateral_value, f.debt, f.minted
      FROM (SELECT generate_series(first_hour, coalesce(kept_first - interval '1 hour', last_hour),
                                   interval '1 hour')
            UNION ALL
            SELECT generate_series(kept_last + interval '1 hour', last_hour, interval '1 hour')
           ) AS h(at)
     CROSS JOIN LATERAL derived.chain_figures_at(h.at) AS f
    RETURNING is_midnight
  )
  SELECT daily_changed OR coalesce(bool_or(is_midnight), false) INTO daily_changed FROM added;
  IF daily_changed THEN
    REFRESH MATERIALIZED VIEW derived.daily_apy;
    REFRESH MATERIALIZED VIEW derived.daily_values;
  END IF;
END
$$;
COMMENT ON FUNCTION derived.refresh_hourly_figures(timestamptz, derived.written_row[]) IS
  'Brings derived.hourly_figures (and by its triggers derived.hourly_vault_figures) up to date: '
  'recomputes every hour from changed_from on (''infinity'': none), and the hours each written or '
  'removed snapshot row can change (from its taken_at until the next row of its chain or Vault); '
  'adds the hours up to the first and the latest chain snapshot that are missing and drops those '
  'outside them; refreshes derived.daily_apy and derived.daily_values when a daily point changed';

-- The one-argument form stays: a rebuild by hand ('-infinity'), scripts/restore.sh.
CREATE OR REPLACE FUNCTION derived.refresh_hourly_figures(changed_from timestamptz) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM derived.refresh_hourly_figures(changed_from, '{}');
END
$$;
COMMENT ON FUNCTION derived.refresh_hourly_figures(timestamptz) IS
  'derived.refresh_hourly_figures(changed_from, no written rows): recomputes every hour from '
  'changed_from on (''-infinity'': a rebuild), adds the missing hours, drops those outside the snapshots';

-- The trigger of every snapshot table the figures read, as before but for what it passes on.
CREATE OR REPLACE FUNCTION derived.hourly_figures_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  written derived.written_row[] := '{}';
BEGIN
  IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME = 'vault' THEN
    PERFORM derived.refresh_hourly_figures('-infinity', '{}');
    RETURN NULL;
  END IF;
  -- The keys of the statement's rows, both before and after it. One query for chain_state and
  -- vault_state alike: through jsonb, a row's chain, vault_id and taken_at fill the written_row,
  -- a column it lacks stays null.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    written := written || ARRAY(SELECT jsonb_populate_record(NULL::derived.written_row, to_jsonb(r))
                                  FROM new_rows AS r);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    written := written || ARRAY(SELECT jsonb_populate_record(NULL::derived.written_row, to_jsonb(r))
                                  FROM old_rows AS r);
  END IF;
  PERFORM derived.refresh_hourly_figures('infinity', written);
  RETURN NULL;
END
$$;
COMMENT ON FUNCTION derived.hourly_figures_written() IS
  'Statement trigger of chain_state, vault_state and vault: refreshes derived.hourly_figures at the '
  'hours the statement''s rows can change (every hour for a Vault moved or a TRUNCATE)';

COMMIT;
