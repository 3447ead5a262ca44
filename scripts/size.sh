#!/usr/bin/env bash
# Prints the transfer size of the release build in dist/: raw, gzip -9 and brotli -q 11 bytes per
# file, and totals (also in KiB). Brotli needs the `brotli` command (Debian package `brotli`); without
# it that column reads `-` and a note says so.
# Usage: scripts/size.sh [dist-dir]   (run `trunk build --release --locked` first)
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${1:-dist}
[[ -f "$dist/index.html" ]] || { echo "size.sh: $dist/index.html missing; run trunk build --release first" >&2; exit 1; }

have_brotli=0
command -v brotli >/dev/null 2>&1 && have_brotli=1

total_raw=0
total_gz=0
total_br=0
printf '%-48s %10s %10s %10s\n' "file ($dist/)" raw gzip-9 brotli-11
while IFS= read -r -d '' file; do
  raw=$(wc -c <"$file")
  gz=$(gzip -9 -c "$file" | wc -c)
  br=-
  if ((have_brotli)); then
    br=$(brotli -q 11 -c "$file" | wc -c)
    total_br=$((total_br + br))
  fi
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  printf '%-48s %10d %10d %10s\n' "${file#"$dist"/}" "$raw" "$gz" "$br"
done < <(find "$dist" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' \) -print0 | sort -z)
if ((have_brotli)); then
  printf '%-48s %10d %10d %10d\n' total "$total_raw" "$total_gz" "$total_br"
  printf '%-48s %10s %10s %10s\n' "total (KiB)" "$((total_raw / 1024))" "$((total_gz / 1024))" "$((total_br / 1024))"
else
  printf '%-48s %10d %10d %10s\n' total "$total_raw" "$total_gz" -
  printf '%-48s %10s %10s %10s\n' "total (KiB)" "$((total_raw / 1024))" "$((total_gz / 1024))" -
  echo "size.sh: brotli column skipped: no \`brotli\` command (Debian: apt-get install brotli)"
fi
