# The urns benchmark's indexer part (B), sourced by scripts/bench/bench-urns.sh after part A: anvil
# with the demo contracts and INDEXER_URNS more urns (chain/bench-urns.mjs), the indexer's rounds
# into the empty tables of a stack of its own; sets indexer_part and defines indexer_section,
# which prints its part of bench/URNS.md.
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
# round_row NAME LABEL -> a table row: per chain and in all, the state's requests/calls, the urns'
# requests/calls and eth_getLogs requests; urns read; wall time; peak RSS.
round_row() {
  local log=$indexer_var/round-$1.log time=$indexer_var/round-$1.time
  awk -v label="$2" '
    /: written at / {
      chain = $0; sub(/: written at .*/, "", chain); sub(/.* /, "", chain)
      match($0, /, [0-9]+ requests to the nodes, [0-9]+ calls/); split(substr($0, RSTART, RLENGTH), s, " ")
      match($0, /urns: [0-9]+ \([0-9]+ new\), [0-9]+ events in [0-9]+ eth_getLogs/); split(substr($0, RSTART, RLENGTH), u, " ")
      match($0, /[0-9]+ requests and [0-9]+ calls for the urns/); split(substr($0, RSTART, RLENGTH), r, " ")
      cell[chain] = s[2] "/" s[6] ", " r[1] "/" r[4] ", " u[7]
      urns += u[2]; state_r += s[2]; state_c += s[6]; urn_r += r[1]; urn_c += r[4]; logs += u[7]; order[++n] = chain
    }
    END {
      line = "| " label " | " urns
      for (i = 1; i <= n; i++) line = line " | " cell[order[i]]
      print line " | " state_r "/" state_c ", " urn_r "/" urn_c ", " logs
    }' "$log" | tr -d '\n'
  printf ' | %s | %s |\n' "$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$time")" \
    "$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$time")"
}

say "indexer: a round of the demo's urns"
indexer_round demo
say "indexer: $indexer_urns urns opened by frob"
read -r frobbed frob_seconds frob_blocks < <(node "$root_dir/chain/bench-urns.mjs" --rpc "$chain_url" \
  --config "$indexer_var/indexer.json" --urns "$indexer_urns")
say "indexer: the round that finds them, and one that finds nothing new"
indexer_round new
indexer_round again
indexer_chains=$(sed -n 's/.*\b\([a-z]*\): written at .*/\1/p' "$indexer_var/round-demo.log" | paste -sd ' ')
urn_rows=$(psql -qAtX -h "$indexer_var/pg" -U postgres -d coin -c "SELECT count(*) || ' urns, ' ||
  (SELECT count(*) FROM snapshot.urn_state) || ' urn states, ' || (SELECT count(*) FROM snapshot.urn_event) || ' events'
  FROM snapshot.urn")
rows_demo=$(round_row demo "demo's urns, first round")
rows_new=$(round_row new "+$frobbed urns, the round that finds them")
rows_again=$(round_row again "the next round, nothing new")
bench_stack_stop
indexer_part=done

indexer_section() {
  echo "anvil (--gas-limit 100000000000) with the demo contracts (chain/deploy.mjs), then $frobbed urns opened by"
  echo "Vat.frob over JSON-RPC (chain/bench-urns.mjs: eth_sendTransaction in batches of 500, automine off,"
  echo "an evm_mine every 2000): $frob_seconds s for $frobbed urns in $frob_blocks blocks"
  echo "($(awk -v n="$frobbed" -v s="$frob_seconds" 'BEGIN {printf "%.0f", n / s}') urns/s; 100,000 would take $(awk -v n="$frobbed" -v s="$frob_seconds" 'BEGIN {printf "%.0f", 100000 / (n / s)}') s),"
  echo "spread evenly over every regular Vault type of every chain. Then rounds of"
  echo "\`coin-indexer --once\` (\"calls\": the indexer's default) into an empty database, under /usr/bin/time -v;"
  echo "after the last: $urn_rows."
  echo
  echo "Each cell: the snapshot's requests/calls, the urns' requests/calls (events, block times,"
  echo "CDPs and Vat.urns), eth_getLogs requests."
  echo
  echo "| round | urns read | $(sed 's/ / | /g' <<<"$indexer_chains") | in all | wall time | peak RSS MB |"
  echo "|---|---:|$(for _ in $indexer_chains; do printf -- '---|'; done)---|---:|---:|"
  echo "$rows_demo"
  echo "$rows_new"
  echo "$rows_again"
}
