# The urns benchmark's indexer part (B), sourced by scripts/bench/bench-urns.sh after part A: anvil
# with the demo contracts, then INDEXER_STEP (6,000) urns and then the rest up to INDEXER_URNS
# (100,000) opened by frob (chain/bench-urns.mjs), and after each the indexer's rounds into the
# empty tables of a stack of its own; sets indexer_part and defines indexer_section, which
# prints its part of bench/URNS.md.
indexer_var=$var/indexer
mkdir -p "$indexer_var"
say "indexer: an empty stack and anvil with the demo contracts"
# (An empty database has no /totalSupply for bench_stack_start to wait for: its port, as
# bench-backfill.sh does.)
env PORT="$indexer_stack_port" VAR="$indexer_var" DATA=empty PUBLISH=off THREADS=2 HANDLERS="$handlers" \
  "$root_dir/scripts/dev/run.sh" >"$indexer_var/stack.log" 2>&1 &
stack_pid=$!
"$anvil" --host 127.0.0.1 --port "$chain_port" --silent --gas-limit 100000000000 &
pids+=($!)
chain_url=http://127.0.0.1:$chain_port
wait_for anvil bash -c "exec 3<>/dev/tcp/127.0.0.1/$chain_port"
wait_for "the stack (see $indexer_var/stack.log)" bash -c "exec 3<>/dev/tcp/127.0.0.1/$indexer_stack_port"
node "$root_dir/chain/deploy.mjs" --rpc "$chain_url" --state "$root_dir/chain/demo-state.json" \
  --out "$indexer_var/indexer.json" >"$indexer_var/deploy.log"

# indexer_round NAME -> its log in $indexer_var/round-NAME.log, /usr/bin/time -v's in .time: one
# round (--interval 1: each round its own snapshot time), as a live round reads.
indexer_round() {
  sleep 1  # a new second: a new snapshot time
  PGHOST=$indexer_var/pg PGPORT=5432 PGUSER=coin_indexer PGDATABASE=coin \
    /usr/bin/time -v -o "$indexer_var/round-$1.time" "$handlers/coin-indexer" --config "$indexer_var/indexer.json" \
    --once --interval 1 2>"$indexer_var/round-$1.log" || die "coin-indexer --once ($1) failed: $indexer_var/round-$1.log"
}
# round_row NAME LABEL -> a table row: per chain the urns read, the urns' requests/calls and
# eth_getLogs requests ("failed" when the urns were not read: the reason below the table); in
# all; the round's wall time and peak RSS. (The snapshot's own requests are left out: its line
# counts every chain's requests while the chains are read at once, on this one node.)
round_row() {
  local log=$indexer_var/round-$1.log time=$indexer_var/round-$1.time
  awk -v label="$2" '
    function number(text, pattern, field,   parts) {  # the field-th word of what pattern matches
      if (!match(text, pattern)) return 0
      split(substr(text, RSTART, RLENGTH), parts, " ")
      return parts[field] + 0
    }
    function chain_of(line,   c) { c = line; sub(/: (written at|urns not read) .*/, "", c); sub(/.* /, "", c); return c }
    /: urns not read / {failed[chain_of($0)] = 1}
    /: written at / {
      chain = chain_of($0); order[++n] = chain
      if (chain in failed) {cell[chain] = "failed"; ++failures; next}
      ur = number($0, "[0-9]+ requests and [0-9]+ calls for the urns", 1)
      uc = number($0, "[0-9]+ requests and [0-9]+ calls for the urns", 4)
      logs = number($0, "[0-9]+ eth_getLogs", 1); read = number($0, "urns: [0-9]+", 2)
      cell[chain] = read ": " ur "/" uc ", " logs
      urns += read; all_ur += ur; all_uc += uc; all_logs += logs
    }
    END {
      line = "| " label
      for (i = 1; i <= n; i++) line = line " | " cell[order[i]]
      print line " | " (failures == n ? "failed" : urns ": " all_ur "/" all_uc ", " all_logs (failures ? " (" failures " failed)" : ""))
    }' "$log" | tr -d '\n'
  printf ' | %s | %s |\n' "$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$time")" \
    "$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$time")"
}
indexer_db() { psql -qAtX -v ON_ERROR_STOP=1 -h "$indexer_var/pg" -U postgres -d coin "$@"; }

