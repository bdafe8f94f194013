// Results as three.js types.
import { Matrix3, Quaternion, Vector3 } from 'three';

/** The center of mass as a Vector3. */
export function toVector3(result, target = new Vector3()) {
  return target.fromArray(result.centerOfMass);
}

/** The inertia tensor (about the center of mass) as a Matrix3. */
export function toMatrix3(result, target = new Matrix3()) {
  const m = result.inertia;
  // Matrix3.set takes row-major arguments, the package's layout.
  return target.set(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]);
}

/** The principal frame's rotation (its matrix has the principal axes as columns). */
export function toQuaternion(result, target = new Quaternion()) {
  return target.fromArray(result.principalRotation);
}

/**
 * Semi-axes (in principal-axis order) of the uniform solid ellipsoid with the same mass and
 * principal moments: from I₁ = m(a₂² + a₃²)/5 etc., aᵢ² = 5/(2m) · (Iⱼ + Iₖ − Iᵢ).
 */
export function equivalentEllipsoid(result, target = new Vector3()) {
  const [i1, i2, i3] = result.principalMoments;
  const k = 5 / (2 * result.mass);
  // A flat body has Iⱼ + Iₖ = Iᵢ up to round-off: clamp instead of taking √ of a tiny negative.
  const axis = (a, b, c) => Math.sqrt(Math.max(0, k * (b + c - a)));
  return target.set(axis(i1, i2, i3), axis(i2, i3, i1), axis(i3, i1, i2));
}
