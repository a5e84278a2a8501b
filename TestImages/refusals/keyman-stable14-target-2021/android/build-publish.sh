#!/bin/bash
# CI script to publish the app to the Play Store. The APK is built by a separate script first.
set -eu

KEYMAN_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NO_DAEMON=false
DO_KMAPRO=false

while [[ $# -gt 0 ]]; do
  case "$1" in
    -no-daemon) NO_DAEMON=true ;;
    -kmapro) DO_KMAPRO=true ;;
  esac
  shift
done

DAEMON_FLAG=
if [ "$NO_DAEMON" = true ]; then
  DAEMON_FLAG=--no-daemon
fi

BUILD_FLAGS="publishReleaseApk"

if [ "$DO_KMAPRO" = true ]; then
  cd "$KEYMAN_ROOT/android/KMAPro/"
  ./gradlew $DAEMON_FLAG $BUILD_FLAGS
fi
