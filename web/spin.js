// Torque-free tumbling of the measured body, integrated by the package (mp.simulateRotation).
import { Quaternion, Vector3 } from 'three';

const SPEED = 5; // rad/s: slow enough to follow, fast enough that the flip comes within seconds
const PERTURBATION = 1e-3; // relative kick on the other two axes; the intermediate axis amplifies it
const MAX_FRAME = 0.1; // s: a stalled tab resumes where it stopped instead of jumping ahead

const _q = new Quaternion();
const _principal = new Quaternion();
const _now = new Vector3();
const _start = new Vector3();

/**
 * Spins `pivot` — a group whose origin is the center of mass and whose rest orientation is the
 * measured frame — about one principal axis of `body`.
 */
export class Spin {
  constructor(mp, pivot) {
    this.mp = mp;
    this.pivot = pivot;
    this.state = null;
  }

  get running() {
    return this.state !== null;
  }

  /** Starts about principal axis `axis` (0, 1, 2: ascending moments) with a tiny perturbation. */
  start(body, axis) {
    // Euler's equations are homogeneous in I, so scaling the moments changes nothing but keeps
    // the numbers near 1 whatever the units.
    const largest = body.principalMoments[2];
    const angularVelocity = [0, 1, 2].map((i) => SPEED * (i === axis ? 1 : PERTURBATION));
    this.state = {
      axis,
      time: 0,
      principalMoments: body.principalMoments.map((m) => m / largest),
      principalRotation: body.principalRotation,
      // At rest the body sits as measured: the principal frame's orientation is principalRotation.
      orientation: [...body.principalRotation],
      angularVelocity,
      angularMomentum: null,
    };
    this.#apply();
  }

  stop() {
    this.state = null;
    this.pivot.quaternion.identity();
  }

  /** Advances by `dt` seconds of wall time. */
  step(dt) {
    const s = this.state;
    if (!s) return;
    const duration = Math.min(Math.max(dt, 0), MAX_FRAME);
    const next = this.mp.simulateRotation({
      principalMoments: s.principalMoments,
      angularVelocity: s.angularVelocity,
      orientation: s.orientation,
      duration,
      timeStep: 1 / 480,
    });
    s.orientation = next.orientation;
    s.angularVelocity = next.angularVelocity;
    s.angularMomentum = next.angularMomentum;
    s.time += duration;
    this.#apply();
  }

  // The body's world rotation maps the measured frame to the world: orientation takes principal
  // coordinates to the world and principalRotation⁻¹ takes measured coordinates to principal ones.
  #apply() {
    const s = this.state;
    _principal.fromArray(s.principalRotation);
    this.pivot.quaternion.fromArray(s.orientation).multiply(_principal.invert()).normalize();
  }

  /** Angle in degrees between the spun axis now and where it started (near 180 after a flip). */
  axisAngle() {
    const s = this.state;
    if (!s) return 0;
    _now.set(0, 0, 0).setComponent(s.axis, 1).applyQuaternion(_q.fromArray(s.orientation));
    _start.set(0, 0, 0).setComponent(s.axis, 1).applyQuaternion(_q.fromArray(s.principalRotation));
    return (_now.angleTo(_start) * 180) / Math.PI;
  }
}
