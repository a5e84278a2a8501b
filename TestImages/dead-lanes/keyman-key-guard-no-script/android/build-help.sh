#!/bin/bash
# Builds the help pages and hands the release notes to the Play publisher.
set -eu

KEYMAN_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TIER="${TIER:-alpha}"

echo "Building help pages"
mkdir -p "$KEYMAN_ROOT/android/KMAPro/kMAPro/src/main/assets/help"

#
# Release notes for the Play publisher (its release-notes/<locale>/<track>.txt)
#
PLAY_RELEASE_NOTES="$KEYMAN_ROOT/android/KMAPro/kMAPro/src/main/play/release-notes/en-US/$TIER.txt"
if [ "$TIER" = "stable" ]; then
  PLAY_RELEASE_NOTES="$KEYMAN_ROOT/android/KMAPro/kMAPro/src/main/play/release-notes/en-US/default.txt"
fi
echo "Generating Play Store release notes to $PLAY_RELEASE_NOTES"
cp "$KEYMAN_ROOT/android/help/about/whatsnew.md" "$PLAY_RELEASE_NOTES"
