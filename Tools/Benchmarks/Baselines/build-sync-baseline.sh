#!/bin/sh
# Builds "today's sync" of issue 25 (the store and engine as they were when the issue was filed, commit 3739d63):
# that commit's SyncBenchmark with `--asset-folder` (the store owns asset files and each note names one real file,
# as every store does by default since 656dbb0), the CPU-time line and the `[count]` parsing of the current one
# added (sync-benchmark-3739d63.patch, which changes nothing else), in release, in a clone of this repository at
# FOLDER (default /tmp/recordkit-sync-baseline). Prints the binary's path, for `SyncBenchmark --goal --baseline PATH`.
#
# Tools/Benchmarks/Baselines/build-sync-baseline.sh [FOLDER]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
folder=${1:-/tmp/recordkit-sync-baseline}
"$here/checkout-3739d63.sh" "$folder" sync-benchmark-3739d63.patch
swift build -c release --package-path "$folder/Tools/Benchmarks" --product SyncBenchmark >&2
echo "$folder/Tools/Benchmarks/.build/release/SyncBenchmark"
