#!/usr/bin/env bash
# Builds the keyboard app; the `publish` action sends it to the Play Store.
set -eu

ACTION="${1:-build}"
DAEMON_FLAG=
if [ "${CI:-}" = "true" ]; then
  DAEMON_FLAG=--no-daemon
fi

cd "$(dirname "$0")"

if [ "$ACTION" = "build" ]; then
  ./gradlew $DAEMON_FLAG assembleRelease
fi

if [ "$ACTION" = "publish" ]; then
  # Symbols to the crash reporter, then the APK to Play
  ./gradlew $DAEMON_FLAG publishSentry publishReleaseApk
fi
