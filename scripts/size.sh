#!/usr/bin/env bash
# Prints the transfer size of the release build in dist/: raw and gzip -9 bytes per file, and totals.
# Usage: scripts/size.sh [dist-dir]   (run `trunk build --release --locked` first)
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${1:-dist}
[[ -f "$dist/index.html" ]] || { echo "size.sh: $dist/index.html missing; run trunk build --release first" >&2; exit 1; }

total_raw=0
total_gz=0
printf '%-48s %10s %10s\n' "file ($dist/)" raw gzip-9
while IFS= read -r -d '' file; do
  raw=$(wc -c <"$file")
  gz=$(gzip -9 -c "$file" | wc -c)
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  printf '%-48s %10d %10d\n' "${file#"$dist"/}" "$raw" "$gz"
done < <(find "$dist" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' \) -print0 | sort -z)
printf '%-48s %10d %10d\n' total "$total_raw" "$total_gz"
