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
#   TLS_CERT= TLS_KEY=         a certificate (its full chain) and its key: HTTPS and HTTP/2 on
#                              LISTEN_TLS too (docs/deploying.md, HTTPS); certbot's are
#                              /etc/letsencrypt/live/<name>/fullchain.pem and privkey.pem
#   LISTEN_TLS=127.0.0.1:8443  address:port to serve HTTPS on
#   PLAIN_HTTP=redirect        with a certificate, plain HTTP redirects to HTTPS (but ACME's
#                              challenges); serve: it serves everything (a CDN in front)
#   HSTS=max-age=31536000      Strict-Transport-Security of HTTPS answers; off: none
#   SERVER_NAMES=_             the names served; with HTTPS, a handshake for another is refused
#   REAL_IP_FROM=              trusted proxies (addresses, CIDR ranges): their X-Forwarded-For
#                              names the client, for the rate limits and the log
#   ACME_WEBROOT=/var/lib/coin-api/acme  certbot's --webroot, served at /.well-known/acme-challenge/
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
  ${EVENT_BUFFER:+EVENT_BUFFER="$EVENT_BUFFER"} ${MCP_REQUESTS:+MCP_REQUESTS="$MCP_REQUESTS"} \
  ${LISTEN_TLS:+LISTEN_TLS="$LISTEN_TLS"} ${TLS_CERT:+TLS_CERT="$TLS_CERT"} ${TLS_KEY:+TLS_KEY="$TLS_KEY"} \
  ${PLAIN_HTTP:+PLAIN_HTTP="$PLAIN_HTTP"} ${HSTS:+HSTS="$HSTS"} ${SERVER_NAMES:+SERVER_NAMES="$SERVER_NAMES"} \
  ${REAL_IP_FROM:+REAL_IP_FROM="$REAL_IP_FROM"} ACME_WEBROOT="${ACME_WEBROOT:-$var/acme}"
nginx -t -q -p "$var/nginx" -c "$conf/nginx.conf"
say "rendered $conf/nginx.conf; nginx -p $var/nginx -c $conf/nginx.conf serves it"
