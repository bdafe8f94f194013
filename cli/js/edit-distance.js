// Levenshtein distance, for "did you mean" hints on flags, units and materials. The command line
// keeps its own (a dozen lines) rather than reach into the library's internals, which its package
// does not export.

/** The number of single-character insertions, deletions and substitutions from `a` to `b`. */
export function editDistance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}
