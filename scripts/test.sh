#!/usr/bin/env bash
# Everything a change must pass: native core tests (ctest, then the same tests compiled to
# wasm32 under Node), the package on the built wasm (Jest), and the demo page in Debian's
# Chromium (node --test + playwright-core).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/build.sh all
ctest --test-dir build/native --output-on-failure
node build/wasm-tests/mass_properties_tests.cjs --gtest_brief=1
node --experimental-vm-modules node_modules/jest/bin/jest.js
node --test tests/browser/
