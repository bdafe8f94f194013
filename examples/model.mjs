// Shared by the physics examples: the model to measure (a three.js torus knot, or a file named
// on the command line) as one triangle mesh, and the comparison they print.
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { Group, Mesh, MeshBasicMaterial, TorusKnotGeometry } from 'three';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { bakeMeshes } from 'mass-properties/three';

function loadFile(path) {
  const bytes = readFileSync(path);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  switch (extname(path).toLowerCase()) {
    case '.obj':
      return new OBJLoader().parse(bytes.toString('utf8'));
    case '.stl':
      return new Mesh(new STLLoader().parse(buffer), new MeshBasicMaterial());
    case '.ply':
      return new Mesh(new PLYLoader().parse(buffer), new MeshBasicMaterial());
    default:
      throw new Error(`unsupported file type ${extname(path)} (obj, stl or ply)`);
  }
}

/**
 * The models to compare: always a torus knot 0.2 m across (three.js TorusKnotGeometry), plus
 * the file given as the first argument, if any. Each is one mesh { name, positions, indices }
 * (Float32Array, Uint32Array: what the engines take), all its parts baked together.
 */
export function models() {
  const knot = new Mesh(new TorusKnotGeometry(0.1, 0.03, 256, 32), new MeshBasicMaterial());
  const list = [{ name: 'torus knot', object: knot }];
  const file = process.argv[2];
  if (file) list.push({ name: basename(file), object: loadFile(file) });
  return list.map(({ name, object }) => {
    const root = new Group().add(object);
    const parts = bakeMeshes(root);
    const positions = [];
    const indices = [];
    for (const part of parts) {
      const base = positions.length / 3;
      positions.push(...part.positions);
      const count = part.positions.length / 3;
      const own = part.indices ?? Array.from({ length: count }, (_, i) => i);
      for (const i of own) indices.push(base + i);
    }
    return { name, positions: new Float32Array(positions), indices: new Uint32Array(indices) };
  });
}

const percent = (got, expected) => `${got >= expected ? '+' : ''}${((100 * (got - expected)) / expected).toFixed(2)} %`;

/**
 * One line: an engine's mass, center and (ascending) principal moments against ours; the center's
 * error as a fraction of the body's radius of gyration √(I₃/m).
 */
export function compare(label, engine, ours) {
  const size = Math.sqrt(ours.principalMoments[2] / ours.mass);
  const offset = Math.hypot(...engine.centerOfMass.map((x, k) => x - ours.centerOfMass[k])) / size;
  const moments = [...engine.principalMoments].sort((a, b) => a - b);
  const shown = moments.map((m, i) => percent(m, ours.principalMoments[i])).join(' ');
  return `  ${label.padEnd(44)} mass ${percent(engine.mass, ours.mass).padStart(9)}   center off by ${(100 * offset).toFixed(2).padStart(6)} % of its size   moments ${shown}`;
}
