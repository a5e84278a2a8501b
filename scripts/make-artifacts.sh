#!/usr/bin/env bash
# Builds the artifact fixtures in TestImages/artifacts/ with the real Android tools, so every APK and AAB there is
# what a release build produces, not a hand-made imitation:
#   aapt2 compile/link  (Debian: aapt; -I the platform from android-framework-res; --proto-format for bundles)
#   zipalign, apksigner (Debian: zipalign, apksigner; keytool and jarsigner from the JDK)
#   clang + lld         (/opt/swift/usr/bin/clang, or Debian's clang and lld) for the native libraries
#   protoc              (Debian: protobuf-compiler) for a bundle's BundleConfig.pb
#   zip, python3        (the AAB layout, and the malformed archives, which no Android tool would write)
# Run it from the repository root; it rewrites TestImages/artifacts/ and the tests pin what it makes.
set -euo pipefail
cd "$(dirname "$0")/.."

out=TestImages/artifacts
framework=${FRAMEWORK_RES:-/usr/share/android-framework-res/framework-res.apk}
clang=${CLANG:-$(command -v /opt/swift/usr/bin/clang || command -v clang)}
for tool in aapt2 zipalign apksigner keytool jarsigner protoc zip unzip python3 "$clang"; do
  command -v "$tool" >/dev/null || { echo "make-artifacts: $tool is missing" >&2; exit 2; }
done
[ -f "$framework" ] || { echo "make-artifacts: $framework is missing (apt-get install android-framework-res)" >&2; exit 2; }

