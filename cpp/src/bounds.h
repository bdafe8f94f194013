// The bounding box of a mesh, and the reference point chosen from it.
#pragma once

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

struct Bounds {
    Vec3 lo, hi;
};
Bounds bounds(const MeshView& mesh);    // of all vertices of a valid mesh
Box3 usedBounds(const MeshView& mesh);  // of the vertices the triangles of a valid mesh use

// Center of the bounding box: a reference point near the mesh keeps products well scaled
// (a mesh far from the origin would otherwise lose digits to cancellation). Halves first, so
// that coordinates near the largest double do not overflow.
inline Vec3 center(const Bounds& b) {
    return {0.5 * b.lo[0] + 0.5 * b.hi[0], 0.5 * b.lo[1] + 0.5 * b.hi[1], 0.5 * b.lo[2] + 0.5 * b.hi[2]};
}

}  // namespace detail
}  // namespace massprops
