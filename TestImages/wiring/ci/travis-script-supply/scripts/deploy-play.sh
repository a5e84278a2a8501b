#!/usr/bin/env bash
set -euo pipefail
echo "$PLAY_JSON" | base64 --decode > play.json
fastlane supply --json_key play.json --package_name org.example.travis \
  --apk app/build/outputs/apk/release/app-release.apk --metadata_path play/metadata
