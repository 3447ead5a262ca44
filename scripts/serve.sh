#!/usr/bin/env bash
# Serves the app on http://127.0.0.1:8080/, installing whatever is missing first.
# Usage: scripts/serve.sh [trunk serve options, e.g. --port 8081]
#   (Ctrl-C to stop; edits under src/ and style/ rebuild automatically)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
. scripts/env.sh

# One build: `trunk serve`'s own, the release build with the panels split out of the first load
# (scripts/split-build.sh), as the served copy of a deploy would be. It serves once that build is
# done, then rebuilds on each edit.
echo "Building, then serving on http://127.0.0.1:8080/ (or the --port given)"
exec scripts/split-build.sh serve "$@"
