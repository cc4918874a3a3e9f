#!/usr/bin/env bash
# make bench, its MCP part: a tool call of POST /mcp (handlers/mcp) against the GET of the same
# answer, into bench/MCP.md. For a few answers (6.3 earn-apy, small; 6.12 latest-collateral of
# eth; 6.13 collateral-history of eth, MONTHLY, a history) it measures with wrk
# (bench/mcp-call.lua) the GET, published and served by nginx, and the tool call that stands for
# it ({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":...,"arguments":{...}}},
# Content-Type application/json, Accept "application/json, text/event-stream"): requests/s and
# latency p50/p99, under load (wrk -t2 -c64 for SECONDS_PER_RUN s, default 1; each pair in
# ROUNDS rounds, default 6, in the order A B B A, the mean of each kept: the machine is shared
# and noisy) and on one connection (wrk -t1 -c1, 3 s); then tools/list on one connection.
#
# Before it measures, each answer is checked: the GET is a 200 served from the published set,
# and the tool call's result is no error and its text is the GET's body, byte for byte. A run in
# which wrk saw any failed request or any status of 400 or more fails the benchmark: a
# benchmark of errors is worthless. (A JSON-RPC error is a 200; the check before the runs is what
# rules it out, on the same request.)
#
# The data: the benchmark database (var/bench, make bench-data) when it is there, as after
# make bench; else the demo data, in var/bench-mcp. MCP_DATA=bench or demo chooses. HANDLERS
# (build/release/handlers, make build) says whose binaries run. About 2 minutes.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

seconds=${SECONDS_PER_RUN:-1}
rounds=${ROUNDS:-6}
handlers=${HANDLERS:-$root_dir/build/release/handlers}
results=$root_dir/bench/MCP.md
script=$root_dir/bench/mcp-call.lua
stack_port=18087

bench_stack_data mcp MCP_DATA
(exec 3<>"/dev/tcp/127.0.0.1/$stack_port") 2>/dev/null &&
  die "port $stack_port is in use: is another benchmark running?"
[ -x "$handlers/mcp" ] || die "no mcp handler in $handlers (make build)"
command -v wrk >/dev/null || die "wrk is not installed (make deps)"
mkdir -p "$var"
work=$(mktemp -d)

stop_all() {
  bench_stack_stop
  rm -rf "$work"
  published_tmpfs_remove
}
trap stop_all EXIT
# The publisher's directory on a tmpfs, as in production (/run/coin-api-published); see bench.sh.
published_tmpfs mcp

say "MCP benchmark: the stack on the $data data (see $var/mcp-stack.log)"
# MCP_REQUESTS above the 64 connections: the calls a run's end cancels are still in progress for
# a few ms as the next run opens its connections, and would be refused (429) at production's 64.
bench_stack_start "$stack_port" "$var/mcp-stack.log" VAR="$var" PUBLISHED="$published_dir" DATA="$run_data" PUBLISH=on \
  HANDLERS="$handlers" MCP_REQUESTS=128
base=http://127.0.0.1:$stack_port

data_scale=$(bench_data_scale)

# The answers: spec|GET path and query|tool|its arguments (a JSON object).
cases=(
  "6.3|/api/v1/external/earn-apy|external_earn_apy|{}"
  "6.12|/api/v1/data-platform/latest-collateral?chain=eth|data_platform_latest_collateral|{\"chain\":\"eth\"}"
  "6.13|/api/v1/data-platform/collateral-history?chain=eth&interval=MONTHLY|data_platform_collateral_history|{\"chain\":\"eth\",\"interval\":\"MONTHLY\"}"
)
call_body() {  # TOOL ARGUMENTS -> the tools/call message
  printf '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"%s","arguments":%s}}' "$1" "$2"
}
list_body='{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
post() {  # BODY OUT: POST /mcp as a client sends it; fails on a status other than 200
  curl -sf -o "$2" -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
    --data-binary "$1" "$base/mcp"
}

