#!/usr/bin/env bash
# Restarts coin-api's running services one at a time, so that they run the binaries an upgrade
# installed while no request fails (docs/operating.md, Upgrades): first the handler processes,
# each a second after the one before (the other process of its pool answers meanwhile, and its
# socket holds the requests that come for it), then the publisher (its last set stays served)
# and the indexer (a round it missed is written by its next). A service that is not running is
# left alone: its socket starts it on the first request. nginx is not restarted: after
# render-nginx.sh, `systemctl reload coin-api-nginx` lets its workers finish what they serve.
#
#   /usr/share/coin-api/scripts/rolling-restart.sh      as root, after `apt install` of a release
set -euo pipefail
source "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || die "restarting services needs root"
mapfile -t running < <(systemctl list-units --type=service --state=running --no-legend --plain \
  'coin-api-handler-*' coin-api-publisher.service coin-api-indexer.service | cut -d ' ' -f 1)
for unit in "${running[@]}"; do
  say "restarting $unit"
  systemctl restart "$unit"
  case $unit in coin-api-handler-*) sleep 1 ;; esac
done
