#!/usr/bin/env bash
# make systemtest: the Debian package as an operator meets it, on a Debian 12 booted under
# systemd: systemd-nspawn --boot on a root made by debootstrap, with a network of its own (its
# loopback alone; every request of this test stays inside it). In the container, as
# docs/deploying.md says:
#   1. the previous release's package (built from its commit in deploy/releases) and PostgreSQL
#      installed with apt from Debian's packages; the first run: the database and `sqitch
#      deploy`, the indexer's file pointing at a local chain (anvil, with the test contracts at
#      chain/demo-state.json's values), nginx on port 80, the units enabled; the indexed figures
#      and every endpoint answered through port 80;
#   2. HEAD's package installed over it under load (wrk inside the container): the documented
#      upgrade (docs/operating.md, Upgrades) with 0 failed requests, the published set kept;
#      then every endpoint, /healthz 200, every unit active, each unit's lines in the journal;
#   3. HEAD's units: `systemd-analyze verify` clean, each service's `systemd-analyze security`
#      exposure at most its ceiling below, each process killed started again (Restart=), and
#      handlers stopped started again by a request to their sockets;
#   4. logs: nginx's access log rotated by the package's logrotate file, and answers unchanged
#      while the log partition (a small tmpfs) is full;
#   5. HTTPS (scripts/test/systemtest-tls.sh): a certificate from a test ACME server by certbot
#      through the package's webroot, nginx rendered with it: the same answers over HTTPS and
#      HTTP/2, plain HTTP redirected, the renewal under load, testssl.sh, bad input;
#   6. `apt remove` stops the units and keeps configuration and data; `apt purge` removes them;
#      the database is never dropped.
# Prints what it checks; exits 1 if anything failed, the container's journal in
# var/systemtest/journal.log. Settings, from the environment:
#   ROOT=var/systemtest/rootfs   the container's root, made anew on every run
#   PREVIOUS=1.0.0               the release to upgrade from, a version in deploy/releases
#                                (default: the newest there below HEAD's version)
#   DEB=build/release/coin-api_<version>_amd64.deb   HEAD's package (make deb)
#   MIRROR=http://deb.debian.org/debian
set -euo pipefail
source "$(dirname "$0")/../dev/lib.sh"

