#!/usr/bin/env bash
# Issue 24 §2 spike: a release build with every panel but the Inspector split into its own wasm module.
#   WASM_SPLIT_CLI=/path/to/wasm-split-cli scripts/split-build.sh [--dist DIR]
# wasm-split-cli comes from the crate wasm_split_cli_support 0.2.4, feature build-binary. The
# link keeps its relocations (--emit-relocs) for the splitter; scripts/split-dist.py does the rest
# inside Trunk's post_build hook. Same build dir as the normal build.
set -euo pipefail
cd "$(dirname "$0")/.."
# build.rs links the binary with --emit-relocs when the feature is on (no dependency rebuild).
export FAIRSHARE_SPLIT=1
exec trunk build --release --locked --features split "$@"
