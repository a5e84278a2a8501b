#!/usr/bin/env bash
# scripts/release.sh [--binary PATH] [--output-dir DIR] VERSION
#
# Builds the shipping binary (scripts/playprep_build.py: release, static-PIE, into .build-static) and writes
# DIR/playprep-VERSION-OS-ARCH.tar.gz (DIR: dist/) and its .sha256 (sha256sum format). The tarball holds one
# folder, playprep-VERSION-OS-ARCH/, with:
#   playprep                 the static binary (no shared library needed)
#   LICENSE                  playprep's licence
#   THIRD-PARTY-LICENSES/    the licences of what the binary links in, with an index (README.txt)
#   completions/             playprep.bash, _playprep (zsh), playprep.fish: swift-argument-parser's scripts
#   man/playprep.1           swift-argument-parser's generate-manual output
#
# VERSION must be the version the binary reports (`playprep --version`, set in Sources/playprep/Playprep.swift);
# anything else is refused before a file is written. --binary PATH ships an already built static binary instead
# of building (CI passes the one it has just built and tested). Nothing is downloaded: the Swift packages come
# from the build's own checkouts, licence texts from the toolchain and Debian's /usr/share/doc.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

fail() { echo "release.sh: $*" >&2; exit 1; }
usage() { echo "usage: scripts/release.sh [--binary PATH] [--output-dir DIR] VERSION" >&2; exit 2; }

binary=""
out_dir="$ROOT/dist"
version=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) [ $# -ge 2 ] || usage; binary="$2"; shift 2 ;;
    --output-dir) [ $# -ge 2 ] || usage; out_dir="$2"; shift 2 ;;
    -h|--help) usage ;;
    -*) usage ;;
    *) [ -z "$version" ] || usage; version="$1"; shift ;;
  esac
done
[ -n "$version" ] || usage
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$ ]] ||
  fail "VERSION '$version' is not a version number like 0.2.0"

# --- the binary -------------------------------------------------------------------------------------------------
if [ -z "$binary" ]; then
  echo "release.sh: building the shipping binary (scripts/playprep_build.py)" >&2
  binary="$(python3 scripts/playprep_build.py | tee /dev/stderr | tail -n 1)"
fi
[ -x "$binary" ] || fail "no executable at $binary"
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

reported="$("$binary" --version)"
[ "$reported" = "$version" ] ||
  fail "refusing VERSION $version: the binary reports $reported (the version is set in Sources/playprep/Playprep.swift)"

# A static(-PIE) executable: ldd says "statically linked" (static-PIE) or "not a dynamic executable".
linkage="$(ldd "$binary" 2>&1 || true)"
grep -qE 'statically linked|not a dynamic executable' <<<"$linkage" ||
  fail "$binary is not a static executable (build it with scripts/playprep_build.py); ldd says:
$linkage"

os="$(uname -s | tr '[:upper:]' '[:lower:]')"
name="playprep-$version-$os-$(uname -m)"

# Reproducible archive: every date is the last commit's (or SOURCE_DATE_EPOCH), owners and order fixed.
epoch="${SOURCE_DATE_EPOCH:-$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || date +%s)}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stage="$work/$name"
mkdir -p "$stage/THIRD-PARTY-LICENSES" "$stage/completions" "$stage/man"

install -m 755 "$binary" "$stage/playprep"
install -m 644 LICENSE "$stage/LICENSE"

# --- third-party licences -----------------------------------------------------------------------------------------
# The Swift packages are the checkouts the shipping build compiled (scripts/playprep_build.py's scratch path).
checkouts="$ROOT/.build-static/checkouts"
[ -d "$checkouts/swift-argument-parser" ] && [ -d "$checkouts/Yams" ] && [ -d "$checkouts/ZIPFoundation" ] &&
  [ -d "$checkouts/swift-protobuf" ] && [ -d "$checkouts/swift-certificates" ] ||
  fail "no package checkouts in $checkouts: run python3 scripts/playprep_build.py first"
swift_usr="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"

index="$stage/THIRD-PARTY-LICENSES/README.txt"
cat >"$index" <<'EOF'
playprep is one static executable. Besides playprep's own code (LICENSE) it contains the components below;
each file in this folder is the licence text of one of them, copied when the release was made.

EOF

# first_file CANDIDATE...: the first candidate (globs allowed) that is a file.
first_file() {
  local pattern candidate
  for pattern in "$@"; do
    for candidate in $pattern; do
      [ -f "$candidate" ] && { echo "$candidate"; return 0; }
    done
  done
  return 1
}

# add_licence FILE WHAT SOURCE-DESCRIPTION CANDIDATE...
add_licence() {
  local file="$1" what="$2" hint="$3" source
  shift 3
  source="$(first_file "$@")" || fail "licence text for $what not found (looked for: $*); $hint"
  cp "$source" "$stage/THIRD-PARTY-LICENSES/$file"
  printf '%-26s %s\n%-26s (from %s)\n' "$file" "$what" "" "${source#"$ROOT"/}" >>"$index"
}

package_version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo "unknown version"; }
tag() { git -C "$1" describe --tags --always 2>/dev/null || echo "unknown version"; }
libicu_dev="$(package_version libicu-dev)"

