#!/bin/sh
# Runs the sync property test (Tests/RecordKitSyncTests/SyncPropertyTests.swift) over many seeded scenarios:
# 3 devices on mixed app versions (Cards schema v1 and v2, both newer-version gates) editing random subsets of
# fields, syncing, going offline, killed in the middle of a sync; token expiry, zones deleted while tokens expire,
# records too big to send, records no store can keep, two record types under one ID, deletes, lowered limits and injected
# faults; then a quiet full sync and the field-level oracle's checks (SyncOracle.swift). Prints the scenarios run,
# the faults injected, the failures (each with its seed, its first problems and the command that replays it) and
# the time taken.
#
#   Scripts/sync-property-test.sh            10,000 scenarios
#   Scripts/sync-property-test.sh 500        500 scenarios
#   SYNC_PROPERTY_SEED=<seed> swift test --filter SyncPropertyTests    replays one seed, printing its steps
#   SYNC_PROPERTY_WITHOUT=tokenExpiry,oldApps swift test ...           leaves kinds of step out (SyncScenario.Kind)
set -eu
cd "$(dirname "$0")/.."
count="${1:-10000}"
swift build --build-tests >/dev/null
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
status=0
SYNC_PROPERTY_SCENARIOS="$count" swift test --skip-build --filter SyncPropertyTests >"$log" 2>&1 || status=$?
end=$(date +%s)
grep -E "sync property test:|sync scenario seed|replay:|^ *(device [0-9]|the quiet sync|the scenario stopped|\([0-9]+ more)" "$log" || true
echo "wall time: $((end - start)) s; swift test exit status: $status"
exit "$status"
