-- Deploy coin_api:vault_history to pg
-- GET /api/v1/data-platform/vault-history?chain=&vaultType=&interval=: one Vault's figures over
-- the windows of 6.13 (derived.history_window).
--
-- A Vault's history reads its points from derived.hourly_vault_figures, every Vault's figures
-- at every hour of derived.hourly_figures' grid. Computing a point costs a probe of
-- vault_state's index: over three years of 5-minute snapshots an ANNUAL answer computed per
-- request would cost hundreds of probes, so the points are computed once, when the snapshots
-- behind them are written, as hourly_figures' are.
--
-- The table follows derived.hourly_figures row for row, by triggers on that table: sqitch
-- changes are append-only, so derived.refresh_hourly_figures (hourly_figures) cannot be taught
-- to fill a second table, but every hour a snapshot write can change is deleted from
-- hourly_figures and inserted again by it, in the writing transaction. Deleting an hour deletes
-- the Vaults' rows at that hour; inserting an hour computes them (derived.vault_state_at), so
-- the Vaults' hours are recomputed exactly when the chains' are, and from the same snapshots:
--   * the newest snapshot adds the hours it has passed (usually none, or one), for every Vault;
--   * a late, corrected or deleted vault_state (or chain_state) row recomputes every hour from
--     the first it can change; a Vault moved to another chain, or a TRUNCATE, all of them.
-- A Vault created after an hour was computed has no row at it until the hour is recomputed:
-- it had no state then either (a first state recomputes the hours from its own on), and the
-- readers treat a missing row as no state. A Vault deleted (only one without states can be)
-- leaves rows with taken_at null, which no reader shows, until their hours are recomputed.
--
-- Cost: the triggers do again what refresh_hourly_figures does for the Vaults' sums (one probe
-- per Vault and hour). On 3 years of 5-minute snapshots with 18 Vaults (scripts/bench-data.sh)
-- the fill below writes 473,544 rows in about 8 s, half of a full refresh_hourly_figures
-- (17 s), which the triggers make about 22 s; a new hour costs about 1 ms more. On the demo
-- data (sql/demo/generate.sql) the fill takes 4 s, and loading the data 18 s instead of 14.

BEGIN;

-- No write to hourly_figures between the fill below and the triggers that follow it from then
-- on: a refresh waits until this change commits (the lock conflicts with every write).
LOCK TABLE derived.hourly_figures IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE derived.hourly_vault_figures (
  at               timestamptz NOT NULL,
  vault_id         integer     NOT NULL,
  is_midnight      boolean     NOT NULL GENERATED ALWAYS AS (derived.utc8_midnight(at) = at) STORED,
  statistic_time   bigint      NOT NULL GENERATED ALWAYS AS (derived.epoch_ms(at)) STORED,
  taken_at         timestamptz,
  minted           numeric     NOT NULL,
  debt             numeric     NOT NULL,
  locked_value     numeric     NOT NULL,
  collateral_ratio numeric     NOT NULL,
  apy              numeric,
  -- No foreign key to snapshot.vault: TRUNCATE snapshot.vault (the demo and fixture loads) would
  -- have to name this table, and a reader joins snapshot.vault anyway.
  PRIMARY KEY (vault_id, at)
);
-- One Vault's hourly points in order are the primary key's. Its daily points (MONTHLY and
-- longer) are this partial index's, 1 row in 24, and their figures too: rows are written hour
-- by hour, so a Vault's 365 daily rows lie on 365 heap pages, and an ANNUAL answer read from
-- the heap costs as many page reads, where the index holds them on a few (an index-only scan).
-- The triggers delete whole hours by the last index.
CREATE INDEX hourly_vault_figures_daily ON derived.hourly_vault_figures (vault_id, at)
  INCLUDE (statistic_time, taken_at, minted, debt, locked_value, collateral_ratio, apy)
  WHERE is_midnight;
CREATE INDEX hourly_vault_figures_at ON derived.hourly_vault_figures (at);
COMMENT ON TABLE derived.hourly_vault_figures IS
  'derived.vault_state_at(at) for every Vault and every hour at of derived.hourly_figures (the UTC+8 '
  'grid from the first chain snapshot to the latest): the points of api.vault_history; maintained '
  'by the triggers of hourly_figures (derived.hourly_vault_figures_written), never by hand';
