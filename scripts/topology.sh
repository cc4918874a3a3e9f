#!/usr/bin/env bash
# Several hosts on one machine: each a network namespace with an address of its own on one
# bridge, as a deployment past one machine has them (docs/deploying.md, Several hosts).
# `make scaletest` runs it; so can anyone, as root, to try the faults by hand.
#
#   host        address  runs
#   edge        NET.5    a CDN edge on :8080: nginx caching the front's answers as their
#                        Cache-Control says (deploy/cdn/edge.conf)
#   front       NET.10   nginx on :8080 (FastCGI over TCP to the pools), the publisher, the ops and mcp handlers
#   primary     NET.11   PostgreSQL, the primary: the snapshots are written here
#   standby     NET.12   PostgreSQL, a hot standby streaming from the primary (a replication slot)
#   handler1    NET.21   a handler process per group: supply on :9001, protocol on :9002...
#   handler2    NET.22   the same
#   <pool>      NET.31.. a host per pool an endpoint has of its own (shared/endpoints.cpp; 6.15's
#                        vault-history), running its group's handler on :9001
# The machine's own namespace is the clients' side: the bridge holds NET.1. Nothing is routed
# anywhere else. The handlers and the publisher read from the standby when it answers, else
# from the primary (target_session_attrs=prefer-standby), and LISTEN on the primary.
#
# Usage, as root:
#   scripts/topology.sh [run]            start it all, in the foreground; SIGTERM or Ctrl-C stops
#                                        it and removes the namespaces
#   scripts/topology.sh link HOST up|down         a host's link (down: it drops off the network)
#   scripts/topology.sh database primary|standby stop|start
#   scripts/topology.sh lag DELAY        the standby applies each commit DELAY late ("500ms", "2s";
#                                        0: at once): replication lag
# Settings, from the environment (the other commands find the rest in VAR/topology.env):
#   VAR=./var/topology   state: each host's directory, logs, metrics, hosts.tsv (the addresses)
#   NET=10.77.0          the hosts' /24      PREFIX=coin   namespaces PREFIX-<host>
#   DATA=fixture         fixture or demo (db_load, scripts/lib.sh)
#   HANDLERS=build/release/handlers      THREADS=4 (worker threads per handler process)
#   FAIL_TIMEOUT=5s      nginx leaves a host that failed out of its pool for this long
set -euo pipefail
source "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || die "topology.sh makes network namespaces: run it as root"
var=$(realpath -m "${VAR:-$root_dir/var/topology}")
if [ -f "$var/topology.env" ] && [ "${1:-run}" != run ]; then source "$var/topology.env"; fi
net=${NET:-10.77.0}
prefix=${PREFIX:-coin}

# A command run in a host's namespace. (A process to stop later is started with ip netns exec
# itself, not this function: in the background, it would be a subshell, and SIGTERM would stop
# the subshell, not the process.)
in_host() { local host=$1; shift; ip netns exec "$prefix-$host" "$@"; }
# A command run in a host's namespace as postgres (lib.sh's as_postgres, in the namespace).
postgres_in_host() { local host=$1; shift; (cd / && in_host "$host" runuser -u postgres -- "$@"); }

# The settings of a host's PostgreSQL, for pg_ctl: its address (hosts.tsv, written below before
# any database starts) and a socket of its own.
pg_options() {
  local address
  address=$(awk -v host="$1" '$1 == host { print $2 }' "$var/hosts.tsv")
  echo "-c listen_addresses=$address -c unix_socket_directories=$var/$1 -c port=5432"
}

database() {  # database primary|standby stop|start
  local host=$1
  case $host in primary | standby) ;; *) die "no database host $host" ;; esac
  case $2 in
    stop) as_postgres "$pg_bin/pg_ctl" -D "$var/$host/data" -m fast -w stop >/dev/null ;;
    start) postgres_in_host "$host" "$pg_bin/pg_ctl" -D "$var/$host/data" -l "$var/$host/postgres.log" -w -t 60 \
             -o "$(pg_options "$host")" start >/dev/null ;;
    *) die "database $host stop or start, not '$2'" ;;
  esac
}

case ${1:-run} in
  run) ;;
  link) [ $# = 3 ] || die "usage: topology.sh link HOST up|down"; in_host "$2" ip link set eth0 "$3"; exit ;;
  database) [ $# = 3 ] || die "usage: topology.sh database primary|standby stop|start"; database "$2" "$3"; exit ;;
  lag) [ $# = 2 ] || die "usage: topology.sh lag DELAY"
    psql -qAtX -h "$var/standby" -U postgres -d postgres \
      -c "ALTER SYSTEM SET recovery_min_apply_delay = '$2'" -c 'SELECT pg_reload_conf()' >/dev/null
    exit ;;
  -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit ;;
  *) die "unknown command $1 (--help)" ;;
