-- What coin_api, the handlers' role, calls when it reads the api: every function of api, and every
-- function of snapshot or derived an api view calls as its reader. A view runs with its owner's
-- rights on tables but not on functions, so the reader needs EXECUTE on what a view's rule refers
-- to, and on what a function that is not SECURITY DEFINER refers to, views and functions, until
-- nothing new is found (a SECURITY DEFINER function calls as its owner). Loaded by
-- privileges.test.sql and upgrade_step.sql; not a test itself (pg_prove runs *.test.sql only).
CREATE FUNCTION pg_temp.reader_calls() RETURNS SETOF regprocedure LANGUAGE sql AS $$
  WITH RECURSIVE used(oid, catalog) AS (
    SELECT c.oid, 'pg_class'::regclass FROM pg_class c WHERE c.relnamespace = 'api'::regnamespace
    UNION
    SELECT d.refobjid, d.refclassid
      FROM used u
      JOIN pg_depend d
        ON CASE u.catalog
             WHEN 'pg_class'::regclass THEN d.classid = 'pg_rewrite'::regclass
                  AND d.objid IN (SELECT r.oid FROM pg_rewrite r WHERE r.ev_class = u.oid)
             ELSE d.classid = 'pg_proc'::regclass AND d.objid = u.oid
                  AND NOT (SELECT p.prosecdef FROM pg_proc p WHERE p.oid = u.oid)
           END
     WHERE d.refclassid = 'pg_proc'::regclass
        OR d.refclassid = 'pg_class'::regclass
           AND (SELECT c.relkind FROM pg_class c WHERE c.oid = d.refobjid) = 'v')
  SELECT u.oid::regprocedure FROM used u
    JOIN pg_proc p ON p.oid = u.oid
   WHERE u.catalog = 'pg_proc'::regclass
     AND p.pronamespace IN ('snapshot'::regnamespace, 'derived'::regnamespace)
  UNION
  SELECT p.oid::regprocedure FROM pg_proc p WHERE p.pronamespace = 'api'::regnamespace
$$;
