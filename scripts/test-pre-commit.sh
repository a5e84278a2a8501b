#!/usr/bin/env bash
# scripts/test-pre-commit.sh [--binary PATH]
#
# Tests the pre-commit hook (.pre-commit-hooks.yaml) with the real pre-commit (.venv-ci, or PATH): a temporary
# git repository installs the hook from this checkout (`repo:` its path, `rev:` its HEAD commit, so the hook
# is tested as committed; the manifest is validated first), with playprep on PATH and PRE_COMMIT_HOME in a temporary folder. Committing
#   * TestImages/problems/three_problems.9.png as res/drawable/x.9.png is blocked, with playprep's errors;
#   * a good NinePatch from TestImages/SampleApp in its place passes;
#   * a fastlane title over Play's 30 characters passes while nothing in the repository uploads the tree (F-Droid
#     reads it), and is blocked once a workflow runs the lane that uploads it to Play; a short one passes;
#   * so is a Gradle Play Publisher title where the app applies GPP (its src/main/play folder is checked);
#   * a file the hook does not select skips it;
#   * with `args: [--since, v1]`, a staged build file whose versionCode was not raised since the tag v1, of an app
#     a workflow's lane builds and uploads, is blocked (REL001), and passes once raised.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    *) echo "usage: scripts/test-pre-commit.sh [--binary PATH]" >&2; exit 2 ;;
  esac
done
if [ -z "$binary" ]; then
  binary="$(python3 scripts/playprep_build.py | tail -n 1)"
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
if [ -d "$ROOT/.venv-ci/bin" ]; then PATH="$ROOT/.venv-ci/bin:$PATH"; fi
command -v pre-commit >/dev/null || { echo "test-pre-commit: pre-commit not found (pip install -r scripts/ci-requirements.txt)" >&2; exit 2; }

pre-commit validate-manifest .pre-commit-hooks.yaml
echo "  ok: pre-commit validate-manifest .pre-commit-hooks.yaml"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
rev="$(git rev-parse HEAD)"
if ! git diff --quiet HEAD -- .pre-commit-hooks.yaml scripts/pre-commit-playprep.sh; then
  echo "test-pre-commit: note: the hook files have uncommitted changes; the test uses them as committed in $rev" >&2
fi

# playprep on PATH, pre-commit's cache in the temporary folder, no user or system git configuration.
mkdir -p "$tmp/bin"
ln -s "$binary" "$tmp/bin/playprep"
export PATH="$tmp/bin:$PATH"
export PRE_COMMIT_HOME="$tmp/pre-commit-home"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.invalid
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.invalid

app="$tmp/app"
git init -q "$app"
cat >"$app/.pre-commit-config.yaml" <<EOF
repos:
  - repo: $ROOT
    rev: $rev
    hooks:
      - id: playprep
EOF
cd "$app"
git add .pre-commit-config.yaml
git commit -q --no-verify -m "pre-commit configuration"
pre-commit --version
pre-commit install

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok: $*"; }
failure() { failed=$((failed + 1)); echo "  FAILED: $*" >&2; }
# commit EXPECT MESSAGE: `git commit` (running the hook); EXPECT is pass or block; the output is shown indented.
commit() {
  local expect="$1" message="$2" status=0 before
  before="$(git rev-parse HEAD)"
  git commit -m "$message" >"$tmp/commit.log" 2>&1 || status=$?
  sed 's/^/    /' "$tmp/commit.log"
  if [ "$expect" = block ]; then
    if [ "$status" != 0 ] && [ "$(git rev-parse HEAD)" = "$before" ]; then
      pass "blocked (git commit exit $status): $message"
    else
      failure "not blocked (exit $status): $message"
    fi
  elif [ "$status" = 0 ] && [ "$(git rev-parse HEAD)" != "$before" ]; then
    pass "committed: $message"
  else
    failure "not committed (exit $status): $message"
  fi
}
expect_output() { if grep -qE "$1" "$tmp/commit.log"; then pass "output has /$1/"; else failure "output lacks /$1/"; fi; }

mkdir -p res/drawable
cp "$ROOT/TestImages/problems/three_problems.9.png" res/drawable/x.9.png
git add res/drawable/x.9.png
commit block "res/drawable/x.9.png with three frame problems"
expect_output '^playprep \(NinePatches, Play listing text\)\.+Failed'
expect_output 'error\[NP003\]'
expect_output 'res/drawable/x.9.png'

