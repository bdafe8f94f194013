// Where the surface's winding number closes a non-planar hole. With C the caps and S the surface,
// S + C is balanced on every edge, so w_{S+C} = k is an integer and w_S = k - w_C. Replace C by Sigma,
// the level set where w_C = 1/2 (mod 1): Sigma spans the same loops (the caps' winding number is, up
// to an integer, the loops' solid angle over 4 pi, which does not depend on the caps), so again
// w_S = w_{S+Sigma} - w_Sigma, and w_Sigma, continuous off Sigma and never 1/2 there, stays within (-1/2, 1/2):
// { w_S >= 1/2 } is exactly { w_{S+Sigma} >= 1 }, the solid closed by Sigma, integrated like any cap.
// A planar loop's fan is its own Sigma (no correction); a curved one's Sigma is found numerically: the
// fan refined, each new vertex moved along the hole's normal to where w_C = 1/2.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "integrate.h"
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

// A fan triangle of a cap: (a, b) is the loop's edge, c the fan's apex; weight +1 as wound, -1
// reversed (the cap's sign in the solid), 0 for a cap that does not count.
struct WeightedTriangle {
    Vec3 a, b, c;
    double weight;
};

// The caps of curved loops, replaced by Sigma.
struct SpanningCaps {
    Moments moments;              // the spanning caps' sums (Richardson-extrapolated), fans where unspanned
    double fanVolume = 0;         // the same loops' fans' volume, for the correction's size
    double error = 0;             // estimated error of `moments`: of the volume, plus the first moments'
                                  // over `length`, plus the second moments' over length^2
    std::uint32_t unspanned = 0;  // curved loops left as fans (Sigma is not a graph over the fan), with a
                                  // rough error: the fan's area times the loop's size
    std::uint32_t levels = 0;     // refinements made
    // The finest level's Sigma of each spanned loop (index as in `groups`; empty for the others),
    // wound as its fan, for a caller that needs triangles rather than sums (the arrangement), and
    // the error of those triangles' sums (the extrapolation's change on top of `error`).
    std::vector<std::vector<std::array<Vec3, 3>>> surfaces;
    double surfaceError = 0;
};

// `caps`: every counted loop's fan, loop i being caps[groups[i] .. groups[i + 1]); `curved[i]`:
// whether loop i is to be spanned (the others stay as they are, but their caps count in w_C).
// Refines until the estimated error is below `tolerance`, or the work of a level would pass
// `budget` evaluations of a cap triangle's solid angle (about 3e7 a second), or its spanning
// caps `maxTriangles` triangles.
SpanningCaps spanningCaps(const std::vector<WeightedTriangle>& caps, const std::vector<std::size_t>& groups,
                          const std::vector<std::uint8_t>& curved, double length, double tolerance, double budget,
                          double maxTriangles);

}  // namespace detail
}  // namespace massprops
