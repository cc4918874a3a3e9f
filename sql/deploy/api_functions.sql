-- Deploy coin_api:api_functions to pg
-- The functions every answer can be passed through, whatever its endpoint: api.points_between
-- (the points of a time range: from and to) and api.csv (a payload's rows as CSV: format=csv),
-- and api.chains, the chains in the spec's order, which api.csv names its per-chain columns by.
-- They are in api because the handlers call them as coin_api, which has no USAGE on snapshot
-- or derived; coin_api's EXECUTE on them is granted in privileges.

BEGIN;

-- snapshot.chain's labels, in its order (the spec's, 2.2 rule 6). A SQL-standard body is
-- parsed when the function is created, so the type is found then, as its owner: coin_api calls
-- it without USAGE on snapshot, which api.csv's PL/pgSQL, parsed as the caller, would need.
CREATE FUNCTION api.chains() RETURNS text[]
LANGUAGE sql STABLE PARALLEL SAFE
RETURN enum_range(NULL::snapshot.chain)::text[];
COMMENT ON FUNCTION api.chains() IS
  'The chains, snapshot.chain''s labels in its order (tron, eth, bsc): the order of every per-chain array';

-- Walks the payload as json, never jsonb, which would rewrite numbers (1e5 as 100000): json's
-- operators return a value's text as written, and json_agg / json_object_agg of json values
-- copy it. Only a container whose text names statisticTime more often than its own key does
-- (or holds a \u escape, which could spell the key) can lose an element, so only such a one is
-- taken apart: a point's own fields are copied whole, and a flat array of points costs one
-- parse of each point (for its statisticTime) and one aggregate.
CREATE FUNCTION api.points_between(doc json, from_ms bigint, to_ms bigint) RETURNS json
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  CASE json_typeof(doc)
    WHEN 'array' THEN
      RETURN coalesce(
        (SELECT json_agg(CASE WHEN left(x.t, 1) IN ('{', '[')
                                   AND (CASE WHEN x.own IS NULL THEN strpos(x.t, 'statisticTime') > 0
                                             ELSE x.t LIKE '%statisticTime%statisticTime%' END
                                        OR strpos(x.t, '\u') > 0)
                              THEN api.points_between(x.e, from_ms, to_ms)
                              ELSE x.e END
                         ORDER BY x.n)
           FROM (SELECT a.e, a.n, a.e::text AS t,
                        (a.e -> 'statisticTime')::text AS own  -- its JSON text; null without one
                   FROM json_array_elements(doc) WITH ORDINALITY AS a(e, n)
                 OFFSET 0  -- once per element, not once per use below
                ) AS x
          -- kept: no statisticTime, or not a number (a JSON number starts with - or a digit), or
          -- one in the range
          WHERE x.own IS NULL OR left(x.own, 1) NOT IN ('-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9')
             OR x.own::numeric BETWEEN coalesce(from_ms, '-Infinity'::numeric)
                                   AND coalesce(to_ms, 'Infinity'::numeric)),
        '[]');
    WHEN 'object' THEN
      -- A value is never removed itself, only elements of the arrays in it.
      RETURN coalesce(
        (SELECT json_object_agg(o.key,
                                CASE WHEN left(o.t, 1) IN ('{', '[')
                                          AND (strpos(o.t, 'statisticTime') > 0 OR strpos(o.t, '\u') > 0)
                                     THEN api.points_between(o.value, from_ms, to_ms)
                                     ELSE o.value END
                                ORDER BY o.n)
           FROM (SELECT e.key, e.value, e.n, e.value::text AS t
                   FROM json_each(doc) WITH ORDINALITY AS e(key, value, n)) AS o),
        '{}');
    ELSE
      RETURN doc;
  END CASE;
END
$$;
COMMENT ON FUNCTION api.points_between(json, bigint, bigint) IS
  'doc without the points outside [from_ms, to_ms] (epoch ms, both included; a null bound is '
  'open): every array element, at any depth, that is an object whose statisticTime is a number '
  'outside the range is removed (an emptied array stays []); everything else, key order and the '
  'text of every number and string, is kept as it is';

-- The rows are read by json_to_record, one parse of each row for all its fields (a field's
-- text as written, as above), with a column list made from columns: hence the dynamic query.
-- STABLE, not IMMUTABLE: the chains it names its columns by are the enum's as it stands (a
-- deploy may add one).
CREATE FUNCTION api.csv(doc json, row_path text[], columns text[]) RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  header text;      -- the header row
  fields text;      -- json_to_record's column list: every field a column reads, once
  value_list text;  -- per output column, its JSON value in the row (v1, v2, ...)
  text_list text;   -- per output column, its text (t1, t2, ...)
  line text;        -- the expression of a row's line from t1, t2, ...
  body text;
