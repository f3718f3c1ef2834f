#!/usr/bin/env bash
# Builds the page into web/dist/: the library on WebAssembly (wasm32-unknown-unknown, no
# CaDiCaL), its JavaScript glue from wasm-bindgen, and the static files of web/www/. Serve
# web/dist/ from any static server (`python3 -m http.server -d web/dist`).
#
# Needs the target (`rustup target add wasm32-unknown-unknown`, done here when rustup is
# there) and the wasm-bindgen CLI at exactly the version of the wasm-bindgen crate
# (web/Cargo.toml), installed here once under target/tools/ when no such CLI is on the PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' web/Cargo.toml)
[ -n "$version" ] || { echo "build.sh: no pinned wasm-bindgen version in web/Cargo.toml" >&2; exit 1; }

target=wasm32-unknown-unknown
if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target"
fi

bindgen=target/tools/wasm-bindgen-$version/bin/wasm-bindgen
if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version)" = "wasm-bindgen $version" ]; then
  bindgen=$(command -v wasm-bindgen)
elif [ ! -x "$bindgen" ]; then
  echo "== installing wasm-bindgen-cli $version under target/tools/ (once)"
  CARGO_TARGET_DIR=target/tools/build \
    cargo install wasm-bindgen-cli --version "$version" --root "target/tools/wasm-bindgen-$version"
fi

# The page's profile, for size: link-time optimisation and one codegen unit (the workspace's
# release profile is left as it is; these apply to this build only). Measured in issue 36's
# session: 1,961,267 bytes (691,274 gzipped) with the plain release profile; 1,718,185
# (644,804) with these, the solver as fast (9x9 Keen solve + unique 4.2 ms in Chromium);
# adding CARGO_PROFILE_RELEASE_OPT_LEVEL=s gives 1,670,825 (562,896) but 8.4 ms.
CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
  cargo build --release -p cagesat-web --lib --target "$target"

rm -rf web/dist
mkdir -p web/dist
# Without the name section (function names for debuggers): 41 KB less gzipped (session 18:
# 680,403 -> 639,406), which keeps the page well inside its 700 KB budget.
"$bindgen" --target no-modules --no-typescript --remove-name-section --out-dir web/dist \
  "target/$target/release/cagesat_web.wasm"
cp web/www/* web/dist/
wasm=web/dist/cagesat_web_bg.wasm
echo "web/dist: $(wc -c <"$wasm") bytes of WebAssembly, $(gzip -9 -c "$wasm" | wc -c) gzipped"
