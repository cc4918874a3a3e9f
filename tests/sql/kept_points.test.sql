-- The histories' kept points (kept_points): after any sequence of writes, every history answer
-- is what a full recompute gives, byte for byte. Each of many generated sequences starts from the
-- hand-worked fixture and writes at random: newest rows, late rows between older ones, a
-- backfill newest-first, rows rewritten or removed (a reorganisation), Vault states, a Vault
-- added or its states removed, a Bark or a take (late ones too) and a Clipper event removed.
-- Then every answer of 6.8, 6.9, 6.10, 6.13, vault-history and 6.21 is
-- compared with the same answer after derived.refresh_hourly_figures('-infinity') rebuilt the
-- hourly tables from the snapshots, and every kept point with json_build_object of its row (the
-- rendering on read it replaced); and every answer of 6.13, vault-history and 6.21 whose kept_key
-- the writes left has the kept parts it had (what the publisher puts the live parts around). The
-- seed is printed; to replay a failure:
--   PGOPTIONS='-c coin.test_seed=<seed>' pg_prove tests/sql/kept_points.test.sql
BEGIN;
\ir fixture.sql
\ir helpers.sql

\set sequences 40
SELECT plan(:sequences + 8);

SELECT coalesce(nullif(current_setting('coin.test_seed', true), ''), round(random()::numeric, 8)::text) AS seed \gset
SELECT diag('seed ' || :'seed');
SELECT setseed(:'seed');

-- A figure of up to 9 integer digits and 0 to 18 decimals.
CREATE FUNCTION pg_temp.figure() RETURNS numeric LANGUAGE sql
RETURN round((random() * 10 ^ floor(random() * 10))::numeric, floor(random() * 19)::integer);

-- A time of the fixture's days (a late row lands between older ones, a newer one moves the clock).
CREATE FUNCTION pg_temp.some_time() RETURNS timestamptz LANGUAGE sql
RETURN timestamptz '2026-05-10 20:00+08' + random() * interval '3 days 14 hours';

CREATE FUNCTION pg_temp.some_chain() RETURNS snapshot.chain LANGUAGE sql
RETURN (enum_range(NULL::snapshot.chain))[1 + floor(random() * 3)::integer];

CREATE FUNCTION pg_temp.insert_chain_state(c snapshot.chain, t timestamptz) RETURNS void LANGUAGE sql
BEGIN ATOMIC
  INSERT INTO snapshot.chain_state (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
  VALUES (c, t, pg_temp.figure(), pg_temp.figure(), 1, 1.05, pg_temp.figure() / 1e9, pg_temp.figure())
  ON CONFLICT DO NOTHING;
END;

CREATE FUNCTION pg_temp.insert_vault_state(v integer, t timestamptz) RETURNS void LANGUAGE sql
BEGIN ATOMIC
  INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value, apy)
  SELECT v, t, pg_temp.figure(), pg_temp.figure(), pg_temp.figure(),
         CASE WHEN collateral_type = 1 THEN NULL ELSE pg_temp.figure() / 1e9 END
    FROM snapshot.vault WHERE vault_id = v
  ON CONFLICT DO NOTHING;
END;

-- One write of a kind drawn at random: what it was, for the test's description.
CREATE FUNCTION pg_temp.write_one() RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  kind integer := floor(random() * 11);
  c snapshot.chain := pg_temp.some_chain();
  v integer := (SELECT vault_id FROM snapshot.vault ORDER BY random() LIMIT 1);
  t timestamptz := pg_temp.some_time();
