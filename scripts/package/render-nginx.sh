#!/usr/bin/env bash
# Renders the production nginx configuration, the one deploy/systemd/coin-api-nginx.service
# runs: rate limiting on, the published answers and the handlers' sockets where deploy/systemd/
# puts them, the endpoints those of the installed publisher (`publisher --nginx`). Checks it
# with nginx -t. Settings, from the environment:
#   CONF=/etc/coin-api/nginx   where the configuration goes
#   VAR=/var/lib/coin-api      nginx's state: error pages, the pages for people, temp files
#   LOGS=/var/log/coin-api     the access log's directory, made if missing (the unit's
#                              LogsDirectory= makes it too); /etc/logrotate.d/coin-api rotates it
#   LISTEN=127.0.0.1:8080      address:port to serve on
#   PUBLISHER=/usr/lib/coin-api/publisher   the installed publisher, which renders the endpoints
#   PUBLISHED=/run/coin-api-published       its directory (coin-api-publisher.service)
#   SOCKETS=/run/coin-api      the handlers' sockets
#   UPSTREAMS=                 a file of the pools' servers on other hosts, lines of
#                              "<pool><TAB><server parameters>" (docs/deploying.md, Several hosts);
#                              unset:
#                              the handlers' sockets on this host
#   RATE_LIMIT=on RATE=50r/s BURST=100   requests per client address
#   EVENT_STREAMS=8 EVENT_BUFFER=100     event streams per client address, events kept for
#                                        clients that reconnect (nginx/events.conf)
#   MCP_REQUESTS=64                      requests to /mcp per client address in progress
#                                        (nginx/mcp.conf)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

conf=${CONF:-/etc/coin-api/nginx}
var=${VAR:-/var/lib/coin-api}
publisher=${PUBLISHER:-/usr/lib/coin-api/publisher}
[ -x "$publisher" ] || die "no publisher at $publisher (PUBLISHER=...)"
mkdir -p "$var/nginx" "$conf"
render_nginx "$var" "$conf" "$publisher" ${LISTEN:+LISTEN="$LISTEN"} \
  LOGS="${LOGS:-/var/log/coin-api}" \
  PUBLISHED="${PUBLISHED:-/run/coin-api-published}" SOCKETS="${SOCKETS:-/run/coin-api}" \
  RATE_LIMIT="${RATE_LIMIT:-on}" ${RATE:+RATE="$RATE"} ${BURST:+BURST="$BURST"} \
  ${UPSTREAMS:+UPSTREAMS="$UPSTREAMS"} ${EVENT_STREAMS:+EVENT_STREAMS="$EVENT_STREAMS"} \
  ${EVENT_BUFFER:+EVENT_BUFFER="$EVENT_BUFFER"} ${MCP_REQUESTS:+MCP_REQUESTS="$MCP_REQUESTS"}
nginx -t -q -p "$var/nginx" -c "$conf/nginx.conf"
say "rendered $conf/nginx.conf; nginx -p $var/nginx -c $conf/nginx.conf serves it"
