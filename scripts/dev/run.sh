#!/usr/bin/env bash
# The whole stack in the foreground: PostgreSQL, the schema (sqitch), data, the publisher, the
# handler pools and nginx. Ctrl-C (or SIGTERM) stops all of it. `make run` and the end-to-end
# tests use it.
#
# Settings, from the environment:
#   PORT=8080        port nginx serves the API on
#   BIND=127.0.0.1   address nginx serves the API on
#   VAR=./var        directory of the stack's state: database, sockets, logs
#   DATA=demo        demo: fresh demo data up to now; fixture: the test fixture; empty: none;
#                    keep: as it is; chain: a live demo chain (below)
#   HANDLERS=build/release/handlers   directory of the handler binaries and the publisher
#   THREADS=4        worker threads (and database connections) per handler process
#   PUBLISH=on       on: the publisher renders every answer on every snapshot, and nginx serves
#                    them; off: no publisher, the handlers answer every request
#   HANDLER_FLAGS=   more flags for every handler process (e.g. --no-cache)
#   RATE_LIMIT=off   on: nginx limits requests per client address to RATE, BURST more at once
#   RATE=50r/s BURST=100  (RATE_LIMIT, RATE and BURST: defaults of render_nginx,
#                    scripts/package/lib.sh)
#   MAX_AGE=900      seconds after which data are too old: /healthz answers 503
#   METRICS_ALLOW="127.0.0.1 ::1"  addresses that may read /metrics (render_nginx's default)
#   PUBLISHED=$VAR/published  the publisher's directory (production's is on tmpfs, /run)
#   SIGNING_KEY=$VAR/signing-key.pem  the Ed25519 key that signs the answers, the handlers'
#                    and the publisher's (made when there is none, and kept)
#   EVENT_STREAMS=8 EVENT_BUFFER=100  event streams per client address, events kept for
#                    clients that reconnect (render_nginx's defaults; nginx/events.conf)
#   MCP_REQUESTS=64  requests to /mcp a client address may have in progress (nginx/mcp.conf)
#   TLS_CERT= TLS_KEY=  a certificate (its full chain) and its key: HTTPS and HTTP/2 on
#                    BIND:TLS_PORT too (render_nginx's settings, scripts/package/lib.sh, and
#                    docs/deploying.md, HTTPS: PLAIN_HTTP, HSTS, SERVER_NAMES, REAL_IP_FROM)
#   TLS_PORT=8443    port nginx serves HTTPS on, with TLS_CERT and TLS_KEY
#   CHAIN_PORT=8545  DATA=chain: the local EVM node's port on 127.0.0.1
#   INDEX_INTERVAL=3 DATA=chain: seconds between the indexer's rounds
#   FOLLOW=head      DATA=chain: each chain's "follow" (docs/indexer.md): head, finalized (tron,
#                    read at latest: head) or off
#   FAIL_AFTER=60    DATA=chain: seconds until the demo's failing position (bsc's Spark Vault in
#                    ALLOC-SPARK-A, chain/demo-state.json) stops answering
#
# DATA=chain starts with empty tables and a local EVM node (anvil, from the npm registry) on
# 127.0.0.1:CHAIN_PORT (8545) holding the test contracts of chain/ at chain/demo-state.json's
# values; chain/drive.mjs changes them every few seconds, and coin-indexer reads each new block
# into the chains' live snapshots (FOLLOW) and them all into snapshots every INDEX_INTERVAL (3)
# seconds, so the API follows the chain. A minute in, one
# position stops answering: its Vault keeps its last state, /healthz names it once that state is
# older than MAX_AGE, and the rest of the chain goes on.
#
# Each pool's handler processes, and the mcp handler's (/mcp, /llms.txt), are those nginx's
# upstreams name (`publisher --pool-processes`); each of them, the ops handler (/healthz,
# /metrics) and the publisher is run by a supervisor that starts it again when it ends (crashed
# or killed), like systemd does in production (deploy/systemd/). The groups come from the
# endpoint list (`publisher --routes`). Every process writes its metrics to
# $VAR/metrics/<name>.prom, which /metrics serves merged.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

