#!/usr/bin/env python3
"""Trunk post_build hook: move Trunk's inline module loader into an external file.

Trunk 0.21 writes the code that starts the wasm as an inline `<script type="module">` in
index.html. A host with a strict Content-Security-Policy (`script-src 'self'`, no
'unsafe-inline') blocks it and the app never starts. This hook, run by Trunk on the staging
directory before it becomes dist/, writes that script's text to `boot-<hash>.js` (the hash of
its content, like Trunk's own file names, so hosts can cache it forever) and replaces the inline
script with `<script type="module" src="./boot-<hash>.js">`. The loader's imports are relative
(`public_url = "./"`), and a module resolves them against its own URL, which is the same
directory, so they keep working.

Any other inline `<script>` (Trunk's live-reload client under `trunk serve`) is left alone:
only the release build has to satisfy the policy. The build fails if the release loader is
not found exactly once, so a Trunk upgrade that changes the markup cannot silently bring the
inline script back.
"""

import hashlib
import os
import re
import sys

# `type="module"`, or `type=module` once Trunk's release minification has dropped the quotes.
LOADER = re.compile(r'<script type=(?:"module"|module)(?P<attrs>[^>]*)>(?P<body>.*?)</script>', re.S)


def main():
    staging = os.environ.get("TRUNK_STAGING_DIR")
    if not staging:
        sys.exit("external-loader.py: TRUNK_STAGING_DIR is not set (run it as a Trunk hook)")
    path = os.path.join(staging, "index.html")
    with open(path, encoding="utf-8") as f:
        html = f.read()
    loaders = [m for m in LOADER.finditer(html) if "import init" in m.group("body")]
    if len(loaders) != 1:
        sys.exit(f"external-loader.py: expected one inline wasm loader in {path}, found {len(loaders)}")
    match = loaders[0]
    body = match.group("body").strip() + "\n"
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]
    name = f"boot-{digest}.js"
    with open(os.path.join(staging, name), "w", encoding="utf-8") as f:
        f.write(body)
    attrs = match.group("attrs")
    tag = f'<script type="module"{attrs} src="./{name}"></script>'
    html = html[: match.start()] + tag + html[match.end():]
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)


if __name__ == "__main__":
    main()
