#!/bin/sh
# Builds "today's save" of issue 25 (the store as it was when the issue was filed, commit 3739d63): that commit's
# StoreBenchmark with two modes of the current benchmarks added (store-benchmark-3739d63.patch, which changes
# nothing else), in release, in a clone of this repository at FOLDER (default /tmp/recordkit-save-baseline):
# - `--bulk-save-only`, the bulk save of StoreBenchmark's notes;
# - `--single-save-only`, StoreQueryBenchmark's single-book saves. Its measuring code (SingleSaveProfile.swift) and
#   books (BookSample.swift) are copied from this checkout's StoreQueryBenchmark, so both sides run the same code;
#   the Book, Format and Series models are that commit's own generated Bookshop models (its generator's goldens).
# Prints the binary's path, for `StoreBenchmark --baseline PATH` or `--save-goal PATH` (the bulk save) and
# `StoreQueryBenchmark --baseline PATH` or `--save-goal PATH` (the single-book save).
#
# Tools/Benchmarks/Baselines/build-save-baseline.sh [FOLDER]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
folder=${1:-/tmp/recordkit-save-baseline}
"$here/checkout-3739d63.sh" "$folder" store-benchmark-3739d63.patch
sources="$folder/Tools/Benchmarks/Sources/StoreBenchmark"
cp "$here/../Sources/StoreQueryBenchmark/BookSample.swift" "$here/../Sources/StoreQueryBenchmark/SingleSaveProfile.swift" "$sources/"
cp "$folder/Tests/RecordKitGeneratorTests/Reference/Bookshop/"*.swift "$sources/"
swift build -c release --package-path "$folder/Tools/Benchmarks" --product StoreBenchmark >&2
echo "$folder/Tools/Benchmarks/.build/release/StoreBenchmark"
