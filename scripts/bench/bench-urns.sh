#!/usr/bin/env bash
# make bench, its risk-per-urn part: 100,000 urns (URNS) over the demo's regular Vault types,
# printing a table and writing it to bench/URNS.md.
#
# A. The database and HTTP: the stack with fresh demo data (scripts/dev/run.sh, DATA=demo) and
#    the urns written in SQL (bench/urns-data.sql: the urns, 3 events each on average, 10
#    urn_state rows each, a vault_price row per regular Vault type and snapshot of 90 days):
#    - what the publisher needs: a whole set (publisher --once, every answer) before and after
#      the urns, and each risk answer it publishes (6.17 per chain, 6.18 per chain and Vault
#      type) timed in the database, the median of RUNS (5) runs; and the stack's own publisher
#      (PUBLISH=on): the set it renders after a tron snapshot, and after a write to the urn
#      tables, from its log;
#    - 6.16, 6.17, 6.18 and 6.19 uncached through the whole HTTP path (PUBLISH=off, handlers with
#      --no-cache: every request runs its query): median and p99 of REQUESTS (200) sequential
#      requests (40 for the answers computed from every urn of a chain), pages deep in the
#      largest Vault type (TRX-A, 30 % of the urns) by the cursors its pages give;
#    - the database's size per row of each urn table, with its indexes;
#    - the plan of a first and of a deep page (auto_explain of the function's own query).
# B. The indexer: anvil with the demo contracts (chain/deploy.mjs), then INDEXER_STEP (6,000)
#    and then the rest of INDEXER_URNS (100,000) urns opened by frob over JSON-RPC
#    (chain/bench-urns.mjs), after each rounds of coin-indexer into
#    the empty tables of a second stack (bench/urns-indexer.sh): their requests and calls, their
#    eth_getLogs requests, their time and peak RSS. INDEXER_URNS=0 skips it.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

var=$root_dir/var/bench-urns
handlers=$root_dir/build/release/handlers
results=$root_dir/bench/URNS.md
stack_port=18100 chain_port=18546 indexer_stack_port=18101
urns=${URNS:-100000}
runs=${RUNS:-5}
requests=${REQUESTS:-200}
indexer_urns=${INDEXER_URNS:-100000} indexer_step=${INDEXER_STEP:-6000}
for port in $stack_port $chain_port $indexer_stack_port; do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && die "port $port is in use: is another benchmark running?"
done
rm -rf "$var"
mkdir -p "$var"

