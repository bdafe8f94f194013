#!/usr/bin/env bash
# Native (Google Benchmark) and WebAssembly (Node) speed of the mesh path.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh wasm
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DMASS_PROPERTIES_BENCHMARK=ON -DMASS_PROPERTIES_TESTS=OFF >/dev/null
cmake --build build/bench -j "$(nproc 2>/dev/null || echo 2)" --target mass_properties_bench
./build/bench/mass_properties_bench
node tests/bench/bench.mjs
