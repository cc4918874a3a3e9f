#!/usr/bin/env bash
# The figures of the capacity plan (docs/performance.md, Capacity plan): the hosts of
# scripts/test/topology.sh (Release build, demo data) under wrk from the machine's own
# namespace, and the CPU time each host's processes spent meanwhile, read from /proc: requests
# per CPU-second of nginx and of the handlers are what one core of each serves. Then what a
# snapshot costs: the database's CPU time to render and cache its answers, the WAL the primary
# ships to each standby, and the sessions each handler process holds. Writes bench/CAPACITY.md.
# As root; `make bench` runs it.
#
# Settings, from the environment: VAR=./var/capacity, SECONDS_PER_RUN=10.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || die "capacity.sh starts network namespaces (scripts/test/topology.sh): run it as root"
seconds=${SECONDS_PER_RUN:-10}
mkdir -p "${VAR:-$root_dir/var/capacity}"
var=$(cd "${VAR:-$root_dir/var/capacity}" && pwd)
net=10.79.0 prefix=coincap threads=4
results=$root_dir/bench/CAPACITY.md
tick=$(getconf CLK_TCK)

make -C "$root_dir" --no-print-directory build >/dev/null
rm -f "$var/hosts.tsv"
VAR=$var NET=$net PREFIX=$prefix DATA=demo THREADS=$threads HANDLERS=$root_dir/build/release/handlers \
  "$root_dir/scripts/test/topology.sh" >"$var/run.log" 2>&1 &
topology=$!
trap 'kill -TERM $topology 2>/dev/null; wait' EXIT
wait_for "the topology's hosts (see $var/run.log)" test -s "$var/hosts.tsv"
address() { awk -v host="$1" '$1 == host { print $2 }' "$var/hosts.tsv"; }  # a host's, as topology.sh gave it
front=http://$(address front):8080
wait_for "the topology (see $var/run.log)" curl -sf -o /dev/null "$front/totalSupply"

