// Results as three.js types.
import { Matrix3, Quaternion, Vector3 } from 'three';
import { equivalentEllipsoid as semiAxes } from '../derived.js';

/** The center of mass as a Vector3. */
export function toCenterOfMassVector3(result, target = new Vector3()) {
  return target.fromArray(result.centerOfMass);
}

/** @deprecated The old name of toCenterOfMassVector3, which says what it converts; kept as an alias. */
export const toVector3 = toCenterOfMassVector3;

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
 * principal moments, as a Vector3: the package's equivalentEllipsoid (an array), as three.js's type.
 */
export function toEllipsoidVector3(result, target = new Vector3()) {
  return target.fromArray(semiAxes(result));
}
