#!/usr/bin/env node
// npx mass-properties <files...>: see --help, or the README's "Command line".
import process from 'node:process';
import { main } from '../js/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(
      `mass-properties: internal error: ${String(error?.message ?? error).split('\n')[0]} (please report it)\n`,
    );
    process.exitCode = 70;
  },
);
