// A project that depends on the package as its users' projects do (node_modules/mass-properties,
// here a link to this repository), the shared measuring script beside its entry, and the checks
// of what the entry reports against closed forms.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/** A fresh project in a temporary folder; `files` maps names to sources. Returns its folder and a cleanup. */
export function makeConsumer(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mass-properties-runtime-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'mass-properties'), 'dir');
  copyFileSync(fileURLToPath(new URL('./measure.mjs', import.meta.url)), path.join(dir, 'measure.mjs'));
  for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The entry most runtimes run: the package imported by its name, one JSON line printed. */
export const ENTRY = `import { init } from 'mass-properties';
import { measure } from './measure.mjs';
console.log(JSON.stringify(measure(await init())));
`;

/** Why a runtime's binary cannot be used here, or null when it can. */
export function missing(file) {
  return existsSync(file)
    ? null
    : `${path.relative(ROOT, file)} is not installed (npm ci; scripts/test.sh fetches Node 18 and 22)`;
}

/** The last line of `stdout` that is JSON. */
export function lastJson(stdout) {
  const line = stdout.split('\n').findLast((l) => l.startsWith('{'));
  assert.ok(line, `no JSON in the output:\n${stdout}`);
  return JSON.parse(line);
}

const close = (actual, expected, what) =>
  assert.ok(
    Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected)),
    `${what}: ${actual}, expected ${expected}`,
  );
const closeAll = (actual, expected, what) => expected.forEach((x, k) => close(actual[k], x, `${what}[${k}]`));

/** A box a × b × c of mass m: inertia about its centre m·diag(b² + c², a² + c², a² + b²)/12. */
const boxInertia = (m, a, b, c) =>
  [b * b + c * c, 0, 0, 0, a * a + c * c, 0, 0, 0, a * a + b * b].map((x) => (m * x) / 12);

/** What measure.mjs reports, against closed forms. */
export function checkMeasured(out) {
  close(out.box.volume, 6, 'box volume');
  close(out.box.mass, 12, 'box mass');
  closeAll(out.box.centerOfMass, [0, 0, 0], 'box centre');
  closeAll(out.box.inertia, boxInertia(12, 1, 2, 3), 'box inertia');
  // A solid sphere of radius r at density 1: volume 4πr³/3, moments 2mr²/5.
  const m = (4 * Math.PI * 0.125) / 3;
  close(out.sphere.mass, m, 'sphere mass');
  closeAll(
    out.sphere.inertia,
    [1, 0, 0, 0, 1, 0, 0, 0, 1].map((x) => (x * 2 * m * 0.25) / 5),
    'sphere inertia',
  );
  // The same box as triangles, moved by (10, 20, 30): the same mass and moments, the centre moved.
  close(out.mesh.volume, 6, 'mesh volume');
  close(out.mesh.mass, 12, 'mesh mass');
  closeAll(out.mesh.centerOfMass, [10.5, 21, 31.5], 'mesh centre');
  closeAll(out.mesh.inertia, boxInertia(12, 1, 2, 3), 'mesh inertia');
  // The open box, its planar hole capped: the same solid.
  close(out.open.volume, 6, 'open mesh volume');
  closeAll(out.open.centerOfMass, [10.5, 21, 31.5], 'open mesh centre');
  closeAll(out.open.inertia, boxInertia(12, 1, 2, 3), 'open mesh inertia');
  assert.equal(out.code, 'INVALID_DIMENSION');
}