esac

handlers=${HANDLERS:-$root_dir/build/release/handlers}
threads=${THREADS:-4}
[ -x "$handlers/publisher" ] || die "no publisher in $handlers (make build)"
mkdir -p "$var"
chmod 0755 "$var"
check_reachable "$var"
printf 'NET=%s\nPREFIX=%s\n' "$net" "$prefix" >"$var/topology.env"
mkdir -p "$var/metrics" "$var/front/run"
rm -f "$var/metrics"/*.prom

# The hosts: the fixed ones, then one per pool of its own (an endpoint's 7th column of the list).
"$handlers/publisher" --routes >"$var/routes.tsv"
mapfile -t groups < <(cut -f 3 "$var/routes.tsv" | awk '!seen[$0]++')
mapfile -t own_pools < <(awk -F '\t' '$7 != $3 && !seen[$7]++ { print $7 }' "$var/routes.tsv")
declare -A address=([edge]=$net.5 [front]=$net.10 [primary]=$net.11 [standby]=$net.12 [handler1]=$net.21
                    [handler2]=$net.22)
hosts=(edge front primary standby handler1 handler2)
for i in "${!own_pools[@]}"; do
  hosts+=("${own_pools[$i]}")
  address[${own_pools[$i]}]=$net.$((31 + i))
done
# Each host's address, a line "<host><TAB><address>" each, for whoever drives the topology (the
# scale tests); written whole, then renamed.
for host in "${hosts[@]}"; do printf '%s\t%s\n' "$host" "${address[$host]}"; done >"$var/hosts.tsv.new"
mv "$var/hosts.tsv.new" "$var/hosts.tsv"

# Namespaces, each with a veth pair: eth0 inside, the other end on the bridge. Leftovers of a
# run that was killed go first.
remove_network() {  # each veth pair at once (a namespace's own go only once the kernel frees it)
  local i
  for i in "${!hosts[@]}"; do
    ip link del "$prefix-v$i" 2>/dev/null || true
    ip netns del "$prefix-${hosts[$i]}" 2>/dev/null || true
  done
  ip link del "$prefix-br" 2>/dev/null || true
}
children=()
stop() {
  trap - EXIT INT TERM
  [ ${#children[@]} -eq 0 ] || kill -TERM "${children[@]}" 2>/dev/null || true
  wait
  database standby stop 2>/dev/null || true
  database primary stop 2>/dev/null || true
  remove_network
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

remove_network
ip link add "$prefix-br" type bridge
# Traffic between the hosts is bridged, never routed: a firewall of the machine's (br_netfilter
# with a FORWARD policy of DROP, as Docker leaves it) must not see it.
ip link set "$prefix-br" type bridge nf_call_iptables 0 nf_call_ip6tables 0 nf_call_arptables 0
ip addr add "$net.1/24" dev "$prefix-br"
ip link set "$prefix-br" up
for i in "${!hosts[@]}"; do
  host=${hosts[$i]}
  ip netns add "$prefix-$host"
  ip link add "$prefix-v$i" type veth peer name eth0 netns "$prefix-$host"
  ip link set "$prefix-v$i" master "$prefix-br" up
  in_host "$host" ip addr add "${address[$host]}/24" dev eth0
  in_host "$host" ip link set eth0 up
  in_host "$host" ip link set lo up
done

# The primary: a fresh cluster with the schema and the data; the hosts of the network may
# connect without a password (a test network; a real one uses scram-sha-256 and PGPASSFILE).
say "starting the primary on ${address[primary]}"
rm -rf "$var/primary" "$var/standby"
mkdir -p "$var/primary" "$var/standby"
chown postgres: "$var/primary" "$var/standby"
as_postgres "$pg_bin/initdb" -D "$var/primary/data" -U postgres -E UTF8 --locale=C.UTF-8 \
  --auth-local=trust --auth-host=reject --no-sync >"$var/primary/initdb.log"
cat >>"$var/primary/data/pg_hba.conf" <<EOF
host all all $net.0/24 trust
host replication postgres ${address[standby]}/32 trust
EOF
# The standby (these settings reach it with the base backup): a slot keeps the WAL it has not
# received while it is away; with feedback, the primary keeps the rows its queries read (no
# query cancelled by a replay conflict).
# A standby whose primary went away looks for it again every half second, not every 5 s.
printf 'hot_standby_feedback = on\nwal_retrieve_retry_interval = 500ms\n' >>"$var/primary/data/postgresql.conf"
database primary start
export PGHOST=$var/primary PGPORT=5432 PGUSER=postgres PGDATABASE=coin
createdb coin
db_deploy
db_load "${DATA:-fixture}"

say "starting the standby on ${address[standby]}"
postgres_in_host standby "$pg_bin/pg_basebackup" -h "${address[primary]}" -U postgres \
  -D "$var/standby/data" -R -X stream -C -S coin_standby -c fast
database standby start

# Readers: the standby while it answers, else the primary. A server that vanished from the
# network (no answer, no reset) is given up within seconds, not when TCP gives up, minutes later:
# a query unacknowledged for 5 s (tcp_user_timeout), an idle session unanswered for 5 s of
# keepalives (the listener's, waiting for a notification).
readers="host=${address[standby]},${address[primary]} port=5432 dbname=coin user=coin_api connect_timeout=2
         target_session_attrs=prefer-standby tcp_user_timeout=5000 keepalives_idle=2 keepalives_interval=1
         keepalives_count=3"
upstreams=$var/upstreams.tsv
: >"$upstreams"
start_handler() {  # start_handler HOST GROUP PORT
  local name=$1-$2
  supervise "$name" ip netns exec "$prefix-$1" env PGAPPNAME="coin-api $name" \
    FCGI_WEB_SERVER_ADDRS="${address[front]}" "$handlers/$2" --socket "${address[$1]}:$3" \
    --threads "$threads" --database "$readers" --metrics "$var/metrics/$name.prom" \
    2>>"$var/$1.log" &
  children+=($!)
}
for i in "${!groups[@]}"; do
  port=$((9001 + i))
  for host in handler1 handler2; do
    start_handler "$host" "${groups[$i]}" "$port"
    printf '%s\t%s:%s max_fails=1 fail_timeout=%s\n' "${groups[$i]}" "${address[$host]}" "$port" \
      "${FAIL_TIMEOUT:-5s}" >>"$upstreams"
  done
done
for pool in "${own_pools[@]}"; do
  group=$(awk -F '\t' -v pool="$pool" '$7 == pool { print $3; exit }' "$var/routes.tsv")
  start_handler "$pool" "$group" 9001
  printf '%s\t%s:9001\n' "$pool" "${address[$pool]}" >>"$upstreams"
done

say "starting the publisher, the ops and mcp handlers and nginx on ${address[front]}"
supervise publisher ip netns exec "$prefix-front" env PGAPPNAME="coin-api publisher" "$handlers/publisher" \
  --directory "$var/front/published" --events "$var/front/nginx/events.sock" --database "$readers" \
  --metrics "$var/metrics/publisher.prom" \
  2>>"$var/front.log" &
children+=($!)
supervise ops ip netns exec "$prefix-front" env PGAPPNAME="coin-api ops" "$handlers/ops" --socket "$var/front/run/ops.sock" \
  --threads 2 --database "$readers" --published "$var/front/published" --metrics "$var/metrics/ops.prom" \
  --metrics-dir "$var/metrics" 2>>"$var/front.log" &
children+=($!)
for name in mcp-1 mcp-2; do  # /mcp and /llms.txt, beside nginx as on one host (upstreams.conf: mcp)
  supervise "$name" ip netns exec "$prefix-front" env PGAPPNAME="coin-api $name" "$handlers/mcp" \
    --socket "$var/front/run/$name.sock" --threads 2 --database "$readers" --metrics "$var/metrics/$name.prom" \
    2>>"$var/front.log" &
  children+=($!)
done
render_nginx "$var/front" "$var/front/nginx/conf" "$handlers/publisher" LISTEN="${address[front]}:8080" \
  PUBLISHED="$var/front/published" SOCKETS="$var/front/run" UPSTREAMS="$upstreams" \
  METRICS_ALLOW="127.0.0.1 $net.1"
wait_for "the publisher's first set" test -L "$var/front/published/current"
ip netns exec "$prefix-front" nginx -p "$var/front/nginx" -c "$var/front/nginx/conf/nginx.conf" -g 'daemon off;' \
  2>>"$var/front.log" &
children+=($!)
wait_for nginx bash -c "exec 3<>/dev/tcp/${address[front]}/8080"

say "starting the CDN edge on ${address[edge]}"
mkdir -p "$var/edge/tmp"
sed -e "s|@VAR@|$var/edge|g" -e "s|@LISTEN@|${address[edge]}:8080|g" -e "s|@ORIGIN@|${address[front]}:8080|g" \
  "$root_dir/deploy/cdn/edge.conf" >"$var/edge/nginx.conf"
ip netns exec "$prefix-edge" nginx -p "$var/edge" -c "$var/edge/nginx.conf" -g 'daemon off;' 2>>"$var/edge.log" &
children+=($!)
wait_for "the edge" bash -c "exec 3<>/dev/tcp/${address[edge]}/8080"

say "coin-api serves http://${address[front]}:8080, and its CDN edge http://${address[edge]}:8080," \
    "from ${#hosts[@]} hosts (Ctrl-C stops them)"
wait -n
die "a process of the topology ended on its own; stopping the rest"
