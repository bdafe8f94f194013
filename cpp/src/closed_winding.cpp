// Rays from the point along the axes, then off them, until one meets no edge or corner.
#include "closed_winding.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "linalg.h"
#include "orient.h"

namespace massprops {
namespace detail {

namespace {

std::vector<Box> boxesOf(const std::vector<std::array<Vec3, 3>>& triangles) {
    std::vector<Box> boxes;
    boxes.reserve(triangles.size());
    for (const auto& t : triangles) {
        Box b{t[0], t[0]};
        for (int k = 1; k < 3; ++k)
            for (int i = 0; i < 3; ++i) {
                b.lo[i] = std::min(b.lo[i], t[k][i]);
                b.hi[i] = std::max(b.hi[i], t[k][i]);
            }
        boxes.push_back(b);
    }
    return boxes;
}

}  // namespace

ClosedWinding::ClosedWinding(std::vector<std::array<Vec3, 3>> triangles)
    : triangles_(std::move(triangles)), tree_(boxesOf(triangles_)) {
    double far = 0;
    for (const auto& t : triangles_)
        for (const Vec3& x : t)
            for (int i = 0; i < 3; ++i) far = std::max(far, std::abs(x[i]));
    reach_ = 8 * far + 1;
    slack_ = 1e-9 * far;
}

bool ClosedWinding::at(const Vec3& x, int& w) const {
    // Along the axes first (the box tree prunes best), then off them.
    static const Vec3 kDirections[] = {
        {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.5773, 0.6123, 0.5406}, {-0.2673, 0.8018, 0.5345}};
    for (const Vec3& d : kDirections) {
        int result = 0;
        if (cast(x, d, result)) {
            w = result;
            return true;
        }
    }
    return false;
}

bool ClosedWinding::cast(const Vec3& x, const Vec3& d, int& w) const {
    const Vec3 r = add(x, scale(d, reach_));
    bool ok = true;
    int total = 0;
    tree_.forEachAlong(x, r, slack_, [&](std::uint32_t u) {
        if (!ok) return;
        const Vec3 &a = triangles_[u][0], &b = triangles_[u][1], &c = triangles_[u][2];
        const int s1 = orient3d(a, b, c, x), s2 = orient3d(a, b, c, r);
        if (s1 == 0 && s2 == 0) {
            ok = false;  // the ray runs in its plane
            return;
        }
        if (s1 == s2) return;
        const int e1 = orient3d(x, r, a, b), e2 = orient3d(x, r, b, c), e3 = orient3d(x, r, c, a);
        if ((e1 > 0 || e2 > 0 || e3 > 0) && (e1 < 0 || e2 < 0 || e3 < 0)) return;  // passes beside it
        if (s1 == 0 || s2 == 0 || e1 == 0 || e2 == 0 || e3 == 0) {
            ok = false;  // x in its plane inside it, or through an edge or a corner
            return;
        }
        total += s1 < 0 ? 1 : -1;
    });
    w = total;
    return ok;
}

}  // namespace detail
}  // namespace massprops
