// The thin-shell model: the mass lies on the surface (sheet metal, a hollow toy, a balloon).
#pragma once

#include <cstdint>
#include <vector>

#include "mass_properties/mass_properties.h"
#include "result.h"

namespace massprops {
namespace detail {

// Surface integrals of the triangles with weight[t] != 0 (orientation does not matter), per
// unit areal density. `thickness` > 0 makes the unit density volumetric: the solid is then the
// wall, area * thickness, in the limit of a thin wall. Also counts degenerate triangles.
UnitSolid shellOf(const MeshView& mesh, const Vec3& origin, const std::vector<std::int8_t>& weight, double thickness,
                  std::uint32_t& degenerate);

}  // namespace detail
}  // namespace massprops
