#!/usr/bin/env bash
# Runs `playprep check` for the GitHub Action (action.yml); testable outside GitHub (scripts/test-action.sh).
#
# Environment (from the action's inputs):
#   PLAYPREP          the binary (action-install.sh's output)
#   PLAYPREP_PATH     the project folder (default .)
#   PLAYPREP_FORMAT   github (annotations on the files, the default) or sarif (writes playprep.sarif)
#   PLAYPREP_BASELINE a baseline file (optional)
#   PLAYPREP_SINCE    a git reference or last-tag to compare the release with (--since; optional)
#   PLAYPREP_ARGS     more options for playprep check, split on whitespace (optional)
# With sarif, writes `sarif-file=PATH` to $GITHUB_OUTPUT before checking, so an upload step with
# `if: always()` finds the report even when the check fails. Exits with playprep's status.
set -euo pipefail

playprep="${PLAYPREP:-playprep}"
arguments=(check "${PLAYPREP_PATH:-.}")
case "${PLAYPREP_FORMAT:-github}" in
  github) arguments+=(--format github) ;;
  sarif)
    sarif="$PWD/playprep.sarif"
    arguments+=(--format sarif --output "$sarif")
    if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "sarif-file=$sarif" >>"$GITHUB_OUTPUT"; fi
    ;;
  *)
    echo "::error title=playprep::format must be github or sarif, not '${PLAYPREP_FORMAT}'" >&2
    exit 2
    ;;
esac
if [ -n "${PLAYPREP_BASELINE:-}" ]; then arguments+=(--baseline "$PLAYPREP_BASELINE"); fi
if [ -n "${PLAYPREP_SINCE:-}" ]; then arguments+=(--since "$PLAYPREP_SINCE"); fi
if [ -n "${PLAYPREP_ARGS:-}" ]; then
  read -r -a extra <<<"$PLAYPREP_ARGS"
  arguments+=("${extra[@]}")
fi

echo "playprep ${arguments[*]}"
exec "$playprep" "${arguments[@]}"
