-- Deploy coin_api:api_protocol to pg
-- Group B of the spec (6.6-6.14): overview, histories, Vaults and the Smart Allocator.
-- The histories (6.8-6.10) and 6.13's windows read their points from derived.hourly_figures
-- (its rows at 00:00 UTC+8 are the daily points) and the daily series kept from it,
-- derived.daily_apy and derived.daily_values: a request computes no point but the live one.
--
-- A view without parameters is its endpoint's data: the handler sends row_to_json of its one
-- row (json_agg of its rows for the histories 6.9 and 6.10). A view with parameters (6.12,
-- 6.13) has one row per allowed value, the parameters as columns and the payload in `data`.
-- Numbers are trim_scale'd numerics, so they reach the client with every digit and no
-- trailing zeros; a field the spec types as string is the same numeric as text. Computed
-- means are rounded to 30 decimals (29 significant digits for an APY of a few percent).

BEGIN;

-- 6.6 ----------------------------------------------------------------------------------------
-- tronApy, ethApy, bscApy are the spec's field names, a column per chain: a new chain is added
-- here too.
CREATE VIEW api.market_overview AS
SELECT trim_scale(sum(f.coin_supply))      AS "totalSupply",
       trim_scale(sum(f.supply_value))     AS "totalSupplyValue",
       trim_scale(sum(f.collateral_value)) AS tvl,
       trim_scale(sum(f.earn_tvl))         AS "earnTvl",
       trim_scale(min(f.earn_apy) FILTER (WHERE f.chain = 'tron')) AS "tronApy",
       trim_scale(min(f.earn_apy) FILTER (WHERE f.chain = 'eth'))  AS "ethApy",
       trim_scale(min(f.earn_apy) FILTER (WHERE f.chain = 'bsc'))  AS "bscApy"
  FROM derived.chain_figures_at('infinity') AS f;
COMMENT ON VIEW api.market_overview IS '6.6 GET /api/v1/market-site/overview';
COMMENT ON COLUMN api.market_overview."totalSupply" IS
  'COIN in circulation on all chains, sCOIN excluded: the same figure as 6.4 totalSupply';
COMMENT ON COLUMN api.market_overview."totalSupplyValue" IS
  'USD value of COIN and sCOIN on all chains: sum of coin_supply x coin_price + scoin_supply x scoin_price';
COMMENT ON COLUMN api.market_overview.tvl IS
  'USD of collateral locked in all Vaults (regular, PSM, allocator) on all chains: the same figure as 6.7 totalCollateralValue';
COMMENT ON COLUMN api.market_overview."earnTvl" IS 'USD locked in the Earn (DSR) module on all chains';
COMMENT ON COLUMN api.market_overview."tronApy" IS 'Current Earn (DSR) APY on TRON, a decimal with every digit (6.3 cuts it to 4 decimals)';
COMMENT ON COLUMN api.market_overview."ethApy" IS 'Current Earn (DSR) APY on Ethereum, a decimal with every digit';
COMMENT ON COLUMN api.market_overview."bscApy" IS 'Current Earn (DSR) APY on BNB Chain, a decimal with every digit';

-- 6.7 ----------------------------------------------------------------------------------------
CREATE VIEW api.platform_overview AS
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
COMMENT ON COLUMN api.platform_overview."totalSupplyValue" IS 'USD value of COIN and sCOIN on all chains (6.6 totalSupplyValue)';
COMMENT ON COLUMN api.platform_overview."totalSupplyValueDailyChange" IS 'totalSupplyValue now minus at 00:00 UTC+8 today; may be negative';
COMMENT ON COLUMN api.platform_overview."totalCollateralValue" IS
  'USD of collateral locked in all Vaults on all chains: the sum of 6.12 totalCollateralValue over the chains';
COMMENT ON COLUMN api.platform_overview."totalCollateralValueDailyChange" IS 'totalCollateralValue now minus at 00:00 UTC+8 today';
COMMENT ON COLUMN api.platform_overview."earnTvl" IS 'USD locked in the Earn (DSR) module on all chains';
COMMENT ON COLUMN api.platform_overview."earnTvlDailyChange" IS 'earnTvl now minus at 00:00 UTC+8 today';
COMMENT ON COLUMN api.platform_overview."earnSa" IS
  'Cumulative investment profit of the Smart Allocator: the sum of actualEarnings over all positions (6.14)';
COMMENT ON COLUMN api.platform_overview."earnSaDailyChange" IS 'earnSa now minus at 00:00 UTC+8 today';

