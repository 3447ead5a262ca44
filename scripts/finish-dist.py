#!/usr/bin/env python3
"""Trunk's post_build hook: the external loader, then (release only) minified JS and precompression.

Trunk runs the hooks of one stage concurrently, so this one hook runs the steps in order, on
Trunk's staging directory (TRUNK_STAGING_DIR):

0. scripts/external-loader.py: Trunk's inline loader becomes an external boot-*.js (strict CSP).

1. Minifies every `.js` file with terser (`node_modules/.bin/terser`, npm). Trunk's own minifier
   cannot parse wasm-bindgen's glue and keeps it as it is. terser runs with `--module`, so it
   renames only what the module does not export and leaves property names alone: the names the
   wasm imports and exports (`__wbg_...`) are properties and stay. Trunk puts a Subresource
   Integrity hash (`integrity="sha384-..."`) on the links to the glue and the wasm; the hash of
   each minified file is written back into index.html, or the browser would refuse it.
2. Writes `FILE.gz` (zopfli, Debian's `zopfli`: a gzip stream any gzip decoder reads, 4% smaller
   than gzip -9 for the wasm: 660,502 -> 631,650 B, 0.14 s less on slow 4G) and `FILE.br`
   (brotli -q 11, Debian's `brotli`) beside every
   text or wasm asset, for hosts that serve precompressed files (nginx `gzip_static` and
   `brotli_static`; README "Deploying").

Every build, before those steps: the Japanese table (src/messages/ja.json, generated from the
message tables) is copied as `ja-<hash>.json` and named in index.html's
`<meta name="fairshare-ja" content="./ja-<hash>.json">`; the app fetches it only when Japanese
is chosen (src/messages/ja_file.rs).

Release builds, after minifying (so it lists the final files): `sw.js`, the service worker that
lets the app open offline after one visit (scripts/sw.js, with the build's hash and its list of
files and their SHA-384 filled in; README "Offline").

Debug builds (`trunk serve`, `trunk build`) get the Japanese file only: the rest is for the
release.
The build fails, naming the problem, if terser, zopfli or brotli is missing (scripts/setup.sh installs
them), so a release can never ship half finished.
"""

import base64
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

# The <meta> that names the Japanese table's file (src/messages/ja_file.rs reads it).
JA_META = "fairshare-ja"
COMPRESS = (".html", ".js", ".wasm", ".css", ".svg", ".json", ".txt", ".xml", ".webmanifest")


def fail(message):
    sys.exit(f"finish-dist.py: {message}")


def sri(data):
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode("ascii")


