#!/usr/bin/env bash
# Formatting and lint of the C++ (clang-format, .clang-format) and the JS/TS (Prettier,
# .prettierrc.json; ESLint, eslint.config.js); tsc checks the JavaScript against its .d.ts, and
# docs/api must be what the .d.ts files generate (scripts/docs.sh).
# Usage: scripts/lint.sh          check only, list what fails (npm run lint, part of npm test)
#        scripts/lint.sh --fix    rewrite the files in place (npm run format)
set -euo pipefail
cd "$(dirname "$0")/.."
fix=false
[ "${1:-}" = --fix ] && fix=true

# Tracked and new (not ignored) files, so work not yet committed is checked too.
files() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -co --exclude-standard -- "$@" | while read -r f; do [ -f "$f" ] && echo "$f"; done
  else
    local names=()
    for p in "$@"; do names+=(-o -name "$p"); done
    find . \( -path ./node_modules -o -path ./build -o -path ./dist \) -prune -o -type f \( "${names[@]:1}" \) -print |
      sed 's|^\./||'
  fi
}
mapfile -t cpp < <(files '*.cpp' '*.h')
mapfile -t js < <(files '*.js' '*.mjs' '*.cjs' '*.ts')

bash scripts/setup.sh test >/dev/null # clang-format
failed=0
if $fix; then
  clang-format -i "${cpp[@]}"
  npx --no-install prettier --log-level warn --write "${js[@]}"
  npx --no-install eslint --fix .
  bash scripts/docs.sh
  exit 0
fi

# One clang-format process for all files; its findings name file:line:column, listed once per file.
if ! report=$(clang-format --dry-run --Werror "${cpp[@]}" 2>&1); then
  grep -oE '^[^ :]+:[0-9]+:[0-9]+: (error|warning)' <<<"$report" | cut -d: -f1 | sort -u |
    sed 's/^/clang-format: /' >&2
  failed=1
fi
npx --no-install prettier --log-level warn --check "${js[@]}" || failed=1
npx --no-install eslint . || failed=1
# The JavaScript checked against the hand-written .d.ts (tsconfig.json: checkJs): the library's,
# then the command line's (cli/tsconfig.json), which reads the library through its .d.ts.
npx --no-install tsc --noEmit -p . || failed=1
npx --no-install tsc --noEmit -p cli || failed=1
bash scripts/docs.sh --check || failed=1
if [ $failed != 0 ]; then
  echo "lint: the files above need changes; 'npm run format' rewrites the layout (clang-format 14, Prettier) and docs/api." >&2
  exit 1
fi
echo "lint: clean (${#cpp[@]} C++ files, ${#js[@]} JS/TS files)"
