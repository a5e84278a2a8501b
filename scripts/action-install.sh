#!/usr/bin/env bash
# Installs playprep for the GitHub Action (action.yml); testable outside GitHub (scripts/test-action.sh).
#
# Environment (from the action's inputs):
#   PLAYPREP_TARBALL_URL     a release tarball (scripts/release.sh) to install; its sha256 is checked
#   PLAYPREP_TARBALL_SHA256  the tarball's expected sha256; without it, URL.sha256 is downloaded and used
#   PLAYPREP_VERSION         a released version: without a URL, the tarball of that release of the action's own
#                            repository (PLAYPREP_ACTION_REPOSITORY) is installed; the binary must report it
#   PLAYPREP_ACTION_PATH     the action's checkout: with neither URL nor version, playprep is built from it
#                            with `swift build -c release`
# Writes `binary=PATH` to $GITHUB_OUTPUT and the binary's folder to $GITHUB_PATH (when set).
set -euo pipefail

fail() { echo "::error title=playprep install::$*" >&2; exit 1; }

url="${PLAYPREP_TARBALL_URL:-}"
expected_sha="${PLAYPREP_TARBALL_SHA256:-}"
version="${PLAYPREP_VERSION:-}"
version="${version#v}"
temp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"

if [ -z "$url" ] && [ -n "$version" ]; then
  [ "$(uname -s)" = Linux ] || fail "release tarballs are built for Linux; leave 'version' empty to build from source"
  repository="${PLAYPREP_ACTION_REPOSITORY:-}"
  [ -n "$repository" ] ||
    fail "'version' needs the action's repository to find the release; with a local action (uses: ./) give 'tarball-url'"
  url="${GITHUB_SERVER_URL:-https://github.com}/$repository/releases/download/v$version/playprep-$version-linux-$(uname -m).tar.gz"
fi

if [ -n "$url" ]; then
  install_dir="$temp/playprep-install"
  rm -rf "$install_dir"
  mkdir -p "$install_dir/bin"
  echo "Downloading $url"
  curl -fsSL --retry 3 -o "$install_dir/playprep.tar.gz" "$url" || fail "could not download $url"
  if [ -z "$expected_sha" ]; then
    curl -fsSL --retry 3 -o "$install_dir/playprep.tar.gz.sha256" "$url.sha256" ||
      fail "could not download $url.sha256 (or give 'tarball-sha256')"
    expected_sha="$(awk 'NR == 1 { print $1 }' "$install_dir/playprep.tar.gz.sha256")"
  fi
  actual_sha="$(sha256sum "$install_dir/playprep.tar.gz" | cut -d ' ' -f 1)"
  [ "${expected_sha,,}" = "$actual_sha" ] ||
    fail "sha256 mismatch for $url: expected $expected_sha, got $actual_sha"
  echo "sha256 $actual_sha: OK"
  tar -xzf "$install_dir/playprep.tar.gz" -C "$install_dir/bin" --strip-components=1
  binary="$install_dir/bin/playprep"
  [ -x "$binary" ] || fail "the tarball has no playprep binary at its top folder"
else
  package="${PLAYPREP_ACTION_PATH:?PLAYPREP_ACTION_PATH (the action checkout) is not set}"
  command -v swift >/dev/null 2>&1 || fail "building from source needs Swift 6 on the runner (or give 'version' / 'tarball-url')"
  if ! pkg-config --exists libpng 2>/dev/null && command -v apt-get >/dev/null 2>&1; then
    echo "Installing libpng-dev"
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends libpng-dev pkg-config >/dev/null
  fi
  echo "Building playprep from $package"
  swift build -c release --package-path "$package" --product playprep
  binary="$(swift build -c release --package-path "$package" --show-bin-path)/playprep"
fi

reported="$("$binary" --version)" || fail "$binary does not run"
if [ -n "$version" ] && [ "$reported" != "$version" ]; then
  fail "asked for playprep $version, the installed binary reports $reported"
fi
echo "playprep $reported at $binary"
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "binary=$binary" >>"$GITHUB_OUTPUT"; fi
if [ -n "${GITHUB_PATH:-}" ]; then dirname "$binary" >>"$GITHUB_PATH"; fi
