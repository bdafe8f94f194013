// The part of a closed, outward surface below a plane, integrated exactly: every triangle is
// clipped by the plane, and the pieces below it form tetrahedra with a reference point on the
// plane, so the cap that closes the submerged solid (it lies in the plane) adds nothing. The
// edges the clipping cuts along the plane are the waterplane's boundary, whose area moments
// follow from those edges alone (Green's theorem).
#pragma once

#include <array>
#include <vector>

#include "integrate.h"

namespace massprops {
namespace detail {

// Sums over the directed boundary edges a -> b of the waterplane, in plane coordinates (x, y)
// relative to the reference point, with c = x_a y_b - x_b y_a; the closed forms of a polygon's
// area moments as sums over its edges (Steger 1996).
struct AreaMoments {
    double c = 0;           // 2 * area
    double x = 0, y = 0;    // 6 * first moments (integral x dA, integral y dA)
    double xx = 0, yy = 0;  // 12 * integral x^2 dA, 12 * integral y^2 dA
    double xy = 0;          // 24 * integral x y dA
};

struct Section {
    Moments below;  // the submerged solid, relative to `point`
    AreaMoments waterplane;
    double lowest = 0;  // smallest signed distance of a vertex to the plane (<= 0 when something is below)
};

// The plane dot(normal, x) == offset, x relative to the surface's origin; `normal` unit. `u`
// and `v` complete it to a right-handed frame (u x v = normal); `point` is the reference point
// on the plane: offset * normal.
struct PlaneFrame {
    Vec3 normal, u, v;
    double offset = 0;
    Vec3 point() const { return scale(normal, offset); }
};
PlaneFrame planeFrame(const Vec3& normal, double offset);

Section clipBelow(const std::vector<std::array<Vec3, 3>>& triangles, const PlaneFrame& plane);

}  // namespace detail
}  // namespace massprops
