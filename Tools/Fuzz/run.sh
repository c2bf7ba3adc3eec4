#!/bin/bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, then runs each for N seconds on its corpus.
#
#   Tools/Fuzz/run.sh [SECONDS] [TARGET...]       SECONDS defaults to 60; TARGET defaults to every target
#   Tools/Fuzz/run.sh --build-only [TARGET...]
#   Tools/Fuzz/run.sh --regressions [TARGET...]   run each target once over Corpus/ and Regressions/ only
#   Tools/Fuzz/run.sh --campaign SECONDS [TARGET...]
#       in the background (niced, its own process group): build, then run every target for SECONDS, at most
#       two at a time, and write .work/campaign-summary.md (executions, coverage, corpus size, findings per
#       target), updated as each target ends. Returns at once; .work/campaign.pid holds the group's id, so
#       `kill -- -$(cat Tools/Fuzz/.work/campaign.pid)` stops everything (the summary then says so).
#
# The committed Corpus/<target> and Regressions/<target> folders are only read; what the fuzzer finds goes to
# .work/<target>/ (new inputs) and .work/artifacts/ (crashes, timeouts, out-of-memory), both ignored by git.
# Exits 1 when any target found a crash.
set -euo pipefail

# Swift's own crash reporter would run inside ASan's report and add noise to it.
export SWIFT_BACKTRACE=enable=no

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"

all_targets=(
  FuzzNativeRecord FuzzNativeRecordList FuzzNativeToken FuzzNativeSyncState
  FuzzBinaryPropertyList FuzzKeyedArchive FuzzWebServicesJSON FuzzCloudNotification
  FuzzRecordsXML FuzzCKDB FuzzCoreData
  FuzzStoreRow FuzzCKRecordValues FuzzModelArchive FuzzBlockStream FuzzEmulatorRequest
)

# The package that builds a target: FuzzCKRecordValues runs on the CloudKit stand-in, in the package CloudKitBridge/
# (a module named CloudKit must not be in this package's graph, where RecordKitSync's CloudKit sources would turn on).
package_of() {
  case "$1" in
    FuzzCKRecordValues) echo CloudKitBridge ;;
    *) echo . ;;
  esac
}
# The built fuzzer of a target.
binary_of() { echo "$(package_of "$1")/.build/release/$1"; }

mode=run
seconds=60
case "${1:-}" in
  --build-only) mode=build; shift ;;
  --regressions) mode=regressions; shift ;;
  --campaign|--campaign-foreground)
    [ "$1" = --campaign ] && mode=campaign-start || mode=campaign
    shift
    case "${1:-}" in ''|*[!0-9]*) echo "usage: run.sh --campaign SECONDS [TARGET...]" >&2; exit 2 ;; esac
    seconds="$1"; shift ;;
  ''|-*) ;;
  *[!0-9]*) ;;
  *) seconds="$1"; shift ;;
esac
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=("${all_targets[@]}"); fi

# SwiftPM's --sanitize=fuzzer instruments single-file modules only: with whole-module optimisation over several
# files this toolchain (6.3) emits no coverage unless -sanitize-coverage is given explicitly.
build_flags=(
  -c release --sanitize=fuzzer --sanitize=address
  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
)
mkdir -p .work
if [ "$mode" = campaign-start ]; then
  # setsid gives the campaign its own process group: one kill stops the builds, the fuzzers and their forks.
  setsid nice -n 19 "$here/run.sh" --campaign-foreground "$seconds" "${targets[@]}" > .work/campaign.log 2>&1 < /dev/null &
  echo $! > .work/campaign.pid
  echo "campaign started (process group $(cat .work/campaign.pid)): ${#targets[@]} targets x ${seconds}s, 2 at a time"
  echo "log: Tools/Fuzz/.work/campaign.log; summary: Tools/Fuzz/.work/campaign-summary.md"
  echo "stop: kill -- -\$(cat Tools/Fuzz/.work/campaign.pid)"
  exit 0
fi
if [ "$mode" = campaign ]; then
  # shellcheck source=campaign.sh
  source "$here/campaign.sh"
  campaign_prepare
fi
for target in "${targets[@]}"; do
  echo "=== building $target"
  build_status=0
  swift build --package-path "$(package_of "$target")" "${build_flags[@]}" --product "$target" > .work/build.log 2>&1 \
    || build_status=$?
  grep -v -e "Cannot export local symbol" -e "^\[[0-9]*/[0-9]*\] Compiling" .work/build.log || true
  if [ "$build_status" -ne 0 ]; then echo "build of $target failed" >&2; exit 1; fi
done
[ "$mode" = build ] && exit 0
if [ "$mode" = campaign ]; then
  campaign_run
  exit $?
fi

failed=()
for target in "${targets[@]}"; do
  seeds=("Corpus/$target")
  [ -d "Regressions/$target" ] && seeds+=("Regressions/$target")
  status=0
  if [ "$mode" = regressions ]; then
    echo "=== $target: every file of ${seeds[*]}"
    files=()
    for folder in "${seeds[@]}"; do
      while IFS= read -r -d '' file; do files+=("$file"); done < <(find "$folder" -type f -print0)
    done
    "$(binary_of "$target")" -rss_limit_mb=2048 -timeout=5 "${files[@]}" || status=$?
  else
    mkdir -p ".work/$target" .work/artifacts
    echo "=== $target: ${seconds}s"
    before=$(find .work/artifacts -name "$target-*" | wc -l)
    # Fork mode with -ignore_crashes keeps fuzzing after a finding for the whole time given, so one known
    # failure does not hide the next; every finding is saved under .work/artifacts/.
    "$(binary_of "$target")" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
      -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -print_final_stats=1 \
      -artifact_prefix=".work/artifacts/$target-" ".work/$target" "${seeds[@]}" || status=$?
    after=$(find .work/artifacts -name "$target-*" | wc -l)
    if [ "$after" -gt "$before" ]; then status=1; fi
  fi
  if [ "$status" -ne 0 ]; then failed+=("$target"); fi
done

if [ ${#failed[@]} -ne 0 ]; then
  echo "targets that failed: ${failed[*]} (inputs in .work/artifacts/)" >&2
  exit 1
fi
echo "no crashes"
