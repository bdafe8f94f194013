// "Copy for Rapier / cannon-es / Babylon / glTF": the measured body as each engine takes it, in
// SI units (kg, m, kg·m²; glTF requires them, and engines assume them), made with the package's
// mass-properties/physics exactly as an application would call it.
import {
  setCannonMassProperties,
  toBabylonMassProperties,
  toGltfMotion,
  toRapierMassProperties,
} from 'mass-properties/physics';
import { convertUnits, LENGTH_UNITS, MASS_UNITS } from 'mass-properties';

export const ENGINES = {
  rapier: 'Rapier',
  cannon: 'cannon-es',
  babylon: 'Babylon.js + Havok',
  gltf: 'glTF (KHR_physics_rigid_bodies)',
};

// Shortest text that reads back as the same double.
const n = (x) => String(x);
const list = (values) => values.map(n).join(', ');

/**
 * The report's body in kg and m (the report is in the units chosen on the page): converting to
 * units of 1/(metres per unit) m and 1/(kg per unit) kg takes numbers in those units back to SI.
 */
function bodyInSI(report) {
  const { length, mass } = report.units;
  const si = convertUnits(report.body, { length: 1 / LENGTH_UNITS[length], mass: 1 / MASS_UNITS[mass] });
  const { centerOfMass, principalMoments, principalRotation } = si;
  return { mass: si.mass, centerOfMass, principalMoments, principalRotation };
}

function header(report, engine) {
  const from = report.units.length === 'm' ? '' : ` (converted from the model's ${report.units.length})`;
  return `// ${report.model}, measured as ${report.mode} by mass-properties, for ${ENGINES[engine]}: kg, m, kg·m²${from}.`;
}

const xyz = ({ x, y, z }) => `{ x: ${n(x)}, y: ${n(y)}, z: ${n(z)} }`;
const xyzw = ({ x, y, z, w }) => `{ x: ${n(x)}, y: ${n(y)}, z: ${n(z)}, w: ${n(w)} }`;

function rapier(body) {
  const p = toRapierMassProperties(body);
  return [
    "// Give this body's colliders .setDensity(0): with Rapier's default density 1 their mass would add to this.",
    'const bodyDesc = RAPIER.RigidBodyDesc.dynamic().setAdditionalMassProperties(',
    `  ${n(p.mass)}, // mass`,
    `  ${xyz(p.centerOfMass)}, // center of mass, in the model's frame`,
    `  ${xyz(p.principalAngularInertia)}, // principal moments`,
    `  ${xyzw(p.angularInertiaLocalFrame)}, // principal axes → model frame`,
    ');',
  ];
}

// What setCannonMassProperties does to a body, recorded on a stand-in with the members it uses
// (CannonBodyLike in physics.d.ts), for a model at the world origin whose shape sits at its origin.
function recordCannon(body) {
  const vector = (...keys) => ({
    set(...values) {
      keys.forEach((k, i) => (this[k] = values[i]));
    },
  });
  const stand = {
    type: 1,
    fixedRotation: false,
    shapes: [],
    position: vector('x', 'y', 'z'),
    quaternion: vector('x', 'y', 'z', 'w'),
    inertia: vector('x', 'y', 'z'),
    invInertia: vector('x', 'y', 'z'),
    addShape(shape, offset, orientation) {
      this.shapes.push({ offset, orientation });
    },
    updateInertiaWorld() {},
  };
  return setCannonMassProperties(stand, body, { shapes: [{}] });
}

function cannon(body) {
  const b = recordCannon(body);
  const { offset, orientation } = b.shapes[0];
  return [
    "// The body's frame is the principal frame at the center of mass (for the model at the world origin;",
    '// elsewhere, setCannonMassProperties from mass-properties/physics takes its pose). Draw the model at',
    "// the body's pose times the shape offset and orientation below.",
    `const body = new CANNON.Body({ mass: ${n(b.mass)} });`,
    `body.position.set(${list([b.position.x, b.position.y, b.position.z])});`,
    `body.quaternion.set(${list([b.quaternion.x, b.quaternion.y, b.quaternion.z, b.quaternion.w])});`,
    `body.addShape(shape, new CANNON.Vec3(${list([offset.x, offset.y, offset.z])}), new CANNON.Quaternion(${list([orientation.x, orientation.y, orientation.z, orientation.w])}));`,
    "// After addShape, which overwrites the inertia with its bounding box's:",
    `body.inertia.set(${list([b.inertia.x, b.inertia.y, b.inertia.z])});`,
    `body.invInertia.set(${list([b.invInertia.x, b.invInertia.y, b.invInertia.z])});`,
    'body.updateInertiaWorld(true);',
  ];
}

// Babylon's constructors, standing in as source text.
class Vector3Source {
  constructor(x, y, z) {
    this.text = `new BABYLON.Vector3(${list([x, y, z])})`;
  }
}
class QuaternionSource {
  constructor(x, y, z, w) {
    this.text = `new BABYLON.Quaternion(${list([x, y, z, w])})`;
  }
}

function babylon(body) {
  const p = toBabylonMassProperties(body, { Vector3: Vector3Source, Quaternion: QuaternionSource });
  return [
    'physicsBody.setMassProperties({',
    `  mass: ${n(p.mass)},`,
    `  centerOfMass: ${p.centerOfMass.text},`,
    `  inertia: ${p.inertia.text}, // per unit mass, as Havok reads it`,
    `  inertiaOrientation: ${p.inertiaOrientation.text},`,
    '});',
  ];
}

/** The text copied for `engine` (a key of ENGINES); throws the package's error for an unusable body. */
export function physicsSnippet(engine, report) {
  const body = bodyInSI(report);
  if (engine === 'gltf') {
    // JSON has no comments: the node's extension object, ready to paste, number arrays on one line.
    const json = JSON.stringify({ KHR_physics_rigid_bodies: { motion: toGltfMotion(body) } }, null, 2);
    return json.replace(/\[\s+([^[\]{}]*?)\s+\]/g, (_, inner) => `[${inner.split(/,\s+/).join(', ')}]`);
  }
  const lines = { rapier, cannon, babylon }[engine](body);
  return [header(report, engine), ...lines].join('\n');
}