[ "$(id -u)" = 0 ] || die "the system test needs root: debootstrap, systemd-nspawn"
work=$root_dir/var/systemtest
mkdir -p "$work"
rootfs=$(realpath -m "${ROOT:-$work/rootfs}")
mirror=${MIRROR:-http://deb.debian.org/debian}
version=$(sed -n '1s/^coin-api (\([^)]*\)).*/\1/p' "$root_dir/deploy/debian/changelog")  # HEAD's
deb=${DEB:-$root_dir/build/release/coin-api_${version}_amd64.deb}
[ -f "$deb" ] || die "no $deb: make deb builds it"
# The previous release: PREVIOUS, or the newest version in deploy/releases below HEAD's.
previous_version='' previous_commit=''
while read -r release commit; do
  if [ -n "${PREVIOUS:-}" ]; then
    [ "$release" = "$PREVIOUS" ] || continue
  else
    dpkg --compare-versions "$release" lt "$version" || continue
  fi
  previous_version=$release previous_commit=$commit
  break
done < <(grep -v '^#' "$root_dir/deploy/releases" | sort -r -V)
[ -n "$previous_commit" ] ||
  die "no release ${PREVIOUS:-below version $version} in deploy/releases: the upgrade starts from one"
previous=v$previous_version
dpkg --compare-versions "$version" gt "$previous_version" ||
  die "HEAD's version $version is not above $previous's: add a changelog entry"

failures=0
fail() { say "FAIL: $*"; failures=$((failures + 1)); }
check() {  # check WHAT COMMAND...: a check that fails when COMMAND does
  if "${@:2}"; then say "ok: $1"; else fail "$1"; fi
}
# until_true CAP WHAT COMMAND...: waits for COMMAND to succeed, for at most CAP seconds
until_true() {
  local deadline=$((SECONDS + $1))
  until "${@:3}" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || { fail "$2: not within $1 s"; return 1; }
    sleep 0.2
  done
}

# --- The previous release's package, built from its commit (kept in $work for the next run) ---
git -C "$root_dir" cat-file -e "$previous_commit^{commit}" ||
  die "release $previous_version's commit $previous_commit is not in this clone's history"
previous_build=$work/release-$previous_commit
previous_deb=$previous_build/build/coin-api_${previous_version}_amd64.deb
if [ ! -f "$previous_deb" ]; then
  say "systemtest: building $previous's package ($previous_commit)"
  rm -rf "$previous_build"
  mkdir -p "$previous_build/src"
  git -C "$root_dir" archive "$previous_commit" | tar -x -C "$previous_build/src"
  # The pages' npm files it packages: HEAD's node_modules when the lockfiles agree.
  if cmp -s "$previous_build/src/package-lock.json" "$root_dir/package-lock.json"; then
    ln -s "$root_dir/node_modules" "$previous_build/src/node_modules"
  else
    (cd "$previous_build/src" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null)
  fi
  cmake -S "$previous_build/src" -B "$previous_build/build" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_TESTING=OFF >"$previous_build/build.log" 2>&1 &&
    cmake --build "$previous_build/build" -j "$(nproc)" >>"$previous_build/build.log" 2>&1 &&
    (cd "$previous_build/build" && cpack >>"$previous_build/build.log" 2>&1) ||
    die "building $previous's package failed, see $previous_build/build.log"
fi

# --- The container: Debian 12 with systemd, its packages downloaded while it shares the host's
# network; then booted with a network of its own ---
! findmnt -rno TARGET | grep -q "^$rootfs/" || die "something is mounted below $rootfs"
rm -rf "$rootfs"
mkdir -p "$rootfs"
say "systemtest: debootstrap of Debian 12 with systemd into $rootfs"
debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus bookworm "$rootfs" "$mirror" \
  >"$work/debootstrap.log" 2>&1 || die "debootstrap failed, see $work/debootstrap.log"
cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
previous_file=coin-api_${previous_version}_amd64.deb current_file=coin-api_${version}_amd64.deb
cp "$previous_deb" "$rootfs/root/$previous_file"
cp "$deb" "$rootfs/root/$current_file"
# What the test installs besides: PostgreSQL, as docs/deploying.md says; curl; logrotate, which
# the package recommends; libnss-systemd, which 1.0.0 lacked among its dependencies (without
# it, peer authentication cannot name the dynamic users).
tools="postgresql curl logrotate libnss-systemd"
# And for HTTPS (step 5), installed then: certbot; pebble, an ACME server for tests; openssl, for
# the test's own CA; testssl.sh; the loads, h2load (nghttp2-client) and wrk.
tls_tools="certbot pebble openssl testssl.sh nghttp2-client wrk"
# shellcheck disable=SC2016  # expanded inside
systemd-nspawn -q -D "$rootfs" --register=no --keep-unit /bin/sh -c '
  apt-get update -qq && for deb in "$1" "$2"; do
    apt-get install -y -qq --download-only "/root/$deb" $0 || exit; done' "$tools $tls_tools" "$previous_file" "$current_file" \
  >"$work/download.log" 2>&1 || die "apt could not download the packages, see $work/download.log"

say "systemtest: booting it (systemd-nspawn --boot --private-network)"
# With the unified cgroup hierarchy, as Debian 12 boots (this host's may be hybrid): without it,
# the container's systemd cannot kill what a stopped service leaves (nginx's workers, say).
SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1 systemd-nspawn -q -D "$rootfs" --register=no --keep-unit \
  --private-network --boot --console=pipe >"$work/boot.log" 2>&1 &
nspawn=$!
anvil_group='' load='' leader=''
stop_all() {
  [ -z "$load" ] || kill "$load" 2>/dev/null || true
  [ -z "$anvil_group" ] || kill -TERM -- "-$anvil_group" 2>/dev/null || true
  # The container's journal, for what failed; then it shuts down, as on poweroff.
  [ -z "$leader" ] || inside journalctl --no-pager -o short-precise >"$work/journal.log" 2>&1 || true
  kill -TERM "$nspawn" 2>/dev/null || true
  wait "$nspawn" 2>/dev/null || true
}
trap stop_all EXIT
# Its first process: within seconds here, but once not within 60 s in CI right after make
# scaletest, with a core kept busy; the bound keeps a wide margin.
until_true 180 "the container's first process" pgrep -P "$nspawn" || exit 1
leader=$(pgrep -P "$nspawn")
# inside COMMAND...: runs COMMAND in the container (every namespace of its PID 1), with a clean
# environment, from /. in_net COMMAND...: runs a command of this host on the container's
# network (its loopback): the chain, the load.
inside() {
  nsenter -t "$leader" -a /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 "$@"
}
in_net() { nsenter -t "$leader" -n "$@"; }
# nspawn's child is systemd once it has made the container's /run/systemd/system, and answers
# systemctl once its socket /run/systemd/private is there; before, a systemctl there finds no
# systemd ("offline"), or no bus to it (a loaded machine).
until_true 60 "the container's systemd" inside test -S /run/systemd/private || exit 1
state=$(inside systemctl is-system-running --wait) || true
[ "$state" = running ] || fail "the container's systemd is $state, not running: $(inside systemctl --failed --no-legend)"

# --- 1. The previous release, installed and run as docs/deploying.md says ---
say "systemtest: apt install ./$previous_file ($previous) and PostgreSQL"
apt_install() { inside env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; }
# shellcheck disable=SC2086  # a list of packages
apt_install "/root/$previous_file" $tools >"$work/install.log" 2>&1 ||
  die "apt install failed, see $work/install.log"

as_postgres_inside() { inside runuser -u postgres -- "$@"; }
sql() { as_postgres_inside psql -qAtX -d coin -c "$1"; }
as_postgres_inside createdb coin
as_postgres_inside sqitch --chdir /usr/share/coin-api/sql deploy --verify db:pg:coin \
  >"$work/sqitch.log" 2>&1 || die "sqitch deploy failed, see $work/sqitch.log"

# The chain: anvil on the container's loopback, the test contracts deployed at the demo state;
# the indexer's file is deploy.mjs's, which names that node. A release before 1.2.0 knows
# neither protocol_holders nor balance positions, nor the Vat's urns (vat_block, cdp_manager),
# nor liquidations (dog, clippers):
# it gets the file without them, as its operator wrote it, and HEAD's file is installed after
# the upgrade (below).
setsid nsenter -t "$leader" -n "$anvil" --host 127.0.0.1 --port 8545 --silent &
anvil_group=$!
until_true 60 "anvil in the container" in_net bash -c 'exec 3<>/dev/tcp/127.0.0.1/8545' || exit 1
in_net node "$root_dir/chain/deploy.mjs" --rpc http://127.0.0.1:8545 \
  --state "$root_dir/chain/demo-state.json" --out "$work/indexer.json"
# 6.1 (COIN + sCOIN on every chain) as HEAD's indexer writes it (tests/chain/indexer_test.cpp),
# and as a release before 1.2.0 did: sCOIN's and the lite PSM's COIN (20000123.45) left out of
# circulation, not the buffer's 1000000.25 nor the treasury's 2500000.
head_total=5558091357.926635690246913569
if dpkg --compare-versions "$previous_version" lt 1.2.0; then
  node -e 'const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const chain of Object.values(c.chains)) {
      delete chain.protocol_holders;
      delete chain.vat_block;
      delete chain.cdp_manager;
      delete chain.dog;
      delete chain.clippers;
      for (const v of chain.vaults || []) if (v.positions) v.positions = v.positions.filter((p) => p.read.kind !== "balance");
    }
    process.stdout.write(JSON.stringify(c, null, 2));' "$work/indexer.json" >"$work/indexer-previous.json"
  indexed_total=5561591358.176635690246913569
