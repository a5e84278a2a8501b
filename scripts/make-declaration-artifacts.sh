#!/usr/bin/env bash
# Builds the Play Console declaration fixtures in TestImages/artifacts/declarations/ with the real Android tools
# (aapt2 link against the platform; an AAB laid out as scripts/make-artifacts.sh does; signed as it signs, with
# scripts/artifact-signing.sh: APKs with apksigner v2+v3 after zipalign, AABs with jarsigner, both with the
# fixtures' upload key from TestImages/artifacts/keys, so that the ART signing rules pass and only DCL speaks), one
# per DCL rule, one that needs no declaration (none: targets 32, no restricted permission), one that needs only
# the advertising ID answer (plain), and a previous/next release pair for --previous (release-41, release-42).
# The manifests are shaped like the merged manifests of real apps (the permissions libraries add, typed
# services, the VPN and accessibility services as <service android:permission=…>).
# Run it from the repository root; it rewrites TestImages/artifacts/declarations/ and the tests pin what it makes.
set -euo pipefail
cd "$(dirname "$0")/.."

out=TestImages/artifacts/declarations
framework=${FRAMEWORK_RES:-/usr/share/android-framework-res/framework-res.apk}
for tool in aapt2 zipalign apksigner jarsigner protoc zip unzip python3; do
  command -v "$tool" >/dev/null || { echo "make-declaration-artifacts: $tool is missing" >&2; exit 2; }
