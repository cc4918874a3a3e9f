#!/usr/bin/env bash
# Backs up what nothing else can give back: the rows of the snapshot tables, what the indexer
# read from the chains, with the values of their identity sequences (vault_id, position_id).
# Everything else in the database is code: the sqitch project (sql/) deploys the schemas, the
# api views, the roles and the grants again, and derived.* (the hourly figures and the daily
# materialized views) is computed from the snapshots. scripts/package/restore.sh puts it all back.
#
# Usage: backup.sh FILE
#   The database comes from libpq's PG* variables (PGHOST, PGDATABASE, PGUSER...), as a
#   superuser or the role that deployed it (coin_indexer may not read the sequences). FILE is
#   written in pg_dump's custom format (compressed), from one consistent snapshot of the
#   database, and replaces an earlier FILE only once it is complete.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

file_argument file "usage: backup.sh FILE (the snapshot tables' rows, in pg_dump's custom format)" "$@"

# Into FILE.partial first: a dump that fails half-way never takes the place of a good one.
pg_dump --format=custom --data-only --schema=snapshot --file="$file.partial" ||
  { rm -f "$file.partial"; die "pg_dump failed (above); $file is unchanged"; }
mv "$file.partial" "$file"
