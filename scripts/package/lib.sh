# What the installed scripts share (render-nginx.sh, backup.sh, restore.sh, rolling-restart.sh),
# and with them the local stack's scripts (scripts/dev/lib.sh sources this file): messages, the
# sqitch deploy, the nginx configuration and the pages.

# The tree that holds nginx/, sql/, web/ and node_modules/: the repository, where this file is
# scripts/package/lib.sh, or /usr/share/coin-api once installed, where it is scripts/lib.sh
# (cmake/package.cmake installs scripts/package/ as scripts/).
root_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ "$(basename "$root_dir")" != scripts ] || root_dir=$(dirname "$root_dir")

say() { printf '%s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }
on_or_off() {  # on_or_off NAME VALUE: a setting that is on or off, or an error
  case $2 in on | off) ;; *) die "$1 is on or off, not '$2'" ;; esac
}

# Deploys every sqitch change not yet deployed, then verifies them all. A database deployed
# from the plan as it was before release v1.0.0 (which reordered it) cannot be deployed to:
# its cluster is removed and made again.
db_deploy() {
  sqitch --quiet --chdir "$root_dir/sql" deploy --verify db:pg: >/dev/null ||
    die "sqitch cannot deploy to the database (above). A stack's own, deployed before release" \
        "v1.0.0 (whose plan was reordered), is made again once its VAR/pg is removed (make clean removes var/)"
}

