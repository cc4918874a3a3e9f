#!/usr/bin/env bash
# make bench, following the head: the live demo chain (scripts/dev/run.sh DATA=chain: anvil,
# chain/drive.mjs moving the contracts every 3 s, every chain following its head), and SAMPLES
# (30) blocks mined a second or two apart, each timed from the node's answer to the event that
# pushes it and to the answer that names it (bench/follow-latency.mjs), for eth and bsc (tron's
# answers name no block). Twice: with the node's WebSocket announcing the heads ("ws", the
# demo's), then polled only (the indexer started again on its file without "ws", poll_ms 500).
# Then what a block costs the nodes (the indexer's /metrics), and a provider's daily count
# worked out from it. Prints a table and writes it to bench/FOLLOW.md.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

var=$root_dir/var/bench-follow
results=$root_dir/bench/FOLLOW.md
stack_port=18125 chain_port=18550
samples=${SAMPLES:-30}
for port in $stack_port $chain_port; do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && die "port $port is in use: is another benchmark running?"
done
rm -rf "$var"
mkdir -p "$var"
trap 'bench_stack_stop; published_tmpfs_remove' EXIT
published_tmpfs follow  # the publisher's directories on a tmpfs, as in production (bench.sh)

say "following: the live demo chain"
bench_stack_start "$stack_port" "$var/stack.log" VAR="$var" DATA=chain CHAIN_PORT="$chain_port" \
  INDEX_INTERVAL=300 FAIL_AFTER=1000000 PUBLISHED="$published_dir" HANDLERS="$root_dir/build/release/handlers"
config=$var/chain/indexer.json
metrics=$var/metrics/indexer.prom

# measure LABEL -> one line of JSON (follow-latency.mjs's) in $var/LABEL.json
measure() {
  say "following: $samples blocks, $1"
  node "$root_dir/bench/follow-latency.mjs" --rpc "http://127.0.0.1:$chain_port" \
    --api "http://127.0.0.1:$stack_port" --chains eth,bsc --samples "$samples" >"$var/$1.json"
}
# metric NAME CHAIN -> the indexer's counter of the chain, 0 when it has none yet
metric() { awk -v name="$1{" -v chain="chain=\"$2\"" 'index($0, name) == 1 && index($0, chain) {print $2; exit}' "$metrics" | grep . || echo 0; }
# The indexer started again (its supervisor does) on the file as it is now; waits for its first
# live snapshot of eth.
restart_indexer() {
  local before
  before=$(metric coin_indexer_live_snapshots_total eth)
  pkill -TERM -f "coin-indexer --config $config" || die "no indexer to restart"
  wait_for "the indexer again" bash -c "[ \"\$(awk -v n='coin_indexer_live_snapshots_total{' 'index(\$0, n) == 1 && /chain=\"eth\"/ {print \$2}' '$metrics')\" != '$before' ]"
}

measure announced
# What a live snapshot costs, from the counters of the run above: requests and calls per block.
cost() {
  local chain=$1 written requests calls
  written=$(metric coin_indexer_live_snapshots_total "$chain")
  requests=$(metric coin_indexer_live_requests_total "$chain")
  calls=$(metric coin_indexer_live_calls_total "$chain")
  awk -v w="$written" -v r="$requests" -v c="$calls" 'BEGIN {printf "%.1f %.1f %d", r / w, c / w, w}'
}
eth_cost=$(cost eth) bsc_cost=$(cost bsc) tron_cost=$(cost tron)
rss_announced=$(awk '/VmHWM/ {print int($2 / 1024)}' "/proc/$(pgrep -f "coin-indexer --config $config" | head -1)/status")

node -e '
  const fs = require("fs");
  const config = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  for (const chain of Object.values(config.chains)) { if (chain.ws) { delete chain.ws; chain.poll_ms = 500; } }
  fs.writeFileSync(process.argv[1], JSON.stringify(config, null, 2) + "\n");' "$config"
restart_indexer
measure polled

