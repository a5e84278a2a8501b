#!/usr/bin/env bash

set +e

# Play does not accept some of our locale folder names: move them away while fastlane runs.
# List of Play's languages: see the Play Console help, "View list of available languages".

echo "Ignoring some languages not supported by the PlayStore"
mkdir ./fastlane_tmp
mv ./fastlane/metadata/android/eo  ./fastlane_tmp
mv ./fastlane/metadata/android/fy  ./fastlane_tmp
mv ./fastlane/metadata/android/ga  ./fastlane_tmp
mv ./fastlane/metadata/android/kab ./fastlane_tmp
mv ./fastlane/metadata/android/nb  ./fastlane_tmp

# Play requires a full description for every language that has a listing: copy the default one where it is missing
echo "Copying default description when missing"
if [[ -f "./fastlane/metadata/android/nl-NL/full_description.txt" ]]; then
  removeFullDes_nl=0
else
  cp ./fastlane/metadata/android/en-US/full_description.txt ./fastlane/metadata/android/nl-NL
  removeFullDes_nl=1
fi

# Run fastlane
echo "Run fastlane to push to the PlayStore"
fastlane deployMeta

echo "Cleanup"
mv ./fastlane_tmp/* ./fastlane/metadata/android/
rmdir ./fastlane_tmp

if [[ ${removeFullDes_nl} -eq 1 ]]; then
  rm ./fastlane/metadata/android/nl-NL/full_description.txt
fi

echo "Success!"
