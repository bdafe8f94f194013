// The repaired surface as the arrangement reads it: every triangle and cap that counts, as an
// indexed list wound the way it counts, with the closed piece it belongs to.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "linalg.h"
#include "repair.h"
#include "surface.h"

namespace massprops {
namespace detail {

struct OrientedSurface {
    std::vector<Vec3> points;  // relative to the origin; corners at the same position share one point
    std::vector<std::array<std::uint32_t, 3>> triangles;  // wound outward for their piece (weight folded in)
    std::vector<std::uint32_t> piece;
    std::vector<double> areaShare;  // 1 for a triangle of the mesh; a cap triangle's share (see RepairPlan)
};

inline const Vec3& cornerOf(const OrientedSurface& s, std::uint32_t t, int k) { return s.points[s.triangles[t][k]]; }

// (b - a) x (c - a) of triangle t: twice its area, along its normal.
inline Vec3 normalOf(const OrientedSurface& s, std::uint32_t t) {
    return cross(sub(cornerOf(s, t, 1), cornerOf(s, t, 0)), sub(cornerOf(s, t, 2), cornerOf(s, t, 0)));
}

OrientedSurface orientedSurface(const MeshView& mesh, const Surface& surface, const RepairPlan& plan,
                                const Vec3& origin);

// Whether two pieces' bounding boxes overlap: only then can they cross or nest.
bool piecesOverlap(const OrientedSurface& s);

}  // namespace detail
}  // namespace massprops
