// Where fan caps close a hole differently from the surface's own winding number. With C the caps
// and S the surface, w_S = w_{S+C} - w_C, and w_{S+C} = k is an integer (S + C is balanced on
// every edge): the solid { w_S >= 1/2 } differs from the capped solid { k >= 1 } only where
// |w_C| >= 1/2, which a planar cap never reaches off its plane. Elsewhere the difference is
// integrated along rays: on each, k is counted from the crossings of S + C and w_C (the caps'
// triangles alone) is solved for the threshold, so every ray's integral is exact up to the root
// finding; the rays are placed by adaptive Gauss cubature with an error estimate.
#pragma once

#include <array>
#include <cmath>
#include <vector>

#include "linalg.h"
#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

// The solid angle of triangle (a, b, c) seen from the origin (Van Oosterom & Strackee 1983).
// Seen from its own plane it is 0: outside the triangle that is exact, and inside it (a point on
// the surface, where the true value jumps by 4 pi) the sign of the zero would decide at random;
// 0 leaves such a point with the winding number 1/2, which says "on the surface".
inline double solidAngle(const Vec3& a, const Vec3& b, const Vec3& c) {
    const double la = norm(a), lb = norm(b), lc = norm(c);
    const double numerator = dot(a, cross(b, c));
    if (numerator == 0) return 0;
    const double denominator = la * lb * lc + dot(a, b) * lc + dot(b, c) * la + dot(c, a) * lb;
    return 2 * std::atan2(numerator, denominator);
}

struct WeightedTriangle {
    Vec3 a, b, c;
    double weight;  // +1 as wound, -1 reversed
};

// What the correction adds to the capped solid's integrals, relative to the same origin.
struct Correction {
    double volume = 0;
    Vec3 first{0, 0, 0};                                    // integral of x
    double xx = 0, yy = 0, zz = 0, xy = 0, yz = 0, zx = 0;  // integrals of x x^T
    // Estimated error: of the volume, plus the first moments' over `length`, plus the second
    // moments' over length^2 (so in volume units).
    double error = 0;
};

// A non-planar hole: its caps are caps[first .. last); rays run along `axis` (unit, the hole's
// mean normal) through the caps' shadows, over [from, to] along it.
struct Hole {
    std::size_t first, last;
    Vec3 axis;
    double from, to;
};

// `closed`: every triangle of S + C; `caps`: the triangles of C, those of hole i (planar or not)
// being caps[groups[i] .. groups[i + 1]). Refines until the estimated
// error is below `tolerance` (volume units) or a fixed budget of rays is spent. `length` scales
// the moments' errors (the mesh's extent).
Correction windingCorrection(const std::vector<WeightedTriangle>& closed, const std::vector<WeightedTriangle>& caps,
                             const std::vector<std::size_t>& groups, const std::vector<Hole>& holes, double length,
                             double tolerance);

}  // namespace detail
}  // namespace massprops
