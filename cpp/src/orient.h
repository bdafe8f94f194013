// Exact orientation of four points: on which side of the plane through a, b, c the point d lies,
// decided exactly for any doubles (Shewchuk 1997: a filtered float evaluation, and only when it is
// too close to call, the same determinant in expansion arithmetic). The arrangement's decisions
// (does a triangle cross another, does a ray cross a triangle) rest on it.
#pragma once

#include <cmath>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

int orientExact(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d);

// A point given exactly as (w0 v0 + w1 v1 + w2 v2) / (w0 + w1 + w2), with weights that are
// integers (below 2^52) and not all 0: a point inside a triangle, which doubles cannot hold
// exactly. `approx` is its rounded value, within `slack` of it in every coordinate.
struct WeightedPoint {
    Vec3 v[3];
    double w[3];
    Vec3 approx;
    double slack;
};

WeightedPoint weightedPoint(const Vec3& a, const Vec3& b, const Vec3& c, double wa, double wb, double wc);

// orient3d with the last point given exactly by its weights.
int orient3d(const Vec3& a, const Vec3& b, const Vec3& c, const WeightedPoint& p);

// Whether a, b, c lie on one line (a triangle of no area, which bounds nothing), exactly.
bool collinear(const Vec3& a, const Vec3& b, const Vec3& c);

// +1 when d lies on the side of the plane (a, b, c) that its normal (b - a) x (c - a) points to,
// -1 on the other side, 0 in the plane.
inline int orient3d(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    const double ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
    const double vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
    const double wx = d[0] - a[0], wy = d[1] - a[1], wz = d[2] - a[2];
    const double x = ux * (vy * wz - vz * wy), y = uy * (vz * wx - vx * wz), z = uz * (vx * wy - vy * wx);
    const double det = x + y + z;
    const double permanent = std::abs(ux) * (std::abs(vy * wz) + std::abs(vz * wy)) +
                             std::abs(uy) * (std::abs(vz * wx) + std::abs(vx * wz)) +
                             std::abs(uz) * (std::abs(vx * wy) + std::abs(vy * wx));
    // Shewchuk's bound for this form (differences from one point) is (7 + 56 eps) eps times the
    // permanent; 2e-15 leaves room to spare.
    const double bound = 2e-15 * permanent;
    if (det > bound) return 1;
    if (det < -bound) return -1;
    return orientExact(a, b, c, d);
}

}  // namespace detail
}  // namespace massprops
