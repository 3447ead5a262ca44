#!/usr/bin/env python3
"""Rewrites reads of a struct's private fields into accessor calls of the same name:
`state.scenario.with(..)` becomes `state.scenario().with(..)`, `run.assocs[ix]` becomes
`run.assocs()[ix]`.

`AppState`'s fields are private (the intent methods are its only writers), and so are the
engine's `FairTreeRun`'s (read through its accessors); code written before that, or merged from a
branch that still reads `x.field`, fails with E0616 ("field `x` of struct `AppState` is
private"). This script asks the compiler where (clippy on every target of the workspace natively,
and of the app for wasm32), adds `()` after each such field name, and repeats until no such error
is left. Writes (`state.x.set(..)`, `run.assocs[0].rank = ..`) then fail on the read-only
accessor: those are for a person (an intent method call, or a test that builds its case another
way).

Usage (from the repository root, with the project's environment; STRUCT defaults to AppState):
    export CARGO_BUILD_BUILD_DIR=...; . scripts/env.sh; python3 scripts/field-accessors.py [STRUCT]
"""

import json
import re
import subprocess
import sys

COMMANDS = [
    ["cargo", "clippy", "--message-format=json", "--workspace", "--all-targets"],
    ["cargo", "clippy", "--message-format=json", "-p", "fairshare-explorer", "--all-targets",
     "--target", "wasm32-unknown-unknown"],
]


def private_reads(command, private):
    """(file, byte offset after the field name) of every private field read `private` matches."""
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
        if (m.get("code") or {}).get("code") != "E0616" or not private.search(m["message"]):
            continue
        for span in m["spans"]:
            if span["is_primary"]:
                found.add((span["file_name"], span["byte_end"]))
    return found


def main():
    struct = sys.argv[1] if len(sys.argv) > 1 else "AppState"
    private = re.compile(rf"field `(\w+)` of struct `(?:\w+::)*{re.escape(struct)}` is private")
    total = 0
    for _ in range(10):
        found = set()
        for command in COMMANDS:
            found |= private_reads(command, private)
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
