#!/usr/bin/env python3
"""Rewrites reads of `AppState`'s private fields into accessor calls: `state.scenario.with(..)`
becomes `state.scenario().with(..)`.

`AppState`'s fields are private (the intent methods are its only writers); code written before
that, or merged from a branch that still reads `state.field`, fails with E0616 ("field `x` of
struct `AppState` is private"). This script asks the compiler where (clippy, natively and for
wasm32, every target of the app), adds `()` after each such field name, and repeats until no
such error is left. Writes (`state.x.set(..)`) then fail with E0599 on the read-only handle:
those are for a person to turn into an intent method call.

Usage (from the repository root, with the project's environment):
    export CARGO_BUILD_BUILD_DIR=...; . scripts/env.sh; python3 scripts/appstate-accessors.py
"""

import json
import re
import subprocess
import sys

COMMANDS = [
    ["cargo", "clippy", "--message-format=json", "-p", "fairshare-explorer", "--all-targets"],
    ["cargo", "clippy", "--message-format=json", "-p", "fairshare-explorer", "--all-targets",
     "--target", "wasm32-unknown-unknown"],
]
PRIVATE = re.compile(r"field `(\w+)` of struct `(?:\w+::)*AppState` is private")


def private_reads(command):
    """(file, byte offset after the field name) of every private AppState field read."""
    out = subprocess.run(command, capture_output=True, text=True).stdout
    found = set()
    for line in out.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        if msg.get("reason") != "compiler-message":
            continue
        m = msg["message"]
        if (m.get("code") or {}).get("code") != "E0616" or not PRIVATE.search(m["message"]):
            continue
        for span in m["spans"]:
            if span["is_primary"]:
                found.add((span["file_name"], span["byte_end"]))
    return found


def main():
    total = 0
    for _ in range(10):
        found = set()
        for command in COMMANDS:
            found |= private_reads(command)
        if not found:
            break
        by_file = {}
        for file, end in found:
            by_file.setdefault(file, set()).add(end)
        for file, ends in by_file.items():
            data = open(file, "rb").read()
            for end in sorted(ends, reverse=True):
                if data[end:end + 2] != b"()":
                    data = data[:end] + b"()" + data[end:]
                    total += 1
            open(file, "wb").write(data)
        print(f"{sum(len(e) for e in by_file.values())} reads in {len(by_file)} files", file=sys.stderr)
    print(f"rewrote {total} reads; now run cargo fmt", file=sys.stderr)


if __name__ == "__main__":
    main()