add_licence swift.txt \
  "Swift standard library and runtime, Foundation, Dispatch, BlocksRuntime ($(swift --version 2>/dev/null | head -n 1); Apache-2.0 with Runtime Library Exception)" \
  "the Swift toolchain ships it as usr/share/swift/LICENSE.txt" \
  "$swift_usr/share/swift/LICENSE.txt"
add_licence swift-argument-parser.txt \
  "swift-argument-parser $(tag "$checkouts/swift-argument-parser") (Apache-2.0 with Runtime Library Exception)" \
  "the checkout is incomplete" "$checkouts/swift-argument-parser/LICENSE.txt"
add_licence Yams.txt "Yams $(tag "$checkouts/Yams") (MIT)" "the checkout is incomplete" "$checkouts/Yams/LICENSE"
add_licence ZIPFoundation.txt "ZIPFoundation $(tag "$checkouts/ZIPFoundation") (MIT)" "the checkout is incomplete" \
  "$checkouts/ZIPFoundation/LICENSE"
add_licence swift-protobuf.txt "SwiftProtobuf $(tag "$checkouts/swift-protobuf") (Apache-2.0)" \
  "the checkout is incomplete" "$checkouts/swift-protobuf/LICENSE.txt"
add_licence swift-asn1.txt "swift-asn1 $(tag "$checkouts/swift-asn1") (Apache-2.0)" "the checkout is incomplete" \
  "$checkouts/swift-asn1/LICENSE.txt"
add_licence swift-certificates.txt "swift-certificates $(tag "$checkouts/swift-certificates") (Apache-2.0)" \
  "the checkout is incomplete" "$checkouts/swift-certificates/LICENSE.txt"
add_licence swift-crypto.txt \
  "swift-crypto $(tag "$checkouts/swift-crypto") (Apache-2.0), with the BoringSSL and XKCP sources it vendors (their notices are in their source headers)" \
  "the checkout is incomplete" "$checkouts/swift-crypto/LICENSE.txt"
add_licence libyaml.txt "LibYAML, as vendored in Yams (MIT)" "it is kept in the repository" \
  "$ROOT/scripts/third-party/libyaml-LICENSE.txt"
add_licence libpng.txt "libpng $(package_version libpng-dev) (PNG Reference Library License v2), the static libpng16.a" \
  "install libpng-dev" /usr/share/doc/libpng-dev/copyright '/usr/share/doc/libpng16-*/copyright'
add_licence zlib.txt "zlib $(package_version zlib1g-dev) (zlib License), the static libz.a" \
  "install zlib1g-dev" /usr/share/doc/zlib1g-dev/copyright /usr/share/doc/zlib1g/copyright
add_licence icu.txt \
  "ICU as bundled in Foundation (swift-foundation-icu; Unicode License). Text from the system ICU ($libicu_dev), the same licence" \
  "install libicu-dev" '/usr/share/icu/*/LICENSE' '/usr/share/doc/libicu[0-9]*/copyright' \
  /usr/share/doc/libicu-dev/copyright
add_licence glibc.txt "GNU C Library $(package_version libc6-dev) (LGPL-2.1-or-later and others), linked statically" \
  "install libc6-dev" /usr/share/doc/libc6-dev/copyright /usr/share/doc/libc6/copyright
add_licence gcc-runtime.txt \
  "GCC runtime: libstdc++ and libgcc (GPL-3.0 with the GCC Runtime Library Exception), linked statically" \
  "install libstdc++-dev" '/usr/share/doc/libstdc++-*-dev/copyright' /usr/share/doc/libstdc++6/copyright \
  /usr/share/doc/libgcc-s1/copyright

# --- shell completions and the man page (both from swift-argument-parser) --------------------------------------
"$binary" --generate-completion-script bash >"$stage/completions/playprep.bash"
"$binary" --generate-completion-script zsh >"$stage/completions/_playprep"
"$binary" --generate-completion-script fish >"$stage/completions/playprep.fish"

# The GenerateManual plugin (`swift package plugin generate-manual`) builds the whole package again in its own
# configuration before running its tool; running the same tool, generate-manual, on the binary being shipped
# gives the same page without a second build of playprep. The tool is built from the argument parser's checkout
# (no dependencies, about 15 s) into .build-tools.
echo "release.sh: building swift-argument-parser's generate-manual" >&2
swift build -j 2 --package-path "$checkouts/swift-argument-parser" --scratch-path "$ROOT/.build-tools" \
  --product generate-manual >&2
generate_manual="$(swift build --package-path "$checkouts/swift-argument-parser" --scratch-path "$ROOT/.build-tools" \
  --show-bin-path)/generate-manual"
"$generate_manual" "$binary" --date "$(date -u -d "@$epoch" +%Y-%m-%d)" --output-directory "$stage/man" >&2
[ -s "$stage/man/playprep.1" ] || fail "generate-manual wrote no man/playprep.1"

# --- the archive and its checksum --------------------------------------------------------------------------------
mkdir -p "$out_dir"
tarball="$out_dir/$name.tar.gz"
rm -f "$tarball" "$tarball.sha256"
tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner --mode='u+rwX,go+rX,go-w' \
  -C "$work" -cf - "$name" | gzip -9 -n >"$tarball.partial"
mv "$tarball.partial" "$tarball"
(cd "$out_dir" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")

echo "release.sh: wrote $tarball ($(du -h "$tarball" | cut -f1)) and $name.tar.gz.sha256:" >&2
cat "$tarball.sha256" >&2
echo "$tarball"
