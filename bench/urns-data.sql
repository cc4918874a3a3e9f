-- The urns of the risk benchmark (scripts/bench/bench-urns.sh), on top of the demo data
-- (sql/demo/generate.sql): :urns urns (default 100,000) over the demo's regular Vault types
-- (collateral_type = 1), set-based, as the indexer would have written them:
--   snapshot.vault_price  a row per regular Vault type and snapshot of the last 90 days (the
--                         price on a wave; the newest with an OSM's next price 3 % lower on the
--                         Vault types with an OSM), rate and price to 27 decimals as a ray gives;
--   snapshot.urn          ink and art to 18 decimals (wad): debt lognormal (median 2,000 COIN),
--                         collateralization mat x e^(0.55 + 0.35 z) kept within 1.0x to 5x at
--                         the newest price; 4 % with collateral and no debt, 1 % closed; 85 %
--                         with a CDP id and an owner (owners hold several);
--   snapshot.urn_event    1 to 5 frobs per urn (3 on average) over the last 88 days, adding up
--                         to its ink and art (a closed urn: opened, then emptied);
--   snapshot.urn_state    :states rows per urn (default 10): its ink and art as they changed.
-- Load it as one transaction, as postgres:  psql -X -v ON_ERROR_STOP=1 -1 -f bench/urns-data.sql
-- Deterministic for a given data set: setseed, and no parallel plan to reorder random().
\if :{?urns} \else \set urns 100000 \endif
\if :{?states} \else \set states 10 \endif

SET LOCAL work_mem = '256MB';
SET LOCAL max_parallel_workers_per_gather = 0;
SELECT setseed(0.4242) \gset

TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark, snapshot.urn_event, snapshot.urn_state, snapshot.urn, snapshot.vault_price RESTART IDENTITY;

\ir bench-addresses.sql
\ir bench-types.sql

-- Prices at every snapshot of the last 90 days: a wave around base (stablecoins flat); rate the
-- stability fee accrued since launch. The newest row's next price is 3 % lower where an OSM is.
INSERT INTO snapshot.vault_price (vault_id, taken_at, rate, price, next_price, par)
SELECT vault_id, taken_at, rate, price,
       CASE WHEN NOT osm THEN NULL
            WHEN newest THEN round(price * 0.97, 27)
            ELSE round(price * (1 + 0.01 * sin(d)::numeric), 27) END,
       1
  FROM (SELECT b.vault_id, s.taken_at, b.osm, s.taken_at = max(s.taken_at) OVER (PARTITION BY b.vault_id) AS newest,
               extract(epoch FROM s.taken_at)::float8 / 86400 AS d,
               round((1 + b.stability_fee * (extract(epoch FROM s.taken_at) - extract(epoch FROM timestamptz '2025-01-25'))
                          / 31536000)::numeric, 27) AS rate,
               round(b.base * (1 + CASE WHEN b.base = 1 THEN 0.0005 ELSE 0.08 END
                                     * sin(2 * pi() * extract(epoch FROM s.taken_at) / 86400 / (11 + b.k) + b.k)
                                     + CASE WHEN b.base = 1 THEN 0 ELSE 0.02 END
                                     * sin(2 * pi() * extract(epoch FROM s.taken_at) / 86400 / 1.3 + b.k))::numeric, 27) AS price
          FROM bench_type AS b
          JOIN snapshot.vault_state AS s USING (vault_id)
         WHERE s.taken_at > now() - interval '90 days') AS p;

CREATE TEMP TABLE bench_price_now AS
SELECT DISTINCT ON (vault_id) vault_id, rate, price FROM snapshot.vault_price ORDER BY vault_id, taken_at DESC;

-- The urns: i from 1 to :urns, its Vault type by i's place in the shares, two normal draws
-- (Box-Muller) for its debt and collateralization.
CREATE TEMP TABLE bench_urn AS
SELECT i, b.vault_id, b.chain, b.k, b.block_seconds,
       CASE WHEN i % 100 = 0 THEN 'closed' WHEN i % 25 = 1 THEN 'collateral only' ELSE 'open' END AS state,
       2000 * exp(1.5 * z1) AS debt,
       least(5, greatest(1, b.mat * exp(0.55 + 0.35 * z2))) AS collateralization,
       p.rate, p.price, CASE WHEN i % 100 = 0 THEN 2 ELSE 1 + i % 5 END AS events
  FROM (SELECT i, sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) AS z1,
               sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) AS z2
          FROM generate_series(1, :urns) AS i) AS g
  JOIN bench_type AS b ON (g.i - 0.5) / :urns >= b.share_from AND (g.i - 0.5) / :urns < b.share_from + b.share
  JOIN bench_price_now AS p USING (vault_id);

