#!/bin/bash -eu

APP_TO_BUILD="${1?Name the app to build, Shop or Shop-Wear}"

echo "--- Building ${APP_TO_BUILD}"
bundle exec fastlane build_and_upload_google_play app:"${APP_TO_BUILD}"