# cpu_ticks HOST [COMMAND]: the CPU time (user + system, in ticks) of the processes of a host's
# namespace, or of those among them named COMMAND.
cpu_ticks() {
  local pid total=0 fields
  for pid in $(ip netns pids "$prefix-$1"); do
    fields=$(cat "/proc/$pid/stat" 2>/dev/null) || continue
    [ -z "${2:-}" ] || [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$2" ] || continue
    fields=${fields##*) }  # after the command's name, which may hold spaces
    read -r -a fields <<<"$fields"
    total=$((total + fields[11] + fields[12]))  # utime and stime: fields 14 and 15 of stat
  done
  echo "$total"
}
# The databases: db1 is the first primary, and the readers' standby is db2, the first standby
# their list of hosts names; their PostgreSQL's processes alone (not Patroni's, nor etcd's).
counters() {  # every figure cpu_ticks gives, in one line
  echo "$(cpu_ticks front nginx) $(cpu_ticks front) $(cpu_ticks handler1) $(cpu_ticks handler2) \
$(cpu_ticks vault-history) $(cpu_ticks db2 postgres) $(cpu_ticks db1 postgres)"
}
# per_core REQUESTS TICKS: requests per CPU-second; "-" for processes that were all but idle.
per_core() {
  awk -v n="$1" -v t="$2" -v k="$tick" -v s="$seconds" 'BEGIN { if (t / k / s < 0.05) print "-"; else printf "%.0f", n / (t / k) }'
}
cores() { awk -v t="$1" -v k="$tick" -v s="$seconds" 'BEGIN { printf "%.2f", t / k / s }'; }

# Every published answer, as a request (its file's name is its path and query), and the same
# request in a form the handlers answer: an unknown parameter, or format=json where the path
# has no parameters (nginx publishes an endpoint without parameters for any query).
published=() handled=()
while read -r file; do
  file=${file#./} file=${file%.*}
  case $file in
    *=*) path="/${file%/*}?${file##*/}"; published+=("$path"); handled+=("$path&x=1") ;;
    *) published+=("/$file"); handled+=("/$file?format=json") ;;
  esac
done < <(cd "$var/front/published/current" && find . -type f \( -name '*.json' -o -name '*.txt' \) | sort)

# load NAME PATHS...: wrk with gzip taken, as clients do; one row of the table.
rows=()
load() {
  local name=$1 before after requests
  shift
  before=($(counters))
  requests=$(wrk -t2 -c64 -d"${seconds}s" -H 'Accept-Encoding: gzip' \
               -s "$root_dir/tests/fault/count_answers.lua" "$front" -- "$@" | awk '$1 == "requests" { print $2 }')
  after=($(counters))
  local d=() i
  for i in "${!after[@]}"; do d[i]=$((after[i] - before[i])); done
  local handlers=$((d[2] + d[3] + d[4]))
  rows+=("| $name | $((requests / seconds)) | $(cores "${d[0]}") | $(per_core "$requests" "${d[0]}") | $(cores "$handlers") | $(per_core "$requests" "$handlers") | $(cores "${d[5]}") |")
  say "$name: $((requests / seconds)) req/s"
}
say "load: ${#published[@]} answers, published and through the handlers"
load "published: 6.1 alone (its 29 bytes)" /totalSupply
load "published: every answer in turn" "${published[@]}"
load "through the handlers (cached): every answer in turn" "${handled[@]}"

# What a snapshot costs: 10 snapshots 3 s apart, no load. The database's CPU time (the
# publisher's set, and each handler process's queries for the answers asked for again after
# it), the WAL the primary wrote, and the time until it was published.
say "snapshots"
standby="host=$(address db2) dbname=coin user=postgres"
writer="host=$(address db1) dbname=coin user=postgres"
wal() { psql -qAtX "$writer" -c "SELECT pg_current_wal_lsn() - '0/0'"; }
# handler_sessions CONNINFO: the sessions there of one handler process (topology.sh names it).
handler_sessions() {
  psql -qAtX "$1" -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'coin-api handler1-protocol'"
}
before=($(counters)) wal_before=$(wal)
for _ in $(seq 1 10); do
  psql -qAtX "$writer" -c "INSERT INTO snapshot.chain_state
      (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
    SELECT chain, clock_timestamp(), coin_supply + 1, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl
      FROM snapshot.chain_state WHERE chain = 'tron' ORDER BY taken_at DESC LIMIT 1" >/dev/null
  sleep 0.5
  for path in "${handled[@]:0:20}"; do curl -s -o /dev/null "$front$path"; done  # a few handler answers asked again
  sleep 2.5
done
after=($(counters)) wal_after=$(wal)
snapshot_db_ms=$(( (after[5] - before[5]) * 1000 / tick / 10 ))
snapshot_publisher_ms=$(( (after[1] - before[1] - (after[0] - before[0])) * 1000 / tick / 10 ))
snapshot_wal_kb=$(( (wal_after - wal_before) / 10 / 1024 ))
render_ms=$(grep -h 'published in' "$var/front.log" | tail -n 10 |
            awk '{for (i = 1; i < NF; i++) if ($i == "in") print $(i + 1)}' | sort -n | sed -n 5p)
sessions=$(handler_sessions "$writer")
standby_sessions=$(handler_sessions "$standby")
answers=$(find "$var/front/published/current/" -type f \( -name '*.json' -o -name '*.txt' \) | wc -l)
published_mb=$(du -sm "$var/front/published/current/" | cut -f 1)

{
  echo "# coin-api capacity figures"
  echo
  echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC') by \`scripts/bench/capacity.sh\` (\`make bench\`), one run."
  echo
  echo "- machine: $(nproc) cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), $(uname -sr); every host and wrk share them"
  echo "- hosts: scripts/test/topology.sh, Release build, demo data; a handler process of $threads threads per group on each of two handler hosts, 6.15's on a host of its own; FastCGI over TCP between namespaces"
  echo "- load: wrk -t2 -c64 -d${seconds}s with Accept-Encoding: gzip, from the machine's own namespace over the bridge; CPU time from /proc of each host's processes"
  echo
  echo "| load | req/s | nginx cores busy | req/s per nginx core | handler cores busy | req/s per handler core | standby cores busy |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "Per snapshot (10 written, 3 s apart, without load; 20 handler answers asked again after each):"
  echo
  echo "- the standby's CPU time: $snapshot_db_ms ms (the publisher's set of $answers answers and the handlers' queries)"
  echo "- the publisher's CPU time: $snapshot_publisher_ms ms; its set rendered in $render_ms ms (median), $published_mb MB on disk"
  echo "- the WAL written on the primary, which every standby receives: $snapshot_wal_kb KB (a chain's row and the hourly rollup it updates)"
  echo "- database sessions of one handler process of $threads threads: $sessions on the primary (its LISTEN), $standby_sessions on the standby (its listener's reader and its workers)"
} >"$results"
cat "$results"
say "written to $results"
