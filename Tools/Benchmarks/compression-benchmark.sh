#!/bin/bash
# LZFSE/LZVN decoding: RecordKitCompression against the reference decoder (PyPI lzfse 0.4.2.post1, the C
# implementation behind a Python binding), on the same streams in one run. Installs the Python package in a virtual
# environment under .build (nothing else on the machine is touched), extracts the 18 record streams of the real
# Core Data store (../shared/conformance, when present) next to the committed vectors, then runs the benchmark.
#   Tools/Benchmarks/compression-benchmark.sh [ROUNDS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$here/.build/compression-benchmark"
mkdir -p "$work/streams"
if [ ! -x "$work/venv/bin/python" ]; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install --quiet lzfse==0.4.2.post1
fi
cp "$root"/Tests/RecordKitCompressionTests/Vectors/*.bvx "$work/streams/"
store="$root/../shared/conformance/coredata-mirror/passepartoutvpn__passepartout__Profiles.sqlite"
if [ -f "$store" ]; then
    "$work/venv/bin/python" - "$store" "$work/streams" <<'PY'
import shutil, sqlite3, sys, tempfile, os
# Read a copy: opening the original, even read-only, may create -shm beside it.
folder = tempfile.mkdtemp()
copy = os.path.join(folder, "store.sqlite")
shutil.copy(sys.argv[1], copy)
with sqlite3.connect(f"file:{copy}?mode=ro", uri=True) as db:
    for key, blob in db.execute("SELECT Z_PK, ZENCODEDRECORD FROM ANSCKRECORDMETADATA"):
        with open(os.path.join(sys.argv[2], f"record-{key:02d}.bvx"), "wb") as out:
            out.write(blob[1:])  # the one-byte prefix comes off; the rest is the block stream
shutil.rmtree(folder)
PY
else
    echo "note: $store is absent; only the committed vectors are measured" >&2
fi
swift build -c release --package-path "$here" --product CompressionBenchmark >/dev/null
"$(swift build -c release --package-path "$here" --show-bin-path)/CompressionBenchmark" "$work/streams" "$work/venv/bin/python" "${1:-30}"
