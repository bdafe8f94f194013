// Which vertices of a mesh are the same point (the welding rule of kWeldTolerance).
#pragma once

#include <cstdint>
#include <vector>

#include "bounds.h"

namespace massprops {
namespace detail {

// weld[v]: the lowest-numbered vertex of v's cluster, for a mesh that passed validateMesh().
std::vector<std::uint32_t> weldVertices(const MeshView& mesh, const Bounds& box);

// Bytes weldVertices allocates at most for this many vertices (its result included).
std::size_t weldWorkingBytes(std::size_t vertexCount);

}  // namespace detail
}  // namespace massprops
