#!/usr/bin/env bash
# The release build, with every panel but the Inspector split out of the first load into its own
# wasm module, fetched when its tab first opens (issue 24 §2; README "Size"):
#   scripts/split-build.sh [trunk build options, e.g. --dist DIR]
#   scripts/split-build.sh serve [trunk serve options]     (what scripts/serve.sh runs)
# scripts/test.sh's release layer and scripts/serve.sh build with it; a plain
# `trunk build --release` still works and gives one wasm (the e2e journey split.spec.mjs then
# fails, saying so).
# Needs wasm-split-cli (crate wasm_split_cli_support, feature build-binary; scripts/setup.sh
# installs it), or WASM_SPLIT_CLI=/path/to/it. The `split` feature marks the split points
# (src/chrome/tab_panel.rs) and makes build.rs link with --emit-relocs, which the splitter reads;
# FAIRSHARE_SPLIT=1 makes Trunk's hook (scripts/finish-dist.py) run scripts/split-dist.py.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${WASM_SPLIT_CLI:-$(command -v wasm-split-cli || true)}
[[ -n "$tool" && -x "$tool" ]] || {
  echo "split-build.sh: no wasm-split-cli (run scripts/setup.sh, or set WASM_SPLIT_CLI)" >&2
  exit 1
}
export WASM_SPLIT_CLI=$tool
export FAIRSHARE_SPLIT=1
if [[ "${1:-}" == serve ]]; then
  shift
  exec trunk serve --release --locked --features split "$@"
fi
# Trunk's own wasm-opt pass (data-wasm-opt="z", about 35 s on 2 cores) would be thrown away:
# split-dist.py optimises cargo's output again, after splitting it. So the build reads a copy of
# index.html with that pass off (gitignored; same folder, so its relative paths still resolve),
# and writes it out as index.html. `serve` above keeps index.html, which it watches.
grep -q 'data-wasm-opt="z"' index.html || { echo "split-build.sh: index.html has no data-wasm-opt=\"z\"" >&2; exit 1; }
sed 's/data-wasm-opt="z"/data-wasm-opt="0"/' index.html >index-split.html
trap 'rm -f index-split.html' EXIT
trunk build --release --locked --features split --html-output index.html "$@" index-split.html
