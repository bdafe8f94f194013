// Types of the derived quantities (js/derived.js), re-exported by the package's main entry.
import type { Diagnostics, Mat2, Mat3, MassProperties, MassProperties2D, Vec2, Vec3 } from './index.js';

type Body3D = Pick<MassProperties, 'mass' | 'principalMoments'>;
type Body2D = Pick<MassProperties2D, 'mass' | 'principalMoments'>;

/** √(Iᵢ/m) for each principal moment. */
export function radiiOfGyration(result: Body3D): Vec3;
export function radiiOfGyration(result: Body2D): Vec2;

export interface PerUnitMass {
  inertia: Mat3;
  /** What Babylon.js's PhysicsMassProperties takes as `inertia` (with `inertiaOrientation` the principal rotation). */
  principalMoments: Vec3;
}
export interface PerUnitMass2D {
  inertia: Mat2;
  principalMoments: Vec2;
  polarMoment: number;
}
/** The tensor and the principal moments divided by the mass. */
export function inertiaPerUnitMass(result: Pick<MassProperties, 'mass' | 'principalMoments' | 'inertia'>): PerUnitMass;
export function inertiaPerUnitMass(
  result: Pick<MassProperties2D, 'mass' | 'principalMoments' | 'inertia'>,
): PerUnitMass2D;

/**
 * Sides of the uniform box (2-D: rectangle) with the same mass and principal moments, along the
 * principal axes: a² = 6(I₂ + I₃ − I₁)/m and cyclically. Throws INVALID_BODY when the moments
 * break the triangle inequality beyond rounding (no real body has them); a flat body gives 0.
 */
export function equivalentBox(result: Body3D): Vec3;
export function equivalentBox(result: Body2D): Vec2;

/**
 * Semi-axes of the uniform solid ellipsoid (2-D: elliptical plate) with the same mass and
 * principal moments, along the principal axes: a² = 5(I₂ + I₃ − I₁)/(2m). Throws as equivalentBox.
 */
export function equivalentEllipsoid(result: Body3D): Vec3;
export function equivalentEllipsoid(result: Body2D): Vec2;

/**
 * Whether the numbers describe a well-defined solid without repair decisions: results without
 * diagnostics and convex hulls are; a mesh is when closed, consistently wound, and measured
 * without repeated faces, flipped triangles, capped holes, open pieces or crossing shells.
 */
export function isSolid(result: MassProperties | MassProperties2D | { diagnostics: Diagnostics | null }): boolean;
