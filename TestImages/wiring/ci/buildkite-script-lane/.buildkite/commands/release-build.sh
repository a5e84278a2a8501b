#!/bin/bash -eu

RELEASE_VERSION="${1:?RELEASE_VERSION parameter missing}"

echo "--- :rubygems: Setting up Gems"
install_gems

echo "--- :hammer_and_wrench: Building and uploading"
bundle exec fastlane build_and_upload_to_play_store skip_confirm:true version:"$RELEASE_VERSION"
