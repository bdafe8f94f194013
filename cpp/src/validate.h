// Input checks shared by every mesh entry point.
#pragma once

#include <string>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

// Checks lengths, emptiness, finiteness and index range; fills `message` on failure.
Status validateMesh(const MeshView& mesh, std::string& message);

}  // namespace detail
}  // namespace massprops
