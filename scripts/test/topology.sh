#!/usr/bin/env bash
# Several hosts on one machine: each a network namespace with an address of its own on one
# bridge, as a deployment past one machine has them (docs/deploying.md, Several hosts).
# `make scaletest` runs it; so can anyone, as root, to try the faults by hand.
#
#   host        address  runs
#   edge        NET.5    a CDN edge on :8080: nginx caching the front's answers as their
#                        Cache-Control says (deploy/cdn/edge.conf)
#   front       NET.10   nginx on :8080 (FastCGI over TCP to the pools), the publisher, the ops and mcp handlers
#   db1..db3    NET.11.. PostgreSQL under Patroni (deploy/patroni/patroni.yml) and a member of
#                        etcd (deploy/patroni/etcd.env): one the primary, where the snapshots are
#                        written (db1 at first), two hot standbys streaming from it, one of them
#                        synchronous; a lost primary is replaced by that standby
#   handler1    NET.21   a handler process per group: supply on :9001, protocol on :9002...
#   handler2    NET.22   the same
#   <pool>      NET.31.. a host per pool an endpoint has of its own (its x-endpoint's pool in
#                        the OpenAPI document; 6.15's vault-history), running its group's handler
#                        on :9001
#   indexer     NET.40   with INDEXER set: a local chain (anvil on its loopback, the test contracts
#                        at chain/demo-state.json's values) and coin-indexer writing a round of it
#                        every INDEXER seconds to the primary, whichever host it is
# The machine's own namespace is the clients' side: the bridge holds NET.1. Nothing is routed
# anywhere else. The handlers and the publisher read from a standby when one answers, else
# from the primary (target_session_attrs=prefer-standby), and LISTEN on the primary, whichever
# host it is: every client names the three database hosts.
#
# Usage, as root:
#   scripts/test/topology.sh [run]       start it all, in the foreground; SIGTERM or Ctrl-C stops
#                                        it and removes the namespaces
#   scripts/test/topology.sh link HOST up|down    a host's link (down: it drops off the network)
#   scripts/test/topology.sh database HOST stop|start  a database host's Patroni, and with it its
#                                        PostgreSQL (the primary stopped: the standby takes over)
#   scripts/test/topology.sh switchover  maintenance: the primary handed over to the synchronous
#                                        standby (the only one Patroni may promote); prints its name
#   scripts/test/topology.sh role HOST   prints the role Patroni gives HOST's database: primary,
#                                        sync_standby, standby, or none (not answering)
#   scripts/test/topology.sh indexer-once HOST  with INDEXER: one round of the indexer from
#                                        HOST's side of the network (its own copy of the chain
#                                        there), writing to the primary it finds; exits 0 when it
#                                        was written, 1 if not
#   scripts/test/topology.sh lag DELAY   the standbys apply each commit DELAY late ("500ms", "2s";
#                                        0: at once): replication lag
# Settings, from the environment (the other commands find the rest in VAR/topology.env):
#   VAR=./var/topology   state: each host's directory, logs, metrics, hosts.tsv (the addresses)
#   NET=10.77.0          the hosts' /24      PREFIX=coin   namespaces PREFIX-<host>
#   DATA=fixture         fixture or demo (db_load, scripts/dev/lib.sh)
#   HANDLERS=build/release/handlers      THREADS=4 (worker threads per handler process)
#   FAIL_TIMEOUT=5s      nginx leaves a host that failed out of its pool for this long
#   INDEXER=             seconds between the indexer's rounds; empty: no indexer host
set -euo pipefail
source "$(dirname "$0")/../dev/lib.sh"

[ "$(id -u)" = 0 ] || die "topology.sh makes network namespaces: run it as root"
var=$(realpath -m "${VAR:-$root_dir/var/topology}")
if [ -f "$var/topology.env" ] && [ "${1:-run}" != run ]; then source "$var/topology.env"; fi
net=${NET:-10.77.0}
prefix=${PREFIX:-coin}

# A command run in a host's namespace. (A process to stop later is started with ip netns exec
# itself, not this function: in the background, it would be a subshell, and SIGTERM would stop
# the subshell, not the process.)
in_host() { local host=$1; shift; ip netns exec "$prefix-$host" "$@"; }

