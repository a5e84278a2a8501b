#!/bin/bash
set -euo pipefail
code=$(grep -o "versionCode: [0-9]*" build.gradle | grep -o "[0-9]*")
test -f "fastlane/metadata/android/en-US/changelogs/${code}.txt"