-- 6.8 ----------------------------------------------------------------------------------------
CREATE VIEW api.apy_overview AS
WITH now AS (  -- each chain's APY and Earn TVL now; the daily points are in derived.daily_apy
  SELECT chain, earn_apy, earn_tvl FROM derived.chain_state_at('infinity')
)
SELECT (SELECT trim_scale(coalesce(average_apy, 0))::text
          FROM derived.daily_apy WHERE chain IS NULL) AS "averageApy",
       (SELECT trim_scale(derived.cross_chain_apy(sum(earn_apy * earn_tvl), sum(earn_tvl),
                                                  sum(earn_apy), count(*)))::text
          FROM now) AS "currentApy",
       (SELECT json_agg(json_build_object('chain', n.chain,
                                          'currentApy', trim_scale(n.earn_apy)::text,
                                          'averageApy', trim_scale(coalesce(d.average_apy, 0))::text,
                                          'items', coalesce(d.items, '[]')) ORDER BY n.chain)
          FROM now AS n
          JOIN derived.daily_apy AS d USING (chain)) AS items;
COMMENT ON VIEW api.apy_overview IS '6.8 GET /api/v1/market-site/overview/apy';
COMMENT ON COLUMN api.apy_overview."averageApy" IS
  'Mean over the daily snapshots (00:00 UTC+8, since the first snapshot) of the Earn-TVL-weighted cross-chain APY';
COMMENT ON COLUMN api.apy_overview."currentApy" IS
  'Earn-TVL-weighted mean of the chains'' current APYs: sum(apy x earnTvl) / sum(earnTvl); the plain mean while no Earn TVL exists';
COMMENT ON COLUMN api.apy_overview.items IS
  'Per chain in [tron, eth, bsc] order: chain; currentApy (its current APY, as 6.6); averageApy '
  '(mean of its daily points); items[] (statisticTime: epoch ms of each 00:00 UTC+8 since the '
  'chain''s first snapshot, ascending; apy: the APY in that daily snapshot)';

-- 6.9 ----------------------------------------------------------------------------------------
CREATE VIEW api.supply_value_history AS
SELECT statistic_time AS "statisticTime", coin, scoin FROM derived.daily_values;
COMMENT ON VIEW api.supply_value_history IS
  '6.9 GET /api/v1/data-platform/overview/supply-value-history: one row per daily snapshot since the first';
COMMENT ON COLUMN api.supply_value_history."statisticTime" IS 'The daily snapshot time, 00:00 UTC+8, in epoch ms';
COMMENT ON COLUMN api.supply_value_history.coin IS 'COIN in circulation per chain [tron, eth, bsc] in that daily snapshot; 0 before a chain''s first';
COMMENT ON COLUMN api.supply_value_history.scoin IS 'sCOIN supply per chain [tron, eth, bsc] in that daily snapshot';

-- 6.10 ---------------------------------------------------------------------------------------
CREATE VIEW api.collateral_value_history AS
SELECT statistic_time AS "statisticTime", collateral_value AS "collateralValue" FROM derived.daily_values;
COMMENT ON VIEW api.collateral_value_history IS
  '6.10 GET /api/v1/data-platform/overview/collateral-value-history: one row per daily snapshot since the first';
COMMENT ON COLUMN api.collateral_value_history."statisticTime" IS 'The daily snapshot time, 00:00 UTC+8, in epoch ms';
COMMENT ON COLUMN api.collateral_value_history."collateralValue" IS
  'USD of collateral locked in all Vaults per chain [tron, eth, bsc] in that daily snapshot';

-- 6.11 ---------------------------------------------------------------------------------------
CREATE VIEW api.vault_collaterals AS
SELECT coalesce(json_agg(json_build_object(
         'ilk', t.ilk,
         'minCollateralRatio', trim_scale(t.min_collateral_ratio)::text,
         'stabilityFee', trim_scale(t.stability_fee)::text,
         'maxMinted', trim_scale(t.debt_ceiling)::text,
         'dust', trim_scale(t.dust)::text,
         'curMinted', trim_scale(t.minted)::text,
         'totalCollateral', trim_scale(t.locked_value)::text) ORDER BY t.first_seen), '[]') AS items
  FROM (SELECT vault_type AS ilk,
               max(min_collateral_ratio) AS min_collateral_ratio,
               max(stability_fee) AS stability_fee,
               sum(debt_ceiling) AS debt_ceiling,
               max(dust) AS dust,
               sum(minted) AS minted,
               sum(locked_value) AS locked_value,
               min(vault_id) AS first_seen
          FROM derived.vault_state_at('infinity')
         WHERE collateral_type = 1
         GROUP BY vault_type) AS t;
COMMENT ON VIEW api.vault_collaterals IS '6.11 GET /api/v1/vault/collaterals';
COMMENT ON COLUMN api.vault_collaterals.items IS
  'One item per regular Vault type (collateralType 1), in the order the indexer first saw them, '
  'totalled over the chains it is on: ilk; minCollateralRatio, stabilityFee and dust (the '
  'highest over its chains); maxMinted (sum of debt ceilings); curMinted (sum of minted COIN, '
  'not debt); totalCollateral (sum of locked collateral, USD). All strings';