done
[ -f "$framework" ] || {
  echo "make-declaration-artifacts: $framework is missing (apt-get install android-framework-res)" >&2
  exit 2
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
rm -f "$out"/*.apk "$out"/*.aab

# shellcheck source=scripts/artifact-signing.sh
. scripts/artifact-signing.sh
signing_keys=TestImages/artifacts/keys
[ -f "$signing_keys/upload.jks" ] || {
  echo "make-declaration-artifacts: $signing_keys/upload.jks is missing (run scripts/make-artifacts.sh first)" >&2
  exit 2
}

res="$work/res"
mkdir -p "$res/values" "$res/mipmap-mdpi"
cat >"$res/values/strings.xml" <<'XML'
<resources><string name="app_name">Playprep Sample</string></resources>
XML
cp TestImages/SampleApp/fastlane/metadata/android/en-US/images/icon.png "$res/mipmap-mdpi/ic_launcher.png"
aapt2 compile --dir "$res" -o "$work/res.zip"

perm() { # perm NAME...: <uses-permission> elements
  for name in "$@"; do printf '<uses-permission android:name="%s" />\n' "$name"; done
}

# build NAME TARGET CODE MANIFEST_EXTRA APPLICATION_CHILDREN [--bundle]
build() {
  local name=$1 target=$2 code=$3 extra=$4 children=$5 bundle=${6:-}
  local dir="$work/$name$bundle"
  mkdir -p "$dir"
  cat >"$dir/AndroidManifest.xml" <<XML
<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.playprep.sample"
    android:versionCode="$code" android:versionName="1.$code.0">
    <uses-sdk android:minSdkVersion="24" android:targetSdkVersion="$target" />
    $extra
    <application android:icon="@mipmap/ic_launcher" android:label="@string/app_name">
        <activity android:name=".MainActivity" android:exported="true">
            <intent-filter>
                <action android:name="android.intent.action.MAIN" />
                <category android:name="android.intent.category.LAUNCHER" />
            </intent-filter>
        </activity>
        $children
    </application>
</manifest>
XML
  if [ "$bundle" = --bundle ]; then
    aapt2 link --proto-format -I "$framework" --manifest "$dir/AndroidManifest.xml" -o "$dir/linked.apk" "$work/res.zip"
    mkdir -p "$dir/aab/base/manifest"
    (cd "$dir/aab/base" && unzip -q "$dir/linked.apk" && mv AndroidManifest.xml manifest/)
    echo 'bundletool { version: "1.17.2" }' | protoc -I Sources/ArtifactKit/Protobuf \
      --encode=playprep.bundletool.BundleConfig bundle_config.proto >"$dir/aab/BundleConfig.pb"
    # The ProGuard map AGP adds to a minified release bundle (no native code, so no debug symbols), as in
    # scripts/make-artifacts.sh, so that ART019 is quiet.
    mkdir -p "$dir/aab/BUNDLE-METADATA/com.android.tools.build.obfuscation"
    printf 'com.playprep.sample.MainActivity -> a.a:\n' \
      >"$dir/aab/BUNDLE-METADATA/com.android.tools.build.obfuscation/proguard.map"
    (cd "$dir/aab" && zip -q -r -X -D "$OLDPWD/$out/$name.aab" BundleConfig.pb base BUNDLE-METADATA)
    sign_bundle "$out/$name.aab"
    return
  fi
  aapt2 link -I "$framework" --manifest "$dir/AndroidManifest.xml" -o "$dir/linked.apk" "$work/res.zip"
  sign_and_align "$dir/linked.apk" 16384 "$out/$name.apk"
}

sync_service='<service android:name="androidx.work.impl.foreground.SystemForegroundService"
            android:exported="false" android:foregroundServiceType="dataSync" />'
location_service='<service android:name=".tracking.TrackingService" android:exported="false"
            android:foregroundServiceType="location" />'
vpn_service='<service android:name=".vpn.TunnelService" android:exported="false"
            android:permission="android.permission.BIND_VPN_SERVICE" android:foregroundServiceType="connectedDevice">
            <intent-filter><action android:name="android.net.VpnService" /></intent-filter>
        </service>'
accessibility_service='<service android:name=".GestureService" android:exported="false"
            android:permission="android.permission.BIND_ACCESSIBILITY_SERVICE">
            <intent-filter><action android:name="android.accessibilityservice.AccessibilityService" /></intent-filter>
        </service>'
ad_id=com.google.android.gms.permission.AD_ID

build none 32 1 "$(perm android.permission.INTERNET)" ""
build plain 36 1 "$(perm android.permission.INTERNET android.permission.POST_NOTIFICATIONS)" ""
build foreground-service 36 1 \
  "$(perm android.permission.FOREGROUND_SERVICE android.permission.FOREGROUND_SERVICE_DATA_SYNC \
    android.permission.FOREGROUND_SERVICE_LOCATION)" "$sync_service $location_service"
build foreground-service 36 1 \
  "$(perm android.permission.FOREGROUND_SERVICE android.permission.FOREGROUND_SERVICE_DATA_SYNC)" "$sync_service" \
  --bundle
build advertising-id 36 1 "$(perm android.permission.INTERNET $ad_id)" ""
build photo-video 36 1 "$(perm android.permission.READ_MEDIA_IMAGES android.permission.READ_MEDIA_VIDEO)" ""
build background-location 36 1 "$(perm android.permission.ACCESS_FINE_LOCATION \
  android.permission.ACCESS_BACKGROUND_LOCATION)" ""
build full-screen-intent 36 1 "$(perm android.permission.USE_FULL_SCREEN_INTENT)" ""
build query-all-packages 36 1 "$(perm android.permission.QUERY_ALL_PACKAGES)" ""
build request-install-packages 36 1 "$(perm android.permission.REQUEST_INSTALL_PACKAGES)" ""
build exact-alarm 36 1 "$(perm android.permission.USE_EXACT_ALARM)" ""
build all-files-access 36 1 "$(perm android.permission.MANAGE_EXTERNAL_STORAGE)" ""
build sms-call-log 36 1 "$(perm android.permission.READ_SMS android.permission.RECEIVE_SMS \
  android.permission.READ_CALL_LOG)" ""
build accessibility-service 36 1 "" "$accessibility_service"
build vpn-service 36 1 "$(perm android.permission.FOREGROUND_SERVICE)" "$vpn_service"
build vpn-service 36 1 "$(perm android.permission.FOREGROUND_SERVICE)" "$vpn_service" --bundle
build health 36 1 "$(perm android.permission.ACTIVITY_RECOGNITION android.permission.health.READ_STEPS)" ""
# The pair for --previous: 42 adds READ_MEDIA_IMAGES (as an image-picker library does) to what 41 had.
build release-41 36 41 "$(perm android.permission.FOREGROUND_SERVICE \
  android.permission.FOREGROUND_SERVICE_DATA_SYNC $ad_id)" "$sync_service"
build release-42 36 42 "$(perm android.permission.FOREGROUND_SERVICE \
  android.permission.FOREGROUND_SERVICE_DATA_SYNC $ad_id android.permission.READ_MEDIA_IMAGES)" "$sync_service"
build release-42 36 42 "$(perm android.permission.FOREGROUND_SERVICE \
  android.permission.FOREGROUND_SERVICE_DATA_SYNC $ad_id android.permission.READ_MEDIA_IMAGES)" "$sync_service" \
  --bundle
