-- Group B Vaults and the Smart Allocator (spec 6.11, 6.12, 6.14) on the hand-worked fixture:
-- the exact text of every value and the payload a client receives, over the members each
-- expected text names: their order, and their JSON types (a string is quoted, a number not).
-- The expected answers are worked out in the header of fixture.sql.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(12);

-- =============================================================================================
-- 6.11 api.vault_collaterals
-- =============================================================================================
SELECT results_eq(
  $$SELECT i->>'ilk', i->>'minCollateralRatio', i->>'stabilityFee', i->>'maxMinted', i->>'dust',
           i->>'curMinted', i->>'totalCollateral'
      FROM api.vault_collaterals, json_array_elements(items) WITH ORDINALITY AS x(i, n) ORDER BY n$$,
  $$VALUES ('TRX-A',  '1.5', '0.045',  '50000000',   '100', '1234567.891234567891234567', '2500000.75'),
           ('WBTC-A', '1.5', '0.0525', '3000000.75', '750', '409000.623456789',           '620124.320654321'),
           ('TRX-B',  '1.3', '0.03',   '20000000',   '100', '0',                          '0')$$,
  'vault_collaterals: the regular types in the order first seen; WBTC-A totalled over bsc and eth; TRX-B without debt');
SELECT pg_temp.is_payload(pg_temp.payload('api.vault_collaterals'),
  '{"items":[{"ilk":"TRX-A","minCollateralRatio":"1.5","stabilityFee":"0.045","maxMinted":"50000000","dust":"100","curMinted":"1234567.891234567891234567","totalCollateral":"2500000.75"},{"ilk":"WBTC-A","minCollateralRatio":"1.5","stabilityFee":"0.0525","maxMinted":"3000000.75","dust":"750","curMinted":"409000.623456789","totalCollateral":"620124.320654321"},{"ilk":"TRX-B","minCollateralRatio":"1.3","stabilityFee":"0.03","maxMinted":"20000000","dust":"100","curMinted":"0","totalCollateral":"0"}]}',
  'vault_collaterals: the payload text');

-- =============================================================================================
-- 6.12 api.latest_collateral
-- =============================================================================================
SELECT results_eq(
  $$SELECT chain, data->>'apy', data->>'coinTotalSupply', data->>'totalSupplyValue',
           data->>'totalSupplyValueDailyChange', data->>'totalCollateralValue',
           data->>'totalCollateralValueDailyChange', data->>'earnTvl', data->>'earnTvlDailyChange',
           json_array_length(data->'items')
      FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', '0.045699999999999999999999999999', '123456789.123456789012345678',
            '123437409.494026603827378206739708642197530866', '-55658.380517839493721793260291357802469134',
            '2500000.75', '30999.876544', '5309.876', '-0.624', 2),
           ('eth', '0.031259999999999999999999999999', '876543210.876543210987654322',
            '876718519.5187185196298518539224', '-69151.5100814803701481460776',
            '25482346.011', '692345.011', '1234.5', '34.5', 3),
           ('bsc', '0.04', '250000.5', '249975.49995', '-134.99005',
            '1153134.975308642', '-7867.024691358', '0', '-10.5', 2)$$
    || pg_temp.for_other_chains($$, ('%s', '0', '0', '0', '0', '0', '0', '0', '0', 0)$$),
  'latest_collateral: one row per chain, the top-level figures and daily changes (negative ones too); zeros and no Vault on a chain without rows');
SELECT results_eq(
  $$SELECT chain, i->>'vaultType', i->>'chain', i->>'collateralType', i->>'contractAddress',
           i->>'mintedCOIN', i->>'debt', i->>'lockedValue', i->>'collateralRatio',
           i->>'minCollateralRatio', i->>'stabilityFee', i->>'line', i->>'apy',
           i->>'estimatedAnnualEarnings', i->>'psmFee'
      FROM api.latest_collateral, json_array_elements(data->'items') WITH ORDINALITY AS x(i, n)
     ORDER BY chain::snapshot.chain, n$$,
  $$VALUES
    ('tron', 'TRX-A', 'tron', '1', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH', '1234567.891234567891234567',
     '1234890.123456789012345678', '2500000.75', '2.024472220250516437', '1.5', '0.045', '50000000',
     NULL, NULL, NULL),
    ('tron', 'TRX-B', 'tron', '1', 'TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn', '0', '0', '0', '0',
     '1.3', '0.03', '20000000', NULL, NULL, NULL),
    ('eth', 'WBTC-A', 'eth', '1', '0x2C4e6A8c0E2b4D6f8A0c2E4b6D8f0A2c4E6b8D0f', '310000.5', '310040.75',
     '470000.333', '1.5159308348983158', '1.5', '0.05', '2000000.25', NULL, NULL, NULL),
    ('eth', 'PSM-USDT-A', 'eth', '2', '0x7a1c9E3b5D2f4A6c8E0b1D3f5A7c9E1b3D5f7A9c', '20000000',
     '20000000', '20000000', '1', '1', '0', '30000000', NULL, NULL, '0.0001'),
    ('eth', 'SA-USDT-A', 'eth', '3', '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD', '5000000', '5000000',
     '5012345.678', '1.0024691356', '1', '0', '10000000', '0.052345678901234567890123456789',
     '261728.39', NULL),
    ('bsc', 'WBTC-A', 'bsc', '1', '0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e', '99000.123456789',
     '99015.5', '150123.987654321', '1.5161665360910262', '1.45', '0.0525', '1000000.5', NULL, NULL, NULL),
    ('bsc', 'SA-USDT-A', 'bsc', '3', '0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f', '1000000', '1000000',
     '1003010.987654321', '1.003010987654321', '1', '0', '5000000', '0.049876543210987654321098765432',
     '49876.54', NULL)$$,
  'latest_collateral: every Vault of the chain by collateralType then id; ratio 0 without debt');
