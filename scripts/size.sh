#!/usr/bin/env bash
# Prints the transfer size of the release build in dist/: raw, gzip -9 and brotli -q 11 bytes per
# file, and totals (also in KiB). Then checks the first load (index.html and every file it, its
# scripts and its styles name) against the budget in scripts/size-budget, gzip and brotli, and
# fails when either grows past it. Brotli needs the `brotli` command (Debian package `brotli`,
# installed by scripts/setup.sh).
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
# Each file is compressed once (brotli -q 11 of the wasm alone is 3 s of CPU); the first-load sum
# below reads these sizes.
declare -A gz_of br_of
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
  gz_of[${file#"$dist"/}]=$gz
  br_of[${file#"$dist"/}]=$br
  printf '%-48s %10d %10d %10s\n' "${file#"$dist"/}" "$raw" "$gz" "$br"
done < <(find "$dist" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' -o -name '*.json' \) -print0 | sort -z)
if ((have_brotli)); then
  printf '%-48s %10d %10d %10d\n' total "$total_raw" "$total_gz" "$total_br"
  printf '%-48s %10s %10s %10s\n' "total (KiB)" "$((total_raw / 1024))" "$((total_gz / 1024))" "$((total_br / 1024))"
else
  printf '%-48s %10d %10d %10s\n' total "$total_raw" "$total_gz" -
  printf '%-48s %10s %10s %10s\n' "total (KiB)" "$((total_raw / 1024))" "$((total_gz / 1024))" -
  echo "size.sh: brotli column skipped: no \`brotli\` command (Debian: apt-get install brotli)"
fi

# ---- The first load against the budget -------------------------------------------------------
((have_brotli)) || { echo "size.sh: the budget check needs \`brotli\` (apt-get install brotli)" >&2; exit 1; }
# Files named by index.html, then by the scripts and styles it names, and so on (the wasm is named
# by the JS glue). A file fetched only later is not: the service worker (sw.js, named in the wasm,
# which fetches it after the app is up), the Japanese table, which index.html names in
# <meta name="fairshare-ja"> for the app to fetch when Japanese is chosen, and the panels' own
# wasm modules (split_*.wasm, chunk_*.wasm; scripts/split-build.sh), which the link module
# __wasm_split-*.js names for the app to fetch when a panel's tab first opens (their total is
# printed below the first load's).
mapfile -t first < <(python3 - "$dist" <<'PY'
import os, re, sys
dist = sys.argv[1]
files = {}
for dirpath, _, names in os.walk(dist):
    for n in names:
        if not n.endswith((".gz", ".br")):
            rel = os.path.relpath(os.path.join(dirpath, n), dist)
            files[rel] = os.path.basename(rel)
seen, todo = {"index.html"}, ["index.html"]
while todo:
    path = todo.pop()
    if not path.endswith((".html", ".js", ".css")) or os.path.basename(path).startswith("__wasm_split"):
        continue
    with open(os.path.join(dist, path), encoding="utf-8", errors="replace") as f:
        text = f.read()
    text = re.sub(r'<meta name="?fairshare-ja"?[^>]*>', "", text)
    for rel, base in files.items():
        if rel not in seen and base in text:
            seen.add(rel)
            todo.append(rel)
print("\n".join(sorted(seen)))
PY
)
first_gz=0
first_br=0
for rel in "${first[@]}"; do
  first_gz=$((first_gz + ${gz_of[$rel]:-$(gzip -9 -c "$dist/$rel" | wc -c)}))
  first_br=$((first_br + ${br_of[$rel]:-$(brotli -q 11 -c "$dist/$rel" | wc -c)}))
done
# What a host serving the precompressed files (scripts/finish-dist.py: zopfli for FILE.gz) sends,
# and a check that each FILE.gz and FILE.br decompresses to FILE.
shipped_gz=0
for rel in "${first[@]}"; do
  if [[ -f "$dist/$rel.gz" ]]; then
    shipped_gz=$((shipped_gz + $(wc -c <"$dist/$rel.gz")))
  fi
done
while IFS= read -r -d '' packed; do
  plain=${packed%.*}
  case $packed in
    *.gz) gzip -dc "$packed" | cmp -s - "$plain" || { echo "size.sh: $packed does not decompress to ${plain#"$dist"/}" >&2; exit 1; } ;;
    *.br) brotli -dc "$packed" | cmp -s - "$plain" || { echo "size.sh: $packed does not decompress to ${plain#"$dist"/}" >&2; exit 1; } ;;
  esac
done < <(find "$dist" -type f \( -name '*.gz' -o -name '*.br' \) -print0)
budget_file=scripts/size-budget
budget_gz=$(awk '$1 == "gzip" {print $2}' "$budget_file")
budget_br=$(awk '$1 == "brotli" {print $2}' "$budget_file")
echo
echo "first load (${#first[@]} files: ${first[*]})"
printf '%-10s %10s bytes, budget %10s (%s)\n' gzip-9 "$first_gz" "$budget_gz" "$budget_file"
printf '%-10s %10s bytes, budget %10s\n' brotli-11 "$first_br" "$budget_br"
((shipped_gz == 0)) || printf '%-10s %10s bytes (the FILE.gz files served precompressed)\n' zopfli "$shipped_gz"
lazy_n=0
lazy_gz=0
lazy_br=0
for rel in "${!gz_of[@]}"; do
  case ${rel##*/} in
    split_*.wasm | chunk_*.wasm)
      lazy_n=$((lazy_n + 1))
      lazy_gz=$((lazy_gz + gz_of[$rel]))
      lazy_br=$((lazy_br + br_of[$rel]))
      ;;
  esac
done
if ((lazy_n)); then
  echo
  echo "panels' modules, fetched when a tab first opens ($lazy_n files: split_*.wasm, chunk_*.wasm)"
  printf '%-10s %10s bytes\n' gzip-9 "$lazy_gz" brotli-11 "$lazy_br"
fi
if ((first_gz > budget_gz || first_br > budget_br)); then
  echo "size.sh: the first load grew past its budget. Cut it, or raise $budget_file and say why in the commit." >&2
  exit 1
fi
