#!/usr/bin/env bash
# Builds the two size-floor probes (see Cargo.toml) and prints each wasm's raw, gzip -9 and
# brotli -q 11 bytes after wasm-bindgen and wasm-opt -Oz, as scripts/size.sh measures dist/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
. ../../scripts/env.sh
export CARGO_TARGET_DIR=$here/../../target/size-floor
# The app's wasm build flag (.cargo/config.toml), which this workspace does not read.
export RUSTFLAGS="--cfg erase_components"
cargo build --release --target wasm32-unknown-unknown --bins
for bin in minimal engine both; do
  out=$CARGO_TARGET_DIR/out-$bin
  rm -rf "$out" && mkdir -p "$out"
  wasm-bindgen --target web --out-dir "$out" "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/$bin.wasm"
  wasm-opt -Oz "$out/${bin}_bg.wasm" -o "$out/$bin.wasm"
  f=$out/$bin.wasm
  printf '%-8s raw %8d  gzip-9 %8d  brotli-11 %8d\n' "$bin" "$(wc -c <"$f")" "$(gzip -9 -c "$f" | wc -c)" "$(brotli -q 11 -c "$f" | wc -c)"
done