BEGIN
  -- A field is a column of json_to_record's: a name of 1 to 63 bytes (NAMEDATALEN).
  IF EXISTS (SELECT FROM unnest(columns) AS c(name)
              WHERE coalesce(octet_length(CASE WHEN c.name LIKE '%[]' THEN left(c.name, -2) ELSE c.name END), 0)
                    NOT BETWEEN 1 AND 63) THEN
    RAISE EXCEPTION 'api.csv: every column must name a field of 1 to 63 bytes: %', columns;
  END IF;
  WITH output_column AS (
    -- A name ending in [] is an array of one element per chain, in api.chains' order.
    SELECT row_number() OVER (ORDER BY c.n, x.i) AS n, x.header, x.field, x.element
      FROM unnest(columns) WITH ORDINALITY AS c(name, n)
     CROSS JOIN LATERAL (
             SELECT ch.i, left(c.name, -2) || '_' || ch.chain, left(c.name, -2), ch.i - 1
               FROM unnest(api.chains()) WITH ORDINALITY AS ch(chain, i)
              WHERE c.name LIKE '%[]'
             UNION ALL
             SELECT 0, c.name, c.name, NULL
              WHERE c.name NOT LIKE '%[]'
           ) AS x(i, header, field, element)
  )
  SELECT string_agg(CASE WHEN c.header ~ '[",\r\n]' THEN '"' || replace(c.header, '"', '""') || '"'
                         ELSE c.header END, ',' ORDER BY c.n),
         (SELECT string_agg(format('%I json', f.field), ', ')
            FROM (SELECT DISTINCT o.field FROM output_column AS o) AS f),
         -- A field the row lacks (absent, not null) is its nearest enclosing object's (6.8's
         -- chain); r.field is null for both.
         string_agg(format('(coalesce(r.%1$I, CASE WHEN w.node -> %2$L IS NULL THEN
                              (SELECT o.node -> %2$L FROM unnest(w.enclosing) WITH ORDINALITY AS o(node, k)
                                WHERE o.node -> %2$L IS NOT NULL ORDER BY o.k LIMIT 1) END)%3$s) AS v%4$s',
                           c.field, c.field, ' -> ' || c.element, c.n), ', ' ORDER BY c.n),
         string_agg(format($f$CASE json_typeof(v%1$s) WHEN 'string' THEN v%1$s #>> '{}'
                                                     WHEN 'null' THEN '' ELSE v%1$s::text END AS t%1$s$f$,
                           c.n), ', ' ORDER BY c.n),
         string_agg(format($f$CASE WHEN t%1$s ~ '[",\r\n]' THEN '"' || replace(t%1$s, '"', '""') || '"'
                                   ELSE coalesce(t%1$s, '') END$f$, c.n), $f$ || ',' || $f$ ORDER BY c.n)
    INTO header, fields, value_list, text_list, line
    FROM output_column AS c;

  IF header IS NULL THEN  -- no column at all: an empty header row, and an empty line per row
    header := '';
    fields := 'no_column json';
    value_list := 'NULL AS no_value';
    text_list := 'NULL AS no_text';
    line := $f$''$f$;
  END IF;

  EXECUTE format($q$
    WITH RECURSIVE
    -- The rows: the elements of doc (row_path {}), of doc->p1 ({p1}), of each of those
    -- elements' ->p2 ({p1,p2}) and so on. enclosing: the objects around a row, the nearest
    -- first, each without the array it leads to (which would be copied to every row).
    walk(depth, node, enclosing, position) AS (
      SELECT 0, $1, ARRAY[]::json[], ARRAY[]::bigint[]
      UNION ALL
      SELECT w.depth + 1, e.value,
             CASE WHEN s.around IS NULL THEN w.enclosing ELSE array_prepend(s.around, w.enclosing) END,
             w.position || e.n
        FROM walk AS w
       CROSS JOIN LATERAL (
               SELECT (array_agg(j.value ORDER BY j.n) FILTER (WHERE j.key = $2[w.depth + 1]))[1],
                      json_object_agg(j.key, j.value ORDER BY j.n) FILTER (WHERE j.key <> $2[w.depth + 1])
                 FROM json_each(CASE WHEN cardinality($2) > 0 AND json_typeof(w.node) = 'object'
                                     THEN w.node ELSE '{}' END) WITH ORDINALITY AS j(key, value, n)
             ) AS s(list, around)
       CROSS JOIN LATERAL json_array_elements(
               CASE WHEN cardinality($2) = 0 AND json_typeof(w.node) = 'array' THEN w.node
                    WHEN json_typeof(s.list) = 'array' THEN s.list
                    ELSE '[]' END) WITH ORDINALITY AS e(value, n)
       WHERE w.depth < greatest(cardinality($2), 1)
    )
    SELECT string_agg(%s || E'\r\n', '' ORDER BY t.position)
      FROM (SELECT v.position, %s
              FROM (SELECT w.position, %s
                      FROM walk AS w,
                           json_to_record(CASE WHEN json_typeof(w.node) = 'object' THEN w.node ELSE '{}' END)
                             AS r(%s)
                     WHERE w.depth = greatest(cardinality($2), 1)
                    OFFSET 0) AS v  -- each value once, not once per use
            OFFSET 0) AS t
  $q$, line, text_list, value_list, fields)
  INTO body USING doc, row_path;

  RETURN header || E'\r\n' || coalesce(body, '');
END
$$;
COMMENT ON FUNCTION api.csv(json, text[], text[]) IS
  'The rows of a payload as RFC 4180 CSV: a header row of the column names, then a line per row, '
  'each ending CRLF. row_path names the array of rows: {} doc itself, {items} doc->items, '
  '{items,items} the items of each of doc''s items (a field a row lacks is taken from the nearest '
  'object around it: 6.8''s chain). A column is a field of the row; name[] is an array of one '
  'element per chain in api.chains() order, the columns name_tron, name_eth, name_bsc. A string is '
  'sent unescaped, a number as its JSON text, true/false as such, null or a missing field empty; '
  'a field holding a comma, a double quote, CR or LF is quoted, its double quotes doubled';

COMMIT;
