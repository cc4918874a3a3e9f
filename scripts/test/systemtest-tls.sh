# shellcheck shell=bash
# make systemtest's HTTPS step, sourced by scripts/test/systemtest.sh once the package is upgraded
# and its units and logs checked (its functions and variables: inside, in_net, check, fail, say,
# until_true, apt_install, endpoints, handler_queries, mcp_call, access_log, work, rootfs). In
# the container, as an operator sets HTTPS up (docs/deploying.md, HTTPS):
#   - an ACME server of the test's own: pebble (Debian's package ships no configuration), behind
#     a CA made here with openssl; an OCSP responder (openssl ocsp) for what pebble issues, since
#     pebble has none and a certificate that names no revocation service is a finding of its own;
#   - certbot certonly --webroot into the package's ACME webroot, served by nginx on port 80:
#     pebble validates the HTTP-01 challenge through it (api.coin.test, in /etc/hosts);
#   - nginx rendered with the certificate, first with PLAIN_HTTP=serve: every endpoint, published
#     and through its handler, /llms.txt and an MCP call give over HTTPS (HTTP/2) the bytes and
#     status they give over plain HTTP from the same nginx at the same moment (the plain answer
#     is the one the earlier steps checked); HSTS on HTTPS only; the event stream's first event
#     over HTTP/2;
#   - then the default, PLAIN_HTTP=redirect: 301 for GET and HEAD, 308 for POST, ACME's path still
#     served on port 80;
#   - certbot renew --force-renewal under load (h2load over HTTP/2, wrk over TLS with a
#     connection per request): the package's deploy hook reloads nginx, which then serves the
#     new certificate, with no request failed;
#   - testssl.sh: TLS 1.2 and 1.3 only, no weak cipher, HSTS, and no finding of severity MEDIUM
#     or above (each finding printed);
#   - bad input: plain HTTP to the TLS port (400), a flood of handshakes never finished while a
#     client is served, a name not served (the handshake refused), X-Forwarded-For from a client
#     (ignored) and from a trusted proxy (taken).
# Every file of the test's PKI is in the container's /root/systemtest-pki; the logs of the tools
# in var/systemtest (tls-*).

say "systemtest: HTTPS (certbot, a test ACME server)"
tls_started=$SECONDS
tls_name=api.coin.test
pki=/root/systemtest-pki
webroot=/var/lib/coin-api/acme # render-nginx.sh's ACME_WEBROOT
live=/etc/letsencrypt/live/$tls_name
trusted_proxy=127.0.0.2 # REAL_IP_FROM: a proxy on the container's loopback (curl --interface)
acme_server=https://localhost:14000/dir
# shellcheck disable=SC2086  # a list of packages
apt_install $tls_tools >"$work/tls-install.log" 2>&1 || fail "apt install $tls_tools, see $work/tls-install.log"

