#!/usr/bin/env bash
# make bench, its HTTPS part: the published answers over TLS, as nginx serves them with a
# certificate (TLS_CERT, TLS_KEY: nginx/tls.conf), against a stock nginx serving the identical
# bytes as static files with the same TLS settings and headers (bench/nginx-tls.conf), into
# bench/HTTPS.md.
#
# The certificate is made here, self-signed: ECDSA P-256, the key Let's Encrypt issues by
# default (certbot 2.0 and later). The stack runs with TLS_PORT and PLAIN_HTTP=serve (its plain
# port keeps answering); the reference includes the listen.conf and tls.conf render_nginx wrote
# for the same certificate.
#
# For a few answers (6.1 /totalSupply, a bare number; 6.12 latest-collateral of eth; 6.13
# collateral-history of eth, MONTHLY, and 6.9 supply-value-history, plain and gzip), side by
# side (each pair in ROUNDS rounds, default 6, in the order A B B A, the mean of each kept: the
# machine is shared and noisy):
#   HTTP/1.1  wrk -t2 -c64 for SECONDS_PER_RUN s (default 1), keep-alive over TLS
#   HTTP/2    h2load -t2 -c64 -m10, each connection at most 1000 requests: nginx ends an HTTP/2
#             connection after keepalive_requests (1000) with a GOAWAY, and h2load (1.52) fails
#             the streams it had in flight and never connects again, so a timed run (-D) measures
#             fewer and fewer clients; the requests per connection are sized from the HTTP/1.1
#             rate to last about SECONDS_PER_RUN s
# with the CPU time nginx's workers spent per request (/proc); then the same answers over plain
# HTTP on the stack's plain port, one run each, for what TLS costs. Then connections with one
# request each (openssl s_time -www, 4 clients at once for half SECONDS_PER_RUN s; HTTP/1.0, closed
# after the answer), TLS 1.3 and TLS 1.2, every handshake a full one (-new) or every one resumed
# from nginx's session cache (-reuse): connections per second, and nginx's CPU per connection,
# which is what the server can do per core (the clients' handshakes take the rest of the 2 cores).
#
# Before it measures, each answer is checked over HTTPS, HTTP/2 and HTTP/1.1: a 200 from both
# servers with the same bytes (the published file's) and the same header names, served from the
# published set. A run with any failed request or any status of 400 or more fails the
# benchmark; so does a status of 400 or more in either server's access log afterwards, or a
# handshake of the reference's of another TLS version than asked, or resumed when it should not
# be (or not when it should).
#
# The data: the benchmark database (var/bench, make bench-data) when it is there, as after
# make bench; else the demo data, in var/bench-https. HTTPS_DATA=bench or demo chooses. HANDLERS
# (build/release/handlers, make build) says whose binaries run. About 7 minutes.
set -euo pipefail
shopt -s inherit_errexit  # a run that dies inside $(...) stops the benchmark
source "$(dirname "$0")/lib.sh"

seconds=${SECONDS_PER_RUN:-1}
rounds=${ROUNDS:-6}
handshake_seconds=$(( (seconds + 1) / 2 ))
handlers=${HANDLERS:-$root_dir/build/release/handlers}
results=$root_dir/bench/HTTPS.md
stack_port=18120 tls_port=18121 static_port=18122 static_tls_port=18123
clients=4  # openssl s_time processes at once

bench_stack_data https HTTPS_DATA
for port in $stack_port $tls_port $static_port $static_tls_port; do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && die "port $port is in use: is another benchmark running?"
done
[ -x "$handlers/publisher" ] || die "no publisher in $handlers (make build)"
for command in wrk h2load openssl; do
  command -v "$command" >/dev/null || die "$command is not installed (make deps)"
done
mkdir -p "$var"
work=$(mktemp -d)
reference=$var/https-reference
reference_pid=

stop_all() {
  bench_stack_stop
  if [ -n "$reference_pid" ]; then
    kill -TERM "$reference_pid" 2>/dev/null || true
    wait "$reference_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  published_tmpfs_remove
}
trap stop_all EXIT
# The publisher's directory on a tmpfs, as in production (/run/coin-api-published); see bench.sh.
published_tmpfs https

