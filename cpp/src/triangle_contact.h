// How two triangles of the oriented surface meet, decided with exact predicates: apart, crossing
// (each splits the other), touching (a corner or an edge in the other's plane: split all the
// same, not reported as crossing), or in one plane overlapping (coplanar).
#pragma once

#include <cstdint>

#include "oriented_surface.h"

namespace massprops {
namespace detail {

enum class Contact { None, Touching, Crossing, Coplanar };

// Triangles i and j, whose boxes overlap; triangles of no area are not asked about.
Contact contact(const OrientedSurface& s, std::uint32_t i, std::uint32_t j);

}  // namespace detail
}  // namespace massprops
