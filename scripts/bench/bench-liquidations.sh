#!/usr/bin/env bash
# make bench, its liquidations part: 10,000 auctions (AUCTIONS) with 50,000 Takes (TAKES), 100 of
# them running (RUNNING), over the demo's regular Vault types, printing a table and writing it to
# bench/LIQUIDATIONS.md.
#
# A. The database and HTTP: the stack (scripts/dev/run.sh) with fresh demo data (as
#    scripts/bench/bench-urns.sh) and the auctions written in SQL (bench/liquidations-data.sql):
#    - what the publisher needs: a whole set (publisher --once, every answer) before and after
#      the auctions, and each answer of 6.21 (chain x interval) and 6.22 (chain) as the publisher
#      reads it (SELECT data FROM the view WHERE its parameters), timed in the database, the
#      median of RUNS (5) runs, with its size;
#    - 6.20 uncached through the whole HTTP path (PUBLISH=off, handlers with --no-cache: every
#      request runs api.liquidations): median and p99 of REQUESTS (200) sequential requests: the
#      first page, deep pages by the cursors the list gives, a Vault type's, a from/to range's,
#      limit=1000; 6.21 and 6.22 the same way (REQUESTS / 5); and each page's function alone in
#      the database (median of RUNS);
#    - the plans of a first and of a deep page (auto_explain of the function's page query).
# B. The indexer: anvil with the demo contracts (chain/deploy.mjs), then INDEXER_AUCTIONS
#    ("100 1000": the running auctions in all after each step) auctions started on eth by
#    bench/liquidations-chain.mjs (urns frobbed, spot lowered, each barked by the Dog), after each
#    a round of coin-indexer that reads them and a steady round (bench/liquidations-indexer.sh):
#    their requests and calls, eth_getLogs requests, Barks and Clipper events read, auctions
#    running, time and peak RSS. INDEXER_AUCTIONS=0 skips it.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

var=$root_dir/var/bench-liquidations
handlers=$root_dir/build/release/handlers
results=$root_dir/bench/LIQUIDATIONS.md
stack_port=18110 chain_port=18548 indexer_stack_port=18111
auctions=${AUCTIONS:-10000} takes=${TAKES:-50000} running=${RUNNING:-100}
runs=${RUNS:-5}
requests=${REQUESTS:-200}
read -r -a indexer_auctions <<<"${INDEXER_AUCTIONS:-100 1000}"
for port in $stack_port $chain_port $indexer_stack_port; do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && die "port $port is in use: is another benchmark running?"
done
rm -rf "$var"
mkdir -p "$var"

stack_pid= anvil_pid=
stop_all() {
  bench_stack_stop
  [ -z "$anvil_pid" ] || kill -TERM "$anvil_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  published_tmpfs_remove
}
trap stop_all EXIT
# The publisher's directories on a tmpfs, as in production (/run/coin-api-published); see bench.sh.
published_tmpfs liquidations

database() { psql -qAtX -v ON_ERROR_STOP=1 -h "$var/pg" -U postgres -d coin "$@"; }
median_of() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# publish_once -> "MS ANSWERS": a whole set rendered by the publisher (--once, into an empty
# directory: every answer), its own "published in" time and its answers' count.
publish_once() {
  rm -rf "$published_dir/once"
  PGHOST=$var/pg PGPORT=5432 PGUSER=coin_api PGDATABASE=coin "$handlers/publisher" --once \
    --directory "$published_dir/once" --signing-key "$var/signing-key.pem" \
    2>"$var/publisher-once.log" || die "publisher --once failed: $var/publisher-once.log"
  sed -n 's/.*published in \([0-9]*\) ms, \([0-9]*\) answers changed.*/\1 \2/p' "$var/publisher-once.log" | tail -n 1
}

# query_ms QUERY... -> per query "MEDIAN-MS BYTES": the median of RUNS runs in the database
# (plpgsql, the whole answer built, nothing sent) and its first column's size as text.
query_ms() {
  local sql="CREATE FUNCTION pg_temp.ms(q text, n integer) RETURNS text LANGUAGE plpgsql AS \$\$
             DECLARE t timestamptz; a float8[] := '{}'; b bigint;
             BEGIN
               FOR i IN 1..n LOOP
                 t := clock_timestamp(); EXECUTE q INTO b; a := a || extract(epoch FROM clock_timestamp() - t)::float8 * 1000;
               END LOOP;
               RETURN round((SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY x) FROM unnest(a) AS x)::numeric, 1) || ' ' || b;
             END \$\$;" query
  # the size is taken of the row the query gives: length(data::text) around its select list
  for query in "$@"; do sql+=" SELECT pg_temp.ms(\$q\$SELECT octet_length(d::text) FROM ($query) AS s(d)\$q\$, $runs);"; done
  database -c "$sql"
}

