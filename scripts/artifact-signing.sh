# Signing steps shared by scripts/make-artifacts.sh and scripts/make-declaration-artifacts.sh, so that every
# fixture is signed as a release build is: sourced, not run. The caller sets signing_keys to the folder of
# keystores (TestImages/artifacts/keys: PKCS12, store and key password "playprep", alias = file name).

# sign_bundle AAB [KEY]: a bundle's JAR signature, as AGP signs an AAB (jarsigner).
sign_bundle() {
  jarsigner -keystore "$signing_keys/${2:-upload}.jks" -storepass playprep "$1" "${2:-upload}" >/dev/null
}

# sign_and_align IN ALIGNMENT OUT [KEY] [all|v2|v1|none]: apksigner's v2 and v3 signatures, as AGP signs for
# minSdk 24+. This apksigner stores .so entries on 4 KB pages (it has no --lib-page-alignment), so a stored
# padding entry (0, 4, 8 or 12 KB) is put before lib/ until the 64-bit libraries land on 16 KB boundaries, and
# the result is checked. --align 4 and v1 keep the classic order of the 4 KB fixtures, JAR (v1) signing then
# zipalign (-p for 4), and none only zipaligns.
sign_and_align() {
  local key=${4:-upload} schemes=${5:-all}
  if [ "$2" = 4 ] || [ "$schemes" = v1 ]; then
    apksigner sign --ks "$signing_keys/$key.jks" --ks-pass pass:playprep --v1-signing-enabled true \
      --v2-signing-enabled false --v3-signing-enabled false --out "$1.signed" "$1"
    if [ "$2" = 4 ]; then zipalign -f -p 4 "$1.signed" "$3"; else zipalign -f "$2" "$1.signed" "$3"; fi
    return
  fi
  if [ "$schemes" = none ]; then zipalign -f "$2" "$1" "$3"; return; fi
  local libs="$1.libs" pad
  rm -rf "$libs" && mkdir -p "$libs"
  (cd "$libs" && unzip -q "$1" 'lib/*' 2>/dev/null || true)
  for pad in 0 4096 8192 12288; do
    cp "$1" "$1.try"
    if [ -d "$libs/lib" ]; then
      zip -q -d "$1.try" 'lib/*'
      if [ "$pad" != 0 ]; then head -c "$pad" /dev/zero >"$libs/padding"; (cd "$libs" && zip -q -0 "$1.try" padding); fi
      (cd "$libs" && zip -q -0 -r "$1.try" lib)
    fi
    zipalign -f "$2" "$1.try" "$1.aligned"
    apksigner sign --ks "$signing_keys/$key.jks" --ks-pass pass:playprep --v1-signing-enabled false \
      --v2-signing-enabled true --v3-signing-enabled true --out "$3" "$1.aligned"
    rm -f "$3.idsig"
    python3 - "$3" <<'PY' && return
import struct, sys, zipfile
data = open(sys.argv[1], "rb").read()
for info in zipfile.ZipFile(sys.argv[1]).infolist():
    if info.filename.startswith(("lib/arm64-v8a/", "lib/x86_64/")) and info.compress_type == 0:
        name, extra = struct.unpack("<HH", data[info.header_offset + 26:info.header_offset + 30])
        if (info.header_offset + 30 + name + extra) % 16384:
            sys.exit(1)
PY
  done
  echo "artifact-signing: no padding puts $3's 64-bit libraries on 16 KB pages" >&2
  exit 1
}
