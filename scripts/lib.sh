# Steps of the local stack, sourced by scripts/run.sh (make run, the end-to-end tests) and
# scripts/pgtap.sh (the SQL tests). Everything lives below one var directory:
#   $var/pg/      PostgreSQL: data/, its unix socket, postgres.log (owned by postgres)
#   $var/run/     the handlers' FastCGI sockets
#   $var/nginx/   nginx's rendered configuration, logs and temp files
# PostgreSQL listens on its unix socket only, so stacks never collide on a port.

root_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)  # "" until installed
anvil=$root_dir/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil  # npm ci (make deps) puts it there

say() { printf '%s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }
on_or_off() {  # on_or_off NAME VALUE: a setting that is on or off, or an error
  case $2 in on | off) ;; *) die "$1 is on or off, not '$2'" ;; esac
}

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

# Deploys every sqitch change not yet deployed, then verifies them all. A database deployed
# from the plan as it was before release v1.0.0 (which reordered it) cannot be deployed to:
# its cluster is removed and made again.
db_deploy() {
  sqitch --quiet --chdir "$root_dir/sql" deploy --verify db:pg: >/dev/null ||
    die "sqitch cannot deploy to the database (above). A stack's own, deployed before release" \
        "v1.0.0 (whose plan was reordered), is made again once its VAR/pg is removed (make clean removes var/)"
}

# Replaces the snapshot data with the demo data (demo), the benchmark's 3 years of 5-minute
# snapshots (bench), the hand-worked test fixture (fixture), nothing (empty: for the indexer to
# fill), or leaves it as it is (keep). Each load is one transaction.
db_load() {
  case $1 in
    empty) psql -qX -v ON_ERROR_STOP=1 -c 'TRUNCATE snapshot.allocator_position_state,
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