# stack_start PORT LOG [NAME=value...]: bench_stack_start with 600 s to come up, not 120: the
# schema's deploy and the demo's generation took longer than 120 s on the shared machine.
stack_start() {
  local port=$1 log=$2 deadline=$((SECONDS + 600))
  env PORT="$port" THREADS=2 "${@:3}" "$root_dir/scripts/dev/run.sh" >"$log" 2>&1 &
  stack_pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/totalSupply"; do
    kill -0 "$stack_pid" 2>/dev/null || die "the stack ended (see $log)"
    ((SECONDS < deadline)) || die "the stack (see $log) did not come up within 600 s"
    sleep 0.2
  done
}

load_before=$(cut -d ' ' -f 1-3 /proc/loadavg)
say "liquidations benchmark: the stack with demo data"
stack_start "$stack_port" "$var/stack.log" VAR="$var" DATA=demo PUBLISH=off HANDLERS="$handlers"
data_scale=$(bench_data_scale)

say "sets before the auctions"
sets_before=() set_answers_before=
for _ in 1 2 3; do read -r ms set_answers_before < <(publish_once); sets_before+=("$ms"); done

say "writing $auctions auctions (bench/liquidations-data.sql)"
start=$(date +%s.%N)
database -1 -v auctions="$auctions" -v takes="$takes" -v running="$running" \
  -f "$root_dir/bench/liquidations-data.sql" >/dev/null
