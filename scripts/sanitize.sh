#!/usr/bin/env bash
# Runs the test suite once under AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer together,
# in one build folder (.build-sanitize). ASan instruments the Swift code and the C shim; swiftc has no
# -sanitize=undefined on Linux, so UBSan instruments the C code (the shim that drives libpng), while Swift's own
# overflow and bounds checks trap in this debug build anyway. The CLI tests run the sanitized playprep binary too.
# Extra arguments go to `swift test`: `scripts/sanitize.sh --skip-build --filter CLITests` reruns the end-to-end
# tests from the same build (with PLAYPREP_BINARY, against another binary) without compiling again.
# Exits non-zero on any sanitizer report or test failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
# clang accumulates -fsanitize values, so the C targets get address (from --sanitize) and undefined; the link
# goes through clang, whose ASan runtime carries the UBSan handlers.
flags=(--sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
  -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)
log=".build-sanitize.log"
echo "== swift test ${flags[*]} $*"
if ! swift test "${flags[@]}" --scratch-path .build-sanitize "$@" >"$log" 2>&1; then
  grep -E "ERROR: |runtime error:|SUMMARY:|✘" "$log" | head -40 || tail -40 "$log"
  echo "sanitize: run failed (full log: $log)" >&2
  exit 1
fi
if grep -qE "ERROR: (Address|Leak)Sanitizer|runtime error:" "$log"; then
  grep -E "ERROR: |runtime error:|SUMMARY:" "$log" | head -40
  echo "sanitize: sanitizers reported problems (full log: $log)" >&2
  exit 1
fi
grep -E "Test run with|Executed [0-9]+ test" "$log" | tail -2
echo "sanitize: ASan+UBSan run clean"
