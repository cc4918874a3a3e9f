#!/usr/bin/env bash
# The SQL test layer: a throw-away PostgreSQL with the schema deployed by sqitch, then every
# tests/sql/*.test.sql through pg_prove. Each test file loads tests/sql/fixture.sql inside its
# own transaction and rolls it back. Last, every change is reverted and deployed again, so a
# revert script that does not undo its deploy fails here.
set -euo pipefail
source "$(dirname "$0")/../dev/lib.sh"

var=$(mktemp -d /tmp/coin-pgtap.XXXXXX)
trap 'pg_stop "$var"; rm -rf "$var"' EXIT

pg_start "$var"
db_deploy
psql -qX -c 'CREATE EXTENSION IF NOT EXISTS pgtap' >/dev/null
(cd "$root_dir/tests/sql" && pg_prove --ext .sql --failures *.test.sql)

sqitch --quiet --chdir "$root_dir/sql" revert -y db:pg:
db_deploy
echo "sqitch: every change reverted and deployed again"
