#!/usr/bin/env bash
# Fuzz decode + parse + validate with libFuzzer and AddressSanitizer.
#   scripts/fuzz.sh [RUNS] [extra libFuzzer flags]     (default RUNS: 1000000)
# Seeds: TestImages (crafted, corpus subset, malformed, unusual) and, when present, shared/corpus/ninepatch.
# New crashes land in Fuzz/crashes/; add each as a TestImages/malformed/ regression file.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
runs="${1:-1000000}"
shift || true
if ! swift build -c debug --scratch-path ../.build-fuzz -Xswiftc -sanitize=fuzzer,address > ../.build-fuzz.log 2>&1; then
  grep -E 'error' ../.build-fuzz.log >&2
  echo "fuzz: the fuzz target did not build (../.build-fuzz.log)" >&2
  exit 2
fi
binary="$(swift build -c debug --scratch-path ../.build-fuzz --show-bin-path)/NinePatchFuzzer"
seeds="$(mktemp -d)"
trap 'rm -rf "$seeds"' EXIT
cp ../TestImages/crafted/*.png ../TestImages/corpus/*.png ../TestImages/malformed/*.png ../TestImages/unusual/*.png "$seeds"/
if [ -d ../../shared/corpus/ninepatch ]; then
  find ../../shared/corpus/ninepatch -name '*.9.png' -exec cp {} "$seeds"/ \; 2>/dev/null || true
fi
mkdir -p crashes work
start=$(date +%s)
"$binary" -runs="$runs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -artifact_prefix=crashes/ \
  -print_final_stats=1 "$@" work "$seeds" 2>&1 | tee fuzz.log | grep -E 'stat::number_of_executed_units|Done|ERROR|SUMMARY' || true
echo "fuzz: $(( $(date +%s) - start )) s; crashes: $(ls crashes | wc -l)"
[ -z "$(ls crashes)" ]
