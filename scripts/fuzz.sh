#!/usr/bin/env bash
# Fuzz decode + parse + validate with libFuzzer and AddressSanitizer.
#   scripts/fuzz.sh [RUNS] [extra libFuzzer flags]     (default RUNS: 1000000)
# Seeds: TestImages (crafted, corpus subset, malformed, unusual) and, when present, shared/corpus/ninepatch.
# FUZZER=SigningFuzzer fuzzes the APK Signing Block and PKCS#7 parsers instead, seeded with the signatures of
# TestImages/artifacts (the block's ID-value pairs behind a 0 byte, JAR signature files behind a 1).
# FUZZER=BuildFileFuzzer fuzzes the build-file readers (build and settings scripts, version catalogs, source
# manifests), seeded with every such file of TestImages behind the byte that picks its reader.
# FUZZER=CIFuzzer fuzzes the CI readers, script chains and the Fastfile reader, seeded with the CI files, scripts
# and Fastfiles of TestImages (each behind the byte that places it: Fuzz/Sources/CIFuzzer).
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
fuzzer="${FUZZER:-NinePatchFuzzer}"
binary="$(swift build -c debug --scratch-path ../.build-fuzz --show-bin-path)/$fuzzer"
seeds="$(mktemp -d)"
trap 'rm -rf "$seeds"' EXIT
if [ "$fuzzer" = CIFuzzer ]; then
  # Each CI file and script of the fixtures, behind the byte that places it (CIFuzzer.swift's placements).
  python3 - ../TestImages "$seeds" <<'PY'
import os, sys
source, seeds = sys.argv[1:]
placements = [".github/workflows/", ".gitlab-ci.yml", "Jenkinsfile", ".buildkite/", "bitrise.yml", ".circleci/",
              "circle.yml", "azure-pipelines.yml", ".woodpecker", "codemagic.yaml", ".travis.yml", ".sh", ".py", ".rb",
              "Makefile", "package.json", "Fastfile"]
paths = sorted(os.path.join(folder, name) for folder, _, names in os.walk(source) for name in names)
for number, path in enumerate(paths):
    if os.path.getsize(path) > 65536 or path.endswith(".png"):
        continue
    for index, marker in enumerate(placements):
        if marker in path or path.endswith(marker):
            open(f"{seeds}/{number}-{index}", "wb").write(bytes([index]) + open(path, "rb").read())
            break
PY
elif [ "$fuzzer" = SigningFuzzer ]; then
  python3 - ../TestImages/artifacts "$seeds" <<'PY'
import glob, os, struct, sys, zipfile
source, seeds = sys.argv[1:]
for path in glob.glob(f"{source}/*.apk") + glob.glob(f"{source}/*.aab"):
    name = os.path.basename(path)
    try:
        archive = zipfile.ZipFile(path)
    except Exception:
        continue
    for info in archive.infolist():
        if info.filename.startswith("META-INF/") and info.filename.upper().endswith((".RSA", ".DSA", ".EC")):
            open(f"{seeds}/{name}.jar", "wb").write(b"\x01" + archive.read(info))
    data = open(path, "rb").read()
    end = data.rfind(b"PK\x05\x06")
    directory = struct.unpack("<I", data[end + 16:end + 20])[0]
    if data[directory - 16:directory] == b"APK Sig Block 42":
        size = struct.unpack("<Q", data[directory - 24:directory - 16])[0]
        open(f"{seeds}/{name}.block", "wb").write(b"\x00" + data[directory - size:directory - 24])
PY
elif [ "$fuzzer" = BuildFileFuzzer ]; then
  python3 - ../TestImages "$seeds" <<'PY'
import os, sys
source, seeds = sys.argv[1:]
kinds = {"build.gradle.kts": 0, "build.gradle": 1, "settings.gradle.kts": 2, "settings.gradle": 3,
         "AndroidManifest.xml": 5}
for folder, _, names in os.walk(source):
    for name in names:
        kind = 4 if name.endswith(".versions.toml") else kinds.get(name)
        if kind is None:
            continue
        path = os.path.join(folder, name)
        data = open(path, "rb").read()
        if len(data) <= 65535:
            seed = os.path.relpath(path, source).replace("/", "_")
            open(os.path.join(seeds, seed), "wb").write(bytes([kind]) + data)
PY
else
  cp ../TestImages/crafted/*.png ../TestImages/corpus/*.png ../TestImages/malformed/*.png ../TestImages/unusual/*.png "$seeds"/
  if [ -d ../../shared/corpus/ninepatch ]; then
    find ../../shared/corpus/ninepatch -name '*.9.png' -exec cp {} "$seeds"/ \; 2>/dev/null || true
  fi
fi
corpus=work
[ "$fuzzer" = SigningFuzzer ] && corpus=work-signing
[ "$fuzzer" = BuildFileFuzzer ] && corpus=work-build-files
[ "$fuzzer" = CIFuzzer ] && corpus=work-ci
mkdir -p crashes "$corpus"
start=$(date +%s)
"$binary" -runs="$runs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -artifact_prefix=crashes/ \
  -print_final_stats=1 "$@" "$corpus" "$seeds" 2>&1 | tee fuzz.log | grep -E 'stat::number_of_executed_units|Done|ERROR|SUMMARY' || true
echo "fuzz: $(( $(date +%s) - start )) s; crashes: $(ls crashes | wc -l)"
[ -z "$(ls crashes)" ]