port=${PORT:-8080}
bind=${BIND:-127.0.0.1}
data=${DATA:-demo}
threads=${THREADS:-4}
publish=${PUBLISH:-on}
chain_port=${CHAIN_PORT:-8545}
chain_url=http://127.0.0.1:$chain_port
index_interval=${INDEX_INTERVAL:-3}
follow=${FOLLOW:-head}
read -r -a handler_flags <<<"${HANDLER_FLAGS:-}"
handlers=${HANDLERS:-$root_dir/build/release/handlers}
mkdir -p "${VAR:-$root_dir/var}"
var=$(cd "${VAR:-$root_dir/var}" && pwd)
published=${PUBLISHED:-$var/published}

[ -x "$handlers/publisher" ] || die "no publisher in $handlers (make build)"
[ -x "$handlers/ops" ] || die "no ops handler in $handlers (make build)"
[ -x "$handlers/mcp" ] || die "no mcp handler in $handlers (make build)"
mkdir -p "$var/run" "$var/metrics"
chmod 0755 "$var/run"
rm -f "$var/metrics"/*.prom  # an earlier run's
mapfile -t groups < <("$handlers/publisher" --routes | cut -f 3 | awk '!seen[$0]++')  # a handler and pool each
for group in "${groups[@]}"; do
  [ -x "$handlers/$group" ] || die "no handler $handlers/$group (make build)"
done
on_or_off PUBLISH "$publish"
(exec 3<>"/dev/tcp/$bind/$port") 2>/dev/null && die "$bind:$port is already in use (PORT=...)"
if [ "$data" = chain ]; then
  [ -x "$anvil" ] || die "no anvil in $anvil (make deps)"
  [ -x "$handlers/coin-indexer" ] || die "no coin-indexer in $handlers (make build)"
  (exec 3<>"/dev/tcp/127.0.0.1/$chain_port") 2>/dev/null &&
    die "127.0.0.1:$chain_port is already in use (CHAIN_PORT=...)"
fi
# nginx's configuration first: a bad setting stops here, before anything starts.
render_nginx "$var" "$var/nginx/conf" "$handlers/publisher" LISTEN="$bind:$port" \
  ${RATE_LIMIT:+RATE_LIMIT="$RATE_LIMIT"} ${RATE:+RATE="$RATE"} ${BURST:+BURST="$BURST"} \
  PUBLISHED="$published" ${METRICS_ALLOW:+METRICS_ALLOW="$METRICS_ALLOW"} ${EVENT_STREAMS:+EVENT_STREAMS="$EVENT_STREAMS"} \
  ${MCP_REQUESTS:+MCP_REQUESTS="$MCP_REQUESTS"} \
  ${EVENT_BUFFER:+EVENT_BUFFER="$EVENT_BUFFER"} LISTEN_TLS="$bind:${TLS_PORT:-8443}" \
  ${TLS_CERT:+TLS_CERT="$TLS_CERT"} ${TLS_KEY:+TLS_KEY="$TLS_KEY"} ${PLAIN_HTTP:+PLAIN_HTTP="$PLAIN_HTTP"} \
  ${HSTS:+HSTS="$HSTS"} ${SERVER_NAMES:+SERVER_NAMES="$SERVER_NAMES"} ${REAL_IP_FROM:+REAL_IP_FROM="$REAL_IP_FROM"}

children=()
stop() {
  trap - EXIT INT TERM
  [ ${#children[@]} -eq 0 ] || kill -TERM "${children[@]}" 2>/dev/null || true
  wait
  pg_stop "$var"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

say "starting PostgreSQL in $var/pg"
pg_start "$var"
db_deploy
say "loading data: $data"
if [ "$data" = chain ]; then
  db_load empty
  "$anvil" --host 127.0.0.1 --port "$chain_port" --silent &
  children+=($!)
  wait_for anvil bash -c "exec 3<>/dev/tcp/127.0.0.1/$chain_port"
  mkdir -p "$var/chain"
  node "$root_dir/chain/deploy.mjs" --rpc "$chain_url" --state "$root_dir/chain/demo-state.json" \
    --out "$var/chain/indexer.json" --follow "$follow"
  say "the demo chain is at $chain_url; its deployment in $var/chain/indexer.json"
  node "$root_dir/chain/drive.mjs" --rpc "$chain_url" --config "$var/chain/indexer.json" \
    --state "$root_dir/chain/demo-state.json" ${FAIL_AFTER:+--fail-after "$FAIL_AFTER"} &
  children+=($!)
  supervise indexer env PGUSER=coin_indexer PGAPPNAME=coin-indexer "$handlers/coin-indexer" \
    --config "$var/chain/indexer.json" --interval "$index_interval" --metrics "$var/metrics/indexer.prom" &
  children+=($!)
else
  db_load "$data"
fi

# Nothing of an earlier run is served: nginx starts once the publisher has rendered this
# database's answers.
rm -rf "$published"
signing_key=${SIGNING_KEY:-$var/signing-key.pem}
signing_key "$signing_key"
if [ "$publish" = on ]; then
  supervise publisher env PGUSER=coin_api PGAPPNAME="coin-api publisher" "$handlers/publisher" \
    --directory "$published" --signing-key "$signing_key" --events "$var/nginx/events.sock" \
    --metrics "$var/metrics/publisher.prom" &
  children+=($!)
fi
ops_flags=(--socket "$var/run/ops.sock" --threads 2 --metrics "$var/metrics/ops.prom"
           --metrics-dir "$var/metrics" --max-age "${MAX_AGE:-900}")
[ "$publish" = off ] || ops_flags+=(--published "$published")
supervise ops env PGUSER=coin_api PGAPPNAME="coin-api ops" "$handlers/ops" "${ops_flags[@]}" &
children+=($!)
mapfile -t processes < <("$handlers/publisher" --pool-processes)  # <handler>-<n>, each on <handler>-<n>.sock
for process in "${processes[@]}"; do
  signing=(--signing-key "$signing_key")  # a group's answers are signed; the mcp handler's are JSON-RPC's
  [ "${process%-*}" != mcp ] || signing=()
  supervise "$process" env PGUSER=coin_api PGAPPNAME="coin-api $process" "$handlers/${process%-*}" \
    --socket "$var/run/$process.sock" --threads "$threads" --metrics "$var/metrics/$process.prom" \
    "${signing[@]}" "${handler_flags[@]}" &
  children+=($!)
done
for process in "${processes[@]}" ops; do
  wait_for "handler $process" test -S "$var/run/$process.sock"
done
# An empty database has no answer to publish: until its first snapshot, the handlers answer
# (503) and the publisher keeps trying. DATA=chain's first round is written at once.
[ "$publish" = off ] || [ "$data" = empty ] || wait_for "the publisher's first set" test -L "$published/current"

nginx -p "$var/nginx" -c "$var/nginx/conf/nginx.conf" -g 'daemon off;' &
children+=($!)
wait_for nginx bash -c "exec 3<>/dev/tcp/$bind/$port"
# The event stream holds its subscribers until its channel holds the publisher's first event
# (nginx/nginx.conf's events_subscription()), posted once nginx listens.
[ "$publish" = off ] || [ "$data" = empty ] ||
  wait_for "the event stream's first event" curl -sf --unix-socket "$var/nginx/events.sock" -o /dev/null http://localhost/snapshots

say "coin-api serves http://$bind:$port (Ctrl-C stops it)"
wait -n
die "a process of the stack ended on its own; stopping the rest"
