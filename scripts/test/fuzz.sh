#!/usr/bin/env bash
# The fuzz layer: builds tests/fuzz with clang (libFuzzer, ASan, UBSan) in build/fuzz, then
# fuzzes for FUZZ_SECONDS seconds in all (600 by default; CI runs it shorter), half each:
#   query_fuzzer  query parsing and validation (seeds tests/fuzz/corpus, words query.dict)
#   mcp_fuzzer    POST /mcp's bodies, JSON-RPC, and its headers (tests/fuzz/mcp_corpus, mcp.dict)
# Each works on a copy of its seeds under build/fuzz (corpus, mcp_corpus) that keeps what
# earlier runs found, so the repository's seeds are never modified.
#
# Exits non-zero on a crash, a broken invariant, a leak, a timeout or running out of memory;
# the output then names the file holding the input ("Test unit written to ..."). Replay it with
#   build/fuzz/query_fuzzer <that file>    (build/fuzz/artifacts/crash-...)
#   build/fuzz/mcp_fuzzer <that file>      (build/fuzz/artifacts/mcp-crash-...)
set -euo pipefail
source "$(dirname "$0")/../dev/lib.sh"

seconds=${FUZZ_SECONDS:-600}
fuzz=$root_dir/tests/fuzz
build=$root_dir/build/fuzz
[[ $seconds =~ ^[0-9]+$ && $seconds -ge 2 ]] || die "FUZZ_SECONDS must be a number of seconds, 2 or more"

command -v clang++ >/dev/null || die "clang++ is not installed (make deps)"
CXX=clang++ cmake -S "$fuzz" -B "$build" >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null

mkdir -p "$build/corpus" "$build/mcp_corpus" "$build/artifacts"
cp "$fuzz"/corpus/* "$build/corpus/"
cp "$fuzz"/mcp_corpus/* "$build/mcp_corpus/"

# ASan keeps 256 MB of freed memory by default to catch uses after free; 64 MB does that as
# well here and keeps the fuzzer far below its 512 MB limit (it reached ~500 MB otherwise).
export ASAN_OPTIONS=detect_leaks=1:quarantine_size_mb=64 UBSAN_OPTIONS=print_stacktrace=1

# run_fuzzer WHAT BINARY CORPUS DICT LOG ARTIFACT_PREFIX SECONDS RSS_MB [OPTIONS...]: one
# target for SECONDS, its corpus in build/fuzz/CORPUS, at most RSS_MB of memory; fails with its
# report, else says what it ran.
run_fuzzer() {
  local what=$1 binary=$2 corpus=$3 dict=$4 log=$5 prefix=$6 time=$7 rss=$8
  shift 8
  say "fuzzing $what for $time s (log: build/fuzz/$log)"
  local status=0
  (cd "$build" && "./$binary" \
    -max_total_time="$time" -timeout=5 -rss_limit_mb="$rss" -dict="$fuzz/$dict" \
    -artifact_prefix="$build/artifacts/$prefix" -print_final_stats=1 "$@" "$corpus") >"$build/$log" 2>&1 ||
    status=$?

  if [ "$status" != 0 ]; then
    # The report: what broke, the stack, and "Test unit written to <file>".
    tail -n 60 "$build/$log" >&2
    die "the fuzzer $binary failed (exit $status); the input that did it is in build/fuzz/artifacts/ (replay: build/fuzz/$binary <file>)"
  fi
  local runs speed
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/$log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$build/$log")
  echo "fuzz: ${binary%_fuzzer}: $runs runs in $time s ($speed/s), no failure; corpus: $(ls "$build/$corpus" | wc -l) inputs"
}

query_seconds=$((seconds / 2))
run_fuzzer "query parsing and validation" query_fuzzer corpus query.dict fuzz.log "" "$query_seconds" 512
# A batch of 32 requests with their arguments runs to a few KB: room for one, past 4 KB. Under
# ASan its memory grows about 60 MB per million runs (339 MB after 2.8 million, 150 s; built
# without ASan it stays at 32 MB: ASan's allocator, not a leak), so 300 s would come near 512 MB.
run_fuzzer "MCP's POST bodies (JSON-RPC)" mcp_fuzzer mcp_corpus mcp.dict mcp-fuzz.log mcp- \
  "$((seconds - query_seconds))" 1024 -max_len=8192
