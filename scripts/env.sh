# Source me: puts the project's pinned tools first on PATH and keeps every tool offline.
#   . scripts/env.sh
# node_modules/.bin first: its wasm-opt (binaryen 132) must win over any Debian wasm-opt 108.
_ft_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$_ft_root/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export TRUNK_OFFLINE=true
export TRUNK_SKIP_VERSION_CHECK=true
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
unset _ft_root
