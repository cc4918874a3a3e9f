#!/usr/bin/env bash
# make bench: one run of the benchmark of issue 4 on the benchmark database (make bench-data,
# built first when missing), printing a table and writing it to bench/RESULTS.md.
#
# For every endpoint (6.12 with chain=tron, 6.13 with chain=tron&interval=ANNUAL), wrk with 2
# threads and 64 connections for $SECONDS_PER_RUN s (default 5), side by side (each pair twice,
# in the order A B B A, and the better run of each kept: the machine is shared and noisy):
#   full      the whole stack: nginx with its FastCGI cache, the handlers with theirs
#   static    the same nginx serving the identical bytes from a file
#   bypass    nginx without its cache (CACHE=off): every request reaches a handler
#   minimal   the same nginx before bench/minimal_responder, which returns the same bytes
# then the uncached render time (handlers with --no-cache: every request runs its query) as
# median and p99 of 200 sequential requests, the freshness (committed snapshot insert until
# /totalSupply shows it, 20 times) and the peak RSS of every handler process.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

seconds=${SECONDS_PER_RUN:-5}
mkdir -p "${VAR:-$root_dir/var/bench}"
var=$(cd "${VAR:-$root_dir/var/bench}" && pwd)
handlers=$root_dir/build/release/handlers
results=$root_dir/bench/RESULTS.md
full_port=18080 static_port=18081 minimal_port=18082

for port in $full_port $static_port $minimal_port; do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && die "port $port is in use: is another benchmark running?"
done
[ -f "$var/pg/data/PG_VERSION" ] || VAR=$var "$root_dir/scripts/bench-data.sh"

# spec, path, static file name
endpoints=(
  "6.1|/totalSupply|6.1.txt"
  "6.2|/circulatingSupply|6.2.txt"
  "6.3|/api/v1/external/earn-apy|6.3.json"
  "6.4|/api/v1/external/total-supply/coin|6.4.json"
  "6.5|/api/v1/external/total-supply/scoin|6.5.json"
  "6.6|/api/v1/market-site/overview|6.6.json"
  "6.7|/api/v1/data-platform/overview/info|6.7.json"
  "6.8|/api/v1/market-site/overview/apy|6.8.json"
  "6.9|/api/v1/data-platform/overview/supply-value-history|6.9.json"
  "6.10|/api/v1/data-platform/overview/collateral-value-history|6.10.json"
  "6.11|/api/v1/vault/collaterals|6.11.json"
  "6.12|/api/v1/data-platform/latest-collateral?chain=tron|6.12.json"
  "6.13|/api/v1/data-platform/collateral-history?chain=tron&interval=ANNUAL|6.13.json"
  "6.14|/api/v1/smart-allocator/detail-overview|6.14.json"
)

