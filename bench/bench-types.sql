-- The benchmarks' regular Vault types (\ir by bench/urns-data.sql and bench/liquidations-data.sql):
-- the temp table bench_type, over the demo's snapshot.vault (sql/demo/generate.sql).
-- The regular Vault types and their share of the urns (adding up to 1), the collateral's price
-- now (base), whether its price feed is an OSM, and the seconds per block of its chain.
CREATE TEMP TABLE bench_type AS
SELECT v.vault_id, v.chain::text AS chain, v.vault_type, v.min_collateral_ratio AS mat, v.stability_fee,
       t.k, t.share, t.base, t.osm, t.block_seconds,
       sum(t.share) OVER (ORDER BY t.k) - t.share AS share_from
  FROM snapshot.vault AS v
  JOIN (VALUES
    -- k  chain   vault_type  share  base     osm    block s
    ( 1, 'tron', 'TRX-A',    0.30,  0.25,    true,  3),
    ( 2, 'tron', 'TRX-B',    0.10,  0.25,    true,  3),
    ( 3, 'tron', 'TRX-C',    0.04,  0.25,    true,  3),
    ( 4, 'tron', 'STRX-A',   0.08,  0.30,    true,  3),
    ( 5, 'tron', 'USDT-A',   0.04,  1.00,    false, 3),
    ( 6, 'eth',  'WBTC-A',   0.20,  90000,   true,  12),
    ( 7, 'eth',  'WBTC-B',   0.08,  90000,   true,  12),
    ( 8, 'eth',  'USDT-A',   0.06,  1.00,    false, 12),
    ( 9, 'bsc',  'USDT-A',   0.10,  1.00,    false, 3)
  ) AS t(k, chain, vault_type, share, base, osm, block_seconds)
    ON v.chain::text = t.chain AND v.vault_type = t.vault_type
 WHERE v.collateral_type = 1;