# render_nginx VAR CONF PUBLISHER [NAME=value...] [FILE...]: renders every *.conf of nginx/ (and
# any further FILEs) into directory CONF, in place of the *.conf an earlier render left there,
# replacing @VAR@ with VAR, @CONF@ with CONF and every other @NAME@ with its value: given, or the
# default below (nginx/nginx.conf describes them); METRICS_ALLOW, a list of addresses, becomes
# metrics-allow.conf; UPSTREAMS, a file, the pools' servers on other hosts; REAL_IP_FROM, the
# trusted proxies, real-ip.conf; and the listening sockets, listen.conf, to-https.conf and
# unknown-names.conf (render_listen). The publisher
# binary PUBLISHER writes there the files of the endpoint list (`publisher --nginx`:
# upstreams.conf, queries.conf, endpoints.conf, success-cache-control.conf,
# published-cache-control.conf, small-answer-buffer.conf, server-error-retry-after.conf). A placeholder left
# unfilled is an error, and so is an add_header in any file but the headers' own (below).
# Copies the error pages to VAR/nginx/html and the pages for people to VAR/nginx/web (render_pages), where
# nginx's workers can read them, and makes LOGS, the access log's directory.
render_nginx() {
  local var=$1 conf=$2 publisher=$3 arg name file
  local -A values=([VAR]=$var [CONF]=$conf [LISTEN]=127.0.0.1:8080 [PUBLISHED]=$var/published
                   [LOGS]=$var/nginx [SOCKETS]=$var/run [RATE_LIMIT]=off [RATE]=50r/s [BURST]=100
                   [METRICS_ALLOW]="127.0.0.1 ::1" [UPSTREAMS]= [EVENT_STREAMS]=8 [EVENT_BUFFER]=100
                   [MCP_REQUESTS]=64 [LISTEN_TLS]=127.0.0.1:8443 [TLS_CERT]= [TLS_KEY]=
                   [PLAIN_HTTP]=redirect [HSTS]=max-age=31536000 [SERVER_NAMES]=_ [REAL_IP_FROM]=
                   [ACME_WEBROOT]=$var/acme)
  local files=("$root_dir"/nginx/*.conf) edits=()
  for arg in "${@:4}"; do
    case $arg in
      *=*) values[${arg%%=*}]=${arg#*=} ;;
      *) files+=("$arg") ;;
    esac
  done
  on_or_off RATE_LIMIT "${values[RATE_LIMIT]}"
  [ "${values[HSTS]}" != off ] || values[HSTS]=
  for name in "${!values[@]}"; do edits+=(-e "s|@$name@|${values[$name]}|g"); done
  mkdir -p "$conf" "$var/nginx/tmp" "${values[LOGS]}" "${values[ACME_WEBROOT]}"
  chmod a+rx "${values[ACME_WEBROOT]}"  # nginx's workers read what certbot writes there
  rm -f "$conf"/*.conf
  for file in "${files[@]}"; do
    sed "${edits[@]}" "$file" >"$conf/$(basename "$file")"
  done
  "$publisher" --nginx "$conf" --sockets "${values[SOCKETS]}" \
    ${values[UPSTREAMS]:+--upstreams "${values[UPSTREAMS]}"} || die "cannot render the endpoints into $conf"
  # The addresses (or CIDR ranges) that may read /metrics and /stub_status (ops.conf).
  { for address in ${values[METRICS_ALLOW]}; do echo "allow $address;"; done; echo "deny all;"; } \
    >"$conf/metrics-allow.conf"
  # The proxies (load balancers, a CDN) whose X-Forwarded-For names the client, for the rate
  # limits and the access log; from any other address the header is ignored, so that no client
  # chooses its own address. The last address not theirs in it is the client (recursive).
  { echo "# REAL_IP_FROM: ${values[REAL_IP_FROM]:-none}"
    for address in ${values[REAL_IP_FROM]}; do echo "set_real_ip_from $address;"; done
    [ -z "${values[REAL_IP_FROM]}" ] || printf 'real_ip_header X-Forwarded-For;\nreal_ip_recursive on;\n'
  } >"$conf/real-ip.conf"
  render_listen "$conf" "${values[LISTEN]}" "${values[LISTEN_TLS]}" "${values[TLS_CERT]}" \
    "${values[TLS_KEY]}" "${values[SERVER_NAMES]}" "${values[PLAIN_HTTP]}"
  ! grep -n '@[A-Z_]*@' "$conf"/*.conf || die "unfilled placeholders in $conf"
  # nginx drops the inherited add_headers (CORS, the security headers) in any block that has
  # one of its own: every header is added in headers.conf, in the server block, and in
  # published-headers.conf, for the published locations' own answers; those of every answer in
  # fixed-headers.conf, which both include; and nowhere else.
  ! grep -n --exclude={headers,fixed-headers,published-headers,published-cache-control}.conf \
      '^[^#]*\badd_header\b' "$conf"/*.conf ||
    die "add_header outside the headers' files (above): a block with one drops every inherited header;" \
        "add the header in nginx/headers.conf, with its value per answer in nginx/header-values.conf," \
        "and in nginx/published-headers.conf with its value for a published answer"
  rm -rf "$var/nginx/html"
  cp -R "$root_dir/nginx/html" "$var/nginx/html"
  chmod -R a+rX "$var/nginx/html"
  render_pages "$var/nginx/web"
}

# render_listen CONF LISTEN LISTEN_TLS TLS_CERT TLS_KEY SERVER_NAMES PLAIN_HTTP: the server's
# sockets and names into CONF/listen.conf. Without a certificate, plain HTTP on LISTEN, as ever.
# With TLS_CERT and TLS_KEY (both, readable), HTTPS and HTTP/2 on LISTEN_TLS too (tls.conf);
# plain HTTP then redirects to HTTPS (PLAIN_HTTP=redirect, CONF/to-https.conf) or keeps serving
# everything (serve: a CDN that speaks HTTP to this origin); and when SERVER_NAMES names the
# server's names (not "_"), a handshake for any other name is refused (CONF/unknown-names.conf).
render_listen() {
  local conf=$1 listen=$2 listen_tls=$3 cert=$4 key=$5 names=$6 plain_http=$7 port status
  case $plain_http in redirect | serve) ;; *) die "PLAIN_HTTP is redirect or serve, not '$plain_http'" ;; esac
  if [ -n "$cert$key" ]; then
    [ -n "$cert" ] && [ -n "$key" ] || die "TLS_CERT and TLS_KEY go together: a certificate and its key"
    [ -r "$cert" ] || die "cannot read TLS_CERT $cert"
    [ -r "$key" ] || die "cannot read TLS_KEY $key"
  fi
  { echo "listen $listen backlog=4096;"
    echo "server_name $names;"
    if [ -n "$cert" ]; then
      echo "listen $listen_tls ssl http2$([ "$names" != _ ] || echo ' backlog=4096');"
      echo "ssl_certificate $cert;"
      echo "ssl_certificate_key $key;"
      echo "include $conf/tls.conf;"
    fi
  } >"$conf/listen.conf"
  { echo "# PLAIN_HTTP=$plain_http (with a certificate only)"
    if [ -n "$cert" ] && [ "$plain_http" = redirect ]; then
      port=${listen_tls##*:}
      [ "$port" != 443 ] || port=''
      for status in 301 308; do
        echo "if (\$to_https = $status) { return $status https://\$host${port:+:$port}\$request_uri; }"
      done
    fi
  } >"$conf/to-https.conf"
  { echo "# names served: $names"
    if [ -n "$cert" ] && [ "$names" != _ ]; then
      # The protocols of a handshake are this server's, the first to see it: tls.conf's too.
      echo "server { listen $listen_tls ssl http2 default_server backlog=4096; ssl_reject_handshake on; include $conf/tls.conf; }"
    fi
  } >"$conf/unknown-names.conf"
}

# render_pages DIR: the pages of nginx/pages.conf into DIR: web/ (the dashboard and the API
# reference), the OpenAPI document, and the libraries they use, from node_modules (make deps).
render_pages() {
  local web=$1 vendor=$root_dir/node_modules
  [ -d "$vendor/uplot" ] || die "no $vendor/uplot: the pages need make deps (npm ci)"
  rm -rf "$web"
  cp -R "$root_dir/web" "$web"
  # The document as clients read it: without the lines for the server and the tests, one line
  # each: which view answers an endpoint ("x-endpoint") and which request an example of the
  # fixture's answers is ("x-query").
  grep -v -E '^ *"x-(endpoint|query)": ' "$root_dir/openapi/openapi.json" >"$web/openapi.json"
  mkdir -p "$web/assets/vendor"
  cp "$vendor/uplot/dist/uPlot.iife.min.js" "$vendor/uplot/dist/uPlot.min.css" \
     "$vendor/swagger-ui-dist/swagger-ui-bundle.js" "$vendor/swagger-ui-dist/swagger-ui.css" "$web/assets/vendor/"
  # Compressed once, here, not on every request (gzip_static, nginx/page.conf).
  find "$web" -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' -o -name '*.json' \) \
    -exec gzip -9 -k -n {} +
  chmod -R a+rX "$web"
}

# signing_key FILE: makes FILE the Ed25519 key that signs the answers when there is none (PEM,
# mode 0600, owned by the caller): made once and kept, since the readers who verify answers know
# its public half (docs/operating.md, The signing key).
signing_key() {
  [ -e "$1" ] && return 0
  (umask 077 && openssl genpkey -algorithm ed25519 -out "$1") || die "cannot make the signing key $1"
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