stack_pid=
reference_pids=()
stop_all() {
  stop_stack
  [ ${#reference_pids[@]} -eq 0 ] || kill -TERM "${reference_pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop_all EXIT

# start_stack CACHE HANDLER_FLAGS: scripts/run.sh on the benchmark database, as it is.
start_stack() {
  PORT=$full_port VAR=$var DATA=keep CACHE=$1 HANDLER_FLAGS=$2 HANDLERS=$handlers THREADS=2 \
    "$root_dir/scripts/run.sh" >"$var/stack.log" 2>&1 &
  stack_pid=$!
  wait_for "the stack (see $var/stack.log)" curl -sf -o /dev/null "http://127.0.0.1:$full_port/totalSupply"
}
stop_stack() {
  [ -n "$stack_pid" ] || return 0
  record_peak_rss
  kill -TERM "$stack_pid" 2>/dev/null || true
  wait "$stack_pid" 2>/dev/null || true
  stack_pid=
}

# The highest VmHWM of each handler binary over every stack of the run, in MB.
declare -A peak_rss=()
record_peak_rss() {
  local group pid kb
  for group in supply protocol; do
    for pid in $(pgrep -f "^$handlers/$group " || true); do
      kb=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
      if ((kb > ${peak_rss[$group]:-0})); then peak_rss[$group]=$kb; fi
    done
  done
}

requests_per_second() {  # URL -> req/s of wrk, 2 threads, 64 connections
  wrk -t2 -c64 -d"${seconds}s" "$1" | awk '/^Requests\/sec:/ {printf "%.0f", $2}'
}

# URL_A URL_B -> "A B": the better of two runs of each, in the order A B B A.
side_by_side() {
  local a1 b1 b2 a2
  a1=$(requests_per_second "$1")
  b1=$(requests_per_second "$2")
  b2=$(requests_per_second "$2")
  a2=$(requests_per_second "$1")
  echo "$((a1 > a2 ? a1 : a2)) $((b1 > b2 ? b1 : b2))"
}

# measure_pairs STACK REFERENCE PORT WHAT: every endpoint through the stack and through the
# reference server on PORT, side by side, into the associative arrays named STACK and REFERENCE.
measure_pairs() {
  local -n stack_rps=$1 reference_rps=$2
  local entry spec path file
  for entry in "${endpoints[@]}"; do
    IFS='|' read -r spec path file <<<"$entry"
    say "$spec: $4"
    read -r "stack_rps[$spec]" "reference_rps[$spec]" < <(
      side_by_side "http://127.0.0.1:$full_port$path" "http://127.0.0.1:$3/$file")
  done
}

declare -A full=() static=() bypass=() minimal=() median=() p99=()

say "building"
make -C "$root_dir" --no-print-directory build >/dev/null

# 1. The full stack, and the reference nginx serving its answers' bytes.
start_stack on ""
mkdir -p "$var/reference/answers" "$var/reference/tmp"
chmod 0755 "$var/reference" "$var/reference/answers"
for entry in "${endpoints[@]}"; do
  IFS='|' read -r spec path file <<<"$entry"
  curl -sf -o "$var/reference/answers/$file" "http://127.0.0.1:$full_port$path"
done
chmod a+r "$var/reference/answers"/*
"$root_dir/build/release/bench/minimal_responder" --socket "$var/reference/minimal.sock" \
  --threads 4 "$var/reference/answers" &
reference_pids+=($!)
render_nginx "$var" "$var/reference/conf" CACHE=off STATIC_PORT="$static_port" MINIMAL_PORT="$minimal_port" \
  "$root_dir/bench/nginx.conf"
nginx -p "$var/reference" -c "$var/reference/conf/nginx.conf" -g 'daemon off;' &
reference_pids+=($!)
wait_for "the reference nginx" curl -sf -o /dev/null "http://127.0.0.1:$static_port/6.1.txt"
wait_for "the minimal responder" curl -sf -o /dev/null "http://127.0.0.1:$minimal_port/6.1.txt"

measure_pairs full static $static_port "full stack, static file"

database() { psql -qAtX -h "$var/pg" -U postgres -d coin -c "$1"; }
postgres_version=$(database 'SHOW server_version')
data_scale=$(database "SELECT (SELECT count(*) FROM snapshot.chain_state) || ' chain rows, '
                              || (SELECT count(*) FROM snapshot.vault_state) || ' Vault rows, '
                              || (SELECT count(*) FROM snapshot.allocator_position_state)
                              || ' allocator rows, ' || (SELECT to_char(min(taken_at), 'YYYY-MM-DD')
                              || ' to ' || to_char(max(taken_at), 'YYYY-MM-DD') FROM snapshot.chain_state)")

# Freshness: a new tron snapshot with 1 more COIN each time, then /totalSupply polled.
say "freshness"
freshness=()
for i in $(seq 1 20); do
  before=$(curl -sf "http://127.0.0.1:$full_port/totalSupply")
  psql -qAtX -h "$var/pg" -U coin_indexer -d coin -c "
    INSERT INTO snapshot.chain_state
      (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
    SELECT chain, clock_timestamp(), coin_supply + 1, scoin_supply, coin_price, scoin_price,
           earn_apy, earn_tvl
      FROM snapshot.chain_state WHERE chain = 'tron' ORDER BY taken_at DESC LIMIT 1"
  start=$(date +%s%N)
  until [ "$(curl -sf "http://127.0.0.1:$full_port/totalSupply")" != "$before" ]; do
    (( $(date +%s%N) - start < 10000000000 )) || die "the snapshot did not show within 10 s"
  done
  freshness+=($(( ($(date +%s%N) - start) / 1000000 )))
  sleep "0.$((RANDOM % 10))"  # a different phase of nginx's one-second validity each time
done
stop_stack

# 2. nginx's cache bypassed, against the minimal responder.
start_stack off ""
measure_pairs bypass minimal $minimal_port "cache bypassed, minimal responder"
stop_stack

# 3. Uncached: every request runs the endpoint's query.
start_stack off --no-cache
for entry in "${endpoints[@]}"; do
  IFS='|' read -r spec path file <<<"$entry"
  say "$spec: uncached render"
  url="http://127.0.0.1:$full_port$path"
  mapfile -t times < <(for _ in $(seq 1 200); do printf 'url = "%s"\noutput = /dev/null\n' "$url"; done |
                       curl -s -K - -w '%{time_total}\n' | sort -n)
  median[$spec]=$(awk '{printf "%.1f", $1 * 1000}' <<<"${times[99]}")
  p99[$spec]=$(awk '{printf "%.1f", $1 * 1000}' <<<"${times[197]}")
done
stop_stack

# The table.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
sorted_freshness=$(printf '%s\n' "${freshness[@]}" | sort -n)
{
  echo "# coin-api benchmark"
  echo
  echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC') by \`make bench\` (scripts/bench.sh), one run."
  echo
  echo "- machine: $(nproc) cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo) RAM, $(uname -sr)"
  echo "- software: $(nginx -v 2>&1 | sed 's/.*: //'), PostgreSQL $postgres_version, $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2)"
  echo "- data: $data_scale"
  echo "- load: wrk -t2 -c64 -d${seconds}s, the better of two runs per cell (order A B B A), on the same $(nproc) cores as nginx, the handlers (two processes of 2 threads per pool, like the minimal responder's 4) and PostgreSQL"
  echo
  echo "| endpoint | full req/s | static req/s | full/static | bypass req/s | minimal req/s | bypass/minimal | uncached median ms | uncached p99 ms |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  for entry in "${endpoints[@]}"; do
    IFS='|' read -r spec path file <<<"$entry"
    echo "| $spec | ${full[$spec]} | ${static[$spec]} | $(ratio "${full[$spec]}" "${static[$spec]}") | ${bypass[$spec]} | ${minimal[$spec]} | $(ratio "${bypass[$spec]}" "${minimal[$spec]}") | ${median[$spec]} | ${p99[$spec]} |"
  done
  echo
  echo "Targets: full/static >= 0.85, bypass/minimal >= 0.70, uncached median <= 20 ms."
  echo
  echo "- freshness, committed insert until /totalSupply shows it, 20 times: max $(tail -1 <<<"$sorted_freshness") ms, median $(sed -n 10p <<<"$sorted_freshness") ms (target: max <= 2000 ms)"
  echo "- peak RSS (VmHWM) per handler process: supply $((${peak_rss[supply]:-0} / 1024)) MB, protocol $((${peak_rss[protocol]:-0} / 1024)) MB (target: <= 64 MB)"
} >"$results"
cat "$results"
say "written to $results"
