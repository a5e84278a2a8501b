#!/usr/bin/env bash
# scripts/test-action.sh --binary PATH --tarball FILE.tar.gz
#
# Tests the GitHub Action without GitHub:
#   * actionlint on .github/workflows (it also checks the inputs that `uses: ./` passes against action.yml, and
#     runs shellcheck on the workflows' scripts);
#   * action.yml against the GitHub Action schema vendored in check-jsonschema;
#   * shellcheck on the scripts the action, the release and the pre-commit hook run;
#   * the action's two steps as action.yml runs them (scripts/action-install.sh, scripts/action-check.sh), with
#     GITHUB_OUTPUT/GITHUB_PATH files: installing the release tarball from a file:// URL with its .sha256 and
#     with a pinned sha256, refusing a wrong sha256 and a wrong version, the build from source (with a stand-in
#     swift: CI has already built the real binary), then checking TestImages/SampleApp
#     (github annotations, sarif with the sarif-file output) and TestImages/BrokenApp (annotations, exit 1), and
#     the since input on a git repository of SampleApp (versionCode not raised: exit 1; raised: exit 0).
# The tools come from .venv-ci (scripts/ci-requirements.txt), or PATH.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

binary=""
tarball=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --tarball) tarball="$2"; shift 2 ;;
    *) echo "usage: scripts/test-action.sh --binary PATH --tarball FILE.tar.gz" >&2; exit 2 ;;
  esac
done
[ -n "$binary" ] && [ -n "$tarball" ] || { echo "usage: scripts/test-action.sh --binary PATH --tarball FILE.tar.gz" >&2; exit 2; }
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
tarball="$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")"
if [ -d "$ROOT/.venv-ci/bin" ]; then PATH="$ROOT/.venv-ci/bin:$PATH"; fi
for tool in actionlint check-jsonschema shellcheck; do
  command -v "$tool" >/dev/null || { echo "test-action: $tool not found (pip install -r scripts/ci-requirements.txt)" >&2; exit 2; }
