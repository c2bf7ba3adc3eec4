#!/bin/sh
# Runs the sharing property test (Tests/RecordKitSyncTests/SharingPropertyTests.swift) over many seeded
# scenarios: 2-3 people with 1-2 devices each sharing folders or zones of cards, accepting through share URLs,
# leaving, losing access, changing permissions, editing random fields (read-only writes included), creating and
# deleting cards, under offline devices, kills, partial syncs and server faults; after every settle the oracle
# (SharingPropertyOracle.swift) checks every device and the server. Prints the scenarios run, what they did, the
# failures (each with its seed, its first problems and the command that replays it) and the time taken.
#
#   Scripts/sharing-property-test.sh             2,000 scenarios
#   Scripts/sharing-property-test.sh 500         500 scenarios
#   Scripts/sharing-property-test.sh 500 1000    500 scenarios from the 1,000th
#   SHARING_PROPERTY_SEED=<seed> swift test --filter SharingPropertyTests    replays one seed, printing its steps
#   SHARING_PROPERTY_WITHOUT=faults Scripts/sharing-property-test.sh    leaves a kind of step out
set -eu
cd "$(dirname "$0")/.."
count="${1:-2000}"
first="${2:-0}"
swift build --build-tests >/dev/null
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
status=0
SHARING_PROPERTY_SCENARIOS="$count" SHARING_PROPERTY_FIRST="$first" \
    swift test --skip-build --filter SharingPropertyTests >"$log" 2>&1 || status=$?
end=$(date +%s)
grep -E "sharing property test:|sharing scenario seed|replay:|^ *([a-z]+'s device [0-9]|the |\([0-9]+ more)" "$log" || true
echo "wall time: $((end - start)) s; swift test exit status: $status"
exit "$status"
