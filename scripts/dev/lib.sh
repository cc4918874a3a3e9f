# Steps of the local stack, sourced by scripts/dev/run.sh (make run, the end-to-end tests), the
# test harness (scripts/test/) and the benchmarks (scripts/bench/lib.sh). Everything lives below
# one var directory:
#   $var/pg/      PostgreSQL: data/, its unix socket, postgres.log (owned by postgres)
#   $var/run/     the handlers' FastCGI sockets
#   $var/nginx/   nginx's rendered configuration, logs and temp files
# PostgreSQL listens on its unix socket only, so stacks never collide on a port.
source "$(dirname "${BASH_SOURCE[0]}")/../package/lib.sh"

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)  # "" until installed
anvil=$root_dir/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil  # npm ci (make deps) puts it there

# Runs a command as the PostgreSQL server's user: the server refuses to run as root. From /,
# since postgres may not enter the current directory (a clone under /root, say).
as_postgres() {
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

# Every directory on the way to $1 must be searchable by others (postgres, nginx's workers).
check_reachable() {
  local dir
  dir=$(readlink -f "$1")
  while [ "$dir" != / ]; do
    [ -x "$dir" ] && [ "$(( 0$(stat -c %a "$dir") & 1 ))" = 1 ] ||
      die "$dir is not searchable by other users: postgres and nginx must reach $1" \
          "(chmod o+x $dir, or set VAR to a directory they can reach, e.g. VAR=/var/tmp/coin)"
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

# Replaces the snapshot data with the demo data (demo), the benchmark's 3 years of 5-minute
# snapshots (bench), the hand-worked test fixture (fixture), nothing (empty: for the indexer to
# fill), or leaves it as it is (keep). Each load is one transaction.
db_load() {
  case $1 in
    empty) psql -qX -v ON_ERROR_STOP=1 -c 'TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark, snapshot.urn_event, snapshot.urn_state,
             snapshot.urn, snapshot.urn_log_range, snapshot.vault_price, snapshot.allocator_position_state,
             snapshot.allocator_position, snapshot.vault_state, snapshot.vault, snapshot.chain_state
             RESTART IDENTITY' >/dev/null ;;
    demo) psql -qX -v ON_ERROR_STOP=1 -1 -f "$root_dir/sql/demo/generate.sql" >/dev/null ;;
    bench) psql -qX -v ON_ERROR_STOP=1 -1 -f "$root_dir/sql/demo/generate.sql" >/dev/null \
             -v launch="$(date -u -d '3 years ago' '+%F 00:00+00')" -v fine_days=1100 ;;
    fixture) psql -qX -v ON_ERROR_STOP=1 -1 -f "$root_dir/tests/sql/fixture.sql" >/dev/null ;;
    keep) ;;
    *) die "unknown data '$1' (demo, bench, fixture, empty or keep)" ;;
  esac
}

# supervise NAME COMMAND...: runs COMMAND, and again whenever it ends, until SIGTERM, which it
# passes on. A command that keeps failing at once is restarted less and less often (0.1 s,
# doubling up to 5 s); one that ran for 10 s or more is restarted after 0.1 s.
supervise() {
  local name=$1 child= started status tenths=1
  trap '[ -z "$child" ] || kill -TERM "$child" 2>/dev/null; wait; exit 0' TERM
  shift
  while :; do
    started=$SECONDS
    "$@" &
    child=$!
    status=0
    wait "$child" || status=$?
    say "$name ended (status $status); starting it again"
    ((SECONDS - started < 10)) || tenths=1
    sleep "$((tenths / 10)).$((tenths % 10))" &
    child=$!
    wait "$child" || true
    ((tenths = tenths * 2 > 50 ? 50 : tenths * 2))
  done
}

# wait_for WHAT COMMAND...: until COMMAND succeeds, for up to 120 s: a cap for what never comes
# up, far above what a busy machine takes (the publisher's first set of the demo data, seconds).
wait_for() {
  local deadline=$((SECONDS + 120))
  until "${@:2}" 2>/dev/null; do
    ((SECONDS < deadline)) || die "$1 did not come up within 120 s"
    sleep 0.1
  done
}
