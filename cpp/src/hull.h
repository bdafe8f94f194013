// The convex hull of a point set, as a closed triangle mesh: what the convex mode integrates.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

struct Hull {
    std::vector<Vec3> points;                             // the hull's vertices (input points, copied)
    std::vector<std::array<std::uint32_t, 3>> triangles;  // into points, counter-clockwise seen from outside
};

// Reads the caller's points ids[0..n) into out[0..n). The hull reads its input through this,
// a chunk at a time, so a mesh of millions of vertices is never copied whole.
using PointGather = void (*)(const void* context, const std::uint32_t* ids, std::size_t n, Vec3* out);

struct PointSource {
    const void* context;
    PointGather gather;
    std::size_t count;  // at most 2^32 - 1
};

// The convex hull of the source's points: a closed, consistently outward-wound triangulation of
// the boundary of a convex polytope, with no degenerate or repeated triangle; coplanar faces come
// as several triangles. Duplicates, coplanar and collinear points are allowed. A point less than
// eps = 128 DBL_EPSILON extent + 4 DBL_EPSILON maxAbs (~3e-14 of the points' extent, plus an ulp or
// so of their largest coordinate) outside the others' hull may be left out (see hull.cpp).
// Empty (no triangles) when the points span no volume: fewer than 4, all (nearly) coplanar,
// collinear or equal, any coordinate not finite, or more than 2^32 - 1 points.
Hull convexHull(const PointSource& source);

// The same for `count` points read as `point(i)`, a const callable returning Vec3.
template <typename Point>
Hull convexHull(const Point& point, std::size_t count) {
    const PointGather gather = [](const void* context, const std::uint32_t* ids, std::size_t n, Vec3* out) {
        const Point& at = *static_cast<const Point*>(context);
        for (std::size_t k = 0; k < n; ++k) out[k] = at(ids[k]);
    };
    return convexHull(PointSource{&point, gather, count});
}

}  // namespace detail
}  // namespace massprops
