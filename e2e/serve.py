#!/usr/bin/env python3
"""Static server for the e2e tests: serves dist/ at / and again under a sub-path.

The sub-path copy checks that the release build uses relative URLs, so it can be hosted
anywhere (for example /docs/fairshare/) and inside an iframe. The sub-path without its
trailing slash redirects, as ordinary static hosts do.

A third copy, under the CSP sub-path (default /csp/), is sent with the strict
Content-Security-Policy that docs sites use (CSP below), to check that dist/ runs under it.

Usage: python3 e2e/serve.py [--port 8765] [--dir dist] [--sub /sub/path/] [--csp-sub /csp/]
"""

import argparse
import functools
import http.server
import os
import sys

# The policy a host may send; README ("Deploying") states it too.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:"
)


def make_handler(directory, sub, csp_sub):
    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            # Map /sub/path/... and /csp/... onto the same files as /... .
            for prefix in (sub, csp_sub):
                if path.startswith(prefix):
                    path = "/" + path[len(prefix):]
                    break
            return super().translate_path(path)

        def end_headers(self):
            if self.path.startswith(csp_sub):
                self.send_header("Content-Security-Policy", CSP)
            super().end_headers()

        def do_GET(self):
            for prefix in (sub, csp_sub):
                if self.path.split("?", 1)[0] == prefix.rstrip("/"):
                    self.send_response(301)
                    self.send_header("Location", prefix)
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
    parser.add_argument("--csp-sub", default="/csp/")
    args = parser.parse_args()
    sub = "/" + args.sub.strip("/") + "/"
    csp_sub = "/" + args.csp_sub.strip("/") + "/"
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        sys.exit(f"{args.dir}/index.html is missing: run `trunk build --release --locked` first")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(args.dir, sub, csp_sub))
    print(
        f"serving {args.dir} at http://127.0.0.1:{args.port}/, {sub} and {csp_sub} (strict CSP)",
        flush=True,
    )
    server.serve_forever()


if __name__ == "__main__":
    main()
