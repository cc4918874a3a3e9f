// An endpoint that names the snapshot tables its answers read (Endpoint::tables) reads those and
// no other: the publisher keeps its answers through a write to any other table, so a view or
// function changed to read one more would go stale unless its `tables` say so. What a view or
// function reads is found by walking the database's own record of it: a view's rule, a
// function's SQL-standard body (pg_depend), and the names a function's body text gives (a
// PL/pgSQL body is not recorded), down to the tables; but not into derived.read_by_round, which
// only an answer at a past time calls (derived.read_then), never one the publisher renders.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "shared/endpoints.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

// The tables, materialized views and foreign tables the api view or function `object`
// ("api.running_auctions") reads, through views and functions: "schema.name" joined by ",", in
// name order.
std::string tables_read(std::string_view object) {
  const std::string sql = R"(
    WITH RECURSIVE node(cls, id) AS (
      SELECT 'pg_class'::regclass, to_regclass(s.name)::oid FROM start AS s WHERE to_regclass(s.name) IS NOT NULL
      UNION ALL
      SELECT 'pg_proc'::regclass, p.oid FROM pg_proc AS p, start AS s
       WHERE p.pronamespace::regnamespace::text = split_part(s.name, '.', 1)
         AND p.proname = split_part(s.name, '.', 2)
    UNION
      SELECT e.cls, e.id
        FROM node AS n
       CROSS JOIN LATERAL (
         SELECT d.refclassid::regclass, d.refobjid
           FROM pg_rewrite AS r JOIN pg_depend AS d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
          WHERE n.cls = 'pg_class'::regclass AND r.ev_class = n.id AND d.refobjid <> n.id
            AND d.refclassid IN ('pg_class'::regclass, 'pg_proc'::regclass)
         UNION ALL
         SELECT d.refclassid::regclass, d.refobjid
           FROM pg_depend AS d
          WHERE n.cls = 'pg_proc'::regclass AND d.classid = 'pg_proc'::regclass AND d.objid = n.id
            AND d.refclassid IN ('pg_class'::regclass, 'pg_proc'::regclass)
         UNION ALL
         SELECT named.cls, named.id
           FROM pg_proc AS p
          CROSS JOIN regexp_matches(p.prosrc, '\m([a-z_]+)\.([a-z_0-9]+)\M', 'g') AS m
          CROSS JOIN LATERAL (SELECT 'pg_class'::regclass, c.oid FROM pg_class AS c
                               WHERE c.relnamespace::regnamespace::text = m[1] AND c.relname = m[2]
                              UNION ALL
                              SELECT 'pg_proc'::regclass, q.oid FROM pg_proc AS q
                               WHERE q.pronamespace::regnamespace::text = m[1] AND q.proname = m[2]) AS named(cls, id)
          WHERE n.cls = 'pg_proc'::regclass AND p.oid = n.id) AS e(cls, id)
       -- what only an answer at a past time reads: the publisher renders those of now
       WHERE NOT (e.cls = 'pg_proc'::regclass
                  AND e.id = 'derived.read_by_round(snapshot.chain, bigint, timestamptz)'::regprocedure)),
    start(name) AS (SELECT ')" + std::string(object) + R"('::text)
    SELECT string_agg(t.name, ',' ORDER BY t.name COLLATE "C")
      FROM (SELECT DISTINCT c.relnamespace::regnamespace || '.' || c.relname AS name
              FROM node AS n JOIN pg_class AS c ON n.cls = 'pg_class'::regclass AND c.oid = n.id
             WHERE c.relkind IN ('r', 'p', 'm', 'f')) AS t)";
  std::string read = fixture_stack().query("postgres", sql);
  while (!read.empty() && read.back() == '\n') read.pop_back();
  return read;
}

// The walk itself, on what was worked out by hand from sql/deploy: 6.1 reads the chains'
// snapshots alone; 6.22 an auction's Bark, its Clipper's events, its newest getStatus and its
// Vault type's name (asked at a past time, the block each chain's round had read too:
// derived.read_by_round, which the walk leaves out).
TEST(ReadTables, TheWalkFindsTheTablesBehindViewsAndFunctions) {
  EXPECT_EQ(tables_read("api.total_supply"), "snapshot.chain_state");
  EXPECT_EQ(tables_read("api.running_auctions"),
            "snapshot.auction_status,snapshot.bark,snapshot.clip_event,snapshot.vault");
}

TEST(ReadTables, AnEndpointThatNamesItsTablesReadsThoseAlone) {
  int named = 0;
  for (const Endpoint& endpoint : endpoints()) {
    if (endpoint.tables.empty()) continue;
    ++named;
    std::vector<std::string> qualified;
    for (std::string_view table : endpoint.tables) qualified.push_back("snapshot." + std::string(table));
    std::sort(qualified.begin(), qualified.end());
    std::string expected;
    for (const std::string& table : qualified) expected += (expected.empty() ? "" : ",") + table;
    EXPECT_EQ(tables_read(endpoint.view), expected) << endpoint.spec << " " << endpoint.view;
  }
  EXPECT_GT(named, 0);
}

}  // namespace
}  // namespace coin::e2e
