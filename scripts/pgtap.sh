#!/usr/bin/env bash
# The SQL test layer: a throw-away PostgreSQL with the schema deployed by sqitch, then every
# tests/sql/*.test.sql through pg_prove. Each test file loads tests/sql/fixture.sql inside its
# own transaction and rolls it back.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

var=$(mktemp -d /tmp/coin-pgtap.XXXXXX)
trap 'pg_stop "$var"; rm -rf "$var"' EXIT

pg_start "$var"
db_deploy
psql -qX -c 'CREATE EXTENSION IF NOT EXISTS pgtap' >/dev/null
cd "$root_dir/tests/sql"
pg_prove --ext .sql --failures *.test.sql
