#!/usr/bin/env bash
# The documentation gate (.ci/run runs it after the build and the CloudKit stand-in's tests):
# 1. every top-level public symbol of every library product is in a topic group of its module's DocC catalog
#    (Tools/Docs/CurationCheck.swift says which symbol, and on which page and under which group to add it);
# 2. `swift package generate-documentation --target X` builds every library product with no warning.
# On Linux RecordKitCloudKit is empty (no CloudKit): its catalog is checked and built against the symbol graph of
# the bridge's own sources as Tools/CloudKitStandIn compiles them, renamed to RecordKitCloudKit.
# Usage: Tools/Docs/check-docs.sh [--curation-only]
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
check="Tools/Docs/CurationCheck.swift"

run_logged() { # name, command...: runs the command, prints its log only if it fails
    local log="$work/$1.log"; shift
    if ! "$@" >"$log" 2>&1; then cat "$log" >&2; echo "error: '$*' failed" >&2; exit 1; fi
}

Tools/Docs/test-curation-check.sh
swift package describe --type json >"$work/package.json" 2>"$work/describe.log" || { cat "$work/describe.log" >&2; exit 1; }
# dump-symbol-graph extracts every module, test modules included, so those must be built (a no-op in CI, which
# built them first); stale graphs are removed so that a module that lost its graph cannot pass on an old one.
run_logged build swift build --build-tests
rm -rf "$(swift build --show-bin-path)/../symbolgraph"
run_logged dump swift package dump-symbol-graph --skip-synthesized-members
graphs=$(sed -n 's/^Files written to //p' "$work/dump.log")
[ -d "$graphs" ] || { echo "error: dump-symbol-graph named no output folder" >&2; exit 1; }

overrides=()
cloudkit_graphs=""
if [ "$(uname -s)" != Darwin ]; then
    # The bridge's sources as the stand-in compiles them (module RecordKitCloudKitOnStandIn), renamed.
    standin=Tools/CloudKitStandIn
    run_logged standin swift build --package-path "$standin" --target RecordKitCloudKitOnStandIn
    bin=$(swift build --package-path "$standin" --show-bin-path)
    mkdir "$work/standin-graphs" "$work/cloudkit-graphs"
    run_logged extract swift symbolgraph-extract -module-name RecordKitCloudKitOnStandIn \
        -target "$(basename "$(dirname "$bin")")" -module-cache-path "$bin/ModuleCache" -I "$bin/Modules" \
        -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
        -output-dir "$work/standin-graphs"
    cloudkit_graphs="$work/cloudkit-graphs"
    for file in "$work/standin-graphs"/*.symbols.json; do
        name=$(basename "$file")
        sed 's/RecordKitCloudKitOnStandIn/RecordKitCloudKit/g' "$file" >"$cloudkit_graphs/${name/RecordKitCloudKitOnStandIn/RecordKitCloudKit}"
    done
    overrides=(--graph "RecordKitCloudKit=$cloudkit_graphs/RecordKitCloudKit.symbols.json")
fi

swift "$check" --package "$work/package.json" --symbol-graphs "$graphs" ${overrides[@]+"${overrides[@]}"}
[ "${1:-}" = "--curation-only" ] && exit 0

# Every library product's documentation, with no warning (docc's warnings name the file and line).
failed=0
for module in $(swift "$check" --package "$work/package.json" --list-modules); do
    log="$work/docs-$module.log"
    start=$SECONDS
    if [ "$module" = RecordKitCloudKit ] && [ -n "$cloudkit_graphs" ]; then
        docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$cloudkit_graphs" \
            --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
            --output-path "$work/$module.doccarchive" >"$log" 2>&1 || failed=1
    else
        swift package generate-documentation --target "$module" >"$log" 2>&1 || failed=1
    fi
    if grep -qE "(warning|error):" "$log"; then
        grep -vE "^\[[0-9]+/[0-9]+\]" "$log" >&2
        echo "error: the documentation of $module has warnings or errors (above)" >&2
        failed=1
    fi
    echo "docs: $module built in $((SECONDS - start)) s"
done
exit "$failed"
