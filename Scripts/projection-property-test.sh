#!/bin/sh
# Runs the projection property test (Tests/RecordKitStoreTests/Queries/ProjectionConsistencyTests.swift) over many
# seeded sequences of random writes: local saves and deletes, fetched pages with undecodable records, merges, sent
# results, zone resets, requeues and wipes; after each sequence, every projection row and every
# full-text row must equal what the stored record says. Prints the sequences run, the seeds that failed (each
# replayable alone) and the time taken.
#
#   Scripts/projection-property-test.sh            3,000 sequences
#   Scripts/projection-property-test.sh 500        500 sequences
#   PROJECTION_PROPERTY_SEED=<seed> swift test --filter ProjectionConsistencyTests    replays one seed
set -eu
cd "$(dirname "$0")/.."
count="${1:-3000}"
swift build --build-tests >/dev/null
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
status=0
PROJECTION_PROPERTY_SEQUENCES="$count" swift test --skip-build \
    --filter "ProjectionConsistencyTests/randomWriteSequencesKeepTheProjectionExact" >"$log" 2>&1 || status=$?
end=$(date +%s)
# Only the failing cases' lines (✘) name seeds that failed; every case's start line names its seed too.
failed=$(grep "✘" "$log" | grep -oE "seed → [0-9]+" | sed 's/seed → //' | sort -un | tr '\n' ' ')
grep -E "Test randomWriteSequencesKeepTheProjectionExact\(seed:\) with" "$log" || true
echo "projection property test: $count sequences, failed seeds: ${failed:-none}; wall time: $((end - start)) s; swift test exit status: $status"
exit "$status"
