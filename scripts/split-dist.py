#!/usr/bin/env python3
"""Issue 24 §2 spike: split the panels out of the wasm (`wasm-split`), inside Trunk's hook.

Trunk cannot split (trunk-rs/trunk#1022): its Rust pipeline runs cargo, wasm-bindgen and wasm-opt
with no step between cargo and wasm-bindgen, where the splitter must run (wasm-bindgen drops the
relocations it reads). So this redoes Trunk's Rust step after it, in the post_build hook
(scripts/finish-dist.py calls it when FAIRSHARE_SPLIT=1), on the cargo output Trunk left behind:

1. `wasm-split-cli` (crate `wasm_split_cli_support`, pinned to the `wasm_split_helpers` Leptos
   links) on `target/wasm32-unknown-unknown/release/fairshare-explorer.wasm`, linked with
   `-Clink-args=--emit-relocs` and the `split` feature: the main module, one `split_*.wasm` per
   split point, `chunk_*.wasm` for code shared by several, and the link module `__wasm_split.js`.
2. `wasm-bindgen --target web --keep-lld-exports` on the main module, under Trunk's file name.
3. `wasm-opt -Oz` on the main module and each split-off module.
4. The files replace Trunk's in the staging directory; the `integrity` hashes in index.html are
   rewritten to match.

Build: scripts/split-build.sh.
"""

import base64
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

CRATE = "fairshare-explorer"
# What Trunk passes for data-wasm-opt="z" (binaryen 132 from npm; features from the module).
WASM_OPT_FEATURES = []


def fail(message):
    sys.exit(f"split-dist.py: {message}")


def sri(data):
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode("ascii")


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"{' '.join(cmd)} failed:\n{result.stdout}\n{result.stderr}")
    return result


def main(staging, root):
    tool = os.environ.get("WASM_SPLIT_CLI", "wasm-split-cli")
    target_dir = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
    cargo_wasm = os.path.join(target_dir, "wasm32-unknown-unknown", "release", CRATE.replace("-", "_") + ".wasm")
    if not os.path.exists(cargo_wasm):
        cargo_wasm = os.path.join(target_dir, "wasm32-unknown-unknown", "release", CRATE + ".wasm")
    if not os.path.exists(cargo_wasm):
        fail(f"no cargo output at {cargo_wasm}")
    bg = [n for n in os.listdir(staging) if n.startswith(CRATE) and n.endswith("_bg.wasm")]
    if len(bg) != 1:
        fail(f"expected one {CRATE}-*_bg.wasm in {staging}, found {bg}")
    stem = bg[0][: -len("_bg.wasm")]
    old_js = open(os.path.join(staging, stem + ".js"), "rb").read()
    old_wasm = open(os.path.join(staging, bg[0]), "rb").read()

    with tempfile.TemporaryDirectory() as tmp:
        split_dir = os.path.join(tmp, "split")
        os.makedirs(split_dir)
        run([tool, cargo_wasm, split_dir, "--out-name", stem, "--target", "web"])
        bindgen_dir = os.path.join(tmp, "bindgen")
        run([
            "wasm-bindgen", "--target", "web", "--keep-lld-exports", "--no-typescript",
            "--out-dir", bindgen_dir, "--out-name", stem, os.path.join(split_dir, stem + ".wasm"),
        ])
        opt = [os.path.join(bindgen_dir, stem + "_bg.wasm")]
        opt += sorted(glob.glob(os.path.join(split_dir, "split_*.wasm")))
        opt += sorted(glob.glob(os.path.join(split_dir, "chunk_*.wasm")))
        for path in opt:
            run(["wasm-opt", "-Oz", *WASM_OPT_FEATURES, path, "-o", path])
        shutil.copy(os.path.join(bindgen_dir, stem + "_bg.wasm"), os.path.join(staging, bg[0]))
        shutil.copy(os.path.join(bindgen_dir, stem + ".js"), os.path.join(staging, stem + ".js"))
        for extra in os.listdir(bindgen_dir):
            if extra.startswith("snippets"):
                shutil.copytree(os.path.join(bindgen_dir, extra), os.path.join(staging, extra), dirs_exist_ok=True)
        for path in opt[1:]:
            shutil.copy(path, os.path.join(staging, os.path.basename(path)))
        for js in glob.glob(os.path.join(split_dir, "*.js")):
            shutil.copy(js, os.path.join(staging, os.path.basename(js)))
        sizes = {os.path.basename(p): os.path.getsize(p) for p in opt}
        print(f"split-dist.py: {sizes}", file=sys.stderr)

    index = os.path.join(staging, "index.html")
    html = open(index, encoding="utf-8").read()
    new_js = open(os.path.join(staging, stem + ".js"), "rb").read()
    new_wasm = open(os.path.join(staging, bg[0]), "rb").read()
    html = html.replace(sri(old_js), sri(new_js)).replace(sri(old_wasm), sri(new_wasm))
    open(index, "w", encoding="utf-8").write(html)


if __name__ == "__main__":
    main(os.environ["TRUNK_STAGING_DIR"], os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