stack_pid=
pids=()
stop_all() {
  bench_stack_stop
  [ ${#pids[@]} -eq 0 ] || kill -TERM "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
  published_tmpfs_remove
}
trap stop_all EXIT
# The publisher's directories on a tmpfs, as in production (/run/coin-api-published); see bench.sh.
published_tmpfs urns

database() { psql -qAtX -v ON_ERROR_STOP=1 -h "$var/pg" -U postgres -d coin "$@"; }

# publish_once -> "MS ANSWERS": a whole set rendered by the publisher (--once, into an empty
# directory: every answer), its own "published in" time and its answers' count.
publish_once() {
  rm -rf "$published_dir/once"
  PGHOST=$var/pg PGPORT=5432 PGUSER=coin_api PGDATABASE=coin "$handlers/publisher" --once \
    --directory "$published_dir/once" --signing-key "$var/signing-key.pem" \
    2>"$var/publisher-once.log" || die "publisher --once failed: $var/publisher-once.log"
  sed -n 's/.*published in \([0-9]*\) ms, \([0-9]*\) answers changed.*/\1 \2/p' "$var/publisher-once.log" | tail -n 1
}
median_of() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# The median ms of RUNS runs of each query given, in the database (plpgsql EXECUTE: the whole
# answer built, nothing sent), one line each.
query_ms() {
  local sql="CREATE FUNCTION pg_temp.ms(q text, n integer) RETURNS numeric LANGUAGE plpgsql AS \$\$
             DECLARE t timestamptz; a float8[] := '{}';
             BEGIN
               FOR i IN 1..n LOOP
                 t := clock_timestamp(); EXECUTE q; a := a || extract(epoch FROM clock_timestamp() - t)::float8 * 1000;
               END LOOP;
               RETURN round((SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY x) FROM unnest(a) AS x)::numeric, 1);
             END \$\$;" query
  for query in "$@"; do sql+=" SELECT pg_temp.ms(\$q\$$query\$q\$, $runs);"; done
  database -c "$sql"
}

# published_after WRITE... -> "MS ANSWERS": the stack's publisher's next set after the SQL
# WRITE (as postgres), from its log line "published in MS ms, ANSWERS answers changed".
published_after() {
  local before deadline=$((SECONDS + 60))
  before=$(grep -c 'publisher: published in' "$var/stack.log" || true)
  database -c "$1" >/dev/null
  until (( $(grep -c 'publisher: published in' "$var/stack.log" || true) > before )); do
    ((SECONDS < deadline)) || die "no set published within 60 s of: $1"
    sleep 0.1
  done
  sleep 0.5  # a write's second notification may start a second set: let it end
  sed -n 's/.*publisher: published in \([0-9]*\) ms, \([0-9]*\) answers changed.*/\1 \2/p' "$var/stack.log" |
    sed -n "$((before + 1))p"
}
# A new tron snapshot as the stack's publisher sees it: its newest chain_state row again, now
# (bench.sh's write_snapshot); and a write to tron's urn tables: its newest vault_price row
# rewritten as it is (what each indexer round of a chain writes, with its urn_state rows).
tron_snapshot="INSERT INTO snapshot.chain_state (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
               SELECT chain, clock_timestamp(), coin_supply + 1, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl
                 FROM snapshot.chain_state WHERE chain = 'tron' ORDER BY taken_at DESC LIMIT 1"
tron_prices="UPDATE snapshot.vault_price SET price = price
              WHERE (vault_id, taken_at) IN (SELECT vault_id, max(taken_at) FROM snapshot.vault_price
                                              JOIN snapshot.vault USING (vault_id) WHERE chain = 'tron' GROUP BY vault_id)"
# sets WRITE LABEL: 3 sets after WRITE, into set_rows as a table row.
set_rows=()
sets() {
  local ms answers times=()
  for _ in 1 2 3; do read -r ms answers < <(published_after "$1"); times+=("$ms"); done
  set_rows+=("| $2 | $(median_of "${times[@]}") | ${times[*]} | $answers |")
}

say "urns benchmark: the stack with demo data (PUBLISH=on)"
bench_stack_start "$stack_port" "$var/stack.log" VAR="$var" DATA=demo PUBLISH=on PUBLISHED="$published_dir/stack" \
  HANDLERS="$handlers"
data_scale=$(bench_data_scale)

say "sets before the urns"
sets_before=() set_answers_before=
for _ in 1 2 3; do read -r ms set_answers_before < <(publish_once); sets_before+=("$ms"); done
sets "$tron_snapshot" "a tron snapshot (chain_state), no urns"

say "writing $urns urns (bench/urns-data.sql)"
start=$(date +%s.%N)
database -1 -v urns="$urns" -f "$root_dir/bench/urns-data.sql" >/dev/null
load_s=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.0f", b - a}')
database -c 'VACUUM ANALYZE snapshot.urn, snapshot.urn_event, snapshot.urn_state, snapshot.vault_price'

say "sets with the urns"
sets_after=() set_answers_after=
for _ in 1 2 3; do read -r ms set_answers_after < <(publish_once); sets_after+=("$ms"); done
# Small and large (large/, publisher/set_files.hpp) alike.
risk_files=$(find "$published_dir/once/current/" -path '*/api/v1/risk/*' -name '*.json' | wc -l)
risk_bytes=$(find "$published_dir/once/current/" -path '*/api/v1/risk/*' -name '*.json' -printf '%s\n' | awk '{s += $1} END {print s}')
sets "$tron_snapshot" "a tron snapshot (chain_state), $urns urns"
sets "$tron_prices" "tron's vault_price rows written, $urns urns"
bench_stack_stop

say "the stack again, PUBLISH=off, handlers --no-cache"
bench_stack_start "$stack_port" "$var/stack-uncached.log" VAR="$var" DATA=keep PUBLISH=off HANDLER_FLAGS=--no-cache \
  HANDLERS="$handlers"

# 6.16 to 6.19 uncached, through nginx and a handler.
api=http://127.0.0.1:$stack_port/api/v1/risk
urns_url="$api/urns?chain=tron&vaultType=TRX-A"
mapfile -t risk_cursors < <(page_cursors "$urns_url&sort=collateralization")
mapfile -t debt_cursors < <(page_cursors "$urns_url&sort=debt")
pages=${#risk_cursors[@]}
deep=${risk_cursors[$((pages - 1))]} middle=${risk_cursors[$((pages / 2))]} deep_debt=${debt_cursors[$((${#debt_cursors[@]} - 1))]}
# Each risk answer the publisher renders, timed in the database.
say "the risk answers in the database"
read -r -a chains < <(node -p "require('$root_dir/openapi/openapi.json').components.parameters.chain.schema.enum.join(' ')")
mapfile -t vault_types < <(database -c "SELECT chain || ' ' || vault_type FROM derived.vault_price_now ORDER BY chain, vault_type")
queries=() labels=()
for chain in "${chains[@]}"; do
  queries+=("SELECT data FROM api.vaults_at_risk('$chain', 10)") labels+=("6.17 $chain, within 10")
done
for pair in "${vault_types[@]}"; do
  read -r chain vault_type <<<"$pair"
  queries+=("SELECT data FROM api.liquidation_curve WHERE chain = '$chain' AND \"vaultType\" = '$vault_type'")
  labels+=("6.18 $chain $vault_type")
done
queries+=("SELECT data FROM api.liquidation_curve") labels+=("6.18, every row in one query")
queries+=("SELECT data FROM api.vaults_at_risk('tron', 50)") labels+=("6.17 tron, within 50 (not published)")
vault_trx_a=$(database -c "SELECT vault_id FROM snapshot.vault WHERE chain = 'tron' AND vault_type = 'TRX-A'")
for page in "collateralization 100 " "collateralization 1000 " "collateralization 100 $deep" "debt 100 " "debt 100 $deep_debt"; do
  read -r sort limit cursor <<<"$page"
  queries+=("SELECT data FROM api.urns('tron', 'TRX-A', '$sort', $limit, '$cursor')")
  labels+=("6.16 TRX-A by $sort, limit $limit, $([ -n "$cursor" ] && echo "last page" || echo "first page") (per request)")
done
mapfile -t query_times < <(query_ms "${queries[@]}")
urns_per_type=$(database -c "SELECT string_agg(v.vault_type || ' ' || v.chain || ' ' || n, ', ' ORDER BY n DESC)
                               FROM (SELECT vault_id, count(*) AS n FROM snapshot.urn GROUP BY vault_id) AS c
                               JOIN snapshot.vault AS v USING (vault_id)")
published_sum=$(for i in "${!labels[@]}"; do
                  if [[ ${labels[$i]} == 6.1[78]* && ${labels[$i]} != *"every row"* && ${labels[$i]} != *"not published"* ]]; then
                    echo "${query_times[$i]}"
                  fi
                done | awk '{s += $1} END {printf "%.0f", s}')

history_urn=$(database -c "SELECT u.address FROM snapshot.urn AS u JOIN snapshot.urn_event AS e USING (urn_id)
                           WHERE u.vault_id = (SELECT vault_id FROM snapshot.vault WHERE chain = 'tron' AND vault_type = 'TRX-A')
                           GROUP BY u.urn_id ORDER BY count(*) DESC, u.urn_id LIMIT 1")
heavy=$(( requests / 5 ))
http_rows=(  # label|URL|requests
  "6.16 first page, limit 100|$urns_url|$requests"
  "6.16 first page, limit 1000|$urns_url&limit=1000|$requests"
  "6.16 sort=collateralization, urn $(( (pages / 2 + 1) * 1000 + 1 )) on, limit 100|$urns_url&sort=collateralization&limit=100&cursor=$middle|$requests"
  "6.16 sort=collateralization, urn $(( pages * 1000 + 1 )) on (last page), limit 100|$urns_url&sort=collateralization&limit=100&cursor=$deep|$requests"
  "6.16 sort=collateralization, urn $(( pages * 1000 + 1 )) on (last page), limit 1000|$urns_url&sort=collateralization&limit=1000&cursor=$deep|$requests"
  "6.16 sort=debt first page, limit 100|$urns_url&sort=debt&limit=100|$requests"
  "6.16 sort=debt, urn $(( ${#debt_cursors[@]} * 1000 + 1 )) on (last page), limit 100|$urns_url&sort=debt&limit=100&cursor=$deep_debt|$requests"
  "6.16 sort=debt first page, limit 1000|$urns_url&sort=debt&limit=1000|$requests"
  "6.19 an urn's 5 events|$api/urn-history?chain=tron&vaultType=TRX-A&urn=$history_urn|$requests"
  "6.18 tron TRX-A|$api/liquidation-curve?chain=tron&vaultType=TRX-A|$heavy"
  "6.17 tron, within 10|$api/vaults-at-risk?chain=tron|$heavy"
  "6.17 tron, within 50|$api/vaults-at-risk?chain=tron&within=50|$heavy"
)
declare -A http_median=() http_p99=() http_bytes=() http_lost=()
for row in "${http_rows[@]}"; do
  IFS='|' read -r label url n <<<"$row"
  say "$label: uncached, $n requests"
  http_bytes[$label]=$(curl -sf -o /dev/null -w '%{size_download}' "$url") || die "no answer to $url"
  # A request without an answer (status 000: the connection failed, seen once on the shared
  # machine, never again) is left out and counted; any other status than 200 stops the run.
  mapfile -t times < <(for _ in $(seq 1 "$n"); do printf 'url = "%s"\noutput = /dev/null\n' "$url"; done |
                       curl -s -K - -w '%{http_code} %{time_total}\n' |
                       awk -v failures="$var/http-failures.log" -v label="$label" '
                         $1 == "000" {print label ": no answer" >> failures; next}
                         $1 != 200 {print "status " $1 > "/dev/stderr"; exit 1} {print $2}' | sort -n)
  (( ${#times[@]} >= n * 99 / 100 )) || die "$label: not every request answered 200"
  n=${#times[@]} http_lost[$label]=$(( ${row##*|} - n ))
  http_median[$label]=$(awk '{printf "%.1f", $1 * 1000}' <<<"${times[$(( (n + 1) / 2 - 1 ))]}")
  http_p99[$label]=$(awk '{printf "%.1f", $1 * 1000}' <<<"${times[$(( (n * 99 + 99) / 100 - 1 ))]}")
done

# The plans of a first and of a deep page: the function's own query, by auto_explain.
# plan ARGS -> the plan of api.urns(ARGS)'s page query, from its Aggregate down
plan() {
  database -c "LOAD 'auto_explain'" -c 'SET auto_explain.log_min_duration = 0' -c 'SET auto_explain.log_analyze = on' \
    -c 'SET auto_explain.log_buffers = on' -c 'SET auto_explain.log_nested_statements = on' \
    -c 'SET auto_explain.log_level = notice' -c "SELECT length(data::text) FROM api.urns($1)" 2>&1 >/dev/null |
    awk '/^NOTICE/ {keep = 0} /^Query Text: SELECT json_agg/ {keep = 1; next}
         keep && /^(Aggregate|  )/ && ++printed <= 44 {print}'  # (head would end awk with SIGPIPE)
}
trx_a_urns=$(database -c "SELECT count(*) FROM snapshot.urn WHERE vault_id = $vault_trx_a AND (ink > 0 OR art > 0)")
plan_first=$(plan "'tron', 'TRX-A', 'collateralization', 100, ''")
plan_deep=$(plan "'tron', 'TRX-A', 'collateralization', 100, '$deep'")

# The database's size per row of each urn table.
sizes=$(database -c "
  SELECT t, n, pg_table_size(r), pg_indexes_size(r), pg_total_relation_size(r),
         round(pg_table_size(r)::numeric / nullif(n, 0)), round(pg_indexes_size(r)::numeric / nullif(n, 0)),
         round(pg_total_relation_size(r)::numeric / nullif(n, 0))
    FROM (VALUES ('urn', (SELECT count(*) FROM snapshot.urn)), ('urn_event', (SELECT count(*) FROM snapshot.urn_event)),
                 ('urn_state', (SELECT count(*) FROM snapshot.urn_state)),
                 ('vault_price', (SELECT count(*) FROM snapshot.vault_price))) AS s(t, n),
         LATERAL (SELECT ('snapshot.' || t)::regclass AS r) AS c")
declare -A rows_of=() table_bytes=() index_bytes=() total_bytes=() row_table=() row_index=() row_total=()
while IFS='|' read -r t n tb ib all rt ri ra; do
  rows_of[$t]=$n table_bytes[$t]=$tb index_bytes[$t]=$ib total_bytes[$t]=$all row_table[$t]=$rt row_index[$t]=$ri row_total[$t]=$ra
done <<<"$sizes"
regular_types=$(database -c "SELECT count(*) FROM snapshot.vault WHERE collateral_type = 1")
postgres_version=$(bench_database 'SHOW server_version')
bench_stack_stop

mb() { awk -v b="$1" 'BEGIN {printf "%.1f", b / 1048576}'; }
query_time() {  # LABEL-START -> the median ms of the first query whose label starts so
  local i
  for i in "${!labels[@]}"; do [[ ${labels[$i]} != "$1"* ]] || { echo "${query_times[$i]}"; return; }; done
}
over() { awk -v m="$1" 'BEGIN {printf "%.1f", m - 20}'; }  # MS -> ms over the 20 ms target
per() { awk -v b="$1" -v n="$2" -v k="$3" 'BEGIN {printf "%.1f", b / n * k / 1048576}'; }  # BYTES ROWS PER -> MB per PER rows

# B. The indexer's round with many urns: its own script (bench/urns-indexer.sh's functions).
indexer_part=skipped
if [ "$indexer_urns" -gt 0 ]; then
  source "$root_dir/bench/urns-indexer.sh"
fi

{
  echo "# Risk per urn benchmark"
  echo
  echo "\`make bench\` (scripts/bench/bench-urns.sh), $(date -u '+%Y-%m-%d %H:%M UTC'), one run, on $(nproc) cores"
  echo "($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), shared with the rest of the machine; PostgreSQL $postgres_version;"
  echo "the SQL of sql/ as of commit $(git -C "$root_dir" log -1 --format=%h -- sql/)$(git -C "$root_dir" diff --quiet -- sql/ || echo ", with changes not committed")."
  echo
  echo "## A. The database and HTTP at $urns urns"
  echo
  echo "Data: the demo data ($data_scale) and bench/urns-data.sql, written in ${load_s} s:"
  echo "${rows_of[urn]} urns over the $regular_types regular Vault types ($urns_per_type), ${rows_of[urn_event]} urn events,"
  echo "${rows_of[urn_state]} urn states (10 per urn), ${rows_of[vault_price]} vault prices (every snapshot of 90 days:"
  echo "hourly, 5-minute for the last 8 days). Debt lognormal (median 2,000 COIN), collateralization"
  echo "mat x e^(0.55 + 0.35 z) within 1.0x to 5x; the OSM Vault types' next price 3 % lower."
  echo
  echo "### What the publisher renders per snapshot"
  echo
  echo "The publisher renders every answer of the chains a snapshot wrote; at $urns urns the risk answers"
  echo "are $risk_files answers (6.17 per chain, 6.18 per chain and Vault type; 6.16 and 6.19 are answered per"
  echo "request), $(mb "$risk_bytes") MB uncompressed."
  echo "A whole set (\`publisher --once\`, every answer, sessions in parallel), 3 runs each:"
  echo
  echo "| | median ms | runs ms | answers |"
  echo "|---|---:|---|---:|"
  echo "| before the urns | $(median_of "${sets_before[@]}") | ${sets_before[*]} | $set_answers_before |"
  echo "| with $urns urns | $(median_of "${sets_after[@]}") | ${sets_after[*]} | $set_answers_after |"
  echo
  echo "The stack's publisher (PUBLISH=on), the set it renders after a write, from its log, 3 writes each:"
  echo "a write names its chains (the urn tables' too: publisher/written_chains.cpp), and the publisher"
  echo "renders those chains' answers:"
  echo
  echo "| write | median ms | runs ms | answers changed |"
  echo "|---|---:|---|---:|"
  printf '%s\n' "${set_rows[@]}"
  echo
  echo "Each risk answer's query in the database (median of $runs runs, the whole JSON built):"
  echo
  echo "| query | median ms |"
  echo "|---|---:|"
  for i in "${!labels[@]}"; do echo "| ${labels[$i]} | ${query_times[$i]} |"; done
  echo "| **the published risk answers of one snapshot of every chain, one after another** | **$published_sum** |"
  echo
  echo "### 6.16 to 6.19 uncached"
  echo
  echo "PUBLISH=off, handlers with --no-cache (every request runs its query), through nginx; sequential"
  echo "requests with curl, tron TRX-A ($trx_a_urns open urns), pages deep by the cursors"
  echo "the list gives ($pages pages of 1000 by collateralization)."
  echo
  echo "| request | requests | median ms | p99 ms | bytes |"
  echo "|---|---:|---:|---:|---:|"
  for row in "${http_rows[@]}"; do
    IFS='|' read -r label url n <<<"$row"
    echo "| $label | $n$([ "${http_lost[$label]}" = 0 ] || echo " (${http_lost[$label]} without an answer, left out)") | ${http_median[$label]} | ${http_p99[$label]} | ${http_bytes[$label]} |"
  done
  echo
  echo "Target: 6.16 uncached median <= 20 ms."
  echo
  echo "### Findings"
  echo
  echo "- **6.16's page costs the same at any depth.** api.urns seeks to its cursor by the index"
  echo "  (urn_by_risk, urn_by_debt: \`key <= the cursor's\` is its Index Cond, the tie test a filter on the"
  echo "  ties alone; the last page's plan below), so the last page by debt takes"
  echo "  ${http_median[$(printf '%s\n' "${!http_median[@]}" | grep '^6.16 sort=debt, urn' | head -n 1)]} ms median over HTTP against"
  echo "  ${http_median[6.16 sort=debt first page, limit 100]} ms for the first (most of either is its 100 urns' JSON)."
  limit_1000_worst=$(printf '%s\n' "${http_median[6.16 first page, limit 1000]}" "${http_median[6.16 sort=debt first page, limit 1000]}" | sort -n | tail -n 1)
  if awk -v m="$limit_1000_worst" 'BEGIN {exit !(m > 20)}'; then
    echo "- **limit=1000 pages miss the 20 ms median** (first page by collateralization"
    echo "  ${http_median[6.16 first page, limit 1000]} ms, by debt ${http_median[6.16 sort=debt first page, limit 1000]} ms: $(over "$limit_1000_worst") ms over):"
  else
    echo "- **limit=1000 pages are the closest to the 20 ms median** (first page by collateralization"
    echo "  ${http_median[6.16 first page, limit 1000]} ms, by debt ${http_median[6.16 sort=debt first page, limit 1000]} ms; an earlier run on the busier machine had 22 and 35 ms):"
  fi
  echo "  about 450 kB of JSON, each urn's item built by json_build_object with 11 numeric figures; the"
  echo "  query alone takes $(query_time "6.16 TRX-A by collateralization, limit 1000, first page") ms in the database against $(query_time "6.16 TRX-A by collateralization, limit 100, first page") ms at limit 100. The default"
  echo "  limit (100) meets the target at every depth, with room once the bound above is in; limit=1000"
  echo "  is 10 pages' work in one request."
  echo "- **The risk answers are most of a set's time now.** A whole set took $(median_of "${sets_before[@]}") ms"
  echo "  before the urns and $(median_of "${sets_after[@]}") ms with them; its $risk_files risk answers' queries add up to"
  echo "  ${published_sum} ms one after another: 6.17 per chain and 6.18 per Vault type each value every urn"
  echo "  of theirs (derived.urn_figures, the first drop in numeric, in PL/pgSQL), so the same urns twice."
  echo "  One pass per Vault type and snapshot for both, or only what a snapshot changed, is the way to"
  echo "  cut it (a set's cost is proportional to the urns, not to what changed)."
  echo
  echo "### The database's size"
  echo
  echo "| table | rows | table MB | indexes MB | bytes per row (table + indexes) | MB per 1,000,000 rows |"
  echo "|---|---:|---:|---:|---:|---:|"
  for t in urn urn_event urn_state vault_price; do
    echo "| snapshot.$t | ${rows_of[$t]} | $(mb "${table_bytes[$t]}") | $(mb "${index_bytes[$t]}") | ${row_table[$t]} + ${row_index[$t]} = ${row_total[$t]} | $(per "${total_bytes[$t]}" "${rows_of[$t]}" 1000000) |"
  done
  echo
  echo "- per 100,000 urns (snapshot.urn, one row each, rewritten in place): $(per "${total_bytes[urn]}" "${rows_of[urn]}" 100000) MB"
  echo "- per 1,000,000 urn states (one per change an indexer round reads): $(per "${total_bytes[urn_state]}" "${rows_of[urn_state]}" 1000000) MB"
  echo "- per snapshot: a vault_price row per regular Vault type, ${row_total[vault_price]} bytes each: $regular_types rows,"
  echo "  $(awk -v b="${row_total[vault_price]}" -v n="$regular_types" 'BEGIN {printf "%.1f", b * n / 1024}') kB a snapshot, $(awk -v b="${row_total[vault_price]}" -v n="$regular_types" 'BEGIN {printf "%.1f", b * n * 288 * 365 / 1048576}') MB a year at 5 minutes; nothing per urn per snapshot"
  echo "- per change: a urn_state row (${row_total[urn_state]} bytes) per urn a round finds changed, and a urn_event row (${row_total[urn_event]} bytes) per frob, fork or grab side"
  echo
  echo "### The plans of 6.16 (auto_explain of api.urns' page query, tron TRX-A, limit 100)"
  echo
  echo "First page:"
  echo
  echo '```'
  echo "$plan_first"
  echo '```'
  echo
  echo "Last page (the cursor after urn $(( pages * 1000 ))):"
  echo
  echo '```'
  echo "$plan_deep"
  echo '```'
  echo
  echo "## B. The indexer"
  echo
  if [ "$indexer_part" = skipped ]; then
    echo "Skipped (INDEXER_URNS=0)."
  else
    indexer_section
  fi
} >"$results"
cat "$results"
say "written to $results"
