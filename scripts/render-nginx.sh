#!/usr/bin/env bash
# Renders the production nginx configuration, the one deploy/systemd/coin-api-nginx.service
# runs: nginx's cache on, rate limiting on, the handlers' sockets where deploy/systemd/ puts
# them. Checks it with nginx -t. Settings, from the environment:
#   CONF=/etc/coin-api/nginx   where the configuration goes
#   VAR=/var/lib/coin-api      nginx's state: cache, pages, logs, temp files
#   LISTEN=127.0.0.1:8080      address:port to serve on
#   SOCKETS=/run/coin-api      the handlers' sockets
#   RATE_LIMIT=on RATE=50r/s BURST=100   requests per client address
set -euo pipefail
source "$(dirname "$0")/lib.sh"

conf=${CONF:-/etc/coin-api/nginx}
var=${VAR:-/var/lib/coin-api}
mkdir -p "$var/nginx"
render_nginx "$var" "$conf" LISTEN="${LISTEN:-127.0.0.1:8080}" SOCKETS="${SOCKETS:-/run/coin-api}" \
  RATE_LIMIT="${RATE_LIMIT:-on}" ${RATE:+RATE="$RATE"} ${BURST:+BURST="$BURST"}
nginx -t -q -p "$var/nginx" -c "$conf/nginx.conf"
say "rendered $conf/nginx.conf; nginx -p $var/nginx -c $conf/nginx.conf serves it"
