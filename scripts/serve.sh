#!/usr/bin/env bash
# Serves the app on http://127.0.0.1:8080/, installing whatever is missing first.
# Usage: scripts/serve.sh   (Ctrl-C to stop; edits under src/ and style/ rebuild automatically)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
. scripts/env.sh

# Build once before serving: a cold `trunk serve` is slower and its file watcher has been seen
# to panic on a cold start (Trunk 0.21). The release build splits the panels out of the first
# load (scripts/split-build.sh), as the served copy of a deploy would.
scripts/split-build.sh
echo "Serving on http://127.0.0.1:8080/"
exec scripts/split-build.sh serve
