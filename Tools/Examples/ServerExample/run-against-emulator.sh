#!/usr/bin/env bash
# Runs the server example against a local CloudKit: a fresh key pair, cloudkit-emulator on a free port of
# 127.0.0.1, the example twice (the first run seeds, the second finds what the first wrote), then stops the
# emulator. Needs a build of both products (swift build --build-tests builds them); .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/../../.."
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
emulator_pid=""
cleanup() {
    if [ -n "$emulator_pid" ]; then kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

openssl ecparam -name prime256v1 -genkey -noout -out "$work/key.pem" 2>/dev/null
openssl ec -in "$work/key.pem" -pubout -out "$work/public.pem" 2>/dev/null
container=iCloud.com.example.server
"$bin/cloudkit-emulator" --port 0 --container "$container" --server-key "example-key=$work/public.pem" >"$work/emulator.log" 2>&1 &
emulator_pid=$!
service=""
for _ in $(seq 1 100); do
    service=$(sed -n 's/^cloudkit-emulator listening on //p' "$work/emulator.log")
    [ -n "$service" ] && break
    kill -0 "$emulator_pid" 2>/dev/null || { cat "$work/emulator.log" >&2; echo "error: cloudkit-emulator exited" >&2; exit 1; }
    sleep 0.1
done
[ -n "$service" ] || { echo "error: cloudkit-emulator did not start" >&2; exit 1; }

first=$("$bin/server-example" "$service" "$container" example-key "$work/key.pem")
printf '%s\n' "$first"
second=$("$bin/server-example" "$service" "$container" example-key "$work/key.pem")
printf '%s\n' "$second"
expect() { # output, line
    grep -qxF -- "$2" <<<"$1" || { echo "error: the server example did not print '$2'" >&2; exit 1; }
}
expect "$first" "seeded: 3 lists written"
expect "$first" "mirrored: 3 lists"
expect "$first" "written back: 1 lists"
expect "$first" "server now says: groceries (renamed on the server)"
expect "$second" "mirrored: 3 lists"
expect "$second" "written back: 1 lists"
if grep -q "seeded" <<<"$second"; then echo "error: the second run seeded again" >&2; exit 1; fi
echo "server example: passed against cloudkit-emulator at $service"
