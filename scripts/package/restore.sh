#!/usr/bin/env bash
# Restores a backup of scripts/package/backup.sh into an empty database: deploys the schema with
# sqitch (the project in sql/), loads the snapshot rows, computes derived.* from them and tells the
# publisher and the handlers (NOTIFY snapshot_written), all but the deploy in one transaction.
#
# Usage: restore.sh FILE
#   The database comes from libpq's PG* variables (PGHOST, PGDATABASE, PGUSER...), as a
#   superuser: sqitch creates roles, and the load turns the tables' triggers off. Create the
#   database first (createdb). One that holds snapshot rows already is refused, and left as it
#   is. A load that fails writes nothing: the schema stays deployed, and restore.sh may run again.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

file_argument dump "usage: restore.sh FILE (a backup of backup.sh), into the empty database of the PG* variables" "$@"

pg_restore --list "$dump" >/dev/null || die "$dump is not a pg_dump archive (backup.sh)"
# Before the deploy, so that a database refused is not changed at all. A database without the
# schema has no rows; the state tables' rows need rows in these three.
filled=$(psql -qAtX -v ON_ERROR_STOP=1 <<'SQL'
SELECT to_regnamespace('snapshot') IS NOT NULL AS deployed \gset
\if :deployed
  SELECT EXISTS (SELECT FROM snapshot.chain_state) OR EXISTS (SELECT FROM snapshot.vault)
         OR EXISTS (SELECT FROM snapshot.allocator_position);
\else
  SELECT false;
\endif
SQL
)
[ "$filled" = f ] ||
  die "database ${PGDATABASE:-of the PG* variables} holds snapshot rows already: restore into an empty one"

db_deploy
# Triggers off (pg_restore turns them on again at the end): on, they would compute the hourly
# figures once per table loaded; off, they are computed once, after the rows, and the foreign
# keys go unchecked: the rows are one consistent snapshot of a database that checked them.
# COMMIT only once pg_restore has written the whole dump: should it fail half-way (a truncated
# file), psql ends with the transaction open, and nothing is written. Only the snapshot schema's
# rows, so that a pg_dump of the whole database restores alike.
{
  echo 'BEGIN;'
  pg_restore --data-only --schema=snapshot --disable-triggers --file=- "$dump" &&
    echo "SELECT derived.refresh_hourly_figures('-infinity'); NOTIFY snapshot_written; COMMIT;"
} | psql -qX -v ON_ERROR_STOP=1 >/dev/null || die "the restore failed (above); nothing of $dump was written"
