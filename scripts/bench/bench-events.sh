#!/usr/bin/env bash
# make bench, its event stream part: GET /api/v1/events (nginx/events.conf) at scale, into
# bench/EVENTS.md. bench/event-subscribers.mjs opens SUBSCRIBERS (10,000) idle Server-Sent Events
# subscribers on loopback, then commits COMMITS (3) snapshots one after the other (tron's latest
# row again, now, with 1 more COIN, as scripts/bench/bench.sh's write_snapshot); for each, the
# time from its commit until each subscriber had its event: p50, p99 and the last; and nginx's
# workers' memory (RSS and PSS) before and after the subscribers connected, per subscriber.
#
# The data: the benchmark database (var/bench, make bench-data) when it is there, as after
# make bench; else the demo data, in var/bench-events. EVENTS_DATA=bench or demo chooses. The
# stack runs with its production setting of EVENT_STREAMS (8 streams per client address, or
# EVENT_STREAMS=N), so the subscribers connect from SUBSCRIBERS / EVENT_STREAMS addresses of
# 127.0.0.0/8, and the tool checks that each was answered 200. It needs a descriptor per
# subscriber (ulimit -n is raised to its hard limit), and nginx's workers together room for
# them (worker_connections in nginx/nginx.conf, checked first). HANDLERS (build/release/handlers)
# says whose binaries run. The run is capped: 180 s for the subscribers' part.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

subscribers=${SUBSCRIBERS:-10000}
commits=${COMMITS:-3}
per_address=${EVENT_STREAMS:-8}
handlers=${HANDLERS:-$root_dir/build/release/handlers}
results=$root_dir/bench/EVENTS.md
stack_port=18085
cap_seconds=180

bench_stack_data events EVENTS_DATA
(exec 3<>"/dev/tcp/127.0.0.1/$stack_port") 2>/dev/null &&
  die "port $stack_port is in use: is another benchmark running?"
[ -x "$handlers/publisher" ] || die "no publisher in $handlers (make build)"
ulimit -n "$(ulimit -Hn)"
(($(ulimit -n) >= subscribers + 256)) ||
  die "$subscribers subscribers need $((subscribers + 256)) descriptors; ulimit -n allows $(ulimit -n)"
mkdir -p "$var"

# The publisher's directory on a tmpfs, as in production (/run/coin-api-published); see bench.sh.
trap 'bench_stack_stop; published_tmpfs_remove' EXIT
published_tmpfs events

say "event stream benchmark: the stack on the $data data (see $var/stack.log)"
bench_stack_start "$stack_port" "$var/stack.log" VAR="$var" PUBLISHED="$published_dir" DATA="$run_data" \
  HANDLERS="$handlers" EVENT_STREAMS="$per_address"

# Room in nginx's workers: each holds at most worker_connections, and the kernel spreads new
# connections over them unevenly (here 5,100 and 4,900 of 10,000): a quarter to spare.
worker_connections=$(awk '/^[[:space:]]*worker_connections/ {gsub(";", "", $2); print $2}' "$var/nginx/conf/nginx.conf")
workers=$(pgrep -c -P "$(cat "$var/nginx/nginx.pid")")
((worker_connections * workers >= subscribers * 5 / 4)) ||
  die "nginx's $workers workers of worker_connections $worker_connections cannot hold $subscribers subscribers" \
      "with a quarter to spare: raise worker_connections in nginx/nginx.conf to" \
      "$((subscribers * 5 / 4 / workers + 1)) at least"

data_scale=$(bench_data_scale)
commit="psql -qAtX -h '$var/pg' -U coin_indexer -d coin -c \"
  INSERT INTO snapshot.chain_state
    (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
  SELECT chain, clock_timestamp(), coin_supply + 1, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl
    FROM snapshot.chain_state WHERE chain = 'tron' ORDER BY taken_at DESC LIMIT 1\""

say "$subscribers subscribers, $commits commits"
measured=$var/events.json
status=0
timeout $((cap_seconds + 30)) node "$root_dir/bench/event-subscribers.mjs" \
  --url "http://127.0.0.1:$stack_port/api/v1/events" --var "$var" --commit "$commit" \
  --subscribers "$subscribers" --per-address "$per_address" --commits "$commits" --cap "$cap_seconds" \
  >"$measured" || status=$?
((status == 0)) || die "bench/event-subscribers.mjs failed (status $status): $(cat "$measured")"
render_ms=$(awk '/publisher: published in/ {for (i = 1; i < NF; i++) if ($i == "in") print $(i + 1)}' "$var/stack.log" |
            tail -n "$commits" | paste -sd ' ')
bench_stack_stop

# figure EXPRESSION: a JavaScript expression of r, the tool's result, printed.
figure() { node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
                   console.log(new Function("r", `return ${process.argv[2]};`)(r));' "$measured" "$1"; }
{
  echo "# Event stream at scale"
  echo
  echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC') by scripts/bench/bench-events.sh (\`make bench\`; bench/event-subscribers.mjs), one run."
  echo
  echo "- machine: $(nproc) cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo) RAM, $(uname -sr)"
  echo "- software: $(nginx -v 2>&1 | sed 's/.*: //'), nchan $(dpkg-query -W -f '${Version}' libnginx-mod-nchan 2>/dev/null || echo '?') (Debian's libnginx-mod-nchan), Node.js $(node --version)"
  echo "- data: the $data data, $data_scale"
  echo "- nginx: $workers workers of worker_connections $worker_connections, EVENT_STREAMS $per_address per address"
  echo "- subscribers: $(figure r.subscribers) idle Server-Sent Events streams, connected in $(figure r.connectSeconds) s from $(figure r.addresses) loopback addresses ($per_address each, from 127.1.0.1), all in one Node.js process on the same $(nproc) cores as nginx, the publisher and PostgreSQL"
  echo "- nginx's workers spread them: $(figure 'r.nginx.descriptors.after.join(" and ")') open descriptors"
  echo
  echo "Each commit, one after the other: a snapshot committed (psql), until every subscriber had its event. The time of"
  echo "each runs from the commit's end (psql's exit) to the event's arrival in the subscriber's process: the"
  echo "publisher's render of the set (what the commit may have changed), its post to nginx and nchan's fan-out,"
  echo "and the reading of $(figure r.subscribers) sockets by one process. The first subscriber's is about what a single one sees."
  echo
  echo "| commit | events | first ms | p50 ms | p99 ms | last ms |"
  echo "|---:|---:|---:|---:|---:|---:|"
  figure 'r.rounds.map((c) => `| ${c.round} | ${c.received} | ${c.firstMs} | ${c.p50Ms} | ${c.p99Ms} | ${c.maxMs} |`).join("\n")'
  echo "| all | $(figure r.all.events) | | $(figure r.all.p50Ms) | $(figure r.all.p99Ms) | $(figure r.all.maxMs) |"
  echo
  echo "- the publisher's publications of those sets (its log: the render, the swap, the post to nginx and the old set's removal): $render_ms ms"
  echo "- nginx's workers, summed: RSS $(figure r.nginx.before.rssKb) kB with no subscriber, $(figure r.nginx.after.rssKb) kB with $(figure r.subscribers): $(figure r.nginx.rssKbPerSubscriber) kB per subscriber; PSS $(figure r.nginx.before.pssKb) kB, $(figure r.nginx.after.pssKb) kB: $(figure r.nginx.pssKbPerSubscriber) kB per subscriber (the kernel's socket buffers not included)"
} >"$results"
cat "$results"
say "written to $results"
