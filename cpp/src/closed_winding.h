// The winding number of one closed surface about a point, by signed ray crossings decided with
// exact predicates over a box tree of its triangles: what the repair's nesting test asks of
// every pair of pieces, in logarithmic rather than linear time per point.
#pragma once

#include <array>
#include <vector>

#include "box_tree.h"

namespace massprops {
namespace detail {

class ClosedWinding {
public:
    // Triangles relative to the origin, wound as the surface is.
    explicit ClosedWinding(std::vector<std::array<Vec3, 3>> triangles);
    // False when the point lies in the plane of a triangle a ray meets, or every ray meets an edge
    // or a corner: the caller then takes the generalised winding number instead.
    bool at(const Vec3& x, int& w) const;

private:
    std::vector<std::array<Vec3, 3>> triangles_;
    BoxTree tree_;
    double reach_ = 0, slack_ = 0;
    bool cast(const Vec3& x, const Vec3& d, int& w) const;
};

}  // namespace detail
}  // namespace massprops
