#!/usr/bin/env bash
# Builds the native core with its tests (build/native), the WebAssembly module
# (dist/mass_properties_wasm.js) and the same C++ tests as WebAssembly (build/wasm-tests).
# Usage: scripts/build.sh [native|wasm|wasm-tests|all]
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-wasm}
jobs=$(nproc 2>/dev/null || echo 2)

if [ "$what" = native ] || [ "$what" = all ]; then
  bash scripts/setup.sh test
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j "$jobs"
fi

if [ "$what" = wasm ] || [ "$what" = all ]; then
  bash scripts/setup.sh build
  # Debian's Emscripten runs its JS optimizer with the system's node modules.
  export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release \
    -DEigen3_DIR=/usr/share/eigen3/cmake -DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=BOTH >/dev/null
  cmake --build build/wasm -j "$jobs"
  # The classic MODULARIZE glue made into an ES module (EXPORT_ES6 in 3.1.6 needs __dirname).
  mkdir -p dist
  { cat build/wasm/mass_properties_wasm.js; printf '\nexport default createMassPropertiesModule;\n'; } \
    > dist/mass_properties_wasm.js.tmp
  mv dist/mass_properties_wasm.js.tmp dist/mass_properties_wasm.js
fi

if [ "$what" = wasm-tests ] || [ "$what" = all ]; then
  bash scripts/setup.sh test
  export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
  emcmake cmake -S . -B build/wasm-tests -DCMAKE_BUILD_TYPE=Release -DMASS_PROPERTIES_WASM_TESTS=ON \
    -DEigen3_DIR=/usr/share/eigen3/cmake -DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=BOTH >/dev/null
  cmake --build build/wasm-tests -j "$jobs" --target mass_properties_tests
fi
