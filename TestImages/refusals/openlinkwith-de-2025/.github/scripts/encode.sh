#!/bin/bash
set -euo pipefail
# decode: write the secret files from their environment variables
if [ "${1:-}" = "decode" ]; then
  printf '%s' "$FASTLANE_IAM_KEY_JSON" | base64 -d > fastlane/iam-key.json
fi
