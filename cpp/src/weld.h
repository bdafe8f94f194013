// Which vertices of a mesh are the same point: the welding rule stated on kWeldTolerance
// (mass_properties.h), exactly, whatever the vertex order.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "bounds.h"

namespace massprops {
namespace detail {

// The rule on kWeldTolerance for one mesh: it is applied to positions multiplied by `scale` (a
// power of two: 1/4 when coordinates near DBL_MAX would make differences overflow, 2^600 when tiny
// ones would make tol underflow, else 1), whose bounding box's largest side is `extent`. Scaling
// by a power of two is exact (but for subnormals, far below such a mesh's tol).
struct WeldRule {
    double scale = 1, tol = 0, extent = 0;
};
WeldRule weldRule(const Bounds& box, double extraTolerance);

// Scaled positions a and b are one vertex by the rule (before transitivity).
inline bool weldsTogether(const double* a, const double* b, double tol) {
    return std::abs(a[0] - b[0]) <= tol && std::abs(a[1] - b[1]) <= tol && std::abs(a[2] - b[2]) <= tol;
}

// weld[v]: the lowest-numbered vertex of v's cluster, for a mesh that passed validateMesh()
// (`box` its bounds). `extraTolerance` (absolute, >= 0) widens the rule's tol to at least itself:
// the caller's `weld` option for seams a hair apart.
std::vector<std::uint32_t> weldVertices(const MeshView& mesh, const Bounds& box, double extraTolerance = 0);

// Bytes weldVertices allocates at most for this many vertices (its result included). 64-bit:
// a wasm32 caller sizes meshes whose scratch would not fit its size_t.
std::uint64_t weldWorkingBytes(std::uint64_t vertexCount);

}  // namespace detail
}  // namespace massprops
