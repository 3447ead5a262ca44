#!/usr/bin/env bash
# Installs whatever the project needs and is missing, idempotently: a second run installs nothing.
# Usage: scripts/setup.sh [--test | --rust]
#   --test  also installs the browser layer: Chromium + driver, and a CJK font
#   --rust  only the Rust toolchain and its wasm32 target: what the lint gate and native tests need
#           (scripts/test.sh runs the rest in the background while those compile)
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
# Splits the panels out of the release wasm (scripts/split-build.sh); pinned to the
# wasm_split_helpers that Leptos links (0.2.3, Cargo.lock).
WASM_SPLIT_VERSION=0.2.4
JOBS=${JOBS:-2}
want_test=false
rust_only=false
case "${1:-}" in
  --test) want_test=true ;;
  --rust) rust_only=true ;;
  "") ;;
  *) echo "setup.sh: unknown option ${1} (--test or --rust)" >&2; exit 2 ;;
esac

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

# The Rust toolchain comes from rust-toolchain.toml; make sure its wasm32 target is there.
rustup show active-toolchain >/dev/null 2>&1 || rustup toolchain install
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
$rust_only && exit 0

# Debian packages: only what is missing. (Never binaryen: Debian's wasm-opt 108 breaks the build.)
need_apt=()
command -v python3 >/dev/null || need_apt+=(python3)
command -v node >/dev/null || need_apt+=(nodejs)
command -v npm >/dev/null || need_apt+=(npm)
# The release build precompresses dist/ (scripts/finish-dist.py) and scripts/size.sh measures brotli.
command -v brotli >/dev/null || need_apt+=(brotli)
command -v zopfli >/dev/null || need_apt+=(zopfli)
if $want_test; then
  command -v chromium >/dev/null || need_apt+=(chromium)
  command -v chromedriver >/dev/null || need_apt+=(chromium-driver)
  # A CJK font, so screenshots of the Japanese UI show Japanese rather than empty boxes.
  if ! { command -v fc-list >/dev/null && [[ -n "$(fc-list :lang=ja 2>/dev/null)" ]]; } &&
    ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
    need_apt+=(fonts-noto-cjk)
  fi
fi
if ((${#need_apt[@]})); then
  say "apt-get install ${need_apt[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
fi


# Trunk's own speed does not matter (it runs cargo, wasm-bindgen and wasm-opt), so it is built
# without optimisation or debug info: about 6 minutes instead of 13 on 2 cores (2026-11-26).
# A debug build reports the same version, so this check stays idempotent.
if [[ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]]; then
  say "cargo install trunk $TRUNK_VERSION --debug (about 6 minutes on 2 cores, once)"
  CARGO_PROFILE_DEV_DEBUG=false cargo install trunk --version "$TRUNK_VERSION" --locked --debug -j "$JOBS"
fi
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]]; then
  say "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (opt-level 1)"
  # Optimised a little, not fully: opt-level 3 cost 644 s of CPU to build on 2 cores, opt-level 1
  # 444 s, and the two binaries write the same files for the component tests' 42 MB wasm
  # (3.4 s against 3.7 s; diff -r, 2026-11-28). A debug build would process that wasm slowly.
  # --locked fails against this registry mirror (webpki-roots); fall back to a fresh resolve.
  export CARGO_PROFILE_RELEASE_OPT_LEVEL=1
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked -j "$JOBS" ||
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" -j "$JOBS"
  unset CARGO_PROFILE_RELEASE_OPT_LEVEL
fi

# The release build splits the wasm (scripts/split-build.sh) with wasm-split-cli. Like Trunk, a
# debug build: it runs for 2 s per release build either way, and builds in about 35 s instead
# of minutes. `WASM_SPLIT_CLI=/path/to/wasm-split-cli` uses another copy and installs nothing.
if [[ -n "${WASM_SPLIT_CLI:-}" ]]; then
  [[ -x "$WASM_SPLIT_CLI" ]] || { echo "setup.sh: WASM_SPLIT_CLI=$WASM_SPLIT_CLI is not an executable" >&2; exit 1; }
elif ! { command -v wasm-split-cli >/dev/null &&
  cargo install --list 2>/dev/null | grep -q "^wasm_split_cli_support v$WASM_SPLIT_VERSION:"; }; then
  say "cargo install wasm_split_cli_support $WASM_SPLIT_VERSION --debug (about a minute on 2 cores, once)"
  CARGO_PROFILE_DEV_DEBUG=false cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" \
    --features build-binary --locked --debug -j "$JOBS"
fi

# wasm-opt (npm binaryen 132) and Playwright, without any browser download.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# npm's hidden lockfile (node_modules/.package-lock.json) is package-lock.json without the root
# "" entry, so compare the installed packages, not the bytes (cmp always differed: npm ci every run).
npm_in_sync() {
  node -e '
    const fs = require("fs");
    const pkgs = (f) => JSON.parse(fs.readFileSync(f, "utf8")).packages || {};
    const want = pkgs("package-lock.json"), have = pkgs("node_modules/.package-lock.json");
    delete want[""];
    const key = (p) => JSON.stringify(Object.keys(p).sort().map((k) => [k, p[k].version, p[k].integrity]));
    process.exit(key(want) === key(have) ? 0 : 1);
  ' 2>/dev/null
}
if [[ -f package-lock.json ]]; then
  if [[ ! -x node_modules/.bin/wasm-opt || ! -d node_modules/@playwright/test ]] || ! npm_in_sync; then
    say "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
fi
say "ready"
