#!/usr/bin/env bash
# The fuzz layer: builds tests/fuzz with clang (libFuzzer, ASan, UBSan) in build/fuzz, then
# fuzzes query parsing and validation for FUZZ_SECONDS seconds (600 by default; CI runs it
# shorter). It works on build/fuzz/corpus, a copy of the seeds in tests/fuzz/corpus that keeps
# what earlier runs found, so the repository's seeds are never modified.
#
# Exits non-zero on a crash, a broken invariant, a leak, a timeout or running out of memory;
# the output then names the file holding the input ("Test unit written to ..."). Replay it with
#   build/fuzz/query_fuzzer <that file>
set -euo pipefail
source "$(dirname "$0")/lib.sh"

seconds=${FUZZ_SECONDS:-600}
fuzz=$root_dir/tests/fuzz
build=$root_dir/build/fuzz

command -v clang++ >/dev/null || die "clang++ is not installed (make deps)"
CXX=clang++ cmake -S "$fuzz" -B "$build" >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null

mkdir -p "$build/corpus" "$build/artifacts"
cp "$fuzz"/corpus/* "$build/corpus/"

say "fuzzing query parsing and validation for $seconds s (log: build/fuzz/fuzz.log)"
# ASan keeps 256 MB of freed memory by default to catch uses after free; 64 MB does that as
# well here and keeps the fuzzer far below its 512 MB limit (it reached ~500 MB otherwise).
export ASAN_OPTIONS=detect_leaks=1:quarantine_size_mb=64 UBSAN_OPTIONS=print_stacktrace=1
status=0
(cd "$build" && ./query_fuzzer \
  -max_total_time="$seconds" -timeout=5 -rss_limit_mb=512 -dict="$fuzz/query.dict" \
  -artifact_prefix="$build/artifacts/" -print_final_stats=1 corpus) >"$build/fuzz.log" 2>&1 ||
  status=$?

if [ "$status" != 0 ]; then
  # The report: what broke, the stack, and "Test unit written to <file>".
  tail -n 60 "$build/fuzz.log" >&2
  die "the fuzzer failed (exit $status); the input that did it is in build/fuzz/artifacts/"
fi
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/fuzz.log")
speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$build/fuzz.log")
echo "fuzz: $runs runs in $seconds s ($speed/s), no failure; corpus: $(ls "$build/corpus" | wc -l) inputs"
