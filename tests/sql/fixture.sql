-- The hand-worked test fixture: a few snapshots whose right answers were worked out by hand
-- below. The SQL tests (tests/sql/*.test.sql) and the end-to-end tests load this same file and
-- assert the same answers, the first on the api views, the second over HTTP.
--
-- Loadable both inside a test transaction (\ir fixture.sql) and on its own in one transaction
-- (psql -1 -f fixture.sql, scripts/lib.sh db_load fixture). It replaces whatever snapshot data
-- the database holds. Every value is a literal; change one and the answers below must change.
--
-- ============================================================================================
-- Which chain_state row is the latest (the one every Group A view must use)
-- ============================================================================================
--   chain  taken_at (UTC+8)          inserted  used?
--   tron   2026-05-12 20:00:00       1st       no   (middle)
--   tron   2026-05-13 08:00:00       2nd       YES  (latest)
--   tron   2026-05-11 20:00:00       3rd       no   (oldest; the largest supply and APY)
--   eth    2026-05-12 08:00:00       4th       no   (inserted before the latest)
--   eth    2026-05-13 07:55:00       5th       YES
--   bsc    2026-05-13 07:50:00       6th       YES  (inserted before the older one)
--   bsc    2026-05-13 07:49:59.999   7th       no   (one millisecond older)
-- Neither the first- nor the last-inserted row of a chain is its latest for every chain, and
-- the chains' latest times differ (the global latest time holds a tron row only).
--
-- Latest values:
--   chain  coin_supply                    scoin_supply              earn_apy
--   tron   123456789.123456789012345678   4999.999999999999999998   0.045699999999999999999999999999
--   eth    876543210.876543210987654322   0.000000000000000001      0.031259999999999999999999999999
--   bsc    250000.500000                  0.000                     0.040000000000
--
-- ============================================================================================
-- Group A answers, by hand (numerics are sent with every digit, trailing zeros trimmed)
-- ============================================================================================
-- api.coin_supply (6.4 /api/v1/external/total-supply/coin)
--   symbol      = COIN
--   tron        = 123456789.123456789012345678
--   eth         = 876543210.876543210987654322
--   bsc         = 250000.500000 -> 250000.5 (trailing zeros trimmed)
--   totalSupply = 123456789.123456789012345678 + 876543210.876543210987654322 + 250000.5
--               = 1000000000.000000000000000000 + 250000.5      (tron + eth carries to a whole)
--               = 1000250000.5
--   row_to_json: {"symbol":"COIN","totalSupply":1000250000.5,"tron":123456789.123456789012345678,"eth":876543210.876543210987654322,"bsc":250000.5}
--
-- api.scoin_supply (6.5 /api/v1/external/total-supply/scoin)
--   symbol      = sCOIN
--   tron        = 4999.999999999999999998
--   eth         = 0.000000000000000001
--   bsc         = 0.000 -> 0 (a chain with no sCOIN returns 0)
--   totalSupply = 4999.999999999999999998 + 0.000000000000000001 + 0
--               = 4999.999999999999999999
--   row_to_json: {"symbol":"sCOIN","totalSupply":4999.999999999999999999,"tron":4999.999999999999999998,"eth":0.000000000000000001,"bsc":0}
--
-- api.total_supply (6.1 /totalSupply, bare text)
--   totalSupply = coin totalSupply + scoin totalSupply
--               = 1000250000.5 + 4999.999999999999999999
--               = 1000255000.499999999999999999    (.5 + .999999999999999999 carries 1)
--   row_to_json: {"totalSupply":1000255000.499999999999999999}
--   body of /totalSupply: 1000255000.499999999999999999
--
-- api.circulating_supply (6.2 /circulatingSupply, bare text): the same figure as 6.1
--   circulatingSupply = 1000255000.499999999999999999
--   row_to_json: {"circulatingSupply":1000255000.499999999999999999}
--   body of /circulatingSupply: 1000255000.499999999999999999
--
-- api.earn_apy (6.3 /api/v1/external/earn-apy): strings, cut (not rounded) to exactly 4 decimals
--   tronApy = 0.045699999999999999999999999999 (29 significant digits) -> "0.0456" (rounding: 0.0457)
--   ethApy  = 0.031259999999999999999999999999 (29 significant digits) -> "0.0312" (rounding: 0.0313)
--   bscApy  = 0.040000000000 (trailing zeros)                        -> "0.0400" (exactly 4 decimals)
--   row_to_json: {"tronApy":"0.0456","ethApy":"0.0312","bscApy":"0.0400"}
--
-- With no chain_state rows at all every Group A view still returns one row, of zeros:
--   total_supply {"totalSupply":0}, circulating_supply {"circulatingSupply":0},
--   coin_supply {"symbol":"COIN","totalSupply":0,"tron":0,"eth":0,"bsc":0}, scoin_supply likewise
--   with "sCOIN", earn_apy {"tronApy":"0.0000","ethApy":"0.0000","bscApy":"0.0000"}.
--
-- The Vaults and allocator positions below are not read by Group A; their answers belong to
-- the Group B views and are to be worked out here when those views exist.
-- ============================================================================================

TRUNCATE snapshot.allocator_position_state, snapshot.allocator_position,
         snapshot.vault_state, snapshot.vault, snapshot.chain_state RESTART IDENTITY;

INSERT INTO snapshot.chain_state
  (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
VALUES
  -- tron: middle, latest, oldest
  ('tron', '2026-05-12 20:00:00+08', 123000000.5, 4000, 1, 1.061, 0.0461, 4000),
  ('tron', '2026-05-13 08:00:00+08', 123456789.123456789012345678, 4999.999999999999999998,
           0.9998, 1.062345678901234567, 0.045699999999999999999999999999, 5309.876),
  ('tron', '2026-05-11 20:00:00+08', 130000000.987654321, 9000.999999999999999999, 1.0001, 1.06,
           0.0999, 9500),
  -- eth: older first
  ('eth',  '2026-05-12 08:00:00+08', 900000000, 1, 1, 1.05, 0.0200, 1.05),
  ('eth',  '2026-05-13 07:55:00+08', 876543210.876543210987654322, 0.000000000000000001,
           1.0002, 1.058, 0.031259999999999999999999999999, 1234.5),
  -- bsc: latest first, then one a millisecond older
  ('bsc',  '2026-05-13 07:50:00+08', 250000.500000, 0.000, 0.9999, 1.05, 0.040000000000, 0),
  ('bsc',  '2026-05-13 07:49:59.999+08', 250000.499999, 7, 0.9999, 1.05, 0.0399999, 7.35);

INSERT INTO snapshot.vault
  (chain, vault_type, collateral_type, contract_address,
   min_collateral_ratio, stability_fee, debt_ceiling, dust, psm_fee)
VALUES
  ('tron', 'TRX-A',      1, 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH',         1.5, 0.045, 50000000, 100, NULL),
  ('eth',  'PSM-USDT-A', 2, '0x7a1c9E3b5D2f4A6c8E0b1D3f5A7c9E1b3D5f7A9c', 1,   0,     30000000, 0,   0.0001),
  ('eth',  'SA-USDT-A',  3, '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD', 1,   0,     10000000, 0,   NULL);

INSERT INTO snapshot.vault_state
  (vault_id, taken_at, minted, debt, locked_value, apy, estimated_annual_earnings)
VALUES
  ((SELECT vault_id FROM snapshot.vault WHERE chain = 'tron' AND vault_type = 'TRX-A'),
   '2026-05-13 08:00:00+08', 1234567.891234567891234567, 1234890.123456789012345678,
   2500000.75, NULL, NULL),
  ((SELECT vault_id FROM snapshot.vault WHERE chain = 'tron' AND vault_type = 'TRX-A'),
   '2026-05-12 20:00:00+08', 1000000, 1000100.5, 2400000, NULL, NULL),
  ((SELECT vault_id FROM snapshot.vault WHERE chain = 'eth' AND vault_type = 'PSM-USDT-A'),
   '2026-05-13 07:55:00+08', 20000000, 20000000, 20000000.000000, NULL, NULL),
  ((SELECT vault_id FROM snapshot.vault WHERE chain = 'eth' AND vault_type = 'SA-USDT-A'),
   '2026-05-13 07:55:00+08', 5000000, 5000000, 5012345.678,
   0.052345678901234567890123456789, 261728.39);

INSERT INTO snapshot.allocator_position
  (platform, chain, gem_symbol, operator_address, strategy, tag)
VALUES
  ('Aave', 'eth',    'USDT',  '0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf', 'Investment', 'Gauntlet'),
  ('Aave', 'plasma', 'USDT0', '0x52Aa899454998Be5b000Ad077a46Bbe360F4e497', 'Investment', NULL);

INSERT INTO snapshot.allocator_position_state
  (position_id, taken_at, holding_amount, apy_holding_amount, apy, actual_earnings)
VALUES
  ((SELECT position_id FROM snapshot.allocator_position WHERE chain = 'eth' AND gem_symbol = 'USDT'),
   '2026-05-13 07:55:00+08', 3000000.5, 2500000, 0.0425, 12345.678901),
  ((SELECT position_id FROM snapshot.allocator_position WHERE chain = 'plasma' AND gem_symbol = 'USDT0'),
   '2026-05-13 07:55:00+08', 2000000, 2000000, 0.0575, 6789.1);