handlers=${HANDLERS:-$root_dir/build/release/handlers}
database_hosts=(db1 db2 db3)
patroni_config() { echo "$var/$1/patroni.yml"; }
address_of() { awk -v host="$1" '$1 == host { print $2 }' "$var/hosts.tsv"; }  # once run wrote it
# What Patroni's REST API says of a database host: "primary", "sync_standby", "standby", or
# "none" when it does not answer (GET /primary, /sync, /replica: 200 for a host in that role).
role() {
  local host=$1 address check
  address=$(address_of "$host")
  for check in primary sync replica; do
    if curl -fsS -o /dev/null --max-time 2 "http://$address:8008/$check" 2>/dev/null; then
      case $check in sync) echo sync_standby ;; replica) echo standby ;; *) echo "$check" ;; esac
      return
    fi
  done
  echo none
}
is_primary() { [ "$(role "$1")" = primary ]; }
standbys_delayed() {  # standbys_delayed DELAY: whether every standby applies commits DELAY late
  local host
  for host in "${database_hosts[@]}"; do
    [[ $(role "$host") == *standby ]] || continue
    [ "$(psql -qAtX -h "$var/$host" -U postgres -d postgres \
           -c "SELECT current_setting('recovery_min_apply_delay')::interval = '$1'::interval")" = t ] || return 1
  done
}

# The local chain of the indexer host, or its copy on another host (indexer-once): anvil on the
# host's loopback at 127.0.0.1:8545, where the indexer's file (deploy.mjs's) points.
chain_url=http://127.0.0.1:8545
start_chain() {  # start_chain HOST LOG
  ip netns exec "$prefix-$1" "$anvil" --host 127.0.0.1 --port 8545 --silent >>"$2" 2>&1 &
  wait_for anvil ip netns exec "$prefix-$1" bash -c "exec 3<>/dev/tcp/127.0.0.1/8545"
}
rpc() {  # rpc HOST BODY_FILE: a JSON-RPC call to HOST's chain
  ip netns exec "$prefix-$1" curl -fsS --max-time 30 -H 'Content-Type: application/json' -d "@$2" "$chain_url"
}
# A client's connection string: the three database hosts, as USER, in a session of ATTRS
# (target_session_attrs: prefer-standby, read-write), whichever host has that role now. A server
# that vanished from the network (no answer, no reset) is given up within seconds, not when TCP
# gives up, minutes later: a query unacknowledged for 5 s (tcp_user_timeout), an idle session
# unanswered for 5 s of keepalives (the listener's, waiting for a notification).
database_conninfo() {  # database_conninfo USER ATTRS
  local host hosts=()
  for host in "${database_hosts[@]}"; do hosts+=("$(address_of "$host")"); done
  echo "host=$(IFS=,; echo "${hosts[*]}") port=5432 dbname=coin user=$1 connect_timeout=2" \
       "target_session_attrs=$2 tcp_user_timeout=5000 keepalives_idle=2 keepalives_interval=1 keepalives_count=3"
}

indexer_once() {  # indexer_once HOST: one round from HOST's namespace, with the chain copied there
  local host=$1 status=0
  [ -f "$var/indexer/chain-state.json" ] || die "no indexer in this topology (INDEXER)"
  start_chain "$host" "$var/indexer/$host-anvil.log"
  local chain=$!
  rpc "$host" "$var/indexer/chain-state.json" >/dev/null
  # On a grid of a day: its round is at today's midnight, which the indexer host never writes.
  ip netns exec "$prefix-$host" env PGAPPNAME="coin-indexer $host" "$handlers/coin-indexer" \
    --config "$var/indexer/indexer.json" --once --interval 86400 \
    --database "$(database_conninfo coin_indexer read-write)" 2>>"$var/indexer/$host.log" || status=$?
  kill "$chain"
  wait "$chain" || true
  return "$status"
}

database() {  # database HOST stop|start: its Patroni, which runs (or stops) its PostgreSQL
  local host=$1 pid_file=$var/$1/patroni.pid pid
  [[ " ${database_hosts[*]} " == *" $host "* ]] || die "no database host $host"
  case $2 in
    stop) pid=$(cat "$pid_file" 2>/dev/null) || return 0
      kill -TERM "$pid" 2>/dev/null || true
      while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
      rm -f "$pid_file" ;;
    start) [ ! -f "$pid_file" ] || ! kill -0 "$(cat "$pid_file")" 2>/dev/null || return 0
      # As postgres (PostgreSQL refuses root), exec'd into, so that its pid is Patroni's.
      (cd / && exec setsid ip netns exec "$prefix-$host" setpriv --reuid=postgres --regid=postgres \
         --init-groups patroni "$(patroni_config "$host")" >>"$var/$host/patroni.log" 2>&1) &
      echo $! >"$pid_file" ;;
    *) die "database $host stop or start, not '$2'" ;;
  esac
}

