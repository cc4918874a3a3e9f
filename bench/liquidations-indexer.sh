# The liquidations benchmark's indexer part (B), sourced by scripts/bench/bench-liquidations.sh
# after part A: anvil with the demo contracts (chain/deploy.mjs: a Dog and a Clipper per regular
# Vault type), then INDEXER_AUCTIONS (100, 1000: each the running auctions in all, the rest
# barked) auctions on eth's first regular Vault type started by bench/liquidations-chain.mjs,
# and after each a round of coin-indexer that reads their Barks and Kicks and one after it (a
# steady round: nothing new, every running auction's getStatus), into the empty tables of a
# stack of its own; sets indexer_part and defines indexer_section, which prints its part of
# bench/LIQUIDATIONS.md.
indexer_var=$var/indexer
mkdir -p "$indexer_var"
say "indexer: an empty stack and anvil with the demo contracts"
# (An empty database has no /totalSupply for bench_stack_start to wait for: its port, as
# bench/urns-indexer.sh does.)
env PORT="$indexer_stack_port" VAR="$indexer_var" DATA=empty PUBLISH=off THREADS=2 HANDLERS="$handlers" \
  "$root_dir/scripts/dev/run.sh" >"$indexer_var/stack.log" 2>&1 &
stack_pid=$!
"$anvil" --host 127.0.0.1 --port "$chain_port" --silent --gas-limit 100000000000 &
anvil_pid=$!
chain_url=http://127.0.0.1:$chain_port
wait_for anvil bash -c "exec 3<>/dev/tcp/127.0.0.1/$chain_port"
deadline=$((SECONDS + 600))  # (the schema's deploy took over wait_for's 120 s on the shared machine)
until (exec 3<>"/dev/tcp/127.0.0.1/$indexer_stack_port") 2>/dev/null; do
  kill -0 "$stack_pid" 2>/dev/null || die "the indexer's stack ended (see $indexer_var/stack.log)"
  ((SECONDS < deadline)) || die "the indexer's stack (see $indexer_var/stack.log) did not come up within 600 s"
  sleep 0.2
done
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
# round_row NAME LABEL -> a table row of eth's line: its urns' requests and calls (the getStatus
# calls among them), eth_getLogs requests, the Barks and Clipper events read and the auctions
# running; every chain's urns' requests and calls; the round's wall time and peak RSS.
round_row() {
  local log=$indexer_var/round-$1.log time=$indexer_var/round-$1.time
  awk -v label="$2" '
    function number(text, pattern, field,   parts) {  # the field-th word of what pattern matches
      if (!match(text, pattern)) return "?"
      split(substr(text, RSTART, RLENGTH), parts, " ")
      return parts[field] + 0
    }
    / eth: urns not read / {eth = "failed"}
    /: written at / {
      r = number($0, "[0-9]+ requests and [0-9]+ calls for the urns", 1)
      c = number($0, "[0-9]+ requests and [0-9]+ calls for the urns", 4)
      all_r += r; all_c += c
      if ($0 ~ / eth: written at /) {
        eth = r " / " c " | " number($0, "[0-9]+ eth_getLogs", 1) " | " number($0, "auctions: [0-9]+ barks", 2) " | " \
              number($0, "[0-9]+ clipper events", 1) " | " number($0, "[0-9]+ running", 1)
      }
    }
    END { printf "| %s | %s | %s / %s", label, eth, all_r, all_c }' "$log"
  printf ' | %s | %s |\n' "$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$time")" \
    "$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$time")"
}

index_rows=() bark_lines=()
say "indexer: the demo chain's first round, and one after it"
indexer_round first
indexer_round steady-0
index_rows+=("$(round_row first "the demo chain's first round (no auction)")")
index_rows+=("$(round_row steady-0 "the next round, nothing changed")")
started=0
for n in "${indexer_auctions[@]}"; do
  ((n > started)) || continue
  say "indexer: $((n - started)) auctions started on eth ($n running in all)"
  read -r barked seconds running < <(node "$root_dir/bench/liquidations-chain.mjs" --rpc "$chain_url" \
    --config "$indexer_var/indexer.json" --chain eth --auctions "$((n - started))" --first "$started")
  bark_lines+=("$barked urns opened and barked in $seconds s ($running auctions running on the Clipper)")
  indexer_round "barked-$n"
  indexer_round "steady-$n"
  index_rows+=("$(round_row "barked-$n" "+$barked barked: the round that reads their Barks and Kicks")")
  index_rows+=("$(round_row "steady-$n" "$running running: the next round, nothing new")")
  started=$n
done
indexer_tables=$(psql -qAtX -h "$indexer_var/pg" -U postgres -d coin -c "SELECT (SELECT count(*) FROM snapshot.bark) || ' barks, '
  || (SELECT count(*) FROM snapshot.clip_event) || ' clip_events, ' || (SELECT count(*) FROM snapshot.auction_status)
  || ' auction_status rows'")
eth_line=$(grep ' eth: written at ' "$indexer_var/round-steady-$started.log" | tail -n 1 | sed 's/^.*eth: written at/eth: written at/')
bench_stack_stop
kill -TERM "$anvil_pid" 2>/dev/null || true
wait "$anvil_pid" 2>/dev/null || true
indexer_part=done

indexer_section() {
  echo "anvil (--gas-limit 100000000000) with the demo contracts (chain/deploy.mjs: a Dog, and a Clipper per regular"
  echo "Vault type); auctions started on eth's first regular Vault type by bench/liquidations-chain.mjs (urns opened"
  echo "by Vat.frob at 99 % of what their collateral allows, spot lowered 2 %, each urn barked by the Dog: the real Bark"
  echo "and Kick logs; spot back after): $(printf '%s; ' "${bark_lines[@]}" | sed 's/; $//')."
  echo "After each, one round of coin-indexer (--once, the release build, Multicall3) into an empty stack's tables,"
  echo "and the round after it. Per round, eth's line: its urns' requests and calls (the Vat's, the Dog's and the"
  echo "Clippers' events and every running auction's getStatus are read with the urns), its eth_getLogs requests,"
  echo "the Barks and Clipper events it read and the auctions running; every chain's urns' requests and calls;"
  echo "the round's wall time and peak RSS."
  echo
  echo "| round | eth: urns' requests / calls | eth_getLogs | Barks read | Clipper events read | running | every chain: requests / calls | wall time | peak RSS MB |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${index_rows[@]}"
  echo
  echo "In the indexer's tables after: $indexer_tables. eth's line of the last steady round:"
  echo
  echo '```'
  echo "$eth_line"
  echo '```'
}
