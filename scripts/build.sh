#!/usr/bin/env bash
# Builds, with the presets in CMakePresets.json, the native core with its tests (build/native), the
# WebAssembly modules (the full and the core one, docs/size.md, each with SIMD and without:
# dist/mass_properties_wasm*.js, ES modules written by CMake itself, then their
# CommonJS and classic-script builds by scripts/bundle.mjs) and the same C++ tests as WebAssembly
# (build/wasm-tests).
# Usage: scripts/build.sh [native|wasm|wasm-tests|all]
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-wasm}
jobs=$(nproc 2>/dev/null || echo 2)

# The presets name Debian's Emscripten toolchain file; another Emscripten (emsdk) brings its own.
emscripten_toolchain=()
if [ ! -f /usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake ] && command -v em-config >/dev/null; then
  emscripten_toolchain=(--toolchain "$(em-config EMSCRIPTEN_ROOT)/cmake/Modules/Platform/Emscripten.cmake")
fi

if [ "$what" = native ] || [ "$what" = all ]; then
  bash scripts/setup.sh test
  cmake --preset native >/dev/null
  cmake --build --preset native -j "$jobs"
fi

if [ "$what" = wasm ] || [ "$what" = all ]; then
  bash scripts/setup.sh build
  cmake --preset wasm "${emscripten_toolchain[@]}" >/dev/null
  cmake --build --preset wasm -j "$jobs"
  # dist/result-fields.js from the built layout, then the CommonJS and classic-script builds of
  # the package, from the ES modules and that glue.
  node scripts/bundle.mjs
fi

if [ "$what" = wasm-tests ] || [ "$what" = all ]; then
  bash scripts/setup.sh test
  cmake --preset wasm-tests "${emscripten_toolchain[@]}" >/dev/null
  cmake --build --preset wasm-tests -j "$jobs"
fi
