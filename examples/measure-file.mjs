// Measures a model file from the command line with three.js's own loaders.
//   node examples/measure-file.mjs model.stl [--density 1240] [--scale 0.001]
// STL, OBJ and PLY; every mesh in the file is measured, then the whole.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { Mesh, MeshBasicMaterial, Group } from 'three';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js';
import { init } from 'mass-properties';
import { computeMassProperties } from 'mass-properties/three';

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('usage: node examples/measure-file.mjs model.(stl|obj|ply) [--density D] [--scale S]');
  process.exit(2);
}
const option = (name, fallback) => {
  const k = flags.indexOf(`--${name}`);
  return k >= 0 ? Number(flags[k + 1]) : fallback;
};

function load(path) {
  const bytes = readFileSync(path);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  switch (extname(path).toLowerCase()) {
    case '.stl':
      return new Mesh(new STLLoader().parse(buffer), new MeshBasicMaterial());
    case '.ply':
      return new Mesh(new PLYLoader().parse(buffer), new MeshBasicMaterial());
    case '.obj':
      return new OBJLoader().parse(bytes.toString('utf8'));
    default:
      throw new Error(`unsupported file type ${extname(path)} (stl, obj or ply)`);
  }
}

const mp = await init();
// Measured in the frame of `root`, so the unit scale goes on a child (e.g. 0.001 for millimetres).
const root = new Group();
const scaled = new Group();
scaled.scale.setScalar(option('scale', 1));
scaled.add(load(file));
root.add(scaled);
const { body, parts } = computeMassProperties(mp, root, { density: option('density', 1) });

const fmt = (v) => (Array.isArray(v) ? v.map((x) => x.toPrecision(7)).join('  ') : v.toPrecision(7));
for (const part of parts) {
  const d = part.result?.diagnostics;
  const state = part.error
    ? `not measured: ${part.error.message}`
    : d.closed && d.consistentWinding
      ? 'closed, consistently wound'
      : `open or badly wound (${d.boundaryEdges} boundary, ${d.inconsistentEdges} inconsistent edges)`;
  console.log(`${part.mesh.name || 'mesh'}: ${state}`);
}
console.log(`mass              ${fmt(body.mass)}`);
console.log(`volume            ${fmt(body.volume)}`);
console.log(`center of mass    ${fmt(body.centerOfMass)}`);
console.log(`inertia (about the center of mass)`);
for (let row = 0; row < 3; row++) console.log(`                  ${fmt(body.inertia.slice(3 * row, 3 * row + 3))}`);
console.log(`principal moments ${fmt(body.principalMoments)}`);
body.principalAxes.forEach((axis, k) => console.log(`axis ${k + 1}            ${fmt(axis)}`));
console.log(`surface area      ${body.surfaceArea === null ? 'n/a' : fmt(body.surfaceArea)}`);
