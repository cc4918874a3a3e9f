# Steps of the local stack, sourced by scripts/run.sh (make run, the end-to-end tests) and
# scripts/pgtap.sh (the SQL tests). Everything lives below one var directory:
#   $var/pg/      PostgreSQL: data/, its unix socket, postgres.log (owned by postgres)
#   $var/run/     the handlers' FastCGI sockets
#   $var/nginx/   nginx's rendered configuration, logs and temp files
# PostgreSQL listens on its unix socket only, so stacks never collide on a port.

root_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)

say() { printf '%s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

# Runs a command as the PostgreSQL server's user: the server refuses to run as root.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Every directory on the way to $1 must be searchable by others (postgres, nginx's workers).
check_reachable() {
  local dir
  dir=$(readlink -f "$1")
  while [ "$dir" != / ]; do
    [ -x "$dir" ] && [ "$(( 0$(stat -c %a "$dir") & 1 ))" = 1 ] ||
      die "$dir is not searchable by other users (chmod o+x it): postgres and nginx must reach $1"
    dir=$(dirname "$dir")
  done
}

# Starts PostgreSQL for $var (creating the cluster on first use) and exports the PG* variables
# of its superuser for the steps that follow.
pg_start() {
  local var=$1 pg=$1/pg
  [ -n "$pg_bin" ] || die "PostgreSQL is not installed (make deps)"
  mkdir -p "$pg"
  chmod 0755 "$var"
  check_reachable "$var"
  [ "$(id -u)" = 0 ] && chown postgres: "$pg"
  if [ ! -f "$pg/data/PG_VERSION" ]; then
    as_postgres "$pg_bin/initdb" -D "$pg/data" -U postgres -E UTF8 --locale=C.UTF-8 \
      --auth-local=trust --auth-host=reject --no-sync >"$pg/initdb.log" ||
      die "initdb failed, see $pg/initdb.log"
  fi
  as_postgres "$pg_bin/pg_ctl" -D "$pg/data" status >/dev/null ||
    as_postgres "$pg_bin/pg_ctl" -D "$pg/data" -l "$pg/postgres.log" -w -t 60 \
      -o "-c listen_addresses='' -c unix_socket_directories='$pg' -c port=5432" start >/dev/null ||
    die "PostgreSQL did not start, see $pg/postgres.log"
  export PGHOST=$pg PGPORT=5432 PGUSER=postgres PGDATABASE=coin
  psql -qAtX -d postgres -c "SELECT 1 FROM pg_database WHERE datname = 'coin'" | grep -q 1 ||
    createdb coin
}

pg_stop() {
  [ -f "$1/pg/data/postmaster.pid" ] || return 0
  as_postgres "$pg_bin/pg_ctl" -D "$1/pg/data" -m fast -w stop >/dev/null
}

# Deploys every sqitch change not yet deployed, then verifies them all.
db_deploy() {
  sqitch --quiet --chdir "$root_dir/sql" deploy --verify db:pg: >/dev/null
}

# Replaces the snapshot data with the demo data (demo), the benchmark's 3 years of 5-minute
# snapshots (bench), the hand-worked test fixture (fixture), or leaves it as it is (keep).
# Each load is one transaction.
db_load() {
  case $1 in
    demo) psql -qX -v ON_ERROR_STOP=1 -1 -f "$root_dir/sql/demo/generate.sql" >/dev/null ;;
    bench) psql -qX -v ON_ERROR_STOP=1 -1 -f "$root_dir/sql/demo/generate.sql" >/dev/null \
             -v launch="$(date -u -d '3 years ago' '+%F 00:00+00')" -v fine_days=1100 ;;
    fixture) psql -qX -v ON_ERROR_STOP=1 -1 -f "$root_dir/tests/sql/fixture.sql" >/dev/null ;;
    keep) ;;
    *) die "unknown data '$1' (demo, bench, fixture or keep)" ;;
  esac
}

# Renders every *.conf of nginx/ (and any further files given) into directory $2, filling in
# the placeholders of nginx/nginx.conf: @VAR@ $1, @CONF@ $2, @LISTEN@ $3, @CACHE@ $4. Copies
# the pages to $1/nginx/html, where nginx's workers can read them.
render_nginx() {
  local var=$1 conf=$2 listen=$3 cache=$4 file
  mkdir -p "$conf" "$var/nginx/tmp"
  for file in "$root_dir"/nginx/*.conf "${@:5}"; do
    sed -e "s|@VAR@|$var|g" -e "s|@LISTEN@|$listen|g" -e "s|@CONF@|$conf|g" -e "s|@CACHE@|$cache|g" \
      "$file" >"$conf/$(basename "$file")"
  done
  rm -rf "$var/nginx/html"
  cp -R "$root_dir/nginx/html" "$var/nginx/html"
  chmod -R a+rX "$var/nginx/html"
}

wait_for() {  # wait_for WHAT COMMAND...: up to 30 s
  local tries=300
  until "${@:2}" 2>/dev/null; do
    ((--tries)) || die "$1 did not come up"
    sleep 0.1
  done
}
