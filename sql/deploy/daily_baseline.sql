-- Deploy coin_api:daily_baseline to pg
-- What a *DailyChange (6.7, 6.12) is measured from when today's 00:00 UTC+8 snapshot does not
-- exist for what it measures: a deployment younger than its first 00:00, a chain, a Vault or an
-- allocator position first seen today. The spec's rule stands where it can: a figure's change
-- is its value now minus its value at today's 00:00 UTC+8 (the latest snapshot at or before
-- it). Each chain, Vault and position with no snapshot then is measured from its first snapshot
-- of today instead (the change since it appeared), never against a value nobody observed; a
-- total is the sum of its parts' changes. A backfill that later writes the 00:00 snapshot brings
-- the spec's rule back for what it covers.
--
-- Replaces derived.chain_daily_change and api.platform_overview (same columns) and adds
-- 6.23 api.daily_baseline, which says from when each chain's daily changes are measured.

BEGIN;

-- Each Vault's baseline instant (00:00 UTC+8 of the API's day, or its first state where that
-- came later) and its state then. The instants are few (usually only 00:00): each is looked up
-- once for every Vault, and each Vault keeps its state at its own.
CREATE VIEW derived.vault_baseline AS
WITH vault AS (
  SELECT v.vault_id,
         greatest(a.midnight, (SELECT min(s.taken_at) FROM snapshot.vault_state AS s
                                WHERE s.vault_id = v.vault_id)) AS since
    FROM snapshot.vault AS v CROSS JOIN derived.as_of AS a
),
state AS MATERIALIZED (  -- every Vault at each instant: one lookup per instant, not per Vault
  SELECT instant.since, b.*
    FROM (SELECT DISTINCT since FROM vault) AS instant
   CROSS JOIN LATERAL derived.vault_state_at(instant.since) AS b
)
SELECT state.vault_id, state.chain, state.vault_type, state.since, state.locked_value
  FROM state JOIN vault USING (vault_id, since);
COMMENT ON VIEW derived.vault_baseline IS
  'Every Vault''s daily baseline: since = today''s 00:00 UTC+8 (derived.as_of.midnight), or its '
  'first vault_state where that is later; locked_value its collateral (USD) then (0 without a state)';

