// Edge counts of a welded mesh: the surface checks behind Diagnostics.
#pragma once

#include <string>

#include "bounds.h"

namespace massprops {
namespace detail {

// The edge counts of inspectMesh() (all but `inverted` and `degenerateTriangles`) for a mesh that
// passed validateMesh(), with its bounds.
Status inspectValidMesh(const MeshView& mesh, const Bounds& box, Diagnostics& out, std::string& message);

}  // namespace detail
}  // namespace massprops
