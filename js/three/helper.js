// MassPropertiesHelper: a result drawn in the three.js way (an Object3D of child helpers).
import {
  ArrowHelper,
  BufferGeometry,
  Float32BufferAttribute,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  Object3D,
  SphereGeometry,
  Vector3,
} from 'three';
import { readOptions } from '../options.js';
import { toEllipsoidVector3 } from './convert.js';

const DEFAULTS = Object.freeze({
  // Axis i belongs to principal moment i (ascending): red = smallest, green = intermediate, blue = largest.
  axisColors: Object.freeze([0xe5484d, 0x46a758, 0x3e63dd]),
  centerColor: 0xffb224,
  ellipsoidColor: 0x8da4ef,
  ellipsoidOpacity: 0.14,
});

const _semiAxes = new Vector3();
const _direction = new Vector3();

// Three unit circles, one per principal plane: the ellipsoid's outline once scaled.
function ringsGeometry(segments = 96) {
  const points = [];
  for (const [u, v] of [
    [0, 1],
    [1, 2],
    [2, 0],
  ]) {
    for (let s = 0; s < segments; s++) {
      for (const t of [s, s + 1]) {
        const angle = (t / segments) * 2 * Math.PI;
        const p = [0, 0, 0];
        p[u] = Math.cos(angle);
        p[v] = Math.sin(angle);
        points.push(...p);
      }
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(points, 3));
  return geometry;
}

function centerMarker(color) {
  const center = new Mesh(
    new SphereGeometry(1, 16, 8),
    // Drawn over everything: the center of mass usually lies inside the model.
    new MeshBasicMaterial({ color, depthTest: false, depthWrite: false, transparent: true, toneMapped: false }),
  );
  center.renderOrder = 1;
  return center;
}

function ellipsoidMesh(color, opacity) {
  return new Mesh(
    new SphereGeometry(1, 48, 24),
    new MeshBasicMaterial({ color, transparent: true, opacity, depthWrite: false, toneMapped: false }),
  );
}

function outlineOf(color) {
  return new LineSegments(
    ringsGeometry(),
    new LineBasicMaterial({ color, transparent: true, opacity: 0.8, toneMapped: false }),
  );
}

/**
 * Draws a MassProperties result: the center of mass, the principal axes (ArrowHelpers colored
 * by axis) and the equivalent inertia ellipsoid. Add it where the measured object is, so it
 * shares that frame (the result's coordinates are in the measured object's frame).
 */
export class MassPropertiesHelper extends Object3D {
  constructor(result, options) {
    super();
    this.isMassPropertiesHelper = true;
    this.type = 'MassPropertiesHelper';
    const o = { ...DEFAULTS, ...readOptions(options, Object.keys(DEFAULTS)) };

    /** The drawn result (null until update). */
    this.result = null;

    // The helper's own transform stays the user's; this child carries the principal frame:
    // positioned at the center of mass, rotated by principalRotation.
    this.frame = new Object3D();
    this.add(this.frame);

    this.center = centerMarker(o.centerColor);
    this.frame.add(this.center);

    this.axes = o.axisColors.slice(0, 3).map((color, i) => {
      _direction.set(0, 0, 0).setComponent(i, 1);
      const arrow = new ArrowHelper(_direction, undefined, 1, color);
      this.frame.add(arrow);
      return arrow;
    });

    this.ellipsoid = ellipsoidMesh(o.ellipsoidColor, o.ellipsoidOpacity);
    this.outline = outlineOf(o.ellipsoidColor);
    this.ellipsoid.add(this.outline);
    this.frame.add(this.ellipsoid);

    if (result) this.update(result);
  }

  /** Redraws for a new result (same frame). */
  update(result) {
    this.result = result;
    this.frame.position.fromArray(result.centerOfMass);
    this.frame.quaternion.fromArray(result.principalRotation);

    const semi = toEllipsoidVector3(result, _semiAxes);
    const largest = Math.max(semi.x, semi.y, semi.z);
    // A zero scale would make the ellipsoid's matrix singular: keep flat bodies a hair thick.
    const floor = largest * 1e-4;
    this.ellipsoid.scale.set(Math.max(semi.x, floor), Math.max(semi.y, floor), Math.max(semi.z, floor));

    // Each arrow reaches past the ellipsoid along its axis, but never shrinks below half the
    // longest one, so the axis of a thin direction stays readable.
    for (let i = 0; i < 3; i++) {
      const length = 1.35 * Math.max(semi.getComponent(i), 0.5 * largest);
      this.axes[i].setLength(length, 0.12 * largest, 0.06 * largest);
    }
    this.center.scale.setScalar(0.035 * largest);
    return this;
  }

  /** Frees the geometries and materials of this helper. */
  dispose() {
    for (const arrow of this.axes) arrow.dispose();
    for (const object of [this.center, this.ellipsoid, this.outline]) {
      object.geometry.dispose();
      object.material.dispose();
    }
  }
}
