-- The liquidations of the liquidations benchmark (scripts/bench/bench-liquidations.sh), on top of
-- the demo data (sql/demo/generate.sql): :auctions auctions (default 10,000) over the last year
-- on the demo's regular Vault types (bench/bench-types.sql's shares, as bench/urns-data.sql's
-- urns), set-based, as the indexer would have written them from the Dog's and Clippers' logs
-- (dss's dog.sol and clip.sol, the demo's parameters: chop 1.13, buf 1.2, tip 250 COIN, chip 0.1 %):
--   snapshot.bark            one per auction: collateral just under mat at the Bark (due
--                            lognormal, median 2,000 COIN), its urn one of bench/urns-data.sql's
--                            of the same Vault type (the same addresses), a Clipper per Vault type;
--   snapshot.clip_event      per auction a Kick (in the Bark's transaction), :takes Takes in all
--                            (default 50,000: 1 plus a random share of the rest each, 5 on average),
--                            a Redo in 16 % of them (2 in a quarter of those), and a Yank in 1 %;
--                            :running (default 100) still running, each with 0 to 2 Takes;
--                            of the others, 89 % covered (the last Take leaves tab 0, the lot left
--                            given back), 10 % uncovered (the last Take leaves lot 0 having raised
--                            50 % to 98 % of tab: bad debt where that is under due), 1 % yanked;
--   snapshot.auction_status  a getStatus per running auction at each snapshot of its chain since
--                            its Bark (chain_state's taken_at).
-- 40 % of the ended auctions fall on 8 crash days (6 hours each), the rest spread over the year;
-- the running ones started in the last 6 hours. Takes 2 to 20 minutes apart.
-- Load it as one transaction, as postgres:  psql -X -v ON_ERROR_STOP=1 -1 -f bench/liquidations-data.sql
-- Deterministic for a given data set: setseed, and no parallel plan to reorder random().
\if :{?auctions} \else \set auctions 10000 \endif
\if :{?takes} \else \set takes 50000 \endif
\if :{?running} \else \set running 100 \endif

SET LOCAL work_mem = '256MB';
SET LOCAL max_parallel_workers_per_gather = 0;
SELECT setseed(0.2020) \gset

TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark;

\ir bench-addresses.sql
\ir bench-types.sql

-- The auctions: i from 1 to :auctions (every (:auctions / :running)th one running, so that every
-- Vault type has some), its Vault type by i's place in the shares, its outcome, its Bark's time
-- and amounts.
CREATE TEMP TABLE bench_auction AS
SELECT g.i, b.vault_id, b.chain, b.vault_type, b.block_seconds,
       CASE WHEN g.i % (:auctions / :running) = 0 THEN 'running'
            WHEN g.h < 2 THEN 'yanked' WHEN g.h < 12 THEN 'uncovered' ELSE 'covered' END AS outcome,
       CASE WHEN g.r < 12 THEN 1 WHEN g.r < 16 THEN 2 ELSE 0 END AS redos,
       g.at,
       -- an urn of urns-data's of this Vault type (its i, at the default 100,000 urns)
       floor(b.share_from * 100000)::integer + 1 + (g.i * 7919) % floor(b.share * 100000)::integer AS urn_i,
       round((2000 * exp(1.2 * g.z))::numeric, 18) AS due,
       -- the collateral's price at the Bark (stablecoins flat) and the urn's collateralization then
       round((b.base * CASE WHEN b.base = 1 THEN 1 ELSE 0.75 + 0.5 * g.u END)::numeric, 18) AS market,
       round((b.mat * (0.90 + 0.09 * g.v))::numeric, 6) AS collateralization,
       round((1 + b.stability_fee * (extract(epoch FROM g.at) - extract(epoch FROM timestamptz '2025-01-25')) / 31536000)::numeric, 27)
         AS rate,
       round((0.50 + 0.48 * g.w)::numeric, 6) AS raised,                           -- uncovered: the share of tab raised
       interval '2 minutes' + g.d * interval '18 minutes' AS take_gap
  FROM (SELECT i, (i * 7919) % 100 AS h, (i * 104729) % 100 AS r,
               CASE WHEN i % (:auctions / :running) = 0 THEN now() - interval '45 minutes' - random() * interval '5 hours 15 minutes'
                    WHEN random() < 0.4 THEN now() - (ARRAY[20, 47, 95, 130, 180, 222, 290, 340])[1 + floor(random() * 8)::integer]
                                                     * interval '1 day' + random() * interval '6 hours'
                    ELSE now() - interval '1 day' - random() * interval '364 days' END AS at,
               sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) AS z,
               random() AS u, random() AS v, random() AS w, random() AS d
          FROM generate_series(1, :auctions) AS i) AS g
  JOIN bench_type AS b ON (g.i - 0.5) / :auctions >= b.share_from AND (g.i - 0.5) / :auctions < b.share_from + b.share;

-- Takes per auction: a running one 0 to 2 (i % 3), every other 1 and a random share of the rest.
CREATE TEMP TABLE bench_takes AS
WITH ended AS (
  SELECT i, row_number() OVER (ORDER BY i) AS e FROM bench_auction WHERE outcome <> 'running'
), extra AS (
  SELECT 1 + floor(random() * (SELECT count(*) FROM ended))::integer AS e, count(*) AS n
    FROM generate_series(1, :takes - (SELECT count(*) FROM ended)
                            - (SELECT sum(i % 3) FROM bench_auction WHERE outcome = 'running')) AS k
   GROUP BY 1
)
SELECT a.i, CASE WHEN a.outcome = 'running' THEN a.i % 3 ELSE 1 + coalesce(x.n, 0) END AS n
  FROM bench_auction AS a
  LEFT JOIN ended USING (i)
  LEFT JOIN extra AS x USING (e);

-- Each Take j of n: a covered auction pays tab in n equal parts at a price falling from top
-- (market x buf) by 30 % over the auction, buying what that pays for (the lot left is given
-- back); an uncovered one sells its lot in n equal parts for `raised` of tab, more for the
-- first; a running one (0 to 2 Takes) and a yanked one (n Takes) are a covered one of 5 and
-- of n + 1 Takes cut short. The collateral put up covers the covered Takes' with 5 % left.
CREATE TEMP TABLE bench_take AS
SELECT a.i, j, a.outcome, t.n,
       CASE WHEN a.outcome = 'uncovered' THEN NULL ELSE round(a.market * 1.2 * (1 - 0.3 * (j - 1) / p.planned), 27) END AS price,
       CASE WHEN a.outcome = 'uncovered' THEN NULL
            WHEN j < p.planned THEN round(a.due * 1.13 / p.planned, 18)
            ELSE round(a.due * 1.13, 18) - (p.planned - 1) * round(a.due * 1.13 / p.planned, 18) END AS owe,
       p.planned
  FROM bench_auction AS a
  JOIN bench_takes AS t USING (i)
 CROSS JOIN LATERAL (SELECT CASE a.outcome WHEN 'running' THEN 5 WHEN 'yanked' THEN t.n + 1 ELSE t.n END AS planned) AS p
 CROSS JOIN LATERAL generate_series(1, t.n) AS j;
CREATE INDEX ON bench_take (i);
ANALYZE bench_auction, bench_takes, bench_take;

CREATE TEMP TABLE bench_lot AS
SELECT a.i,
       round(greatest(a.due * a.collateralization / a.market,
                      1.05 * coalesce((SELECT sum(round(a.due * 1.13 / t.planned, 18) / t.price)
                                         FROM bench_take AS t WHERE t.i = a.i AND t.outcome <> 'uncovered'), 0),
                      -- a plan's whole (running: 5 Takes of which 0 to 2 happen)
                      1.05 * a.due * 1.13 / (a.market * 0.85)), 18) AS lot
  FROM bench_auction AS a;

-- The Takes' figures: what each bought (sold) and paid (owe), and tab and lot after it.
CREATE TEMP TABLE bench_take_figures AS
SELECT t.i, t.j, t.price, t.owe, t.sold,
       round(a.due * 1.13, 18) - sum(t.owe) OVER w AS tab_after,
       l.lot - sum(t.sold) OVER w AS lot_after
  FROM (SELECT t.i, t.j,
               CASE WHEN t.outcome = 'uncovered' THEN round(u.owe / u.sold, 27) ELSE t.price END AS price,
               coalesce(t.owe, u.owe) AS owe,
               coalesce(u.sold, round(t.owe / t.price, 18)) AS sold
          FROM bench_take AS t
          JOIN bench_auction AS a USING (i)
          JOIN bench_lot AS l USING (i)
          LEFT JOIN LATERAL (
                SELECT CASE WHEN t.j < t.n THEN round(l.lot / t.n, 18) ELSE l.lot - (t.n - 1) * round(l.lot / t.n, 18) END AS sold,
                       round(a.raised * a.due * 1.13 / t.n * (1 + 0.3 * (t.n + 1 - 2 * t.j) / t.n), 18) AS owe
                 WHERE t.outcome = 'uncovered') AS u ON true) AS t
  JOIN bench_auction AS a USING (i)
  JOIN bench_lot AS l USING (i)
WINDOW w AS (PARTITION BY t.i ORDER BY t.j);
CREATE INDEX ON bench_take_figures (i, j);
ANALYZE bench_lot, bench_take_figures;

-- Every log: the Kick and the Bark (one transaction, the Kick first: Dog.bark calls
-- Clipper.kick), then the Takes, each Redo between two of them and the Yank, take_gap apart.
CREATE TEMP TABLE bench_log AS
SELECT a.i, a.chain, a.block_seconds, e.seq, e.kind, e.at,
       pg_temp.bench_block(e.at, a.block_seconds) AS block_number,
       e.price, e.max_price, e.owe, e.tab, e.lot,
       CASE WHEN e.kind IN ('kick', 'redo') THEN pg_temp.bench_address(a.chain, 'coin-bench keeper ' || (a.i + e.seq) % 40) END AS keeper,
       CASE WHEN e.kind IN ('kick', 'redo') THEN round(250 + 0.001 * e.tab, 18) END AS incentive
  FROM bench_auction AS a
  JOIN bench_lot AS l USING (i)
  JOIN bench_takes AS n USING (i)
 CROSS JOIN LATERAL (
       SELECT 0 AS seq, 'kick' AS kind, a.at, round(a.market * 1.2, 27) AS price, NULL::numeric AS max_price,
              NULL::numeric AS owe, round(a.due * 1.13, 18) AS tab, l.lot
       UNION ALL
       SELECT 1, 'bark', a.at, NULL, NULL, NULL, NULL, NULL
       UNION ALL
       SELECT 10 * f.j, 'take', a.at + f.j * a.take_gap, f.price, round(f.price * 1.02, 27), f.owe, f.tab_after, f.lot_after
         FROM bench_take_figures AS f WHERE f.i = a.i
       UNION ALL
       -- a Redo after Take r (0: before the first), at the tab and lot left then
       SELECT 10 * r.after + 5, 'redo', a.at + (r.after + 0.5) * a.take_gap, round(a.market * 1.2 * 0.95, 27), NULL, NULL,
              coalesce(f.tab_after, round(a.due * 1.13, 18)), coalesce(f.lot_after, l.lot)
         FROM (SELECT DISTINCT (k * 7 + a.i) % greatest(n.n, 1) AS after FROM generate_series(1, a.redos) AS k) AS r
         LEFT JOIN bench_take_figures AS f ON f.i = a.i AND f.j = r.after
       UNION ALL
       SELECT 10 * n.n + 10, 'yank', a.at + (n.n + 1) * a.take_gap, NULL, NULL, NULL, NULL, NULL
        WHERE a.outcome = 'yanked') AS e;
CREATE INDEX ON bench_log (i, at);
ANALYZE bench_log;

-- Each log's index in its block: the chain's logs of a block in auction and step order, 3
-- apart (the Vat's notes and the token's transfers between them).
CREATE TEMP TABLE bench_log_placed AS
SELECT l.*, 3 * (row_number() OVER (PARTITION BY l.chain, l.block_number ORDER BY l.i, l.seq) - 1) AS log_index,
       pg_temp.bench_block_hash(l.chain, l.at, l.block_seconds) AS block_hash,
       '0x' || md5('liquidation tx ' || l.i || ' ' || CASE WHEN l.kind = 'kick' THEN 1 ELSE l.seq END)
            || md5('liquidation tx# ' || l.i || ' ' || CASE WHEN l.kind = 'kick' THEN 1 ELSE l.seq END) AS tx_hash
  FROM bench_log AS l;

-- The auctions' Clippers and ids: a Clipper per Vault type, its sales numbered by time.
CREATE TEMP TABLE bench_sale AS
SELECT a.i, pg_temp.bench_address(a.chain, 'coin-bench clipper ' || a.vault_type) AS clipper,
       row_number() OVER (PARTITION BY a.vault_id ORDER BY a.at, a.i) AS sale_id
  FROM bench_auction AS a;

INSERT INTO snapshot.bark (chain, block_number, log_index, block_hash, block_time, tx_hash, vault_id, urn, collateral,
                           art, due, clipper, sale_id)
SELECT a.chain::snapshot.chain, p.block_number, p.log_index, p.block_hash, p.at, p.tx_hash, a.vault_id,
       pg_temp.bench_address(a.chain, 'coin-bench urn ' || a.urn_i), l.lot, round(a.due / a.rate, 18), a.due,
       s.clipper, s.sale_id
  FROM bench_auction AS a
  JOIN bench_lot AS l USING (i)
  JOIN bench_sale AS s USING (i)
  JOIN bench_log_placed AS p ON p.i = a.i AND p.kind = 'bark'
 ORDER BY p.at, p.log_index;

INSERT INTO snapshot.clip_event (chain, block_number, log_index, block_hash, block_time, tx_hash, clipper, sale_id, kind,
                                 price, max_price, owe, tab, lot, keeper, incentive)
SELECT p.chain::snapshot.chain, p.block_number, p.log_index, p.block_hash, p.at, p.tx_hash, s.clipper, s.sale_id, p.kind,
       p.price, p.max_price, p.owe, p.tab, p.lot, p.keeper, p.incentive
  FROM bench_log_placed AS p
  JOIN bench_sale AS s USING (i)
 WHERE p.kind <> 'bark'
 ORDER BY p.at, p.log_index;

-- The running auctions' getStatus at each snapshot of their chain since the Bark: the price
-- falling from the last reset's top (LinearDecrease: to 0 over 2 hours), the tab and lot left
-- after the Takes before it; needsRedo once over the Clipper's tail (10 minutes) since the reset
-- or below cusp (30 %) of its top.
INSERT INTO snapshot.auction_status (chain, clipper, sale_id, taken_at, price, lot, tab, needs_redo)
SELECT a.chain::snapshot.chain, s.clipper, s.sale_id, c.taken_at,
       round(greatest(0, r.price * (1 - extract(epoch FROM c.taken_at - r.at)::numeric / 7200)), 27),
       x.lot, x.tab,
       c.taken_at - r.at > interval '10 minutes' OR 1 - extract(epoch FROM c.taken_at - r.at)::numeric / 7200 < 0.3
  FROM bench_auction AS a
  JOIN bench_sale AS s USING (i)
  JOIN snapshot.chain_state AS c ON c.chain::text = a.chain AND c.taken_at > a.at
 CROSS JOIN LATERAL (SELECT l.at, l.price FROM bench_log AS l
                      WHERE l.i = a.i AND l.kind IN ('kick', 'redo') AND l.at <= c.taken_at
                      ORDER BY l.at DESC LIMIT 1) AS r
 CROSS JOIN LATERAL (SELECT l.tab, l.lot FROM bench_log AS l
                      WHERE l.i = a.i AND l.kind IN ('kick', 'take', 'redo') AND l.at <= c.taken_at
                      ORDER BY l.at DESC, l.seq DESC LIMIT 1) AS x
 WHERE a.outcome = 'running';

DROP TABLE bench_type, bench_auction, bench_takes, bench_take, bench_lot, bench_take_figures, bench_log, bench_log_placed,
           bench_sale;
DROP FUNCTION pg_temp.bench_address(text, text), pg_temp.bench_block(timestamptz, integer),
              pg_temp.bench_block_hash(text, timestamptz, integer);

ANALYZE snapshot.bark, snapshot.clip_event, snapshot.auction_status;
