#!/usr/bin/env bash
# Regenerates Sources/ArtifactKit/Protobuf/aapt2_resources.pb.swift from aapt2_resources.proto beside it (playprep's
# own minimal description of aapt2's protobuf output; bundle_config.proto is only used by make-artifacts.sh).
# Needs protoc (Debian: protobuf-compiler) and protoc-gen-swift of the swift-protobuf version Package.swift
# names, built once outside this repository, e.g.:
#   git clone --branch 1.39.0 /opt/swift-packages/apple/swift-protobuf.git /tmp/swift-protobuf
#   swift build -c release -j 2 --package-path /tmp/swift-protobuf --product protoc-gen-swift
#   PROTOC_GEN_SWIFT=/tmp/swift-protobuf/.build/release/protoc-gen-swift scripts/generate-protos.sh
# CI never builds the plugin: the generated Swift is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
plugin=${PROTOC_GEN_SWIFT:-$(command -v protoc-gen-swift || true)}
[ -x "$plugin" ] || { echo "generate-protos: set PROTOC_GEN_SWIFT to a protoc-gen-swift binary" >&2; exit 2; }
command -v protoc >/dev/null || { echo "generate-protos: protoc is missing (apt-get install protobuf-compiler)" >&2; exit 2; }
folder=Sources/ArtifactKit/Protobuf
protoc --plugin=protoc-gen-swift="$plugin" --swift_opt=Visibility=Internal --swift_out="$folder" \
  -I "$folder" "$folder/aapt2_resources.proto"
echo "generate-protos: wrote $folder/aapt2_resources.pb.swift"
