// Median splits along the longest side of the centres' box, four boxes a leaf.
#include "box_tree.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace massprops {
namespace detail {

namespace {
constexpr std::uint32_t kLeafSize = 4;
}

BoxTree::BoxTree(std::vector<Box> boxes) : boxes_(std::move(boxes)) {
    if (boxes_.empty()) return;
    items_.resize(boxes_.size());
    std::iota(items_.begin(), items_.end(), 0u);
    std::vector<Vec3> centre(boxes_.size());
    for (std::size_t i = 0; i < boxes_.size(); ++i)
        for (int k = 0; k < 3; ++k) centre[i][k] = 0.5 * (boxes_[i].lo[k] + boxes_[i].hi[k]);
    nodes_.reserve(2 * boxes_.size() / kLeafSize + 2);
    nodes_.emplace_back();
    build(0, 0, static_cast<std::uint32_t>(boxes_.size()), centre);
}

// Node `node` over items [first, first + count); its children take two adjacent new slots.
void BoxTree::build(std::uint32_t node, std::uint32_t first, std::uint32_t count, const std::vector<Vec3>& centre) {
    Box box = boxes_[items_[first]];
    Box spread{centre[items_[first]], centre[items_[first]]};
    for (std::uint32_t i = first; i < first + count; ++i)
        for (int k = 0; k < 3; ++k) {
            box.lo[k] = std::min(box.lo[k], boxes_[items_[i]].lo[k]);
            box.hi[k] = std::max(box.hi[k], boxes_[items_[i]].hi[k]);
            spread.lo[k] = std::min(spread.lo[k], centre[items_[i]][k]);
            spread.hi[k] = std::max(spread.hi[k], centre[items_[i]][k]);
        }
    nodes_[node].box = box;
    if (count <= kLeafSize) {
        nodes_[node].first = first;
        nodes_[node].count = count;
        return;
    }
    int axis = 0;
    for (int k = 1; k < 3; ++k)
        if (spread.hi[k] - spread.lo[k] > spread.hi[axis] - spread.lo[axis]) axis = k;
    const std::uint32_t half = count / 2;
    // Ties broken by index: the tree depends only on the boxes and their numbering.
    std::nth_element(items_.begin() + first, items_.begin() + first + half, items_.begin() + first + count,
                     [&](std::uint32_t a, std::uint32_t b) {
                         return centre[a][axis] < centre[b][axis] || (centre[a][axis] == centre[b][axis] && a < b);
                     });
    const auto left = static_cast<std::uint32_t>(nodes_.size());
    nodes_[node].first = left;
    nodes_.emplace_back();
    nodes_.emplace_back();
    build(left, first, half, centre);
    build(left + 1, first + half, count - half, centre);
}

// Slab test of the segment p -> q against the box widened by `slack` (which covers the rounding
// of the slab parameters: a box the segment only grazes is kept, never one it crosses dropped).
bool BoxTree::crosses(const Box& b, const Vec3& p, const Vec3& q, double slack) {
    double enter = 0, leave = 1;
    for (int k = 0; k < 3; ++k) {
        const double lo = b.lo[k] - slack, hi = b.hi[k] + slack, d = q[k] - p[k];
        if (d == 0) {
            if (p[k] < lo || p[k] > hi) return false;
            continue;
        }
        double t0 = (lo - p[k]) / d, t1 = (hi - p[k]) / d;
        if (t0 > t1) std::swap(t0, t1);
        enter = std::max(enter, t0);
        leave = std::min(leave, t1);
        if (enter > leave) return false;
    }
    return true;
}

}  // namespace detail
}  // namespace massprops
