-- The hand-worked test fixture: a few snapshots whose right answers were worked out by hand
-- below. The SQL tests (tests/sql/*.test.sql) and the end-to-end tests load this same file and
-- assert the same answers, the first on the api views, the second over HTTP.
--
-- Loadable both inside a test transaction (\ir fixture.sql) and on its own in one transaction
-- (psql -1 -f fixture.sql, scripts/lib.sh db_load fixture). It replaces whatever snapshot data
-- the database holds. Every value is a literal; change one and the answers below must change.
--
-- Rows: chain_state 17, vault 7, vault_state 23, allocator_position 3, allocator_position_state 9.
--
-- ============================================================================================
-- The blocks the newest rows were read at (snapshot_provenance; api.snapshot_blocks)
-- ============================================================================================
--   chain   newest row (UTC+8)   block_number  block_hash           block_time (UTC+8)
--   tron    08:00 chain_state    null (TRON is read at latest: no block is known)
--   eth     07:55 chain_state    22480012      0x e7 x 32           07:54:59
--           (and its Vaults' and its position's rows of 07:55, read in the same round)
--   bsc     07:50 chain_state    48123456      0x b5 x 32           07:49:57
--           (and its Vaults' and its position's rows of 07:50)
--   plasma  07:55 position       1500000       0x 9a x 32           07:54:58
--           (a chain of positions only: its newest position state)
--   eth's row of 00:01 was read at 22477613 (0x e0 x 32, 00:00:59), older than its newest.
-- Every other row has none (written before blocks were kept). Hence api.snapshot_blocks_text,
-- every answer's X-Snapshot-Blocks: "tron=latest; eth=22480012; bsc=48123456; plasma=1500000".
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
--   eth    2026-05-11 00:00:00       8th       no   (Group B: the first snapshot of all)
--   tron   2026-05-12 23:59:00       9th       no   (Group B: the day boundary,
--   tron   2026-05-13 00:00:00       10th      no    three rows per chain, all older
--   tron   2026-05-13 00:01:00       11th      no    than the chain's latest)
--   eth    2026-05-12 23:59:00       12th      no
--   eth    2026-05-13 00:00:00       13th      no
--   eth    2026-05-13 00:01:00       14th      no
--   bsc    2026-05-12 23:59:00       15th      no
--   bsc    2026-05-13 00:00:00       16th      no
--   bsc    2026-05-13 00:01:00       17th      no
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
-- ============================================================================================
-- Group B: the clock
-- ============================================================================================
-- All times are UTC+8. "23:59", "00:00" and "00:01" mean 2026-05-12 23:59, 2026-05-13 00:00
-- and 2026-05-13 00:01: one minute before, at and after the baseline midnight.
--
-- derived.as_of: taken_at = 2026-05-13 08:00 (tron's latest row, the newest chain snapshot)
--                midnight = 2026-05-13 00:00 UTC+8 (= 2026-05-12 16:00 UTC), the baseline of
--                every *DailyChange. (UTC midnight of that day is 2026-05-13 08:00 UTC+8, the
--                latest snapshot itself: a view using it would answer 0 for every change.)
-- derived.chain_clock: where each chain's histories (6.13, vault-history, 6.21) end, their live
--                point: the chain's own newest snapshot, tron 08:00, eth 07:55, bsc 07:50.
--
-- epoch ms: 1970-01-01 to 2026-01-01 = 56 x 365 + 14 leap days = 20454 days;
--           to 2026-05-11 add 31 + 28 + 31 + 30 + 10 = 130: day 20584;
--           2026-05-11 00:00 UTC = 20584 x 86400000 = 1778457600000; UTC+8 is 28800000 earlier:
--   D1 = 2026-05-11 00:00 UTC+8 = 1778457600000 - 28800000 = 1778428800000
--   D2 = 2026-05-12 00:00 UTC+8 = D1 + 86400000            = 1778515200000
--   D3 = 2026-05-13 00:00 UTC+8 = D2 + 86400000            = 1778601600000 (the baseline)
--   live = 2026-05-13 08:00 UTC+8 = D3 + 8 x 3600000       = 1778630400000 (tron's)
--   eth's live = 07:55 = live - 5 x 60000 = 1778630100000; bsc's = 07:50 = 1778629800000
--   an hourly point hh:00 on 2026-05-13 is D3 + hh x 3600000 (01:00 = 1778605200000, ...
--   07:00 = 1778626800000); on 2026-05-12, D2 + hh x 3600000; on 2026-05-11, D1 + hh x 3600000.
--
-- The daily snapshots (6.8, 6.9, 6.10): the first chain snapshot is eth's at 2026-05-11 00:00,
-- exactly a midnight, so it counts for that midnight: D1, D2, D3 (3 points, ascending).
--
-- ============================================================================================
-- Group B: every chain_state row, and its value (coin x coin_price + scoin x scoin_price)
-- ============================================================================================
-- tron
--   T1 05-11 20:00  coin 130000000.987654321 x 1.0001 = 130000000.987654321 + 13000.0000987654321
--                                                   = 130013000.9877530864321
--                   scoin 9000.999999999999999999 x 1.06 = 9541.05999999999999999894
--                   value = 130022542.04775308643209999894   apy 0.0999   tvl 9500
--   T2 05-12 20:00  123000000.5 x 1 + 4000 x 1.061 = 123000000.5 + 4244
--                   value = 123004244.5                      apy 0.0461   tvl 4000
--   T3 23:59        123400000.25 x 1 + 5000 x 1.062 = 123400000.25 + 5310
--                   value = 123405310.25                     apy 0.0458   tvl 5300
--   T4 00:00        123500000.123456789 x 0.9999 = 123500000.123456789 - 12350.0000123456789
--                                                = 123487650.1234444433211
--                   5100.5 x 1.0622 = 5417.7511
--                   value = 123493067.8745444433211          apy 0.045700000000000000000000000001  tvl 5310.5
--   T5 00:01        123450000 x 1.0001 = 123462345;  4990 x 1.0623 = 5300.877
--                   value = 123467645.877                    apy 0.04565  tvl 5305
--   T6 08:00        123456789.123456789012345678 x 0.9998
--                     = 123456789.123456789012345678 - 24691.3578246913578024691356
--                     = 123432097.7656320976545432088644
--   (latest)        4999.999999999999999998 x 1.062345678901234567
--                     = 5000 x 1.062345678901234567 - 0.000000000000000002 x 1.062345678901234567
--                     = 5311.728394506172835 - 0.000000000000000002124691357802469134
--                     = 5311.728394506172834997875308642197530866
--                   value = 123432097.7656320976545432088644 + 5311.728394506172834997875308642197530866
--                         = 123437409.494026603827378206739708642197530866
--                   apy 0.045699999999999999999999999999   tvl 5309.876
-- eth
--   E0 05-11 00:00  888888888.888888888888888889 x 1.0001
--                     = 888888888.888888888888888889 + 88888.8888888888888888888889
--                     = 888977777.7777777777777777778889;  0.5 x 1.04 = 0.52
--                   value = 888977778.2977777777777777778889  apy 0.0201  tvl 500
--   E1 05-12 08:00  900000000 x 1 + 1 x 1.05 = 900000001.05   apy 0.02 (0.0200)  tvl 1.05
--   E2 23:59        876400000 x 1 + 0.25 x 1.057 = 876400000 + 0.26425
--                   value = 876400000.26425                  apy 0.0312   tvl 1190
--   E3 00:00        876700000.5 x 1.0001 = 876700000.5 + 87670.00005 = 876787670.50005
--                   0.5 x 1.0575 = 0.52875
--                   value = 876787671.0288                   apy 0.0313   tvl 1200
--   E4 00:01        876510000 x 0.9999 = 876510000 - 87651 = 876422349;  0.75 x 1.0576 = 0.7932
--                   value = 876422349.7932                   apy 0.03135  tvl 1210
--   E5 07:55        876543210.876543210987654322 x 1.0002
--   (latest)          = 876543210.876543210987654322 + 175308.6421753086421975308644
--                     = 876718519.5187185196298518528644
--                   0.000000000000000001 x 1.058 = 0.000000000000000001058
--                   value = 876718519.5187185196298518539224
--                   apy 0.031259999999999999999999999999   tvl 1234.5
-- bsc
--   B1 23:59        250050 x 1.0001 = 250075.005;  9 x 1.0485 = 9.4365
--                   value = 250084.4415                      apy 0.0402   tvl 10
--   B2 00:00        250100 x 1 + 10 x 1.049 = 250100 + 10.49
--                   value = 250110.49                        apy 0.0401   tvl 10.5
--   B3 00:01        250090.25 x 0.9998 = 250090.25 - 50.01805 = 250040.23195;  9.5 x 1.0491 = 9.96645
--                   value = 250050.1984                      apy 0.04005  tvl 10.25
--   B4 07:49:59.999 (Group A only; no Group B point reads it)
--   B5 07:50        250000.500000 x 0.9999 = 250000.5 - 25.00005 = 249975.49995;  0.000 x 1.05 = 0
--   (latest)        value = 249975.49995                     apy 0.04 (0.040000000000)  tvl 0
--
-- ============================================================================================
-- Group B: the Vaults and their states (locked_value / debt / minted)
-- ============================================================================================
--   id chain type        collateralType  address                                      minCR fee    line        dust  psmFee
--   1  tron  TRX-A       1 regular       TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH           1.5   0.045  50000000    100   null
--   2  eth   PSM-USDT-A  2 PSM           0x7a1c9E3b5D2f4A6c8E0b1D3f5A7c9E1b3D5f7A9c   1     0      30000000    0     0.0001
--   3  eth   SA-USDT-A   3 allocator     0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD   1     0      10000000    0     null
--   4  bsc   WBTC-A      1 regular       0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e   1.45  0.0525 1000000.5   500   null
--   5  eth   WBTC-A      1 regular       0x2C4e6A8c0E2b4D6f8A0c2E4b6D8f0A2c4E6b8D0f   1.5   0.05   2000000.25  750   null
--   6  tron  TRX-B       1 regular       TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn           1.3   0.03   20000000    100   null
--   7  bsc   SA-USDT-A   3 allocator     0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f   1     0      5000000     0     null
--   (WBTC-A is one regular type on two chains; SA-USDT-A is the allocator Vault on eth and bsc.)
--
--   states (locked / debt / minted; apy and estimated_annual_earnings null unless given):
--   TRX-A  tron  05-11 20:00  2000000.5 / 900050 / 900000
--                05-12 20:00  2400000 / 1000100.5 / 1000000
--                23:59        2450000.5 / 1200150.25 / 1200000
--                00:00        2460000.123456 / 1210160.75 / 1210000.5
--                00:01        2460001 / 1210161.25 / 1210001
--                08:00        2500000.75 / 1234890.123456789012345678 / 1234567.891234567891234567
--   TRX-B  tron  00:00        9000.75 / 5000.5 / 5000
--                00:01        0 / 0.000000 / 0.000   (repaid: the Vault with zero debt)
--   PSM    eth   05-11 00:00  15000000.25 / 15000000 / 15000000
--                23:59        19000000 / 19000000 / 19000000
--                00:00        19500000.5 / 19500000.5 / 19500000.5
--                00:01        19600000 / 19600000 / 19600000
--                07:55        20000000.000000 / 20000000 / 20000000
--   SA     eth   00:00        4810000.5 / 4800000 / 4800000, apy 0.05, est 240500.025
--                07:55        5012345.678 / 5000000 / 5000000,
--                             apy 0.052345678901234567890123456789, est 261728.39
--   WBTC-A eth   00:00        480000 / 300030 / 300000
--                07:55        470000.333 / 310040.75 / 310000.5
--   WBTC-A bsc   23:59        160000 / 100010 / 100000
--                00:00        158000.5 / 100012.5 / 100000
--                07:50        150123.987654321 / 99015.5 / 99000.123456789
--   SA     bsc   00:00        1003001.5 / 1000000 / 1000000, apy 0.0501, est 50100
--                00:01        1003001.75 / 1000000 / 1000000, apy 0.0502, est 50200
--                07:50        1003010.987654321 / 1000000 / 1000000,
--                             apy 0.049876543210987654321098765432, est 49876.54
--
--   Sums per chain (collateral value = sum of locked_value; debt; minted), a Vault without a
--   state yet counting 0:
--   at        tron                                          eth                                   bsc
--   D1        0 / 0 / 0                                     15000000.25 / 15000000 / 15000000     0 / 0 / 0
--   D2        2000000.5 / 900050 / 900000 (TRX-A 05-11)     15000000.25 / 15000000 / 15000000     0 / 0 / 0
--   05-12 20:00..23:00: tron 2400000 / 1000100.5 / 1000000 (TRX-A 05-12 20:00)
--   23:59     2450000.5 / 1200150.25 / 1200000              19000000 / 19000000 / 19000000        160000 / 100010 / 100000
--   00:00     2460000.123456 + 9000.75 = 2469000.873456     19500000.5 + 4810000.5 + 480000       158000.5 + 1003001.5 = 1161002
--             1210160.75 + 5000.5 = 1215161.25                = 24790001                          100012.5 + 1000000 = 1100012.5
--             1210000.5 + 5000 = 1215000.5                  19500000.5 + 4800000 + 300030         100000 + 1000000 = 1100000
--                                                             = 24600030.5
--                                                           19500000.5 + 4800000 + 300000
--                                                             = 24600000.5
--   00:01     2460001 + 0 = 2460001                         19600000 + 4810000.5 + 480000         158000.5 + 1003001.75 = 1161002.25
--             1210161.25 / 1210001                            = 24890000.5                        1100012.5 / 1100000
--                                                           24700030 / 24700000
--   now       2500000.75 + 0 = 2500000.75                   20000000 + 5012345.678 + 470000.333   150123.987654321 + 1003010.987654321
--             1234890.123456789012345678                      = 25482346.011                        = 1153134.975308642
--             1234567.891234567891234567                    20000000 + 5000000 + 310040.75        99015.5 + 1000000 = 1099015.5
--                                                             = 25310040.75                       99000.123456789 + 1000000
--                                                           20000000 + 5000000 + 310000.5           = 1099000.123456789
--                                                             = 25310000.5
--
-- ============================================================================================
-- Group B: the allocator positions and their states
-- ============================================================================================
--   id platform chain   gemSymbol operator                                     strategy    tag
--   1  Aave     eth     USDT      0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf   Investment  'Gauntlet'
--   2  Aave     plasma  USDT0     0x52Aa899454998Be5b000Ad077a46Bbe360F4e497   Investment  NULL
--   3  Aave     bsc     USDT      0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a   Investment  '' (empty)
--   states (holding / apyHolding / apy / actualEarnings):
--   1 eth     23:59  2900000 / 2400000 / 0.041 / 12000.5
--             00:00  2950000.25 / 2450000 / 0.0415 / 12100.123456
--             00:01  2960000 / 2460000 / 0.042 / 12100.2
--             07:55  3000000.5 / 2500000 / 0.0425 / 12345.678901
--   2 plasma  07:55  2000000 / 2000000 / 0.0575 / 6789.1      (opened today: 0 at the baseline)
--   3 bsc     23:59  1000000 / 1000000 / 0.05 / 3000
--             00:00  1000000 / 1000000 / 0.0501 / 3001.5
--             00:01  1000000 / 1000000 / 0.0502 / 3001.75
--             07:50  1200000.000001 / 1000000 / 0.050123456789012345678901234567 / 3010.987654321
--
-- ============================================================================================
-- Group B answers, by hand. Numbers are trim_scale'd (every digit, no trailing zeros);
-- "now" = each entity's latest row; "base" = its row at or before 00:00 (the 00:00 row).
-- Every *DailyChange = now - base. The baseline rows were chosen so that using 23:59 or 00:01
-- instead of 00:00, or UTC midnight, changes EVERY daily change below.
-- ============================================================================================
-- Per chain, now / base / change:
--   tron supply value  123437409.494026603827378206739708642197530866 - 123493067.8745444433211
--                        = -55658.380517839493721793260291357802469134          (negative)
--        collateral    2500000.75 - 2469000.873456 = 30999.876544
--        earn tvl      5309.876 - 5310.5 = -0.624                                (negative)
--   eth  supply value  876718519.5187185196298518539224 - 876787671.0288
--                        = -69151.5100814803701481460776                         (negative)
--        collateral    25482346.011 - 24790001 = 692345.011
--        earn tvl      1234.5 - 1200 = 34.5
--   bsc  supply value  249975.49995 - 250110.49 = -134.99005                     (negative)
--        collateral    1153134.975308642 - 1161002 = -7867.024691358              (negative)
--        earn tvl      0 - 10.5 = -10.5                                          (negative)
--   (With the 23:59 rows as base they would be 32099.244026603827378206739708642197530866,
--    50000.25, 9.876 / 318519.2544685196298518539224, 6482346.011, 44.5 / -108.94155,
--    993134.975308642, -10; with the 00:01 rows -30236.382973396172621793260291357802469134,
--    39999.75, 4.876 / 296169.7255185196298518539224, 592345.511, 24.5 / -74.69845,
--    -7867.274691358, -10.25; with UTC midnight all 0.)
--
-- api.market_overview (6.6 /api/v1/market-site/overview): all JSON numbers
--   totalSupply      = 123456789.123456789012345678 + 876543210.876543210987654322 + 250000.5
--                    = 1000250000.5                               (= 6.4 totalSupply)
--   totalSupplyValue = 123437409.494026603827378206739708642197530866
--                    + 876718519.5187185196298518539224 + 249975.49995
--                    = 1000155929.012745123457230060662108642197530866 + 249975.49995
--                    = 1000405904.512695123457230060662108642197530866
--   tvl              = 2500000.75 + 25482346.011 + 1153134.975308642 = 29135481.736308642
--   earnTvl          = 5309.876 + 1234.5 + 0 = 6544.376
--   tronApy 0.045699999999999999999999999999, ethApy 0.031259999999999999999999999999,
--   bscApy 0.04 (0.040000000000 trimmed)
--   row_to_json: {"totalSupply":1000250000.5,"totalSupplyValue":1000405904.512695123457230060662108642197530866,"tvl":29135481.736308642,"earnTvl":6544.376,"tronApy":0.045699999999999999999999999999,"ethApy":0.031259999999999999999999999999,"bscApy":0.04}
--
-- api.platform_overview (6.7 /api/v1/data-platform/overview/info): all JSON strings
--   totalSupplyValue                = "1000405904.512695123457230060662108642197530866" (as 6.6)
--   totalSupplyValueDailyChange     = -55658.380517839493721793260291357802469134
--                                     - 69151.5100814803701481460776 - 134.99005
--                                   = "-124944.880649319863869939337891357802469134"
--   totalCollateralValue            = "29135481.736308642" (as 6.6 tvl)
--   totalCollateralValueDailyChange = 30999.876544 + 692345.011 - 7867.024691358 = "715477.862852642"
--   earnTvl                         = "6544.376"
--   earnTvlDailyChange              = -0.624 + 34.5 - 10.5 = "23.376"
--   earnSa            = 3010.987654321 + 12345.678901 + 6789.1 = "22145.766555321"
--   earnSaDailyChange = 22145.766555321 - (12100.123456 + 3001.5 + 6789.1)
--                     = 22145.766555321 - 21890.723456 = "255.043099321"
--                       plasma has no state at or before 00:00: its baseline is its first,
--                       07:55 (daily_baseline), not 0 (which gave 7044.143099321)
--                       (23:59 base: 21789.6 -> 356.166555321; 00:01 base: 21891.05 -> 254.716555321)
--   row_to_json: {"totalSupplyValue":"1000405904.512695123457230060662108642197530866","totalSupplyValueDailyChange":"-124944.880649319863869939337891357802469134","totalCollateralValue":"29135481.736308642","totalCollateralValueDailyChange":"715477.862852642","earnTvl":"6544.376","earnTvlDailyChange":"23.376","earnSa":"22145.766555321","earnSaDailyChange":"255.043099321"}
--
-- api.apy_overview (6.8 /api/v1/market-site/overview/apy): APYs are JSON strings, statisticTime
-- a number. The cross-chain APY at a point = sum(apy x tvl) / sum(tvl) over the chains, to 30
-- decimals (rounded half up); a chain without a snapshot yet weighs 0.
--   D1: eth only: 0.0201 x 500 / 500 = 0.0201
--   D2: (0.0999 x 9500 + 0.0201 x 500) / (9500 + 500) = (949.05 + 10.05) / 10000 = 0.09591
--   D3: (0.045700000000000000000000000001 x 5310.5 + 0.0313 x 1200 + 0.0401 x 10.5) / (5310.5 + 1200 + 10.5)
--       = (242.6898500000000000000000000053105 + 37.56 + 0.42105) / 6521
--       = 280.6709000000000000000000000053105 / 6521 = 0.043041082656034350559730102745|79...
--       = 0.043041082656034350559730102746
--   now: (0.045699999999999999999999999999 x 5309.876 + 0.031259999999999999999999999999 x 1234.5 + 0.04 x 0)
--        / (5309.876 + 1234.5 + 0)
--       = (242.661333199999999999999999994690124 + 38.5904699999999999999999999987655) / 6544.376
--       = 281.251803199999999999999999993455624 / 6544.376 = 0.042976106996297278762711677934|375...
--   currentApy = "0.042976106996297278762711677934"   (bsc's 0.04 weighs 0: no Earn TVL)
--   averageApy = (0.0201 + 0.09591 + 0.043041082656034350559730102746) / 3
--              = 0.159051082656034350559730102746 / 3 = 0.053017027552011450186576700915|333...
--              = "0.053017027552011450186576700915"
--   items (the chains in [tron, eth, bsc] order; a chain's daily points start with its first snapshot):
--   tron currentApy "0.045699999999999999999999999999"
--        items [{D2 1778515200000, "0.0999"}, {D3 1778601600000, "0.045700000000000000000000000001"}]
--        averageApy = (0.0999 + 0.045700000000000000000000000001) / 2 = 0.0728000000000000000000000000005
--                   = "0.072800000000000000000000000001" (30 decimals, half up)
--   eth  currentApy "0.031259999999999999999999999999"
--        items [{D1 1778428800000, "0.0201"}, {D2 1778515200000, "0.0201"}, {D3 1778601600000, "0.0313"}]
--        averageApy = (0.0201 + 0.0201 + 0.0313) / 3 = 0.0715 / 3 = 0.0238333...
--                   = "0.023833333333333333333333333333" (30 decimals)
--   bsc  currentApy "0.04"
--        items [{D3 1778601600000, "0.0401"}]
--        averageApy = "0.0401"
--   row_to_json: {"averageApy":"0.053017027552011450186576700915","currentApy":"0.042976106996297278762711677934","items":[{"chain":"tron","currentApy":"0.045699999999999999999999999999","averageApy":"0.072800000000000000000000000001","items":[{"statisticTime":1778515200000,"apy":"0.0999"},{"statisticTime":1778601600000,"apy":"0.045700000000000000000000000001"}]},{"chain":"eth","currentApy":"0.031259999999999999999999999999","averageApy":"0.023833333333333333333333333333","items":[{"statisticTime":1778428800000,"apy":"0.0201"},{"statisticTime":1778515200000,"apy":"0.0201"},{"statisticTime":1778601600000,"apy":"0.0313"}]},{"chain":"bsc","currentApy":"0.04","averageApy":"0.0401","items":[{"statisticTime":1778601600000,"apy":"0.0401"}]}]}
--
-- api.supply_value_history (6.9): 3 daily points, [tron, eth, bsc], strings, 0 before a chain's first
--   D1 1778428800000  coin ["0", "888888888.888888888888888889", "0"]           (E0)
--                     scoin ["0", "0.5", "0"]
--   D2 1778515200000  coin ["130000000.987654321", "888888888.888888888888888889", "0"]   (T1, E0)
--                     scoin ["9000.999999999999999999", "0.5", "0"]
--   D3 1778601600000  coin ["123500000.123456789", "876700000.5", "250100"]    (T4, E3, B2: the 00:00 rows)
--                     scoin ["5100.5", "0.5", "10"]
--   json_agg: [{"statisticTime":1778428800000,"coin":["0","888888888.888888888888888889","0"],"scoin":["0","0.5","0"]},{"statisticTime":1778515200000,"coin":["130000000.987654321","888888888.888888888888888889","0"],"scoin":["9000.999999999999999999","0.5","0"]},{"statisticTime":1778601600000,"coin":["123500000.123456789","876700000.5","250100"],"scoin":["5100.5","0.5","10"]}]
--
-- api.collateral_value_history (6.10): 3 daily points, [tron, eth, bsc], strings (sums above)
--   D1 1778428800000  ["0", "15000000.25", "0"]
--   D2 1778515200000  ["2000000.5", "15000000.25", "0"]
--   D3 1778601600000  ["2469000.873456", "24790001", "1161002"]
--   json_agg: [{"statisticTime":1778428800000,"collateralValue":["0","15000000.25","0"]},{"statisticTime":1778515200000,"collateralValue":["2000000.5","15000000.25","0"]},{"statisticTime":1778601600000,"collateralValue":["2469000.873456","24790001","1161002"]}]
--
-- api.vault_collaterals (6.11): the regular types, in the order first seen (lowest vault id:
-- TRX-A 1, WBTC-A 4, TRX-B 6); all strings
--   TRX-A   minCollateralRatio "1.5", stabilityFee "0.045", maxMinted "50000000", dust "100",
--           curMinted "1234567.891234567891234567", totalCollateral "2500000.75"
--   WBTC-A  (bsc + eth) minCollateralRatio max(1.45, 1.5) = "1.5", stabilityFee max(0.0525, 0.05) = "0.0525",
--           maxMinted 1000000.5 + 2000000.25 = "3000000.75", dust max(500, 750) = "750",
--           curMinted 99000.123456789 + 310000.5 = "409000.623456789",
--           totalCollateral 150123.987654321 + 470000.333 = "620124.320654321"
--   TRX-B   minCollateralRatio "1.3", stabilityFee "0.03", maxMinted "20000000", dust "100",
--           curMinted "0", totalCollateral "0"   (zero debt)
--   row_to_json: {"items":[{"ilk":"TRX-A","minCollateralRatio":"1.5","stabilityFee":"0.045","maxMinted":"50000000","dust":"100","curMinted":"1234567.891234567891234567","totalCollateral":"2500000.75"},{"ilk":"WBTC-A","minCollateralRatio":"1.5","stabilityFee":"0.0525","maxMinted":"3000000.75","dust":"750","curMinted":"409000.623456789","totalCollateral":"620124.320654321"},{"ilk":"TRX-B","minCollateralRatio":"1.3","stabilityFee":"0.03","maxMinted":"20000000","dust":"100","curMinted":"0","totalCollateral":"0"}]}
--
-- api.latest_collateral (6.12 ?chain=): top-level fields are numbers; items by collateralType,
-- then vault id. collateralRatio = lockedValue / debt (0 without debt) is PostgreSQL's numeric
-- division, rounded half up: here 16 decimals (about 16 significant digits), or as many as the
-- operand with the most decimals has when that is more (18 for tron TRX-A); then trailing zeros
-- are trimmed.
--   tron: apy 0.045699999999999999999999999999, coinTotalSupply 123456789.123456789012345678,
--         totalSupplyValue 123437409.494026603827378206739708642197530866,
--         totalSupplyValueDailyChange -55658.380517839493721793260291357802469134,
--         totalCollateralValue 2500000.75, totalCollateralValueDailyChange 30999.876544,
--         earnTvl 5309.876, earnTvlDailyChange -0.624
--     TRX-A  tron 1 TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH  mintedCOIN 1234567.891234567891234567,
--            debt 1234890.123456789012345678, lockedValue 2500000.75,
--            collateralRatio 2500000.75 / 1234890.123456789012345678 = 2.024472220250516437|23... (18 decimals)
--              = 2.024472220250516437, minCollateralRatio "1.5", stabilityFee "0.045", line "50000000",
--            apy null, estimatedAnnualEarnings null, psmFee null
--     TRX-B  tron 1 TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn  mintedCOIN 0, debt 0, lockedValue 0,
--            collateralRatio 0, "1.3", "0.03", "20000000", null, null, null
--   eth:  apy 0.031259999999999999999999999999, coinTotalSupply 876543210.876543210987654322,
--         totalSupplyValue 876718519.5187185196298518539224,
--         totalSupplyValueDailyChange -69151.5100814803701481460776,
--         totalCollateralValue 25482346.011, totalCollateralValueDailyChange 692345.011,
--         earnTvl 1234.5, earnTvlDailyChange 34.5
--     WBTC-A     eth 1 0x2C4e6A8c0E2b4D6f8A0c2E4b6D8f0A2c4E6b8D0f  310000.5, 310040.75, 470000.333,
--                470000.333 / 310040.75 = 1.5159308348983157|859 (16 decimals) = 1.5159308348983158,
--                "1.5", "0.05", "2000000.25", null, null, null
--     PSM-USDT-A eth 2 0x7a1c9E3b5D2f4A6c8E0b1D3f5A7c9E1b3D5f7A9c  20000000, 20000000, 20000000,
--                collateralRatio 1, "1", "0", "30000000", null, null, psmFee "0.0001"
--     SA-USDT-A  eth 3 0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD  5000000, 5000000, 5012345.678,
--                5012345.678 / 5000000 = 1.0024691356, "1", "0", "10000000",
--                apy 0.052345678901234567890123456789, estimatedAnnualEarnings 261728.39, psmFee null
--   bsc:  apy 0.04, coinTotalSupply 250000.5, totalSupplyValue 249975.49995,
--         totalSupplyValueDailyChange -134.99005, totalCollateralValue 1153134.975308642,
--         totalCollateralValueDailyChange -7867.024691358, earnTvl 0, earnTvlDailyChange -10.5
--     WBTC-A     bsc 1 0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e  99000.123456789, 99015.5,
--                150123.987654321, 150123.987654321 / 99015.5 = 1.5161665360910261|52 (16 decimals)
--                = 1.5161665360910262, "1.45", "0.0525", "1000000.5", null, null, null
--     SA-USDT-A  bsc 3 0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f  1000000, 1000000,
--                1003010.987654321, 1.003010987654321, "1", "0", "5000000",
--                apy 0.049876543210987654321098765432, estimatedAnnualEarnings 49876.54, psmFee null
--   data (tron): {"apy":0.045699999999999999999999999999,"coinTotalSupply":123456789.123456789012345678,"totalSupplyValue":123437409.494026603827378206739708642197530866,"totalSupplyValueDailyChange":-55658.380517839493721793260291357802469134,"totalCollateralValue":2500000.75,"totalCollateralValueDailyChange":30999.876544,"earnTvl":5309.876,"earnTvlDailyChange":-0.624,"items":[{"vaultType":"TRX-A","chain":"tron","collateralType":1,"contractAddress":"TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH","mintedCOIN":1234567.891234567891234567,"debt":1234890.123456789012345678,"lockedValue":2500000.75,"collateralRatio":2.024472220250516437,"minCollateralRatio":"1.5","stabilityFee":"0.045","line":"50000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},{"vaultType":"TRX-B","chain":"tron","collateralType":1,"contractAddress":"TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn","mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"minCollateralRatio":"1.3","stabilityFee":"0.03","line":"20000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":null}]}
--   data (eth): {"apy":0.031259999999999999999999999999,"coinTotalSupply":876543210.876543210987654322,"totalSupplyValue":876718519.5187185196298518539224,"totalSupplyValueDailyChange":-69151.5100814803701481460776,"totalCollateralValue":25482346.011,"totalCollateralValueDailyChange":692345.011,"earnTvl":1234.5,"earnTvlDailyChange":34.5,"items":[{"vaultType":"WBTC-A","chain":"eth","collateralType":1,"contractAddress":"0x2C4e6A8c0E2b4D6f8A0c2E4b6D8f0A2c4E6b8D0f","mintedCOIN":310000.5,"debt":310040.75,"lockedValue":470000.333,"collateralRatio":1.5159308348983158,"minCollateralRatio":"1.5","stabilityFee":"0.05","line":"2000000.25","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},{"vaultType":"PSM-USDT-A","chain":"eth","collateralType":2,"contractAddress":"0x7a1c9E3b5D2f4A6c8E0b1D3f5A7c9E1b3D5f7A9c","mintedCOIN":20000000,"debt":20000000,"lockedValue":20000000,"collateralRatio":1,"minCollateralRatio":"1","stabilityFee":"0","line":"30000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":"0.0001"},{"vaultType":"SA-USDT-A","chain":"eth","collateralType":3,"contractAddress":"0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD","mintedCOIN":5000000,"debt":5000000,"lockedValue":5012345.678,"collateralRatio":1.0024691356,"minCollateralRatio":"1","stabilityFee":"0","line":"10000000","apy":0.052345678901234567890123456789,"estimatedAnnualEarnings":261728.39,"psmFee":null}]}
--   data (bsc): {"apy":0.04,"coinTotalSupply":250000.5,"totalSupplyValue":249975.49995,"totalSupplyValueDailyChange":-134.99005,"totalCollateralValue":1153134.975308642,"totalCollateralValueDailyChange":-7867.024691358,"earnTvl":0,"earnTvlDailyChange":-10.5,"items":[{"vaultType":"WBTC-A","chain":"bsc","collateralType":1,"contractAddress":"0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e","mintedCOIN":99000.123456789,"debt":99015.5,"lockedValue":150123.987654321,"collateralRatio":1.5161665360910262,"minCollateralRatio":"1.45","stabilityFee":"0.0525","line":"1000000.5","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},{"vaultType":"SA-USDT-A","chain":"bsc","collateralType":3,"contractAddress":"0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f","mintedCOIN":1000000,"debt":1000000,"lockedValue":1003010.987654321,"collateralRatio":1.003010987654321,"minCollateralRatio":"1","stabilityFee":"0","line":"5000000","apy":0.049876543210987654321098765432,"estimatedAnnualEarnings":49876.54,"psmFee":null}]}
--
-- api.collateral_history (6.13 ?chain=&interval=): per point statisticTime (number), time (string,
-- null on the live point), then numbers: collateralValue / debt / mintedCOIN (Vault sums above),
-- coinTotalSupply / totalSupplyValue / earnTvl / earnApy (the chain_state row then). The grid
-- ends strictly before the live point (the chain's clock: tron 08:00, eth 07:55, bsc 07:50):
-- last hourly point 07:00, last daily point D3; no point before the chain's first snapshot; the
-- live point (statisticTime tron 1778630400000, eth 1778630100000, bsc 1778629800000, time
-- null) is the chain's latest state, as 6.12.
--   tron WEEKLY: 37 points (the grid starts 2026-05-06 08:00, tron only at 2026-05-11 20:00)
--     #     statisticTime                  time (UTC+8)                         coll / debt / minted                         coin / value / earnTvl / earnApy
--     1-24  1778500800000..1778583600000   "2026-05-11 20:00 (UTC+8)".."2026-05-12 19:00 (UTC+8)"
--                                          2000000.5 / 900050 / 900000          130000000.987654321 / 130022542.04775308643209999894 / 9500 / 0.0999  (T1)
--     25-28 1778587200000..1778598000000   "2026-05-12 20:00 (UTC+8)".."2026-05-12 23:00 (UTC+8)"
--                                          2400000 / 1000100.5 / 1000000        123000000.5 / 123004244.5 / 4000 / 0.0461  (T2)
--     29    1778601600000                  "2026-05-13 00:00 (UTC+8)"
--                                          2469000.873456 / 1215161.25 / 1215000.5
--                                          123500000.123456789 / 123493067.8745444433211 / 5310.5 / 0.045700000000000000000000000001  (T4)
--     30-36 1778605200000..1778626800000   "2026-05-13 01:00 (UTC+8)".."2026-05-13 07:00 (UTC+8)"
--                                          2460001 / 1210161.25 / 1210001       123450000 / 123467645.877 / 5305 / 0.04565  (T5)
--     37    1778630400000                  null (live)
--                                          2500000.75 / 1234890.123456789012345678 / 1234567.891234567891234567
--                                          123456789.123456789012345678 / 123437409.494026603827378206739708642197530866 / 5309.876 / 0.045699999999999999999999999999  (T6)
--     (consecutive points 3600000 ms apart; T3 at 23:59 falls between two hourly points and is never shown)
--   tron MONTHLY (BIANNUAL and ANNUAL the same here): 3 points
--     1778515200000 "2026-05-12 00:00 (UTC+8)"  2000000.5 / 900050 / 900000 / 130000000.987654321 / 130022542.04775308643209999894 / 9500 / 0.0999
--     1778601600000 "2026-05-13 00:00 (UTC+8)"  2469000.873456 / 1215161.25 / 1215000.5 / 123500000.123456789 / 123493067.8745444433211 / 5310.5 / 0.045700000000000000000000000001
--     1778630400000 null                        (the live point, as in WEEKLY)
--     data: {"items":[{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","collateralValue":2000000.5,"debt":900050,"mintedCOIN":900000,"coinTotalSupply":130000000.987654321,"totalSupplyValue":130022542.04775308643209999894,"earnTvl":9500,"earnApy":0.0999},{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":2469000.873456,"debt":1215161.25,"mintedCOIN":1215000.5,"coinTotalSupply":123500000.123456789,"totalSupplyValue":123493067.8745444433211,"earnTvl":5310.5,"earnApy":0.045700000000000000000000000001},{"statisticTime":1778630400000,"time":null,"collateralValue":2500000.75,"debt":1234890.123456789012345678,"mintedCOIN":1234567.891234567891234567,"coinTotalSupply":123456789.123456789012345678,"totalSupplyValue":123437409.494026603827378206739708642197530866,"earnTvl":5309.876,"earnApy":0.045699999999999999999999999999}]}
--   eth WEEKLY: 57 points: 2026-05-11 00:00 .. 2026-05-13 07:00 hourly (24 + 24 + 8 = 56) + live
--     1-32  1778428800000..1778540400000 (05-11 00:00..05-12 07:00)  15000000.25 / 15000000 / 15000000 / 888888888.888888888888888889 / 888977778.2977777777777777778889 / 500 / 0.0201  (E0)
--     33-48 1778544000000..1778598000000 (05-12 08:00..23:00)        15000000.25 / 15000000 / 15000000 / 900000000 / 900000001.05 / 1.05 / 0.02  (E1)
--     49    1778601600000 (05-13 00:00)                              24790001 / 24600030.5 / 24600000.5 / 876700000.5 / 876787671.0288 / 1200 / 0.0313  (E3)
--     50-56 1778605200000..1778626800000 (05-13 01:00..07:00)        24890000.5 / 24700030 / 24700000 / 876510000 / 876422349.7932 / 1210 / 0.03135  (E4)
--     57    live: {"statisticTime":1778630100000,"time":null,"collateralValue":25482346.011,"debt":25310040.75,"mintedCOIN":25310000.5,"coinTotalSupply":876543210.876543210987654322,"totalSupplyValue":876718519.5187185196298518539224,"earnTvl":1234.5,"earnApy":0.031259999999999999999999999999}
--   eth MONTHLY / BIANNUAL / ANNUAL: 4 points: D1, D2 (both E0 and the PSM's 05-11 state:
--     15000000.25 / 15000000 / 15000000 / 888888888.888888888888888889 / 888977778.2977777777777777778889 / 500 / 0.0201),
--     D3 (as WEEKLY #49), live (as WEEKLY #57)
--   bsc WEEKLY: 9 points: 05-13 00:00 (1161002 / 1100012.5 / 1100000 / 250100 / 250110.49 / 10.5 / 0.0401),
--     01:00..07:00 (1161002.25 / 1100012.5 / 1100000 / 250090.25 / 250050.1984 / 10.25 / 0.04005), live
--     (bsc's first snapshot is at 23:59, after the 23:00 point)
--   bsc MONTHLY / BIANNUAL / ANNUAL: 2 points: D3 (as WEEKLY's first), live
--   bsc live: {"statisticTime":1778629800000,"time":null,"collateralValue":1153134.975308642,"debt":1099015.5,"mintedCOIN":1099000.123456789,"coinTotalSupply":250000.5,"totalSupplyValue":249975.49995,"earnTvl":0,"earnApy":0.04}
--
-- api.allocator_overview (6.14 /api/v1/smart-allocator/detail-overview)
--   apy  = 100 x (2500000 x 0.0425 + 2000000 x 0.0575 + 1000000 x 0.050123456789012345678901234567)
--              / (2500000 + 2000000 + 1000000)
--        = 100 x (106250 + 115000 + 50123.456789012345678901234567) / 5500000
--        = 100 x 271373.456789012345678901234567 / 5500000
--        = 100 x 0.049340628507093153759800224466|727... = 100 x 0.049340628507093153759800224467
--        = 4.9340628507093153759800224467 (a percent; number)
--   debt = 5000000 (eth SA-USDT-A) + 1000000 (bsc SA-USDT-A) = 6000000 (number)
--   platformSummaryInfos, by platform, chain, gemSymbol (bsc < eth < plasma):
--     Aave bsc USDT: holdingAmount 1200000.000001, apyHoldingAmount 1000000,
--       apy 0.050123456789012345678901234567, actualEarnings 3010.987654321,
--       operatorAddress 0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a, strategy Investment, tag ""
--     Aave eth USDT: 3000000.5, 2500000, 0.0425, 12345.678901,
--       0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf, Investment, tag "Gauntlet"
--     Aave plasma USDT0: 2000000, 2000000, 0.0575, 6789.1,
--       0x52Aa899454998Be5b000Ad077a46Bbe360F4e497, Investment, tag null
--   vaultInfos, by chain in [tron, eth, bsc] order: eth SA-USDT-A 0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD
--     debt 5000000; bsc SA-USDT-A 0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f debt 1000000
--   row_to_json: {"apy":4.9340628507093153759800224467,"debt":6000000,"platformSummaryInfos":[{"platform":"Aave","chain":"bsc","gemSymbol":"USDT","holdingAmount":1200000.000001,"apyHoldingAmount":1000000,"apy":0.050123456789012345678901234567,"actualEarnings":3010.987654321,"operatorAddress":"0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a","strategy":"Investment","tag":""},{"platform":"Aave","chain":"eth","gemSymbol":"USDT","holdingAmount":3000000.5,"apyHoldingAmount":2500000,"apy":0.0425,"actualEarnings":12345.678901,"operatorAddress":"0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf","strategy":"Investment","tag":"Gauntlet"},{"platform":"Aave","chain":"plasma","gemSymbol":"USDT0","holdingAmount":2000000,"apyHoldingAmount":2000000,"apy":0.0575,"actualEarnings":6789.1,"operatorAddress":"0x52Aa899454998Be5b000Ad077a46Bbe360F4e497","strategy":"Investment","tag":null}],"vaultInfos":[{"chain":"eth","vaultType":"SA-USDT-A","contractAddress":"0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD","debt":5000000},{"chain":"bsc","vaultType":"SA-USDT-A","contractAddress":"0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f","debt":1000000}]}
--
-- With no snapshot rows at all (every table empty) every Group B view still answers:
--   6.6 {"totalSupply":0,"totalSupplyValue":0,"tvl":0,"earnTvl":0,"tronApy":0,"ethApy":0,"bscApy":0}
--   6.7 every field "0"; 6.8 {"averageApy":"0","currentApy":"0","items":[{"chain":"tron",
--   "currentApy":"0","averageApy":"0","items":[]}, likewise eth and bsc]}; 6.9 and 6.10 [];
--   6.11 {"items":[]}; 6.12 per chain every number 0 and "items":[]; 6.13 {"items":[]} for every
--   chain and interval; 6.14 {"apy":0,"debt":0,"platformSummaryInfos":[],"vaultInfos":[]}.
-- ============================================================================================

TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark, snapshot.urn_event, snapshot.urn_state, snapshot.urn, snapshot.urn_log_range, snapshot.vault_price,
         snapshot.allocator_position_state, snapshot.allocator_position,
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
  ('bsc',  '2026-05-13 07:49:59.999+08', 250000.499999, 7, 0.9999, 1.05, 0.0399999, 7.35),
  -- Group B: eth's first snapshot, exactly at a midnight (the first daily point of all)
  ('eth',  '2026-05-11 00:00:00+08', 888888888.888888888888888889, 0.5, 1.0001, 1.04, 0.0201, 500),
  -- Group B: the day boundary, one minute before, at and after 00:00 UTC+8 of 2026-05-13
  ('tron', '2026-05-12 23:59:00+08', 123400000.25, 5000, 1, 1.062, 0.0458, 5300),
  ('tron', '2026-05-13 00:00:00+08', 123500000.123456789, 5100.5, 0.9999, 1.0622,
           0.045700000000000000000000000001, 5310.5),
  ('tron', '2026-05-13 00:01:00+08', 123450000, 4990, 1.0001, 1.0623, 0.04565, 5305),
  ('eth',  '2026-05-12 23:59:00+08', 876400000, 0.25, 1, 1.057, 0.0312, 1190),
  ('eth',  '2026-05-13 00:00:00+08', 876700000.5, 0.5, 1.0001, 1.0575, 0.0313, 1200),
  ('eth',  '2026-05-13 00:01:00+08', 876510000, 0.75, 0.9999, 1.0576, 0.03135, 1210),
  ('bsc',  '2026-05-12 23:59:00+08', 250050, 9, 1.0001, 1.0485, 0.0402, 10),
  ('bsc',  '2026-05-13 00:00:00+08', 250100, 10, 1, 1.049, 0.0401, 10.5),
  ('bsc',  '2026-05-13 00:01:00+08', 250090.25, 9.5, 0.9998, 1.0491, 0.04005, 10.25);

-- vault_id is the row's position here (RESTART IDENTITY above): 1 TRX-A tron ... 7 SA-USDT-A bsc
INSERT INTO snapshot.vault
  (chain, vault_type, collateral_type, contract_address,
   min_collateral_ratio, stability_fee, debt_ceiling, dust, psm_fee)
VALUES
  ('tron', 'TRX-A',      1, 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH',         1.5,  0.045,  50000000,   100, NULL),
  ('eth',  'PSM-USDT-A', 2, '0x7a1c9E3b5D2f4A6c8E0b1D3f5A7c9E1b3D5f7A9c', 1,    0,      30000000,   0,   0.0001),
  ('eth',  'SA-USDT-A',  3, '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD', 1,    0,      10000000,   0,   NULL),
  ('bsc',  'WBTC-A',     1, '0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e', 1.45, 0.0525, 1000000.5,  500, NULL),
  ('eth',  'WBTC-A',     1, '0x2C4e6A8c0E2b4D6f8A0c2E4b6D8f0A2c4E6b8D0f', 1.5,  0.05,   2000000.25, 750, NULL),
  ('tron', 'TRX-B',      1, 'TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn',         1.3,  0.03,   20000000,   100, NULL),
  ('bsc',  'SA-USDT-A',  3, '0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f', 1,    0,      5000000,    0,   NULL);

INSERT INTO snapshot.vault_state
  (vault_id, taken_at, minted, debt, locked_value, apy, estimated_annual_earnings)
SELECT v.vault_id, s.taken_at::timestamptz, s.minted, s.debt, s.locked_value, s.apy,
       s.estimated_annual_earnings
  FROM (VALUES
  ('tron', 'TRX-A',      '2026-05-13 08:00:00+08', 1234567.891234567891234567, 1234890.123456789012345678,
                                                   2500000.75, NULL::numeric, NULL::numeric),
  ('tron', 'TRX-A',      '2026-05-12 20:00:00+08', 1000000, 1000100.5, 2400000, NULL, NULL),
  ('eth',  'PSM-USDT-A', '2026-05-13 07:55:00+08', 20000000, 20000000, 20000000.000000, NULL, NULL),
  ('eth',  'SA-USDT-A',  '2026-05-13 07:55:00+08', 5000000, 5000000, 5012345.678,
                                                   0.052345678901234567890123456789, 261728.39),
  ('tron', 'TRX-A',      '2026-05-11 20:00:00+08', 900000, 900050, 2000000.5, NULL, NULL),
  ('tron', 'TRX-A',      '2026-05-12 23:59:00+08', 1200000, 1200150.25, 2450000.5, NULL, NULL),
  ('tron', 'TRX-A',      '2026-05-13 00:00:00+08', 1210000.5, 1210160.75, 2460000.123456, NULL, NULL),
  ('tron', 'TRX-A',      '2026-05-13 00:01:00+08', 1210001, 1210161.25, 2460001, NULL, NULL),
  ('eth',  'PSM-USDT-A', '2026-05-11 00:00:00+08', 15000000, 15000000, 15000000.25, NULL, NULL),
  ('eth',  'PSM-USDT-A', '2026-05-12 23:59:00+08', 19000000, 19000000, 19000000, NULL, NULL),
  ('eth',  'PSM-USDT-A', '2026-05-13 00:00:00+08', 19500000.5, 19500000.5, 19500000.5, NULL, NULL),
  ('eth',  'PSM-USDT-A', '2026-05-13 00:01:00+08', 19600000, 19600000, 19600000, NULL, NULL),
  ('eth',  'SA-USDT-A',  '2026-05-13 00:00:00+08', 4800000, 4800000, 4810000.5, 0.05, 240500.025),
  ('bsc',  'WBTC-A',     '2026-05-12 23:59:00+08', 100000, 100010, 160000, NULL, NULL),
  ('bsc',  'WBTC-A',     '2026-05-13 00:00:00+08', 100000, 100012.5, 158000.5, NULL, NULL),
  ('bsc',  'WBTC-A',     '2026-05-13 07:50:00+08', 99000.123456789, 99015.5, 150123.987654321, NULL, NULL),
  ('eth',  'WBTC-A',     '2026-05-13 00:00:00+08', 300000, 300030, 480000, NULL, NULL),
  ('eth',  'WBTC-A',     '2026-05-13 07:55:00+08', 310000.5, 310040.75, 470000.333, NULL, NULL),
  ('tron', 'TRX-B',      '2026-05-13 00:00:00+08', 5000, 5000.5, 9000.75, NULL, NULL),
  ('tron', 'TRX-B',      '2026-05-13 00:01:00+08', 0.000, 0.000000, 0, NULL, NULL),
  ('bsc',  'SA-USDT-A',  '2026-05-13 00:00:00+08', 1000000, 1000000, 1003001.5, 0.0501, 50100),
  ('bsc',  'SA-USDT-A',  '2026-05-13 00:01:00+08', 1000000, 1000000, 1003001.75, 0.0502, 50200),
  ('bsc',  'SA-USDT-A',  '2026-05-13 07:50:00+08', 1000000, 1000000, 1003010.987654321,
                                                   0.049876543210987654321098765432, 49876.54)
       ) AS s (chain, vault_type, taken_at, minted, debt, locked_value, apy, estimated_annual_earnings)
  JOIN snapshot.vault AS v ON v.chain = s.chain::snapshot.chain AND v.vault_type = s.vault_type;

-- position_id is the row's position here: 1 Aave eth, 2 Aave plasma, 3 Aave bsc
INSERT INTO snapshot.allocator_position
  (platform, chain, gem_symbol, operator_address, strategy, tag)
VALUES
  ('Aave', 'eth',    'USDT',  '0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf', 'Investment', 'Gauntlet'),
  ('Aave', 'plasma', 'USDT0', '0x52Aa899454998Be5b000Ad077a46Bbe360F4e497', 'Investment', NULL),
  ('Aave', 'bsc',    'USDT',  '0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a', 'Investment', '');

INSERT INTO snapshot.allocator_position_state
  (position_id, taken_at, holding_amount, apy_holding_amount, apy, actual_earnings)
SELECT p.position_id, s.taken_at::timestamptz, s.holding_amount, s.apy_holding_amount, s.apy,
       s.actual_earnings
  FROM (VALUES
  ('eth',    '2026-05-13 07:55:00+08', 3000000.5, 2500000, 0.0425, 12345.678901),
  ('plasma', '2026-05-13 07:55:00+08', 2000000, 2000000, 0.0575, 6789.1),
  ('eth',    '2026-05-12 23:59:00+08', 2900000, 2400000, 0.041, 12000.5),
  ('eth',    '2026-05-13 00:00:00+08', 2950000.25, 2450000, 0.0415, 12100.123456),
  ('eth',    '2026-05-13 00:01:00+08', 2960000, 2460000, 0.042, 12100.2),
  ('bsc',    '2026-05-12 23:59:00+08', 1000000, 1000000, 0.05, 3000),
  ('bsc',    '2026-05-13 00:00:00+08', 1000000, 1000000, 0.0501, 3001.5),
  ('bsc',    '2026-05-13 00:01:00+08', 1000000, 1000000, 0.0502, 3001.75),
  ('bsc',    '2026-05-13 07:50:00+08', 1200000.000001, 1000000, 0.050123456789012345678901234567,
                                        3010.987654321)
       ) AS s (chain, taken_at, holding_amount, apy_holding_amount, apy, actual_earnings)
  JOIN snapshot.allocator_position AS p ON p.chain = s.chain;

-- The blocks the newest rows were read at (see the top).
UPDATE snapshot.chain_state
   SET block_number = 22480012, block_time = '2026-05-13 07:54:59+08',
       block_hash = '0xe7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7'
 WHERE chain = 'eth' AND taken_at = '2026-05-13 07:55:00+08';
UPDATE snapshot.chain_state
   SET block_number = 22477613, block_time = '2026-05-13 00:00:59+08',
       block_hash = '0xe0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0'
 WHERE chain = 'eth' AND taken_at = '2026-05-13 00:01:00+08';
UPDATE snapshot.chain_state
   SET block_number = 48123456, block_time = '2026-05-13 07:49:57+08',
       block_hash = '0xb5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5'
 WHERE chain = 'bsc' AND taken_at = '2026-05-13 07:50:00+08';
UPDATE snapshot.vault_state
   SET block_number = 22480012, block_time = '2026-05-13 07:54:59+08',
       block_hash = '0xe7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7'
 WHERE taken_at = '2026-05-13 07:55:00+08';  -- eth's Vaults only
UPDATE snapshot.vault_state
   SET block_number = 48123456, block_time = '2026-05-13 07:49:57+08',
       block_hash = '0xb5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5'
 WHERE taken_at = '2026-05-13 07:50:00+08';  -- bsc's Vaults only
UPDATE snapshot.allocator_position_state
   SET block_number = 22480012, block_time = '2026-05-13 07:54:59+08',
       block_hash = '0xe7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7'
 WHERE position_id = 1 AND taken_at = '2026-05-13 07:55:00+08';  -- Aave eth
UPDATE snapshot.allocator_position_state
   SET block_number = 1500000, block_time = '2026-05-13 07:54:58+08',
       block_hash = '0x9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a9a'
 WHERE position_id = 2 AND taken_at = '2026-05-13 07:55:00+08';  -- Aave plasma
UPDATE snapshot.allocator_position_state
   SET block_number = 48123456, block_time = '2026-05-13 07:49:57+08',
       block_hash = '0xb5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5b5'
 WHERE position_id = 3 AND taken_at = '2026-05-13 07:50:00+08';  -- Aave bsc

-- ============================================================================================
-- The urns (urn_tables, urn_risk: 6.16 to 6.19), worked out by hand.
--
-- Prices (vault_price): tron TRX-A (mat 1.5) at 2026-05-12 20:00 rate 1.2, price 0.3, no next
-- price; at 2026-05-13 08:00 (the newest) rate 1.25, price 0.25, next price 0.2, par 1: judged
-- price J = 0.2. bsc WBTC-A (mat 1.45) at 07:50 rate 1, price 100, no next price: J = 100. eth
-- PSM-USDT-A at 07:55 rate 1, price 1: a PSM, left out of every risk answer, with its urn P1.
--
-- TRX-A's urns (urn_id: address; cdp id and owner or none; ink, art; last change):
--   1 U1 T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo cdp 11 TDRtPx3baHpDr8he4RpeLSjQ3jvYhWwFtK; 1000, 100; block 1100, 07:00
--   2 U2 TcQpAMQrms8bPybBbRFES4xsBEaEb9kHYQ none; 500, 100; block 1050, 2026-05-12 22:00
--   3 U3 To28nSKtaKV2FpQbDcrH4Ai6gUWT7CDu4D cdp 12 TDRt...; 2000, 0; block 1060, 2026-05-12 23:00
--   4 U4 T2PfW3xyRc1waiujsaHJEBsFRMbceVy1SV cdp 13 To4WoWnMmW6jiwu6ieHzMKrUuxEDXd5CBE; 0, 0 (closed); block 1080, 07:30
--   5 U5 TERUyTVyWFrZjrbefVgrw7KJWqmJDRmN4m cdp 14 To4W...; 4000, 200; block 1080, 07:30
--   6 U6 TBt5ZA9nNSTvSPRRqtNUxBMMjhWkcuLWCM none; 1500, 200; block 1090, 06:00
--   7 U7 TNif25MpsqnKN9ett94qBEv3ndF1J2WBz8 none; 1000, 96; block 1095, 06:30
-- debt = art x 1.25, collateral value = ink x 0.25, collateralization = value / debt,
-- liquidation price = debt x 1.5 / ink, distance = 100 - 100 x liquidation price / 0.2, first
-- drop: the smallest d with 100 x debt x 1.5 > (100 - d) x 0.2 x ink (the Vat's rule is strict):
--   U1 debt 125, value 250, 2, 0.1875, 6.25, drop 7 (18750 > 20000 - 200d: d > 6.25)
--   U2 debt 125, value 125, 1, 0.375, -87.5, drop 0
--   U3 debt 0, value 500, no collateralization, price, distance or drop
--   U5 debt 250, value 1000, 4, 0.09375, 53.125, drop 54 (37500 > 80000 - 800d: d > 53.125)
--   U6 debt 250, value 375, 1.5, 0.375, -25, drop 0
--   U7 debt 120, value 250, 2.083333333333333333, 0.18, 10, drop 11: at a fall of exactly 10 %
--      the price is its liquidation price, and an urn on it is still safe (18000 > 20000 - 200d:
--      d > 10)
-- 6.16 by collateralization (art / ink descending): U2 0.2, U6 0.1333.., U1 0.1, U7 0.096,
-- U5 0.05, U3 0; by debt: U5, U6 (200: urn_id), U1, U2 (100), U7, U3.
-- 6.17 tron within 10: U2 (-87.5), U6 (-25), U1 (6.25); TRX-A liquidatable 2 urns, debt 375; at
-- risk 3, debt 500, collateral value 750. Within 11: U7 too (4, 620, 1000). TRX-B has no price.
-- 6.18 TRX-A: drops 0-6 2 urns, debt 375; 7-10 3, 500; 11-53 4, 620; 54-90 5, 870; the price
-- at drop d is 0.2 x (100 - d) / 100. bsc WBTC-A B1 (ink 2, art 100: debt 100, value 200,
-- liquidation price 72.5, distance 27.5): 0-27 nothing, 28-90 1 urn, debt 100.
-- 6.19 U1: block 1000 log 0 2026-05-12 21:00 frob +1000 +60, valued at 20:00's price: collateral
-- 1000, debt 72, collateralization 300 / 72 = 4.166666666666666667, price 0.3; block 1100 log 3
-- 07:00 frob 0 +40: 1000, 120, 2.5, 0.3. U4: block 1010 log 2 21:30 frob +4000 +200: 4000, 240,
-- 5; block 1080 log 1 07:30 fork -4000 -200 (to U5): 0, 0, null. U5: the same fork +4000 +200.
-- ============================================================================================

INSERT INTO snapshot.vault_price (vault_id, taken_at, rate, price, next_price, par)
VALUES
  (1, '2026-05-12 20:00:00+08', 1.2, 0.3, NULL, 1),
  (1, '2026-05-13 08:00:00+08', 1.25, 0.25, 0.2, 1),
  (4, '2026-05-13 07:50:00+08', 1, 100, NULL, 1),
  (2, '2026-05-13 07:55:00+08', 1, 1, NULL, 1);

INSERT INTO snapshot.urn (vault_id, address, cdp_id, owner, ink, art, changed_block, changed_time)
VALUES
  (1, 'T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo', 11, 'TDRtPx3baHpDr8he4RpeLSjQ3jvYhWwFtK', 1000, 100, 1100, '2026-05-13 07:00:00+08'),
  (1, 'TcQpAMQrms8bPybBbRFES4xsBEaEb9kHYQ', NULL, NULL, 500, 100, 1050, '2026-05-12 22:00:00+08'),
  (1, 'To28nSKtaKV2FpQbDcrH4Ai6gUWT7CDu4D', 12, 'TDRtPx3baHpDr8he4RpeLSjQ3jvYhWwFtK', 2000, 0, 1060, '2026-05-12 23:00:00+08'),
  (1, 'T2PfW3xyRc1waiujsaHJEBsFRMbceVy1SV', 13, 'To4WoWnMmW6jiwu6ieHzMKrUuxEDXd5CBE', 0, 0, 1080, '2026-05-13 07:30:00+08'),
  (1, 'TERUyTVyWFrZjrbefVgrw7KJWqmJDRmN4m', 14, 'To4WoWnMmW6jiwu6ieHzMKrUuxEDXd5CBE', 4000, 200, 1080, '2026-05-13 07:30:00+08'),
  (1, 'TBt5ZA9nNSTvSPRRqtNUxBMMjhWkcuLWCM', NULL, NULL, 1500, 200, 1090, '2026-05-13 06:00:00+08'),
  (1, 'TNif25MpsqnKN9ett94qBEv3ndF1J2WBz8', NULL, NULL, 1000, 96, 1095, '2026-05-13 06:30:00+08'),
  (4, '0x00000000000000000000000000000000000000b1', 1, '0x00000000000000000000000000000000000000f1', 2, 100,
      48123000, '2026-05-13 07:00:00+08'),
  (2, '0x7a1c9e3b5d2f4a6c8e0b1d3f5a7c9e1b3d5f7a9c', NULL, NULL, 20000000, 20000000, 22470000, '2026-05-12 12:00:00+08');

INSERT INTO snapshot.urn_event (urn_id, block_number, log_index, block_hash, block_time, tx_hash, kind, dink, dart)
SELECT e.urn_id, e.block_number, e.log_index, '0x' || repeat(lpad(to_hex(e.block_number % 256), 2, '0'), 32),
       e.block_time::timestamptz, '0x' || repeat(lpad(to_hex(e.urn_id * 16 + e.log_index), 2, '0'), 32), e.kind,
       e.dink, e.dart
  FROM (VALUES
    (1, 1000, 0, '2026-05-12 21:00:00+08', 'frob', 1000, 60),
    (1, 1100, 3, '2026-05-13 07:00:00+08', 'frob', 0, 40),
    (4, 1010, 2, '2026-05-12 21:30:00+08', 'frob', 4000, 200),
    (4, 1080, 1, '2026-05-13 07:30:00+08', 'fork', -4000, -200),
    (5, 1080, 1, '2026-05-13 07:30:00+08', 'fork', 4000, 200)
  ) AS e (urn_id, block_number, log_index, block_time, kind, dink, dart);

-- ============================================================================================
-- The liquidations (auction_tables, liquidations: 6.20 to 6.22), worked out by hand.
--
-- tron TRX-A's Clipper C1 TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA (chop 1.13: tab = due x 1.13;
-- incentive = tip 10 + 0.002 x tab), keepers K1 TDRtPx3baHpDr8he4RpeLSjQ3jvYhWwFtK and K2
-- To4WoWnMmW6jiwu6ieHzMKrUuxEDXd5CBE; rate 1.25, so due = art x 1.25. Each Kick is logged just
-- before its Bark, in the same transaction.
--   A1 id 1, urn U6, Bark block 900 log 5, 2026-05-12 10:00: 5000 collateral, art 800, due 1000;
--      Kick tab 1130, top 0.36, incentive 12.26. Take 910/1 12:30 at 0.25 (max 0.3): 2000 for
--      500, tab 630, lot 3000 left. Take 920/0 14:00 at 0.2 (max 0.25): 3000 for 600, tab 30, lot
--      0: uncovered, yet paid 1100 >= due 1000: bad debt 0 (the penalty short only).
--   A2 id 2, urn U2, Bark 950/2 18:00: 10000, art 1600, due 2000; Kick tab 2260, top 0.36,
--      incentive 14.52. Take 960/4 21:00 at 0.15 (max 0.2): 10000 for 1500, tab 760, lot 0:
--      uncovered, bad debt 2000 - 1500 = 500.
--   A3 id 3, urn U1, Bark 1002/7 21:30: 2000, art 320, due 400; Kick (K2) tab 452, top 0.36,
--      incentive 10.904. Take 1020/0 22:30 at 0.25 (max 0.3): 1000 for 250, tab 202, lot 1000.
--      Take 1030/1 2026-05-13 01:00 at 0.25: the tab capped it, 202 / 0.25 = 808 for 202, tab 0,
--      lot 192 given back: covered, collateral sold 1808, returned 192, bad debt 0.
--   A4 id 4, urn U7, Bark 1090/3 06:00: 4000, art 640, due 800; Kick tab 904, top 0.3, incentive
--      11.808; Redo 1099/2 07:40 by K2, top 0.24, incentive 11.808 (23.616 in all). Running:
--      getStatus at 08:00 price 0.2, lot 4000, tab 904, no redo needed.
-- bsc WBTC-A's Clipper C2 0x...c2: B1 id 1, urn 0x...b2, Bark 48122000/1 05:00: 1, art 60, due
-- 60; Kick tab 67.8, top 120, incentive 0, keeper 0x...f3. Yank 48122500/1 06:00: yanked, bad
-- debt 0. And a Take of C2's id 2 with no Bark read yet (a backfill's to find): in no answer.
--
-- 6.20 tron, newest first: A4, A3, A2, A1 (limit 2: A4, A3, then A2, A1). TRX-A over WEEKLY
-- (hourly points, each counting the hour up to it; the live point 08:00): 10:00 1 auction,
-- 5000; 13:00 paid 500; 14:00 600; 18:00 1 auction, 10000; 21:00 1500, bad debt 500; 22:00 1
-- auction, 2000; 23:00 250; 01:00 202; 06:00 1 auction, 4000: 4 auctions, 21000, 3052, 500.
-- MONTHLY: the point 2026-05-13 00:00 3 auctions, 17000, paid 2850, bad debt 500; the live point
-- 1, 4000, 202, 0. bsc WBTC-A WEEKLY (the live point bsc's 07:50): 05:00 1 auction, 1. 6.22 tron: A4; bsc and eth: none.
-- ============================================================================================

INSERT INTO snapshot.bark
  (chain, block_number, log_index, block_hash, block_time, tx_hash, vault_id, urn, collateral, art, due, clipper, sale_id)
SELECT b.chain::snapshot.chain, b.block_number, b.log_index, '0x' || repeat(lpad(to_hex(b.block_number % 256), 2, '0'), 32),
       b.block_time::timestamptz, '0x' || repeat(lpad(to_hex((b.block_number + 1) % 256), 2, '0'), 32), b.vault_id,
       b.urn, b.collateral, b.art, b.due, b.clipper, b.sale_id
  FROM (VALUES
    ('tron', 900, 5, '2026-05-12 10:00:00+08', 1, 'TBt5ZA9nNSTvSPRRqtNUxBMMjhWkcuLWCM', 5000, 800, 1000,
     'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 1),
    ('tron', 950, 2, '2026-05-12 18:00:00+08', 1, 'TcQpAMQrms8bPybBbRFES4xsBEaEb9kHYQ', 10000, 1600, 2000,
     'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 2),
    ('tron', 1002, 7, '2026-05-12 21:30:00+08', 1, 'T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo', 2000, 320, 400,
     'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 3),
    ('tron', 1090, 3, '2026-05-13 06:00:00+08', 1, 'TNif25MpsqnKN9ett94qBEv3ndF1J2WBz8', 4000, 640, 800,
     'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 4),
    ('bsc', 48122000, 1, '2026-05-13 05:00:00+08', 4, '0x00000000000000000000000000000000000000b2', 1, 60, 60,
     '0x00000000000000000000000000000000000000c2', 1)
  ) AS b (chain, block_number, log_index, block_time, vault_id, urn, collateral, art, due, clipper, sale_id);

INSERT INTO snapshot.clip_event
  (chain, block_number, log_index, block_hash, block_time, tx_hash, clipper, sale_id, kind, price, max_price, owe,
   tab, lot, keeper, incentive)
SELECT e.chain::snapshot.chain, e.block_number, e.log_index, '0x' || repeat(lpad(to_hex(e.block_number % 256), 2, '0'), 32),
       e.block_time::timestamptz, '0x' || repeat(lpad(to_hex((e.block_number + 1) % 256), 2, '0'), 32), e.clipper,
       e.sale_id, e.kind, e.price, e.max_price, e.owe, e.tab, e.lot, e.keeper, e.incentive
  FROM (VALUES
    ('tron', 900, 4, '2026-05-12 10:00:00+08', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 1, 'kick', 0.36, NULL::numeric,
     NULL::numeric, 1130, 5000, 'TDRtPx3baHpDr8he4RpeLSjQ3jvYhWwFtK', 12.26),
    ('tron', 910, 1, '2026-05-12 12:30:00+08', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 1, 'take', 0.25, 0.3, 500, 630, 3000,
     NULL, NULL),
    ('tron', 920, 0, '2026-05-12 14:00:00+08', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 1, 'take', 0.2, 0.25, 600, 30, 0,
     NULL, NULL),
    ('tron', 950, 1, '2026-05-12 18:00:00+08', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 2, 'kick', 0.36, NULL, NULL, 2260,
     10000, 'TDRtPx3baHpDr8he4RpeLSjQ3jvYhWwFtK', 14.52),
    ('tron', 960, 4, '2026-05-12 21:00:00+08', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 2, 'take', 0.15, 0.2, 1500, 760, 0,
     NULL, NULL),
    ('tron', 1002, 6, '2026-05-12 21:30:00+08', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 3, 'kick', 0.36, NULL, NULL, 452,
     2000, 'To4WoWnMmW6jiwu6ieHzMKrUuxEDXd5CBE', 10.904),
    ('tron', 1020, 0, '2026-05-12 22:30:00+08', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 3, 'take', 0.25, 0.3, 250, 202, 1000,
     NULL, NULL),
    ('tron', 1030, 1, '2026-05-13 01:00:00+08', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 3, 'take', 0.25, 0.3, 202, 0, 192,
     NULL, NULL),
    ('tron', 1090, 2, '2026-05-13 06:00:00+08', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 4, 'kick', 0.3, NULL, NULL, 904, 4000,
     'TDRtPx3baHpDr8he4RpeLSjQ3jvYhWwFtK', 11.808),
    ('tron', 1099, 2, '2026-05-13 07:40:00+08', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 4, 'redo', 0.24, NULL, NULL, 904, 4000,
     'To4WoWnMmW6jiwu6ieHzMKrUuxEDXd5CBE', 11.808),
    ('bsc', 48122000, 0, '2026-05-13 05:00:00+08', '0x00000000000000000000000000000000000000c2', 1, 'kick', 120, NULL, NULL,
     67.8, 1, '0x00000000000000000000000000000000000000f3', 0),
    ('bsc', 48122500, 1, '2026-05-13 06:00:00+08', '0x00000000000000000000000000000000000000c2', 1, 'yank', NULL, NULL, NULL,
     NULL, NULL, NULL, NULL),
    ('bsc', 48122600, 3, '2026-05-13 06:30:00+08', '0x00000000000000000000000000000000000000c2', 2, 'take', 100, 110, 10, 5,
     0.5, NULL, NULL)
  ) AS e (chain, block_number, log_index, block_time, clipper, sale_id, kind, price, max_price, owe, tab, lot, keeper,
          incentive);

INSERT INTO snapshot.auction_status (chain, clipper, sale_id, taken_at, price, lot, tab, needs_redo)
VALUES
  ('tron', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 3, '2026-05-12 23:59:00+08', 0.3, 1000, 202, false),
  ('tron', 'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 4, '2026-05-13 08:00:00+08', 0.2, 4000, 904, false);
