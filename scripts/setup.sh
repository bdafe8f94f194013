#!/usr/bin/env bash
# Makes sure the tools the build needs are here; installs Debian's packages when it can.
# Usage: scripts/setup.sh [build|test]   (test also needs GoogleTest and Chromium)
set -euo pipefail
need=${1:-build}

missing=()
command -v g++ >/dev/null || missing+=(g++)
command -v cmake >/dev/null || missing+=(cmake)
command -v em++ >/dev/null || missing+=(emscripten)
[ -f /usr/include/eigen3/Eigen/Core ] || missing+=(libeigen3-dev)
if [ "$need" = test ]; then
  [ -f /usr/include/gtest/gtest.h ] || missing+=(libgtest-dev)
  [ -d /usr/src/googletest/googletest ] || missing+=(googletest)  # sources, for the wasm32 test build
  command -v chromium >/dev/null || missing+=(chromium)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "setup: installing ${missing[*]} from Debian" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q "${missing[@]}" >/dev/null
else
  echo "setup: missing ${missing[*]}." >&2
  echo "Install them, e.g. on Debian/Ubuntu: sudo apt-get install ${missing[*]}" >&2
  echo "(Emscripten from Debian is 3.1.6; any newer emsdk works too.)" >&2
  exit 1
fi