# The certificate: ECDSA P-256, self-signed, for localhost and 127.0.0.1.
tls=$var/tls
mkdir -p "$tls"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=localhost \
  -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$tls/key.pem" -out "$tls/cert.pem" 2>"$work/openssl.log" ||
  die "openssl could not make the certificate: $(cat "$work/openssl.log")"
certificate=$(openssl x509 -in "$tls/cert.pem" -noout -text | awk '/Public Key Algorithm|NIST CURVE|Signature Algorithm/ {sub(/^ +/, ""); print}' | sort -u | paste -sd ';' | sed 's/;/; /g')

say "HTTPS benchmark: the stack on the $data data with TLS (see $var/https-stack.log)"
bench_stack_start "$stack_port" "$var/https-stack.log" VAR="$var" PUBLISHED="$published_dir" DATA="$run_data" PUBLISH=on \
  HANDLERS="$handlers" TLS_CERT="$tls/cert.pem" TLS_KEY="$tls/key.pem" TLS_PORT="$tls_port" PLAIN_HTTP=serve
curl -skf -o /dev/null "https://127.0.0.1:$tls_port/totalSupply" ||
  die "the stack serves no HTTPS on $tls_port (TLS_CERT, TLS_KEY, TLS_PORT: scripts/dev/run.sh)"
# The stack's access log from here on is this run's (an earlier run's lines stay in it).
sleep 1.5
log_start=$(stat -c %s "$var/nginx/access.log")
data_scale=$(bench_data_scale)
postgres_version=$(bench_database 'SHOW server_version')

# The answers: spec|request path|the published file (under the set)|its reference's name
cases=(
  "6.1|/totalSupply|totalSupply.txt|6.1.txt"
  "6.12|/api/v1/data-platform/latest-collateral?chain=eth|api/v1/data-platform/latest-collateral/chain=eth.json|6.12.json"
  "6.13|/api/v1/data-platform/collateral-history?chain=eth&interval=MONTHLY|api/v1/data-platform/collateral-history/chain=eth&interval=MONTHLY.json|6.13.json"
  "6.9|/api/v1/data-platform/overview/supply-value-history|api/v1/data-platform/overview/supply-value-history.json|6.9.json"
)
rows=("6.1 plain" "6.12 plain" "6.13 plain" "6.13 gzip" "6.9 plain" "6.9 gzip")
declare -A path_of=() reference_of=() bytes=()
accept_gzip="Accept-Encoding: gzip"