else
  cp "$work/indexer.json" "$work/indexer-previous.json"
  indexed_total=$head_total
fi
install -m 0644 "$work/indexer-previous.json" "$rootfs/etc/coin-api/indexer.json"
inside /usr/lib/coin-api/coin-indexer --config /etc/coin-api/indexer.json --check >/dev/null ||
  fail "coin-indexer --check of the indexer's file"

# Debian's nginx (a dependency) serves its default site on port 80: coin-api's takes it.
inside systemctl disable --now nginx.service 2>/dev/null
# Without the rate limit: the load comes from one address, which it would hold to 50 requests a
# second.
render() { inside env LISTEN=80 RATE_LIMIT=off /usr/share/coin-api/scripts/render-nginx.sh 2>/dev/null; }
render
sockets=()
for group in supply protocol mcp; do sockets+=("coin-api-handler-$group@1.socket" "coin-api-handler-$group@2.socket"); done
sockets+=(coin-api-handler-ops.socket)
daemons=(coin-api-publisher.service coin-api-nginx.service coin-api-indexer.service)  # no socket starts them
inside systemctl enable --now -q "${sockets[@]}" "${daemons[@]}"

# The 15 endpoints (spec 6.1-6.15), one query each; then the same through the handlers
# (format=json: no published file answers it), the ops handler and the mcp handler.
endpoints=(/totalSupply /circulatingSupply /api/v1/external/earn-apy
  /api/v1/external/total-supply/coin /api/v1/external/total-supply/scoin
  /api/v1/market-site/overview /api/v1/data-platform/overview/info /api/v1/market-site/overview/apy
  /api/v1/data-platform/overview/supply-value-history /api/v1/data-platform/overview/collateral-value-history
  /api/v1/vault/collaterals '/api/v1/data-platform/latest-collateral?chain=tron'
  '/api/v1/data-platform/collateral-history?chain=eth&interval=WEEKLY' /api/v1/smart-allocator/detail-overview
  '/api/v1/data-platform/vault-history?chain=bsc&vaultType=BNB-A&interval=MONTHLY')
