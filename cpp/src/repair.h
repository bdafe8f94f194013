// From an analysed surface to a closed, outward solid: which triangles count and which way,
// the caps that close its holes, and which closed shells are cavities.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "integrate.h"
#include "surface.h"
#include "winding_correction.h"

namespace massprops {
namespace detail {

struct RepairPlan {
    // Per triangle: +1 as given, -1 flipped, 0 left out (a repeat, or a piece that cannot close).
    std::vector<std::int8_t> weight;
    // Cap triangles relative to the origin, wound outward for their shell (already signed).
    std::vector<std::array<Vec3, 3>> caps;
    std::vector<std::int8_t> capWeight;
    // Each cap triangle's share of its cap's area, times two: its area projected on the loop's
    // mean normal, signed, so that a non-convex hole's fan (whose triangles fold over each
    // other) adds up to the hole's own area; exact for a planar hole.
    std::vector<double> capTwiceArea;
    // The closed piece each triangle and cap counts for (kNoPatch when left out): what the
    // arrangement tells apart when it looks for pieces that cross each other.
    std::vector<std::uint32_t> piece, capPiece;
    std::vector<std::uint8_t> loopCapped;    // per loop of the surface: 1 if its cap counts
    std::vector<std::uint8_t> loopPlanar;    // per loop: its vertices lie in a plane (to 1e-12 of its size)
    std::vector<std::uint32_t> capStart{0};  // caps of loop i: caps[capStart[i] .. capStart[i + 1])
    Repairs repairs;
    bool asGiven = true;  // every weight +1 and no caps: integrate the mesh exactly as given
};

// `origin` is the reference point of the integration (positions are taken relative to it);
// `extent` the largest side of the mesh's bounding box.
RepairPlan planRepair(const MeshView& mesh, const Surface& surface, const Vec3& origin, double extent);

// The curved loops' spanning caps (see winding_correction.h): their sums and errors, and the
// plan with those loops' fans replaced by their finest Sigma (for the arrangement). Empty sums and
// `plan` unchanged when every loop is planar. `volume` sets the tolerance; `overlapping`: the
// arrangement will cut the caps (pieces overlap), so they are kept coarser.
struct CurvedCaps {
    bool any = false;
    SpanningCaps span;
    RepairPlan plan;
};
CurvedCaps spanCurvedLoops(const RepairPlan& plan, double extent, double volume, bool overlapping);

}  // namespace detail
}  // namespace massprops
