#!/usr/bin/env bash
# make bench, its indexer part: a live round and the backfill against a local EVM node, once per
# way of sending a snapshot's calls ("calls" of the indexer's file: multicall, batch, single;
# single is how every call went before calls were batched), printing a table and writing it to
# bench/BACKFILL.md with what a year of hourly history takes at a node's request limit.
#
# The node is anvil with the demo contracts (chain/deploy.mjs) and a year of history
# (tests/chain/history.mjs: 244 blocks in 2100, eth's COIN supply changed in each); the
# database is scripts/dev/run.sh's, empty, with the publisher on, so every snapshot written is
# published as a live one is. Each run fills 2100 daily (365 grid times; eth and bsc, as tron is
# read at latest and has no past), from empty tables.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

var=$root_dir/var/bench-backfill
handlers=$root_dir/build/release/handlers
results=$root_dir/bench/BACKFILL.md
stack_port=18090 chain_port=18545
for port in $stack_port $chain_port; do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && die "port $port is in use: is another benchmark running?"
done
rm -rf "$var"
mkdir -p "$var"

pids=()
stop_all() {
  [ ${#pids[@]} -eq 0 ] || kill -TERM "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop_all EXIT

say "backfill benchmark: the stack (empty) and a local EVM node with a year of history"
PORT=$stack_port VAR=$var DATA=empty HANDLERS=$handlers THREADS=2 "$root_dir/scripts/dev/run.sh" >"$var/stack.log" 2>&1 &
pids+=($!)
"$anvil" --host 127.0.0.1 --port "$chain_port" --silent &
pids+=($!)
chain=http://127.0.0.1:$chain_port
wait_for anvil bash -c "exec 3<>/dev/tcp/127.0.0.1/$chain_port"
node "$root_dir/chain/deploy.mjs" --rpc "$chain" --state "$root_dir/chain/demo-state.json" --out "$var/indexer.json"
node "$root_dir/tests/chain/history.mjs" --rpc "$chain" --config "$var/indexer.json"
wait_for "the stack (see $var/stack.log)" bash -c "exec 3<>/dev/tcp/127.0.0.1/$stack_port"

database() { psql -qAtX -h "$var/pg" -U postgres -d coin -c "$1"; }

# indexer MODE LOG ARGS...: coin-indexer on the indexer's file with "calls": MODE on every chain,
# into empty tables.
indexer() {
  local config=$var/indexer-$1.json log=$2
  node -e 'const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
           for (const chain of Object.values(c.chains)) chain.calls = process.argv[2];
           process.stdout.write(JSON.stringify(c));' "$var/indexer.json" "$1" >"$config"
  database "TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark, snapshot.urn_event, snapshot.urn_state, snapshot.urn, snapshot.urn_log_range, snapshot.vault_price,
            snapshot.allocator_position_state, snapshot.allocator_position, snapshot.vault_state,
            snapshot.vault, snapshot.chain_state RESTART IDENTITY"
  PGHOST=$var/pg PGPORT=5432 PGUSER=coin_indexer PGDATABASE=coin \
    "$handlers/coin-indexer" --config "$config" "${@:3}" 2>"$log" || die "coin-indexer ${*:3} ($1) failed: $log"
}

# The protocol's chains, as the API's chain parameter names them.
read -r -a chains < <(node -p "require('$root_dir/openapi/openapi.json').components.parameters.chain.schema.enum.join(' ')")

# live_round MODE -> "R/C R/C ...", each chain's "requests/calls" of its read in one round, from
# its log line "eth: written at ..., block N, R requests to the nodes, C calls".
live_round() {
  local log=$var/round-$1.log chain
  indexer "$1" "$log" --once --interval 86400
  for chain in "${chains[@]}"; do
    sed -n "s/.*$chain: written at .*, \([0-9]*\) requests to the nodes, \([0-9]*\) calls.*/\1\/\2/p" "$log"
  done | paste -sd ' '
}

# backfill MODE -> "snapshots seconds requests calls"
backfill() {
  local log=$var/backfill-$1.log start end
  start=$(date +%s.%N)
  indexer "$1" "$log" --backfill 2100-01-01..2100-12-31 --every 1d
  end=$(date +%s.%N)
  # The last progress line: "... N requests, M calls (C/s); done in ...".
  printf '%s %s %s\n' "$(database 'SELECT count(*) FROM snapshot.chain_state')" \
    "$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.2f", b - a}')" \
    "$(sed -n 's/.*; \([0-9]*\) requests, \([0-9]*\) calls (.*/\1 \2/p' "$log" | tail -n 1)"
}

total() {  # "R/C R/C ..." -> their sums, "R/C"
  tr ' /' '\n ' <<<"$1" | awk '{r += $1; c += $2} END {printf "%d/%d", r, c}'
}
rounds=()
for mode in multicall batch single; do
  say "a live round with \"calls\": \"$mode\""
  read -r -a counts < <(live_round "$mode")
  rounds+=("| $mode | $(printf '%s | ' "${counts[@]}")$(total "${counts[*]}") |")
done
rows=()
declare -A per_snapshot=() speed=()
for mode in multicall batch single; do
  say "backfill with \"calls\": \"$mode\""
  read -r snapshots seconds requests calls < <(backfill "$mode")
  per_snapshot[$mode]=$(awk -v r="$calls" -v s="$snapshots" 'BEGIN {printf "%.1f", r / s}')
  speed[$mode]=$(awk -v s="$snapshots" -v t="$seconds" 'BEGIN {printf "%.1f", s / t}')
  rows+=("| $mode | $snapshots | $seconds | ${speed[$mode]} | $requests | $calls | ${per_snapshot[$mode]} |")
done

# A year hourly: 8760 grid times; each snapshot of a chain costs per_snapshot calls.
year_hours() {  # CALLS_PER_SNAPSHOT CALLS_PER_SECOND -> hours for one chain
  awk -v q="$1" -v r="$2" 'BEGIN {printf "%.1f", 8760 * q / r / 3600}'
}
{
  echo "# Indexer benchmark"
  echo
  echo "\`make bench\` (scripts/bench/bench-backfill.sh), $(date -u +%Y-%m-%d), $(nproc) cores, against anvil with"
  echo "the demo contracts (chain/demo-state.json). Requests are HTTP requests to the node, calls the"
  echo "JSON-RPC calls they carry (a batch's each: what node providers count and \`--max-rps\` limits)."
  echo "\`single\` is one call per request, as every call went before calls were batched."
  echo
  echo "## A live round: requests/calls per chain"
  echo
  echo "| calls | $(printf '%s | ' "${chains[@]}")round |"
  echo "|---|$(printf -- '---|%.0s' "${chains[@]}")---|"
  printf '%s\n' "${rounds[@]}"
  echo
  echo "## Backfill"
  echo
  echo "coin-indexer --backfill 2100-01-01..2100-12-31 --every 1d (a year of history:"
  echo "tests/chain/history.mjs), eth and bsc (tron is read at latest: no past), from empty tables,"
  echo "the publisher publishing every snapshot; the requests include the block searches'."
  echo
  echo "| calls | snapshots | seconds | snapshots/s | requests | calls | calls per snapshot |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "A year of hourly history is 8760 snapshots per chain. At a node's limit of N calls a second"
  echo "(\`--max-rps N\`), the node alone makes one chain take:"
  echo
  echo "| calls | 10 calls/s | 25 calls/s | 100 calls/s |"
  echo "|---|---|---|---|"
  for mode in multicall batch single; do
    echo "| $mode | $(year_hours "${per_snapshot[$mode]}" 10) h | $(year_hours "${per_snapshot[$mode]}" 25) h | $(year_hours "${per_snapshot[$mode]}" 100) h |"
  done
  echo
  echo "and the database's write of each snapshot (the rollups' refresh) bounds it too: at the"
  echo "multicall row's snapshots/s above, $(awk -v s="${speed[multicall]}" 'BEGIN {printf "%.1f", 8760 / s / 3600}') h per chain on this machine, whatever the node allows."
} >"$results"
cat "$results"
