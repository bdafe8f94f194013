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

// Reads the caller's points ids[0..n) into out[0..n). The hull reads its input through this, a
// chunk at a time, and keeps copies only of the points still outside the hull it is growing
// (all of them at first on a sphere, a few percent soon on a scan).
using PointGather = void (*)(const void* context, const std::uint32_t* ids, std::size_t n, Vec3* out);

struct PointSource {
    const void* context;
    PointGather gather;
    std::size_t count;  // at most 2^32 - 1
};

// The convex hull of the source's points: a closed triangulation of the boundary of a convex
// polytope (V - E + F = 2), wound counter-clockwise seen from outside, with no degenerate or
// repeated triangle; coplanar faces come as several triangles. Every orientation is decided
// exactly on the caller's own coordinates, so this holds for `points` as returned, slivers
// included. Duplicates, coplanar and collinear points are allowed. A point less than
// eps = 128 DBL_EPSILON size + 4 DBL_EPSILON maxAbs (size: half the bounding box's largest side;
// maxAbs: the largest coordinate magnitude) outside the others' hull may be left out, so the
// volume is that of the exact hull to within eps times the area. Empty (no triangles) when the
// points span no volume: fewer than 4, all coplanar, collinear or equal to within eps, any
// coordinate not finite, or more than 2^32 - 1 points. Expected O(n log n) time (quickhull); memory
// about 32 bytes per point still outside the growing hull plus ~100 bytes per hull triangle.
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

// The hull of the vertices a valid mesh's triangles use (a mesh may carry others), as points
// relative to `origin`. Shared by the convex mode and the resting poses.
Hull hullOfUsedVertices(const MeshView& mesh, const Vec3& origin);

}  // namespace detail
}  // namespace massprops
