#!/bin/sh
# Builds "today's save" of issue 25 (the store as it was when the issue was filed, commit 3739d63): that commit's
# StoreBenchmark with the `--bulk-save-only` mode of the current one added (store-benchmark-3739d63.patch, which
# changes nothing else), in release, in a clone of this repository at FOLDER (default /tmp/recordkit-save-baseline).
# Prints the binary's path, for `StoreBenchmark --baseline PATH` or `--save-goal PATH`.
#
# Tools/Benchmarks/Baselines/build-save-baseline.sh [FOLDER]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
folder=${1:-/tmp/recordkit-save-baseline}
"$here/checkout-3739d63.sh" "$folder" store-benchmark-3739d63.patch
swift build -c release --package-path "$folder/Tools/Benchmarks" --product StoreBenchmark >&2
echo "$folder/Tools/Benchmarks/.build/release/StoreBenchmark"