BEGIN
  CASE kind
    WHEN 0 THEN  -- the newest snapshot of a chain
      PERFORM pg_temp.insert_chain_state(c, (SELECT max(taken_at) FROM snapshot.chain_state) + interval '5 minutes');
      RETURN 'newest ' || c;
    WHEN 1 THEN  -- a late row
      PERFORM pg_temp.insert_chain_state(c, t);
      RETURN 'late ' || c;
    WHEN 2 THEN  -- a backfill: hourly rows, newest first, a statement each
      FOR h IN REVERSE 3..0 LOOP
        PERFORM pg_temp.insert_chain_state(c, t - h * interval '1 hour');
      END LOOP;
      RETURN 'backfill ' || c;
    WHEN 3 THEN  -- a reorganisation rewrites a row's figures
      UPDATE snapshot.chain_state SET coin_supply = pg_temp.figure(), earn_tvl = pg_temp.figure()
       WHERE (chain, taken_at) = (SELECT chain, taken_at FROM snapshot.chain_state ORDER BY random() LIMIT 1);
      RETURN 'rewritten';
    WHEN 4 THEN  -- or removes it
      DELETE FROM snapshot.chain_state
       WHERE (chain, taken_at) = (SELECT chain, taken_at FROM snapshot.chain_state ORDER BY random() LIMIT 1);
      RETURN 'removed';
    WHEN 5 THEN
      PERFORM pg_temp.insert_vault_state(v, t);
      RETURN 'vault state ' || v;
    WHEN 6 THEN  -- a Vault added, with states of its own
      INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address, min_collateral_ratio,
                                  stability_fee, debt_ceiling, dust)
      SELECT chain, 'NEW-' || (SELECT count(*) FROM snapshot.vault), 3, contract_address, 1, 0, pg_temp.figure(), 0
        FROM snapshot.vault WHERE chain <> 'tron' ORDER BY random() LIMIT 1
      RETURNING vault_id INTO v;
      PERFORM pg_temp.insert_vault_state(v, t);
      PERFORM pg_temp.insert_vault_state(v, pg_temp.some_time());
      RETURN 'vault added ' || v;
    WHEN 7 THEN  -- a Vault's states removed
      DELETE FROM snapshot.vault_state WHERE vault_id = v;
      RETURN 'vault states removed ' || v;
    WHEN 8 THEN  -- a Bark of tron's TRX-A, at any time of the fixture's days
      INSERT INTO snapshot.bark (chain, block_number, log_index, block_hash, block_time, tx_hash, vault_id, urn,
                                 collateral, art, due, clipper, sale_id)
      SELECT 'tron', 1 + max(block_number), 0, '0x' || repeat('ab', 32), t, '0x' || repeat('cd', 32), 1,
             'TBt5ZA9nNSTvSPRRqtNUxBMMjhWkcuLWCM', pg_temp.figure(), pg_temp.figure(), pg_temp.figure(),
             'TCk1pperTRXaAAAAAAAAAAAAAAAAAAAAAA', 1 + max(sale_id)
        FROM snapshot.bark WHERE chain = 'tron';
      RETURN 'bark';
    WHEN 9 THEN  -- a take of one of tron's auctions, which may end it uncovered
      INSERT INTO snapshot.clip_event (chain, block_number, log_index, block_hash, block_time, tx_hash, clipper, sale_id,
                                       kind, price, max_price, owe, tab, lot)
      SELECT 'tron', (SELECT 1 + max(block_number) FROM snapshot.clip_event WHERE chain = 'tron'), 0, '0x' || repeat('ab', 32), t,
             '0x' || repeat('cd', 32), clipper, sale_id, 'take', 1, 1, pg_temp.figure(), pg_temp.figure(),
             CASE WHEN random() < 0.5 THEN 0 ELSE pg_temp.figure() END
        FROM snapshot.bark WHERE chain = 'tron' ORDER BY random() LIMIT 1;
      RETURN 'take';
    ELSE  -- a Clipper event removed (a reorganisation)
      DELETE FROM snapshot.clip_event
       WHERE (chain, block_number, log_index) = (SELECT chain, block_number, log_index FROM snapshot.clip_event
                                                  ORDER BY random() LIMIT 1);
      RETURN 'clip event removed';
  END CASE;
END
$$;

-- Every history answer, compacted, one per line.
CREATE FUNCTION pg_temp.histories() RETURNS text LANGUAGE sql
RETURN (SELECT string_agg(answer, E'\n' ORDER BY answer) FROM (
          SELECT '6.8 ' || pg_temp.payload('api.apy_overview')
          UNION ALL SELECT '6.9 ' || pg_temp.history_payload('api.supply_value_history')
          UNION ALL SELECT '6.10 ' || pg_temp.history_payload('api.collateral_value_history')
          UNION ALL SELECT concat_ws(' ', '6.13', chain, "interval", pg_temp.compact(data::text))
                      FROM api.collateral_history
          UNION ALL SELECT concat_ws(' ', 'vault', chain, "vaultType", "interval", pg_temp.compact(data::text))
                      FROM api.vault_history
          UNION ALL SELECT concat_ws(' ', '6.21', chain, "interval", payload) FROM api.liquidation_totals) AS a(answer));

-- The kept points that are not json_build_object of their row, compacted: none expected.
CREATE FUNCTION pg_temp.points_unlike_their_rows() RETURNS bigint LANGUAGE sql
RETURN (SELECT count(*) FROM derived.hourly_figures AS h
         WHERE h.history_point <> pg_temp.compact(json_build_object(
                 'statisticTime', h.statistic_time, 'time', derived.utc8_text(h.at),
                 'collateralValue', trim_scale(h.collateral_value), 'debt', trim_scale(h.debt),
                 'mintedCOIN', trim_scale(h.minted), 'coinTotalSupply', trim_scale(h.coin_supply),
                 'totalSupplyValue', trim_scale(h.supply_value), 'earnTvl', trim_scale(h.earn_tvl),
                 'earnApy', trim_scale(h.earn_apy))::text))
     + (SELECT count(*) FROM derived.hourly_vault_figures AS h JOIN snapshot.vault AS v USING (vault_id)
         WHERE h.history_point_head || to_json(trim_scale(v.debt_ceiling)::text) || h.history_point_tail
               <> pg_temp.compact(json_build_object(
                    'statisticTime', h.statistic_time, 'time', derived.utc8_text(h.at),
                    'mintedCOIN', trim_scale(h.minted), 'debt', trim_scale(h.debt),
                    'lockedValue', trim_scale(h.locked_value), 'collateralRatio', trim_scale(h.collateral_ratio),
                    'line', trim_scale(v.debt_ceiling)::text, 'apy', trim_scale(h.apy))::text));