# The checks, before any measurement.
endpoints=$("$handlers/publisher" --routes | wc -l)
declare -A get_bytes=() call_bytes=()
for row in "${cases[@]}"; do
  IFS='|' read -r spec path tool arguments <<<"$row"
  curl -sf -o "$work/$spec.get" "$base$path" || die "GET $path: no 200"
  post "$(call_body "$tool" "$arguments")" "$work/$spec.call" || die "tools/call $tool: no 200"
  # The result's text is the GET's body, byte for byte (node: the one JSON parser of deps.sh).
  node -e '
    const fs = require("fs");
    const [reply, body] = [JSON.parse(fs.readFileSync(process.argv[1], "utf8")), fs.readFileSync(process.argv[2], "utf8")];
    const result = reply.result;
    if (reply.jsonrpc !== "2.0" || reply.id !== 1 || !result) throw new Error("not a result: " + JSON.stringify(reply).slice(0, 300));
    if (result.isError !== false) throw new Error("an error: " + JSON.stringify(result).slice(0, 300));
    if (result.content[0].text !== body) throw new Error("its text is not the GET body");
  ' "$work/$spec.call" "$work/$spec.get" || die "tools/call $tool does not answer what GET $path does"
  get_bytes[$spec]=$(stat -c %s "$work/$spec.get") call_bytes[$spec]=$(stat -c %s "$work/$spec.call")
done
post "$list_body" "$work/list" || die "tools/list: no 200"
node -e '
  const reply = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  if (!reply.result || reply.result.tools.length !== Number(process.argv[2])) throw new Error("not a tool per endpoint");
' "$work/list" "$endpoints" || die "tools/list does not list a tool per endpoint"
list_bytes=$(stat -c %s "$work/list")
# Each GET was served from the published set.
served_published "$var/nginx/access.log" HTTP/1.1 "${cases[@]}"

