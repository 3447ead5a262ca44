#!/usr/bin/env python3
"""Issue 24 §2: split the panels out of the wasm (`wasm-split`), inside Trunk's hook.

Trunk cannot split (trunk-rs/trunk#1022): its Rust pipeline runs cargo, wasm-bindgen and wasm-opt
with no step between cargo and wasm-bindgen, where the splitter must run (wasm-bindgen drops the
relocations it reads). So this redoes Trunk's Rust step after it, in the post_build hook
(scripts/finish-dist.py calls it when FAIRSHARE_SPLIT=1), on the cargo output Trunk left behind:

1. `wasm-split-cli` (crate `wasm_split_cli_support`, pinned to the `wasm_split_helpers` Leptos
   links) on `target/wasm32-unknown-unknown/release/fairshare-explorer.wasm`, linked with
   `-Clink-args=--emit-relocs` and the `split` feature: the main module, one `split_*.wasm` per
   split point, `chunk_*.wasm` for code shared by several, and the link module `__wasm_split.js`.
2. `wasm-bindgen --target web --keep-lld-exports` on the main module, under Trunk's file name.
3. `wasm-opt -Oz` (npm binaryen 132, as Trunk's data-wasm-opt="z"; features from the module) on
   the main module and each split-off module, in batches (scripts/wasm-opt-batch.cjs); then the
   main module's imports from the JS glue get short names, in the wasm and in the glue alike
   (`short_imports`).
4. The files replace Trunk's in the staging directory, the split-off ones under content-hashed
   names (`place_hashed`); the `integrity` hashes in index.html are rewritten to match.
   scripts/finish-dist.py then minifies the JS, lists every file for the service worker (so the
   panels open offline too) and precompresses them.

Build: scripts/split-build.sh.
"""

import base64
import concurrent.futures
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

CRATE = "fairshare-explorer"
def fail(message):
    sys.exit(f"split-dist.py: {message}")


def sri(data):
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode("ascii")


def run(cmd):
    try:
        result = subprocess.run(cmd, capture_output=True, text=True)
    except FileNotFoundError:
        fail(f"{cmd[0]} not found (scripts/setup.sh installs it)")
    if result.returncode != 0:
        fail(f"{' '.join(cmd)} failed:\n{result.stdout}\n{result.stderr}")
    return result


def hashed(name, data):
    """`chunk_10.wasm` -> `chunk_10-<first 16 hex digits of its SHA-256>.wasm`."""
    base, ext = os.path.splitext(name)
    return f"{base}-{hashlib.sha256(data).hexdigest()[:16]}{ext}"


def place_hashed(staging, stem, modules):
    """Copies the split-off modules and the link module into staging under content-hashed names.

    The splitter names them `split_<name>.wasm`, `chunk_<n>.wasm` and `__wasm_split.js`, the same
    in every build: a browser (or a proxy) holding yesterday's `chunk_10.wasm` would link it into
    today's main module. Hashed names, like Trunk's, make every build ask for its own files. The
    link module names the wasm files; the JS glue imports the link module (its import specifiers
    only: the wasm's import object keeps `./__wasm_split.js`, the module name the wasm imports
    from)."""
    renamed = {}
    link = None
    for path in modules:
        name = os.path.basename(path)
        if name == "__wasm_split.js":
            link = path
            continue
        if not name.endswith(".wasm"):
            fail(f"unexpected file from the splitter: {name}")
        with open(path, "rb") as f:
            data = f.read()
        renamed[name] = hashed(name, data)
        with open(os.path.join(staging, renamed[name]), "wb") as f:
            f.write(data)
    if link is None:
        fail("the splitter wrote no __wasm_split.js")
    with open(link, encoding="utf-8") as f:
        text = f.read()
    for old, new in renamed.items():
        quoted = f'"./{old}"'
        if text.count(quoted) != 1:
            fail(f"__wasm_split.js names {old} {text.count(quoted)} times, expected once")
        text = text.replace(quoted, f'"./{new}"')
    link_name = hashed("__wasm_split.js", text.encode("utf-8"))
    with open(os.path.join(staging, link_name), "w", encoding="utf-8") as f:
        f.write(text)
    glue_path = os.path.join(staging, stem + ".js")
    with open(glue_path, encoding="utf-8") as f:
        glue = f.read()
    glue, n = re.subn(r'(\bfrom\s*)(["\'])\./__wasm_split\.js\2', lambda m: f"{m.group(1)}{m.group(2)}./{link_name}{m.group(2)}", glue)
    if n == 0:
        fail(f"{stem}.js does not import ./__wasm_split.js")
    with open(glue_path, "w", encoding="utf-8") as f:
        f.write(glue)
    return [*renamed.values(), link_name]