case ${1:-run} in
  run) ;;
  link) [ $# = 3 ] || die "usage: topology.sh link HOST up|down"; in_host "$2" ip link set eth0 "$3"; exit ;;
  database) [ $# = 3 ] || die "usage: topology.sh database HOST stop|start"; database "$2" "$3"; exit ;;
  switchover) [ $# = 1 ] || die "usage: topology.sh switchover"
    for host in "${database_hosts[@]}"; do
      case $(role "$host") in primary) leader=$host ;; sync_standby) candidate=$host ;; esac
    done
    [ -n "${leader:-}" ] && [ -n "${candidate:-}" ] || die "no primary and synchronous standby to switch"
    # patronictl says a switchover it refused and exits 0: the new primary is what tells.
    patronictl -c "$(patroni_config "$candidate")" switchover --leader "$leader" --candidate "$candidate" \
      --force >&2
    wait_for "$candidate as the primary" is_primary "$candidate"
    echo "$candidate"
    exit ;;
  role) [ $# = 2 ] || die "usage: topology.sh role HOST"; role "$2"; exit ;;
  indexer-once) [ $# = 2 ] || die "usage: topology.sh indexer-once HOST"; indexer_once "$2"; exit ;;
  lag) [ $# = 2 ] || die "usage: topology.sh lag DELAY"
    # Patroni owns the recovery settings (it puts back at once what ALTER SYSTEM changes): set in
    # its configuration in etcd, which every member applies within loop_wait (10 s).
    patronictl -c "$(patroni_config db1)" edit-config --pg "recovery_min_apply_delay=$2" --force >/dev/null
    wait_for "every standby applying commits $2 late" standbys_delayed "$2"
    exit ;;
  -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit ;;
  *) die "unknown command $1 (--help)" ;;
esac

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
declare -A address=([edge]=$net.5 [front]=$net.10 [db1]=$net.11 [db2]=$net.12 [db3]=$net.13
                    [handler1]=$net.21 [handler2]=$net.22)
hosts=(edge front "${database_hosts[@]}" handler1 handler2)
for i in "${!own_pools[@]}"; do
  hosts+=("${own_pools[$i]}")
  address[${own_pools[$i]}]=$net.$((31 + i))
done
if [ -n "${INDEXER:-}" ]; then
  hosts+=(indexer)
  address[indexer]=$net.40
