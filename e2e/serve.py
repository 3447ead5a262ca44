#!/usr/bin/env python3
"""Static server for the e2e tests: serves dist/ at / and again under a sub-path.

The sub-path copy checks that the release build uses relative URLs, so it can be hosted
anywhere (for example /docs/fairshare/) and inside an iframe. The sub-path without its
trailing slash redirects, as ordinary static hosts do.

Usage: python3 e2e/serve.py [--port 8765] [--dir dist] [--sub /sub/path/]
"""

import argparse
import functools
import http.server
import os
import sys


def make_handler(directory, sub):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            # Map /sub/path/... onto the same files as /... .
            if path.startswith(sub):
                path = "/" + path[len(sub):]
            return super().translate_path(path)

        def do_GET(self):
            if self.path.split("?", 1)[0] == sub.rstrip("/"):
                self.send_response(301)
                self.send_header("Location", sub)
                self.end_headers()
                return
            super().do_GET()

        def log_message(self, format, *args):
            # Quiet unless something failed: Playwright shows this output on errors only.
            if len(args) > 1 and str(args[1]).startswith(("4", "5")):
                super().log_message(format, *args)

    Handler.extensions_map = {**Handler.extensions_map, ".wasm": "application/wasm"}
    return functools.partial(Handler, directory=directory)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--dir", default="dist")
    parser.add_argument("--sub", default="/sub/path/")
    args = parser.parse_args()
    sub = "/" + args.sub.strip("/") + "/"
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        sys.exit(f"{args.dir}/index.html is missing: run `trunk build --release --locked` first")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(args.dir, sub))
    print(f"serving {args.dir} at http://127.0.0.1:{args.port}/ and {sub}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
