// A triangle cut into convex cells by the planes of the triangles that cross it and by the edges
// of those that overlap it in its plane: no other triangle passes through a cell, so the winding
// number on each side of a cell is one number.
#pragma once

#include <cstdint>
#include <vector>

#include "oriented_surface.h"

namespace massprops {
namespace detail {

// A corner of a cell: one of the triangle's own (0..2), whose side of a crossing plane is known
// exactly, or a point made by clipping (-1).
struct CellPoint {
    Vec3 x;
    int corner;
};
using Cell = std::vector<CellPoint>;

// The cells of triangle t, cut by the planes of `cuts` and the edges of `coplanar`, in that order
// (the clipping is done in double; only its decisions about t's own corners are exact).
std::vector<Cell> cellsOf(const OrientedSurface& s, std::uint32_t t, const std::vector<std::uint32_t>& cuts,
                          const std::vector<std::uint32_t>& coplanar);

}  // namespace detail
}  // namespace massprops