-- 6.12 ---------------------------------------------------------------------------------------
CREATE VIEW api.latest_collateral AS
SELECT d.chain::text AS chain,
       json_build_object(
         'apy', trim_scale(d.earn_apy),
         'coinTotalSupply', trim_scale(d.coin_supply),
         'totalSupplyValue', trim_scale(d.supply_value),
         'totalSupplyValueDailyChange', trim_scale(d.supply_value_change),
         'totalCollateralValue', trim_scale(d.collateral_value),
         'totalCollateralValueDailyChange', trim_scale(d.collateral_value_change),
         'earnTvl', trim_scale(d.earn_tvl),
         'earnTvlDailyChange', trim_scale(d.earn_tvl_change),
         'items', (SELECT coalesce(json_agg(json_build_object(
                            'vaultType', v.vault_type,
                            'chain', v.chain,
                            'collateralType', v.collateral_type,
                            'contractAddress', v.contract_address,
                            'mintedCOIN', trim_scale(v.minted),
                            'debt', trim_scale(v.debt),
                            'lockedValue', trim_scale(v.locked_value),
                            'collateralRatio', trim_scale(v.collateral_ratio),
                            'minCollateralRatio', trim_scale(v.min_collateral_ratio)::text,
                            'stabilityFee', trim_scale(v.stability_fee)::text,
                            'line', trim_scale(v.debt_ceiling)::text,
                            'apy', trim_scale(v.apy),
                            'estimatedAnnualEarnings', trim_scale(v.estimated_annual_earnings),
                            'psmFee', trim_scale(v.psm_fee)::text)
                          ORDER BY v.collateral_type, v.vault_id), '[]')
                     FROM derived.vault_state_at('infinity') AS v
                    WHERE v.chain = d.chain)) AS data
  FROM derived.chain_daily_change AS d;
COMMENT ON VIEW api.latest_collateral IS
  '6.12 GET /api/v1/data-platform/latest-collateral?chain=: one row per chain';
COMMENT ON COLUMN api.latest_collateral.chain IS 'The chain parameter: tron, eth or bsc';
COMMENT ON COLUMN api.latest_collateral.data IS
  'The payload. apy: current Earn APY (decimal, as 6.6). coinTotalSupply: COIN in circulation on '
  'the chain, sCOIN excluded (6.4''s chain figure; NOT Vault debt). totalSupplyValue: USD of '
  'COIN + sCOIN. totalCollateralValue: USD locked in all the chain''s Vaults (sum of items[].lockedValue). '
  'earnTvl: USD in the Earn module. Each *DailyChange: now minus at 00:00 UTC+8 today. items[]: '
  'every Vault on the chain, regular (collateralType 1), PSM (2), allocator (3): mintedCOIN is '
  'the COIN it minted; debt is what it owes, minted plus accrued stability fees; lockedValue its '
  'collateral in USD; collateralRatio = lockedValue / debt (0 without debt); line the debt '
  'ceiling; apy (null for regular Vaults), estimatedAnnualEarnings (null where not applicable), '
  'psmFee (null but for PSM Vaults)';

-- 6.13 ---------------------------------------------------------------------------------------
-- One row per chain and window of derived.history_window (history_windows).
CREATE VIEW api.collateral_history AS
SELECT c.chain::text AS chain, w.name AS "interval",
       json_build_object('items', (
         SELECT coalesce(json_agg(json_build_object(
                  'statisticTime', f.statistic_time,
                  'time', CASE WHEN f.live THEN NULL ELSE derived.utc8_text(f.at) END,
                  'collateralValue', trim_scale(f.collateral_value),
                  'debt', trim_scale(f.debt),
                  'mintedCOIN', trim_scale(f.minted),
                  'coinTotalSupply', trim_scale(f.coin_supply),
                  'totalSupplyValue', trim_scale(f.supply_value),
                  'earnTvl', trim_scale(f.earn_tvl),
                  'earnApy', trim_scale(f.earn_apy)) ORDER BY f.at), '[]')
           FROM derived.as_of AS a
           -- the window's grid points strictly before the live point, then the live point
          CROSS JOIN LATERAL (
                 SELECT h.at, h.statistic_time, false, h.taken_at, h.coin_supply, h.supply_value,
                        h.earn_apy, h.earn_tvl, h.collateral_value, h.debt, h.minted
                   FROM derived.hourly_figures AS h
                  WHERE h.chain = c.chain
                    AND h.at < a.taken_at
                    AND h.at >= derived.utc8_floor(a.taken_at - interval '1 microsecond', w.step)
                                 - (w.points - 1) * w.step
                    AND (w.step = interval '1 hour' OR h.is_midnight)
                 UNION ALL
                 SELECT a.taken_at, derived.epoch_ms(a.taken_at), true, n.taken_at, n.coin_supply,
                        n.supply_value, n.earn_apy, n.earn_tvl, n.collateral_value, n.debt, n.minted
                   FROM derived.chain_figures_at('infinity') AS n
                  WHERE n.chain = c.chain
               ) AS f(at, statistic_time, live, taken_at, coin_supply, supply_value, earn_apy,
                      earn_tvl, collateral_value, debt, minted)
          WHERE f.taken_at IS NOT NULL  -- no point before the chain's first snapshot
       )) AS data
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
 CROSS JOIN derived.history_window AS w;