# render_nginx VAR CONF PUBLISHER [NAME=value...] [FILE...]: renders every *.conf of nginx/ (and
# any further FILEs) into directory CONF, in place of the *.conf an earlier render left there,
# replacing @VAR@ with VAR, @CONF@ with CONF and every other @NAME@ with its value: given, or the
# default below (nginx/nginx.conf describes them); METRICS_ALLOW, a list of addresses, becomes
# metrics-allow.conf; UPSTREAMS, a file, the pools' servers on other hosts. The publisher
# binary PUBLISHER writes there the files of the endpoint list (`publisher --nginx`:
# upstreams.conf, queries.conf, endpoints.conf, success-cache-control.conf). A placeholder left
# unfilled is an error, and so is an add_header in any file but headers.conf. Copies the error
# pages to VAR/nginx/html and the pages for people to VAR/nginx/web (render_pages), where
# nginx's workers can read them, and makes LOGS, the access log's directory.
render_nginx() {
  local var=$1 conf=$2 publisher=$3 arg name file
  local -A values=([VAR]=$var [CONF]=$conf [LISTEN]=127.0.0.1:8080 [PUBLISHED]=$var/published
                   [LOGS]=$var/nginx [SOCKETS]=$var/run [RATE_LIMIT]=off [RATE]=50r/s [BURST]=100
                   [METRICS_ALLOW]="127.0.0.1 ::1" [UPSTREAMS]= [EVENT_STREAMS]=8 [EVENT_BUFFER]=100
                   [MCP_REQUESTS]=64)
  local files=("$root_dir"/nginx/*.conf) edits=()
  for arg in "${@:4}"; do
    case $arg in
      *=*) values[${arg%%=*}]=${arg#*=} ;;
      *) files+=("$arg") ;;
    esac
  done
  on_or_off RATE_LIMIT "${values[RATE_LIMIT]}"
  for name in "${!values[@]}"; do edits+=(-e "s|@$name@|${values[$name]}|g"); done
  mkdir -p "$conf" "$var/nginx/tmp" "${values[LOGS]}"
  rm -f "$conf"/*.conf
  for file in "${files[@]}"; do
    sed "${edits[@]}" "$file" >"$conf/$(basename "$file")"
  done
  "$publisher" --nginx "$conf" --sockets "${values[SOCKETS]}" \
    ${values[UPSTREAMS]:+--upstreams "${values[UPSTREAMS]}"} || die "cannot render the endpoints into $conf"
  # The addresses (or CIDR ranges) that may read /metrics and /stub_status (ops.conf).
  { for address in ${values[METRICS_ALLOW]}; do echo "allow $address;"; done; echo "deny all;"; } \
    >"$conf/metrics-allow.conf"
  ! grep -n '@[A-Z_]*@' "$conf"/*.conf || die "unfilled placeholders in $conf"
  # nginx drops the inherited add_headers (CORS, the security headers) in any block that has
  # one of its own: every header is added in headers.conf, in the server block, and only there.
  ! grep -n --exclude=headers.conf '^[^#]*\badd_header\b' "$conf"/*.conf ||
    die "add_header outside headers.conf (above): a block with one drops every inherited header;" \
        "add the header in nginx/headers.conf, with its value per answer in nginx/header-values.conf"
  rm -rf "$var/nginx/html"
  cp -R "$root_dir/nginx/html" "$var/nginx/html"
  chmod -R a+rX "$var/nginx/html"
  render_pages "$var/nginx/web"
}

# render_pages DIR: the pages of nginx/pages.conf into DIR: web/ (the dashboard and the API
# reference), the OpenAPI document, and the libraries they use, from node_modules (make deps).
render_pages() {
  local web=$1 vendor=$root_dir/node_modules
  [ -d "$vendor/uplot" ] || die "no $vendor/uplot: the pages need make deps (npm ci)"
  rm -rf "$web"
  cp -R "$root_dir/web" "$web"
  cp "$root_dir/openapi/openapi.json" "$web/"
  mkdir -p "$web/assets/vendor"
  cp "$vendor/uplot/dist/uPlot.iife.min.js" "$vendor/uplot/dist/uPlot.min.css" \
     "$vendor/swagger-ui-dist/swagger-ui-bundle.js" "$vendor/swagger-ui-dist/swagger-ui.css" "$web/assets/vendor/"
  # Compressed once, here, not on every request (gzip_static, nginx/page.conf).
  find "$web" -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' -o -name '*.json' \) \
    -exec gzip -9 -k -n {} +
  chmod -R a+rX "$web"
}

# bench_stack_start PORT LOG [NAME=value...]: a benchmark's stack, scripts/run.sh in the
# background on 127.0.0.1:PORT with THREADS=2 and the settings given, its output in LOG; sets
# stack_pid, and returns once it answers. bench_stack_stop stops it (nothing when none runs).
bench_stack_start() {
  local port=$1 log=$2
  env PORT="$port" THREADS=2 "${@:3}" "$root_dir/scripts/run.sh" >"$log" 2>&1 &
  stack_pid=$!
  wait_for "the stack (see $log)" curl -sf -o /dev/null "http://127.0.0.1:$port/totalSupply"
}
bench_stack_stop() {
  [ -n "${stack_pid:-}" ] || return 0
  kill -TERM "$stack_pid" 2>/dev/null || true
  wait "$stack_pid" 2>/dev/null || true
  stack_pid=
}

# bench_database SQL: what SQL gives on the database of the benchmark's stack (in $var), as
# unaligned text; bench_data_scale: that data's size and span, for a results file.
bench_database() { psql -qAtX -h "$var/pg" -U postgres -d coin -c "$1"; }
bench_data_scale() {
  bench_database "SELECT (SELECT count(*) FROM snapshot.chain_state) || ' chain rows, '
                         || (SELECT count(*) FROM snapshot.vault_state) || ' Vault rows, '
                         || (SELECT count(*) FROM snapshot.allocator_position_state)
                         || ' allocator rows, ' || (SELECT to_char(min(taken_at), 'YYYY-MM-DD')
                         || ' to ' || to_char(max(taken_at), 'YYYY-MM-DD') FROM snapshot.chain_state)"
}

# bench_stack_data NAME SETTING: the data of a benchmark's stack, as $SETTING says (bench or
# demo; by default bench when the benchmark database exists, make bench-data): sets data to
# that, var to the stack's directory and run_data to what run.sh loads: the benchmark database
# kept as it is (var/bench), or fresh demo data in var/bench-NAME. Dies when the benchmark database's
# PostgreSQL already runs (another benchmark: pg_start would fail, or share it).
bench_stack_data() {
  local name=$1 setting=$2
  data=${!setting:-}
  [ -n "$data" ] || { [ -f "$root_dir/var/bench/pg/data/PG_VERSION" ] && data=bench || data=demo; }
  case $data in
    bench)
      var=$root_dir/var/bench run_data=keep
      [ -f "$var/pg/data/PG_VERSION" ] || die "no benchmark database in $var (make bench-data), or $setting=demo"
      ! { [ -f "$var/pg/data/postmaster.pid" ] && kill -0 "$(head -n 1 "$var/pg/data/postmaster.pid")" 2>/dev/null; } ||
        die "a PostgreSQL already runs in $var/pg: is another benchmark running? (or $setting=demo)"
      ;;
    demo) var=$root_dir/var/bench-$name run_data=demo ;;
    *) die "$setting is bench or demo, not $data" ;;
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

# file_argument NAME USAGE ARGS...: sets NAME to a script's one argument, a FILE; --help
# prints USAGE and exits 0; anything else is an error that shows USAGE.
file_argument() {
  local name=$1 usage=$2
  shift 2
  [ $# = 1 ] || die "$usage"
  case $1 in
    -h | --help) echo "$usage"; exit 0 ;;
    -*) die "unknown option $1; $usage" ;;
  esac
  printf -v "$name" '%s' "$1"
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
