#!/usr/bin/env bash
# make bench-data: the benchmark database in $VAR (var/bench): the schema and 3 years of
# 5-minute snapshots (about 1M chain rows, 6M Vault rows, 4M allocator rows). Takes minutes;
# make bench builds it when it is missing and keeps it afterwards.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

mkdir -p "${VAR:-$root_dir/var/bench}"
var=$(cd "${VAR:-$root_dir/var/bench}" && pwd)
trap 'pg_stop "$var"' EXIT

pg_start "$var"
db_deploy
say "generating 3 years of 5-minute snapshots in $var/pg (a few minutes)"
time db_load bench
psql -qAtX -c "SELECT 'chain rows ' || (SELECT count(*) FROM snapshot.chain_state)
                   || ', Vault rows ' || (SELECT count(*) FROM snapshot.vault_state)
                   || ', allocator rows ' || (SELECT count(*) FROM snapshot.allocator_position_state)"
