// A bounding-volume tree over axis-aligned boxes (the arrangement's triangles): all pairs of
// overlapping boxes, and the boxes a segment may cross.
#pragma once

#include <cstdint>
#include <vector>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

struct Box {
    Vec3 lo, hi;
};

class BoxTree {
public:
    explicit BoxTree(std::vector<Box> boxes);
    // f(i, j), i != j, once for each pair of boxes that overlap (touching counts).
    template <typename F>
    void forEachOverlap(F&& f) const {
        if (!nodes_.empty()) pairs(0, 0, f);
    }
    // f(i) for every box the segment p -> q may cross (boxes widened by `slack`).
    template <typename F>
    void forEachAlong(const Vec3& p, const Vec3& q, double slack, F&& f) const {
        if (nodes_.empty()) return;
        // The tree splits at the median, so it is at most 32 levels deep and the stack holds at
        // most one node a level and one more: no allocation for a query (the arrangement makes
        // one per cell).
        std::uint32_t stack[64];
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            const Node& n = nodes_[stack[--top]];
            if (!crosses(n.box, p, q, slack)) continue;
            if (n.count > 0) {
                for (std::uint32_t i = n.first; i < n.first + n.count; ++i) f(items_[i]);
            } else {
                stack[top++] = n.first;
                stack[top++] = n.first + 1;
            }
        }
    }

    // f(i) for every box that overlaps `query` (touching counts).
    template <typename F>
    void forEachOverlapping(const Box& query, F&& f) const {
        if (nodes_.empty()) return;
        std::uint32_t stack[64];  // as in forEachAlong
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            const Node& n = nodes_[stack[--top]];
            if (!overlap(n.box, query)) continue;
            if (n.count > 0) {
                for (std::uint32_t i = n.first; i < n.first + n.count; ++i)
                    if (overlap(boxes_[items_[i]], query)) f(items_[i]);
            } else {
                stack[top++] = n.first;
                stack[top++] = n.first + 1;
            }
        }
    }
    const Box& box(std::uint32_t i) const { return boxes_[i]; }

private:
    struct Node {
        Box box;
        std::uint32_t first = 0;  // leaf: first item; inner: left child (right child is first + 1)
        std::uint32_t count = 0;  // items of a leaf; 0 for an inner node
    };
    std::vector<Node> nodes_;
    std::vector<std::uint32_t> items_;
    std::vector<Box> boxes_;

    void build(std::uint32_t node, std::uint32_t first, std::uint32_t count, const std::vector<Vec3>& centre);
    static bool overlap(const Box& a, const Box& b) {
        for (int k = 0; k < 3; ++k)
            if (a.hi[k] < b.lo[k] || b.hi[k] < a.lo[k]) return false;
        return true;
    }
    static bool crosses(const Box& b, const Vec3& p, const Vec3& q, double slack);

    template <typename F>
    void pairs(std::uint32_t a, std::uint32_t b, F& f) const {
        const Node &x = nodes_[a], &y = nodes_[b];
        if (a != b && !overlap(x.box, y.box)) return;
        if (x.count > 0 && y.count > 0) {
            for (std::uint32_t i = x.first; i < x.first + x.count; ++i)
                for (std::uint32_t j = a == b ? i + 1 : y.first; j < y.first + y.count; ++j)
                    if (overlap(boxes_[items_[i]], boxes_[items_[j]])) f(items_[i], items_[j]);
        } else if (a == b) {
            pairs(x.first, x.first, f);
            pairs(x.first + 1, x.first + 1, f);
            pairs(x.first, x.first + 1, f);
        } else if (y.count > 0 || (x.count == 0 && volume(x.box) >= volume(y.box))) {
            pairs(x.first, b, f);
            pairs(x.first + 1, b, f);
        } else {
            pairs(a, y.first, f);
            pairs(a, y.first + 1, f);
        }
    }
    static double volume(const Box& b) { return (b.hi[0] - b.lo[0]) * (b.hi[1] - b.lo[1]) * (b.hi[2] - b.lo[2]); }
};

}  // namespace detail
}  // namespace massprops