load_s=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.0f", b - a}')
database -c 'VACUUM ANALYZE snapshot.bark, snapshot.clip_event, snapshot.auction_status'
read -r n_barks n_takes n_kicks n_redos n_yanks n_status < <(database -F ' ' -c "
  SELECT (SELECT count(*) FROM snapshot.bark), (SELECT count(*) FROM snapshot.clip_event WHERE kind = 'take'),
         (SELECT count(*) FROM snapshot.clip_event WHERE kind = 'kick'), (SELECT count(*) FROM snapshot.clip_event WHERE kind = 'redo'),
         (SELECT count(*) FROM snapshot.clip_event WHERE kind = 'yank'), (SELECT count(*) FROM snapshot.auction_status)")
statuses=$(database -c "SELECT string_agg(status || ' ' || n || coalesce(' (' || with_bad_debt || ' with bad debt)', ''), ', ' ORDER BY n DESC)
                          FROM (SELECT status, count(*) AS n, nullif(count(*) FILTER (WHERE bad_debt > 0), 0) AS with_bad_debt
                                  FROM derived.auction_figures GROUP BY status) AS s")
per_chain=$(database -c "SELECT string_agg(chain || ' ' || n, ', ' ORDER BY n DESC) FROM (SELECT chain, count(*) AS n FROM snapshot.bark GROUP BY chain) AS c")

say "sets with the auctions"
sets_after=() set_answers_after=
for _ in 1 2 3; do read -r ms set_answers_after < <(publish_once); sets_after+=("$ms"); done
# Small and large (large/, publisher/set_files.hpp) alike.
liquidation_files=$(find "$published_dir/once/current/" \( -path '*/api/v1/risk/*liquidation*' -o -path '*/api/v1/risk/*auctions*' \) -name '*.json' | wc -l)
liquidation_bytes=$(find "$published_dir/once/current/" \( -path '*/api/v1/risk/*liquidation*' -o -path '*/api/v1/risk/*auctions*' \) -name '*.json' -printf '%s\n' |
                    awk '{s += $1} END {print s + 0}')

say "6.21 and 6.22 in the database"
read -r -a chains < <(node -p "require('$root_dir/openapi/openapi.json').components.parameters.chain.schema.enum.join(' ')")
intervals=(WEEKLY MONTHLY BIANNUAL ANNUAL)
queries=() labels=()
for chain in "${chains[@]}"; do
  for interval in "${intervals[@]}"; do
    queries+=("SELECT data FROM api.liquidation_totals AS v WHERE v.chain = '$chain' AND v.\"interval\" = '$interval'")
    labels+=("6.21 $chain $interval")
  done
done
for chain in "${chains[@]}"; do
  queries+=("SELECT data FROM api.running_auctions AS v WHERE v.chain = '$chain'") labels+=("6.22 $chain")
done
mapfile -t published_times < <(query_ms "${queries[@]}")
published_sum=$(printf '%s\n' "${published_times[@]}" | awk '{s += $1} END {printf "%.0f", s}')
sum_of() {  # LABEL-PREFIX -> the sum of the published answers' medians whose label starts so
  local i
  for i in "${!labels[@]}"; do [[ ${labels[$i]} != "$1"* ]] || echo "${published_times[$i]%% *}"; done |
    awk '{s += $1} END {printf "%.0f", s}'
}
sum_621=$(sum_of 6.21) sum_622=$(sum_of 6.22)
bench_stack_stop

say "the stack again, PUBLISH=off, handlers --no-cache"
stack_start "$stack_port" "$var/stack-uncached.log" VAR="$var" DATA=keep PUBLISH=off HANDLER_FLAGS=--no-cache \
  HANDLERS="$handlers"
api=http://127.0.0.1:$stack_port/api/v1/risk
list_url="$api/liquidations?chain=tron"
mapfile -t list_cursors < <(page_cursors "$list_url")
mapfile -t type_cursors < <(page_cursors "$list_url&vaultType=TRX-A")
pages=${#list_cursors[@]}
(( pages >= 2 && ${#type_cursors[@]} >= 1 )) || die "too few auctions on tron for deep pages ($pages pages of 1000)"
deep=${list_cursors[$((pages - 1))]} middle=${list_cursors[$((pages / 2))]} deep_type=${type_cursors[$((${#type_cursors[@]} - 1))]}
tron_auctions=$(database -c "SELECT count(*) FROM snapshot.bark WHERE chain = 'tron'")
trx_a_auctions=$(database -c "SELECT count(*) FROM snapshot.bark AS b JOIN snapshot.vault AS v USING (vault_id) WHERE b.chain = 'tron' AND v.vault_type = 'TRX-A'")
# a range of two days 95 days back, around one of the data's crash days, in epoch ms
read -r range_from range_to < <(database -F ' ' -c "SELECT (extract(epoch FROM now() - interval '96 days') * 1000)::bigint,
                                                           (extract(epoch FROM now() - interval '94 days') * 1000)::bigint")
range_auctions=$(database -c "SELECT count(*) FROM snapshot.bark WHERE chain = 'tron'
                                AND block_time BETWEEN to_timestamp($range_from / 1000.0) AND to_timestamp($range_to / 1000.0)")
range_after=$(database -c "SELECT count(*) FROM snapshot.bark WHERE chain = 'tron' AND block_time > to_timestamp($range_to / 1000.0)")

heavy=$(( requests / 5 ))
http_rows=(  # label|URL|requests|the function's arguments
  "first page, limit 100|$list_url|$requests|'tron', '', 100, '', NULL, NULL"
  "auction $(( (pages / 2 + 1) * 1000 + 1 )) on (by cursor), limit 100|$list_url&limit=100&cursor=$middle|$requests|'tron', '', 100, '$middle', NULL, NULL"
  "auction $(( pages * 1000 + 1 )) on (last page, by cursor), limit 100|$list_url&limit=100&cursor=$deep|$requests|'tron', '', 100, '$deep', NULL, NULL"
  "vaultType=TRX-A first page, limit 100|$list_url&vaultType=TRX-A|$requests|'tron', 'TRX-A', 100, '', NULL, NULL"
  "vaultType=TRX-A, auction $(( ${#type_cursors[@]} * 1000 + 1 )) on (last page), limit 100|$list_url&vaultType=TRX-A&limit=100&cursor=$deep_type|$requests|'tron', 'TRX-A', 100, '$deep_type', NULL, NULL"
  "from/to: 2 days 95 days back ($range_auctions auctions, $range_after newer), limit 100|$list_url&from=$range_from&to=$range_to|$requests|'tron', '', 100, '', $range_from, $range_to"
  "first page, limit 1000|$list_url&limit=1000|$requests|'tron', '', 1000, '', NULL, NULL"
  "eth first page, limit 100|$api/liquidations?chain=eth|$requests|'eth', '', 100, '', NULL, NULL"
  "6.21 tron ANNUAL|$api/liquidation-totals?chain=tron&interval=ANNUAL|$heavy|"
  "6.21 tron WEEKLY|$api/liquidation-totals?chain=tron&interval=WEEKLY|$heavy|"
  "6.22 tron|$api/auctions?chain=tron|$heavy|"
)
declare -A http_median=() http_p99=() http_bytes=() http_lost=() db_median=()
function_queries=() function_labels=()
for row in "${http_rows[@]}"; do
  IFS='|' read -r label url n arguments <<<"$row"
  say "$label: uncached, $n requests"
  http_bytes[$label]=$(curl -sf -o /dev/null -w '%{size_download}' "$url") || die "no answer to $url"
  # A request without an answer (status 000) is left out and counted; any other status than
  # 200 stops the run.
  mapfile -t times < <(for _ in $(seq 1 "$n"); do printf 'url = "%s"\noutput = /dev/null\n' "$url"; done |
                       curl -s -K - -w '%{http_code} %{time_total}\n' |
                       awk -v failures="$var/http-failures.log" -v label="$label" '
                         $1 == "000" {print label ": no answer" >> failures; next}
                         $1 != 200 {print "status " $1 > "/dev/stderr"; exit 1} {print $2}' | sort -n)
  (( ${#times[@]} >= n * 99 / 100 )) || die "$label: not every request answered 200"
  http_lost[$label]=$(( n - ${#times[@]} )) n=${#times[@]}
  http_median[$label]=$(awk '{printf "%.1f", $1 * 1000}' <<<"${times[$(( (n + 1) / 2 - 1 ))]}")
  http_p99[$label]=$(awk '{printf "%.1f", $1 * 1000}' <<<"${times[$(( (n * 99 + 99) / 100 - 1 ))]}")
  if [ -n "$arguments" ]; then
    function_queries+=("SELECT data FROM api.liquidations($arguments)") function_labels+=("$label")
  fi
done
mapfile -t function_times < <(query_ms "${function_queries[@]}")
for i in "${!function_labels[@]}"; do db_median[${function_labels[$i]}]=${function_times[$i]%% *}; done

# The plans of a first and of a deep page: the function's own query, by auto_explain.
# plan ARGS -> the plan of api.liquidations(ARGS)'s page query, from its Aggregate down
plan() {
  database -c "LOAD 'auto_explain'" -c 'SET auto_explain.log_min_duration = 0' -c 'SET auto_explain.log_analyze = on' \
    -c 'SET auto_explain.log_buffers = on' -c 'SET auto_explain.log_nested_statements = on' \
    -c 'SET auto_explain.log_level = notice' -c "SELECT length(data::text) FROM api.liquidations($1)" 2>&1 >/dev/null |
    awk '/^NOTICE/ {keep = 0} /^Query Text: SELECT json_agg/ {keep = 1; next}
         keep && /^(Aggregate|  )/ && ++printed <= 40 {print}'  # (head would end awk with SIGPIPE)
}
plan_first=$(plan "'tron', '', 100, '', NULL, NULL")
plan_deep=$(plan "'tron', '', 100, '$deep', NULL, NULL")
plan_range=$(plan "'tron', '', 100, '', $range_from, $range_to")
sizes=$(database -c "
  SELECT t, n, pg_total_relation_size(('snapshot.' || t)::regclass), round(pg_total_relation_size(('snapshot.' || t)::regclass)::numeric / nullif(n, 0))
    FROM (VALUES ('bark', (SELECT count(*) FROM snapshot.bark)), ('clip_event', (SELECT count(*) FROM snapshot.clip_event)),
                 ('auction_status', (SELECT count(*) FROM snapshot.auction_status))) AS s(t, n)")
postgres_version=$(bench_database 'SHOW server_version')
load_after=$(cut -d ' ' -f 1-3 /proc/loadavg)
bench_stack_stop

mb() { awk -v b="$1" 'BEGIN {printf "%.1f", b / 1048576}'; }
kb() { awk -v b="$1" 'BEGIN {printf "%.1f", b / 1024}'; }

# B. The indexer's rounds with running auctions: its own script (bench/liquidations-indexer.sh).
indexer_part=skipped
if [ "${indexer_auctions[0]}" != 0 ]; then
  source "$root_dir/bench/liquidations-indexer.sh"
fi

first="first page, limit 100"
worst_100=$(for row in "${http_rows[@]}"; do
              IFS='|' read -r label _ _ arguments <<<"$row"
              if [[ -n $arguments && $label != *"limit 1000"* ]]; then echo "${http_median[$label]} $label"; fi
            done | sort -n | tail -n 1)
{
  echo "# Liquidations benchmark"
  echo
  echo "\`make bench\` (scripts/bench/bench-liquidations.sh), $(date -u '+%Y-%m-%d %H:%M UTC'), one run, on $(nproc) cores"
  echo "($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), shared with the rest of the machine; PostgreSQL $postgres_version;"
  echo "the SQL of sql/ as of commit $(git -C "$root_dir" log -1 --format=%h -- sql/)$(git -C "$root_dir" diff --quiet -- sql/ || echo ", with changes not committed")."
  echo "Load average (1, 5, 15 min) when part A began: $load_before; when it ended: $load_after (others' builds and tests"
  echo "ran on the same 2 cores: the times are the shared machine's, not an idle one's)."
  echo
  echo "## A. The database and HTTP at $auctions auctions"
  echo
  echo "Data: the demo data ($data_scale) and bench/liquidations-data.sql, written in ${load_s} s:"
  echo "$n_barks auctions over a year on the demo's regular Vault types ($per_chain), $n_takes Takes,"
  echo "$n_kicks Kicks, $n_redos Redos, $n_yanks Yanks; $statuses; $n_status getStatus rows (auction_status)"
  echo "for the running ones, one per snapshot of their chain since their Bark. 40 % of the ended auctions on 8 crash"
  echo "days, the rest spread over the year; debt lognormal (median 2,000 COIN)."
  echo
  echo "### What the publisher renders per snapshot"
  echo
  echo "6.20's first page per chain, 6.21 (per chain and interval) and 6.22 (per chain) are published: $liquidation_files answers, $(kb "$liquidation_bytes") kB"
  echo "uncompressed with $auctions auctions (the other pages of 6.20 are answered per request)."
  echo "A whole set (\`publisher --once\`, every answer, sessions in parallel), 3 runs each:"
  echo
  echo "| | median ms | runs ms | answers |"
  echo "|---|---:|---|---:|"
  echo "| before the auctions | $(median_of "${sets_before[@]}") | ${sets_before[*]} | $set_answers_before |"
  echo "| with $auctions auctions | $(median_of "${sets_after[@]}") | ${sets_after[*]} | $set_answers_after |"
  echo
  echo "Each answer as the publisher reads it (\`SELECT data FROM api.liquidation_totals AS v WHERE v.chain = ... AND"
  echo "v.\"interval\" = ...\`, \`SELECT data FROM api.running_auctions AS v WHERE v.chain = ...\`), in the database,"
  echo "median of $runs runs, the whole JSON built; its size is the data's JSON text (the envelope adds about 40 bytes):"
  echo
  echo "| answer | median ms | bytes |"
  echo "|---|---:|---:|"
  for i in "${!labels[@]}"; do read -r ms bytes <<<"${published_times[$i]}"; echo "| ${labels[$i]} | $ms | $bytes |"; done
  echo "| **the $(( ${#labels[@]} )) answers one after another** | **$published_sum** | |"
  echo
  echo "### 6.20 uncached"
  echo
  echo "PUBLISH=off, handlers with --no-cache (every request runs api.liquidations), through nginx; sequential"
  echo "requests with curl on tron ($tron_auctions auctions, $trx_a_auctions of TRX-A); deep pages by the cursors the"
  echo "list gives ($pages pages of 1000). The function alone in the database: median of $runs runs."
  echo
  echo "| request | requests | median ms | p99 ms | bytes | the function in the database, median ms |"
  echo "|---|---:|---:|---:|---:|---:|"
  for row in "${http_rows[@]}"; do
    IFS='|' read -r label url n arguments <<<"$row"
    echo "| $label | $n$([ "${http_lost[$label]}" = 0 ] || echo " (${http_lost[$label]} without an answer, left out)") | ${http_median[$label]} | ${http_p99[$label]} | ${http_bytes[$label]} | ${db_median[$label]:-} |"
  done
  echo
  echo "Target: 6.20's page (limit 100) uncached median <= 20 ms; the slowest here: ${worst_100%% *} ms (${worst_100#* })."
  echo
  echo "### Findings"
  echo
  if awk -v m="${worst_100%% *}" 'BEGIN {exit !(m > 20)}'; then
    echo "- **6.20's page (limit 100) misses the 20 ms median: ${worst_100%% *} ms at worst** (${worst_100#* }), by a few ms;"
  else
    echo "- **6.20's page (limit 100) meets the 20 ms median: ${worst_100%% *} ms at worst** (${worst_100#* });"
  fi
  echo "  any depth costs a first page's: the page's Barks come from snapshot.bark's indexes (bark_pkey read backwards"
  echo "  from the cursor, or bark_by_vault), and only those 101 auctions' figures and items are computed (plans below)."
  echo "  The function alone took ${db_median[$first]} ms (median of $runs) for the first page, ${http_median[$first]} ms over HTTP (median of $requests)."
  echo "  Most of it is the items: derived.auction_item, one SQL function call per auction (its JSON with its Takes, Redos"
  echo "  and getStatus: 1.3 to 2.7 kB), which the planner cannot inline (subqueries, SECURITY DEFINER), so each call"
  echo "  starts an executor for its body. Measured once on this data (2026-12-01): a page's 101 items took 18.9 ms through"
  echo "  it and 11.5 ms with its body written into the query (the same JSON), the page's figures 3.8 ms. An item"
  echo "  6.20 can inline (a set-returning SQL function without SECURITY DEFINER, used in a LATERAL join by"
  echo "  api.liquidations, itself SECURITY DEFINER; auction_item kept as a wrapper for 6.22's view, which runs as"
  echo "  coin_api) would take the page under 20 ms here; not done in this change (it needs sql/revert/liquidations.sql"
  echo "  too). limit=1000 is ten pages' work: ${http_median[first page, limit 1000]} ms."
  echo "- **Fixed on the way (sql/deploy/liquidations.sql, 2026-12-01).** api.liquidations took the page from"
  echo "  derived.auction_figures (every auction's aggregate of its events) with derived.epoch_ms(block_time) BETWEEN"
  echo "  the bounds: the planner estimated 28 of tron's 5,600 auctions and sorted every figure of the chain (EXPLAIN"
  echo "  ANALYZE: a bitmap scan of tron's Barks, 5,600 aggregates, a top-N sort) instead of reading the index in order:"
  echo "  250 to 450 ms a page here. Now the page's Barks are found first, from snapshot.bark alone, with the range as"
  echo "  block_time bounds and EXECUTE planning with the values. And derived.window_point, 6.21's per-event grid point,"
  echo "  called derived.utc8_floor twice, which the planner cannot inline (its extract(epoch FROM timestamptz) is"
  echo "  STABLE): about 70 us a call, once per Bark and Take of every window: tron's four 6.21 answers took 5.7 s. It"
  echo "  is now immutable arithmetic, inlined (the same point for each of 248,600 event-window pairs compared);"
  echo "  they took 2.5 s on the same data after it. Both answer as before (pgTAP: tests/sql/liquidations.test.sql)."
  echo "- **6.21 is most of what liquidations add to a snapshot: $sum_621 ms** for its 12 answers one after another"
  echo "  (6.22's 3: $sum_622 ms); a whole set went from $(median_of "${sets_before[@]}") to $(median_of "${sets_after[@]}") ms. Each answer"
  echo "  is derived.liquidation_points per regular Vault type, and each reads every Take of the chain (a sequential"
  echo "  scan of snapshot.clip_event hashed against the type's Barks) and builds a JSON object per point with"
  echo "  derived.epoch_ms and derived.utc8_text (neither inlined, for the same STABLE reason): the same Takes read"
  echo "  (Vault types x 4 windows) times a snapshot, though a window's past points never change. One pass per chain"
  echo "  and window grouped by (Vault type, point), or a daily rollup of the past points (as derived.daily_values),"
  echo "  would leave the live point to compute; not done here (a rework of 6.21, not a targeted fix)."
  echo
  echo "### The tables' size"
  echo
  echo "| table | rows | MB (table and indexes) | bytes per row |"
  echo "|---|---:|---:|---:|"
  while IFS='|' read -r t n all per; do echo "| snapshot.$t | $n | $(mb "$all") | $per |"; done <<<"$sizes"
  echo
  echo "### The plans of 6.20 (auto_explain of api.liquidations' page query, tron, limit 100)"
  echo
  echo "First page:"
  echo
  echo '```'
  echo "$plan_first"
  echo '```'
  echo
  echo "Last page (the cursor after auction $(( pages * 1000 ))):"
  echo
  echo '```'
  echo "$plan_deep"
  echo '```'
  echo
  echo "From/to (2 days, 95 days back):"
  echo
  echo '```'
  echo "$plan_range"
  echo '```'
  echo
  echo "## B. The indexer"
  echo
  if [ "$indexer_part" = skipped ]; then
    echo "Skipped (INDEXER_AUCTIONS=0)."
  else
    indexer_section
  fi
} >"$results"
cat "$results"
say "written to $results"
