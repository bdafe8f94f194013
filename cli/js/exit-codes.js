// The command line's exit codes: one per kind of failure, documented in --help and docs/command-line.md.
export const EXIT = Object.freeze({
  OK: 0,
  USAGE: 2, // unknown flag, a flag without its value, no input
  BAD_VALUE: 3, // a malformed number (1,240), an unknown unit, material or mode
  NOT_FOUND: 4, // a file, folder or pattern that matches nothing, or cannot be read
  EMPTY_FILE: 5, // a file of 0 bytes
  TRUNCATED_FILE: 6, // shorter than its own header says (binary STL, GLB)
  CORRUPT_FILE: 7, // not parseable as its format, or an unknown extension
  NOT_MEASURABLE: 8, // read, but the core refuses it (no triangles, no volume, ...)
  WRITE_FAILED: 9, // --write could not write its file
  INTERNAL: 70, // a bug: please report it
});

/** An error the command line reports as one line and exits with `exit`. */
export class CliError extends Error {
  constructor(exit, message) {
    super(message);
    this.name = 'CliError';
    this.exit = exit;
  }
}