# The reference: the same bytes, in a directory named like a published set (set.<blocks>.static)
# for the same X-Snapshot-Blocks (nginx/header-values.conf).
published=$published_dir/current
blocks=$(readlink "$published") blocks=${blocks#set.} blocks=${blocks%.*}
answers=$reference/answers/set.$blocks.static
rm -rf "$reference"
mkdir -p "$answers"
for row in "${cases[@]}"; do
  IFS='|' read -r spec path file name <<<"$row"
  path_of[$spec]=$path reference_of[$spec]=$name
  cp "$(placed "$published" "$file")" "$answers/$name"
  [ ! -f "$(placed "$published" "$file.gz")" ] || cp "$(placed "$published" "$file.gz")" "$answers/$name.gz"
done
chmod -R a+rX "$reference"
render_nginx "$reference" "$reference/conf" "$handlers/publisher" LISTEN="127.0.0.1:$static_port" \
  LISTEN_TLS="127.0.0.1:$static_tls_port" TLS_CERT="$tls/cert.pem" TLS_KEY="$tls/key.pem" PLAIN_HTTP=serve \
  ANSWERS="$answers" "$root_dir/bench/nginx-tls.conf"
nginx -p "$reference" -c "$reference/conf/nginx-tls.conf" -g 'daemon off;' 2>"$reference/error.log" &
reference_pid=$!
wait_for "the reference nginx (see $reference/error.log)" curl -skf -o /dev/null "https://127.0.0.1:$static_tls_port/6.1.txt"
wait_for "the reference nginx's pid file" test -s "$reference/nginx.pid"

url() {  # published|static SPEC -> its URL over HTTPS
  if [ "$1" = published ]; then echo "https://127.0.0.1:$tls_port${path_of[$2]}"; else echo "https://127.0.0.1:$static_tls_port/${reference_of[$2]}"; fi
}

# The checks, before any measurement: each answer from both servers over HTTP/2 and HTTP/1.1 is
# a 200 with the published bytes and the same header names.
for row in "${rows[@]}"; do
  read -r spec variant <<<"$row"
  expected=$answers/${reference_of[$spec]}
  [ "$variant" = plain ] || expected=$expected.gz
  [ -f "$expected" ] || die "$spec has no $variant answer in the published set"
  bytes[$row]=$(stat -c %s "$expected")
  request=(-sk -o "$work/body" -w '%{http_code} %{http_version}\n')
  [ "$variant" = plain ] || request+=(-H "$accept_gzip")
  for http in 2 1.1; do
    for server in published static; do
      curl "${request[@]}" --http"$http" -D "$work/headers.$server" "$(url "$server" "$spec")" >"$work/status" ||
        die "$server $spec $variant HTTP/$http: no answer"
      read -r status version <"$work/status"
      [ "$status $version" = "200 $http" ] || die "$server $spec $variant HTTP/$http: $status over HTTP/$version, not 200 over HTTP/$http"
      cmp -s "$work/body" "$expected" || die "$server $spec $variant HTTP/$http: not the published bytes"
      tr -d '\r' <"$work/headers.$server" | awk -F: 'NR > 1 && NF > 1 {print tolower($1)}' | sort >"$work/names.$server"
    done
    diff "$work/names.published" "$work/names.static" >"$work/names.diff" ||
      die "$spec $variant HTTP/$http: the two servers' header names differ (< published, > static): $(cat "$work/names.diff")"
  done
done
# ... and the stack's answers came from the published set.
served_published "$var/nginx/access.log" HTTP/2.0 "${cases[@]}"

# nginx's workers' CPU time, in clock ticks: published|static -> ticks so far.
tick_hz=$(getconf CLK_TCK)
nginx_ticks() {
  local pid_file master pid fields total=0
  [ "$1" = published ] && pid_file=$var/nginx/nginx.pid || pid_file=$reference/nginx.pid
  master=$(cat "$pid_file")
  for pid in $(pgrep -P "$master"); do
    read -r -a fields <"/proc/$pid/stat" || continue
    total=$((total + fields[13] + fields[14]))  # utime, stime (the name has no spaces: nginx)
  done
  echo "$total"
}
per() { awk -v ticks="$1" -v n="$2" -v hz="$tick_hz" 'BEGIN {printf "%.0f", ticks / hz * 1e6 / n}'; }  # TICKS N -> us each

# The runs. Each prints "req/s us-of-nginx-CPU-per-request", or dies when a request failed.
cat >"$work/count.lua" <<'EOF'
-- Prints, when wrk ends: https-bench: <requests/s> <requests> <failed or status >= 400>
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("https-bench: %.2f %d %d\n", summary.requests / (summary.duration / 1e6),
    summary.requests, e.connect + e.read + e.write + e.timeout + e.status))