SELECT pg_temp.is_payload(pg_temp.latest_collateral('tron'),
  '{"apy":0.045699999999999999999999999999,"coinTotalSupply":123456789.123456789012345678,"totalSupplyValue":123437409.494026603827378206739708642197530866,"totalSupplyValueDailyChange":-55658.380517839493721793260291357802469134,"totalCollateralValue":2500000.75,"totalCollateralValueDailyChange":30999.876544,"earnTvl":5309.876,"earnTvlDailyChange":-0.624,"items":[{"vaultType":"TRX-A","chain":"tron","collateralType":1,"contractAddress":"TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH","mintedCOIN":1234567.891234567891234567,"debt":1234890.123456789012345678,"lockedValue":2500000.75,"collateralRatio":2.024472220250516437,"minCollateralRatio":"1.5","stabilityFee":"0.045","line":"50000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},{"vaultType":"TRX-B","chain":"tron","collateralType":1,"contractAddress":"TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn","mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"minCollateralRatio":"1.3","stabilityFee":"0.03","line":"20000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":null}]}',
  'latest_collateral tron: the payload text');
SELECT pg_temp.is_payload(pg_temp.latest_collateral('eth'),
  '{"apy":0.031259999999999999999999999999,"coinTotalSupply":876543210.876543210987654322,"totalSupplyValue":876718519.5187185196298518539224,"totalSupplyValueDailyChange":-69151.5100814803701481460776,"totalCollateralValue":25482346.011,"totalCollateralValueDailyChange":692345.011,"earnTvl":1234.5,"earnTvlDailyChange":34.5,"items":[{"vaultType":"WBTC-A","chain":"eth","collateralType":1,"contractAddress":"0x2C4e6A8c0E2b4D6f8A0c2E4b6D8f0A2c4E6b8D0f","mintedCOIN":310000.5,"debt":310040.75,"lockedValue":470000.333,"collateralRatio":1.5159308348983158,"minCollateralRatio":"1.5","stabilityFee":"0.05","line":"2000000.25","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},{"vaultType":"PSM-USDT-A","chain":"eth","collateralType":2,"contractAddress":"0x7a1c9E3b5D2f4A6c8E0b1D3f5A7c9E1b3D5f7A9c","mintedCOIN":20000000,"debt":20000000,"lockedValue":20000000,"collateralRatio":1,"minCollateralRatio":"1","stabilityFee":"0","line":"30000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":"0.0001"},{"vaultType":"SA-USDT-A","chain":"eth","collateralType":3,"contractAddress":"0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD","mintedCOIN":5000000,"debt":5000000,"lockedValue":5012345.678,"collateralRatio":1.0024691356,"minCollateralRatio":"1","stabilityFee":"0","line":"10000000","apy":0.052345678901234567890123456789,"estimatedAnnualEarnings":261728.39,"psmFee":null}]}',
  'latest_collateral eth: the payload text');
SELECT pg_temp.is_payload(pg_temp.latest_collateral('bsc'),
  '{"apy":0.04,"coinTotalSupply":250000.5,"totalSupplyValue":249975.49995,"totalSupplyValueDailyChange":-134.99005,"totalCollateralValue":1153134.975308642,"totalCollateralValueDailyChange":-7867.024691358,"earnTvl":0,"earnTvlDailyChange":-10.5,"items":[{"vaultType":"WBTC-A","chain":"bsc","collateralType":1,"contractAddress":"0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e","mintedCOIN":99000.123456789,"debt":99015.5,"lockedValue":150123.987654321,"collateralRatio":1.5161665360910262,"minCollateralRatio":"1.45","stabilityFee":"0.0525","line":"1000000.5","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},{"vaultType":"SA-USDT-A","chain":"bsc","collateralType":3,"contractAddress":"0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f","mintedCOIN":1000000,"debt":1000000,"lockedValue":1003010.987654321,"collateralRatio":1.003010987654321,"minCollateralRatio":"1","stabilityFee":"0","line":"5000000","apy":0.049876543210987654321098765432,"estimatedAnnualEarnings":49876.54,"psmFee":null}]}',
  'latest_collateral bsc: the payload text');
