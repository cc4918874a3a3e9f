# The benchmarks' steps (scripts/bench/), on top of the local stack's (scripts/dev/lib.sh).
source "$(dirname "${BASH_SOURCE[0]}")/../dev/lib.sh"

# bench_stack_start PORT LOG [NAME=value...]: a benchmark's stack, scripts/dev/run.sh in the
# background on 127.0.0.1:PORT with THREADS=2 and the settings given, its output in LOG; sets
# stack_pid, and returns once it answers. bench_stack_stop stops it (nothing when none runs).
bench_stack_start() {
  local port=$1 log=$2
  env PORT="$port" THREADS=2 "${@:3}" "$root_dir/scripts/dev/run.sh" >"$log" 2>&1 &
  stack_pid=$!
  wait_for "the stack (see $log)" curl -sf -o /dev/null "http://127.0.0.1:$port/totalSupply"
}
bench_stack_stop() {
  [ -n "${stack_pid:-}" ] || return 0
  kill -TERM "$stack_pid" 2>/dev/null || true
  wait "$stack_pid" 2>/dev/null || true
  stack_pid=
}

# alternated ROUNDS A B: two commands (strings, evaluated), each printing a line of numbers, run
# in ROUNDS rounds in the order A B B A -> "A's|B's": each number the mean of its 2 x ROUNDS runs.
# The machine is shared and its speed moves by a tenth over seconds: short runs in turn see the
# same moments (bench.sh says what the better of two long runs gave instead).
alternated() {
  local round a=() b=()
  for ((round = 0; round < $1; round++)); do
    a+=("$(eval "$2")")
    b+=("$(eval "$3")")
    b+=("$(eval "$3")")
    a+=("$(eval "$2")")
  done
  echo "$(means "${a[@]}")|$(means "${b[@]}")"
}
# means LINE...: the mean of each column of numbers, with as many decimals as its numbers have.
means() {
  printf '%s\n' "$@" | awk '{
      for (i = 1; i <= NF; i++) {
        sum[i] += $i
        point = index($i, ".")
        if (point && length($i) - point > places[i]) places[i] = length($i) - point
      }
      columns = NF
    }
    END { for (i = 1; i <= columns; i++) printf "%s" "%." places[i] "f", (i > 1 ? " " : ""), sum[i] / NR; print "" }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
field() { cut -d' ' -f"$2" <<<"$1"; }  # FIGURES N: the Nth of a line of numbers

# served_published LOG PROTOCOL CASE...: each CASE ("spec|path|..."), last asked by GET over
# PROTOCOL ("HTTP/1.1", "HTTP/2.0"), was served from the published set, says nginx's access log
# LOG (its source field; the log is flushed every second, so it waits that long first).
served_published() {
  local log=$1 protocol=$2 row path
  sleep 1.5
  for row in "${@:3}"; do
    IFS='|' read -r _ path _ <<<"$row"
    grep -F "\"GET $path $protocol\"" "$log" | tail -n 1 | grep -q ' published ' ||
      die "GET $path was not served from the published set (see $log)"
  done
}

# placed SET NAME: the published file NAME of SET, where the publisher placed it (under large/
# above 48 KB: publisher/set_files.hpp).
placed() { if [ -f "$1/$2" ]; then echo "$1/$2"; else echo "$1/large/$2"; fi; }

# published_tmpfs NAME: a benchmark's published directory, on a tmpfs mounted as production's is
# (deploy/systemd/run-coin\x2dapi\x2dpublished.mount: its Options) at /dev/shm/coin-api-bench-NAME;
# sets published_dir to a directory inside it, which run.sh removes and makes again (it could
# not remove a mount point). published_tmpfs_remove unmounts it, once nothing there is open.
published_tmpfs() {
  published_mount=/dev/shm/coin-api-bench-$1
  mkdir -p "$published_mount"
  mountpoint -q "$published_mount" || mount -t tmpfs -o "$(sed -n 's/^Options=//p' \
    "$root_dir/deploy/systemd/run-coin\x2dapi\x2dpublished.mount")" tmpfs "$published_mount"
  published_dir=$published_mount/published
}
published_tmpfs_remove() {
  [ -n "${published_mount:-}" ] || return 0
  umount "$published_mount" && rmdir "$published_mount"
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

# page_cursors URL: every nextCursor of the paged list (6.16, 6.20) at URL, a query string
# already begun, by pages of 1000, first to last.
page_cursors() {
  local cursor= page
  while :; do
    page=$(curl -sf "$1&limit=1000${cursor:+&cursor=$cursor}") || die "no page of $1"
    cursor=$(jq -r '.data.nextCursor // empty' <<<"$page")
    [ -n "$cursor" ] || break
    echo "$cursor"
  done
}