-- Each answer's kept_key and its kept parts' md5, by answer (6.13, vault-history and 6.21): what
-- the publisher would hold.
CREATE FUNCTION pg_temp.kept_parts() RETURNS jsonb LANGUAGE sql
RETURN (SELECT jsonb_object_agg(answer, jsonb_build_array(kept_key, md5(kept))) FROM (
          SELECT concat_ws(' ', '6.13', chain, "interval"), kept_key, kept FROM api.collateral_history
          UNION ALL SELECT concat_ws(' ', 'vault', chain, "vaultType", "interval"), kept_key, kept
                      FROM api.vault_history
          UNION ALL SELECT concat_ws(' ', '6.21', chain, "interval"), kept_key, kept::text
                      FROM api.liquidation_totals) AS a(answer, kept_key, kept));

-- The answers of `after` whose kept_key is the one `before` gives and whose kept part is not.
CREATE FUNCTION pg_temp.stale_kept_parts(before jsonb, after jsonb) RETURNS text LANGUAGE sql
RETURN (SELECT string_agg(b.key, ', ') FROM jsonb_each(before) AS b JOIN jsonb_each(after) AS a USING (key)
         WHERE b.value ->> 0 = a.value ->> 0 AND b.value ->> 1 <> a.value ->> 1);

-- Each sequence is undone when checked (a subtransaction rolled back), so the next starts from
-- the fixture again; what it found is kept in variables, which a rollback does not touch.
CREATE FUNCTION pg_temp.sequences(count integer) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  writes text;
  kept text;
  rebuilt text;
  unlike bigint;
  parts jsonb;
  stale text;
BEGIN
  FOR i IN 1..count LOOP
    BEGIN
      parts := pg_temp.kept_parts();
      SELECT string_agg(pg_temp.write_one(), ', ') INTO writes FROM generate_series(1, 1 + floor(random() * 6)::integer);
      stale := pg_temp.stale_kept_parts(parts, pg_temp.kept_parts());
      kept := pg_temp.histories();
      unlike := pg_temp.points_unlike_their_rows();
      PERFORM derived.refresh_hourly_figures('-infinity');
      rebuilt := pg_temp.histories();
      RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'undone';
    EXCEPTION WHEN SQLSTATE 'P0001' THEN
    END;
    RETURN NEXT ok(kept = rebuilt AND unlike = 0 AND stale IS NULL,
                   format('sequence %s (%s): every history as a full recompute gives it, each kept part '
                          'the same while its kept_key is', i, writes));
    IF kept <> rebuilt OR unlike <> 0 OR stale IS NOT NULL THEN
      RETURN NEXT diag(format('%s points unlike their rows; kept parts changed under the same kept_key: %s; '
                              'kept:%s%s%srebuilt:%s%s', unlike, stale, E'\n', kept, E'\n', E'\n', rebuilt));
    END IF;
  END LOOP;
END
$$;

SELECT * FROM pg_temp.sequences(:sequences);

-- The fixture's own points are kept too (the sequences above start from them).
SELECT is(pg_temp.points_unlike_their_rows(), 0::bigint, 'every kept point of the fixture is its row');

-- What moves a kept_key, by hand: the newest snapshot is tron's of 08:00 UTC+8, the live point
-- of every window, whose last kept grid point is then 07:00. One of 08:20 adds the grid point of
-- 08:00 (the hourly windows move on); one of 08:40 moves the live points alone.
SELECT pg_temp.insert_chain_state('eth', '2026-05-13 08:20+08');
CREATE TEMP TABLE keys_of_08_20 AS SELECT pg_temp.kept_parts() AS parts;
SELECT pg_temp.insert_chain_state('eth', '2026-05-13 08:40+08');
SELECT is((SELECT count(*) FROM jsonb_each(parts) AS b JOIN jsonb_each(pg_temp.kept_parts()) AS a USING (key)
            WHERE a.value = b.value), (SELECT count(*) FROM jsonb_each(parts)),
          'a snapshot later in the same hour leaves every kept_key and kept part')
  FROM keys_of_08_20;