# measure CONNECTIONS SECONDS URL [BODY] -> "req/s p50 p99": wrk with bench/mcp-call.lua, a POST
# of BODY or a GET; fails when a request failed or got a status of 400 or more.
measure() {
  local threads=$(($1 < 2 ? 1 : 2)) line rate p50 p99 requests errors
  line=$(MCP_BODY=${4:-} wrk -t"$threads" -c"$1" -d"$2s" -s "$script" "$3" | grep '^mcp-bench: ') ||
    die "wrk printed no figures for $3"
  read -r _ rate p50 p99 requests errors <<<"$line"
  ((errors == 0)) || die "$errors of $requests requests failed or got an error status: ${4:-GET $3}"
  echo "$rate $p50 $p99"
}
# A B: measure's arguments after CONNECTIONS SECONDS, each as one string ("URL" or "URL|BODY"),
# under load -> "A's figures|B's", each the mean of $rounds rounds A B B A.
side_by_side() {
  alternated "$rounds" "$(loaded "$1")" "$(loaded "$2")"
}
loaded() {  # "URL" or "URL|BODY" -> the command that measures it on 64 connections
  printf '%q ' measure 64 "$seconds" "${1%%|*}" "$([[ $1 == *'|'* ]] && echo "${1#*|}")"
}

declare -A loaded_get=() loaded_call=() single_get=() single_call=()
for row in "${cases[@]}"; do
  IFS='|' read -r spec path tool arguments <<<"$row"
  say "$spec: GET $path against tools/call $tool"
  IFS='|' read -r "loaded_get[$spec]" "loaded_call[$spec]" < <(
    side_by_side "$base$path" "$base/mcp|$(call_body "$tool" "$arguments")")
  single_get[$spec]=$(measure 1 3 "$base$path")
  single_call[$spec]=$(measure 1 3 "$base/mcp" "$(call_body "$tool" "$arguments")")
done
say "tools/list"
list_single=$(measure 1 3 "$base/mcp" "$list_body")
list_loaded=$(measure 64 "$seconds" "$base/mcp" "$list_body")

# The mcp processes' peak memory, over the whole run.
mcp_rss=$(for pid in $(pgrep -f "^$handlers/mcp " || true); do
            awk '/^VmHWM/ {printf "%d MB, ", $2 / 1024}' "/proc/$pid/status" 2>/dev/null || true
          done | sed 's/, $//')
postgres_version=$(bench_database 'SHOW server_version')
bench_stack_stop

{
  echo "# coin-api: an MCP tool call against the GET of the same answer"
  echo
  echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC') by \`scripts/bench/bench-mcp.sh\`, one run, at commit $(git -C "$root_dir" rev-parse --short HEAD); the mcp handler built $(date -u -r "$handlers/mcp" '+%Y-%m-%d %H:%M UTC') ($handlers)."
  echo
  echo "- machine: $(nproc) cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo) RAM, $(uname -sr)"
  echo "- software: $(nginx -v 2>&1 | sed 's/.*: //'), PostgreSQL $postgres_version, $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2)"
  echo "- data: $data ($data_scale)"
  echo "- stack: scripts/dev/run.sh, PUBLISH=on, THREADS=2: the GET is the published file, served by nginx; the tool call goes to the mcp handler's two processes (POST /mcp), which answer it from the handlers' dispatch and response cache"
  echo "- load: wrk -t2 -c64 -d${seconds}s, each cell the mean of $rounds rounds in the order GET, call, call, GET, and wrk -t1 -c1 -d3s, on the same $(nproc) cores as nginx, the handlers and PostgreSQL; every run checked free of errors (no failed request, no status of 400 or more: wrk's \"Non-2xx or 3xx responses\" 0), and before the runs each request checked a 200 and each call's result text equal to the GET's body"
  echo "- tool call: \`{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":<tool>,\"arguments\":{...}}}\`, Content-Type application/json, Accept \"application/json, text/event-stream\"; its reply holds the answer twice for a JSON answer (the text, escaped, and the structured content)"
  echo
  echo "Under load (64 connections):"
  echo
  echo "| answer | tool | GET bytes | call reply bytes | GET req/s | call req/s | call/GET | GET p50 / p99 ms | call p50 / p99 ms |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
  for row in "${cases[@]}"; do
    IFS='|' read -r spec path tool _ <<<"$row"
    g=${loaded_get[$spec]} c=${loaded_call[$spec]}
    echo "| $spec \`${path#/api/v1/}\` | $tool | ${get_bytes[$spec]} | ${call_bytes[$spec]} | $(field "$g" 1) | $(field "$c" 1) | $(ratio "$(field "$c" 1)" "$(field "$g" 1)") | $(field "$g" 2) / $(field "$g" 3) | $(field "$c" 2) / $(field "$c" 3) |"
  done
  echo
  echo "On one connection (latency without queueing):"
  echo
  echo "| answer | GET req/s | call req/s | call/GET | GET p50 / p99 ms | call p50 / p99 ms |"
  echo "|---|---:|---:|---:|---:|---:|"
  for row in "${cases[@]}"; do
    IFS='|' read -r spec path _ <<<"$row"
    g=${single_get[$spec]} c=${single_call[$spec]}
    echo "| $spec \`${path#/api/v1/}\` | $(field "$g" 1) | $(field "$c" 1) | $(ratio "$(field "$c" 1)" "$(field "$g" 1)") | $(field "$g" 2) / $(field "$g" 3) | $(field "$c" 2) / $(field "$c" 3) |"
  done
  echo
  echo "- tools/list ($list_bytes bytes, $endpoints tools; it reads the Vault types from the database on every call): one connection $(field "$list_single" 1) req/s, p50 $(field "$list_single" 2) ms, p99 $(field "$list_single" 3) ms; 64 connections $(field "$list_loaded" 1) req/s, p50 $(field "$list_loaded" 2) ms, p99 $(field "$list_loaded" 3) ms"
  echo "- peak RSS (VmHWM) of the mcp processes: ${mcp_rss:-unknown}"
} >"$results"
cat "$results"
say "written to $results"
