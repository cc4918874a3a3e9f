-- Deploy coin_api:answer_time to pg
-- Any answer as of a past time (?at=): what the endpoint answered for the newest snapshot at or
-- before it. Every view reads "now" through a few places: the figures at a time (chain_state_at,
-- vault_state_at, position_state_at, and through them derived.as_of, the histories' live points
-- and the daily baselines), each chain's clock (the histories' windows and their grid points),
-- the first snapshots the daily baselines begin at, the daily series of 6.8 to 6.10, and every
-- answer's Last-Modified and X-Snapshot-Blocks. Each of them now reads no snapshot taken after derived.answer_time(): the
-- session's setting coin.at (epoch ms), which api.answer_at sets for one transaction, or
-- infinity, which bounds nothing. So the views stay as they are, and an answer at a time is
-- the same statement in a bounded transaction.
--
-- What a bounded answer does not see: a Vault or allocator position without a state at the
-- time (the indexer writes one with its first state, so it did not exist then: not in the
-- figures at a time, nor among vault-history's rows); a grid point after the chain's clock (the
-- histories already stop there). A Vault's configuration then is the one its state kept (kept
-- from this change on: vault_state's new columns). What it cannot see: the urns and auctions of
-- 6.16 to 6.22, whose tables hold current states; the handlers refuse at for those.

BEGIN;

CREATE FUNCTION derived.answer_time() RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE
RETURN CASE WHEN current_setting('coin.at', true) <> ''
            THEN to_timestamp(0) + current_setting('coin.at', true)::bigint * interval '1 millisecond'
            ELSE 'infinity' END;
COMMENT ON FUNCTION derived.answer_time() IS
  'The time an answer is asked for: the setting coin.at (epoch ms) that api.answer_at sets for '
  'a transaction, or infinity; no snapshot taken after it is read';

-- Bounds the transaction's answers to the newest snapshot at or before at_ms (epoch ms), and
-- says whether they are final: every chain has a snapshot after it, so a round no longer writes
-- one before it. Refuses (CA002, the handlers' "Invalid ..." answer) a time in the future and
-- one before the first snapshot.
CREATE FUNCTION api.answer_at(at_ms bigint) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  asked constant timestamptz := to_timestamp(0) + at_ms * interval '1 millisecond';
  final boolean;
BEGIN
  IF asked > now() THEN
    RAISE EXCEPTION 'Invalid at: in the future.' USING ERRCODE = 'CA002';
  END IF;
  IF NOT EXISTS (SELECT FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain),
                            LATERAL (SELECT FROM snapshot.chain_state AS s
                                      WHERE s.chain = c.chain AND s.taken_at <= asked LIMIT 1) AS first) THEN
    RAISE EXCEPTION 'Invalid at: before the first snapshot.' USING ERRCODE = 'CA002';
  END IF;
  SELECT bool_and(b.taken_at > asked) INTO final FROM api.snapshot_blocks AS b WHERE b.taken_at IS NOT NULL;
  PERFORM set_config('coin.at', at_ms::text, true);
  RETURN final;
END
$$;
COMMENT ON FUNCTION api.answer_at(bigint) IS
  'Bounds the transaction''s answers to the newest snapshot at or before at_ms (epoch ms); true '
  'when every chain has a snapshot after it (the answer is final)';

-- A Vault's configuration as each snapshot found it. snapshot.vault holds the newest a round
-- read; each vault_state row now keeps the one the round that wrote it had just read into it (a
-- row written without one, as the indexer writes them, takes the Vault's then). Rows written
-- before keep none, and a bounded answer shows the newest for them.
ALTER TABLE snapshot.vault_state
  ADD COLUMN min_collateral_ratio numeric CHECK (min_collateral_ratio >= 0),
  ADD COLUMN stability_fee        numeric CHECK (stability_fee >= 0),
  ADD COLUMN debt_ceiling         numeric CHECK (debt_ceiling >= 0),
  ADD COLUMN dust                 numeric CHECK (dust >= 0),
  ADD COLUMN psm_fee              numeric CHECK (psm_fee >= 0);
COMMENT ON COLUMN snapshot.vault_state.min_collateral_ratio IS
  'snapshot.vault''s min_collateral_ratio when the row was written (the configuration then, as '
  'the other four); null on a row written before it was kept';
COMMENT ON COLUMN snapshot.vault_state.stability_fee IS 'snapshot.vault''s stability_fee when the row was written';
COMMENT ON COLUMN snapshot.vault_state.debt_ceiling IS 'snapshot.vault''s debt_ceiling when the row was written';
COMMENT ON COLUMN snapshot.vault_state.dust IS 'snapshot.vault''s dust when the row was written';
COMMENT ON COLUMN snapshot.vault_state.psm_fee IS 'snapshot.vault''s psm_fee when the row was written';

CREATE FUNCTION snapshot.vault_state_configuration() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.min_collateral_ratio IS NULL THEN
    SELECT v.min_collateral_ratio, v.stability_fee, v.debt_ceiling, v.dust, v.psm_fee
      INTO NEW.min_collateral_ratio, NEW.stability_fee, NEW.debt_ceiling, NEW.dust, NEW.psm_fee
      FROM snapshot.vault AS v
     WHERE v.vault_id = NEW.vault_id;
  END IF;
  RETURN NEW;
END
$$;
COMMENT ON FUNCTION snapshot.vault_state_configuration() IS
  'Row trigger of vault_state: a row written without a configuration keeps its Vault''s then';
CREATE TRIGGER configuration_kept BEFORE INSERT ON snapshot.vault_state
  FOR EACH ROW EXECUTE FUNCTION snapshot.vault_state_configuration();

-- The figures at a time, bounded (planned_figures's, the bound added; a Vault or position
-- without a state then left out of a bounded answer).
-- A bounded answer shows the configuration the Vault's state then kept.
CREATE OR REPLACE FUNCTION derived.chain_state_at(at timestamptz)
RETURNS TABLE (chain snapshot.chain, taken_at timestamptz, coin_supply numeric,
               scoin_supply numeric, supply_value numeric, earn_apy numeric, earn_tvl numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 3 SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT c.chain, s.taken_at,
         coalesce(s.coin_supply, 0),
         coalesce(s.scoin_supply, 0),
         coalesce(s.coin_supply * s.coin_price + s.scoin_supply * s.scoin_price, 0),
         coalesce(s.earn_apy, 0),
         coalesce(s.earn_tvl, 0)
    FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
    LEFT JOIN LATERAL (
           SELECT *
             FROM snapshot.chain_state AS cs
            WHERE cs.chain = c.chain AND cs.taken_at <= least(chain_state_at.at, derived.answer_time())
            ORDER BY cs.taken_at DESC
            LIMIT 1
         ) AS s ON true
   ORDER BY c.chain;
END
$$;

CREATE OR REPLACE FUNCTION derived.vault_state_at(at timestamptz)
RETURNS TABLE (vault_id integer, chain snapshot.chain, vault_type text, collateral_type smallint,
               contract_address text, min_collateral_ratio numeric, stability_fee numeric,
               debt_ceiling numeric, dust numeric, psm_fee numeric, taken_at timestamptz,
               minted numeric, debt numeric, locked_value numeric, collateral_ratio numeric,
               apy numeric, estimated_annual_earnings numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 20 SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT v.vault_id, v.chain, v.vault_type, v.collateral_type, v.contract_address,
         CASE WHEN k.kept THEN s.min_collateral_ratio ELSE v.min_collateral_ratio END,
         CASE WHEN k.kept THEN s.stability_fee ELSE v.stability_fee END,
         CASE WHEN k.kept THEN s.debt_ceiling ELSE v.debt_ceiling END,
         CASE WHEN k.kept THEN s.dust ELSE v.dust END,
         CASE WHEN k.kept THEN s.psm_fee ELSE v.psm_fee END,
         s.taken_at,
         coalesce(s.minted, 0),
         coalesce(s.debt, 0),
         coalesce(s.locked_value, 0),
         CASE WHEN coalesce(s.debt, 0) = 0 THEN 0 ELSE s.locked_value / s.debt END,
         s.apy,
         s.estimated_annual_earnings
    FROM snapshot.vault AS v
    LEFT JOIN LATERAL (
           SELECT *
             FROM snapshot.vault_state AS vs
            WHERE vs.vault_id = v.vault_id AND vs.taken_at <= least(vault_state_at.at, derived.answer_time())
            ORDER BY vs.taken_at DESC
            LIMIT 1
         ) AS s ON true
   -- bounded, the configuration the state kept (the newest where it kept none)
   CROSS JOIN LATERAL (SELECT derived.answer_time() <> 'infinity' AND s.min_collateral_ratio IS NOT NULL) AS k(kept)
   WHERE s.taken_at IS NOT NULL OR derived.answer_time() = 'infinity';
END
$$;

CREATE OR REPLACE FUNCTION derived.position_state_at(at timestamptz)
RETURNS TABLE (position_id integer, platform text, chain text, gem_symbol text,
               operator_address text, strategy text, tag text, taken_at timestamptz,
               holding_amount numeric, apy_holding_amount numeric, apy numeric,
               actual_earnings numeric)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 20 SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT p.position_id, p.platform, p.chain, p.gem_symbol, p.operator_address, p.strategy, p.tag,
         s.taken_at,
         coalesce(s.holding_amount, 0),
         coalesce(s.apy_holding_amount, 0),
         coalesce(s.apy, 0),
         coalesce(s.actual_earnings, 0)
    FROM snapshot.allocator_position AS p
    LEFT JOIN LATERAL (
           SELECT *
             FROM snapshot.allocator_position_state AS ps
            WHERE ps.position_id = p.position_id AND ps.taken_at <= least(position_state_at.at, derived.answer_time())
            ORDER BY ps.taken_at DESC
            LIMIT 1
         ) AS s ON true
   WHERE s.taken_at IS NOT NULL OR derived.answer_time() = 'infinity';
END
$$;

CREATE OR REPLACE VIEW derived.chain_clock AS
SELECT c.chain, m.taken_at
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
  LEFT JOIN LATERAL (SELECT max(s.taken_at) AS taken_at FROM snapshot.chain_state AS s
                      WHERE s.chain = c.chain AND s.taken_at <= derived.answer_time()) AS m
         ON true;

CREATE OR REPLACE VIEW api.last_snapshot AS
SELECT max(newest.taken_at) AS taken_at
  FROM (SELECT latest.taken_at
          FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain),
               LATERAL (SELECT cs.taken_at FROM snapshot.chain_state AS cs
                         WHERE cs.chain = c.chain AND cs.taken_at <= derived.answer_time()
                         ORDER BY cs.taken_at DESC LIMIT 1) AS latest
        UNION ALL
        SELECT latest.taken_at
          FROM snapshot.vault AS v,
               LATERAL (SELECT vs.taken_at FROM snapshot.vault_state AS vs
                         WHERE vs.vault_id = v.vault_id AND vs.taken_at <= derived.answer_time()
                         ORDER BY vs.taken_at DESC LIMIT 1) AS latest
        UNION ALL
        SELECT latest.taken_at
          FROM snapshot.allocator_position AS p,
               LATERAL (SELECT ps.taken_at FROM snapshot.allocator_position_state AS ps
                         WHERE ps.position_id = p.position_id AND ps.taken_at <= derived.answer_time()
                         ORDER BY ps.taken_at DESC LIMIT 1) AS latest) AS newest;

CREATE OR REPLACE VIEW api.snapshot_blocks AS
SELECT newest.chain, newest.taken_at, newest.block_number, newest.block_hash, newest.block_time
  FROM (SELECT c.chain::text AS chain, latest.*
          FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
          LEFT JOIN LATERAL (SELECT cs.taken_at, cs.block_number, cs.block_hash, cs.block_time
                               FROM snapshot.chain_state AS cs
                              WHERE cs.chain = c.chain AND cs.taken_at <= derived.answer_time()
                              ORDER BY cs.taken_at DESC LIMIT 1) AS latest ON true
        UNION ALL
        SELECT p.chain, latest.*
          FROM (SELECT DISTINCT ap.chain FROM snapshot.allocator_position AS ap
                 WHERE ap.chain <> ALL (enum_range(NULL::snapshot.chain)::text[])) AS p
          LEFT JOIN LATERAL (SELECT ps.taken_at, ps.block_number, ps.block_hash, ps.block_time
                               FROM snapshot.allocator_position AS ap,
                                    LATERAL (SELECT s.* FROM snapshot.allocator_position_state AS s
                                              WHERE s.position_id = ap.position_id
                                                AND s.taken_at <= derived.answer_time()
                                              ORDER BY s.taken_at DESC LIMIT 1) AS ps
                              WHERE ap.chain = p.chain
                              ORDER BY ps.taken_at DESC LIMIT 1) AS latest ON true) AS newest
 ORDER BY array_position((SELECT enum_range(NULL::snapshot.chain)::text[]), newest.chain), newest.chain;

-- The daily baselines begin at a first snapshot that had been taken then.
CREATE OR REPLACE VIEW derived.vault_baseline AS
WITH vault AS (
  SELECT v.vault_id,
         greatest(a.midnight, (SELECT min(s.taken_at) FROM snapshot.vault_state AS s
                                WHERE s.vault_id = v.vault_id AND s.taken_at <= derived.answer_time())) AS since
    FROM snapshot.vault AS v CROSS JOIN derived.as_of AS a
),
state AS MATERIALIZED (  -- every Vault at each instant: one lookup per instant, not per Vault
  SELECT instant.since, b.*
    FROM (SELECT DISTINCT since FROM vault) AS instant
   CROSS JOIN LATERAL derived.vault_state_at(instant.since) AS b
)
SELECT state.vault_id, state.chain, state.vault_type, state.since, state.locked_value
  FROM state JOIN vault USING (vault_id, since);

CREATE OR REPLACE VIEW derived.position_baseline AS
WITH position AS (
  SELECT p.position_id,
         greatest(a.midnight, (SELECT min(s.taken_at) FROM snapshot.allocator_position_state AS s
                                WHERE s.position_id = p.position_id AND s.taken_at <= derived.answer_time())) AS since
    FROM snapshot.allocator_position AS p CROSS JOIN derived.as_of AS a
),
state AS MATERIALIZED (
  SELECT instant.since, b.*
    FROM (SELECT DISTINCT since FROM position) AS instant
   CROSS JOIN LATERAL derived.position_state_at(instant.since) AS b
)
SELECT state.position_id, state.since, state.actual_earnings
  FROM state JOIN position USING (position_id, since);

CREATE OR REPLACE VIEW derived.chain_baseline AS
WITH chain AS (
  SELECT c.chain, first.taken_at AS first, greatest(a.midnight, first.taken_at) AS since
    FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
   CROSS JOIN derived.as_of AS a
   CROSS JOIN LATERAL (SELECT min(s.taken_at) AS taken_at FROM snapshot.chain_state AS s
                        WHERE s.chain = c.chain AND s.taken_at <= derived.answer_time()) AS first
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

-- 6.8's daily series, bounded: derived.daily_apy made from a view that keeps the daily points
-- up to the newest snapshot (all of them, unbounded, as before); a bounded 6.8 reads the view.
CREATE VIEW derived.daily_apy_of_points AS
WITH daily AS (
  SELECT statistic_time, chain, taken_at, earn_apy, earn_tvl
    FROM derived.hourly_figures
   WHERE is_midnight AND at <= (SELECT taken_at FROM derived.as_of)  -- the hours there were then
),
cross_chain AS (
  SELECT derived.cross_chain_apy(sum(earn_apy * earn_tvl), sum(earn_tvl), sum(earn_apy), count(*)) AS apy
    FROM daily
   GROUP BY statistic_time
)
SELECT NULL::snapshot.chain AS chain,
       (SELECT derived.weighted_mean(sum(apy), count(*)) FROM cross_chain) AS average_apy,
       NULL::json AS items
UNION ALL
SELECT c.chain,
       (SELECT derived.weighted_mean(sum(earn_apy), count(*))
          FROM daily AS d WHERE d.chain = c.chain AND d.taken_at IS NOT NULL),
       (SELECT coalesce(json_agg(json_build_object('statisticTime', d.statistic_time,
                                                   'apy', trim_scale(d.earn_apy)::text)
                                 ORDER BY d.statistic_time), '[]')
          FROM daily AS d WHERE d.chain = c.chain AND d.taken_at IS NOT NULL)
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain);
COMMENT ON VIEW derived.daily_apy_of_points IS
  'derived.daily_apy''s rows from the daily points up to the newest snapshot (derived.as_of): bounded by derived.answer_time()';
SET LOCAL client_min_messages = warning;  -- not the notice of the cascade
DROP MATERIALIZED VIEW derived.daily_apy CASCADE;  -- and api.apy_overview, made again below
CREATE MATERIALIZED VIEW derived.daily_apy AS SELECT * FROM derived.daily_apy_of_points;
COMMENT ON MATERIALIZED VIEW derived.daily_apy IS
  '6.8''s daily series (derived.daily_apy_of_points, refreshed with the hourly figures). The row with chain null: average_apy, the mean over the daily snapshots of '
  'the cross-chain APY. A row per chain: average_apy, the mean of its daily APYs, and items, its '
  'daily points {statisticTime, apy} from its first snapshot on, ascending; null without any';
CREATE VIEW api.apy_overview AS
WITH now AS (  -- each chain's APY and Earn TVL now; the daily points are in derived.daily_apy
  SELECT chain, earn_apy, earn_tvl FROM derived.chain_state_at('infinity')
),
daily_apy AS (  -- bounded, worked out from the daily points there were then
  SELECT * FROM derived.daily_apy WHERE derived.answer_time() = 'infinity'
  UNION ALL
  SELECT * FROM derived.daily_apy_of_points WHERE derived.answer_time() <> 'infinity'
)
SELECT f."averageApy", f."currentApy", f.items::json AS items,
       '{"averageApy":' || coalesce(to_json(f."averageApy")::text, 'null')
       || ',"currentApy":' || coalesce(to_json(f."currentApy")::text, 'null')
       || ',"items":' || coalesce(f.items, 'null') || '}' AS payload
  FROM (SELECT (SELECT trim_scale(coalesce(average_apy, 0))::text
                  FROM daily_apy WHERE chain IS NULL),
               (SELECT trim_scale(derived.cross_chain_apy(sum(earn_apy * earn_tvl), sum(earn_tvl),
                                                          sum(earn_apy), count(*)))::text
                  FROM now),
               (SELECT '[' || string_agg('{"chain":' || to_json(n.chain)::text
                                         || ',"currentApy":' || to_json(trim_scale(n.earn_apy)::text)::text
                                         || ',"averageApy":' || to_json(trim_scale(coalesce(d.average_apy, 0))::text)::text
                                         || ',"items":' || coalesce(d.items::text, '[]') || '}', ',' ORDER BY n.chain)
                       || ']'
                  FROM now AS n
                  JOIN daily_apy AS d USING (chain))
       ) AS f("averageApy", "currentApy", items);
COMMENT ON COLUMN api.apy_overview.payload IS 'The row as JSON text: what the handlers and the publisher send';
COMMENT ON VIEW api.apy_overview IS '6.8 GET /api/v1/market-site/overview/apy';
COMMENT ON COLUMN api.apy_overview."averageApy" IS
  'Mean over the daily snapshots (00:00 UTC+8, since the first snapshot) of the Earn-TVL-weighted cross-chain APY';
COMMENT ON COLUMN api.apy_overview."currentApy" IS
  'Earn-TVL-weighted mean of the chains'' current APYs: sum(apy x earnTvl) / sum(earnTvl); the plain mean while no Earn TVL exists';
COMMENT ON COLUMN api.apy_overview.items IS
  'Per chain in [tron, eth, bsc] order: chain; currentApy (its current APY, as 6.6); averageApy '
  '(mean of its daily points); items[] (statisticTime: epoch ms of each 00:00 UTC+8 since the '
  'chain''s first snapshot, ascending; apy: the APY in that daily snapshot)';

-- 6.9 and 6.10: the daily points up to the newest snapshot, as there were then.
CREATE OR REPLACE VIEW api.supply_value_history AS
SELECT statistic_time AS "statisticTime", coin, scoin FROM derived.daily_values
 WHERE statistic_time <= (SELECT derived.epoch_ms(taken_at) FROM derived.as_of);
CREATE OR REPLACE VIEW api.collateral_value_history AS
SELECT statistic_time AS "statisticTime", collateral_value AS "collateralValue" FROM derived.daily_values
 WHERE statistic_time <= (SELECT derived.epoch_ms(taken_at) FROM derived.as_of);

-- vault-history's rows, bounded: rows_without_figures's, the Vaults that had a state then.
CREATE OR REPLACE VIEW api.vault_history AS
SELECT chain, "vaultType", "interval", (kept || live)::json AS data, kept || live AS payload, kept_key, kept, live
  FROM (SELECT v.chain::text AS chain, v.vault_type AS "vaultType", w.name AS "interval",
               md5(format('%s %s %s %s %s %s', w.name, v.vault_id, g.generation, derived.epoch_ms(s.since),
                          l.line, n.vault_id IS NULL)) AS kept_key,
               (SELECT '{"items":[' || coalesce(string_agg(h.history_point_head || l.line || h.history_point_tail,
                                                           ',' ORDER BY h.at)
                                                || CASE WHEN n.vault_id IS NULL THEN '' ELSE ',' END, '')
                  -- the window's grid points strictly before the live point, the hourly and the
                  -- daily ones apart, so that the daily ones come from their index
                  FROM (SELECT h.at, h.history_point_head, h.history_point_tail FROM derived.hourly_vault_figures AS h
                         WHERE w.step = interval '1 hour' AND h.vault_id = v.vault_id
                           AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                        UNION ALL
                        SELECT h.at, h.history_point_head, h.history_point_tail FROM derived.hourly_vault_figures AS h
                         WHERE w.step <> interval '1 hour' AND h.is_midnight AND h.vault_id = v.vault_id
                           AND h.at < a.taken_at AND h.at >= s.since AND h.taken_at IS NOT NULL
                       ) AS h) AS kept,
               CASE WHEN n.vault_id IS NULL THEN '' ELSE json_build_object(  -- the live point
                      'statisticTime', derived.epoch_ms(a.taken_at), 'time', NULL,
                      'mintedCOIN', trim_scale(n.minted), 'debt', trim_scale(n.debt),
                      'lockedValue', trim_scale(n.locked_value), 'collateralRatio', trim_scale(n.collateral_ratio),
                      'line', trim_scale(n.debt_ceiling)::text, 'apy', trim_scale(n.apy))::text END || ']}' AS live
          FROM snapshot.vault AS v
         CROSS JOIN derived.history_window AS w
         JOIN derived.chain_clock AS a ON a.chain = v.chain  -- read once for the window and the live point
         CROSS JOIN derived.kept_generation AS g
         -- the debt ceiling as the JSON string it is sent as
         -- (bounded: the one its newest state then kept)
         CROSS JOIN LATERAL (SELECT to_json(trim_scale(coalesce(
                                      (SELECT s.debt_ceiling FROM snapshot.vault_state AS s
                                        WHERE derived.answer_time() <> 'infinity' AND s.vault_id = v.vault_id
                                          AND s.taken_at <= derived.answer_time()
                                        ORDER BY s.taken_at DESC LIMIT 1),
                                      v.debt_ceiling))::text)::text) AS l(line)
         CROSS JOIN LATERAL (SELECT derived.window_since(a.taken_at, w.step, w.points)) AS s(since)
          -- the Vault now: none before its first state, and then no live point
          LEFT JOIN (SELECT DISTINCT ON (f.vault_id) f.* FROM derived.vault_state_at('infinity') AS f
                      WHERE f.taken_at IS NOT NULL) AS n ON n.vault_id = v.vault_id AND a.taken_at IS NOT NULL
         -- bounded, a Vault without a state then did not exist
         WHERE derived.answer_time() = 'infinity'
            OR EXISTS (SELECT FROM snapshot.vault_state AS s WHERE s.vault_id = v.vault_id AND s.taken_at <= derived.answer_time())
       ) AS k;

GRANT EXECUTE ON FUNCTION derived.answer_time(), api.answer_at(bigint) TO coin_api;

COMMIT;
