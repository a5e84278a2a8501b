#!/usr/bin/env bash
# The pre-commit hook `playprep` (.pre-commit-hooks.yaml): pre-commit passes the staged files it selected.
#   * NinePatches (*.9.png): `playprep ninepatch check FILE...`, all in one run.
#   * Store listing text: `playprep listing check DIR` once for each listing folder the files belong to
#     (fastlane's .../metadata/android, Gradle Play Publisher's <module>/src/<set>/play), deduplicated.
#   * With `--since REF` first (the hook's `args: [--since, REF]`): a staged build file, manifest or version
#     catalog runs `playprep check . --since REF` once (versionCode raised, applicationIds kept, …).
# playprep is taken from $PLAYPREP, else from PATH. Exits 0 when every run passed, else the highest status
# (1 problems found, 2 playprep could not run).
set -uo pipefail

playprep="${PLAYPREP:-playprep}"
if ! command -v "$playprep" >/dev/null 2>&1; then
  echo "playprep hook: '$playprep' is not on PATH: install a release tarball (see playprep's README) or set PLAYPREP" >&2
  exit 2
fi

since=""
if [ "${1:-}" = "--since" ]; then
  since="${2:?playprep hook: --since needs a git reference (a tag, branch, commit or last-tag)}"
  shift 2
fi

ninepatches=()
listings=()
build_changed=""
declare -A seen=()
for file in "$@"; do
  folder=""
  if [[ "$file" =~ (^|/)(build\.gradle(\.kts)?|AndroidManifest\.xml|[^/]*\.versions\.toml)$ ]]; then
    build_changed=1
    continue
  elif [[ "$file" == *.9.png ]]; then
    ninepatches+=("$file")
    continue
  elif [[ "$file" =~ ^(.*/)?metadata/android/ ]]; then
    folder="${BASH_REMATCH[0]%/}"
  elif [[ "$file" =~ ^(.*/)?src/[^/]+/play/ ]]; then
    folder="${BASH_REMATCH[0]%/}"
  elif [[ "$file" == */play/* ]]; then
    folder="${file%%/play/*}/play"
  fi
  if [ -n "$folder" ] && [ -z "${seen[$folder]:-}" ]; then
    seen[$folder]=1
    listings+=("$folder")
  fi
done

worst=0
record() { if [ "$1" -gt "$worst" ]; then worst="$1"; fi; }
if [ "${#ninepatches[@]}" -gt 0 ]; then
  "$playprep" ninepatch check -- "${ninepatches[@]}"
  record $?
fi
for folder in "${listings[@]}"; do
  echo "playprep listing check $folder"
  "$playprep" listing check "$folder"
  record $?
done
if [ -n "$since" ] && [ -n "$build_changed" ]; then
  echo "playprep check . --since $since"
  "$playprep" check . --since "$since"
  record $?
fi
exit "$worst"
