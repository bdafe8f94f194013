// Input checks shared by every mesh entry point.
#pragma once

#include <string>

#include "bounds.h"
#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

// Whether validateMesh checks the index range (a pass over the indices), or leaves it to the
// caller's own reads (check: false's integration tests each index as it loads its vertex).
enum class IndexCheck { Now, ByCaller };

// Checks lengths, emptiness, finiteness and index range; fills `message` on failure, else `box`
// (if given) with the bounds of all vertices, found in the same pass as the finiteness.
Status validateMesh(const MeshView& mesh, std::string& message, Bounds* box = nullptr,
                    IndexCheck indices = IndexCheck::Now);

// The IndexOutOfRange status and its message (the first index past the positions), for a mesh that
// has one.
Status indexOutOfRange(const MeshView& mesh, std::string& message);

}  // namespace detail
}  // namespace massprops
