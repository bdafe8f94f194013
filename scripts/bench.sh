#!/usr/bin/env bash
# `npm run bench`: builds the wasm modules and the native timing binary, then runs the whole
# comparison in one Node process (tests/bench/bench.mjs; cold starts in fresh child processes).
# Writes bench/results.json. Pass --quick for a smoke run on small meshes.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh wasm
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DMASS_PROPERTIES_BENCHMARK=ON -DMASS_PROPERTIES_TESTS=OFF >/dev/null
cmake --build build/bench -j "$(nproc 2>/dev/null || echo 2)" --target mass_properties_bench
# The bare SIMD kernel check: false is compared with, a standalone module of its own.
em++ -O3 -msimd128 -flto tests/bench/kernel.cpp -o build/bench/kernel.wasm --no-entry -sSTANDALONE_WASM=1 \
  -sEXPORTED_FUNCTIONS=_kernel,_allocate,_release -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sMALLOC=emmalloc
node tests/bench/bench.mjs "$@"