handler_queries=()
for path in "${endpoints[@]}"; do
  case $path in *\?*) handler_queries+=("$path&format=json") ;; *) handler_queries+=("$path?format=json") ;; esac
done
mcp_call='/mcp {"jsonrpc":"2.0","id":1,"method":"tools/list"}'
access_log=/var/log/coin-api/access.log  # the package's, since 1.1.0
status_of() { inside curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1$1"; }
body_of() { inside curl -sf "http://127.0.0.1$1"; }
# every_endpoint_answers: each endpoint, published and through a handler, and /llms.txt (the mcp
# handler) answer 200.
every_endpoint_answers() {
  local path status bad=()
  for path in "${endpoints[@]}" "${handler_queries[@]}" /llms.txt; do
    status=$(status_of "$path")
    [ "$status" = 200 ] || bad+=("$path: $status")
  done
  ((${#bad[@]} == 0)) || { say "  ${bad[*]}"; return 1; }
}
# The indexer's first round is written at once.
published_total() { [ "$(body_of /totalSupply)" = "$1" ]; }
until_true 120 "the indexer's first round, published" published_total "$indexed_total" || true
check "$previous_version: every endpoint, published and through its handler, and /llms.txt: 200" every_endpoint_answers

services() {
  printf '%s\n' coin-api-handler-{supply,protocol,mcp}@{1,2}.service coin-api-handler-ops.service "${daemons[@]}"
}
# each_is STATE UNIT...: every UNIT is active (STATE active) or not (inactive)
each_is() {
  local unit
  for unit in "${@:2}"; do
    [ "$(inside systemctl is-active "$unit")" = "$1" ] || { say "  $unit: not $1"; return 1; }
  done
}
# A handler process starts on its socket's first request: one that none was sent to yet waits.
started_handlers() {
  local unit
  for unit in $(services | grep handler); do
    [ "$(inside systemctl is-active "$unit")" = active ] && echo "$unit"
  done
}
pool_started() {
  local group
  for group in supply protocol mcp; do
    inside systemctl is-active -q "coin-api-handler-$group@1.service" ||
      inside systemctl is-active -q "coin-api-handler-$group@2.service" || { say "  no $group process"; return 1; }
  done
  inside systemctl is-active -q coin-api-handler-ops.service || { say "  no ops process"; return 1; }
}
all_up() {
  each_is active "${sockets[@]}" "${daemons[@]}" && pool_started
}
journal_lines() {
  local unit missing=()
  for unit in "${sockets[@]}" "${daemons[@]}" $(started_handlers); do
    [ -n "$(inside journalctl -q -u "$unit" --no-pager -n 1)" ] || missing+=("$unit")
  done
  ((${#missing[@]} == 0)) || { say "  no journal lines: ${missing[*]}"; return 1; }
}

# start_load SECONDS FILE PATH...: wrk on the container's loopback, sending each PATH in turn
# (tests/fault/count_answers.lua) for at most SECONDS, its figures into FILE. Each request on a
# connection of its own: nginx's reload closes its idle kept-alive connections, and a request
# sent on one as it closes gets no answer, which an HTTP client sends again but wrk counts as
# failed.
start_load() {
  nsenter -t "$leader" -n wrk -t 2 -c 16 -d "$1" --timeout 10 -H 'Connection: close' \
    -s "$root_dir/tests/fault/count_answers.lua" http://127.0.0.1 -- "${@:3}" >"$2" 2>&1 &
  load=$!
}
# load_failed FILE WHAT: says how many requests of a load ended FILE, and fails WHAT unless some
# were sent and none failed (no answer, or not a 200).
load_failed() {
  local requests failed
  requests=$(sed -n 's/^requests //p' "$1")
  failed=$(awk '$1 == "status" && $2 != 200 { n += $3 } $1 == "errors" { n += $3 + $5 + $7 + $9 }
                END { print n + 0 }' "$1")
  say "  $2: ${requests:-no} requests, $failed failed"
  check "$2: 0 failed" test "${requests:-0}" -gt 0 -a "$failed" = 0
}

# The services whose systemd-analyze security exposure is measured (one instance of each template).
mapfile -t exposed_units < <(services | grep -v '@2\.' | sort)
# exposure_of UNIT: says UNIT's exposure with its rating and the installed version, and prints
# the number (0 to 10, lower is safer).
exposure_of() {
  local line
  line=$(inside systemd-analyze security --no-pager "$1" | grep 'Overall exposure level')
  say "  $(inside dpkg-query -W -f '${Version}' coin-api): ${line#*for }"
  sed 's/.*: \([0-9.]*\) .*/\1/' <<<"$line"
}
for unit in "${exposed_units[@]}"; do exposure_of "$unit" >/dev/null; done

# --- 2. The upgrade to HEAD's package, under load ---
say "systemtest: upgrading to $version under load (docs/operating.md, Upgrades)"
published_sums() { inside sh -c 'cd /run/coin-api-published/current && find . -type f -exec sha256sum {} + | sort -k 2'; }
# Every answer of the set before is there with the same bytes (a new version may publish answers
# of its own besides: its endpoints added), but those whose meaning the new version changed on
# purpose: from a release before 1.2.0, 6.7's and 6.12's daily changes (what was first seen
# today, as this chain was, is measured from its first snapshot, no longer from nothing).
meaning_kept() {
  if dpkg --compare-versions "$previous_version" lt 1.2.0; then
    grep -v -e ' \./api/v1/data-platform/overview/info\.json' -e ' \./api/v1/data-platform/latest-collateral/'
  else
    cat
  fi
}
published_kept() { [ -z "$(comm -23 <(meaning_kept <<<"$sums_before" | sort) <(published_sums | sort))" ]; }
names_kept() { [ -z "$(comm -23 <(cut -c 67- <<<"$sums_before" | sort) <(published_sums | cut -c 67- | sort))" ]; }
snapshots_written() { sql "SELECT count(*) FROM snapshot.chain_state"; }
sums_before=$(published_sums)
rounds_before=$(snapshots_written)
# 1.0.0's nginx logs in /var/lib/coin-api/nginx (1.1.0's in /var/log/coin-api).
logged_lines() { inside sh -c 'cat /var/lib/coin-api/nginx/access.log /var/log/coin-api/access.log 2>/dev/null | wc -l'; }
lines_before=$(logged_lines)
load_logged() { (($(logged_lines) > lines_before)); }
# A load of a fixed length, which the upgrade must end within (it takes seconds): stopped early,
# wrk would count the requests it was waiting on as failed.
upgrade_load_seconds=180
start_load "$upgrade_load_seconds" "$work/upgrade-load.txt" "${endpoints[@]}" "${handler_queries[@]}" /llms.txt "$mcp_call"
until_true 60 "the load's first requests" load_logged || true
apt_install "/root/$current_file" >"$work/upgrade.log" 2>&1 ||
  fail "apt install of $version over $previous_version, see $work/upgrade.log"
as_postgres_inside sqitch --chdir /usr/share/coin-api/sql deploy --verify db:pg:coin >>"$work/sqitch.log" 2>&1 ||
  fail "sqitch deploy of $version, see $work/sqitch.log"
render && inside systemctl reload coin-api-nginx || fail "nginx's configuration rendered again and reloaded"
inside /usr/share/coin-api/scripts/rolling-restart.sh || fail "rolling-restart.sh"
check "the upgrade done within the load's $upgrade_load_seconds s" kill -0 "$load"
wait "$load" || true
load=
load_failed "$work/upgrade-load.txt" "the upgrade under load"
check "the installed package is $version" test "$(inside dpkg-query -W -f '${Version}' coin-api)" = "$version"
running_current() {  # no process of a coin-api service runs a replaced (deleted) binary
  local stale
  stale=$(inside sh -c 'ls -l /proc/[0-9]*/exe 2>/dev/null | grep "/usr/lib/coin-api/.*(deleted)"') || true
  [ -z "$stale" ] || { say "  $stale"; return 1; }
}
check "every process runs $version's binaries" running_current
if [ "$(snapshots_written)" = "$rounds_before" ]; then
  check "the published set kept, byte for byte (no round written meanwhile)" published_kept
else
  check "the published set kept, every file (a round was written meanwhile)" names_kept
fi
# The published sets' own tmpfs, enabled as operating.md says for an upgrade from 1.1.0, then
# mounted as at the next boot: the publisher stopped, the mount, the publisher started.
inside systemctl enable -q 'run-coin\x2dapi\x2dpublished.mount'
inside systemctl stop coin-api-publisher.service
inside systemctl start 'run-coin\x2dapi\x2dpublished.mount' coin-api-publisher.service
published_mounted() {  # run-coin\x2dapi\x2dpublished.mount, its root the publisher's
  inside findmnt -n -o FSTYPE,OPTIONS /run/coin-api-published | grep -q '^tmpfs .*huge=within_size' &&
    [ "$(inside stat -c %U /run/coin-api-published)" = coin_api ]
}
check "the published sets on a tmpfs of their own, with huge=within_size, the publisher's" published_mounted
until_true 60 "the publisher's first set on its tmpfs" inside test -L /run/coin-api-published/current || true
check "$version: every endpoint, published and through its handler, and /llms.txt: 200" every_endpoint_answers
check "/healthz: 200" test "$(status_of /healthz)" = 200
check "every socket, the publisher, nginx and the indexer active, and a process of each pool" all_up
check "journalctl -u shows each unit's lines" journal_lines
# nginx answers a published answer from the publisher's file: its access log says "published".
served_from_file() {
  inside curl -s -o /dev/null -A systemtest-published http://127.0.0.1/totalSupply
  inside grep -q '"systemtest-published" /totalSupply published ' "$access_log"
}
until_true 30 "/totalSupply answered from the published set (the access log)" served_from_file || true
# HEAD's indexer's file in place (protocol_holders, the buffer's USDC), the service restarted
# on it, and a round written now (a grid of 1 s: the service's next round of its 300 s grid may
# be minutes away): 6.1 follows HEAD's rule for the COIN the protocol holds itself.
install -m 0644 "$work/indexer.json" "$rootfs/etc/coin-api/indexer.json"
inside systemctl restart coin-api-indexer || fail "the indexer restarted on HEAD's file"
inside runuser -u coin_indexer -- env PGHOST=/var/run/postgresql PGDATABASE=coin \
  /usr/lib/coin-api/coin-indexer --config /etc/coin-api/indexer.json --once --interval 1 >>"$work/indexer-once.log" 2>&1 ||
  fail "$version's indexer: a round with HEAD's file, see $work/indexer-once.log"
until_true 60 "the round with HEAD's file, published" published_total "$head_total" || true
check "$version: 6.1 leaves out all the COIN the protocol holds itself" published_total "$head_total"

# --- 3. HEAD's units under systemd ---
say "systemtest: the units"
unit_names() {  # every unit of the package, templates by the instances enabled
  local file name
  for file in "$rootfs"/lib/systemd/system/coin-api-*.{service,socket}; do
    name=$(basename "$file")
    case $name in *@.*) printf '%s\n' "${name/@./@1.}" ;; *) printf '%s\n' "$name" ;; esac
  done
}
verify_clean() {
  local output
  # shellcheck disable=SC2046  # unit names
  output=$(inside systemd-analyze verify $(unit_names) 2>&1 | grep coin-api) || true
  [ -z "$output" ] || { say "$output"; return 1; }
}
check "systemd-analyze verify: nothing about coin-api's units" verify_clean
# The exposure each service may have at most: what the hardening of deploy/systemd/ brought it
# to, so that a unit made weaker fails.
declare -A exposure_ceiling=(
  [coin-api-handler-supply@1.service]=1.1 [coin-api-handler-protocol@1.service]=1.1
  [coin-api-handler-mcp@1.service]=1.1 [coin-api-handler-ops.service]=1.1
  [coin-api-publisher.service]=1.1 [coin-api-indexer.service]=1.1 [coin-api-nginx.service]=2.5)
for unit in "${exposed_units[@]}"; do
  exposure=$(exposure_of "$unit")
  awk -v e="$exposure" -v c="${exposure_ceiling[$unit]}" 'BEGIN { exit !(e <= c) }' ||
    fail "$unit: exposure $exposure, above its ceiling ${exposure_ceiling[$unit]}"
done

# Each process killed (SIGKILL) is started again by systemd, and answers; the handlers that no
# request started yet are started first.
# shellcheck disable=SC2046  # unit names
inside systemctl start $(services | grep handler)
main_pid() { inside systemctl show -P MainPID "$1"; }
restarted() { local pid; pid=$(main_pid "$1"); [ "$pid" != 0 ] && [ "$pid" != "$2" ]; }
for unit in $(services); do
  pid=$(main_pid "$unit")
  [ "$pid" != 0 ] || { fail "$unit: not running before the kill"; continue; }
  inside systemctl kill -q -s KILL --kill-whom=main "$unit"
  until_true 120 "$unit started again after SIGKILL" restarted "$unit" "$pid" && say "ok: $unit killed, started again"
done
check "every endpoint answers after the kills" every_endpoint_answers

# Handlers stopped (their sockets stay): a request to a socket starts its process.
# shellcheck disable=SC2046  # unit names
inside systemctl stop $(services | grep handler)
# shellcheck disable=SC2046  # unit names
handlers_stopped() { each_is inactive $(services | grep handler) && each_is active "${sockets[@]}"; }
check "the handlers stopped, their sockets listening" handlers_stopped
check "every endpoint answers through the sockets" every_endpoint_answers
check "/healthz answers through the ops handler's socket" test "$(status_of /healthz)" = 200
check "a process of each pool started by its socket" pool_started

# --- 4. Logs: rotated, and a full log partition stops no answer ---
say "systemtest: logs"
logged() { inside grep -q "$1" "$access_log"; }
inside curl -s -o /dev/null http://127.0.0.1/totalSupply?before-rotation
until_true 30 "a request in $access_log" logged before-rotation || true
inside logrotate -f /etc/logrotate.d/coin-api || fail "logrotate -f /etc/logrotate.d/coin-api"
check "logrotate moved the access log aside" inside test -s "$access_log.1"
inside curl -s -o /dev/null http://127.0.0.1/totalSupply?after-rotation
until_true 30 "nginx writing the new access log after the rotation" logged after-rotation || true

# The log partition: a tmpfs of 1 MB on /var/log, nginx and journald writing to it, filled up.
inside mount -t tmpfs -o size=1m tmpfs /var/log
inside mkdir -p /var/log/coin-api /var/log/journal
inside systemctl restart systemd-journald
inside systemctl kill -q -s USR1 --kill-whom=main coin-api-nginx  # reopens its logs
until_true 30 "nginx's access log on the small partition" inside test -e "$access_log" || true
inside sh -c 'dd if=/dev/zero of=/var/log/filler bs=64k 2>/dev/null; sync' || true
check "the log partition is full" test "$(inside df --output=avail /var/log | tail -n 1 | tr -d ' ')" = 0
check "every endpoint answers with the log partition full" every_endpoint_answers
start_load 5 "$work/full-disk-load.txt" "${endpoints[@]}" "${handler_queries[@]}"
wait "$load" || true
load=
load_failed "$work/full-disk-load.txt" "load with the log partition full"
inside umount -l /var/log
inside systemctl restart systemd-journald
inside systemctl kill -q -s USR1 --kill-whom=main coin-api-nginx

# --- 5. HTTPS ---
# shellcheck source=scripts/test/systemtest-tls.sh
source "$root_dir/scripts/test/systemtest-tls.sh"

# --- 6. Remove, then purge ---
say "systemtest: apt remove, then apt purge"
rows=$(snapshots_written)
inside env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq coin-api >"$work/remove.log" 2>&1 ||
  fail "apt remove coin-api, see $work/remove.log"
check "remove: no coin-api unit runs" test -z "$(inside systemctl list-units --no-legend --plain --state=active 'coin-api-*')"
check "remove: nothing answers on port 80" test "$(status_of /totalSupply)" = 000
check "remove: nothing answers on port 443" \
  test "$(inside curl -s -o /dev/null -w '%{http_code}' --cacert "$pki/root.pem" "https://$tls_name/totalSupply")" = 000
# certbot's deploy hook is a conffile, kept: certbot runs it after every renewal, of any name.
check "remove: certbot's deploy hook kept, and harmless without coin-api's nginx" \
  inside /etc/letsencrypt/renewal-hooks/deploy/coin-api-nginx
check "remove: the configuration, nginx's state and the logs are kept" \
  inside test -f /etc/coin-api/handlers.env -a -f /etc/coin-api/indexer.json -a -f /etc/coin-api/nginx/nginx.conf \
  -a -d /var/lib/coin-api/nginx -a -f "$access_log"
check "remove: the database is kept" test "$(snapshots_written)" = "$rows"
inside env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq coin-api >"$work/purge.log" 2>&1 ||
  fail "apt purge coin-api, see $work/purge.log"
check "purge: /etc/coin-api, /var/lib/coin-api and /var/log/coin-api are gone" \
  inside test ! -e /etc/coin-api -a ! -e /var/lib/coin-api -a ! -e /var/log/coin-api
check "purge: no link enables a coin-api unit" \
  test -z "$(inside find /etc/systemd/system -name 'coin-api-*')"
check "purge: certbot's deploy hook gone" inside test ! -e /etc/letsencrypt/renewal-hooks/deploy/coin-api-nginx
check "purge: the database is kept" test "$(snapshots_written)" = "$rows"

say "systemtest: $((SECONDS / 60)) min $((SECONDS % 60)) s; $failures failed"
((failures == 0))
