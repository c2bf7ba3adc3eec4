#!/usr/bin/env bash
# The documentation gate (.ci/run runs it after the build and the CloudKit stand-in's tests):
# 1. every top-level public symbol of every library product is in a topic group of its module's DocC catalog
#    (Tools/Docs/CurationCheck.swift says which symbol, and on which page and under which group to add it);
# 2. every library product's reference builds with no warning, as static HTML (DocC's static hosting layout) in
#    .build/documentation/<Module>/, and each module's pages are there (open: CONTRIBUTING.md, "Documentation").
# On Linux RecordKitCloudKit is empty and RecordKitSync lacks its CloudKit adapters (no CloudKit): their catalogs
# are checked and built against the symbol graphs of their sources as Tools/CloudKitStandIn compiles them, renamed.
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
if [ "$(uname -s)" != Darwin ]; then
    # The sources as the stand-in compiles them (modules RecordKitCloudKitOnStandIn, RecordKitSyncOnStandIn, whose
    # CloudKit adapters exist only there), renamed.
    standin=Tools/CloudKitStandIn
    run_logged standin swift build --package-path "$standin" --target RecordKitSyncOnStandIn
    bin=$(swift build --package-path "$standin" --show-bin-path)
    for module in RecordKitCloudKit RecordKitSync; do
        mkdir "$work/$module-standin" "$work/$module-graphs"
        run_logged "extract-$module" swift symbolgraph-extract -module-name "${module}OnStandIn" \
            -target "$(basename "$(dirname "$bin")")" -module-cache-path "$bin/ModuleCache" -I "$bin/Modules" \
            -Xcc -fmodule-map-file="$standin/.build/checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap" \
            -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
            -output-dir "$work/$module-standin"
        for file in "$work/$module-standin"/*.symbols.json; do
            name=$(basename "$file")
            sed -e 's/RecordKitCloudKitOnStandIn/RecordKitCloudKit/g' -e 's/RecordKitSyncOnStandIn/RecordKitSync/g' "$file" \
                >"$work/$module-graphs/${name/${module}OnStandIn/$module}"
        done
        overrides+=(--graph "$module=$work/$module-graphs/$module.symbols.json")
    done
fi

swift "$check" --package "$work/package.json" --symbol-graphs "$graphs" ${overrides[@]+"${overrides[@]}"}
[ "${1:-}" = "--curation-only" ] && exit 0

# Every library product's documentation, with no warning (docc's warnings name the file and line), as static HTML.
failed=0
site=.build/documentation
rm -rf "$site"
mkdir -p "$site"
for module in $(swift "$check" --package "$work/package.json" --list-modules); do
    log="$work/docs-$module.log"
    start=$SECONDS
    if [ -d "$work/$module-graphs" ]; then
        docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$work/$module-graphs" \
            --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
            --transform-for-static-hosting --output-path "$site/$module" >"$log" 2>&1 || failed=1
    else
        swift package --allow-writing-to-directory "$site" generate-documentation --target "$module" \
            --transform-for-static-hosting --output-path "$site/$module" >"$log" 2>&1 || failed=1
    fi
    # The static site: its entry page and the module's own page (DocC lower-cases the module name in URLs).
    page="$site/$module/documentation/$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')/index.html"
    for file in "$site/$module/index.html" "$page"; do
        if [ ! -s "$file" ]; then
            echo "error: the static documentation of $module lacks $file" >&2
            failed=1
        fi
    done
    # A dependency's own package warning (a file in its checkout SwiftPM does not handle, as swift-distributed-tracing's
    # CMakeLists.txt under AsyncHTTPClient and Hummingbird) is not ours to fix; every other warning, and that one about
    # this package, fails the gate.
    if grep -E "(warning|error):" "$log" | grep -qvE "^warning: '[^']+': found [0-9]+ file\(s\) which are unhandled" \
        || grep -qiE "^warning: 'recordkit': found" "$log"; then
        grep -vE "^\[[0-9]+/[0-9]+\]" "$log" >&2
        echo "error: the documentation of $module has warnings or errors (above)" >&2
        failed=1
    fi
    echo "docs: $module built in $((SECONDS - start)) s"
done
exit "$failed"