# stats FILE CHAIN KIND -> "median p99 max" of the samples, in ms
stats() {
  node -e '
    const [file, chain, kind] = process.argv.slice(1);
    const v = JSON.parse(require("fs").readFileSync(file, "utf8"))[chain][kind].sort((a, b) => a - b);
    const at = (q) => v[Math.min(v.length - 1, Math.ceil(q * v.length) - 1)];
    console.log(`${at(0.5)} ${at(0.99)} ${v[v.length - 1]}`);' "$1" "$2" "$3"
}
row() {
  local label=$1 file=$2 chain=$3 event answer
  event=$(stats "$file" "$chain" event) answer=$(stats "$file" "$chain" answer)
  echo "| $label | $chain | $(field "$event" 1) | $(field "$event" 2) | $(field "$answer" 1) | $(field "$answer" 2) | $(field "$answer" 3) |"
}
# quota SECONDS CALLS POLLS_PER_DAY GRID_CALLS -> calls a day: a live snapshot per block, the polls,
# the finalized block read every 12 s (7200), and the grid's 288 rounds
quota() { awk -v s="$1" -v c="$2" -v p="$3" -v g="$4" 'BEGIN {printf "%d", 86400 / s * c + p + 7200 + 288 * g}'; }
grid_calls=$(grep -o 'eth: written at [^,]*, block [0-9]*, [0-9]* requests to the nodes, [0-9]* calls' "$var/stack.log" | tail -1 | awk '{print $(NF-1)}')

{
  echo "# Following the head: a new block in the answers"
  echo
  echo "\`make bench\` (scripts/bench/bench-follow.sh), $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores: the live demo chain"
  echo "(\`make run DATA=chain\`: one anvil holds tron, eth and bsc, chain/drive.mjs moves them every 3 s, every"
  echo "chain follows its head), and $samples blocks mined a second or two apart by bench/follow-latency.mjs,"
  echo "each timed from the node's answer to \`evm_mine\` until the event stream pushes a set naming"
  echo "it (or a later block), and until \`/api/v1/external/total-supply/coin\`, asked every 10 ms, names"
  echo "it in \`X-Snapshot-Blocks\`. Each block is read by three followers (one per chain, the same node)"
  echo "and written as three live snapshots, one after the other; each is a published set."
  echo
  echo "| heads | chain | event, median ms | event, p99 | answer, median ms | answer, p99 | answer, max |"
  echo "|---|---|---:|---:|---:|---:|---:|"
  row "announced (WebSocket)" "$var/announced.json" eth
  row "announced (WebSocket)" "$var/announced.json" bsc
  row "polled every 500 ms" "$var/polled.json" eth
  row "polled every 500 ms" "$var/polled.json" bsc
  echo
  echo "What a block costs the nodes (the indexer's counters over the announced run: requests and the"
  echo "calls they carried per live snapshot, the urns' included; a poll is one call more), and the"
  echo "indexer's peak RSS then: ${rss_announced} MB."
  echo
  echo "| chain | requests per block | calls per block | live snapshots |"
  echo "|---|---:|---:|---:|"
  for chain in tron eth bsc; do
    cost_line=$(eval echo "\$${chain}_cost")
    echo "| $chain | $(field "$cost_line" 1) | $(field "$cost_line" 2) | $(field "$cost_line" 3) |"
  done
  echo
  echo "A node provider's daily count for one chain, at eth's calls per block ($(field "$eth_cost" 2)), with the grid's"
  echo "288 rounds (${grid_calls:-?} calls each): a live snapshot per block, the polls (every 30 s with a"
  echo "WebSocket: 2880; every 500 ms without: 172800), and the finalized block read every 12 s (7200)."
  echo "Providers count each call of a batch."
  echo
  echo "| block time | with a WebSocket | polled every 500 ms |"
  echo "|---|---:|---:|"
  for seconds in 12 3; do
    echo "| ${seconds} s | $(quota "$seconds" "$(field "$eth_cost" 2)" 2880 "${grid_calls:-0}") | $(quota "$seconds" "$(field "$eth_cost" 2)" 172800 "${grid_calls:-0}") |"
  done
} >"$results"
cat "$results"
