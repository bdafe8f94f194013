#!/usr/bin/env node
// npx mass-properties <files...>: see --help, or docs/command-line.md.
import process from 'node:process';
import { main } from '../js/main.js';

// A write past `ulimit -f` must fail with EFBIG (reported as exit 9, its temporary file removed)
// rather than end the process by SIGXFSZ's default action. Node ignores the signal; this keeps it so.
process.on('SIGXFSZ', () => {});

// The last resort: one line and exit 70 for a bug, never a stack trace; nothing at all when the
// reader of the output has gone away (a closed pipe).
function lastResort(error) {
  if (error?.code === 'EPIPE') return;
  process.exitCode = 70;
  process.stderr.write(
    `mass-properties: internal error: ${String(error?.message ?? error).split('\n')[0]} (please report it)\n`,
  );
}
process.on('uncaughtException', lastResort);

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
}, lastResort);