COMMENT ON COLUMN derived.hourly_vault_figures.at IS 'The hour of the grid, as in derived.hourly_figures.at';
COMMENT ON COLUMN derived.hourly_vault_figures.vault_id IS
  'The Vault (snapshot.vault.vault_id); a Vault created after the hour was computed has no row at it';
COMMENT ON COLUMN derived.hourly_vault_figures.is_midnight IS 'at is 00:00 UTC+8: the row is a daily snapshot';
COMMENT ON COLUMN derived.hourly_vault_figures.statistic_time IS 'at in epoch ms, as the responses show it (computed once, here)';
COMMENT ON COLUMN derived.hourly_vault_figures.taken_at IS
  'The time of the Vault''s latest vault_state at or before at, the one the figures are from; '
  'null where it had none yet (every figure then 0, apy null): not a point of its history';
COMMENT ON COLUMN derived.hourly_vault_figures.minted IS 'COIN the Vault had minted (vault_state.minted), 0 without a state';
COMMENT ON COLUMN derived.hourly_vault_figures.debt IS 'COIN it owed, minted plus accrued fees (vault_state.debt), 0 without a state';
COMMENT ON COLUMN derived.hourly_vault_figures.locked_value IS 'USD of collateral it held (vault_state.locked_value), 0 without a state';
COMMENT ON COLUMN derived.hourly_vault_figures.collateral_ratio IS 'locked_value / debt, 0 where debt is 0 (as vault_state_at)';
COMMENT ON COLUMN derived.hourly_vault_figures.apy IS 'vault_state.apy (a decimal): null for regular Vaults and without a state';

-- The trigger of derived.hourly_figures: a statement's rows arrive as the transition tables
-- new_rows (INSERT, UPDATE) and old_rows (UPDATE, DELETE); a statement writes whole hours (every
-- chain of it), and every Vault's row at each of them goes or comes with it.
CREATE FUNCTION derived.hourly_vault_figures_written() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM derived.hourly_vault_figures;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM derived.hourly_vault_figures AS v
     WHERE v.at IN (SELECT o.at FROM old_rows AS o);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO derived.hourly_vault_figures
           (at, vault_id, taken_at, minted, debt, locked_value, collateral_ratio, apy)
    SELECT h.at, s.vault_id, s.taken_at, s.minted, s.debt, s.locked_value, s.collateral_ratio, s.apy
      FROM (SELECT DISTINCT n.at FROM new_rows AS n) AS h
     CROSS JOIN LATERAL derived.vault_state_at(h.at) AS s;
  END IF;
  RETURN NULL;
END
$$;
COMMENT ON FUNCTION derived.hourly_vault_figures_written() IS
  'Statement trigger of derived.hourly_figures: deletes the Vaults'' rows at the hours it removed, '
  'inserts every Vault''s derived.vault_state_at at the hours it added';

CREATE TRIGGER hourly_vault_figures_inserted AFTER INSERT ON derived.hourly_figures
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.hourly_vault_figures_written();
CREATE TRIGGER hourly_vault_figures_updated AFTER UPDATE ON derived.hourly_figures
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.hourly_vault_figures_written();
CREATE TRIGGER hourly_vault_figures_deleted AFTER DELETE ON derived.hourly_figures
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION derived.hourly_vault_figures_written();
CREATE TRIGGER hourly_vault_figures_truncated AFTER TRUNCATE ON derived.hourly_figures
  FOR EACH STATEMENT EXECUTE FUNCTION derived.hourly_vault_figures_written();

-- The hours hourly_figures holds now.
INSERT INTO derived.hourly_vault_figures
       (at, vault_id, taken_at, minted, debt, locked_value, collateral_ratio, apy)
SELECT h.at, s.vault_id, s.taken_at, s.minted, s.debt, s.locked_value, s.collateral_ratio, s.apy
  FROM (SELECT DISTINCT f.at FROM derived.hourly_figures AS f) AS h
 CROSS JOIN LATERAL derived.vault_state_at(h.at) AS s;
ANALYZE derived.hourly_vault_figures;

