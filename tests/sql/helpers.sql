-- Helpers the SQL tests share: temporary functions, loaded inside a test's transaction after
-- the fixture (\ir helpers.sql). Not a test itself: pg_prove runs *.test.sql only.
--
-- The handlers send row_to_json of a view's one row (6.1-6.7, 6.11, 6.14), json_agg of a
-- history's rows ordered by "statisticTime" (6.9, 6.10), the column data of the row of the
-- parameters (6.12) or the column payload (6.8, and 6.13's row), and the C++ side removes the
-- whitespace between JSON tokens. The payload functions below do the same, so a test on their
-- text asserts the exact payload a client receives: key order, every digit, numbers vs strings,
-- nulls.

-- doc without the whitespace between JSON tokens (what is inside a string stays).
CREATE FUNCTION pg_temp.compact(doc text) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN regexp_replace(doc, '("(?:[^"\\]|\\.)*")|\s+', '\1', 'g');

-- The payload of an endpoint without parameters: its view's column payload where it has one (6.8:
-- its row as JSON text), else row_to_json of its row; an error unless the view has exactly one row.
CREATE FUNCTION pg_temp.payload(view regclass) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  doc text;
BEGIN
  EXECUTE format(CASE WHEN EXISTS (SELECT FROM pg_attribute
                                    WHERE attrelid = view AND attname = 'payload' AND NOT attisdropped)
                      THEN 'SELECT pg_temp.compact(v.payload) FROM %s AS v'
                      ELSE 'SELECT pg_temp.compact(row_to_json(v)::text) FROM %s AS v' END, view)
    INTO STRICT doc;
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

-- ---------------------------------------------------------------------------------------------
-- Expected answers that hold when a chain or a field is added. The fixture has rows of tron, eth
-- and bsc; the chains are the enum snapshot.chain's, so a chain added to it is one without
-- rows here, and a field added to an answer is asserted by the OpenAPI document's example of it
-- (the e2e tests check every example of the fixture against the live answer).

-- The enum's chains the fixture has no row of, in order.
CREATE FUNCTION pg_temp.other_chains() RETURNS text[] LANGUAGE sql
RETURN (SELECT coalesce(array_agg(c ORDER BY n), '{}')
          FROM unnest(enum_range(NULL::snapshot.chain)::text[]) WITH ORDINALITY AS u(c, n)
         WHERE c NOT IN ('tron', 'eth', 'bsc'));

-- `template` once per other chain (%s its label), joined: what an answer adds for each, e.g.
-- pg_temp.for_other_chains(',"0"') inside an array of one element per chain, or
-- pg_temp.for_other_chains(',(''%s'', 0)') in a VALUES list. '' with the fixture's chains only.
CREATE FUNCTION pg_temp.for_other_chains(template text) RETURNS text LANGUAGE sql
RETURN (SELECT coalesce(string_agg(format(template, c), '' ORDER BY n), '')
          FROM unnest(pg_temp.other_chains()) WITH ORDINALITY AS u(c, n));

-- `actual` (JSON text) as `expected` lays it out: the members of each object that `expected`
-- has too, in `actual`'s order with `actual`'s text, at every depth; arrays element by element
-- (all of `actual`'s). Compared with `expected`, it asserts every figure `expected` names and
-- no other: a field added since (or a chain's field, "baseApy") is left to its example.
CREATE FUNCTION pg_temp.as_expected(actual json, expected json) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF json_typeof(actual) = 'object' AND json_typeof(expected) = 'object' THEN
    RETURN '{' || coalesce((SELECT string_agg(to_json(a.key)::text || ':' || pg_temp.as_expected(a.value, e.value),
                                              ',' ORDER BY a.n)
                              FROM json_each(actual) WITH ORDINALITY AS a(key, value, n)
                              JOIN json_each(expected) AS e ON e.key = a.key), '') || '}';
  ELSIF json_typeof(actual) = 'array' AND json_typeof(expected) = 'array' THEN
    RETURN '[' || coalesce((SELECT string_agg(pg_temp.as_expected(a.value, coalesce(e.value, a.value)), ','
                                              ORDER BY a.n)
                              FROM json_array_elements(actual) WITH ORDINALITY AS a(value, n)
                              LEFT JOIN json_array_elements(expected) WITH ORDINALITY AS e(value, n)
                                ON e.n = a.n), '') || ']';
  END IF;
  RETURN pg_temp.compact(actual::text);
END
$$;

-- pgTAP's is() of a payload against the expected text, as as_expected lays the payload out.
CREATE FUNCTION pg_temp.is_payload(payload text, expected text, description text) RETURNS text
LANGUAGE sql
RETURN is(pg_temp.as_expected(payload::json, expected::json), pg_temp.compact(expected), description);
