#!/usr/bin/env bash
# A bounded fuzz run of the C++ core: builds the libFuzzer targets of tests/fuzz with clang under
# ASan and UBSan (the "fuzz" CMake preset, in build/fuzz), replays the reproducers checked in as
# tests/fuzz/corpus/<target>/crash-*, then fuzzes every target for its share of FUZZ_SECONDS
# (default 60 in all) from the seeds in tests/fuzz/corpus/<target>/seed-* and the corpus earlier
# runs grew in build/fuzz/corpus/<target>. Prints one line per target; exits non-zero when any
# reproducer still fails or a new finding turns up (saved in build/fuzz/findings/<target>/).
# By default the run is deterministic (a fixed seed and a fixed number of runs per target, about
# 60 s here), so that CI judges every change by the same inputs; FUZZ_SECONDS=N fuzzes for N
# seconds in all instead, and FUZZ_SEED picks another seed, to explore.
# Environment: FUZZ_SECONDS (total), FUZZ_SEED, FUZZ_JOBS (build parallelism), FUZZ_BUILD_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-}
seed=${FUZZ_SEED:-1}
# Runs per target for the deterministic default (each about 15 s on a 2-core machine).
declare -A runsOf=([fuzz_mesh]=8000 [fuzz_shapes]=400000 [fuzz_bodies]=60000 [fuzz_spin]=200000 [fuzz_polygon]=100000)
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
build=${FUZZ_BUILD_DIR:-build/fuzz}
targets=(fuzz_mesh fuzz_shapes fuzz_bodies fuzz_spin fuzz_polygon)

bash scripts/setup.sh test # clang and its libFuzzer/ASan/UBSan runtimes (Debian: clang, libclang-rt-14-dev)
mkdir -p "$build/logs"
if ! { cmake --preset fuzz -B "$build" && cmake --build "$build" -j "$jobs"; } >"$build/logs/build.log" 2>&1; then
  cat "$build/logs/build.log" >&2
  exit 1
fi

share=$((${seconds:-60} / ${#targets[@]}))
[ "$share" -ge 1 ] || share=1
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# What broke: an invariant's file:line and what it found, or the sanitizer's first line.
first_error() {
  local line
  line=$(grep -m1 -A1 'invariant violated' "$1" | sed -n '1s/: invariant violated.*//p; 2s/^ *//p' | paste -sd ' ')
  [ -n "$line" ] || line=$(grep -m1 -E 'runtime error|ERROR: AddressSanitizer|ERROR: LeakSanitizer|ERROR: libFuzzer' "$1" || true)
  echo "${line:0:300}"
}

status=0
for target in "${targets[@]}"; do
  binary=$(find "$build" -type f -name "$target" -perm -u+x | head -n 1)
  seeds="tests/fuzz/corpus/$target"
  corpus="$build/corpus/$target"
  findings="$build/findings/$target"
  log="$build/logs/$target.log"
  mkdir -p "$corpus" "$findings" "$(dirname "$log")"
  cp -n "$seeds"/seed-* "$corpus"/ 2>/dev/null || true

  # Known findings first: each must run clean once its cause is fixed.
  still=0
  for repro in "$seeds"/crash-*; do
    [ -e "$repro" ] || continue
    if ! "$binary" "$repro" >"$log" 2>&1; then
      still=$((still + 1))
      echo "$target: reproducer $repro still fails: $(first_error "$log")"
    fi
  done

  # -timeout: any single input slower than this is a finding too (a run that should be refused).
  set +e
  if [ -n "$seconds" ]; then budget=(-max_total_time="$share"); else budget=(-runs="${runsOf[$target]}"); fi
  "$binary" "$corpus" "${budget[@]}" -seed="$seed" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$findings/" >"$log" 2>&1
  rc=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  [ -n "$runs" ] || runs=$(grep -o '^#[0-9]*' "$log" | tail -n 1 | tr -d '#') # a crash prints no final stats
  if [ "$rc" -eq 0 ]; then
    echo "$target: ${runs:-0} runs (seed $seed), no findings$([ "$still" -gt 0 ] && echo "; $still reproducer(s) still fail")"
  else
    artifact=$(sed -n 's/.*Test unit written to //p' "$log" | tail -n 1)
    echo "$target: FINDING after ${runs:-?} runs: $(first_error "$log") (input: ${artifact:-see $log})"
    status=1
  fi
  [ "$still" -eq 0 ] || status=1
done
exit "$status"