def minify_js(staging, root):
    terser = os.path.join(root, "node_modules", ".bin", "terser")
    if not os.access(terser, os.X_OK):
        fail(f"{terser} is missing (run scripts/setup.sh, which runs npm ci)")
    index_path = os.path.join(staging, "index.html")
    with open(index_path, encoding="utf-8") as f:
        html = f.read()
    for name in sorted(os.listdir(staging)):
        if not name.endswith(".js"):
            continue
        path = os.path.join(staging, name)
        with open(path, "rb") as f:
            before = f.read()
        result = subprocess.run(
            [terser, path, "--module", "--compress", "--mangle", "--comments", "false", "--output", path],
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            fail(f"terser failed on {name}: {result.stderr.strip()}")
        with open(path, "rb") as f:
            after = f.read()
        # Keep the Subresource Integrity hashes true: replace the old hash wherever it appears.
        html = html.replace(sri(before), sri(after))
    with open(index_path, "w", encoding="utf-8") as f:
        f.write(html)


def check_integrity(staging):
    """Every integrity hash in index.html is that of the file it names (a cheap guard)."""
    with open(os.path.join(staging, "index.html"), encoding="utf-8") as f:
        html = f.read()
    for tag in re.findall(r"<link[^>]*>", html):
        href = re.search(r'href="?\.?/?([^"\s>]+)', tag)
        integrity = re.search(r'integrity="?(sha384-[A-Za-z0-9+/=]+)', tag)
        if not (href and integrity):
            continue
        path = os.path.join(staging, href.group(1))
        with open(path, "rb") as f:
            if sri(f.read()) != integrity.group(1):
                fail(f"integrity of {href.group(1)} in index.html does not match the file")


def japanese_table(staging, root):
    """Copies the Japanese table under a content-hashed name and names it in index.html."""
    source = os.path.join(root, "src", "messages", "ja.json")
    try:
        with open(source, encoding="utf-8") as f:
            table = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"cannot read {source}: {e}")
    data = json.dumps(table, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    name = f"ja-{hashlib.sha256(data).hexdigest()[:16]}.json"
    with open(os.path.join(staging, name), "wb") as f:
        f.write(data)
    index_path = os.path.join(staging, "index.html")
    with open(index_path, encoding="utf-8") as f:
        html = f.read()
    charset = re.search(r"<meta charset=[^>]*>", html, re.I)
    if not charset:
        fail("index.html has no <meta charset>, after which the Japanese table is named")
    meta = f'<meta name="{JA_META}" content="./{name}">'
    html = html[: charset.end()] + meta + html[charset.end() :]
    with open(index_path, "w", encoding="utf-8") as f:
        f.write(html)


def service_worker(staging, root):
    """Writes sw.js: scripts/sw.js with this build's files, their SRI hashes and the build's hash."""
    files = []
    for dirpath, _, names in os.walk(staging):
        for name in names:
            rel = os.path.relpath(os.path.join(dirpath, name), staging).replace(os.sep, "/")
            if rel == "sw.js" or rel.endswith((".gz", ".br")):
                continue
            with open(os.path.join(dirpath, name), "rb") as f:
                files.append((f"./{rel}", sri(f.read())))
    files.sort()
    build = hashlib.sha256(json.dumps(files).encode("ascii")).hexdigest()[:16]
    with open(os.path.join(root, "scripts", "sw.js"), encoding="utf-8") as f:
        template = f.read()
    for placeholder in ("'__BUILD__'", "__FILES__"):
        if template.count(placeholder) != 1:
            fail(f"scripts/sw.js must hold {placeholder} exactly once")
    text = template.replace("'__BUILD__'", json.dumps(build)).replace(
        "__FILES__", json.dumps([list(f) for f in files])
    )
    with open(os.path.join(staging, "sw.js"), "w", encoding="utf-8") as f:
        f.write(text)


def precompress(staging):
    brotli = shutil.which("brotli")
    if not brotli:
        fail("no `brotli` command (Debian: apt-get install brotli; scripts/setup.sh does it)")
    zopfli = shutil.which("zopfli")
    if not zopfli:
        fail("no `zopfli` command (Debian: apt-get install zopfli; scripts/setup.sh does it)")
    paths = [
        os.path.join(dirpath, name)
        for dirpath, _, files in os.walk(staging)
        for name in files
        if name.endswith(COMPRESS)
    ]
    # zopfli writes FILE.gz beside FILE (no name or time in the header: reproducible).
    cmds = [[zopfli, "--gzip", p] for p in paths] + [[brotli, "-q", "11", "-f", "-o", p + ".br", p] for p in paths]
    # Each command is one core's work: JOBS at once (scripts/setup.sh's variable; default: the
    # CPUs), the largest file first, so the main wasm's zopfli (about 8 s) starts at once.
    cmds.sort(key=lambda c: os.path.getsize(c[-1]), reverse=True)
    jobs = max(1, int(os.environ.get("JOBS") or os.cpu_count() or 1))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(lambda c: subprocess.run(c, check=True), cmds))


def main():
    staging = os.environ.get("TRUNK_STAGING_DIR")
    if not staging:
        fail("TRUNK_STAGING_DIR is not set (run it as a Trunk hook)")
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    import importlib

    importlib.import_module("external-loader").main()
    root = os.path.dirname(here)
    japanese_table(staging, root)
    if os.environ.get("TRUNK_PROFILE") != "release":
        return
    if os.environ.get("FAIRSHARE_SPLIT") == "1":
        # Issue 24 §2 (scripts/split-build.sh): every panel but the Inspector in its own wasm module.
        importlib.import_module("split-dist").main(staging, root)
    minify_js(staging, root)
    check_integrity(staging)
    service_worker(staging, root)
    precompress(staging)


if __name__ == "__main__":
    main()
