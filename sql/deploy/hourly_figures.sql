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
--
-- derived.daily_apy and derived.daily_values, the daily series of 6.8 and of 6.9 and 6.10, are
-- materialized views over the daily points: they change once a day, and are refreshed by the
-- same function whenever a daily point changes.

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

-- The cross-chain savings APY of a set of chain figures: Earn-TVL-weighted, the plain mean while
-- no chain has Earn TVL. The arguments are the set's sums: of apy x tvl, tvl, apy, and its count.
CREATE FUNCTION derived.cross_chain_apy(apy_times_tvl numeric, tvl numeric, apy numeric, chains bigint)
RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(derived.weighted_mean(apy_times_tvl, tvl), derived.weighted_mean(apy, chains));
COMMENT ON FUNCTION derived.cross_chain_apy(numeric, numeric, numeric, bigint) IS
  'sum(apy x earn_tvl) / sum(earn_tvl) over chains, sum(apy) / count where no chain has Earn TVL; '
  'called with those sums (6.8 currentApy and its daily points)';

CREATE MATERIALIZED VIEW derived.daily_apy AS
WITH daily AS (
  SELECT statistic_time, chain, taken_at, earn_apy, earn_tvl
    FROM derived.hourly_figures
   WHERE is_midnight
),
cross_chain AS (
  SELECT derived.cross_chain_apy(sum(earn_apy * earn_tvl), sum(earn_tvl), sum(earn_apy), count(*)) AS apy
    FROM daily
   GROUP BY statistic_time
)
SELECT NULL::snapshot.chain AS chain,
       (SELECT derived.weighted_mean(sum(apy), count(*)) FROM cross_chain) AS average_apy,
       NULL::json AS items
UNION ALL
SELECT c.chain,
       (SELECT derived.weighted_mean(sum(earn_apy), count(*))
          FROM daily AS d WHERE d.chain = c.chain AND d.taken_at IS NOT NULL),
       (SELECT coalesce(json_agg(json_build_object('statisticTime', d.statistic_time,
                                                   'apy', trim_scale(d.earn_apy)::text)
                                 ORDER BY d.statistic_time), '[]')
          FROM daily AS d WHERE d.chain = c.chain AND d.taken_at IS NOT NULL)
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
WITH NO DATA;
COMMENT ON MATERIALIZED VIEW derived.daily_apy IS
  '6.8''s daily series. The row with chain null: average_apy, the mean over the daily snapshots of '
  'the cross-chain APY. A row per chain: average_apy, the mean of its daily APYs, and items, its '
  'daily points {statisticTime, apy} from its first snapshot on, ascending; null without any';

CREATE MATERIALIZED VIEW derived.daily_values AS
SELECT statistic_time,
       array_agg(trim_scale(coin_supply)::text ORDER BY chain)      AS coin,
       array_agg(trim_scale(scoin_supply)::text ORDER BY chain)     AS scoin,
       array_agg(trim_scale(collateral_value)::text ORDER BY chain) AS collateral_value
  FROM derived.hourly_figures
 WHERE is_midnight
 GROUP BY statistic_time
WITH NO DATA;
COMMENT ON MATERIALIZED VIEW derived.daily_values IS
  'The daily points of 6.9 and 6.10: per daily snapshot (statistic_time, epoch ms), the COIN and '
  'sCOIN supplies and the collateral value of [tron, eth, bsc], as the decimal text they are sent as';

CREATE FUNCTION derived.refresh_hourly_figures(changed_from timestamptz) RETURNS void
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

REFRESH MATERIALIZED VIEW derived.daily_apy;
REFRESH MATERIALIZED VIEW derived.daily_values;
SELECT derived.refresh_hourly_figures('-infinity');

COMMIT;
