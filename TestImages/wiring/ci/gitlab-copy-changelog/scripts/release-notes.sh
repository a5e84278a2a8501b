#!/bin/sh
set -e
# GPP reads release-notes/<locale>/default.txt; the changelogs are kept for fastlane and F-Droid.
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CODE=$(grep versionCode "$ROOT/app/build.gradle" | awk '{print $2}')
for locale in en-US de-DE; do
  mkdir -p "$ROOT/app/src/main/play/release-notes/$locale"
  cp "$ROOT/fastlane/metadata/android/$locale/changelogs/$CODE.txt" \
     "$ROOT/app/src/main/play/release-notes/$locale/default.txt"
done
