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

built="target/$target/release/cagesat_web.wasm"
# Binaryen's optimiser, when it is installed (`apt-get install binaryen`; .ci/run installs
# it), over what cargo built and before wasm-bindgen reads it (binaryen 108 after
# wasm-bindgen breaks the glue's externref table): session 29, 901,772 -> 890,964 bytes
# gzipped for the same build with -O2 (-O3 and -Oz gave less). The features enabled are
# those the Rust target emits by default. Without it the page works as well, only larger:
# the browser tests' size budget assumes it.
if command -v wasm-opt >/dev/null; then
  mkdir -p target/wasm-opt
  wasm-opt -O2 --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
    "$built" -o target/wasm-opt/cagesat_web.wasm
  built=target/wasm-opt/cagesat_web.wasm
else
  echo "build.sh: no wasm-opt on the PATH (apt-get install binaryen): the page is built without it, about 11 KB larger gzipped" >&2
fi

rm -rf web/dist
mkdir -p web/dist
# Without the name section (function names for debuggers): 41 KB less gzipped (session 18:
# 680,403 -> 639,406), which keeps the page well inside its 700 KB budget.
"$bindgen" --target no-modules --no-typescript --remove-name-section --out-dir web/dist \
  "$built"
cp web/www/* web/dist/
wasm=web/dist/cagesat_web_bg.wasm
echo "web/dist: $(wc -c <"$wasm") bytes of WebAssembly, $(gzip -9 -c "$wasm" | wc -c) gzipped"
