// Which vertices of a mesh are the same point: the welding rule stated on kWeldTolerance
// (mass_properties.h), exactly, whatever the vertex order.
#pragma once

#include <cstdint>
#include <vector>

#include "bounds.h"

namespace massprops {
namespace detail {

// weld[v]: the lowest-numbered vertex of v's cluster, for a mesh that passed validateMesh()
// (`box` its bounds). `extraTolerance` (absolute, >= 0) widens the rule's tol to at least itself:
// the caller's `weld` option for seams a hair apart.
std::vector<std::uint32_t> weldVertices(const MeshView& mesh, const Bounds& box, double extraTolerance = 0);

// Bytes weldVertices allocates at most for this many vertices (its result included). 64-bit:
// a wasm32 caller sizes meshes whose scratch would not fit its size_t.
std::uint64_t weldWorkingBytes(std::uint64_t vertexCount);

}  // namespace detail
}  // namespace massprops
