// Strict flags: an unknown flag, a missing value or a malformed number is an error naming it.
import { LENGTH_UNITS, MATERIALS, closestName, shellThicknessProblem } from 'mass-properties';
import { CliError, EXIT } from './exit-codes.js';

export const DEFAULT_DENSITY = 1000; // water, kg/m³: stated in every report

const VALUE_FLAGS = [
  'density',
  'material',
  'units',
  'output',
  'mode',
  'thickness',
  'weld',
  'write',
  'body',
  'jobs',
  'float',
];
const SWITCHES = ['json', 'jsonl', 'help', 'version', 'replace', 'intersections', 'poses'];
const SHORT = { '-h': 'help', '-v': 'version', '-d': 'density', '-m': 'material', '-u': 'units', '-o': 'write' };

// A plain decimal number: 1240, 1.24e3, .5; not "1,240", "12kg", "0x10" or "".
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function number(flag, text, { positive = true, integer = false } = {}) {
  const value = NUMBER.test(text) ? Number(text) : NaN;
  const ok = Number.isFinite(value) && (!positive || value > 0) && (!integer || Number.isInteger(value));
  if (!ok) {
    const what = integer ? 'a whole number > 0' : positive ? 'a number > 0' : 'a number';
    const hint = /^\d{1,3}(,\d{3})+$/.test(text) ? ` (no thousands separators: ${text.replace(/,/g, '')})` : '';
    throw new CliError(EXIT.BAD_VALUE, `--${flag} must be ${what}, got '${text}'${hint}`);
  }
  return value;
}

function oneOf(flag, text, choices) {
  if (!choices.includes(text)) {
    throw new CliError(EXIT.BAD_VALUE, `--${flag} must be one of ${choices.join(', ')}; got '${text}'`);
  }
  return text;
}

/** The command line as `{ inputs, density, material, units, output, mode, ... }`. */
export function parseArgs(argv) {
  const flags = {};
  const inputs = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      inputs.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      inputs.push(arg);
      continue;
    }
    let [name, inline] = arg.startsWith('--') ? [arg.slice(2), undefined] : [SHORT[arg], undefined];
    if (name === undefined) throw new CliError(EXIT.USAGE, `unknown flag '${arg}' (see --help)`);
    const eq = name.indexOf('=');
    if (eq >= 0) [name, inline] = [name.slice(0, eq), name.slice(eq + 1)];
    if (SWITCHES.includes(name)) {
      if (inline !== undefined) throw new CliError(EXIT.USAGE, `--${name} takes no value`);
      flags[name] = true;
    } else if (VALUE_FLAGS.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) {
        throw new CliError(EXIT.USAGE, `--${name} needs a value`);
      }
      if (name in flags) throw new CliError(EXIT.USAGE, `--${name} is given twice`);
      flags[name] = value;
    } else {
      const near = closestName(name, [...VALUE_FLAGS, ...SWITCHES]);
      throw new CliError(
        EXIT.USAGE,
        `unknown flag '--${name}'${near ? `; did you mean '--${near}'?` : ''} (see --help)`,
      );
    }
  }
  return { inputs, ...readFlags(flags) };
}

function readFlags(flags) {
  if (flags.density !== undefined && flags.material !== undefined) {
    throw new CliError(EXIT.USAGE, 'give either --density or --material, not both');
  }
  if (flags.json && flags.jsonl) throw new CliError(EXIT.USAGE, 'give either --json or --jsonl, not both');
  let density = DEFAULT_DENSITY;
  let material = null;
  if (flags.density !== undefined) density = number('density', flags.density);
  if (flags.material !== undefined) {
    const name = flags.material.toLowerCase();
    if (!Object.hasOwn(MATERIALS, name)) {
      const near = closestName(name, Object.keys(MATERIALS));
      throw new CliError(
        EXIT.BAD_VALUE,
        `unknown --material '${flags.material}'${near ? `; did you mean '${near}'?` : ''} (known: ${Object.keys(MATERIALS).join(', ')})`,
      );
    }
    material = name;
    density = MATERIALS[name];
  }
  const mode = flags.mode === undefined ? 'solid' : oneOf('mode', flags.mode, ['solid', 'shell', 'convex']);
  const thickness = flags.thickness === undefined ? undefined : number('thickness', flags.thickness);
  // Densities here are kg/m³ (--units always set), so a shell needs its thickness: the package's rule.
  const shell = shellThicknessProblem(
    { units: 'm', mode, thickness },
    { units: 'densities in kg/m³', mode: '--mode', thickness: '--thickness' },
  );
  if (shell) throw new CliError(EXIT.USAGE, shell);
  if (mode !== 'shell' && thickness !== undefined) throw new CliError(EXIT.USAGE, '--thickness is for --mode shell');
  const write = flags.write;
  if (write !== undefined && !/\.glb$/i.test(write)) {
    throw new CliError(EXIT.BAD_VALUE, `--write must name a .glb file, got '${write}'`);
  }
  if (flags.replace && write === undefined) throw new CliError(EXIT.USAGE, '--replace is for --write');
  const float = flags.float === undefined ? undefined : number('float', flags.float);
  if (float !== undefined && mode !== 'solid') throw new CliError(EXIT.USAGE, '--float needs --mode solid');
  return {
    density,
    material,
    units: flags.units === undefined ? 'm' : oneOf('units', flags.units, Object.keys(LENGTH_UNITS)),
    unitsGiven: flags.units !== undefined,
    output: flags.output === undefined ? 'si' : oneOf('output', flags.output, ['si', 'input']),
    mode,
    thickness,
    weld: flags.weld === undefined ? undefined : number('weld', flags.weld),
    intersections: Boolean(flags.intersections),
    write,
    body: flags.body === undefined ? 'nodes' : oneOf('body', flags.body, ['nodes', 'scene']),
    replace: Boolean(flags.replace),
    poses: Boolean(flags.poses),
    jobs: flags.jobs === undefined ? undefined : number('jobs', flags.jobs, { integer: true }),
    float,
    json: Boolean(flags.json),
    jsonl: Boolean(flags.jsonl),
    help: Boolean(flags.help),
    version: Boolean(flags.version),
  };
}
