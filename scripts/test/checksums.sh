#!/usr/bin/env bash
# checksums.sh PORT VAR: writes tests/e2e/published_v1.sha256 again from the fixture stack on
# 127.0.0.1:PORT whose var directory is VAR (DATA=fixture PORT=... VAR=... scripts/dev/run.sh):
# every file of its published set, and under served/ the documents made from the OpenAPI
# document, as UnchangedAnswers checks them. Lines keep their order; new files come last. For a
# change that changes an answer or a document on purpose: review the diff before committing it.
set -euo pipefail
source "$(dirname "$0")/../dev/lib.sh"

[ $# = 2 ] || die "usage: $0 PORT VAR"
port=$1 var=$2 checksums=$root_dir/tests/e2e/published_v1.sha256
[ -d "$var/published/current" ] || die "no published set in $var: is a fixture stack running there?"
served=$(mktemp -d)
trap 'rm -rf "$served"' EXIT

mkdir "$served/served"
for document in openapi.json llms.txt llms-full.txt; do
  curl -sf "http://127.0.0.1:$port/$document" >"$served/served/$document"
done
for list in tools resources; do
  curl -sf -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
    -d "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"$list/list\"}" "http://127.0.0.1:$port/mcp" \
    >"$served/served/$list-list.json"
done

# The .br files are left out: UnchangedAnswers checks each by what it decodes to; the
# signatures of the set, made by its stack's key as it was rendered; and its X-Snapshot-Final.
{ (cd "$var/published/current" && find . -type f ! -name '*.br' ! -name signatures.tsv ! -name snapshot-final -printf '%P\n' | sort | xargs sha256sum)
  (cd "$served" && find served -type f | sort | xargs sha256sum); } >"$served/now"
# The old file's order for the files it names, then the others by name.
awk -v rest="$served/rest" 'NR == FNR { now[substr($0, 67)] = $0; next }
     substr($0, 67) in now { print now[substr($0, 67)]; delete now[substr($0, 67)] }
     END { for (file in now) print now[file] >rest }' "$served/now" "$checksums" >"$served/merged"
[ ! -f "$served/rest" ] || sort -k 2 "$served/rest" >>"$served/merged"
mv "$served/merged" "$checksums"
say "wrote $checksums"
