-- Deploy coin_api:hourly_figures to pg
-- Each chain's figures at every hour of the UTC+8 grid, from the first chain snapshot to the
-- latest, kept in a table that is brought up to date by every write to the snapshot tables.
--
-- The long histories (6.8-6.10) and 6.13's windows show a chain's figures at hundreds of grid
-- points, and computing one point costs a chain_figures_at() call: an index probe per chain and
-- per Vault. Over three years of snapshots that is far too slow per request, so the points are
-- computed once, when the snapshots behind them are written:
--   * an insert of the newest snapshot adds the hours it has passed (usually none, or one);
--   * a late, corrected or deleted row recomputes every hour from the first it can change;
--   * a change of a Vault's chain, or a TRUNCATE, recomputes them all.
-- The refresh runs in the writing transaction, so readers see snapshots and points together.

BEGIN;

CREATE TABLE derived.hourly_figures (
  at               timestamptz    NOT NULL,
  chain            snapshot.chain NOT NULL,
  is_midnight      boolean        NOT NULL GENERATED ALWAYS AS (derived.utc8_midnight(at) = at) STORED,
  statistic_time   bigint         NOT NULL GENERATED ALWAYS AS (derived.epoch_ms(at)) STORED,
  taken_at         timestamptz,
  coin_supply      numeric        NOT NULL,
  scoin_supply     numeric        NOT NULL,
  supply_value     numeric        NOT NULL,
  earn_apy         numeric        NOT NULL,
  earn_tvl         numeric        NOT NULL,
  collateral_value numeric        NOT NULL,
  debt             numeric        NOT NULL,
  minted           numeric        NOT NULL,
  PRIMARY KEY (at, chain)
);
-- The daily points (6.8-6.10, 6.13 MONTHLY and longer) of one chain, in order.
CREATE INDEX hourly_figures_daily ON derived.hourly_figures (chain, at) WHERE is_midnight;
COMMENT ON TABLE derived.hourly_figures IS
  'derived.chain_figures_at(at) for every hour at on the UTC+8 grid from the first chain snapshot '
  'to the latest; maintained on write by derived.refresh_hourly_figures, never by hand';
COMMENT ON COLUMN derived.hourly_figures.is_midnight IS 'at is 00:00 UTC+8: the row is a daily snapshot';
COMMENT ON COLUMN derived.hourly_figures.statistic_time IS 'at in epoch ms, as the responses show it (computed once, here)';

CREATE FUNCTION derived.refresh_hourly_figures(changed_from timestamptz) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  first_hour timestamptz;  -- the first hour at or after the first chain snapshot
  last_hour  timestamptz;  -- the last hour at or before the latest one
  resume_at  timestamptz;
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

  DELETE FROM derived.hourly_figures
   WHERE last_hour IS NULL OR at >= changed_from OR at < first_hour OR at > last_hour;
  SELECT coalesce(max(at) + interval '1 hour', first_hour) INTO resume_at FROM derived.hourly_figures;
  INSERT INTO derived.hourly_figures
         (at, chain, taken_at, coin_supply, scoin_supply, supply_value, earn_apy, earn_tvl,
          collateral_value, debt, minted)
  SELECT h, f.chain, f.taken_at, f.coin_supply, f.scoin_supply, f.supply_value, f.earn_apy,
         f.earn_tvl, f.collateral_value, f.debt, f.minted
    FROM generate_series(resume_at, last_hour, interval '1 hour') AS h
   CROSS JOIN LATERAL derived.chain_figures_at(h) AS f;
END
$$;
COMMENT ON FUNCTION derived.refresh_hourly_figures(timestamptz) IS
  'Recomputes derived.hourly_figures from hour changed_from on (''infinity'': none), adds the '
  'hours up to the latest chain snapshot that are missing and drops those outside the snapshots';

-- The trigger of every snapshot table the figures read. A statement's rows arrive as the
-- transition tables new_rows (INSERT, UPDATE) and old_rows (UPDATE, DELETE).
CREATE FUNCTION derived.hourly_figures_written() RETURNS trigger
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

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['chain_state', 'vault_state'] LOOP
    EXECUTE format('CREATE TRIGGER hourly_figures_inserted AFTER INSERT ON snapshot.%I
                      REFERENCING NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION derived.hourly_figures_written()', t);
    EXECUTE format('CREATE TRIGGER hourly_figures_updated AFTER UPDATE ON snapshot.%I
                      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION derived.hourly_figures_written()', t);
    EXECUTE format('CREATE TRIGGER hourly_figures_deleted AFTER DELETE ON snapshot.%I
                      REFERENCING OLD TABLE AS old_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION derived.hourly_figures_written()', t);
    EXECUTE format('CREATE TRIGGER hourly_figures_truncated AFTER TRUNCATE ON snapshot.%I
                      FOR EACH STATEMENT EXECUTE FUNCTION derived.hourly_figures_written()', t);
  END LOOP;
END
$$;
-- A Vault moved to another chain moves its collateral between chains at every hour. (A new
-- Vault changes nothing until it has states; one with states cannot be deleted.)
CREATE TRIGGER hourly_figures_vault_moved AFTER UPDATE OF chain ON snapshot.vault
  FOR EACH STATEMENT EXECUTE FUNCTION derived.hourly_figures_written();

SELECT derived.refresh_hourly_figures('-infinity');

COMMIT;
