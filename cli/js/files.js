// Inputs to files: a file as given, a folder searched recursively for the formats we read, a
// glob (*, ?, ** for any folders, {a,b}) expanded here with node:fs (Node 20 has no fs.glob).
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { MODEL_FORMATS, modelFormatOf } from 'mass-properties';
import { CliError, EXIT } from './exit-codes.js';

const EXTENSIONS = Object.keys(MODEL_FORMATS).map((extension) => `.${extension}`);

const known = (name) => modelFormatOf(name) !== undefined;
const isGlob = (text) => /[*?{[]/.test(text);

// A folder that exists but cannot be listed (no permission, an I/O error) is named, never skipped:
// the files in it would be missing from the results without a word.
function list(folder) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    throw new CliError(EXIT.NOT_FOUND, `${folder}: cannot read this folder (${error.code ?? error.message})`);
  }
}

function walk(folder, out) {
  for (const entry of list(folder).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile() && known(entry.name)) out.push(path);
  }
  return out;
}

// A glob pattern as a regular expression over '/'-separated relative paths.
function globToRegExp(pattern) {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) re += '\\{';
      else {
        re += `(?:${pattern
          .slice(i + 1, end)
          .split(',')
          .map(escape)
          .join('|')})`;
        i = end;
      }
    } else re += escape(c);
  }
  return new RegExp(`^${re}$`);
}
const escape = (text) => text.replace(/[.+^$()|[\]\\]/g, '\\$&');

// The folder a glob starts from: its leading parts without wildcards.
function globBase(pattern) {
  const parts = pattern.split('/');
  const fixed = [];
  for (const part of parts.slice(0, -1)) {
    if (isGlob(part)) break;
    fixed.push(part);
  }
  return fixed.length === 0 ? '.' : fixed.join('/') || '/';
}

function expandGlob(pattern) {
  const normal = pattern.split(sep).join('/');
  const base = globBase(normal);
  // A pattern whose fixed part is missing, or is a file, matches nothing.
  const folder = lookUp(base);
  if (!folder?.isDirectory()) return [];
  const files = walk(base, []);
  const re = globToRegExp(normal.startsWith('./') ? normal.slice(2) : normal);
  return files.filter((file) => {
    const rel = (base === '.' ? relative('.', file) : file).split(sep).join('/');
    return re.test(rel);
  });
}

// A path's stat, or null when there is nothing there; any other failure (a folder on the way that
// cannot be searched) is reported as it is, not as "no such file".
function lookUp(path) {
  try {
    return statSync(path);
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw new CliError(EXIT.NOT_FOUND, `${path}: cannot read (${error.code ?? error.message})`);
  }
}

/** Every file to measure, in the order given (each once); a name that matches nothing fails. */
export function expandInputs(inputs) {
  const files = [];
  const seen = new Set();
  for (const input of inputs) {
    let found;
    let stat;
    try {
      stat = lookUp(input);
    } catch (error) {
      if (!isGlob(input)) throw error;
      stat = null; // a pattern: its expansion names the folder it cannot read
    }
    if (stat?.isDirectory()) found = walk(input, []);
    else if (stat) found = [input];
    else if (isGlob(input)) found = expandGlob(input);
    else throw new CliError(EXIT.NOT_FOUND, `${input}: no such file or folder`);
    if (found.length === 0) {
      throw new CliError(
        EXIT.NOT_FOUND,
        `${input}: ${stat ? `no ${EXTENSIONS.join(' ')} files in this folder` : 'no file matches this pattern'}`,
      );
    }
    for (const file of found) {
      if (!seen.has(file)) files.push(file);
      seen.add(file);
    }
  }
  return files;
}