COMMENT ON VIEW api.collateral_history IS
  '6.13 GET /api/v1/data-platform/collateral-history?chain=&interval=: one row per chain and interval';
COMMENT ON COLUMN api.collateral_history.chain IS 'The chain parameter: tron, eth or bsc';
COMMENT ON COLUMN api.collateral_history."interval" IS 'The interval parameter: WEEKLY, MONTHLY, BIANNUAL or ANNUAL';
COMMENT ON COLUMN api.collateral_history.data IS
  'The payload {items: [...]}, ascending. WEEKLY: the 168 hourly points before the live point; '
  'MONTHLY, BIANNUAL, ANNUAL: the 30, 182, 365 daily points (00:00 UTC+8) before it; none before '
  'the chain''s first snapshot. The live point (the latest snapshot, as 6.12) comes last with time '
  'null; every other time is YYYY-MM-DD HH:MM (UTC+8). Per point: collateralValue (USD locked '
  'in all the chain''s Vaults), debt (their debt, minted plus fees), mintedCOIN (their minted '
  'COIN), coinTotalSupply (COIN in circulation), totalSupplyValue (USD of COIN + sCOIN), earnTvl, '
  'earnApy (decimal)';

-- 6.14 ---------------------------------------------------------------------------------------
CREATE VIEW api.allocator_overview AS
SELECT (SELECT trim_scale(100 * coalesce(derived.weighted_mean(sum(apy_holding_amount * apy),
                                                                 sum(apy_holding_amount)), 0))
          FROM derived.position_state_at('infinity')) AS apy,
       (SELECT trim_scale(coalesce(sum(debt), 0))
          FROM derived.vault_state_at('infinity') WHERE collateral_type = 3) AS debt,
       (SELECT coalesce(json_agg(json_build_object(
                 'platform', platform,
                 'chain', chain,
                 'gemSymbol', gem_symbol,
                 'holdingAmount', trim_scale(holding_amount),
                 'apyHoldingAmount', trim_scale(apy_holding_amount),
                 'apy', trim_scale(apy),
                 'actualEarnings', trim_scale(actual_earnings),
                 'operatorAddress', operator_address,
                 'strategy', strategy,
                 'tag', tag) ORDER BY platform, chain, gem_symbol, operator_address), '[]')
          FROM derived.position_state_at('infinity')) AS "platformSummaryInfos",
       (SELECT coalesce(json_agg(json_build_object(
                 'chain', chain,
                 'vaultType', vault_type,
                 'contractAddress', contract_address,
                 'debt', trim_scale(debt)) ORDER BY chain, vault_type), '[]')
          FROM derived.vault_state_at('infinity') WHERE collateral_type = 3) AS "vaultInfos";
COMMENT ON VIEW api.allocator_overview IS '6.14 GET /api/v1/smart-allocator/detail-overview';
COMMENT ON COLUMN api.allocator_overview.apy IS
  'Blended APY as a PERCENT (3.4268 = 3.4268%), unlike every other APY: '
  '100 x sum(apyHoldingAmount x apy) / sum(apyHoldingAmount) over the positions; 0 without any';
COMMENT ON COLUMN api.allocator_overview.debt IS
  'COIN owed by the allocator Vaults (collateralType 3) on all chains: the sum of vaultInfos[].debt. Not a supply figure';
COMMENT ON COLUMN api.allocator_overview."platformSummaryInfos" IS
  'Every allocator position, by platform, chain, gemSymbol: holdingAmount (USD held), '
  'apyHoldingAmount (USD weighting the blended APY), apy (decimal), actualEarnings (USD earned '
  'since it opened; their sum is 6.7 earnSa), operatorAddress, strategy, tag (null or empty when none)';
COMMENT ON COLUMN api.allocator_overview."vaultInfos" IS
  'Every allocator Vault by chain: chain, vaultType, contractAddress, debt (COIN it owes)';

COMMIT;
