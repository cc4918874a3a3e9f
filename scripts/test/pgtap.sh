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

# The upgrade from the newest release, as sqitch deploys it: one commit per change while the
# handlers keep reading, so after each change coin_api must already execute and read all it
# calls (tests/sql/upgrade_step.sql).
plan() { sqitch --chdir "$root_dir/sql" plan --no-headers --format "format:$1" db:pg:; }
read -r release tag < <(plan '%h %t' | awk 'NF > 1 {last = $0} END {print last}') ||
  die "no release tag in sql/sqitch.plan"
sqitch --quiet --chdir "$root_dir/sql" revert -y --to "$release" db:pg:
for change in $(plan '%h' | sed "1,/^$release\$/d"); do
  sqitch --quiet --chdir "$root_dir/sql" deploy --to "$change" db:pg:
  psql -qX -v ON_ERROR_STOP=1 -f "$root_dir/tests/sql/upgrade_step.sql" >/dev/null ||
    die "after deploying $(plan '%h %n' | awk -v id="$change" '$1 == id {print $2}'), coin_api cannot read the api"
done
echo "sqitch: the upgrade from $tag, change by change, the api readable by coin_api after each"