-- Every chain's, one without rows too (no payload text above).
SELECT is(
  (SELECT array_agg(DISTINCT pg_temp.shape(pg_temp.as_expected(data, '{"apy":0,"coinTotalSupply":0,"totalSupplyValue":0,"totalSupplyValueDailyChange":0,"totalCollateralValue":0,"totalCollateralValueDailyChange":0,"earnTvl":0,"earnTvlDailyChange":0,"items":[]}')::json))
     FROM api.latest_collateral),
  ARRAY['apy:number,coinTotalSupply:number,totalSupplyValue:number,totalSupplyValueDailyChange:number,totalCollateralValue:number,totalCollateralValueDailyChange:number,earnTvl:number,earnTvlDailyChange:number,items:array'],
  'latest_collateral: top-level keys in order, every figure a JSON number, on every chain');

-- =============================================================================================
-- 6.14 api.allocator_overview
-- =============================================================================================
SELECT results_eq(
  $$SELECT apy::text, debt::text, json_array_length("platformSummaryInfos"),
           json_array_length("vaultInfos") FROM api.allocator_overview$$,
  $$VALUES ('4.9340628507093153759800224467', '6000000', 3, 2)$$,
  'allocator_overview: blended APY as a percent (28 decimals: the mean to 30, x 100); debt of the allocator Vaults');
SELECT results_eq(
  $$SELECT p->>'platform', p->>'chain', p->>'gemSymbol', p->>'holdingAmount', p->>'apyHoldingAmount',
           p->>'apy', p->>'actualEarnings', p->>'operatorAddress', p->>'strategy', p->>'tag',
           json_typeof(p->'tag')
      FROM api.allocator_overview, json_array_elements("platformSummaryInfos") WITH ORDINALITY AS x(p, n)
     ORDER BY n$$,
  $$VALUES
    ('Aave', 'bsc', 'USDT', '1200000.000001', '1000000', '0.050123456789012345678901234567',
     '3010.987654321', '0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a', 'Investment', '', 'string'),
    ('Aave', 'eth', 'USDT', '3000000.5', '2500000', '0.0425', '12345.678901',
     '0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf', 'Investment', 'Gauntlet', 'string'),
    ('Aave', 'plasma', 'USDT0', '2000000', '2000000', '0.0575', '6789.1',
     '0x52Aa899454998Be5b000Ad077a46Bbe360F4e497', 'Investment', NULL, 'null')$$,
  'allocator_overview: every position by platform, chain, gemSymbol; tag "" stays "", NULL is null; plasma included');
SELECT results_eq(
  $$SELECT v->>'chain', v->>'vaultType', v->>'contractAddress', v->>'debt'
      FROM api.allocator_overview, json_array_elements("vaultInfos") WITH ORDINALITY AS x(v, n) ORDER BY n$$,
  $$VALUES ('eth', 'SA-USDT-A', '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD', '5000000'),
           ('bsc', 'SA-USDT-A', '0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f', '1000000')$$,
  'allocator_overview: the allocator Vaults in [tron, eth, bsc] order (eth before bsc)');
SELECT pg_temp.is_payload(pg_temp.payload('api.allocator_overview'),
  '{"apy":4.9340628507093153759800224467,"debt":6000000,"platformSummaryInfos":[{"platform":"Aave","chain":"bsc","gemSymbol":"USDT","holdingAmount":1200000.000001,"apyHoldingAmount":1000000,"apy":0.050123456789012345678901234567,"actualEarnings":3010.987654321,"operatorAddress":"0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a","strategy":"Investment","tag":""},{"platform":"Aave","chain":"eth","gemSymbol":"USDT","holdingAmount":3000000.5,"apyHoldingAmount":2500000,"apy":0.0425,"actualEarnings":12345.678901,"operatorAddress":"0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf","strategy":"Investment","tag":"Gauntlet"},{"platform":"Aave","chain":"plasma","gemSymbol":"USDT0","holdingAmount":2000000,"apyHoldingAmount":2000000,"apy":0.0575,"actualEarnings":6789.1,"operatorAddress":"0x52Aa899454998Be5b000Ad077a46Bbe360F4e497","strategy":"Investment","tag":null}],"vaultInfos":[{"chain":"eth","vaultType":"SA-USDT-A","contractAddress":"0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD","debt":5000000},{"chain":"bsc","vaultType":"SA-USDT-A","contractAddress":"0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f","debt":1000000}]}',
  'allocator_overview: the payload text');

SELECT * FROM finish();
ROLLBACK;