cp "$ROOT/TestImages/SampleApp/app/src/main/res/drawable-hdpi/title_bar_medium.9.png" res/drawable/x.9.png
git add res/drawable/x.9.png
commit pass "res/drawable/x.9.png replaced by a good NinePatch"
expect_output '^playprep \(NinePatches, Play listing text\)\.+Passed'

listing=fastlane/metadata/android/en-US
mkdir -p "$listing"
printf 'A title that is much too long for the Play Store\n' >"$listing/title.txt"
printf 'Checks NinePatches.\n' >"$listing/short_description.txt"
printf 'Checks NinePatches and store listings.\n' >"$listing/full_description.txt"
git add fastlane
commit pass "a fastlane title of 48 characters in a tree only F-Droid reads"
expect_output '^playprep \(NinePatches, Play listing text\)\.+Passed'

printf 'A title that is much too long for the Play Store, now uploaded\n' >"$listing/title.txt"
cat >fastlane/Fastfile <<'EOF'
platform :android do
  lane :deploy do
    upload_to_play_store(track: "internal")
  end
end
EOF
mkdir -p .github/workflows
cat >.github/workflows/release.yml <<'EOF'
on:
  push:
    tags: ["v*"]
jobs:
  release:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: bundle exec fastlane deploy
EOF
git add fastlane .github
commit block "a fastlane title over 30 characters in a tree a workflow uploads to Play"
expect_output 'error\[TXT001\]'
expect_output 'playprep listing check fastlane/metadata/android$'
expect_output 'shown: .github/workflows/release.yml:9'

printf 'playprep\n' >"$listing/title.txt"
git add fastlane
commit pass "the title shortened"

gpp=app/src/main/play/listings/en-US
mkdir -p "$gpp"
printf 'Another title much too long for Play\n' >"$gpp/title.txt"
printf "include ':app'\n" >settings.gradle
cat >app/build.gradle <<'EOF'
plugins {
    id 'com.android.application'
    id 'com.github.triplet.play' version '3.12.1'
}
android {
    namespace 'org.example.app'
    defaultConfig { applicationId 'org.example.app' }
}
EOF
git add app settings.gradle
commit block "a Gradle Play Publisher title of 36 characters"
expect_output 'playprep listing check app/src/main/play$'
expect_output 'app/src/main/play/listings/en-US/title.txt'
git rm -q --cached "$gpp/title.txt" app/build.gradle settings.gradle
rm -r app settings.gradle

printf 'notes\n' >README.txt
git add README.txt
commit pass "a file the hook does not select"
expect_output '^playprep \(NinePatches, Play listing text\)\.+\(no files to check\)Skipped'

cat >.pre-commit-config.yaml <<EOF
repos:
  - repo: $ROOT
    rev: $rev
    hooks:
      - id: playprep
        args: [--since, v1]
EOF
mkdir -p app
printf "include ':app'\n" >settings.gradle
printf "plugins { id 'com.android.application' }\nandroid {\n    defaultConfig {\n        applicationId 'org.example.hook'\n        versionCode 1\n    }\n}\n" >app/build.gradle
# The workflow's lane builds the release bundle before uploading it: Play receives that variant, so REL001 is an
# error (a variant nothing uploads is judged by nobody).
cat >fastlane/Fastfile <<'EOF'
platform :android do
  lane :deploy do
    gradle(task: "bundle", build_type: "Release")
    upload_to_play_store(track: "internal")
  end
end
EOF
git add .pre-commit-config.yaml settings.gradle app fastlane/Fastfile
git commit -q --no-verify -m "release 1"
git tag v1
printf '// a change that keeps versionCode 1\n' >>app/build.gradle
git add app/build.gradle
commit block "a build file change without raising versionCode since v1"
expect_output 'playprep check \. --since v1'
expect_output 'error\[REL001\]'
sed -i 's/versionCode 1/versionCode 2/' app/build.gradle
git add app/build.gradle
commit pass "versionCode raised since v1"

echo "test-pre-commit: $passed passed, $failed failed"
[ "$failed" = 0 ]
