#!/usr/bin/env bash
# Runs every test layer, cheapest first, and stops at the first failure:
#   0. the lint gate: rustfmt, clippy (-D warnings) natively and for the app on wasm32, rustdoc (-D warnings)
#   1. native tests of the whole workspace (engine, CLI, app logic)
#   2. app component tests in headless Chromium (wasm-bindgen-test)
#   3. the release build (trunk, wasm-opt -Oz)
#   4. end-to-end tests of that build (Playwright + Chromium)
# Installs whatever is missing (scripts/setup.sh --test): the Rust toolchain first, the rest (apt
# packages, Trunk, wasm-bindgen-cli, wasm-split-cli, npm) in the background while layers 0 and 1,
# which need none of it, compile; layer 2 waits for it. Works without a terminal (CI).
set -euo pipefail
cd "$(dirname "$0")/.."

stage_start=$SECONDS
stage() {
  printf '\n\033[1;34m==== [%s] %s\033[0m\n' "$(date +%H:%M:%S)" "$*"
  stage_start=$SECONDS
}
done_stage() { printf '\033[32m---- ok (%ss)\033[0m\n' "$((SECONDS - stage_start))"; }
trap 'printf "\n\033[1;31m==== FAILED: %s\033[0m\n" "$current"' ERR

current="setup (scripts/setup.sh --rust; --test in the background)"
stage "$current"
scripts/setup.sh --rust
# On a fresh machine the tools take about 9 minutes to build and install (2 cores, 2026-11-27),
# mostly cargo, as do the lint gate and the native tests; cargo leaves a core idle much of the
# time (linking, build scripts, one crate waiting on another), so running both at once is
# shorter than one after the other. Its output is printed when layer 2 waits for it.
setup_log=$(mktemp)
# Its own process group (setsid), so a failing layer stops it with every cargo and apt it started.
setsid scripts/setup.sh --test >"$setup_log" 2>&1 &
setup_pid=$!
trap 'kill -- -"$setup_pid" 2>/dev/null || true; rm -f "$setup_log"' EXIT
. scripts/env.sh
# A CI run builds everything once from cold: incremental compilation only adds work there.
[[ "${CI:-}" == true ]] && export CARGO_INCREMENTAL=0
done_stage

current="lint gate (cargo fmt --check, cargo clippy -D warnings, cargo doc -D warnings)"
stage "$current"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings
# On wasm32 with the release build's split points (feature split, src/chrome/tab_panel.rs); the
# code without them is target-independent and the native run above checks it.
# `--test web` too: the component tests are `test = false` (Cargo.toml), outside --all-targets.
cargo clippy --locked --target wasm32-unknown-unknown -p fairshare-explorer --all-targets --test web --features split -- -D warnings
# Its dependencies are the ones clippy checked; rustdoc then runs on our three crates only.
# Private items too (the docs are for the people working on the code), so links to them are fine.
RUSTDOCFLAGS="-D warnings -A rustdoc::private_intra_doc_links" cargo doc --workspace --no-deps --document-private-items --locked
done_stage

current="native tests (cargo test --workspace)"
stage "$current"
cargo test --workspace --locked
done_stage

current="setup, the rest (scripts/setup.sh --test, started with the lint gate)"
stage "$current"
setup_status=0
wait "$setup_pid" || setup_status=$?
cat "$setup_log"
((setup_status == 0))
done_stage

current="component tests in Chromium (wasm-bindgen-test)"
stage "$current"
cargo test --locked --target wasm32-unknown-unknown --test web -p fairshare-explorer
done_stage

current="release build (scripts/split-build.sh: trunk build --release, the panels split out)"
stage "$current"
scripts/split-build.sh
scripts/size.sh
done_stage

current="end-to-end tests (Playwright)"
stage "$current"
npx playwright test
done_stage

printf '\n\033[1;32m==== all test layers passed (%ss)\033[0m\n' "$SECONDS"