# open_urns COUNT FIRST: COUNT urns opened by frob, numbered from FIRST, then the round that
# reads their events; where it could not, the urns written into the indexer's database as their
# events would have (snapshot.urn, no state yet) and every block up to the head marked read, so
# that the next rounds read every urn's state as a live round does; then two rounds. Adds the
# rows to index_rows, the frobs' rate to frob_lines, the first events' error to events_error.
index_rows=() frob_lines=() events_error=
open_urns() {
  local count=$1 first=$2 frobbed seconds blocks error head_block
  say "indexer: $count urns opened by frob"
  read -r frobbed seconds blocks < <(node "$root_dir/chain/bench-urns.mjs" --rpc "$chain_url" \
    --config "$indexer_var/indexer.json" --urns "$count" --first "$first" --list "$indexer_var/urns-$first.txt")
  frob_lines+=("$frobbed urns in $seconds s, $blocks blocks ($(awk -v n="$frobbed" -v s="$seconds" 'BEGIN {printf "%.0f", n / s}') urns/s)")
  say "indexer: the round that should read their events"
  indexer_round "new-$first"
  index_rows+=("$(round_row "new-$first" "+$frobbed urns frobbed: the round that reads their events")")
  # An answer of eth_getLogs over the indexer's cap (indexer/rpc.cpp's max_answer_bytes) is no
  # refusal it halves the window for: each round stops at it again.
  error=$(sed -n 's/.*: the Vat.s events read up to block [0-9]* only .*, the rest next round: \(.*\)/\1/p' \
            "$indexer_var/round-new-$first.log" | head -n 1)
  if [ -n "$error" ]; then
    events_error=${events_error:-$error}
    say "indexer: the events stopped ($error); the urns written into its database"
    head_block=$(curl -sf -H 'content-type: application/json' \
                   -d '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}' "$chain_url" | jq -r .result)
    indexer_db -c "CREATE TEMP TABLE opened (chain text, ilk text, address text)" \
      -c "\\copy opened FROM '$indexer_var/urns-$first.txt' WITH (DELIMITER ' ')" \
      -c "INSERT INTO snapshot.urn (vault_id, address) SELECT v.vault_id, o.address FROM opened AS o
            JOIN snapshot.vault AS v ON v.chain::text = o.chain AND v.vault_type = o.ilk ON CONFLICT DO NOTHING" \
      -c "UPDATE snapshot.urn_log_range SET last_block = $((head_block))"
  fi
  say "indexer: a round that reads them all, and one after it"
  indexer_round "known-$first"
  indexer_round "again-$first"
  local known
  known=$(indexer_db -c 'SELECT count(*) FROM snapshot.urn')
  index_rows+=("$(round_row "known-$first" "$known urns known: their states' first read")")
  index_rows+=("$(round_row "again-$first" "$known urns known: the next round, nothing changed")")
}

say "indexer: a round of the demo's urns"
indexer_round demo
index_rows+=("$(round_row demo "the demo's urns, first round")")
step=$(( indexer_step < indexer_urns ? indexer_step : indexer_urns ))
open_urns "$step" 0
((indexer_urns <= step)) || open_urns "$((indexer_urns - step))" "$step"
indexer_chains=$(awk '/: written at / {c = $0; sub(/: written at .*/, "", c); sub(/.* /, "", c); print c}' \
                   "$indexer_var/round-demo.log" | paste -sd ' ')
urn_rows=$(indexer_db -c "SELECT count(*) || ' urns, ' ||
  (SELECT count(*) FROM snapshot.urn_state) || ' urn states, ' || (SELECT count(*) FROM snapshot.urn_event) || ' events'
  FROM snapshot.urn")
# Why a chain's urns were not read in the last round, if any.
urns_error=$(sed -n 's/.*: urns not read at [^:]*:[0-9:]*Z: \(.*\)/\1/p' "$indexer_var/round-again-$step.log" \
               "$indexer_var"/round-again-*.log 2>/dev/null | head -n 1)
bench_stack_stop
indexer_part=done

indexer_section() {
  echo "anvil (--gas-limit 100000000000) with the demo contracts (chain/deploy.mjs), then urns opened by"
  echo "Vat.frob over JSON-RPC (chain/bench-urns.mjs: eth_sendTransaction in batches of 500, automine off,"
  echo "an evm_mine every 2000), spread evenly over every regular Vault type of every chain (direct frobs:"
  echo "no CDP): $(printf '%s; ' "${frob_lines[@]}" | sed 's/; $//'). After each, rounds of"
  echo "\`coin-indexer --once\` (\"calls\": the indexer's default) into an empty database, under /usr/bin/time -v;"
  echo "after the last: $urn_rows."
  echo
  echo "Each cell: urns read: the urns' requests/calls (events, block times, CDPs and Vat.urns),"
  echo "eth_getLogs requests."
  echo
  echo "| round | $(sed 's/ / | /g' <<<"$indexer_chains") | in all | wall time | peak RSS MB |"
  echo "|---|$(for _ in $indexer_chains; do printf -- '---|'; done)---|---:|---:|"
  printf '%s\n' "${index_rows[@]}"
  echo
  if [ -n "$events_error" ]; then
    echo "**The round after the frobs did not read their events**, on every chain, and no later round"
    echo "would: \`$events_error\`. A window's answer (thousands of a chain's LogNotes in a few blocks,"
    echo "roughly 1 kB of JSON each) is over the 1 MiB the indexer takes of an answer (indexer/rpc.cpp,"
    echo "max_answer_bytes), and the transfer it ends is not a refusal that indexer/log_reader.cpp halves"
    echo "the window for (is_log_limit): the round stops at that window, and the next asks for the same"
    echo "window again. A chain whose Vat logs more than ~1,000 frobs, forks and grabs within one window"
    echo "(2,000 blocks at first, up to 10,000: on BSC 25 minutes to 2 hours of blocks) would stall so."
    echo "Suggested change (indexer): an answer over the cap on eth_getLogs taken as a refusal (the window"
    echo "halved; one block over it an error, as now), or a larger cap for eth_getLogs' answers. For the"
    echo "rounds after it, the urns were written into the indexer's database as their events would have"
    echo "(snapshot.urn, and urn_log_range up to the head)."
    echo
  fi
  if [ -n "$urns_error" ]; then
    echo "**With ${urn_rows%% urns,*} urns known, the urns were not read** (\"failed\" above): \`$urns_error\`."
    echo "The Vat.urns calls go as Multicall3 calls of 100, and all of a chain's in one JSON-RPC batch"
    echo "(up to 100 requests): its answer, some 38 kB of hex per Multicall3 call, passes the 1 MiB the"
    echo "indexer takes of an answer (indexer/rpc.cpp) at about 2,700 urns of a chain (\"Failed writing"
    echo "received data\"); further on, its body passes the node's limit of a request too (anvil takes 2"
    echo "MiB: a 1.5 MB body is answered, a 3 MB one cut off, \"Failed sending data to the peer\"; providers"
    echo "limit bodies as well). A cut transfer fails the chain's urns, each round: their states are"
    echo "not written again until fewer urns are known; where a node answers such a batch with an"
    echo "error status instead, the indexer sends every call on its own from then on (an earlier run"
    echo "read tron's 33,342 urns so in 338 requests). Suggested change (indexer): a batch bounded by"
    echo "the bytes of its body and of its answer (e.g. at most 20 Multicall3 calls of 100 Vat.urns),"
    echo "and a batch refused or cut split in two rather than given up."
    echo
  fi
  echo "Where they are read, the urns' calls grow linearly with the urns known, a Vat.urns call"
  echo "each (and a CdpManager.owns per CDP) packed 100 to a Multicall3 call, and their requests"
  echo "stay a few per chain: at $indexer_step urns, $(( indexer_step / 3 )) a chain, the rows above; at 100,000"
  echo "(33,000 a chain) that is some 1,000 Multicall3 calls a round in all, in about 40 requests"
  echo "once a batch holds at most 25 of them. The indexer's peak RSS grows with the urns known too:"
  echo "the last row's against the first's, about 0.8 kB an urn (their keys, states and calls)."
}
