// Overlaps counted once: the mesh arrangement of a closed, oriented surface (Zhou, Grinspun,
// Zorin & Jacobson 2016, "Mesh Arrangements for Solid Geometry"). Triangles that cross are split
// along each other's planes into convex cells, each cell is labelled with the winding numbers on
// its two sides, and only the cells that bound { w >= 1 } are integrated, wound outward from it.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "integrate.h"
#include "oriented_surface.h"

namespace massprops {
namespace detail {

struct Arrangement {
    Moments moments;  // of the solid { w >= 1 } (no `given`, no `degenerate`: those are the mesh's)
    std::uint32_t intersectingShells = 0, selfIntersectingShells = 0, intersectingTriangles = 0;
    std::uint32_t coplanarTriangles = 0;     // triangles that overlap another piece's in one plane
    std::vector<std::array<Vec3, 3>> faces;  // the solid's boundary, wound outward (with keepFaces)
};

// `selfIntersections`: also split triangles of one piece that cross each other. `extent` is the
// largest side of the mesh's bounding box. `keepFaces`: also return the faces integrated.
Arrangement arrange(const OrientedSurface& s, bool selfIntersections, double extent, bool keepFaces = false);

}  // namespace detail
}  // namespace massprops
