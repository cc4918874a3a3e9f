#!/usr/bin/env bash
# make bench: one run of the benchmark on the benchmark database (make bench-data, built first
# when missing), printing a table and writing it to bench/RESULTS.md.
#
# Every endpoint of the list (`publisher --routes`; 6.12, 6.13 and 6.15 with their largest
# answer), plain and, where compressed variants are published, gzip (Accept-Encoding: gzip) and
# br (a browser's Accept-Encoding: gzip, deflate, br); and three
# answers computed per request, never published (a year of 6.9 by range, 6.13's largest window
# as CSV, a day of 6.15 by range), in the handlers' rows only: wrk with 2 threads
# and 64 connections for $SECONDS_PER_RUN s (default 1), side by side in $ROUNDS rounds (default
# 6) in the order A B B A, each one's mean kept: the machine is shared, and its speed moves by
# a tenth over seconds; short runs in turn see the same moments (the better of two runs of 5 s,
# as this did before, gave the same build's 6.1 0.83 to 1.00 of the static server):
#   published  the whole stack: nginx serving the publisher's answers (PUBLISH=on)
#   static     a plain nginx static server (gzip_static, brotli_static) serving the published
#              files themselves (hard links)
#   handlers   nginx without the publisher (PUBLISH=off): every request reaches a handler, which
#              answers from its own cache (the fallback path)
#   minimal    the same nginx before bench/minimal_responder, which returns the same bytes
# then the uncached render time (PUBLISH=off, handlers with --no-cache: every request runs its
# query) as median and p99 of 200 sequential requests; freshness: the first commit after the
# stack started, apart, then polled without pause (a committed snapshot until /totalSupply
# shows it, 20 times), sparse (3 s without any request, then a commit and one request every
# 10 ms until one shows it, 20 times) and past an hour of the grid (5 times); the
# publisher's render time; the peak RSS of every handler process and of the publisher; and
# api.points_between, the SQL of every range, against the plainest filter (bench/points_between.sql).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

seconds=${SECONDS_PER_RUN:-1}
rounds=${ROUNDS:-6}
mkdir -p "${VAR:-$root_dir/var/bench}"
var=$(cd "${VAR:-$root_dir/var/bench}" && pwd)
handlers=$root_dir/build/release/handlers
results=$root_dir/bench/RESULTS.md
stack_port=18080 static_port=18081 minimal_port=18082

for port in $stack_port $static_port $minimal_port; do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && die "port $port is in use: is another benchmark running?"
done
[ -f "$var/pg/data/PG_VERSION" ] || VAR=$var "$root_dir/scripts/bench/bench-data.sh"