-- The same for the allocator positions (6.7's earnSa).
CREATE VIEW derived.position_baseline AS
WITH position AS (
  SELECT p.position_id,
         greatest(a.midnight, (SELECT min(s.taken_at) FROM snapshot.allocator_position_state AS s
                                WHERE s.position_id = p.position_id)) AS since
    FROM snapshot.allocator_position AS p CROSS JOIN derived.as_of AS a
),
state AS MATERIALIZED (
  SELECT instant.since, b.*
    FROM (SELECT DISTINCT since FROM position) AS instant
   CROSS JOIN LATERAL derived.position_state_at(instant.since) AS b
)
SELECT state.position_id, state.since, state.actual_earnings
  FROM state JOIN position USING (position_id, since);
COMMENT ON VIEW derived.position_baseline IS
  'Every allocator position''s daily baseline: since = today''s 00:00 UTC+8, or its first state '
  'where that is later; actual_earnings its cumulative earnings then (0 without a state)';

-- Each chain's: its own figures from its chain_state at its instant, its collateral the sum of
-- its Vaults' at theirs.
CREATE VIEW derived.chain_baseline AS
WITH chain AS (
  SELECT c.chain, first.taken_at AS first, greatest(a.midnight, first.taken_at) AS since
    FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
   CROSS JOIN derived.as_of AS a
   CROSS JOIN LATERAL (SELECT min(s.taken_at) AS taken_at FROM snapshot.chain_state AS s
                        WHERE s.chain = c.chain) AS first
),
state AS MATERIALIZED (  -- every chain at each instant, as for the Vaults
  SELECT instant.since, b.*
    FROM (SELECT DISTINCT since FROM chain) AS instant
   CROSS JOIN LATERAL derived.chain_state_at(instant.since) AS b
)
SELECT chain.chain, CASE WHEN chain.first IS NOT NULL THEN chain.since END AS since,
       state.supply_value, state.earn_tvl, coalesce(v.collateral_value, 0) AS collateral_value
  FROM chain
  JOIN state ON state.chain = chain.chain AND state.since IS NOT DISTINCT FROM chain.since
  LEFT JOIN (SELECT vb.chain, sum(vb.locked_value) AS collateral_value
               FROM derived.vault_baseline AS vb GROUP BY vb.chain) AS v ON v.chain = chain.chain
 ORDER BY chain.chain;
COMMENT ON VIEW derived.chain_baseline IS
  'One row per chain, in enum order: the figures its daily changes are measured from. since = '
  'today''s 00:00 UTC+8, or its first chain_state where that is later, null without one; '
  'supply_value and earn_tvl from its chain_state then; collateral_value the sum of its Vaults'' '
  'derived.vault_baseline';

CREATE OR REPLACE VIEW derived.chain_daily_change AS
SELECT n.chain, n.coin_supply, n.earn_apy,
       n.supply_value,     n.supply_value     - b.supply_value     AS supply_value_change,
       n.collateral_value, n.collateral_value - b.collateral_value AS collateral_value_change,
       n.earn_tvl,         n.earn_tvl         - b.earn_tvl         AS earn_tvl_change
  FROM derived.chain_figures_at('infinity') AS n
  JOIN derived.chain_baseline AS b USING (chain);
COMMENT ON VIEW derived.chain_daily_change IS
  'One row per chain: its figures now, and each *_change = now minus its derived.chain_baseline '
  '(today''s 00:00 UTC+8, or where a chain or Vault began later, its first snapshot)';

CREATE OR REPLACE VIEW api.platform_overview AS
WITH chains AS (
  SELECT sum(supply_value) AS supply_value, sum(supply_value_change) AS supply_value_change,
         sum(collateral_value) AS collateral_value, sum(collateral_value_change) AS collateral_value_change,
         sum(earn_tvl) AS earn_tvl, sum(earn_tvl_change) AS earn_tvl_change
    FROM derived.chain_daily_change
),
earn_sa AS (  -- cumulative allocator earnings, now and at each position's baseline
  SELECT (SELECT sum(actual_earnings) FROM derived.position_state_at('infinity')) AS now,
         (SELECT sum(actual_earnings) FROM derived.position_baseline) AS baseline
)
SELECT trim_scale(c.supply_value)::text            AS "totalSupplyValue",
       trim_scale(c.supply_value_change)::text     AS "totalSupplyValueDailyChange",
       trim_scale(c.collateral_value)::text        AS "totalCollateralValue",
       trim_scale(c.collateral_value_change)::text AS "totalCollateralValueDailyChange",
       trim_scale(c.earn_tvl)::text                AS "earnTvl",
       trim_scale(c.earn_tvl_change)::text         AS "earnTvlDailyChange",
       trim_scale(coalesce(e.now, 0))::text        AS "earnSa",
       trim_scale(coalesce(e.now, 0) - coalesce(e.baseline, 0))::text AS "earnSaDailyChange"
  FROM chains AS c, earn_sa AS e;
COMMENT ON VIEW api.platform_overview IS
  '6.7 GET /api/v1/data-platform/overview/info; each *DailyChange is the sum of its parts'' '
  'changes since today''s 00:00 UTC+8, or since a part''s first snapshot where it began later';

-- 6.23 ---------------------------------------------------------------------------------------
CREATE VIEW api.daily_baseline AS
SELECT derived.epoch_ms(a.midnight) AS midnight,
       (SELECT json_agg(json_build_object('chain', b.chain,
                                          'since', derived.epoch_ms(b.since),
                                          'sinceTime', derived.utc8_text(b.since),
                                          'vaults', coalesce(l.vaults, '[]'))
                        ORDER BY b.chain)
          FROM derived.chain_baseline AS b
          LEFT JOIN (SELECT v.chain,  -- the chain's Vaults first seen after it
                            json_agg(json_build_object('vaultType', v.vault_type,
                                                       'since', derived.epoch_ms(v.since),
                                                       'sinceTime', derived.utc8_text(v.since))
                                     ORDER BY v.since, v.vault_id) AS vaults
                       FROM derived.vault_baseline AS v
                       JOIN derived.chain_baseline AS c ON c.chain = v.chain
                      WHERE v.since > c.since
                      GROUP BY v.chain) AS l ON l.chain = b.chain) AS items
  FROM derived.as_of AS a;
COMMENT ON VIEW api.daily_baseline IS
  '6.23 GET /api/v1/data-platform/daily-baseline: from when each chain''s daily changes (6.7, '
  '6.12) are measured';
COMMENT ON COLUMN api.daily_baseline.midnight IS
  'Today''s 00:00 UTC+8 (of the newest snapshot''s day), epoch ms: the baseline of the spec; null without a snapshot';
COMMENT ON COLUMN api.daily_baseline.items IS
  'One item per chain: since (epoch ms) and sinceTime (YYYY-MM-DD HH:MM (UTC+8)), the instant '
  'its daily changes are measured from: midnight, or its first snapshot where it began later '
  '(null without a snapshot); vaults: its Vaults first seen later than that, each with its own since';

COMMIT;
