#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer) and then UndefinedBehaviorSanitizer,
# each in its own build folder. The CLI tests run the sanitized playprep binary too. ASan instruments the Swift
# code and the C shim; swiftc has no -sanitize=undefined on Linux, so UBSan instruments the C shim (the code
# that drives libpng), while Swift's own overflow and bounds checks trap in these debug builds anyway.
# Exits non-zero on any sanitizer report or test failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
declare -A flags=(
  [address]="--sanitize=address"
  [undefined]="-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined"
)
for sanitizer in address undefined; do
  echo "== swift test (${flags[$sanitizer]})"
  log=".build-$sanitizer.log"
  # shellcheck disable=SC2086
  if ! swift test ${flags[$sanitizer]} --scratch-path ".build-$sanitizer" >"$log" 2>&1; then
    grep -E "ERROR: |runtime error:|SUMMARY:|✘" "$log" | head -40 || tail -40 "$log"
    echo "sanitize: $sanitizer run failed (full log: $log)" >&2
    exit 1
  fi
  if grep -qE "ERROR: (Address|Leak)Sanitizer|runtime error:" "$log"; then
    grep -E "ERROR: |runtime error:|SUMMARY:" "$log" | head -40
    echo "sanitize: $sanitizer reported problems (full log: $log)" >&2
    exit 1
  fi
  grep -E "Test run with" "$log" | tail -1
done
echo "sanitize: ASan and UBSan runs clean"
