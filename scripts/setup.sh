#!/usr/bin/env bash
# Makes sure the tools the build needs are here; installs Debian's packages when it can.
# Usage: scripts/setup.sh [build|test]   (test also needs what the tests, fuzzer and lint use)
# The packages and how to tell they are present: scripts/debian-packages.txt.
set -euo pipefail
need=${1:-build}
list="$(dirname "$0")/debian-packages.txt"

present() {
  case "$1" in
    cmd:*) command -v "${1#cmd:}" >/dev/null ;;
    file:*) compgen -G "${1#file:}" >/dev/null ;;
    *) return 1 ;;
  esac
}

missing=()
while read -r package stage probe _; do
  case "$package" in '' | '#'*) continue ;; esac
  [ "$stage" = build ] || [ "$need" = test ] || continue
  present "$probe" || missing+=("$package")
done <"$list"
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