# certbot as the operator runs it, but for the test's ACME server and the CA of its certificate.
certbot_() { inside env REQUESTS_CA_BUNDLE=$pki/ca.pem certbot --server "$acme_server" -n "$@"; }
# https_curl ARGS...: curl inside, trusting pebble's root only (every HTTPS request of this step
# verifies the chain and the name: curl does unless told not to).
https_curl() { inside curl -s --cacert "$pki/root.pem" "$@"; }
# answer_sum SCHEME PATH: a hash of PATH's status and body over SCHEME (http or https), HTTP/2 on
# https (curl's default); a PATH followed by a space and a body is an MCP call (POST).
answer_sum() {
  local target=${2%% *} post=()
  [ "$target" = "$2" ] ||
    post=(-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' --data-binary "${2#* }")
  https_curl -w '\n%{http_code}' "${post[@]}" "$1://$tls_name$target" | sha256sum
}

# --- The test's ACME server: a CA of its own for pebble's HTTPS, pebble, and an OCSP responder ---
inside sh -c "echo '127.0.0.1 $tls_name' >>/etc/hosts" || fail "$tls_name in the container's /etc/hosts"
inside sh -c "set -e; mkdir -p $pki; cd $pki
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 7 \
    -subj '/CN=systemtest ACME server CA' -keyout ca.key -out ca.pem
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 7 -CA ca.pem -CAkey ca.key \
    -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 \
    -addext basicConstraints=critical,CA:FALSE -addext extendedKeyUsage=serverAuth -keyout pebble.key -out pebble.pem
  touch ocsp-index.txt; echo 'unique_subject = no' >ocsp-index.txt.attr" 2>"$work/tls-pki.log" || fail "the test CA and pebble's certificate, see $work/tls-pki.log"
# Pebble's defaults would be findings of testssl that no real CA's certificate has: a validity of
# 5 years (MEDIUM; 90 days here, as Let's Encrypt's), and no OCSP or CRL URI (HIGH): the
# certificates name the responder below, on the container's loopback.
cat >"$rootfs$pki/pebble.json" <<EOF
{"pebble": {"listenAddress": "127.0.0.1:14000", "managementListenAddress": "127.0.0.1:15000",
  "certificate": "$pki/pebble.pem", "privateKey": "$pki/pebble.key", "httpPort": 80, "tlsPort": 5001,
  "ocspResponderURL": "http://127.0.0.1:4002", "certificateValidityPeriod": 7776000,
  "externalAccountBindingRequired": false}}
EOF
# No sleep before validating, no nonce refused on purpose; each order validated anew (the renewal
# too goes through the webroot).
inside systemd-run -q --unit=systemtest-pebble -E PEBBLE_VA_NOSLEEP=1 -E PEBBLE_WFE_NONCEREJECT=0 \
  -E PEBBLE_AUTHZREUSE=0 pebble -config "$pki/pebble.json" || fail "pebble started (systemd-run)"
until_true 60 "pebble's ACME directory" inside curl -sf --cacert "$pki/ca.pem" "$acme_server" || true
# Pebble's root and intermediate (made anew at each start of pebble), and the intermediate's key,
# which signs the OCSP responses.
for part in roots/0:root.pem intermediates/0:intermediate.pem intermediate-keys/0:intermediate.key; do
  inside curl -sf --cacert "$pki/ca.pem" -o "$pki/${part#*:}" "https://localhost:15000/${part%:*}" ||
    fail "pebble's ${part%:*}"
done
# ocsp_knows CERT: the OCSP responder answers "good" for CERT (it reads its index again when
# changed; the renewed certificate has the same subject, which the index's .attr file allows).
ocsp_knows() {
  local end serial subject
  end=$(inside openssl x509 -noout -enddate -in "$1") && end=$(date -u -d "${end#*=}" +%y%m%d%H%M%SZ) &&
    serial=$(inside openssl x509 -noout -serial -in "$1") &&
    subject=$(inside openssl x509 -noout -subject -nameopt compat -in "$1") ||
    { fail "$1 for the OCSP responder's index"; return; }
  # Once per serial: the responder refuses an index that has one twice.
  grep -qF $'\t'"${serial#*=}"$'\t' "$rootfs$pki/ocsp-index.txt" ||
    printf 'V\t%s\t\t%s\tunknown\t%s\n' "$end" "${serial#*=}" "${subject#subject=}" >>"$rootfs$pki/ocsp-index.txt"
}
inside systemd-run -q --unit=systemtest-ocsp openssl ocsp -port 4002 -index "$pki/ocsp-index.txt" \
  -CA "$pki/intermediate.pem" -rsigner "$pki/intermediate.pem" -rkey "$pki/intermediate.key" -nmin 60 -ignore_err ||
  fail "the OCSP responder started (systemd-run)"

# --- The first certificate, through plain HTTP (the configuration of the steps before) ---
acme_probe=$webroot/.well-known/acme-challenge/systemtest-probe
inside sh -c "mkdir -p ${acme_probe%/*} && echo probe >$acme_probe" || fail "a file in the ACME webroot"
acme_served() {  # acme_served SCHEME: the webroot's file over SCHEME
  [ "$(https_curl "$1://$tls_name/.well-known/acme-challenge/systemtest-probe")" = probe ]
}
check "ACME's path served from the webroot on port 80, before HTTPS" acme_served http
certbot_ certonly --webroot -w "$webroot" -d "$tls_name" --agree-tos --register-unsafely-without-email \
  >"$work/tls-certbot.log" 2>&1 || fail "certbot certonly, see $work/tls-certbot.log"
check "certbot certonly: a certificate for $tls_name, validated through the webroot" \
  inside test -s "$live/fullchain.pem" -a -s "$live/privkey.pem"
ocsp_knows "$live/cert.pem"

# --- HTTPS, plain HTTP serving too: the same answers both ways ---
# render_tls [NAME=value...]: the production configuration with the certificate, as the earlier
# steps' (no rate limit: the loads come from one address) and 127.0.0.2 a trusted proxy.
render_tls() {
  inside env LISTEN=0.0.0.0:80 LISTEN_TLS=0.0.0.0:443 TLS_CERT="$live/fullchain.pem" TLS_KEY="$live/privkey.pem" \
    SERVER_NAMES=$tls_name REAL_IP_FROM=$trusted_proxy RATE_LIMIT=off "$@" \
    /usr/share/coin-api/scripts/render-nginx.sh >>"$work/tls-render.log" 2>&1 &&
    inside systemctl reload coin-api-nginx
}
render_tls PLAIN_HTTP=serve || fail "nginx rendered with the certificate (PLAIN_HTTP=serve) and reloaded, see $work/tls-render.log"
https_status() { https_curl -o /dev/null -w '%{http_code}' "https://$tls_name$1"; }
https_answers() { [ "$(https_status /totalSupply)" = 200 ]; }
until_true 60 "HTTPS on port 443" https_answers || true
# The same status and bytes over HTTPS as over plain HTTP, asked at once of the same nginx. Only
# a round of the indexer written between the two requests may change an answer: then it is
# asked again (twice at most, and rounds are minutes apart).
same_answers() {
  local path try differ=()
  for path in "${endpoints[@]}" "${handler_queries[@]}" /llms.txt "$mcp_call"; do
    for try in 1 2 3; do
      [ "$(answer_sum http "$path")" != "$(answer_sum https "$path")" ] || continue 2
    done
    differ+=("${path%% *}")
  done
  ((${#differ[@]} == 0)) || { say "  not the same: ${differ[*]}"; return 1; }
}
check "every endpoint, published and through its handler, /llms.txt and an MCP call: the same status and bytes over HTTPS as over HTTP" same_answers
http_version() { https_curl -o /dev/null -w '%{http_version}' "$@"; }
check "HTTPS: HTTP/2 negotiated (ALPN) for a published answer" test "$(http_version "https://$tls_name/totalSupply")" = 2
check "HTTPS: HTTP/2 for an MCP call" test "$(http_version -H 'Content-Type: application/json' \
  -H 'Accept: application/json' --data-binary "${mcp_call#* }" "https://$tls_name/mcp")" = 2
check "HTTPS: the chain verifies up to pebble's root (openssl s_client)" inside sh -c \
  "openssl s_client -connect 127.0.0.1:443 -servername $tls_name -CAfile $pki/root.pem -verify_return_error </dev/null 2>/dev/null |
   grep -q 'Verify return code: 0 (ok)'"
hsts_of() { https_curl -o /dev/null -w '%header{strict-transport-security}' "$1"; }
check "HSTS on an HTTPS answer (max-age=31536000)" test "$(hsts_of "https://$tls_name/totalSupply")" = max-age=31536000
check "HSTS on an HTTPS error (404)" test "$(hsts_of "https://$tls_name/no-such-path")" = max-age=31536000
check "no HSTS over plain HTTP" test -z "$(hsts_of "http://$tls_name/totalSupply")"
check "ACME's path served on port 443" acme_served https

# The event stream over HTTP/2: its headers, then the first event, which a restart of the
# publisher posts (it posts the current set's event when it starts). The client is this host's
# curl on the container's network, so that it can be ended once the event is in.
events_out=$work/tls-events.txt
rm -f "$events_out" "$events_out.headers"
in_net curl -sN --http2 --cacert "$rootfs$pki/root.pem" --resolve "$tls_name:443:127.0.0.1" \
  -H 'Accept: text/event-stream' -D "$events_out.headers" -o "$events_out" --max-time 120 \
  "https://$tls_name/api/v1/events" &
events_client=$!
until_true 60 "the event stream's headers over HTTPS" grep -q '^HTTP/2 200' "$events_out.headers" || true
inside systemctl restart coin-api-publisher || fail "the publisher restarted"
until_true 60 "an event on the stream over HTTP/2" grep -q '^event: snapshot' "$events_out" || true
kill "$events_client" 2>/dev/null || true
wait "$events_client" 2>/dev/null || true
event_over_h2() {
  grep -q '^HTTP/2 200' "$events_out.headers" && grep -qi '^content-type: text/event-stream' "$events_out.headers" &&
    grep -q '^event: snapshot' "$events_out"
}
check "the event stream: HTTP/2, text/event-stream, its first event" event_over_h2

# --- Plain HTTP redirected (the default) ---
render_tls || fail "nginx rendered with the certificate (PLAIN_HTTP=redirect) and reloaded, see $work/tls-render.log"
# plain_answer METHOD PATH: status and Location of a request to port 80
plain_answer() {
  inside curl -s -o /dev/null -X "$1" ${3:+--data-binary "$3"} -w '%{http_code} %{redirect_url}' "http://$tls_name$2"
}
redirected() { [ "$(plain_answer GET /totalSupply)" = "301 https://$tls_name/totalSupply" ]; }
until_true 60 "plain HTTP redirected" redirected || true
check "port 80: GET redirected, 301, the query kept" \
  test "$(plain_answer GET '/api/v1/data-platform/latest-collateral?chain=tron')" = "301 https://$tls_name/api/v1/data-platform/latest-collateral?chain=tron"
check "port 80: HEAD redirected, 301" test "$(inside curl -s -o /dev/null -I -w '%{http_code}' "http://$tls_name/totalSupply")" = 301
check "port 80: POST redirected, 308 (method and body kept)" \
  test "$(plain_answer POST /mcp "${mcp_call#* }")" = "308 https://$tls_name/mcp"
check "port 80: no HSTS on the redirect" test -z "$(hsts_of "http://$tls_name/totalSupply")"
check "port 80: ACME's path still served from the webroot" acme_served http
check "HTTPS: answers after the redirect's render" test "$(https_status /totalSupply)" = 200

# --- The renewal under load ---
# served_serial: the serial of the certificate nginx serves for the name.
served_serial() {
  inside sh -c "openssl s_client -connect 127.0.0.1:443 -servername $tls_name </dev/null 2>/dev/null |
    openssl x509 -noout -serial 2>/dev/null | cut -d= -f2" || true
}
file_serial() { inside sh -c "openssl x509 -noout -serial -in $live/cert.pem | cut -d= -f2" || true; }
serial_before=$(served_serial)
check "HTTPS: nginx serves certbot's certificate" test -n "$serial_before" -a "$serial_before" = "$(file_serial)"
nginx_pid=$(inside systemctl show -P MainPID coin-api-nginx) || true
https_urls=()
for path in "${endpoints[@]}" "${handler_queries[@]}" /llms.txt; do https_urls+=("https://$tls_name$path"); done
cp "$root_dir/tests/fault/count_answers.lua" "$rootfs/root/count_answers.lua"
# Two loads, each in rounds until the renewal is done and the new certificate served, and one
# round after (rounds of a few seconds: a load of a fixed length would assert how long the
# renewal takes). Their figures: h2load's summaries and count_answers.lua's lines, per round.
#   - h2load over HTTP/2, 16 connections asking each URL in turn. nginx's reload retires its old
#     workers: each sends GOAWAY on its connections, answers the requests it has taken and closes.
#     A request sent as the GOAWAY is on its way is refused unread (RFC 9113, 6.8: a client sends
#     it again, as browsers and curl do); h2load does not, and counts it failed, with the
#     requests it had left for that connection. What tells a failure is nginx's own log: every
#     request it took must have been answered, 200 (below).
#   - wrk over TLS, HTTP/1.1, each request on a connection of its own (Connection: close, as the
#     upgrade's load): every request a new handshake, old workers' or new; none may fail.
stop_file=$work/tls-load.stop
run_rounds() {  # run_rounds OUT COMMAND...: COMMAND again and again until $stop_file, then once more
  local last=''
  while [ -z "$last" ] && kill -0 "$leader" 2>/dev/null; do
    [ ! -e "$stop_file" ] || last=1
    "${@:2}" >>"$1" 2>&1 || true
  done
}
rm -f "$stop_file" "$work/tls-renewal-h2load.txt" "$work/tls-renewal-wrk.txt"
run_rounds "$work/tls-renewal-h2load.txt" inside h2load -t 1 -c 16 -m 1 -n $((16 * 2 * ${#https_urls[@]})) \
  -H 'user-agent: systemtest-renewal' "${https_urls[@]}" &
h2load_rounds=$!
run_rounds "$work/tls-renewal-wrk.txt" inside wrk -t 1 -c 8 -d 3 --timeout 10 -H 'Connection: close' \
  -s /root/count_answers.lua "https://$tls_name" -- "${endpoints[@]}" "${handler_queries[@]}" /llms.txt "$mcp_call" &
wrk_rounds=$!
load=$h2load_rounds
h2load_took() { [ -s "$work/tls-renewal-h2load.txt" ] && [ -s "$work/tls-renewal-wrk.txt" ]; }
until_true 60 "the loads' first rounds" h2load_took || true
renew_started=$SECONDS
# Without a terminal, certbot renew first sleeps up to 8 minutes (certbot.timer's runs, spread
# over time for the CA); not here, as not when an operator types it.
certbot_ renew --force-renewal --no-random-sleep-on-renew >"$work/tls-certbot-renew.log" 2>&1 ||
  fail "certbot renew --force-renewal, see $work/tls-certbot-renew.log"
renew_seconds=$((SECONDS - renew_started))
new_served() { local s; s=$(served_serial); [ -n "$s" ] && [ "$s" != "$serial_before" ]; }
until_true 60 "the renewed certificate served" new_served || true
touch "$stop_file"
wait "$h2load_rounds" "$wrk_rounds" || true
load=
say "  certbot renew took $renew_seconds s"
check "the renewal: certbot ran the package's deploy hook" \
  grep -q 'Running deploy-hook command: /etc/letsencrypt/renewal-hooks/deploy/coin-api-nginx' \
  "$rootfs/var/log/letsencrypt/letsencrypt.log"
serial_after=$(served_serial)
check "the renewal: nginx serves the new certificate (serial $serial_before, then $serial_after)" \
  test -n "$serial_after" -a "$serial_after" != "$serial_before" -a "$serial_after" = "$(file_serial)"
check "the renewal: nginx reloaded, not restarted (the same master)" \
  test "$(inside systemctl show -P MainPID coin-api-nginx)" = "$nginx_pid"
ocsp_knows "$live/cert.pem"
# h2load's figures, summed over its rounds: requests, 2xx answers, failed.
read -r h2_total h2_ok h2_failed h2_rounds < <(awk '
  /^requests:/ { total += $2; failed += $10; rounds++ }
  /^status codes:/ { ok += $3 }
  END { print total + 0, ok + 0, failed + 0, rounds + 0 }' "$work/tls-renewal-h2load.txt")
# What nginx took of h2load's requests: its access log's lines of that user agent, by status.
renewal_logged() { inside grep -c '"systemtest-renewal"' "$access_log" || true; }
renewal_logged_ok() { inside awk '/"systemtest-renewal"/ && $9 == 200 { n++ } END { print n + 0 }' "$access_log"; }
logged_all() { (($(renewal_logged) >= h2_ok)); }
until_true 30 "nginx's access log of h2load's requests" logged_all || true
h2_logged=$(renewal_logged)
say "  h2load over HTTP/2, $h2_rounds rounds: $h2_total requests, $h2_ok answered 200, $((h2_total - h2_ok)) not taken by nginx (refused by a retiring worker's GOAWAY, or left for its connection); nginx's log: $h2_logged taken, $(renewal_logged_ok) of them 200"
check "the renewal under HTTP/2 load: answers were served throughout" test "$h2_ok" -gt 0
check "the renewal under HTTP/2 load: every request nginx took answered 200 (its log), none failed" \
  test "$h2_logged" = "$h2_ok" -a "$(renewal_logged_ok)" = "$h2_ok"
read -r wrk_total wrk_failed wrk_rounds < <(awk '
  $1 == "requests" { total += $2; rounds++ }
  $1 == "status" && $2 != 200 { failed += $3 }
  $1 == "errors" { failed += $3 + $5 + $7 + $9 }
  END { print total + 0, failed + 0, rounds + 0 }' "$work/tls-renewal-wrk.txt")
say "  wrk over TLS, a connection per request, $wrk_rounds rounds: $wrk_total requests, $wrk_failed failed"
check "the renewal under TLS load (a handshake per request): 0 failed" test "$wrk_total" -gt 0 -a "$wrk_failed" = 0

# --- testssl.sh on the TLS port ---
# The checks that the assertions below read: protocols, the server's defaults (the certificate,
# its chain to --add-ca's root, OCSP stapling), the HTTP headers (HSTS), the cipher categories,
# forward secrecy and the known vulnerabilities; not every cipher one by one, nor the client
# simulations, which take minutes and show nothing these do not. No DNS (the container has
# none): the name is resolved by --ip. The path is an answer of over 1 KB, which comes gzipped to a
# client that takes it (BREACH, below). nginx staples the OCSP response once it has fetched it: the
# first handshakes may come before.
stapled() {  # 8 handshakes in a row stapled: each of nginx's workers fetches the response itself
  local n
  for n in 1 2 3 4 5 6 7 8; do
    inside sh -c "openssl s_client -connect 127.0.0.1:443 -servername $tls_name -status </dev/null 2>/dev/null |
      grep -q 'OCSP Response Status: successful'" || return
  done
}
until_true 60 "nginx stapling the certificate's OCSP response" stapled || true
testssl_json=$pki/testssl.json
testssl_started=$SECONDS
inside testssl --quiet --color 0 --warnings off --nodns none --ip 127.0.0.1 --add-ca "$pki/root.pem" \
  --jsonfile "$testssl_json" --protocols --server-defaults --headers --std --fs --vulnerable \
  "https://$tls_name/api/v1/smart-allocator/detail-overview" >"$work/tls-testssl.txt" 2>&1 ||
  say "  testssl exited $? (see $work/tls-testssl.txt)"
say "  testssl took $((SECONDS - testssl_started)) s; its findings (severity, id: finding):"
testssl_findings=$(node -e '
  const findings = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const f of findings) console.log(`${f.severity}\t${f.id}\t${f.finding}`);' "$rootfs$testssl_json") ||
  fail "testssl's findings in $testssl_json"
awk -F '\t' '{ printf "    %-8s %s: %s\n", $1, $2, $3 }' <<<"$testssl_findings"
finding() { awk -F '\t' -v id="$1" '$2 == id { print $3 }' <<<"$testssl_findings"; }
# BREACH (MEDIUM whenever the path tested is compressed, as every answer of 1 KB or more is for a
# client that takes gzip) is an attack on a secret in an answer, such as a cookie's token,
# guessed from the compressed length of answers that also echo what the attacker sends. No
# answer of the API holds a secret (public data: no cookie, no credential, no session), so it is
# printed and accepted, by name only; any other finding of MEDIUM or above fails.
severe=$(awk -F '\t' '$1 ~ /^(MEDIUM|HIGH|CRITICAL)$/ && $2 != "BREACH"' <<<"$testssl_findings")
[ -z "$severe" ] || say "  $severe"
check "testssl: no finding of severity MEDIUM, HIGH or CRITICAL (but BREACH, above)" test -z "$severe" -a -n "$testssl_findings"
protocols_ok() {
  local id
  for id in SSLv2 SSLv3 TLS1 TLS1_1; do [[ $(finding "$id") == "not offered"* ]] || { say "  $id: $(finding "$id")"; return 1; }; done
  for id in TLS1_2 TLS1_3; do [[ $(finding "$id") == offered* ]] || { say "  $id: $(finding "$id")"; return 1; }; done
}
check "testssl: TLS 1.2 and 1.3 offered, nothing older" protocols_ok
ciphers_ok() {
  local id
  for id in cipherlist_NULL cipherlist_aNULL cipherlist_EXPORT cipherlist_LOW cipherlist_3DES_IDEA cipherlist_AVERAGE; do
    [ "$(finding "$id")" = "not offered" ] || { say "  $id: $(finding "$id")"; return 1; }
  done
}
check "testssl: no weak cipher (NULL, anonymous, export, low, 3DES or IDEA, CBC of the average class)" ciphers_ok
check "testssl: HSTS, a long max-age" test "$(awk -F '\t' '$2 == "HSTS_time" { print $1 }' <<<"$testssl_findings")" = OK
check "testssl: the chain trusted (pebble's root)" test "$(awk -F '\t' '$2 == "cert_chain_of_trust" { print $1 }' <<<"$testssl_findings")" = OK
check "testssl: OCSP stapling offered" test "$(awk -F '\t' '$2 == "OCSP_stapling" { print $1 }' <<<"$testssl_findings")" = OK
# A TLS session resumed, from the cache the workers share (testssl's own test of it, over TLS 1.3,
# reads the session only when its ticket came before the connection closed: not every run).
resumed() {
  inside sh -c "cd $pki && openssl s_client -connect 127.0.0.1:443 -servername $tls_name -tls1_2 -sess_out session \
      </dev/null >/dev/null 2>&1 &&
    openssl s_client -connect 127.0.0.1:443 -servername $tls_name -tls1_2 -sess_in session </dev/null 2>/dev/null |
      grep -q '^Reused, TLSv1.2'"
}
check "TLS 1.2: a session resumed (the workers' shared cache)" resumed
# testssl asks for renegotiation (RFC 5746) without a name, which nginx refuses (SERVER_NAMES): a
# warning of testssl's (so is its test of resuming by ticket), and this check instead.
check "TLS 1.2: secure renegotiation (RFC 5746)" inside sh -c \
  "openssl s_client -connect 127.0.0.1:443 -servername $tls_name -tls1_2 </dev/null 2>/dev/null | grep -q 'Secure Renegotiation IS supported'"

# --- Bad input ---
check "plain HTTP sent to the TLS port: 400" \
  test "$(inside curl -s -o /dev/null -w '%{http_code}' "http://$tls_name:443/totalSupply")" = 400
# A name not served: the handshake refused (whatever the client trusts: -k), also without a
# name (an address); the name served still is.
handshake_refused() { ! inside curl -sk -o /dev/null --resolve "$1:443:127.0.0.1" "https://$1/totalSupply"; }
check "TLS for a name not served (other.test): the handshake refused" handshake_refused other.test
no_name_refused() { ! inside curl -sk -o /dev/null https://127.0.0.1/totalSupply; }  # no SNI for an address
check "TLS without a name (SNI) at all: the handshake refused" no_name_refused
check "TLS for $tls_name: served" test "$(https_status /totalSupply)" = 200

# A flood of handshakes never finished: 400 connections to port 443 (python3, certbot's), half
# of them silent, half sending the first bytes of a ClientHello; held while a client asks every
# endpoint over HTTPS, then dropped.
flood_stop=/run/systemtest-flood.stop
inside rm -f "$flood_stop"
inside python3 -c '
import os, socket, sys, time
hello = bytes.fromhex("16030102000100" "01fc0303") + os.urandom(16)  # a ClientHello of 512 bytes, begun
held = []
for n in range(400):
    s = socket.create_connection(("127.0.0.1", 443))
    if n % 2:
        s.sendall(hello)
    held.append(s)
print("open", flush=True)
deadline = time.time() + 120
while not os.path.exists(sys.argv[1]) and time.time() < deadline:
    time.sleep(0.1)
for s in held:
    s.close()
' "$flood_stop" >"$work/tls-flood.txt" 2>&1 &
flood=$!
flood_open() { grep -q '^open' "$work/tls-flood.txt"; }
until_true 60 "the flood's 400 connections open" flood_open || true
inside h2load -t 1 -c 4 -m 1 -n $((4 * ${#https_urls[@]})) "${https_urls[@]}" >"$work/tls-flood-h2load.txt" 2>&1 || true
inside touch "$flood_stop"
wait "$flood" || true
read -r flood_total flood_ok < <(awk '/^requests:/ { total = $2 } /^status codes:/ { ok = $3 }
  END { print total + 0, ok + 0 }' "$work/tls-flood-h2load.txt")
say "  a client over HTTP/2 during the flood: $flood_total requests, $((flood_total - flood_ok)) failed"
check "a handshake flood: the client served, 0 failed" test "$flood_total" -gt 0 -a "$flood_ok" = "$flood_total"
check "after the flood: HTTPS answers" test "$(https_status /totalSupply)" = 200

# X-Forwarded-For: from a client, ignored (the log shows the peer); from the trusted proxy
# (REAL_IP_FROM), its last address not a trusted proxy's is the client.
xff() { https_curl -o /dev/null -A "$1" -H "X-Forwarded-For: $2" "${@:3}" "https://$tls_name/totalSupply"; }
xff systemtest-xff-client 203.0.113.9 || fail "a request with X-Forwarded-For"
xff systemtest-xff-proxy '192.0.2.66, 203.0.113.9' --interface "$trusted_proxy" ||
  fail "a request with X-Forwarded-For from $trusted_proxy"
logged_from() { inside awk -v agent="\"$1\"" 'index($0, agent) { print $1 }' "$access_log"; }
xff_logged() { [ -n "$(logged_from systemtest-xff-client)" ] && [ -n "$(logged_from systemtest-xff-proxy)" ]; }
until_true 30 "the X-Forwarded-For requests in the access log" xff_logged || true
check "X-Forwarded-For from a client (127.0.0.1): ignored, the log has the peer" \
  test "$(logged_from systemtest-xff-client)" = 127.0.0.1
check "X-Forwarded-For from a trusted proxy ($trusted_proxy): the client it names logged" \
  test "$(logged_from systemtest-xff-proxy)" = 203.0.113.9
say "systemtest: the HTTPS step took $((SECONDS - tls_started)) s"
