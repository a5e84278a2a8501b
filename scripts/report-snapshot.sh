#!/usr/bin/env bash
# Records every report playprep writes on TestImages, the shared corpus and the shared projects into one folder,
# so a refactor can prove it changed no behaviour:
#
#   scripts/report-snapshot.sh BINARY OUT_DIR [SHARED_DIR]
#   diff -r before/ after/        # must print nothing
#
# Each command's standard output, standard error and exit status go to one file named after the command. Paths
# in the output are relative to the repository, so snapshots of two checkouts compare directly.
set -uo pipefail

binary=$(realpath "$1")
out=$(realpath -m "$2")
shared=$(realpath -m "${3:-../shared}")
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
cd "$repo"
# Projects and corpus folders are reached through a link, so every path reads "shared/...".
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$shared" "$repo/.snapshot-shared"
trap 'rm -rf "$work" "$repo/.snapshot-shared"' EXIT
s=.snapshot-shared
# The HTML report's header dates the check: a fixed date keeps it byte for byte.
export SOURCE_DATE_EPOCH=0

run() { # name, command...
    local name=$1; shift
    { "$binary" "$@"; echo "exit $?"; } > "$out/$name.out" 2> "$out/$name.err"
    # The one line that differs between runs: how long the check took.
    sed -i -E 's/ in ([0-9]+s )?[0-9.]+ ?(ms|s)$/ in (time)/' "$out/$name.err"
}

rule_ids() { # python filter over `rules --format json`
    "$binary" rules --format json | python3 -c "import json,sys; print(','.join(r['id'] for f in json.load(sys.stdin)['families'] for r in f['rules'] if $1))"
}
optin_ids=$(rule_ids "not r['enabledByDefault']")
formats=(text json sarif junit github codeclimate html)
projects=(TestImages/SampleApp TestImages/BrokenApp)
for project in "$s"/corpus/projects/*/; do projects+=("${project%/}"); done
for project in "${projects[@]}"; do
    key=$(basename "$project")
    for format in "${formats[@]}"; do run "check-$key-$format" check "$project" --format "$format"; done
    run "check-$key-all-rules" check "$project" --format json --aapt1 --all-changelogs --enable "$optin_ids"
done

ninepatches=$(find TestImages -name '*.9.png' -o -name '*.png' -path '*crafted*' | sort)
# shellcheck disable=SC2086
for format in text json sarif; do
    run "ninepatch-testimages-$format" ninepatch check $ninepatches --format "$format"
    run "ninepatch-testimages-$format-optin" ninepatch check $ninepatches --format "$format" --enable "$optin_ids"
done
for folder in "$s"/corpus/ninepatch/*/; do
    key=$(basename "$folder")
    run "ninepatch-corpus-$key" ninepatch check "$folder" --format json
    run "inspect-corpus-$key" ninepatch inspect $(find "$folder" -name '*.9.png' | sort | head -40) --format json
done
run "inspect-testimages" ninepatch inspect $(find TestImages/crafted TestImages/problems -name '*.9.png' | sort) --format json

for listing in "$s"/corpus/listings/*/ TestImages/listings/*/; do
    key=$(basename "$listing")
    for format in text json sarif; do run "listing-$key-$format" listing check "$listing" --format "$format"; done
    run "listing-$key-fdroid" listing check "$listing" --store fdroid --all-changelogs
done

run package-good package check org.example.app com.example.app android.foo io.1bad my-app.x Com.Foo.Bar
run package-namespace package check --namespace org.example.do com.google.x
run package-expect package check org.a.b --expect org.a.c --format sarif

for artifact in TestImages/artifacts/*.apk TestImages/artifacts/*.aab; do
    key=$(basename "$artifact")
    run "artifact-$key" artifact check "$artifact" --format json --target-sdk 35
    run "artifact-$key-text" artifact check "$artifact" --target-sdk 35
done

run rules rules
run rules-json rules --format json
for id in $(rule_ids True | tr , ' '); do
    run "rule-$id" rules "$id"
    run "rule-$id-json" rules "$id" --format json
done

# Pictures: renders, previews, compiled files and decompiled ones, byte for byte.
for image in TestImages/crafted/basic.9.png TestImages/crafted/multi_stretch.9.png TestImages/problems/bad_patch.9.png; do
    key=$(basename "$image" .9.png)
    run "render-$key" ninepatch render "$image" --size 97x45 --size 13x300 --output "$work/$key-render-{size}.png" --overlay --force
    run "preview-$key" ninepatch preview "$image" --output "$work/$key-preview.png" --force
    run "compile-$key" ninepatch compile "$image" --output "$work/$key.png" --force
    run "decompile-$key" ninepatch decompile "$work/$key.png" --output "$work/$key-decompiled.9.png" --force
done
for picture in "$work"/*.png; do sha256sum < "$picture" > "$out/picture-$(basename "$picture").sha256"; done
echo "snapshot: $(ls "$out" | wc -l) files in $out"
