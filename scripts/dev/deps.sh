#!/usr/bin/env bash
# make deps, the first step of every target: installs each Debian package below that is missing
# (silent when none is), then checks that every command the Makefile, scripts/ and tests/ run is
# there, naming the package that provides a missing one; then installs the npm packages of
# package-lock.json (the demo chain, the pages' libraries, the OpenAPI linter, the browser tests'
# driver) when node_modules is older than it.
#
# One table, and the only list: a package is here by name, never because another package
# recommends it (apt runs with --no-install-recommends) or because a machine happened to have it.
# A new command in a script or a test gets its row, or a word in its package's row, here.
# Commands of Debian's Essential packages (bash, coreutils, grep, sed, ...) are not listed.
set -euo pipefail

# package                              | commands the project runs from it | what for
table='
make                                   | make                     | the targets themselves
g++                                    | g++                      | compiles the handlers and the tests
cmake                                  | cmake ctest              | the build; ctest runs the test layers
pkg-config                             | pkg-config               | CMake finds libfcgi, libpqxx, jsoncpp, zlib, libbrotli and libcurl with it
libfcgi-dev                            |                          | the handlers: FastCGI (fcgi2 libfcgi)
libjsoncpp-dev                         |                          | the handlers: the JSON envelope
libboost1.81-dev                       |                          | the MCP handler: Boost.JSON reads the bodies of POST /mcp; the indexer: the WebSocket of new heads, Boost.Beast (header-only)
libpqxx-dev                            |                          | the handlers: PostgreSQL (libpqxx 6.4)
zlib1g-dev                             |                          | the handlers: gzip of answers
libbrotli-dev                          |                          | the publisher: the .br of answers (libbrotlienc); the end-to-end tests decode them (libbrotlidec)
libgtest-dev                           |                          | the unit, end-to-end and fault tests (GoogleTest)
libcurl4-openssl-dev                   |                          | the end-to-end tests: their HTTP client; the requests of the indexer and of coin-api-verify
postgresql-15                          | /usr/lib/postgresql/15/bin/initdb /usr/lib/postgresql/15/bin/pg_ctl /usr/lib/postgresql/15/bin/pg_basebackup | the database server every stack starts (scripts/dev/lib.sh); the standby of scripts/test/topology.sh
postgresql-client-15                   | psql createdb dropdb pg_dump pg_restore | creates the database, loads data, the tests read and write it; backup.sh and restore.sh
postgresql-15-pgtap                    |                          | the SQL tests: the pgtap extension
libtap-parser-sourcehandler-pgtap-perl | pg_prove                 | the SQL tests: runs them (postgresql-15-pgtap only recommends it)
sqitch                                 | sqitch                   | deploys, verifies and reverts the schema
libdbd-pg-perl                         |                          | sqitch: its PostgreSQL driver (sqitch accepts any of several)
nginx                                  | nginx                    | serves the API
libnginx-mod-nchan                     |                          | nginx: the event stream /api/v1/events (nchan holds its subscribers)
libnginx-mod-http-lua                  |                          | nginx: knows which published set is current (nginx/published-set.conf), admits the subscribers of the event stream (nginx/nginx.conf)
libnginx-mod-http-brotli-static        |                          | make bench: its static server sends the .br beside a file to a client that takes br (bench/nginx.conf)
util-linux                             | runuser nsenter          | runs PostgreSQL as postgres: the server refuses root; make systemtest: commands in its container
mawk                                   | awk                      | make bench: the table of results
curl                                   | curl                     | make run: waits for the first event of the event stream; make bench: fetches the answers and times renders
wrk                                    | wrk                      | make bench and the fault tests: the load
nghttp2-client                         | h2load nghttp            | make bench: HTTP/2 load over TLS (scripts/bench/bench-https.sh); the end-to-end tests: streams of one HTTP/2 connection
openssl                                | openssl                  | make run, the tests and make bench: the signing key of the answers; certificates for HTTPS
procps                                 | pgrep                    | make bench: finds the handlers to read their peak memory
clang                                  | clang++                  | make fuzz: libFuzzer needs clang
libclang-rt-14-dev                     |                          | make fuzz: libFuzzer and the sanitizers for clang
debootstrap                            | debootstrap              | make cleanroom: a fresh Debian 12 root file system
git                                    | git                      | make cleanroom: clones the repository into it
systemd-container                      | systemd-nspawn           | make systemtest: boots a Debian 12 under systemd, for the package
libssl-dev                             |                          | libcrypto (OpenSSL): Ed25519 signatures of the answers, SHA-256 of their Content-Digest and of TRON addresses (Base58Check); libssl: the wss:// connections of the indexer
libgmp-dev                             |                          | coin-api-verify: exact figures (GMP rationals, gmpxx)
libmpfr-dev                            |                          | coin-api-verify: the powers of the APYs (MPFR)
nodejs                                 | node                     | the demo chain (chain/*.mjs): compiles, deploys and drives the test contracts
npm                                    | npm                      | installs the npm packages of package-lock.json (the nodejs of NodeSource provides it)
chromium                               | chromium                 | the browser tests: headless, driven by puppeteer-core
prometheus-cpp-dev                     |                          | the handlers, the publisher and the indexer: their metrics (prometheus-cpp core, text format)
mtail                                  | mtail                    | metrics: requests by endpoint, status and source, from the access log of nginx (deploy/monitoring)
prometheus-nginx-exporter              | prometheus-nginx-exporter | metrics: connections and requests of nginx, from its stub_status
prometheus-postgres-exporter           | prometheus-postgres-exporter | metrics: the figures of PostgreSQL itself
dpkg-dev                               | dpkg-shlibdeps dpkg-deb  | make deb: the DEB generator of CPack finds the packages of the libraries with dpkg-shlibdeps
lintian                                | lintian                  | make deb: the package is checked with lintian
iproute2                               | ip                       | make scaletest: the hosts of scripts/test/topology.sh, network namespaces on a bridge
patroni                                | patroni patronictl       | make scaletest: runs PostgreSQL on each database host and fails the primary over (deploy/patroni)
python3-etcd                           |                          | patroni: the client of its etcd3 store (patroni accepts any of several stores)
etcd-server                            | etcd                     | make scaletest: the store where Patroni keeps who leads, one member on each database host
etcd-client                            | etcdctl                  | make scaletest: scripts/test/topology.sh waits until every etcd member is healthy
prometheus                             | promtool                 | the unit tests: the scrape configuration and the alert rules of deploy/monitoring, and their tests
'

source "$(dirname "$0")/lib.sh"

packages=()
declare -A package_of=()  # command -> package
while IFS='|' read -r package commands _; do
  read -r package <<<"$package"
  [ -n "$package" ] || continue
  packages+=("$package")
  for command in $commands; do package_of[$command]=$package; done
done <<<"$table"

# The packages dpkg has installed, and the ones they provide (NodeSource's nodejs provides npm,
# Debian's does not): one query for all.
declare -A installed=()
while read -r package; do installed[$package]=1; done < <(
  dpkg-query -W -f='${db:Status-Status} ${Package}, ${Provides}\n' 2>/dev/null |
    sed -n 's/^installed //p' | tr ',' '\n' | sed 's/^ *//; s/ .*//; /^$/d')

missing=()
for package in "${packages[@]}"; do [ -n "${installed[$package]:-}" ] || missing+=("$package"); done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The guard. Every package of the table is installed by now (apt-get stops the script if not),
# so a command missing means its row names the wrong package.
absent=()
for command in "${!package_of[@]}"; do
  command -v "$command" >/dev/null ||
    absent+=("$command: not on PATH, although ${package_of[$command]}, the package its row names, is installed")
done
[ ${#absent[@]} -eq 0 ] ||
  die "missing commands: does the table in scripts/dev/deps.sh name their packages right?"$'\n'"$(
    printf '  %s\n' "${absent[@]}" | sort)"

# The npm packages (anvil, solc-js), exactly as package-lock.json pins them. npm writes
# node_modules/.package-lock.json last: older than the lockfile (or missing) means not installed.
if [ ! "$root_dir/node_modules/.package-lock.json" -nt "$root_dir/package-lock.json" ]; then
  say "installing the npm packages of package-lock.json"
  (cd "$root_dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null)
fi
