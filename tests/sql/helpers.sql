-- Helpers the SQL tests share: temporary functions, loaded inside a test's transaction after
-- the fixture (\ir helpers.sql). Not a test itself: pg_prove runs *.test.sql only.
--
-- The handlers send row_to_json of a view's one row (6.1-6.8, 6.11, 6.14), json_agg of a
-- history's rows ordered by "statisticTime" (6.9, 6.10) or the column data of the row of the
-- parameters (6.12, 6.13), and the C++ side removes the whitespace between JSON tokens. The
-- payload functions below do the same, so a test on their text asserts the exact payload a
-- client receives: key order, every digit, numbers vs strings, nulls.

-- doc without the whitespace between JSON tokens (what is inside a string stays).
CREATE FUNCTION pg_temp.compact(doc text) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN regexp_replace(doc, '("(?:[^"\\]|\\.)*")|\s+', '\1', 'g');

-- The payload of an endpoint without parameters; an error unless its view has exactly one row.
CREATE FUNCTION pg_temp.payload(view regclass) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  doc text;
BEGIN
  EXECUTE format('SELECT pg_temp.compact(row_to_json(v)::text) FROM %s AS v', view) INTO STRICT doc;
  RETURN doc;
END
$$;

-- The payload of a history (6.9, 6.10): its view's rows in time order, [] without any.
CREATE FUNCTION pg_temp.history_payload(view regclass) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  doc text;
BEGIN
  EXECUTE format('SELECT pg_temp.compact(coalesce(json_agg(v ORDER BY "statisticTime"), ''[]'')::text)
                    FROM %s AS v', view) INTO doc;
  RETURN doc;
END
$$;

-- The payloads of 6.12 and 6.13 for their parameters.
CREATE FUNCTION pg_temp.latest_collateral(c text) RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(data::text) FROM api.latest_collateral WHERE chain = c);
CREATE FUNCTION pg_temp.collateral_history(c text, i text) RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(data::text) FROM api.collateral_history
         WHERE chain = c AND "interval" = i);

-- Every key of a JSON object with its type, in order: 'key:type,key:type,...'.
CREATE FUNCTION pg_temp.shape(doc json) RETURNS text LANGUAGE sql
RETURN (SELECT string_agg(key || ':' || json_typeof(value), ',' ORDER BY n)
          FROM json_each(doc) WITH ORDINALITY AS e(key, value, n));

-- The JSON types of the elements of the array `field` in every row of `view`, each once.
CREATE FUNCTION pg_temp.element_types(view regclass, field text) RETURNS text[]
LANGUAGE plpgsql AS $$
DECLARE
  types text[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT json_typeof(e))
                    FROM %s AS v, json_array_elements(row_to_json(v)->%L) AS c(e)', view, field)
    INTO types;
  RETURN types;
END
$$;