# shellcheck source=scripts/artifact-signing.sh
. scripts/artifact-signing.sh
signing_keys=$out/keys

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
rm -f "$out"/*.apk "$out"/*.aab

# Throw-away signing keys, kept in $out/keys so that every run signs with the same certificates (the rule
# examples name the upload certificate's fingerprint): the upload key signs as a release build is; the others
# carry the Android debug certificate's subject, and a validity that ends before 2033-10-22.
mkdir -p "$out/keys"
key() { # key NAME DNAME DAYS
  [ -f "$out/keys/$1.jks" ] || keytool -genkeypair -keystore "$out/keys/$1.jks" -storetype PKCS12 -storepass playprep \
    -keypass playprep -alias "$1" -keyalg RSA -keysize 2048 -validity "$3" -dname "$2" >/dev/null 2>&1
}
key upload "CN=playprep upload,O=playprep" 36500
key debug "CN=Android Debug,O=Android,C=US" 10950
key short-lived "CN=playprep short-lived,O=playprep" 365

# Native libraries: one function, linked for 4 KB or 16 KB pages.
echo 'int playprep_answer(void) { return 42; }' >"$work/answer.c"
native() { # native TARGET PAGE OUTPUT
  "$clang" --target="$1" -nostdlib -shared -fuse-ld=lld -Wl,-z,max-page-size="$2" -o "$3" "$work/answer.c"
}

# Resources: a launcher icon, the app's name and a NinePatch (compiled by aapt2 into npTc).
res="$work/res"
mkdir -p "$res/values" "$res/mipmap-mdpi" "$res/drawable-mdpi"
cat >"$res/values/strings.xml" <<'XML'
<resources><string name="app_name">Playprep Sample</string></resources>
XML
cp TestImages/SampleApp/fastlane/metadata/android/en-US/images/icon.png "$res/mipmap-mdpi/ic_launcher.png"
cp TestImages/SampleApp/app/src/main/res/drawable-mdpi/title_bar_medium.9.png "$res/drawable-mdpi/title_bar.9.png"
aapt2 compile --dir "$res" -o "$work/res.zip"
# aapt2 writes a NinePatch with more than 127 stretch runs with its count wrapped modulo 256 (NP104).
mkdir -p "$work/overflow/drawable-mdpi"
cp TestImages/crafted/many_x_130_no_y.9.png "$work/overflow/drawable-mdpi/many_stripes.9.png"
aapt2 compile --dir "$work/overflow" -o "$work/overflow.zip"

# build NAME [--package ID] [--manifest-extra XML] [--application-extra ATTRS] [--sdk MIN TARGET]
#       [--version CODE NAME | --no-version] [--abis "arm64-v8a armeabi-v7a"] [--page 16384] [--align 16384]
#       [--overflow] [--bundle] [--key upload|debug|short-lived] [--v1-only] [--unsigned] [--no-metadata]
# An APK is linked, gets its libraries stored uncompressed, is signed and zipaligned. A bundle (NAME.aab) is
# linked with --proto-format and laid out as bundletool reads it: base/manifest/AndroidManifest.xml,
# base/resources.pb, base/res/, base/lib/<abi>/ and BundleConfig.pb, with the BUNDLE-METADATA AGP adds (a
# ProGuard map and, with native code, debug symbols) unless --no-metadata, and is signed with jarsigner.
build() {
  local name=$1; shift
  local package=com.playprep.sample app_extra="" manifest_extra="" min=24 target=36 code=3 version=1.2.0 abis="arm64-v8a armeabi-v7a"
  local page=16384 align=16384 flats=("$work/res.zip") has_version=1 bundle=0 key=upload schemes=all metadata=1
  while [ $# -gt 0 ]; do
    case $1 in
      --package) package=$2; shift 2 ;;
      --application-extra) app_extra=$2; shift 2 ;;
      --manifest-extra) manifest_extra=$2; shift 2 ;;
      --sdk) min=$2; target=$3; shift 3 ;;
      --version) code=$2; version=$3; shift 3 ;;
      --no-version) has_version=0; shift ;;
      --abis) abis=$2; shift 2 ;;
      --page) page=$2; shift 2 ;;
      --align) align=$2; shift 2 ;;
      --overflow) flats+=("$work/overflow.zip"); shift ;;
      --bundle) bundle=1; shift ;;
      --key) key=$2; shift 2 ;;
      --v1-only) schemes=v1; shift ;;
      --unsigned) schemes=none; shift ;;
      --no-metadata) metadata=0; shift ;;
      *) echo "build: unknown option $1" >&2; exit 2 ;;
    esac
  done
  local dir="$work/$name-$bundle"
  mkdir -p "$dir/lib"
  local version_attrs=""
  [ "$has_version" = 1 ] && version_attrs="android:versionCode=\"$code\" android:versionName=\"$version\""
  cat >"$dir/AndroidManifest.xml" <<XML
<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="$package" $version_attrs>
    <uses-sdk android:minSdkVersion="$min" android:targetSdkVersion="$target" />
    $manifest_extra
    <application android:icon="@mipmap/ic_launcher" android:label="@string/app_name"
        android:extractNativeLibs="false" $app_extra />
</manifest>
XML
  local format=()
  [ "$bundle" = 1 ] && format=(--proto-format)
  aapt2 link "${format[@]}" -I "$framework" --manifest "$dir/AndroidManifest.xml" -o "$dir/linked.apk" "${flats[@]}"
  for abi in $abis; do
    local triple
    case $abi in
      arm64-v8a) triple=aarch64-linux-android24 ;;
      armeabi-v7a) triple=armv7a-linux-androideabi24 ;;
      x86_64) triple=x86_64-linux-android24 ;;
      x86) triple=i686-linux-android24 ;;
    esac
    mkdir -p "$dir/lib/lib/$abi"
    native "$triple" "$page" "$dir/lib/lib/$abi/libanswer.so"
  done
  if [ "$bundle" = 1 ]; then
    mkdir -p "$dir/aab/base/manifest"
    (cd "$dir/aab/base" && unzip -q "$dir/linked.apk" && mv AndroidManifest.xml manifest/)
    [ -d "$dir/lib/lib" ] && cp -r "$dir/lib/lib" "$dir/aab/base/lib"
    echo 'bundletool { version: "1.17.2" }' | protoc -I Sources/ArtifactKit/Protobuf --encode=playprep.bundletool.BundleConfig \
      bundle_config.proto >"$dir/aab/BundleConfig.pb"
    if [ "$metadata" = 1 ]; then
      local meta="$dir/aab/BUNDLE-METADATA/com.android.tools.build"
      mkdir -p "$meta.obfuscation"
      printf 'com.playprep.sample.MainActivity -> a.a:\n' >"$meta.obfuscation/proguard.map"
      for abi in $abis; do
        mkdir -p "$meta.debugsymbols/$abi"
        cp "$dir/lib/lib/$abi/libanswer.so" "$meta.debugsymbols/$abi/libanswer.so.sym"
      done
    fi
    (cd "$dir/aab" && zip -q -r -X -D "$OLDPWD/$out/$name.aab" BundleConfig.pb base $( [ "$metadata" = 1 ] && echo BUNDLE-METADATA))
    if [ "$schemes" != none ]; then sign_bundle "$out/$name.aab" "$key"; fi
    return
  fi
  # Native libraries go in uncompressed (extractNativeLibs="false"), as AGP packages them for API 23+.
  if [ -n "$abis" ]; then (cd "$dir/lib" && zip -q -0 -r "$dir/linked.apk" lib); fi
  sign_and_align "$dir/linked.apk" "$align" "$out/$name.apk" "$key" "$schemes"
}

build release                                            # passes every ART rule
build release-v4 --version 4 1.3.0                       # a release whose notes the SampleApp listing lacks
build debuggable --application-extra 'android:debuggable="true"'
build test-only --application-extra 'android:testOnly="true"'
build old-target --sdk 24 33                             # below Play's target API level
build min-above-target --sdk 30 29
build wear-target-35 --sdk 30 35 --manifest-extra '<uses-feature android:name="android.hardware.type.watch" />' \
  --abis ""                                              # Wear OS apps may target one level lower
build no-version --no-version
build reserved-package --package com.example.sample      # Play refuses com.example (PKG006)
build only-32-bit --abis "armeabi-v7a"                   # no arm64-v8a beside armeabi-v7a
build page-4k --page 4096 --align 4                      # ELF segments and zip entries aligned to 4 KB only
build release --bundle                                   # the same app as a bundle: passes every ART rule
build debuggable --bundle --application-extra 'android:debuggable="true"'
build only-32-bit --bundle --abis "armeabi-v7a"
build page-4k --bundle --page 4096                       # ELF segments only: bundletool decides zip alignment
build ninepatch-overflow --overflow                      # aapt2 wraps npTc's counts: consistent, but 2 spans
build unsigned --unsigned                                # Play refuses an unsigned upload
build unsigned --bundle --unsigned
build debug-signed --key debug                           # the Android debug certificate's subject
build short-lived --key short-lived                      # a certificate that expires before 2033-10-22
build v1-only --v1-only                                  # target 36 with only a JAR signature
build no-metadata --bundle --no-metadata                 # no ProGuard map, no native debug symbols

# The icon and label ids the manifest names, with a resources.arsc from a build that has neither: what a
# broken resource shrinker or a hand-merged APK ships.
mkdir -p "$work/bare/res/values"
echo '<resources><string name="other">Other</string></resources>' >"$work/bare/res/values/strings.xml"
aapt2 compile --dir "$work/bare/res" -o "$work/bare.zip"
printf '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.playprep.sample"/>\n' \
  >"$work/bare/AndroidManifest.xml"
aapt2 link -I "$framework" --manifest "$work/bare/AndroidManifest.xml" -o "$work/bare/bare.apk" "$work/bare.zip"
cp "$work/release-0/linked.apk" "$work/unresolved.apk"
(cd "$work/bare" && unzip -q -o bare.apk resources.arsc && zip -q -0 "$work/unresolved.apk" resources.arsc)
sign_and_align "$work/unresolved.apk" 16384 "$out/unresolved-icon.apk"

# A native library cut short, as an interrupted copy into the build leaves it: a real arm64 library from clang,
# truncated after its ELF header, so its program headers lie past the end of the file (ART012).
mkdir -p "$work/corrupt/lib/arm64-v8a"
native aarch64-linux-android24 16384 "$work/corrupt/full.so"
head -c 200 "$work/corrupt/full.so" >"$work/corrupt/lib/arm64-v8a/libanswer.so"
cp "$work/release-0/linked.apk" "$work/corrupt-native.apk"
(cd "$work/corrupt" && zip -q -0 "$work/corrupt-native.apk" lib/arm64-v8a/libanswer.so)
sign_and_align "$work/corrupt-native.apk" 16384 "$out/corrupt-native.apk"

# A compiled NinePatch whose pixels were rewritten at another size while its private chunks were copied, as an
# image optimiser run on the built APK can do: aapt2's own npTc of title_bar (17x65) on the 261x3 many_stripes
# image, which is lower than title_bar's vertical stretch span. No Android tool writes this, so the chunks are moved with python3 between aapt2 outputs.
cp "$work/ninepatch-overflow-0/linked.apk" "$work/mismatch.apk"
(cd "$work" && rm -rf mismatch && mkdir mismatch && cd mismatch && unzip -q ../mismatch.apk 'res/drawable-mdpi-v4/*')
python3 - "$work/mismatch/res/drawable-mdpi-v4" <<'PY'
import struct, sys
folder = sys.argv[1]
def chunks(data):
    at, out = 8, []
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        out.append((kind, data[at:at + 12 + length]))
        at += 12 + length
    return data[:8], out
_, source = chunks(open(f"{folder}/title_bar.9.png", "rb").read())
signature, target = chunks(open(f"{folder}/many_stripes.9.png", "rb").read())
patch = dict(source)[b"npTc"]
open(f"{folder}/many_stripes.9.png", "wb").write(
    signature + b"".join(patch if kind == b"npTc" else raw for kind, raw in target))
PY
(cd "$work/mismatch" && zip -q -0 "$work/mismatch.apk" res/drawable-mdpi-v4/many_stripes.9.png)
sign_and_align "$work/mismatch.apk" 16384 "$out/ninepatch-mismatch.apk"

# Malformed archives: each must be refused in one line before anything is extracted.
# Signatures cut short: the APK Signing Block's first pair claims more bytes than the block holds, and a JAR
# signature file ends halfway through its certificate.
python3 - "$out" <<'PY'
import struct, sys, zipfile
out = sys.argv[1]
data = bytearray(open(f"{out}/release.apk", "rb").read())
end = data.rindex(b"PK\x05\x06")
directory = struct.unpack("<I", data[end + 16:end + 20])[0]
size = struct.unpack("<Q", data[directory - 24:directory - 16])[0]
start = directory - size - 8
data[start + 8:start + 16] = struct.pack("<Q", size * 2)
open(f"{out}/truncated-signing-block.apk", "wb").write(data)
with zipfile.ZipFile(f"{out}/v1-only.apk") as source, \
        zipfile.ZipFile(f"{out}/truncated-certificate.apk", "w", zipfile.ZIP_DEFLATED) as target:
    for info in source.infolist():
        body = source.read(info)
        if info.filename.upper().endswith(".RSA"):
            body = body[:len(body) // 2]
        target.writestr(info, body)
PY
head -c 3000 "$out/release.apk" >"$out/truncated.apk"
printf 'This is a text file, not an APK.\n' >"$out/not-a-zip.apk"
python3 - "$out" <<'PY'
import sys, zipfile
out = sys.argv[1]
# 64 MiB of zeros deflate to about 64 KB: a ratio over 1000.
with zipfile.ZipFile(f"{out}/zip-bomb.apk", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    z.writestr("AndroidManifest.xml", b"\0" * (64 << 20))
with zipfile.ZipFile(f"{out}/path-traversal.apk", "w") as z:
    z.writestr("AndroidManifest.xml", b"")
    z.writestr("../../escaped.txt", b"outside the folder")
PY
ls -l "$out"
