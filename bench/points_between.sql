-- make bench: api.points_between (sql/deploy/vault_history.sql) on 1,100 points of 6.9's shape
-- (three years of daily points), keeping 801, against its reference: the plainest filter of a
-- flat array (json_array_elements, a WHERE on statisticTime, json_agg), which knows nothing of
-- nesting or of keeping every number's text. Each the best of 20 runs, twice, in the order A B
-- B A. Prints "<points_between ms>|<reference ms>".
CREATE FUNCTION pg_temp.best_ms(filter text) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
  doc json := (SELECT json_agg(json_build_object(
                        'statisticTime', 1700000000000 + i * 86400000::bigint,
                        'coin', json_build_array('123456789.123456789012345678', '876543210.876543210987654322', '250000.5'),
                        'scoin', json_build_array('4999.999999999999999998', '0.000000000000000001', '0')))
                 FROM generate_series(1, 1100) AS i);
  from_ms bigint := 1700000000000 + 100 * 86400000::bigint;
  to_ms bigint := 1700000000000 + 900 * 86400000::bigint;
  started timestamptz;
  best numeric;
  kept json;
BEGIN
  FOR run IN 1..20 LOOP
    started := clock_timestamp();
    IF filter = 'points_between' THEN
      kept := api.points_between(doc, from_ms, to_ms);
    ELSE
      kept := (SELECT json_agg(a.e ORDER BY a.n) FROM json_array_elements(doc) WITH ORDINALITY AS a(e, n)
                WHERE (a.e ->> 'statisticTime')::numeric BETWEEN from_ms AND to_ms);
    END IF;
    best := least(best, extract(epoch FROM clock_timestamp() - started) * 1000);
  END LOOP;
  IF json_array_length(kept) <> 801 THEN
    RAISE 'the % filter kept % points, not 801', filter, json_array_length(kept);
  END IF;
  RETURN best;
END
$$;

SELECT round(least(a1, a2), 2) || '|' || round(least(b1, b2), 2)
  FROM (SELECT pg_temp.best_ms('points_between') AS a1, pg_temp.best_ms('reference') AS b1,
               pg_temp.best_ms('reference') AS b2, pg_temp.best_ms('points_between') AS a2) AS runs;
