#!/usr/bin/env bash
# Formats the Swift sources with swift-format (bundled with the Swift toolchain as `swift format`) and the
# repository's .swift-format configuration.
#
#   scripts/format.sh           rewrite the files in place
#   scripts/format.sh --check   change nothing; list what the formatter or its lint rules would change, exit 1 if any
#
# Generated protobuf code (Sources/ArtifactKit/Protobuf) is left as protoc writes it.
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
  find Package.swift Sources Tests Fuzz/Sources Benchmarks/Sources -name '*.swift' ! -path '*/Protobuf/*' -print0 | sort -z)

if [ "${1:-}" = "--check" ]; then
  if ! swift format lint --strict --configuration .swift-format "${files[@]}"; then
    echo "format.sh: run scripts/format.sh to format these files" >&2
    exit 1
  fi
  echo "format.sh: ${#files[@]} files formatted as .swift-format asks"
else
  swift format format --in-place --configuration .swift-format "${files[@]}"
fi