fi
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
  local host stopping=()
  for host in "${database_hosts[@]}"; do database "$host" stop & stopping+=($!); done
  wait "${stopping[@]}"
  [ ${#children[@]} -eq 0 ] || kill -TERM "${children[@]}" 2>/dev/null || true
  wait
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

# The databases: on each host an etcd member, and Patroni running PostgreSQL; each a fresh
# cluster, made from deploy/patroni's files. The hosts of the network may connect without a
# password (a test network; a real one uses scram-sha-256).
etcd_members=() etcd_clients=()
for host in "${database_hosts[@]}"; do
  etcd_members+=("$host=http://${address[$host]}:2380")
  etcd_clients+=("${address[$host]}:2379")
done
fill() {  # fill FILE HOST: FILE's placeholders (deploy/patroni) for HOST
  sed -e "s|@NAME@|$2|g" -e "s|@ADDRESS@|${address[$2]}|g" -e "s|@DIR@|$var/$2|g" -e "s|@DATA@|$var/$2/etcd|g" \
    -e "s|@SOCKETS@|$var/$2|g" -e "s|@NETWORK@|$net.0/24|g" -e "s|@AUTH@|trust|g" \
    -e "s|@ETCD@|$(IFS=,; echo "${etcd_clients[*]}")|g" -e "s|@CLUSTER@|$(IFS=,; echo "${etcd_members[*]}")|g" "$1"
}
say "starting etcd and Patroni on ${database_hosts[*]}"
for host in "${database_hosts[@]}"; do
  rm -rf "${var:?}/$host"
  mkdir -p "$var/$host"
  fill "$root_dir/deploy/patroni/patroni.yml" "$host" >"$(patroni_config "$host")"
  chown -R postgres: "$var/$host"
  # etcd reads its settings from the environment, as from Debian's /etc/default/etcd.
  mapfile -t etcd_settings < <(fill "$root_dir/deploy/patroni/etcd.env" "$host" | grep -v '^#')
  ip netns exec "$prefix-$host" env "${etcd_settings[@]}" etcd >>"$var/$host/etcd.log" 2>&1 &
  children+=($!)
done
wait_for etcd etcdctl --endpoints="$(IFS=,; echo "${etcd_clients[*]}")" --dial-timeout=1s endpoint health
# db1 first, so that it is the first primary; the standbys clone it. Each commit waits for the
# synchronous standby, so the schema and the data go in once there is one.
database db1 start
wait_for "db1's PostgreSQL, the primary" is_primary db1
database db2 start
database db3 start
standbys_streaming() { [[ "$(role db2) $(role db3)" =~ ^(sync_standby standby|standby sync_standby)$ ]]; }
wait_for "the two standbys, one synchronous" standbys_streaming
export PGHOST=$var/db1 PGPORT=5432 PGUSER=postgres PGDATABASE=coin
createdb coin
db_deploy
db_load "${DATA:-fixture}"

# Readers: a standby while one answers, else the primary.
readers=$(database_conninfo coin_api prefer-standby)
upstreams=$var/upstreams.tsv
: >"$upstreams"
signing_key "$var/signing-key.pem"  # every host's handlers and the publisher sign with it
start_handler() {  # start_handler HOST GROUP PORT
  local name=$1-$2
  supervise "$name" ip netns exec "$prefix-$1" env PGAPPNAME="coin-api $name" \
    FCGI_WEB_SERVER_ADDRS="${address[front]}" "$handlers/$2" --socket "${address[$1]}:$3" \
    --threads "$threads" --database "$readers" --metrics "$var/metrics/$name.prom" \
    --signing-key "$var/signing-key.pem" \
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

if [ -n "${INDEXER:-}" ]; then
  say "starting the chain and the indexer (a round every $INDEXER s) on ${address[indexer]}"
  mkdir -p "$var/indexer"
  start_chain indexer "$var/indexer/anvil.log"
  children+=($!)
  ip netns exec "$prefix-indexer" node "$root_dir/chain/deploy.mjs" --rpc "$chain_url" \
    --state "$root_dir/chain/demo-state.json" --out "$var/indexer/indexer.json" >>"$var/indexer.log" 2>&1
  # The chain as deployed, for a copy of it on another host (indexer-once).
  echo '{"jsonrpc":"2.0","id":1,"method":"anvil_dumpState","params":[]}' >"$var/indexer/dump.json"
  rpc indexer "$var/indexer/dump.json" |
    sed 's/.*"result":\("[^"]*"\).*/{"jsonrpc":"2.0","id":1,"method":"anvil_loadState","params":[\1]}/' \
    >"$var/indexer/chain-state.json"
  supervise indexer ip netns exec "$prefix-indexer" env PGAPPNAME=coin-indexer "$handlers/coin-indexer" \
    --config "$var/indexer/indexer.json" --interval "$INDEXER" --metrics "$var/metrics/indexer.prom" \
    --database "$(database_conninfo coin_indexer read-write)" 2>>"$var/indexer.log" &
  children+=($!)
fi

say "starting the publisher, the ops and mcp handlers and nginx on ${address[front]}"
supervise publisher ip netns exec "$prefix-front" env PGAPPNAME="coin-api publisher" "$handlers/publisher" \
  --directory "$var/front/published" --events "$var/front/nginx/events.sock" --database "$readers" \
  --metrics "$var/metrics/publisher.prom" --signing-key "$var/signing-key.pem" \
  2>>"$var/front.log" &
children+=($!)
supervise ops ip netns exec "$prefix-front" env PGAPPNAME="coin-api ops" "$handlers/ops" --socket "$var/front/run/ops.sock" \
  --threads 2 --database "$readers" --published "$var/front/published" --metrics "$var/metrics/ops.prom" \
  --metrics-dir "$var/metrics" 2>>"$var/front.log" &
children+=($!)
mapfile -t mcp_processes < <("$handlers/publisher" --pool-processes | grep '^mcp-')
for name in "${mcp_processes[@]}"; do  # /mcp and /llms.txt, beside nginx as on one host (upstreams.conf: mcp)
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
# Not Patroni: the commands stop and start it (database).
wait -n "${children[@]}"
die "a process of the topology ended on its own; stopping the rest"
