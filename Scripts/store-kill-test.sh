#!/usr/bin/env bash
# The store's kill -9 test, long form: 500 kills (or $1) of RecordKitStoreCrashWorker at seeded random moments;
# after each, every acknowledged save must be stored with its pending change and PRAGMA integrity_check must say ok.
# Prints the number of acknowledged saves checked. Seed: RECORDKIT_STORE_KILL_SEED (default 0x5EED).
set -euo pipefail
cd "$(dirname "$0")/.."
kills="${1:-500}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
RECORDKIT_STORE_KILLS="$kills" swift test --filter StoreKillTests 2>&1 | tee "$log" >/dev/null || status=$?
grep -E "✘|error:" "$log" || true
grep -F "store kill test:" "$log" || echo "store kill test: no summary printed" >&2
exit "$status"