-- The answers whose kept_key `before` and now differ, in order.
CREATE FUNCTION pg_temp.moved_keys(before jsonb) RETURNS text[] LANGUAGE sql
RETURN (SELECT array_agg(b.key ORDER BY b.key) FROM jsonb_each(before) AS b
          JOIN jsonb_each(pg_temp.kept_parts()) AS a USING (key) WHERE a.value ->> 0 <> b.value ->> 0);
-- One of 09:05 adds the grid point of 09:00 (hours past every row of the hourly tables): eth's
-- hourly windows move on, its daily windows and the other chains' windows keep their keys.
SELECT pg_temp.insert_chain_state('eth', '2026-05-13 09:05+08');
SELECT is(pg_temp.moved_keys(parts),
          ARRAY['6.13 eth WEEKLY', '6.21 eth WEEKLY', 'vault eth PSM-USDT-A WEEKLY', 'vault eth SA-USDT-A WEEKLY',
                'vault eth WBTC-A WEEKLY'],
          'a snapshot of the next hour moves the kept_key of its chain''s hourly windows alone')
  FROM keys_of_08_20;
CREATE TEMP TABLE keys_of_09_05 AS SELECT pg_temp.kept_parts() AS parts;
-- One of 00:05 the next day adds the daily point of 00:00 too: every window of eth moves on.
SELECT pg_temp.insert_chain_state('eth', '2026-05-14 00:05+08');
SELECT is(pg_temp.moved_keys(parts),
          (SELECT array_agg(a || ' ' || w ORDER BY a || ' ' || w)
             FROM unnest(ARRAY['6.13 eth', '6.21 eth', 'vault eth PSM-USDT-A', 'vault eth SA-USDT-A', 'vault eth WBTC-A']) AS a,
                  unnest(ARRAY['WEEKLY', 'MONTHLY', 'BIANNUAL', 'ANNUAL']) AS w),
          'a snapshot past 00:00 UTC+8 moves the kept_key of every window of its chain')
  FROM keys_of_09_05;
CREATE TEMP TABLE keys_of_00_05 AS SELECT pg_temp.kept_parts() AS parts;
-- A late one of tron at 06:30, before its 08:00 one, rewrites tron's point of 07:00 (the
-- generation): every kept_key moves.
SELECT pg_temp.insert_chain_state('tron', '2026-05-13 06:30+08');
SELECT is(cardinality(pg_temp.moved_keys(parts)), (SELECT count(*)::integer FROM jsonb_object_keys(parts)),
          'a late snapshot that rewrites a grid point moves every kept_key')
  FROM keys_of_00_05;

CREATE TEMP TABLE keys_of_06_30 AS SELECT pg_temp.kept_parts() AS parts;
-- One of eth at 22:30 on 05-10, before the first snapshot of all (eth's of 05-11 00:00), adds the
-- grid point of 23:00 before every other row and rewrites none: eth's hourly window holds it,
-- its first grid point the same.
SELECT pg_temp.insert_chain_state('eth', '2026-05-10 22:30+08');
SELECT isnt(pg_temp.kept_parts() #>> '{6.13 eth WEEKLY,1}', parts #>> '{6.13 eth WEEKLY,1}',
            'a snapshot older than every other adds a point to its chain''s hourly window')
  FROM keys_of_06_30;
SELECT is(pg_temp.stale_kept_parts(parts, pg_temp.kept_parts()), NULL,
          'and moves the kept_key of every answer whose kept part it changed')
  FROM keys_of_06_30;

-- autovacuum visits the hourly tables every thousand rows written or changed, so that the kept
-- points' index-only scans find their pages marked visible.
SELECT is((SELECT array_agg(c.relname || ' ' || o.option ORDER BY c.relname, o.option)
             FROM pg_class AS c CROSS JOIN unnest(c.reloptions) AS o(option)
            WHERE c.oid IN ('derived.hourly_figures'::regclass, 'derived.hourly_vault_figures'::regclass)),
          ARRAY['hourly_figures autovacuum_vacuum_insert_scale_factor=0',
                'hourly_figures autovacuum_vacuum_insert_threshold=1000',
                'hourly_figures autovacuum_vacuum_scale_factor=0',
                'hourly_figures autovacuum_vacuum_threshold=1000',
                'hourly_vault_figures autovacuum_vacuum_insert_scale_factor=0',
                'hourly_vault_figures autovacuum_vacuum_insert_threshold=1000',
                'hourly_vault_figures autovacuum_vacuum_scale_factor=0',
                'hourly_vault_figures autovacuum_vacuum_threshold=1000'],
          'the hourly tables are vacuumed after a thousand rows written or changed');

SELECT * FROM finish();
ROLLBACK;