CREATE TEMP TABLE bench_urn_amounts AS
SELECT u.*,
       CASE state WHEN 'closed' THEN 0
                  ELSE round((debt::numeric * collateralization::numeric / price)::numeric, 18) END AS ink,
       CASE state WHEN 'open' THEN round(debt::numeric / rate, 18) ELSE 0 END AS art,
       -- the last event's time: within the last 88 days, none later than an hour ago
       now() - interval '1 hour' - (i * 7919 % 1000) * interval '2 hours' AS last_time
  FROM bench_urn AS u;

-- An urn's events: j of n, oldest first, the first 88 days back at most.
CREATE TEMP TABLE bench_event AS
SELECT a.i, j, a.chain, a.block_seconds,
       a.last_time - (a.events - j) * ((a.last_time - (now() - interval '88 days')) / a.events) AS block_time,
       CASE WHEN a.state = 'closed' THEN CASE WHEN j = a.events THEN -1000 ELSE 1000 END
            WHEN j < a.events THEN round(a.ink / a.events, 18)
            ELSE a.ink - (a.events - 1) * round(a.ink / a.events, 18) END AS dink,
       CASE WHEN a.state = 'closed' THEN CASE WHEN j = a.events THEN -500 ELSE 500 END
            WHEN j < a.events THEN round(a.art / a.events, 18)
            ELSE a.art - (a.events - 1) * round(a.art / a.events, 18) END AS dart
  FROM bench_urn_amounts AS a
 CROSS JOIN LATERAL generate_series(1, a.events) AS j;

INSERT INTO snapshot.urn (vault_id, address, cdp_id, owner, ink, art, changed_block, changed_time)
SELECT a.vault_id, pg_temp.bench_address(a.chain, 'coin-bench urn ' || a.i),
       CASE WHEN a.i % 20 < 17 THEN a.i END,
       CASE WHEN a.i % 20 < 17 THEN pg_temp.bench_address(a.chain, 'coin-bench owner ' || a.i % 37001) END,
       a.ink, a.art,
       pg_temp.bench_block(a.last_time, a.block_seconds),
       a.last_time
  FROM bench_urn_amounts AS a
 ORDER BY a.i;  -- urn_id = i

INSERT INTO snapshot.urn_event (urn_id, block_number, log_index, block_hash, block_time, tx_hash, kind, dink, dart)
SELECT e.i, pg_temp.bench_block(e.block_time, e.block_seconds),
       (e.i * 7 + e.j) % 300,
       pg_temp.bench_block_hash(e.chain, e.block_time, e.block_seconds),
       e.block_time,
       '0x' || md5('tx ' || e.i || ' ' || e.j) || md5('tx# ' || e.i || ' ' || e.j),
       'frob', e.dink, e.dart
  FROM bench_event AS e;

-- Its states: :states changes, the last its ink and art now, the earlier ones on the way there,
-- each at a 5-minute snapshot (the indexer writes one when a round reads a change).
INSERT INTO snapshot.urn_state (urn_id, taken_at, ink, art, block_number)
SELECT a.i, s.taken_at,
       CASE WHEN s.n = :states THEN a.ink ELSE round(a.ink * (0.4 + 0.6 * s.n / :states), 18) END,
       CASE WHEN s.n = :states THEN a.art ELSE round(a.art * (0.3 + 0.7 * s.n / :states), 18) END,
       CASE WHEN a.chain <> 'tron'  -- tron is read at latest: no block
            THEN pg_temp.bench_block(s.taken_at, a.block_seconds) END
  FROM bench_urn_amounts AS a
 CROSS JOIN LATERAL (SELECT n, date_bin(interval '5 minutes',
                                         a.last_time - (:states - n) * ((a.last_time - (now() - interval '88 days')) / :states),
                                         timestamptz '2000-01-01') AS taken_at
                       FROM generate_series(1, :states) AS n) AS s;

DROP TABLE bench_type, bench_price_now, bench_urn, bench_urn_amounts, bench_event;
DROP FUNCTION pg_temp.bench_address(text, text), pg_temp.bench_block(timestamptz, integer),
              pg_temp.bench_block_hash(text, timestamptz, integer);

ANALYZE snapshot.urn, snapshot.urn_event, snapshot.urn_state, snapshot.vault_price;
