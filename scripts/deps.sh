#!/usr/bin/env bash
# Installs the Debian packages the project needs, and only those missing: silent when all are.
set -euo pipefail

packages=(
  g++ cmake make pkg-config                          # build
  libfcgi-dev libjsoncpp-dev libpqxx-dev zlib1g-dev  # the handlers
  postgresql postgresql-15-pgtap sqitch libdbd-pg-perl nginx  # the stack
  libgtest-dev libcurl4-openssl-dev                  # the tests
  wrk procps                                         # the benchmark, the fault tests
  clang libclang-rt-14-dev                           # the fuzzer (libFuzzer)
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing ${missing[*]}" >&2
sudo=()
[ "$(id -u)" = 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