def leb(data, i):
    """The unsigned LEB128 number at `data[i]`, and the index after it."""
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def uleb(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def short_imports(wasm_path, glue_path, module):
    """Gives the main module's imports from the JS glue (`module`, wasm-bindgen's `./<stem>_bg.js`)
    short names, in the wasm's import section and in the glue's import object alike.

    wasm-bindgen names each import `__wbg_<name>_<16 hex digits>` and the glue's import object
    spells every name again, under the module name: 227 names, about 13 KB raw, whose hex digits
    brotli cannot shrink (about 6 KB of the first load, wasm and glue together). Terser leaves
    them, as it leaves every property name. Each becomes `a<n>`, the module `w`. The split-off
    modules import only from `__wasm_split` (memory, table), and `./__wasm_split.js` keeps its
    name: the link module's imports are not touched. Every name must appear in the glue exactly
    once (its key in the import object), and the module name exactly once, or the build fails."""
    data = open(wasm_path, "rb").read()
    glue = open(glue_path, encoding="utf-8").read()
    if data[:8] != b"\0asm\x01\0\0\0":
        fail(f"{wasm_path} is not a wasm module")
    out = bytearray(data[:8])
    renamed = {}
    i = 8
    while i < len(data):
        start = i
        section = data[i]
        size, i = leb(data, i + 1)
        body, i = data[i : i + size], i + size
        if section != 2:
            out += data[start:i]
            continue
        count, j = leb(body, 0)
        new = bytearray(uleb(count))
        for _ in range(count):
            n, j = leb(body, j)
            mod, j = body[j : j + n].decode("utf-8"), j + n
            n, j = leb(body, j)
            name, j = body[j : j + n].decode("utf-8"), j + n
            desc = j
            kind = body[j]
            j += 1
            if kind in (0, 4):  # function, tag: (attribute,) type index
                j = leb(body, j + (kind == 4))[1]
            elif kind in (1, 2):  # table (element type), memory: limits
                j += kind == 1
                flags, j = leb(body, j)
                j = leb(body, j)[1]
                if flags & 1:
                    j = leb(body, j)[1]
            elif kind == 3:  # global: value type, mutability
                j += 2
            else:
                fail(f"{wasm_path}: unknown import kind {kind}")
            if mod == module:
                if name not in renamed:
                    renamed[name] = f"a{len(renamed)}"
                mod, name = "w", renamed[name]
            for text in (mod, name):
                new += uleb(len(text.encode("utf-8"))) + text.encode("utf-8")
            new += body[desc:j]
        out += bytes([2]) + uleb(len(new)) + new
    if not renamed:
        fail(f"{wasm_path} imports nothing from {module}")
    for old, short in renamed.items():
        glue, n = re.subn(rf"(?<![\w$]){re.escape(old)}(?![\w$])", short, glue)
        if n != 1:
            fail(f"the glue names the import {old} {n} times, expected once")
    for quote in "\"'":
        glue, n = re.subn(re.escape(f"{quote}{module}{quote}"), '"w"', glue)
        if n:
            break
    if n != 1:
        fail(f"the glue names the import module {module} {n} times, expected once")
    open(wasm_path, "wb").write(out)
    open(glue_path, "w", encoding="utf-8").write(glue)
    return len(renamed)


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

    started = time.monotonic()
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
        # wasm-opt -Oz on every module, in JOBS batches at once (scripts/setup.sh's variable;
        # default: the CPUs), each batch one process (scripts/wasm-opt-batch.cjs: a wasm-opt
        # command spends about 2 s starting, 60-odd times). Largest first, each module to the
        # batch with the fewest bytes so far, so the main module does not wait behind the rest.
        opt.sort(key=os.path.getsize, reverse=True)
        jobs = max(1, int(os.environ.get("JOBS") or os.cpu_count() or 1))
        batches = [[] for _ in range(jobs)]
        for path in opt:
            min(batches, key=lambda b: sum(os.path.getsize(p) for p in b)).append(path)
        batch = os.path.join(root, "scripts", "wasm-opt-batch.cjs")
        # FAIRSHARE_WASM_OPT=0: no wasm-opt, so every module keeps its function names (a build
        # for the benches' profiles, e.g. e2e/bench/classic-open.mjs --profile; never shipped).
        if os.environ.get("FAIRSHARE_WASM_OPT") != "0":
            with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                cmds = [["node", batch] + [arg for p in b for arg in (p, p)] for b in batches if b]
                list(pool.map(run, cmds))
        main_wasm = os.path.join(bindgen_dir, stem + "_bg.wasm")
        short_imports(main_wasm, os.path.join(bindgen_dir, stem + ".js"), f"./{stem}_bg.js")
        shutil.copy(main_wasm, os.path.join(staging, bg[0]))
        shutil.copy(os.path.join(bindgen_dir, stem + ".js"), os.path.join(staging, stem + ".js"))
        for extra in os.listdir(bindgen_dir):
            if extra.startswith("snippets"):
                shutil.copytree(os.path.join(bindgen_dir, extra), os.path.join(staging, extra), dirs_exist_ok=True)
        modules = sorted(p for p in opt if p != main_wasm) + sorted(glob.glob(os.path.join(split_dir, "*.js")))
        placed = place_hashed(staging, stem, modules)
        sizes = {os.path.basename(p): os.path.getsize(p) for p in opt}
        print(f"split-dist.py: {sizes}", file=sys.stderr)
    print(f"split-dist.py: {len(placed)} files in {time.monotonic() - started:.1f} s", file=sys.stderr)

    index = os.path.join(staging, "index.html")
    html = open(index, encoding="utf-8").read()
    new_js = open(os.path.join(staging, stem + ".js"), "rb").read()
    new_wasm = open(os.path.join(staging, bg[0]), "rb").read()
    html = html.replace(sri(old_js), sri(new_js)).replace(sri(old_wasm), sri(new_wasm))
    open(index, "w", encoding="utf-8").write(html)


if __name__ == "__main__":
    main(os.environ["TRUNK_STAGING_DIR"], os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