stack_pid=
reference_pids=()
stop_all() {
  stop_stack
  [ ${#reference_pids[@]} -eq 0 ] || kill -TERM "${reference_pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
  published_tmpfs_remove
}
trap stop_all EXIT

# The publisher's directory on a tmpfs, as in production (/run/coin-api-published): on this
# machine's ext4 (mounted with discard), creating and removing a set's files took more of the
# publisher's time than compressing them.
published_tmpfs stack
# start_stack PUBLISH HANDLER_FLAGS: scripts/dev/run.sh on the benchmark database, as it is.
start_stack() {
  bench_stack_start "$stack_port" "$var/stack.log" VAR="$var" PUBLISHED="$published_dir" DATA=keep PUBLISH="$1" \
    HANDLER_FLAGS="$2" HANDLERS="$handlers"
}
# stop_stack: the stack's processes' peak memory read, then the stack stopped.
stop_stack() {
  [ -z "$stack_pid" ] || record_peak_rss
  bench_stack_stop
}

# The highest VmHWM of each binary of the stack over every stack of the run, in MB.
declare -A peak_rss=()
record_peak_rss() {
  local binary pid kb
  for binary in "${groups[@]}" publisher; do
    for pid in $(pgrep -f "^$handlers/$binary " || true); do
      kb=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
      if ((kb > ${peak_rss[$binary]:-0})); then peak_rss[$binary]=$kb; fi
    done
  done
}

requests_per_second() {  # URL [HEADER] -> req/s of wrk, 2 threads, 64 connections
  wrk -t2 -c64 -d"${seconds}s" ${2:+-H "$2"} "$1" | awk '/^Requests\/sec:/ {printf "%.0f", $2}'
}

# URL_A URL_B [HEADER] -> "A B": the mean req/s of each over $rounds rounds A B B A.
side_by_side() {
  alternated "$rounds" "$(printf '%q ' requests_per_second "$1" "${3:-}")" \
    "$(printf '%q ' requests_per_second "$2" "${3:-}")" | tr '|' ' '
}

# Each variant of a published answer: the Accept-Encoding it is asked with, and the
# Content-Encoding it must come with (checked before it is measured).
declare -A accept_encoding=([plain]= [gzip]="Accept-Encoding: gzip" [br]="Accept-Encoding: gzip, deflate, br")
declare -A content_encoding=([plain]= [gzip]=gzip [br]=br)
# URL VARIANT: dies unless URL asked for VARIANT comes in its encoding.
expect_encoding() {
  local encoding
  encoding=$(curl -sf -o /dev/null -w '%header{content-encoding}' ${accept_encoding[$2]:+-H "${accept_encoding[$2]}"} "$1")
  [ "$encoding" = "${content_encoding[$2]}" ] || die "$1 as $2 came with Content-Encoding '$encoding'"
}
# Whether a row is one of the handlers' (the plain answers and those computed per request), not
# a compressed variant of a published answer, which only the published rows measure.
handlers_row() { [ "$1" = plain ] || [ "$1" = computed ]; }

say "building"
make -C "$root_dir" --no-print-directory build >/dev/null
"$handlers/publisher" --routes >"$var/routes.tsv"
mapfile -t groups < <(cut -f 3 "$var/routes.tsv" | awk '!seen[$0]++')

# 1. The stack with the publisher; its answers' bytes for the references.
start_stack on ""
# The data as autovacuum keeps a database in service: one loaded in a single transaction, or
# upgraded by a change that rewrote a table, has no page marked all-visible until a vacuum, and
# every index-only scan (the histories' windows) reads the heap row by row meanwhile.
bench_database "VACUUM (ANALYZE)"
published=$published_dir/current
# The references serve the same bytes with the same headers: the static one as literal values
# (literal_location), the minimal responder's through nginx/header-values.conf, which reads
# X-Snapshot-Blocks from the name of the directory served, so it is named like a published set
# ("set.<blocks>.static"). The static one serves the published files themselves, hard links on
# the stack's tmpfs: a copy's pages lie elsewhere in memory, and on this kind of VM where a file
# lies moved a static server's rate by up to 8% against one serving the same bytes from another
# file (docs/performance.md), more than the differences measured here.
blocks=$(readlink "$published") blocks=${blocks#set.} blocks=${blocks%.*}
answers=$published_mount/reference/set.$blocks.static
rm -rf "$var/reference" "$published_mount/reference"
mkdir -p "$answers" "$var/reference/tmp"
chmod 0755 "$var/reference" "$published_mount/reference" "$answers"
# literal_location PATH REFERENCE: a location of the static reference that sends REFERENCE with
# the headers the stack sent with PATH's published answer, as literal values: a stock nginx with
# fixed headers does no work per request to find them (the stack's come from maps,
# nginx/header-values.conf, and those that differ per file from the set's name and index,
# published.conf), so it is the stricter reference; the signature's are the plain file's for
# its .gz and .br too (a Signature-Input some 20 bytes shorter than theirs). Not those nginx
# gives a static file itself.
literal_location() {
  local headers
  headers=$(curl -sf -D - -o /dev/null "http://127.0.0.1:$stack_port$1" | tr -d '\r' | tail -n +2 |
    grep -viE '^(server|date|content-type|content-length|last-modified|connection|etag|accept-ranges|content-encoding|keep-alive|transfer-encoding):' |
    grep .) || die "no headers of $1"
  [[ $headers != *[\$\\]* ]] || die "a header of $1 has a character nginx would read: $headers"
  echo "location = /$2 {"
  sed -E 's/"/\\"/g; s/^([^:]+): (.*)$/  add_header \1 "\2" always;/' <<<"$headers"  # Signature-Input has quotes
  echo "}"
}
# largest DIRECTORY: the name of the largest published answer of DIRECTORY.
largest() {
  # sed, not head: ls writes a long list in two writes, and one after head ended it is killed
  # (SIGPIPE), which pipefail makes the script's end (6.15's 72 answers).
  local file
  file=$(cd "$published" && { ls -S "$1"/*.json "large/$1"/*.json 2>/dev/null || true; } | sed -n 1p)
  echo "${file#large/}"
}
literal=$var/reference/literal-headers.conf
rows=()  # spec|request path|reference file|plain, gzip, br or computed
while IFS=$'\t' read -r spec path _ _ type parameters _ _ answered; do  # the other columns unused
  [ "$answered" = published ] || continue  # a page of urns, an urn's history: bench/URNS.md
  file=${path#/}
  if [ "$parameters" != - ]; then  # the endpoint's largest answer
    file=$(largest "$file")
    # The data may give it none (6.18 without any urn): nothing to measure.
    [ -n "$file" ] || { say "$spec: no published answer in this data, not measured"; continue; }
    path="$path?$(basename "$file" .json)"
  else
    file=$file.${type#*/}
    file=${file/%.plain/.txt}
  fi
  reference=$spec.${file##*.}
  ln "$(placed "$published" "$file")" "$answers/$reference"
  literal_location "$path" "$reference" >>"$literal"
  rows+=("$spec|$path|$reference|plain")
  for variant in gzip br; do
    suffix=.${variant/gzip/gz}
    [ -f "$(placed "$published" "$file$suffix")" ] || continue
    ln "$(placed "$published" "$file$suffix")" "$answers/$reference$suffix"
    rows+=("$spec|$path|$reference|$variant")
  done
done <"$var/routes.tsv"
newest_ms=$(bench_database "SELECT floor(extract(epoch FROM max(taken_at)) * 1000)::bigint FROM snapshot.chain_state")
largest_window=$(basename "$(largest api/v1/data-platform/collateral-history)" .json)
for extra in "6.9?from|/api/v1/data-platform/overview/supply-value-history?from=$((newest_ms - 365 * 86400000))" \
             "6.13?format=csv|/api/v1/data-platform/collateral-history?$largest_window&format=csv" \
             "6.15?from|/api/v1/data-platform/vault-history?chain=tron&vaultType=TRX-A&interval=WEEKLY&from=$((newest_ms - 86400000))"; do
  spec=${extra%%|*} path=${extra#*|}
  reference=${spec//[?=]/-}
  curl -sf -o "$answers/$reference" "http://127.0.0.1:$stack_port$path" || die "no answer to $path"
  rows+=("$spec|$path|$reference|computed")
done
chmod a+r "$answers"/*
"$root_dir/build/release/bench/minimal_responder" --socket "$var/reference/minimal.sock" --threads 4 "$answers" &
reference_pids+=($!)
render_nginx "$var" "$var/reference/conf" "$handlers/publisher" STATIC_PORT="$static_port" \
  MINIMAL_PORT="$minimal_port" ANSWERS="$answers" "$root_dir/bench/nginx.conf"
nginx -p "$var/reference" -c "$var/reference/conf/nginx.conf" -g 'daemon off;' &
reference_pids+=($!)
wait_for "the reference nginx" curl -sf -o /dev/null "http://127.0.0.1:$static_port/6.1.txt"
wait_for "the minimal responder" curl -sf -o /dev/null "http://127.0.0.1:$minimal_port/6.1.txt"

declare -A served=() static=() through_handlers=() minimal=() median=() p99=()
for row in "${rows[@]}"; do
  IFS='|' read -r spec path reference variant <<<"$row"
  [ "$variant" != computed ] || continue
  say "$spec $variant: published, static"
  expect_encoding "http://127.0.0.1:$stack_port$path" "$variant"
  expect_encoding "http://127.0.0.1:$static_port/$reference" "$variant"
  read -r "served[$spec $variant]" "static[$spec $variant]" < <(
    side_by_side "http://127.0.0.1:$stack_port$path" "http://127.0.0.1:$static_port/$reference" \
      "${accept_encoding[$variant]}")
done

postgres_version=$(bench_database 'SHOW server_version')
data_scale=$(bench_data_scale)
say "api.points_between"
points_between=$(psql -qAtX -v ON_ERROR_STOP=1 -h "$var/pg" -U postgres -d coin -f "$root_dir/bench/points_between.sql")
IFS='|' read -r points_between_ms points_reference_ms <<<"$points_between"

# A new tron snapshot: its latest row again, now (or at TAKEN_AT, SQL of the latest row's
# taken_at), with 1 more COIN. Prints when it was committed, in ns: the server's clock in the
# statement after it (psql's exit and a `date` after it would come some 20 ms later, and that
# time not be counted).
write_snapshot() {  # [TAKEN_AT]
  psql -qAtX -h "$var/pg" -U coin_indexer -d coin -c "
    INSERT INTO snapshot.chain_state
      (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
    SELECT chain, ${1:-clock_timestamp()}, coin_supply + 1, scoin_supply, coin_price, scoin_price,
           earn_apy, earn_tvl
      FROM snapshot.chain_state WHERE chain = 'tron' ORDER BY taken_at DESC LIMIT 1" \
    -c "SELECT (extract(epoch FROM clock_timestamp()) * 1e9)::bigint"
}
# The event stream, read as a client would, in blocks: the time each event's data came, in ns.
# Not by bash's `read`, which takes a byte per system call from a pipe: 30-40 ms for an event of
# a set's 100 changed answers (12 KB) on this machine.
events_log=$var/events.log
curl -sN -H 'Accept: text/event-stream' "http://127.0.0.1:$stack_port/api/v1/events" |
  perl -MTime::HiRes=time -ne 'BEGIN { $| = 1 } printf "%d\n", time() * 1e9 if /^data:/' >"$events_log" &
sleep 1  # it connects in milliseconds; a missed first event would stop the run below
# freshness PAUSE [TAKEN_AT]: "A E": ms from a committed snapshot (write_snapshot's) until
# /totalSupply shows it, asked every PAUSE s (A), and until its event came (E).
freshness() {
  local before start events
  before=$(curl -sf "http://127.0.0.1:$stack_port/totalSupply")
  events=$(wc -l <"$events_log")
  start=$(write_snapshot "${2:-}")
  until [ "$(curl -sf "http://127.0.0.1:$stack_port/totalSupply")" != "$before" ]; do
    (( $(date +%s%N) - start < 10000000000 )) || die "the snapshot did not show within 10 s"
    sleep "$1"
  done
  echo "$(( ($(date +%s%N) - start) / 1000000 ))"
  until (( $(wc -l <"$events_log") > events )); do
    (( $(date +%s%N) - start < 10000000000 )) || die "no event within 10 s of the snapshot"
    sleep 0.01
  done
  echo "$(( ($(sed -n "$((events + 1))p" "$events_log") - start) / 1000000 ))"
}
# The CPU time, in ns, the publisher's database sessions used so far (each a process of one
# thread: its schedstat's first field).
publisher_sessions_ns() {
  local pid ns=0
  for pid in $(bench_database "SELECT pid FROM pg_stat_activity WHERE application_name = 'coin-api publisher'"); do
    ns=$((ns + $(cut -d ' ' -f 1 "/proc/$pid/schedstat")))
  done
  echo "$ns"
}
say "freshness"
# The first commit after the stack started, apart: the publisher's session plans its statements
# of live parts then, and the benchmark data's newest snapshot, some minutes old, is in an hour
# before the commit's.
read -r -d '' first_answer first_event < <(freshness 0) || true
polled=() sparse=() evented=() sessions_ms=()
for _ in $(seq 1 20); do
  read -r -d '' answer event < <(freshness 0) || true
  polled+=("$answer")
  sleep "0.$((RANDOM % 10))"
done
sets_before_sparse=$(grep -c 'publisher: published in' "$var/stack.log")
for _ in $(seq 1 20); do
  sleep 3  # nobody asks
  before_ns=$(publisher_sessions_ns)
  read -r -d '' answer event < <(freshness 0.01) || true
  sparse+=("$answer") evented+=("$event") sessions_ms+=($(( ($(publisher_sessions_ns) - before_ns) / 1000000 )))
done
# Commits past an hour of the grid, 5 (each 30 s past the next hour after the newest snapshot):
# tron's hourly windows move on, a point each, and every other window stays. Removed after, as
# they lie ahead of the clock, where the next benchmark's snapshots would land late.
crossing=()
for _ in $(seq 1 5); do
  sleep 1
  read -r -d '' answer event < <(freshness 0.01 "date_trunc('hour', taken_at) + interval '1 hour 30 seconds'") || true
  crossing+=("$answer")
done
bench_database "DELETE FROM snapshot.chain_state WHERE taken_at > now()"
stop_stack
render_ms=$(awk '/publisher: published in/ {for (i = 1; i < NF; i++) if ($i == "in") print $(i + 1)}' "$var/stack.log" | sort -n)
# The publisher's own CPU for each of the sparse commits' sets (its log: "..., CPU N ms": the set
# rendered, swapped in, its event posted and the set before last removed), and
# with its sessions'.
mapfile -t publisher_ms < <(awk '/publisher: published in/ {print $(NF - 1)}' "$var/stack.log" |
                              sed -n "$((sets_before_sparse + 1)),$((sets_before_sparse + 20))p")
set_ms=()
for i in "${!sessions_ms[@]}"; do set_ms+=($((sessions_ms[i] + publisher_ms[i]))); done
# Of the publisher's, the signing of each set's files ("..., N files signed in M ms, ...").
mapfile -t signing_ms < <(sed -n 's/.*publisher: published in .* files signed in \([0-9]*\) ms.*/\1/p' "$var/stack.log" |
                            sed -n "$((sets_before_sparse + 1)),$((sets_before_sparse + 20))p")
signed_files=$(sed -n 's/.*publisher: published in .*, \([0-9]*\) files signed in.*/\1/p' "$var/stack.log" | tail -n 1)

# 2. Without the publisher: the handlers answer, against the minimal responder.
start_stack off ""
for row in "${rows[@]}"; do
  IFS='|' read -r spec path reference variant <<<"$row"
  handlers_row "$variant" || continue
  say "$spec: handlers, minimal responder"
  read -r "through_handlers[$spec]" "minimal[$spec]" < <(
    side_by_side "http://127.0.0.1:$stack_port$path" "http://127.0.0.1:$minimal_port/$reference")
done
stop_stack

# 3. Uncached: every request runs the endpoint's query.
start_stack off --no-cache
for row in "${rows[@]}"; do
  IFS='|' read -r spec path reference variant <<<"$row"
  handlers_row "$variant" || continue
  say "$spec: uncached render"
  url="http://127.0.0.1:$stack_port$path"
  mapfile -t times < <(for _ in $(seq 1 200); do printf 'url = "%s"\noutput = /dev/null\n' "$url"; done |
                       curl -s -K - -w '%{time_total}\n' | sort -n)
  median[$spec]=$(awk '{printf "%.1f", $1 * 1000}' <<<"${times[99]}")
  p99[$spec]=$(awk '{printf "%.1f", $1 * 1000}' <<<"${times[197]}")
done
stop_stack

# The tables.
summary() {  # NUMBERS... -> "median X ms, p99 Y ms, max Z ms"
  local sorted
  sorted=$(printf '%s\n' "$@" | sort -n)
  echo "median $(sed -n "$(( ($# + 1) / 2 ))p" <<<"$sorted") ms, p99 $(sed -n "$(( ($# * 99 + 99) / 100 ))p" <<<"$sorted") ms, max $(tail -n 1 <<<"$sorted") ms"
}
{
  echo "# coin-api benchmark"
  echo
  echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC') by \`make bench\` (scripts/bench/bench.sh), one run."
  echo
  echo "- machine: $(nproc) cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo) RAM, $(uname -sr)"
  echo "- software: $(nginx -v 2>&1 | sed 's/.*: //'), PostgreSQL $postgres_version, $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2)"
  echo "- data: $data_scale"
  echo "- load: wrk -t2 -c64 -d${seconds}s, each cell the mean of $rounds rounds A B B A, on the same $(nproc) cores as nginx, the handlers (two processes of 2 threads per pool, like the minimal responder's 4), the publisher and PostgreSQL"
  echo
  echo "Published answers against nginx serving the same files (hard links) as static files:"
  echo
  echo "| endpoint | variant | published req/s | static req/s | published/static |"
  echo "|---|---|---:|---:|---:|"
  for row in "${rows[@]}"; do
    IFS='|' read -r spec path reference variant <<<"$row"
    [ "$variant" != computed ] || continue
    key="$spec $variant"
    echo "| $spec | $variant | ${served[$key]} | ${static[$key]} | $(ratio "${served[$key]}" "${static[$key]}") |"
  done
  echo
  echo "The handlers (the fallback path, PUBLISH=off) against the minimal libfcgi responder, and uncached:"
  echo
  echo "| endpoint | handlers req/s | minimal req/s | handlers/minimal | uncached median ms | uncached p99 ms |"
  echo "|---|---:|---:|---:|---:|---:|"
  for row in "${rows[@]}"; do
    IFS='|' read -r spec path reference variant <<<"$row"
    handlers_row "$variant" || continue
    echo "| $spec | ${through_handlers[$spec]} | ${minimal[$spec]} | $(ratio "${through_handlers[$spec]}" "${minimal[$spec]}") | ${median[$spec]} | ${p99[$spec]} |"
  done
  echo
  echo "Targets: published/static >= 0.95, handlers/minimal >= 0.70, uncached median <= 20 ms."
  echo
  echo "- the first commit after the stack started (the publisher's session plans its statements of live parts, and the data's newest snapshot is an hour of the grid behind): $first_answer ms until /totalSupply shows it, $first_event ms until its event"
  echo "- freshness, polled without pause (committed insert until /totalSupply shows it, 20 times): $(summary "${polled[@]}")"
  echo "- freshness, sparse (3 s without a request, then a commit and a request every 10 ms, 20 times): $(summary "${sparse[@]}") (target: max <= 1000 ms)"
  echo "- the event of a commit, sparse (the same 20 commits, on GET /api/v1/events): $(summary "${evented[@]}") (target: median <= 50 ms, p99 <= 100 ms)"
  echo "- freshness past an hour of the grid (a commit 30 s past the next hour, tron's hourly windows a point further, 5 times): $(summary "${crossing[@]}")"
  echo "- api.points_between, 1,100 daily points of 6.9's shape (801 kept), the best of 40 runs: $points_between_ms ms, the plainest filter of a flat array $points_reference_ms ms: points_between/plain $(ratio "$points_between_ms" "$points_reference_ms") (target: <= 5 ms)"
  echo "- publisher, a set rendered (what the writes may have changed) and swapped, $(wc -l <<<"$render_ms") times: $(summary $render_ms)"
  echo "- a set's CPU, sparse (the same 20 commits): the publisher's $(summary "${publisher_ms[@]}"), its database sessions' $(summary "${sessions_ms[@]}"), both $(summary "${set_ms[@]}") (target: median <= 30 ms)"
  echo "- of the publisher's, signing a set (each file of each answer, plain, .gz and .br, when the blocks moved; else the files written anew; Ed25519 and, for those whose bytes changed, SHA-256; the last set signed $signed_files files): $(summary "${signing_ms[@]}")"
  echo "- peak RSS (VmHWM) per process: $(for binary in "${groups[@]}" publisher; do printf '%s %s MB, ' "$binary" "$((${peak_rss[$binary]:-0} / 1024))"; done | sed 's/, $//') (target: <= 64 MB)"
} >"$results"
cat "$results"
say "written to $results"
