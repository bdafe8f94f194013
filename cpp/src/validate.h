// Input checks shared by every mesh entry point.
#pragma once

#include <string>

#include "bounds.h"
#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

// Checks lengths, emptiness, finiteness and index range; fills `message` on failure, else `box`
// (if given) with the bounds of all vertices, found in the same pass as the finiteness.
Status validateMesh(const MeshView& mesh, std::string& message, Bounds* box = nullptr);

}  // namespace detail
}  // namespace massprops
