#!/usr/bin/env bash
# The Debian package (make deb), installed by dpkg into an empty root directory: each path of
# the table of installed paths in docs/deploying.md ("The Debian package") is there, and each
# file installed is under one of them; the binaries print their version; the units start only
# installed binaries; the production nginx configuration renders from the installed tree;
# lintian finds no error; a purge leaves nothing behind. Usage: install_test.sh DEB VERSION
set -euo pipefail
deb=$1 version=$2
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
[ -f "$deb" ] || { echo "no $deb: make deb builds it" >&2; exit 1; }
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# An empty dpkg database in $root. The dependencies are not installed there (--force-depends);
# the maintainer scripts run here, with DPKG_ROOT=$root (--force-script-chrootless).
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
in_root() { dpkg --root="$root" --log=/dev/null --force-depends --force-script-chrootless "$@"; }
in_root --install "$deb" >"$root/dpkg.log" 2>&1 || { cat "$root/dpkg.log"; exit 1; }
rm "$root/dpkg.log"
mapfile -t installed < <(in_root --listfiles coin-api)

# The first cell of each row of the table in docs/deploying.md's "The Debian package" that
# starts with a path.
mapfile -t table < <(awk '/^## / { package = ($0 == "## The Debian package") }
  package && /^\| `\// { split($0, cell, "`"); print cell[2] }' "$source_dir/docs/deploying.md")
((${#table[@]})) || fail "docs/deploying.md: no table of installed paths in \"## The Debian package\""
for path in "${table[@]}"; do
  [ -e "$root$path" ] || fail "$path: in docs/deploying.md's table, not installed"
done
files=0
for file in "${installed[@]}"; do
  [ -d "$root$file" ] && continue
  files=$((files + 1))
  listed=
  for path in "${table[@]}"; do
    case $file in "$path" | "${path%/}"/*) listed=yes ;; esac
  done
  [ -n "$listed" ] || fail "$file: installed, under no path of docs/deploying.md's table"
done

binaries=0
for binary in "$root"/usr/lib/coin-api/*; do
  binaries=$((binaries + 1))
  expected="$(basename "$binary") (coin-api) $version"
  answer=$("$binary" --version) || fail "$binary --version: exit status $?"
  [ "$answer" = "$expected" ] || fail "$binary --version: '$answer', not '$expected'"
done

# Each coin-api binary a unit starts (Exec*=[prefixes]/path/coin-api/binary) is installed.
for binary in $(sed -n 's|^Exec[A-Za-z]*=[-@:+!]*\(/[^ ]*/coin-api/[^ ]*\).*|\1|p' \
                  "$root"/lib/systemd/system/*.service | sort -u); do
  [ -x "$root$binary" ] || fail "$binary: a unit starts it, the package has no such binary"
done

# render-nginx.sh, unchanged, from where the package puts it: the pages' files (render_pages
# copies them from node_modules/), the endpoints from the installed publisher, nginx -t (which
# opens the access log, in a LOGS it made).
CONF=$root/render/conf VAR=$root/render/var LOGS=$root/render/logs \
  PUBLISHER=$root/usr/lib/coin-api/publisher \
  "$root/usr/share/coin-api/scripts/render-nginx.sh" 2>"$root/render.log" ||
  fail "render-nginx.sh from the installed tree: $(cat "$root/render.log")"
[ -f "$root/render/logs/access.log" ] || fail "render-nginx.sh: no access log in LOGS"
rm -rf "$root/render" "$root/render.log"

lintian --fail-on error "$deb" >"$root/lintian.log" 2>&1 ||
  fail "lintian: $(grep -v 'running with root privileges' "$root/lintian.log")"
warnings=$(grep -c '^W: ' "$root/lintian.log" || true)
rm "$root/lintian.log"

in_root --purge coin-api >/dev/null
left=$(find "$root" -mindepth 1 -path "$root/var/lib/dpkg" -prune -o -print | grep -v "^$root/var\(/lib\)\?$" || true)
[ -z "$left" ] || fail "left after a purge: ${left//"$root"/}"

echo "package: $(basename "$deb"): $files files under the ${#table[@]} installed paths of docs/deploying.md," \
     "$binaries binaries at $version, nginx rendered from /usr/share/coin-api," \
     "lintian without errors ($warnings warnings), purged clean; $failures failures"
((failures == 0))
