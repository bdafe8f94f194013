// Carlson's symmetric elliptic integrals and the exact surface area of an ellipsoid.
// Internal to the core; not part of the public API.
#pragma once

namespace massprops {
namespace detail {

// R_F(x,y,z) = 1/2 integral_0^inf dt / sqrt((t+x)(t+y)(t+z)).
// x, y, z >= 0 with at most one zero; NaN otherwise.
double carlsonRF(double x, double y, double z);

// R_D(x,y,z) = 3/2 integral_0^inf dt / ((t+z) sqrt((t+x)(t+y)(t+z))).
// x, y >= 0 with at most one zero, z > 0; NaN otherwise.
double carlsonRD(double x, double y, double z);

// R_G(x,y,z) = 1/(4 pi) times the integral over the unit sphere of sqrt(x s1^2 + y s2^2 + z s3^2).
// x, y, z >= 0; NaN otherwise.
double carlsonRG(double x, double y, double z);

// Surface area of the ellipsoid with semi-axes a, b, c (> 0): 4 pi abc R_G(1/a^2, 1/b^2, 1/c^2).
double ellipsoidSurfaceArea(double a, double b, double c);

}  // namespace detail
}  // namespace massprops
