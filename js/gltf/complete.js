// Completing the physics an author wrote, never overwriting it: each motion gets only the mass
// properties its author left out, measured from the body's colliders (bodies.js). A mass that is
// given (0 included: the specification reads it as infinite) stays, and scales the measured
// geometry; kinematic bodies, static colliders and triggers are left as they are. `replace`
// recomputes the mass properties of every non-kinematic motion instead.
import { rotate } from '../physics/frames.js';
import { metresPer } from '../units.js';
import { measureBodies } from './bodies.js';
import { motionFromResult } from './motion.js';

/** The motion fields this package measures. */
export const MASS_KEYS = Object.freeze(['mass', 'centerOfMass', 'inertiaDiagonal', 'inertiaOrientation']);

// The moments of a tensor R·diag(d)·Rᵀ about the axes of another orientation q: (q eᵢ)ᵀ T (q eᵢ).
function momentsAbout(q, measured) {
  const axes = [0, 1, 2].map((k) =>
    rotate(
      measured.inertiaOrientation,
      [0, 1, 2].map((j) => (j === k ? 1 : 0)),
    ),
  );
  return [0, 1, 2].map((i) => {
    const u = rotate(
      q,
      [0, 1, 2].map((j) => (j === i ? 1 : 0)),
    );
    return axes.reduce((sum, a, k) => {
      const c = a[0] * u[0] + a[1] * u[1] + a[2] * u[2];
      return sum + measured.inertiaDiagonal[k] * c * c;
    }, 0);
  });
}

// One body's motion completed; returns what was filled and why anything was not.
function complete(body, s, replace) {
  const { motion } = body;
  const report = { filled: [], kept: [], note: null };
  if (motion.getIsKinematic()) {
    report.note = 'kinematic: left as it is';
    return report;
  }
  const authored = {};
  for (const key of MASS_KEYS) authored[key] = replace ? null : (motion.toJSON()[key] ?? null);
  report.kept = MASS_KEYS.filter((key) => authored[key] !== null);
  if (report.kept.length === MASS_KEYS.length) return report;
  if (!body.result) {
    report.note = 'nothing with a volume to measure: left as it is';
    return report;
  }
  const matrix = body.node.getWorldMatrix().map((x, i) => (i % 4 === 3 ? x : x * s));
  const measured = motionFromResult(body.result, matrix);
  const fill = (key, value) => {
    motion.set(key, value);
    report.filled.push(key);
  };
  const mass = authored.mass ?? measured.mass;
  if (authored.mass === null) fill('mass', measured.mass);
  if (authored.centerOfMass === null) fill('centerOfMass', measured.centerOfMass);
  if (authored.inertiaDiagonal !== null) return report; // with or without its orientation: the author's
  if (mass === 0) {
    report.note = 'mass 0 (infinite): the inertia is left to the engine';
    return report;
  }
  // The geometry scaled to the body's mass: the inertia scales with it, the centre does not.
  const k = mass / measured.mass;
  if (authored.inertiaOrientation === null) {
    fill(
      'inertiaDiagonal',
      measured.inertiaDiagonal.map((x) => x * k),
    );
    fill('inertiaOrientation', measured.inertiaOrientation);
  } else {
    fill(
      'inertiaDiagonal',
      momentsAbout(authored.inertiaOrientation, measured).map((x) => x * k),
    );
  }
  return report;
}

/**
 * Completes the motions of a document's rigid bodies (see the file's head); options are
 * measureDocument's (the density applies where no mass is authored) and `replace`. Returns one
 * report per body: `{ node, name, source, parts, filled, kept, note }`.
 * @param {import('../index.js').MassPropertiesModule} mp
 * @param {import('@gltf-transform/core').Document} document
 * @param {import('../gltf.js').MeasureDocumentOptions & { replace?: boolean }} [options]
 */
export function completeMotions(mp, document, { replace = false, ...options } = {}) {
  const s = metresPer(options.units);
  return measureBodies(mp, document, options).map((body) => ({
    node: body.node,
    name: body.name,
    source: body.source,
    parts: body.parts.map(({ node, name, kind, note, result }) => ({
      node,
      name,
      kind,
      note,
      measured: Boolean(result),
    })),
    ...complete(body, s, replace),
  }));
}
