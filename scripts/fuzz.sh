#!/usr/bin/env bash
# Runs every fuzz target of crates/fairshare/fuzz for a set time, inputs up to 1 MB, at the
# lowest CPU priority, and prints how many inputs each one executed.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     # default: 60 s, every target
#   FUZZ_RUNS=1000000 scripts/fuzz.sh 3600                # stop each at 10^6 executions (or 1 h)
#   FUZZ_FLAGS=-len_control=0 scripts/fuzz.sh 600        # try long inputs at once instead of growing them
#
# Needs the nightly toolchain (rustup toolchain install nightly). With cargo-fuzz installed it
# builds through `cargo fuzz`; without it, it passes the same coverage flags to cargo itself.
# The committed seed corpus (corpus/<target>/) is read, never written: new inputs go to
# runs/<target>/, crashes to artifacts/<target>/ (both ignored by git).
set -euo pipefail
cd "$(dirname "$0")/../crates/fairshare/fuzz"
secs=${1:-60}
runs=${FUZZ_RUNS:--1}
shift || true
if [ $# -gt 0 ]; then
    targets="$*"
else
    targets=$(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^fairshare-fuzz$')
fi

host=$(rustc +nightly -vV | sed -n 's/^host: //p')
bin=target/$host/release
if [ -n "${FUZZ_NO_BUILD:-}" ]; then
    : # FUZZ_NO_BUILD=1: run the binaries already built (e.g. while the sources are changing).
elif cargo +nightly fuzz --version >/dev/null 2>&1; then
    nice -n 19 cargo +nightly fuzz build -O
else
    export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
    # An explicit --target keeps these flags off build scripts, as cargo-fuzz does.
    nice -n 19 cargo +nightly build --release --bins --target "$host"
fi

printf '%-16s %12s %8s %8s %8s %8s %s\n' target executions exec/s seconds corpus crashes result
for t in $targets; do
    mkdir -p "runs/$t" "artifacts/$t" "corpus/$t"
    log="runs/$t.log"
    status=ok
    start=$(date +%s)
    nice -n 19 "$bin/$t" "runs/$t" "corpus/$t" -max_total_time="$secs" -runs="$runs" \
        -max_len=1048576 -rss_limit_mb=2048 -timeout=60 -artifact_prefix="artifacts/$t/" \
        -print_final_stats=1 ${FUZZ_FLAGS:-} >"$log" 2>&1 || status="FAILED (see crates/fairshare/fuzz/$log)"
    took=$(($(date +%s) - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    corpus=$(find "runs/$t" "corpus/$t" -type f | wc -l)
    crashes=$(find "artifacts/$t" -type f | wc -l)
    printf '%-16s %12s %8s %8s %8s %8s %s\n' "$t" "${execs:-?}" "${rate:-?}" "$took" \
        "$corpus" "$crashes" "$status"
done