end
EOF
http1() {  # SERVER URL [HEADER]
  local before after line rate requests failed
  before=$(nginx_ticks "$1")
  line=$(wrk -t2 -c64 -d"${seconds}s" -s "$work/count.lua" ${3:+-H "$3"} "$2" | grep '^https-bench: ') ||
    die "wrk printed no figures for $2"
  after=$(nginx_ticks "$1")
  read -r _ rate requests failed <<<"$line"
  ((failed == 0)) || die "HTTP/1.1: $failed of $requests requests to $2 failed or got a status of 400 or more"
  echo "${rate%.*} $(per $((after - before)) "$requests")"
}
http2() {  # SERVER URL REQUESTS-PER-CONNECTION [HEADER]
  local before after out rate total succeeded failed errored timeout client_errors server_errors
  before=$(nginx_ticks "$1")
  out=$(timeout 120 h2load -t2 -c64 -m10 -n $((64 * $3)) ${4:+-H "$4"} "$2" 2>&1) || die "h2load failed on $2: $out"
  after=$(nginx_ticks "$1")
  rate=$(sed -n 's/^finished in .*, \([0-9.]*\) req\/s.*/\1/p' <<<"$out")
  read -r total succeeded failed errored timeout < <(
    sed -n 's/^requests: \([0-9]*\) total, .* \([0-9]*\) succeeded, \([0-9]*\) failed, \([0-9]*\) errored, \([0-9]*\) timeout.*/\1 \2 \3 \4 \5/p' <<<"$out") || true
  read -r client_errors server_errors < <(sed -n 's/^status codes: .* \([0-9]*\) 4xx, \([0-9]*\) 5xx.*/\1 \2/p' <<<"$out") || true
  [ -n "$rate" ] && [ -n "$total" ] && [ -n "$client_errors" ] || die "h2load printed no figures for $2: $out"
  ((failed + errored + timeout + client_errors + server_errors == 0 && succeeded == total)) ||
    die "HTTP/2: of $total requests to $2, $failed failed, $errored errored, $timeout timed out, $client_errors 4xx, $server_errors 5xx"
  echo "${rate%.*} $(per $((after - before)) "$total")"
}
# handshakes SERVER PORT PATH -new|-reuse -tls1_3|-tls1_2: connections of one request each,
# $clients at once -> "connections/s us-of-nginx-CPU-per-connection"
handshakes() {
  local before after start end pids=() pid i count=0 n
  before=$(nginx_ticks "$1")
  start=$(date +%s%N)
  for i in $(seq 1 "$clients"); do
    openssl s_time -connect "127.0.0.1:$2" "$4" "$5" -time "$handshake_seconds" -www "$3" >"$work/s_time.$i" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || die "openssl s_time $4 $5 to $2$3 failed: $(tail -n 3 "$work/s_time.$((i + 1))")"
  done
  end=$(date +%s%N)
  after=$(nginx_ticks "$1")
  for i in $(seq 1 "$clients"); do
    n=$(awk '/connections in .* real seconds/ {print $1}' "$work/s_time.$i")
    [ -n "$n" ] && ((n > 0)) || die "openssl s_time $4 $5 to $2$3 made no connection: $(cat "$work/s_time.$i")"
    count=$((count + n))
  done
  echo "$((count * 1000000000 / (end - start))) $(per $((after - before)) "$count")"
}
# side_by_side_cells PUBLISHED STATIC: a table row's cells for the two servers ("req/s cpu_us" each):
# their requests per second and ratio, then nginx's CPU per request and its ratio.
side_by_side_cells() {
  echo "$(field "$1" 1) | $(field "$2" 1) | $(ratio "$(field "$1" 1)" "$(field "$2" 1)") | $(field "$1" 2) / $(field "$2" 2) us | $(ratio "$(field "$2" 2)" "$(field "$1" 2)")"
}

declare -A h1_published=() h1_static=() h2_published=() h2_static=() plain=() per_connection=()
for row in "${rows[@]}"; do
  read -r spec variant <<<"$row"
  header=$([ "$variant" = gzip ] && echo "$accept_gzip" || true)
  a=$(url published "$spec") b=$(url static "$spec")
  say "$row: HTTP/1.1 over TLS, published and static"
  result=$(alternated "$rounds" "http1 published '$a' '$header'" "http1 static '$b' '$header'")
  IFS='|' read -r "h1_published[$row]" "h1_static[$row]" <<<"$result"
  # Requests per connection for about SECONDS_PER_RUN s: h2load runs at about 3/4 of wrk's
  # HTTP/1.1 rate here (it takes more CPU per request); 20 to 1000.
  per_connection[$row]=$(( $(field "${h1_published[$row]}" 1) * seconds * 3 / 4 / 64 ))
  ((per_connection[$row] >= 20)) || per_connection[$row]=20
  ((per_connection[$row] <= 1000)) || per_connection[$row]=1000
  say "$row: HTTP/2, published and static, ${per_connection[$row]} requests per connection"
  result=$(alternated "$rounds" "http2 published '$a' ${per_connection[$row]} '$header'" "http2 static '$b' ${per_connection[$row]} '$header'")
  IFS='|' read -r "h2_published[$row]" "h2_static[$row]" <<<"$result"
  say "$row: HTTP/1.1 without TLS, published"
  plain[$row]=$(http1 published "http://127.0.0.1:$stack_port${path_of[$spec]}" "$header")