done

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok: $*"; }
failure() { failed=$((failed + 1)); echo "  FAILED: $*" >&2; }
# run WHAT COMMAND...: runs it showing its output, indented; passes on exit 0.
run() {
  local what="$1" status=0
  shift
  "$@" >"$tmp/run.out" 2>&1 || status=$?
  sed 's/^/    /' "$tmp/run.out"
  if [ "$status" = 0 ]; then pass "$what"; else failure "$what (exit $status)"; fi
}
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "actionlint $(actionlint -version | head -n 1), check-jsonschema $(check-jsonschema --version | awk '{print $NF}'), shellcheck $(shellcheck --version | awk '/^version/ {print $2}')"
run "actionlint .github/workflows/*.yml" actionlint -no-color .github/workflows/*.yml
run "check-jsonschema --builtin-schema vendor.github-actions action.yml" \
  check-jsonschema --builtin-schema vendor.github-actions action.yml
run "check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml" \
  check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
run "shellcheck on the release, action and hook scripts" shellcheck scripts/release.sh scripts/test-release.sh \
  scripts/action-install.sh scripts/action-check.sh scripts/test-action.sh scripts/pre-commit-playprep.sh \
  scripts/test-pre-commit.sh
while read -r script; do
  if [ -x "$script" ]; then pass "action.yml runs $script, which exists"; else failure "action.yml runs $script: missing"; fi
done < <(grep -oE 'scripts/action-[a-z]+\.sh' action.yml | sort -u)

# The steps, as action.yml runs them: a fresh GITHUB_OUTPUT and GITHUB_PATH per step.
step() { # step NAME SCRIPT [VAR=VALUE...]: runs the script with the action's environment; status in $status
  local name="$1" script="$2"
  shift 2
  : >"$tmp/$name.output"
  : >"$tmp/$name.path"
  status=0
  (cd "$tmp/workspace" && env GITHUB_OUTPUT="$tmp/$name.output" GITHUB_PATH="$tmp/$name.path" \
    RUNNER_TEMP="$tmp/runner-$name" PLAYPREP_ACTION_PATH="$ROOT" "$@" bash "$ROOT/$script") \
    >"$tmp/$name.log" 2>&1 || status=$?
  sed 's/^/    /' "$tmp/$name.log"
}
mkdir -p "$tmp/workspace"
version="$("$binary" --version)"
sha="$(cut -d ' ' -f 1 "$tarball.sha256")"

step install scripts/action-install.sh PLAYPREP_TARBALL_URL="file://$tarball" PLAYPREP_VERSION="$version"
installed="$(sed -n 's/^binary=//p' "$tmp/install.output")"
if [ "$status" = 0 ] && [ -x "$installed" ] && [ "$("$installed" --version)" = "$version" ] &&
  [ "$(cat "$tmp/install.path")" = "$(dirname "$installed")" ]; then
  pass "install from tarball-url (checked against URL.sha256): binary output and PATH entry"
else
  failure "install from tarball-url (exit $status, binary '$installed')"
fi
step pinned scripts/action-install.sh PLAYPREP_TARBALL_URL="file://$tarball" PLAYPREP_TARBALL_SHA256="$sha"
if [ "$status" = 0 ]; then pass "install with a pinned tarball-sha256"; else failure "pinned sha256 (exit $status)"; fi
step badsha scripts/action-install.sh PLAYPREP_TARBALL_URL="file://$tarball" PLAYPREP_TARBALL_SHA256="${sha//?/0}"
if [ "$status" != 0 ] && grep -q 'sha256 mismatch' "$tmp/badsha.log"; then
  pass "a wrong sha256 is refused"
else
  failure "a wrong sha256 was not refused (exit $status)"
fi
step badversion scripts/action-install.sh PLAYPREP_TARBALL_URL="file://$tarball" PLAYPREP_VERSION=9.9.9
if [ "$status" != 0 ] && grep -q 'reports' "$tmp/badversion.log"; then
  pass "a tarball of another version is refused"
else
  failure "a wrong version was not refused (exit $status)"
fi
step local scripts/action-install.sh PLAYPREP_VERSION="$version" PLAYPREP_ACTION_REPOSITORY=
if [ "$status" != 0 ] && grep -q 'tarball-url' "$tmp/local.log"; then
  pass "version without tarball-url in a local action asks for tarball-url"
else
  failure "version in a local action (exit $status)"
fi

# Without version or URL the action builds from its checkout. The real `swift build -c release` is not repeated
# here (CI has just built and tested the shipping binary); a stand-in swift records the calls and "builds" a copy.
mkdir -p "$tmp/fake-swift/bin" "$tmp/fake-swift/release"
cat >"$tmp/fake-swift/bin/swift" <<EOF
#!/usr/bin/env bash
echo "swift \$*" >>"$tmp/fake-swift/calls"
case " \$* " in
  *" --show-bin-path "*) echo "$tmp/fake-swift/release" ;;
  *) cp "$installed" "$tmp/fake-swift/release/playprep" ;;
esac
EOF
chmod +x "$tmp/fake-swift/bin/swift"
step source scripts/action-install.sh PATH="$tmp/fake-swift/bin:$PATH"
if [ "$status" = 0 ] && grep -qx "swift build -c release --package-path $ROOT --product playprep" "$tmp/fake-swift/calls" &&
  [ "$(sed -n 's/^binary=//p' "$tmp/source.output")" = "$tmp/fake-swift/release/playprep" ]; then
  pass "no version or URL: swift build -c release --package-path <action path>, binary from --show-bin-path"
else
  failure "build from source (exit $status)"
fi

cp -R "$ROOT/TestImages/SampleApp" "$ROOT/TestImages/BrokenApp" "$tmp/workspace/"
step github scripts/action-check.sh PLAYPREP="$installed" PLAYPREP_PATH=SampleApp PLAYPREP_FORMAT=github
if [ "$status" = 0 ]; then pass "format github on SampleApp exits 0"; else failure "format github on SampleApp (exit $status)"; fi
step sarif scripts/action-check.sh PLAYPREP="$installed" PLAYPREP_PATH=SampleApp PLAYPREP_FORMAT=sarif
sarif="$(sed -n 's/^sarif-file=//p' "$tmp/sarif.output")"
if [ "$status" = 0 ] && [ "$sarif" = "$tmp/workspace/playprep.sarif" ] &&
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["version"] == "2.1.0"' "$sarif"; then
  pass "format sarif writes playprep.sarif (SARIF 2.1.0) and the sarif-file output"
else
  failure "format sarif (exit $status, sarif-file '$sarif')"
fi
step broken scripts/action-check.sh PLAYPREP="$installed" PLAYPREP_PATH=BrokenApp PLAYPREP_ARGS="--strict"
if [ "$status" = 1 ] && grep -q '^::error file=BrokenApp/' "$tmp/broken.log"; then
  pass "BrokenApp: ::error annotations with workspace paths, exit 1"
else
  failure "BrokenApp (exit $status)"
fi
(cd "$tmp/workspace" && "$installed" check BrokenApp --write-baseline baseline.json >/dev/null 2>&1)
step baseline scripts/action-check.sh PLAYPREP="$installed" PLAYPREP_PATH=BrokenApp PLAYPREP_BASELINE=baseline.json
if [ "$status" = 0 ]; then pass "baseline input: BrokenApp against its baseline exits 0"; else failure "baseline (exit $status)"; fi
git -C "$tmp/workspace" init -q
git -C "$tmp/workspace" add SampleApp
git -C "$tmp/workspace" -c user.name=t -c user.email=t@example.invalid commit -q -m "release 3"
git -C "$tmp/workspace" tag v3
step since scripts/action-check.sh PLAYPREP="$installed" PLAYPREP_PATH=SampleApp PLAYPREP_SINCE=v3
if [ "$status" = 1 ] && grep -q '^::error file=SampleApp/app/build.gradle.kts,.*REL001' "$tmp/since.log"; then
  pass "since input: SampleApp against its own tag, versionCode not raised (REL001), exit 1"
else
  failure "since v3 (exit $status)"
fi
sed -i 's/versionCode = 3/versionCode = 4/' "$tmp/workspace/SampleApp/app/build.gradle.kts"
step since-raised scripts/action-check.sh PLAYPREP="$installed" PLAYPREP_PATH=SampleApp PLAYPREP_SINCE=last-tag
if [ "$status" = 0 ]; then pass "since input: versionCode raised since the last tag, exit 0"; else failure "since last-tag (exit $status)"; fi
step badformat scripts/action-check.sh PLAYPREP="$installed" PLAYPREP_FORMAT=xml
if [ "$status" = 2 ]; then pass "an unknown format is refused (exit 2)"; else failure "format xml (exit $status)"; fi

echo "test-action: $passed passed, $failed failed"
[ "$failed" = 0 ]
