#!/usr/bin/env bash
# Run every cargo-fuzz target in fuzz/ for a bounded time, one after another, at the lowest CPU
# priority (not part of CI: see BENCHMARKS.md "Speed and bounds").
#
#   scripts/fuzz.sh                      # every target, 600 s each
#   FUZZ_SECONDS=60 scripts/fuzz.sh shell json
#
# Settings (environment): FUZZ_SECONDS (per target, default 600), FUZZ_MAX_LEN (default 16384),
# FUZZ_TIMEOUT (seconds one input may take before it counts as a hang, default 10),
# FUZZ_SANITIZER (address | none, default address), CARGO_TARGET_DIR (default fuzz/target),
# FUZZ_KEEP_GOING=1 (fork mode: keep fuzzing for the whole time after a crash or hang, keeping each).
#
# Only stable Rust exists here: cargo-fuzz's nightly flags (-Zsanitizer, --cfg fuzzing) are
# accepted by stable rustc with RUSTC_BOOTSTRAP=1, which this script sets for the fuzz build only.
# Inputs that crash are copied to fuzz/regressions/<target>/ (replayed by every `cargo test` via
# engine/tests/fuzz_regressions.rs) and the script exits non-zero. Known open crashes waiting for a
# fix live in fuzz/open/<target>/; they are replayed at the end and reported, not fatal.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/fuzz"

seconds="${FUZZ_SECONDS:-600}"
max_len="${FUZZ_MAX_LEN:-16384}"
timeout="${FUZZ_TIMEOUT:-10}"
sanitizer="${FUZZ_SANITIZER:-address}"
keep_going=()
[ "${FUZZ_KEEP_GOING:-0}" = 1 ] && keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/fuzz/target}"
export RUSTC_BOOTSTRAP=1
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(policy tables shell secrets json principle)

command -v cargo-fuzz >/dev/null || nice -n 19 cargo install cargo-fuzz --locked

run() { nice -n 19 cargo fuzz "$1" -O -s "$sanitizer" "${@:2}"; }

echo "building ${targets[*]} (sanitizer: $sanitizer)"
run build || exit 2

failed=()
for t in "${targets[@]}"; do
  corpus="corpus/$t"
  mkdir -p "$corpus" "artifacts/$t"
  cp -n regressions/"$t"/* "$corpus"/ 2>/dev/null || true
  echo "== $t: ${seconds}s (max_len $max_len, timeout ${timeout}s) at $(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)"
  before="$(ls "artifacts/$t")"
  run run "$t" "$corpus" -- -max_total_time="$seconds" -max_len="$max_len" -timeout="$timeout" \
    -rss_limit_mb=4096 -print_final_stats=1 "${keep_going[@]}" 2>&1 \
    | grep -E '^(#[0-9]+ +DONE|Done|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+== ERROR|SUMMARY|thread .* panicked|INFO: fuzzed for|#[0-9]+: cov:.*exec/s)' | tail -n 12 || true
  # What this run added (names sort by hash, not by time: compare the listings).
  for a in $(comm -13 <(echo "$before") <(ls "artifacts/$t")); do
    cp "artifacts/$t/$a" "regressions/$t/$a"
    echo "   CRASH kept as fuzz/regressions/$t/$a"
    failed+=("$t/$a")
  done
done

for t in "${targets[@]}"; do
  [ -d "open/$t" ] || continue
  for f in open/"$t"/*; do
    if run run "$t" "$f" -- -runs=1 -timeout="$timeout" >/dev/null 2>&1; then
      echo "open/$t/$(basename "$f"): passes natively now (check the component too), then move it to regressions/$t/"
    else
      echo "open/$t/$(basename "$f"): still crashes"
    fi
  done
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "new crashes: ${failed[*]}"
  exit 1
fi
echo "no new crash in ${targets[*]}"
