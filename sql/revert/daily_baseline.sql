-- Revert coin_api:daily_baseline from pg
-- Back to every *DailyChange measured from the 00:00 UTC+8 snapshot alone, a figure without one
-- counting 0 (derived_figures' and api_protocol's definitions).

BEGIN;

DROP VIEW api.daily_baseline;

CREATE OR REPLACE VIEW derived.chain_daily_change AS
SELECT n.chain, n.coin_supply, n.earn_apy,
       n.supply_value,     n.supply_value     - b.supply_value     AS supply_value_change,
       n.collateral_value, n.collateral_value - b.collateral_value AS collateral_value_change,
       n.earn_tvl,         n.earn_tvl         - b.earn_tvl         AS earn_tvl_change
  FROM derived.chain_figures_at('infinity') AS n
  JOIN derived.chain_figures_at((SELECT midnight FROM derived.as_of)) AS b USING (chain);
COMMENT ON VIEW derived.chain_daily_change IS
  'One row per chain: its figures now, and each *_change = now minus the daily snapshot at '
  'today''s 00:00 UTC+8 (derived.as_of.midnight); a figure with no snapshot then counts 0';

CREATE OR REPLACE VIEW api.platform_overview AS
WITH chains AS (
  SELECT sum(supply_value) AS supply_value, sum(supply_value_change) AS supply_value_change,
         sum(collateral_value) AS collateral_value, sum(collateral_value_change) AS collateral_value_change,
         sum(earn_tvl) AS earn_tvl, sum(earn_tvl_change) AS earn_tvl_change
    FROM derived.chain_daily_change
),
earn_sa AS (  -- cumulative allocator earnings, now and at today's 00:00 UTC+8
  SELECT (SELECT sum(actual_earnings) FROM derived.position_state_at('infinity')) AS now,
         (SELECT sum(actual_earnings) FROM derived.position_state_at(a.midnight)) AS midnight
    FROM derived.as_of AS a
)
SELECT trim_scale(c.supply_value)::text            AS "totalSupplyValue",
       trim_scale(c.supply_value_change)::text     AS "totalSupplyValueDailyChange",
       trim_scale(c.collateral_value)::text        AS "totalCollateralValue",
       trim_scale(c.collateral_value_change)::text AS "totalCollateralValueDailyChange",
       trim_scale(c.earn_tvl)::text                AS "earnTvl",
       trim_scale(c.earn_tvl_change)::text         AS "earnTvlDailyChange",
       trim_scale(coalesce(e.now, 0))::text        AS "earnSa",
       trim_scale(coalesce(e.now, 0) - coalesce(e.midnight, 0))::text AS "earnSaDailyChange"
  FROM chains AS c, earn_sa AS e;
COMMENT ON VIEW api.platform_overview IS
  '6.7 GET /api/v1/data-platform/overview/info; each *DailyChange is the figure now minus the '
  'figure in the daily snapshot at today''s 00:00 UTC+8';

DROP VIEW derived.chain_baseline, derived.position_baseline, derived.vault_baseline;

COMMIT;