done

declare -A connections_published=() connections_static=()
modes=("-tls1_3 -new" "-tls1_3 -reuse" "-tls1_2 -new" "-tls1_2 -reuse")
for mode in "${modes[@]}"; do
  read -r version resumption <<<"$mode"
  say "connections of one request, $version $resumption: published and static"
  # The reference's path names the mode, for its access log's check below.
  result=$(alternated "$rounds" "handshakes published $tls_port /totalSupply $resumption $version" \
                        "handshakes static $static_tls_port '/6.1.txt?$version$resumption' $resumption $version")
  IFS='|' read -r "connections_published[$mode]" "connections_static[$mode]" <<<"$result"
done

# Every request of the runs answered below 400, by both servers; the reference's handshakes of
# the version asked, resumed or not as asked. (The logs are flushed every 1 s.)
sleep 1.5
tail -c +$((log_start + 1)) "$var/nginx/access.log" | awk '$9 >= 400' >"$work/errors.published"
awk '$7 >= 400' "$reference/access.log" >"$work/errors.static"
[ ! -s "$work/errors.published" ] || die "the stack answered $(wc -l <"$work/errors.published") requests with 400 or more: $(head -n 3 "$work/errors.published")"
[ ! -s "$work/errors.static" ] || die "the reference answered $(wc -l <"$work/errors.static") requests with 400 or more: $(head -n 3 "$work/errors.static")"
declare -A resumed=() tls_of=()
for mode in "${modes[@]}"; do
  read -r version resumption <<<"$mode"
  read -r total reused wrong protocol cipher group < <(awk -v path="/6.1.txt?$version$resumption" -v want="TLSv1.${version#-tls1_}" '
    $4 == "\"GET" && $5 == path {total++; if ($12 == "r") reused++; if ($9 != want) wrong++; protocol = $9; cipher = $10; group = $11}
    END {print total + 0, reused + 0, wrong + 0, protocol, cipher, group}' "$reference/access.log")
  ((total > 0 && wrong == 0)) || die "the reference's $version $resumption connections: $wrong of $total not of that TLS version"
  if [ "$resumption" = -new ]; then
    ((reused == 0)) || die "the reference resumed $reused of $total connections asked for full handshakes ($version)"
  else
    # Each s_time client's first connection of a run is a full handshake: 2 x $rounds runs.
    ((reused >= total - 2 * rounds * clients)) || die "the reference resumed only $reused of $total connections asked to resume ($version)"
  fi
  resumed[$mode]="$reused of $total"
  tls_of[$mode]="$protocol $cipher $group"
done
# What the keep-alive runs negotiated (the reference's log): TLS version, cipher, group, by client.
negotiated=$(awk '$5 ~ /^\/6\.[0-9]+\.(txt|json)$/ && $6 == "HTTP/1.1\"" {print "HTTP/1.1 (wrk)|" $9 " " $10 " " $11}
                  $5 ~ /^\/6\.[0-9]+\.(txt|json)$/ && $6 == "HTTP/2.0\"" {print "HTTP/2 (h2load)|" $9 " " $10 " " $11}' \
               "$reference/access.log" | sort | uniq -c | sort -rn |
               awk '{sub(/^ *[0-9]+ /, ""); split($0, f, "|"); if (!seen[f[1]]++) print f[1] " " f[2]}' | paste -sd ';' | sed 's/;/; /')
bench_stack_stop

# The rows under the target, by requests per second and by nginx's CPU per request; what the
# published stack costs nginx more than the static server per small answer (under 20 KB).
under() { awk -v r="$1" 'BEGIN {exit !(r < 0.95)}'; }  # RATIO (as printed): under the target?
below=() below_cpu=() extra=()
for row in "${rows[@]}"; do
  for protocol in HTTP/1.1 HTTP/2; do
    if [ "$protocol" = HTTP/1.1 ]; then p=${h1_published[$row]} s=${h1_static[$row]}; else p=${h2_published[$row]} s=${h2_static[$row]}; fi
    ! under "$(ratio "$(field "$p" 1)" "$(field "$s" 1)")" || below+=("$row $protocol")
    ! under "$(ratio "$(field "$s" 2)" "$(field "$p" 2)")" || below_cpu+=("$row $protocol")
    ((bytes[$row] >= 20000)) || extra+=($(( $(field "$p" 2) - $(field "$s" 2) )))
  done
done
extra_range=$(printf '%s\n' "${extra[@]}" | sort -n | sed -n '1p;$p' | paste -sd ' ' | awk '{print ($1 == $2) ? $1 : $1 " to " $2}')
list() { local IFS=','; echo "${*:-none}" | sed 's/,/, /g'; }

{
  echo "# coin-api: the published answers over HTTPS"
  echo
  echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC') by \`scripts/bench/bench-https.sh\`, one run, at commit $(git -C "$root_dir" rev-parse --short HEAD); the publisher built $(date -u -r "$handlers/publisher" '+%Y-%m-%d %H:%M UTC') ($handlers)."
  echo
  echo "- machine: $(nproc) cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo) RAM, $(uname -sr)"
  echo "- software: $(nginx -v 2>&1 | sed 's/.*: //') ($(nginx -V 2>&1 | sed -n 's/^built with \(OpenSSL [^ ]*\).*running with \(OpenSSL [^ ]*\).*/built with \1, running with \2/p')), PostgreSQL $postgres_version, $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2), $(h2load --version | head -1), $(openssl version | cut -d' ' -f1-2)"
  echo "- data: $data ($data_scale)"
  echo "- certificate: self-signed, made for the run ($certificate), as Let's Encrypt issues by default; nginx/tls.conf as rendered (TLS 1.2 and 1.3, Mozilla's intermediate ciphers, a shared session cache, no tickets), on both servers"
  echo "- stack: scripts/dev/run.sh, PUBLISH=on, THREADS=2, TLS_CERT, TLS_KEY, TLS_PORT, PLAIN_HTTP=serve; the reference: bench/nginx-tls.conf, a stock nginx serving the identical bytes as static files (gzip_static) with the same listen.conf, tls.conf, headers.conf and header-values.conf"
  echo "- negotiated: ${negotiated:-unknown} (client's order kept: ssl_prefer_server_ciphers off)"
  echo "- load: on the same $(nproc) cores as nginx, the handlers, the publisher and PostgreSQL; HTTP/1.1: wrk -t2 -c64 -d${seconds}s, keep-alive (nginx closes a connection after 1000 requests, wrk resumes its session); HTTP/2: h2load -t2 -c64 -m10 -n 64 x the requests per connection shown (each run about ${seconds} s, its 64 handshakes included); each pair in $rounds rounds in the order published, static, static, published, the mean of each kept; every run checked free of errors (no failed request, no status of 400 or more), and before the runs each answer checked a 200 with the published bytes and the same header names from both servers, over HTTP/2 and HTTP/1.1"
  echo "- nginx CPU: the CPU time (user and system, /proc) of the server's nginx workers over the run, per request: what a request costs nginx, whatever the clients on the same cores take"
  echo
  echo "Published answers over TLS against nginx serving the identical bytes as static files:"
  echo
  echo "| answer | variant | bytes | protocol | published req/s | static req/s | published/static | nginx CPU per request, published / static | by CPU, static/published |"
  echo "|---|---|---:|---|---:|---:|---:|---:|---:|"
  for row in "${rows[@]}"; do
    read -r spec variant <<<"$row"
    echo "| $spec \`${path_of[$spec]#/api/v1/}\` | $variant | ${bytes[$row]} | HTTP/1.1 | $(side_by_side_cells "${h1_published[$row]}" "${h1_static[$row]}") |"
    echo "| | | | HTTP/2, ${per_connection[$row]} per connection | $(side_by_side_cells "${h2_published[$row]}" "${h2_static[$row]}") |"
  done
  echo
  echo "Target: published/static >= 0.95. Under it by requests per second: $(list "${below[@]}"); by nginx's CPU per request: $(list "${below_cpu[@]}")."
  echo
  echo "Where the time goes. The load generators (wrk, and h2load, which takes more CPU per request) share the $(nproc) cores with nginx and take most of them, so requests per second move with whatever else the machine does; nginx's CPU per request is the steadier figure. By it, the published stack costs nginx ${extra_range:-?} us more than the static server per small answer over TLS, where over plain HTTP it runs at or above it (bench/RESULTS.md): there its one write per answer (sendfile off) saves what the rest costs; over TLS both servers read the file and write one TLS record, and the rest shows: which published set is current (nginx/published-set.conf: a readlink(2) per request when this was looked at; since then each worker keeps what it read, and reads the link again only after a set's event or a second), try_files, the longer log line. Looked at once (strace -c and perf on both servers' workers, wrk on 6.1 over TLS, 2026-12-02; 44 against 34 us per request under perf): 5 system calls per request against the static server's 4 (read, read again to EAGAIN, pread of the file, write; the fifth the readlink), and of the 10 us about 3.5 that readlink (its path walk, and this VM's cost of a system call: the kernel's pvm_irq_enable), the rest spread thin over nginx's variables and maps, try_files, LuaJIT and the log line, none over 1 us."
  echo
  echo "What TLS costs, on the published stack: the same answers over plain HTTP/1.1 on its plain port (one run each, wrk -t2 -c64 -d${seconds}s):"
  echo
  echo "| answer | variant | plain HTTP req/s | HTTPS req/s (HTTP/1.1, above) | HTTPS/plain | nginx CPU per request, plain / HTTPS |"
  echo "|---|---|---:|---:|---:|---:|"
  for row in "${rows[@]}"; do
    read -r spec variant <<<"$row"
    p=${plain[$row]} t=${h1_published[$row]}
    echo "| $spec | $variant | $(field "$p" 1) | $(field "$t" 1) | $(ratio "$(field "$t" 1)" "$(field "$p" 1)") | $(field "$p" 2) / $(field "$t" 2) us |"
  done
  echo
  echo "Connections of one request each (openssl s_time -www, $clients clients at once for ${handshake_seconds} s, HTTP/1.0: 6.1, closed after the answer; the clients' own handshakes on the same cores bound the rate, so nginx's CPU per connection is what says how many a core serves):"
  echo
  echo "| TLS | handshake | negotiated (reference's log) | resumed (reference's log) | published conn/s | static conn/s | published/static | nginx CPU per connection, published / static | published per nginx core |"
  echo "|---|---|---|---|---:|---:|---:|---:|---:|"
  for mode in "${modes[@]}"; do
    read -r version resumption <<<"$mode"
    p=${connections_published[$mode]} s=${connections_static[$mode]}
    echo "| 1.${version#-tls1_} | $([ "$resumption" = -new ] && echo full || echo resumed from the session cache) | ${tls_of[$mode]} | ${resumed[$mode]} | $(field "$p" 1) | $(field "$s" 1) | $(ratio "$(field "$p" 1)" "$(field "$s" 1)") | $(field "$p" 2) / $(field "$s" 2) us | $(awk -v us="$(field "$p" 2)" 'BEGIN {printf "%.0f", 1e6 / us}')/s |"
  done
  echo
  echo "A handshake costs nginx far more than an answer: a full one $(field "${connections_published[-tls1_3 -new]}" 2) us in TLS 1.3 (the ECDSA P-256 signature and an X25519 exchange), a resumed one $(field "${connections_published[-tls1_3 -reuse]}" 2) us in TLS 1.3 (which still makes an X25519 exchange) and $(field "${connections_published[-tls1_2 -reuse]}" 2) us in TLS 1.2, against $(field "${h1_published[6.1 plain]}" 2) us for 6.1 on a kept-alive connection: clients that keep their connections (keep-alive, HTTP/2) are what HTTPS serves cheaply. nginx ends a connection after 1000 requests (keepalive_requests), so a client that keeps one pays a resumed handshake per 1000 answers."
} >"$results"
cat "$results"
say "written to $results"
