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

# Deploys every sqitch change not yet deployed, then verifies them all.
db_deploy() {
  sqitch --quiet --chdir "$root_dir/sql" deploy --verify db:pg: >/dev/null
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

# render_nginx VAR CONF ROUTES [NAME=value...] [FILE...]: renders every *.conf of nginx/ (and
# any further FILEs) into directory CONF, in place of the *.conf an earlier render left there,
# replacing @VAR@ with VAR, @CONF@ with CONF and every other @NAME@ with its value: given, or the
# default below (nginx/nginx.conf describes them); METRICS_ALLOW, a list of addresses, becomes
# metrics-allow.conf; UPSTREAMS, a file, the pools' servers (render_endpoints). A placeholder
# left unfilled is an error, and
# so is an add_header in any file but headers.conf. Writes there, from ROUTES (the endpoint
# list, as `publisher --routes` prints it), upstreams.conf, queries.conf and endpoints.conf.
# Copies the error pages to VAR/nginx/html and the pages for people to VAR/nginx/web (render_pages),
# where nginx's workers can read them.
render_nginx() {
  local var=$1 conf=$2 routes=$3 arg name file
  local -A values=([VAR]=$var [CONF]=$conf [LISTEN]=127.0.0.1:8080 [PUBLISHED]=$var/published
                   [SOCKETS]=$var/run [RATE_LIMIT]=off [RATE]=50r/s [BURST]=100
                   [METRICS_ALLOW]="127.0.0.1 ::1" [UPSTREAMS]= [EVENT_STREAMS]=8 [EVENT_BUFFER]=100)
  local files=("$root_dir"/nginx/*.conf) edits=()
  for arg in "${@:4}"; do
    case $arg in
      *=*) values[${arg%%=*}]=${arg#*=} ;;
      *) files+=("$arg") ;;
    esac
  done
  on_or_off RATE_LIMIT "${values[RATE_LIMIT]}"
  for name in "${!values[@]}"; do edits+=(-e "s|@$name@|${values[$name]}|g"); done
  mkdir -p "$conf" "$var/nginx/tmp"
  rm -f "$conf"/*.conf
  for file in "${files[@]}"; do
    sed "${edits[@]}" "$file" >"$conf/$(basename "$file")"
  done
  render_endpoints "$routes" "$conf" "${values[SOCKETS]}" "${values[UPSTREAMS]}"
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

# render_endpoints ROUTES CONF SOCKETS [UPSTREAMS]: nginx's part of the endpoint list (ROUTES,
# lines of spec, path, group, view, content type, parameters, pool, alias column, sendfile),
# into CONF:
#   upstreams.conf  an upstream per pool: the servers UPSTREAMS lists for it (lines of
#                   "<pool><TAB><server parameters>", e.g. "protocol<TAB>10.0.0.21:9002
#                   max_fails=1 fail_timeout=10s"; every pool must have one), their state
#                   shared by nginx's workers (zone); without UPSTREAMS, the two processes of
#                   its group on this host, SOCKETS/<group>-1.sock and -2.sock
#   upstreams.conf  ... and the ops handler's: SOCKETS/ops.sock (nginx/ops.conf); the mcp
#                   handler's: SOCKETS/mcp-1.sock and -2.sock (nginx/mcp.conf)
#   queries.conf    $published_query: a query in the list's parameter order with allowed values
#                   ("chain=eth&interval=WEEKLY"), the name of its published answer; else ""
#   endpoints.conf  an exact location per endpoint, which names itself in $endpoint_path (the
#                   access log, nginx/access-log.conf): its published answer (gzip if taken, else
#                   plain), else its pool's handlers (@<pool>); $published_prefix sends a request
#                   with a chunked body to them (nginx.conf); sendfile for a history (the list's
#                   sendfile column), off for the others
#   endpoints.conf  ... and for the endpoints with an alias column (6.4, 6.5), a location per
#                   directory of theirs (/api/v1/external/total-supply/<name>): a name that the
#                   set served marks as one of theirs (aliases/<path>/<name>, written by the
#                   publisher) is rewritten to that endpoint's path, and answered exactly as it;
#                   any other name is the 404 of an unknown path (nginx/alias.conf)
render_endpoints() {
  local routes=$1 conf=$2 sockets=$3 upstreams=${4:-}
  [ -s "$routes" ] || die "no endpoint list in $routes"
  [ -z "$upstreams" ] || [ -s "$upstreams" ] || die "no servers in $upstreams (UPSTREAMS)"
  awk -F '\t' -v conf="$conf" -v sockets="$sockets" -v upstreams="$upstreams" '
    BEGIN {
      header = "# Rendered by render_nginx (scripts/lib.sh) from the endpoint list (`publisher --routes`)."
      print header > (conf "/upstreams.conf")
      if (upstreams == "") {
        print "# A pool per group: two processes of its handler, each on a socket of its own, so that one may" > (conf "/upstreams.conf")
        print "# crash or restart while the other serves (fallback.conf hands a request one refused to the" > (conf "/upstreams.conf")
        print "# other). None is ever left out (max_fails=0): a refused connection costs nothing, and one" > (conf "/upstreams.conf")
        print "# left out for its fail_timeout would leave the pool empty while the other restarts then." > (conf "/upstreams.conf")
        print "# An endpoint with a pool of its own is served by the processes of its group under that name." > (conf "/upstreams.conf")
      } else {
        printf "# A pool per name of the endpoint list, with the servers %s gives it.\n", upstreams > (conf "/upstreams.conf")
        while ((getline line < upstreams) > 0) {
          if (line ~ /^[ \t]*(#|$)/) continue
          split(line, server, "\t")
          servers[server[1]] = servers[server[1]] "  server " server[2] ";\n"
        }
      }
      print header > (conf "/queries.conf")
      print "map \"$uri?$args\" $published_query {" > (conf "/queries.conf")
      print "  default \"\";" > (conf "/queries.conf")
      print header > (conf "/endpoints.conf")
    }
    {
      spec = $1; path = $2; group = $3; type = $5; parameters = $6; pool = $7; alias_column = $8
      sendfile = $9 == "sendfile" ? "on" : "off"
      if (alias_column != "-" && alias_column != "") {  # "": a list from before the column
        directory = substr(path, 1, match(path, /[^\/]*$/) - 1)
        if (!(directory in aliased)) directories[++directory_count] = directory
        aliased[directory] = aliased[directory] (aliased[directory] == "" ? "" : " ") path
        aliased_specs[directory] = aliased_specs[directory] (aliased_specs[directory] == "" ? "" : ", ") spec
      }
      file = substr(path, 2)
      if (parameters != "-") {
        n = split(parameters, list, "&"); pattern = ""; name = ""
        for (i = 1; i <= n; i++) {
          split(list[i], pair, "=")
          # "*": values of the data (a Vault type), any that can name a file; the handlers
          # answer one that is not published
          values = pair[2] == "*" ? "[0-9A-Za-z-]+" : pair[2]; gsub(",", "|", values)
          pattern = pattern (i > 1 ? "&" : "") pair[1] "=(" values ")"
          name = name (i > 1 ? "&" : "") pair[1] "=$" i
        }
        escaped = path; gsub(/[.?+*()|]/, "\\\\&", escaped)
        printf "  \"~^%s\\?%s$\" \"%s\";\n", escaped, pattern, name > (conf "/queries.conf")
        file = file "/$published_query"
      }
      file = "/" file (type == "text/plain" ? ".txt" : ".json")
      file = "$published_prefix" file
      printf "\nlocation = %s {  # %s\n  set $endpoint_path %s;\n  default_type %s;\n  include %s/endpoint.conf;\n  sendfile %s;\n  try_files %s$gzip_suffix %s @%s;\n}\n",
        path, spec, path, type, conf, sendfile, file, file, pool > (conf "/endpoints.conf")
      if (!(pool in group_of)) { group_of[pool] = group; order[++count] = pool }
    }
    END {
      print "}" > (conf "/queries.conf")
      for (i = 1; i <= directory_count; i++) {
        d = directories[i]; escaped = d; gsub(/[.?+*()|]/, "\\\\&", escaped)
        printf "\nlocation ~ ^%s(?<other_name>[a-z][a-z0-9]*)$ {  # %s under another name\n  include %s/alias.conf;\n",
          escaped, aliased_specs[d], conf > (conf "/endpoints.conf")
        n = split(aliased[d], paths, " ")
        for (j = 1; j <= n; j++) {
          printf "  if (-f $document_root/aliases%s/$other_name) {\n    rewrite ^ %s last;\n  }\n",
            paths[j], paths[j] > (conf "/endpoints.conf")
        }
        print "  return 404;\n}" > (conf "/endpoints.conf")
      }
      printf "\n# The ops handler (/healthz, /metrics): one process, started again by its supervisor.\nupstream ops {\n  server unix:%s/ops.sock;\n}\n", sockets > (conf "/upstreams.conf")
      printf "\n# The mcp handler (/mcp, /llms.txt): two processes, like a group.\nupstream mcp {\n  server unix:%s/mcp-1.sock max_fails=0;\n  server unix:%s/mcp-2.sock max_fails=0;\n}\n", sockets, sockets > (conf "/upstreams.conf")
      for (i = 1; i <= count; i++) {
        p = order[i]; g = group_of[p]
        if (upstreams == "") {
          printf "\nupstream %s {\n  server unix:%s/%s-1.sock max_fails=0;\n  server unix:%s/%s-2.sock max_fails=0;\n}\n",
            p, sockets, g, sockets, g > (conf "/upstreams.conf")
        } else if (p in servers) {
          printf "\nupstream %s {\n  zone %s 64k;\n%s}\n", p, p, servers[p] > (conf "/upstreams.conf")
        } else {
          printf "no servers for pool %s in %s (UPSTREAMS)\n", p, upstreams > "/dev/stderr"; failed = 1
        }
        printf "\nlocation @%s {\n  include %s/fallback.conf;\n  fastcgi_pass %s;\n}\n", p, conf, p > (conf "/endpoints.conf")
      }
      exit failed
    }' "$routes" || die "cannot render the endpoints into $conf"
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
