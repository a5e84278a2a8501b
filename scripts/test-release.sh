#!/usr/bin/env bash
# shellcheck disable=SC2016  # bash -c '...' scripts take their arguments as $1, $2 on purpose
# scripts/test-release.sh [--binary PATH] [--keep DIR]
#
# End-to-end test of scripts/release.sh: makes the release tarball for the version the binary reports (building
# the shipping binary unless --binary names one), checks that a wrong VERSION is refused, verifies the .sha256,
# unpacks the tarball into an empty folder and runs its binary there alone, with a bare environment, on
# TestImages/SampleApp (exit 0, no shared library loaded), and checks the completions and the man page.
# --keep DIR leaves the tarball and its .sha256 in DIR (CI hands them to scripts/test-action.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

binary=""
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    *) echo "usage: scripts/test-release.sh [--binary PATH] [--keep DIR]" >&2; exit 2 ;;
  esac
done
if [ -z "$binary" ]; then
  binary="$(python3 scripts/playprep_build.py | tail -n 1)"
fi

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok: $*"; }
failure() { failed=$((failed + 1)); echo "  FAILED: $*" >&2; }
check() { local what="$1"; shift; if "$@"; then pass "$what"; else failure "$what"; fi; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
version="$("$binary" --version)"
echo "release test: playprep $version from $binary"

# A VERSION that is not the binary's is refused, and nothing is written.
if scripts/release.sh --binary "$binary" --output-dir "$tmp/refused" 9.9.9 >"$tmp/refused.log" 2>&1; then
  failure "release.sh accepted VERSION 9.9.9 for a $version binary"
else
  check "release.sh refuses VERSION 9.9.9: $(tail -n 1 "$tmp/refused.log")" test ! -e "$tmp/refused"
fi

scripts/release.sh --binary "$binary" --output-dir "$tmp/dist" "$version" >"$tmp/release.out" 2>"$tmp/release.log" ||
  { cat "$tmp/release.log" >&2; echo "release test: release.sh failed" >&2; exit 1; }
tarball="$(tail -n 1 "$tmp/release.out")"
name="$(basename "$tarball" .tar.gz)"
check "tarball $name.tar.gz ($(du -h "$tarball" | cut -f1))" test -s "$tarball"
check "checksum: $(cd "$tmp/dist" && sha256sum -c "$name.tar.gz.sha256" 2>&1)" \
  bash -c 'cd "$1" && sha256sum --quiet -c "$2.tar.gz.sha256"' _ "$tmp/dist" "$name"

# Unpacked alone in an empty folder.
mkdir "$tmp/unpacked"
tar -xzf "$tarball" -C "$tmp/unpacked"
check "one top-level folder $name/" test "$(ls -A "$tmp/unpacked")" = "$name"
dir="$tmp/unpacked/$name"
for file in playprep LICENSE THIRD-PARTY-LICENSES/README.txt completions/playprep.bash completions/_playprep \
  completions/playprep.fish man/playprep.1; do
  check "contains $file" test -s "$dir/$file"
done
for licence in swift swift-argument-parser Yams ZIPFoundation swift-protobuf swift-asn1 swift-certificates swift-crypto libyaml libpng zlib icu glibc gcc-runtime; do
  check "THIRD-PARTY-LICENSES/$licence.txt" test -s "$dir/THIRD-PARTY-LICENSES/$licence.txt"
done
linkage="$(ldd "$dir/playprep" 2>&1 || true)"
check "static: ldd says '$(echo "$linkage" | xargs)'" \
  grep -qE 'statically linked|not a dynamic executable' <<<"$linkage"

# Run from the unpacked folder with nothing but a minimal PATH: no LD_LIBRARY_PATH, no toolchain.
sample="$ROOT/TestImages/SampleApp"
status=0
(cd "$dir" && env -i PATH=/usr/bin:/bin ./playprep check "$sample") >"$tmp/check.out" 2>&1 || status=$?
sed 's/^/    /' "$tmp/check.out"
check "./playprep check TestImages/SampleApp exits 0 (got $status)" test "$status" = 0
check "./playprep --version prints $version" test "$(cd "$dir" && env -i ./playprep --version)" = "$version"

# Completions: the bash one parses; each names playprep's subcommands. The man page is mdoc for playprep(1).
check "bash completion parses" bash -n "$dir/completions/playprep.bash"
check "zsh completion is a #compdef playprep file" grep -q '^#compdef playprep' "$dir/completions/_playprep"
check "fish completion completes playprep" grep -qE "complete -c '?playprep'?" "$dir/completions/playprep.fish"
for completion in playprep.bash _playprep playprep.fish; do
  check "$completion offers ninepatch and listing" \
    bash -c 'grep -q ninepatch "$1" && grep -q listing "$1"' _ "$dir/completions/$completion"
done
check "man page is PLAYPREP(1) with every subcommand" \
  bash -c 'grep -q "^\.Dt PLAYPREP 1" "$1" && grep -q "^\.It Em check" "$1" && grep -q "ninepatch" "$1"' \
  _ "$dir/man/playprep.1"
if command -v man >/dev/null 2>&1; then
  check "man -l renders it" bash -c 'MANWIDTH=80 man -l "$1" 2>/dev/null | grep -q "playprep"' _ "$dir/man/playprep.1"
fi

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  cp "$tarball" "$tarball.sha256" "$keep/"
  echo "release test: kept $keep/$name.tar.gz"
fi
echo "test-release: $passed passed, $failed failed"
[ "$failed" = 0 ]
