#!/bin/bash
# Decrypts the signing and publishing secrets on CI.
set -e
if [ "$CI" == "true" ] && [ "$TRAVIS_PULL_REQUEST" == "false" ]; then
  openssl aes-256-cbc -K "$encrypted_key" -iv "$encrypted_iv" -in cycleroutes.app/play-api-key.json.enc -out cycleroutes.app/play-api-key.json -d
fi
