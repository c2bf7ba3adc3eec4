# Campaign mode of run.sh (sourced by it; uses its `targets`, `seconds`, `build_flags` and `binary_of`): every
# target for `seconds`, at most two at a time, each in fork mode like a plain run, then a summary per target.
#
# Output, all under .work/ (ignored by git):
#   campaign/<target>.log        libFuzzer's output for the target
#   campaign-summary.md          the table below, rewritten whenever a target ends (and when the campaign is stopped)
#   artifacts/<target>-*         the findings, as for a plain run

campaign_dir=.work/campaign
campaign_summary=.work/campaign-summary.md
campaign_parallel=2

campaign_prepare() {
  rm -rf "$campaign_dir"
  mkdir -p "$campaign_dir" .work/artifacts
  campaign_started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  campaign_state="building"
  for target in "${targets[@]}"; do
    echo "queued" > "$campaign_dir/$target.state"
    find .work/artifacts -name "$target-*" | wc -l > "$campaign_dir/$target.before"
  done
  trap campaign_stopped TERM INT
  campaign_write_summary
  campaign_keep_niced &
  campaign_renicer=$!
}

# SwiftPM's build system starts the compilers at priority 0 whatever its own is (and in process groups of their
# own): while the targets build, lower every process below this script to nice 19 again.
campaign_keep_niced() {
  local root=$$
  while sleep 3; do
    local pids
    pids=$(ps -eo pid=,ppid= | awk -v root="$root" '{ parent[$1] = $2 }
      END { for (p in parent) { q = p; while ((q in parent) && q != root && q > 1) q = parent[q]; if (q == root) print p } }')
    [ -n "$pids" ] && renice -n 19 -p $pids > /dev/null 2>&1
  done
}

# The last status line of a target's log: `#EXECS: cov: C ft: F corp: N exec/s: R oom/timeout/crash: O/T/X time: Ss job: J`.
campaign_stats() {
  local log="$1"
  grep -E '^#[0-9]+: cov: ' "$log" 2>/dev/null | tail -1 || true
}

campaign_field() {  # campaign_field LINE NAME -> the number after "NAME: "
  sed -nE "s|.* $2: ([0-9/]+).*|\\1|p" <<< " $1" || true
}

campaign_write_summary() {
  local tmp="$campaign_summary.tmp"
  local total_execs=0 total_findings=0 total_seconds=0
  {
    echo "# Fuzz campaign"
    echo
    echo "- started: $campaign_started; updated: $(date -u +%Y-%m-%dT%H:%M:%SZ); state: **$campaign_state**"
    echo "- ${#targets[@]} targets, ${seconds} s each, at most $campaign_parallel at a time, niced; fork mode with -ignore_crashes=1"
    echo
    echo "| Target | State | Seconds | Executions | Coverage (cov) | Features (ft) | Corpus | oom/timeout/crash | Findings |"
    echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |"
    for target in "${targets[@]}"; do
      local state line execs cov ft corp oomtc time before after findings
      state=$(cat "$campaign_dir/$target.state")
      line=$(campaign_stats "$campaign_dir/$target.log")
      execs=$(sed -nE 's/^#([0-9]+):.*/\1/p' <<< "$line")
      cov=$(campaign_field "$line" cov); ft=$(campaign_field "$line" ft); corp=$(campaign_field "$line" corp)
      oomtc=$(campaign_field "$line" "oom/timeout/crash"); time=$(campaign_field "$line" time)
      before=$(cat "$campaign_dir/$target.before")
      after=$(find .work/artifacts -name "$target-*" | wc -l)
      findings=$((after - before))
      total_execs=$((total_execs + ${execs:-0})); total_findings=$((total_findings + findings))
      total_seconds=$((total_seconds + ${time:-0}))
      echo "| $target | $state | ${time:--} | ${execs:--} | ${cov:--} | ${ft:--} | ${corp:--} | ${oomtc:--} | $findings |"
    done
    echo "| **total** | | $total_seconds | $total_execs | | | | | $total_findings |"
    echo
    echo "Executions, coverage and corpus are libFuzzer's last status line in .work/campaign/<target>.log (in fork"
    echo "mode the counters of the parent, summed over its jobs). Findings are the new files in .work/artifacts/."
  } > "$tmp"
  mv "$tmp" "$campaign_summary"
}

campaign_one() {  # runs in a subshell: one target for the whole time
  local target="$1"
  local seeds=("Corpus/$target")
  [ -d "Regressions/$target" ] && seeds+=("Regressions/$target")
  mkdir -p ".work/$target"
  "$(binary_of "$target")" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -print_final_stats=1 \
    -artifact_prefix=".work/artifacts/$target-" ".work/$target" "${seeds[@]}" > "$campaign_dir/$target.log" 2>&1
}

campaign_stopped() {
  trap - TERM INT
  campaign_state="stopped before the end (partial numbers)"
  for target in "${targets[@]}"; do
    if [ "$(cat "$campaign_dir/$target.state")" = running ]; then echo "stopped" > "$campaign_dir/$target.state"; fi
  done
  campaign_write_summary
  # Our own process group: the fuzzers and their forks.
  kill -- -$$ 2>/dev/null || true
  exit 1
}

campaign_run() {
  kill "$campaign_renicer" 2>/dev/null || true
  campaign_state="fuzzing"
  declare -A running=()
  local queue=("${targets[@]}")
  while [ ${#queue[@]} -gt 0 ] || [ ${#running[@]} -gt 0 ]; do
    while [ ${#running[@]} -lt $campaign_parallel ] && [ ${#queue[@]} -gt 0 ]; do
      local target="${queue[0]}"
      queue=("${queue[@]:1}")
      echo "running" > "$campaign_dir/$target.state"
      echo "=== $(date -u +%H:%M:%S) $target: ${seconds}s"
      campaign_one "$target" &
      running[$!]="$target"
      campaign_write_summary
    done
    wait -n || true
    for pid in "${!running[@]}"; do
      if ! kill -0 "$pid" 2>/dev/null; then
        echo "done" > "$campaign_dir/${running[$pid]}.state"
        echo "=== $(date -u +%H:%M:%S) ${running[$pid]} ended"
        unset "running[$pid]"
      fi
    done
    campaign_write_summary
  done
  campaign_state="finished"
  campaign_write_summary
  cat "$campaign_summary"
  local total
  total=$(awk -F'|' '/\*\*total\*\*/ { gsub(/ /, "", $10); print $10 }' "$campaign_summary")
  [ "${total:-0}" -eq 0 ]
}