-- GET /api/v1/data-platform/vault-history ----------------------------------------------------
-- As 6.13 for one Vault: the same windows (derived.history_window), measured from the same
-- clock (derived.as_of), the grid points from the table above and the live point computed (the
-- Vault's latest state). The payload is a correlated subquery of the select list, so a
-- statement that selects one row (the handler's WHERE on the three parameters) computes that
-- row's payload only.
CREATE VIEW api.vault_history AS
SELECT v.chain::text AS chain, v.vault_type AS "vaultType", w.name AS "interval",
       json_build_object('items', (
         SELECT coalesce(json_agg(json_build_object(
                  'statisticTime', f.statistic_time,
                  'time', CASE WHEN f.live THEN NULL ELSE derived.utc8_text(f.at) END,
                  'mintedCOIN', trim_scale(f.minted),
                  'debt', trim_scale(f.debt),
                  'lockedValue', trim_scale(f.locked_value),
                  'collateralRatio', trim_scale(f.collateral_ratio),
                  'line', trim_scale(v.debt_ceiling)::text,
                  'apy', trim_scale(f.apy)) ORDER BY f.at), '[]')
           FROM derived.as_of AS a
          CROSS JOIN LATERAL (  -- the window's first grid point
                 SELECT derived.utc8_floor(a.taken_at - interval '1 microsecond', w.step)
                          - (w.points - 1) * w.step
               ) AS s(since)
           -- the window's grid points strictly before the live point, then the live point; the
           -- hourly and the daily points apart, so that the daily ones come from their index
          CROSS JOIN LATERAL (
                 SELECT h.at, h.statistic_time, false, h.taken_at, h.minted, h.debt,
                        h.locked_value, h.collateral_ratio, h.apy
                   FROM derived.hourly_vault_figures AS h
                  WHERE w.step = interval '1 hour'
                    AND h.vault_id = v.vault_id AND h.at < a.taken_at AND h.at >= s.since
                 UNION ALL
                 SELECT h.at, h.statistic_time, false, h.taken_at, h.minted, h.debt,
                        h.locked_value, h.collateral_ratio, h.apy
                   FROM derived.hourly_vault_figures AS h
                  WHERE w.step <> interval '1 hour' AND h.is_midnight
                    AND h.vault_id = v.vault_id AND h.at < a.taken_at AND h.at >= s.since
                 UNION ALL
                 SELECT a.taken_at, derived.epoch_ms(a.taken_at), true, n.taken_at, n.minted,
                        n.debt, n.locked_value, n.collateral_ratio, n.apy
                   FROM derived.vault_state_at('infinity') AS n
                  WHERE n.vault_id = v.vault_id
                    AND a.taken_at IS NOT NULL  -- no live point before any chain snapshot (6.13)
               ) AS f(at, statistic_time, live, taken_at, minted, debt, locked_value,
                      collateral_ratio, apy)
          WHERE f.taken_at IS NOT NULL  -- no point before the Vault's first state
       )) AS data
  FROM snapshot.vault AS v
 CROSS JOIN derived.history_window AS w;
COMMENT ON VIEW api.vault_history IS
  'GET /api/v1/data-platform/vault-history?chain=&vaultType=&interval=: one row per Vault (chain '
  'and vault type) and interval; a vault type not on the chain has no row';
COMMENT ON COLUMN api.vault_history.chain IS 'The chain parameter: tron, eth or bsc';
COMMENT ON COLUMN api.vault_history."vaultType" IS
  'The vaultType parameter: the Vault''s type on that chain, as 6.12 items[].vaultType (e.g. TRX-A, PSM-USDT-A)';
COMMENT ON COLUMN api.vault_history."interval" IS 'The interval parameter: WEEKLY, MONTHLY, BIANNUAL or ANNUAL';
COMMENT ON COLUMN api.vault_history.data IS
  'The payload {items: [...]}, ascending, with the windows of 6.13: WEEKLY the 168 hourly points '
  '(7 days) before the live point; MONTHLY, BIANNUAL, ANNUAL the 30, 182, 365 daily points (00:00 '
  'UTC+8) before it; none where the Vault had no state yet, so {"items":[]} for a Vault without '
  'any. The live point (the Vault''s latest state, as 6.12) comes last. Per point: statisticTime '
  '(number, epoch ms; the live point''s is the latest chain snapshot''s, as 6.13); time (string '
  'YYYY-MM-DD HH:MM (UTC+8), null on the live point); mintedCOIN (number, COIN the Vault minted); '
  'debt (number, COIN it owes, minted plus accrued fees); lockedValue (number, USD of its '
  'collateral); collateralRatio (number, lockedValue / debt, 0 without debt); line (string, the '
  'debt ceiling as configured now: the snapshots keep no history of it; as 6.12 items[].line); '
  'apy (number, a decimal, or null: null for regular Vaults, as 6.12 items[].apy)';

COMMIT;
