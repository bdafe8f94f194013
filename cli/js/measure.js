// One file measured: loaded, measured part by part, reported as plain data (what --json prints).
import {
  LENGTH_UNITS,
  MassPropertiesError,
  hardlyASolid,
  largestSide,
  lengthUnitName,
  unitsHint,
} from 'mass-properties';
import { measureBodies, measureDocument } from 'mass-properties/gltf';
import { bakeMeshes, computeMassProperties } from 'mass-properties/three';
import { CliError, EXIT } from './exit-codes.js';
import { loadModel, metresPerThreeMfUnit } from './load.js';
import { restingPosesOf } from './poses.js';

/** Metres per unit of the command line's units: a name, or metres per unit (an odd 3MF unit). */
export const metresPerUnit = (units) => (typeof units === 'number' ? units : LENGTH_UNITS[units ?? 'm']);

// The mp.mesh options of the command line. `intersections` only when asked for, so the default
// call is the package's default.
export function meshOptions(options) {
  const { mode, thickness, weld, units } = options;
  return { mode, thickness, weld, units, ...(options.intersections ? { intersections: true } : {}) };
}

const errorOf = (error) => ({ code: error.code, message: error.message });

const FROM = { colliders: 'its colliders', meshes: 'its render meshes', none: 'nothing' };

// The body as its author wrote it: a positive authored mass scales the measured geometry (its
// inertia with it), as --write completes it; the core derives the rest.
// An authored centre (node space) moves the centre, the inertia about it staying the geometry's.
function asAuthored(mp, result, motion, node, metres) {
  const mass = motion.getMass() ?? result.mass;
  const k = mass / result.mass;
  const c = motion.getCenterOfMass();
  const m = node.getWorldMatrix();
  const centerOfMass = c
    ? [0, 1, 2].map((i) => metres * (m[i] * c[0] + m[4 + i] * c[1] + m[8 + i] * c[2] + m[12 + i]))
    : result.centerOfMass;
  return mp.combine([{ ...result, mass, centerOfMass, inertia: result.inertia.map((x) => x * k) }]);
}

// A glTF whose author wrote rigid bodies: each body measured from its colliders, as --write
// completes it (static colliders and triggers weigh nothing). A body whose author gave it a mass
// is shown at that mass; one of infinite mass (an authored 0, or kinematic) is shown but left out
// of the total. null when the document has no body.
function measureRigidBodies(mp, document, options) {
  const bodies = measureBodies(mp, document, { density: options.density, ...meshOptions(options) });
  if (bodies.length === 0) return null;
  const parts = bodies.map((b) => {
    const authored = b.motion.getMass();
    const infinite = b.motion.getIsKinematic() ? 'kinematic' : authored === 0 ? 'authored mass 0' : null;
    const part = { name: b.name || 'body', measuredFrom: FROM[b.source], result: b.result, error: null };
    if (!b.result) {
      const notes = b.parts.map((p) => p.note).filter(Boolean);
      part.error = { code: 'EMPTY_MESH', message: `nothing with a volume (${notes.join('; ') || 'no geometry'})` };
    } else if (infinite) {
      part.massFrom = 'infinite';
      part.note = `${infinite}: infinite mass, left out of the total`;
    } else {
      part.massFrom = authored > 0 ? 'authored' : 'density';
      if (authored > 0 || b.motion.getCenterOfMass())
        part.result = asAuthored(mp, b.result, b.motion, b.node, metresPerUnit(options.units));
    }
    return part;
  });
  const results = parts.filter((p) => p.result && p.massFrom !== 'infinite').map((p) => p.result);
  if (results.length === 0)
    throw new MassPropertiesError('EMPTY_MESH', 'no rigid body of finite mass has a collider or mesh with a volume');
  return { body: results.length === 1 ? results[0] : mp.combine(results), parts };
}

/** Measures a loaded model: `{ body, parts: [{ name, result, error }] }` in SI. */
export function measureModel(mp, model, options) {
  const bodies = model.document ? measureRigidBodies(mp, model.document, options) : null;
  if (bodies) return bodies;
  if (model.document) {
    const { body, parts } = measureDocument(mp, model.document, { density: options.density, ...meshOptions(options) });
    return {
      body,
      parts: parts.map((p) => ({ name: p.name || 'node', result: p.result, error: p.error ? errorOf(p.error) : null })),
    };
  }
  const { body, parts } = computeMassProperties(mp, model.object, {
    density: (mesh) => mesh.userData.density ?? options.density,
    ...meshOptions(options),
  });
  return {
    body,
    parts: parts.map((p, k) => ({
      name: p.mesh.name || `mesh ${k + 1}`,
      result: p.result,
      error: p.error ? errorOf(p.error) : null,
    })),
  };
}

// How the model floats in water of --float kg/m³ (its meshes as one solid, at --density): the
// upright pose (the file's +Y up) and the stable equilibria the search finds.
function floatModel(mp, model, options) {
  if (!model.object) throw new CliError(EXIT.USAGE, '--float reads STL, OBJ, PLY and 3MF models (not glTF yet)');
  const parts = bakeMeshes(model.object);
  const vertices = parts.reduce((n, p) => n + p.positions.length, 0);
  const corners = parts.reduce((n, p) => n + (p.indices ? p.indices.length : p.positions.length / 3), 0);
  const positions = new Float64Array(vertices);
  const indices = new Uint32Array(corners);
  let v = 0;
  let c = 0;
  for (const part of parts) {
    positions.set(part.positions, v);
    const first = v / 3;
    const count = part.indices ? part.indices.length : part.positions.length / 3;
    for (let k = 0; k < count; k++) indices[c + k] = first + (part.indices ? part.indices[k] : k);
    v += part.positions.length;
    c += count;
  }
  const f = mp.float(positions, indices, {
    density: options.density,
    waterDensity: options.float,
    weld: options.weld,
    units: options.units,
  });
  return { waterDensity: options.float, ...f };
}

/** A file's report, or a CliError naming the file. */
export async function measureFile(mp, file, options) {
  const model = await loadModel(file);
  // A 3MF says what its coordinates are in; --units overrides it.
  if (model.declaredUnit && !options.unitsGiven) {
    const metres = metresPerThreeMfUnit(model.declaredUnit);
    options = { ...options, units: lengthUnitName(metres) ?? metres };
  }
  let measured;
  try {
    measured = measureModel(mp, model, options);
    if (options.float !== undefined) measured.float = floatModel(mp, model, options);
  } catch (error) {
    if (!(error instanceof MassPropertiesError)) throw error;
    throw new CliError(EXIT.NOT_MEASURABLE, `${file}: ${error.message}`);
  }
  // A size that suggests other units, where no one said which (--units, or the file itself).
  const hint = options.unitsGiven || model.declaredUnit ? null : unitsHint(largestSide(measured.body), options.units);
  // A number that is more the caps' than the mesh's is still given, with a warning in words.
  const warning = options.mode === 'solid' ? hardlyASolid(measured.body.diagnostics) : null;
  const poses = options.poses ? restingPosesOf(mp, model, measured.body, metresPerUnit(options.units)) : null;
  return {
    file,
    format: model.format,
    units: options.units,
    density: options.density,
    material: options.material,
    mode: options.mode,
    thickness: options.thickness,
    ...measured,
    ...(poses ? { restingPoses: poses } : {}),
    ...(hint ? { hint: `${hint.text}, use --units ${hint.suggested}` } : {}),
    ...(warning ? { warning: `${warning} (measured anyway; --mode shell puts the mass on the surface)` } : {}),
  };
}
