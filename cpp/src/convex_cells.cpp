// Each cell is split by each plane in turn (Sutherland-Hodgman for both sides at once); the point
// where an edge meets the plane is made once and shared by both halves, so the cells tile the
// triangle exactly as computed.
#include "convex_cells.h"

#include <algorithm>
#include <utility>

#include "linalg.h"
#include "orient.h"

namespace massprops {
namespace detail {

namespace {

struct Plane {
    Vec3 q, m;     // through q, normal m
    int exact[3];  // the triangle's corners' sides, when known exactly
    bool hasExact = false;
};

int sideOf(const Plane& plane, const CellPoint& p) {
    if (plane.hasExact && p.corner >= 0) return plane.exact[p.corner];
    const double f = dot(sub(p.x, plane.q), plane.m);
    return f > 0 ? 1 : f < 0 ? -1 : 0;
}

// Splits a convex cell by a plane; the parts that are not empty go to `out` (an uncut cell is
// moved there, not copied: most cells meet most planes not at all). `side` is scratch.
void split(Cell& cell, const Plane& plane, std::vector<Cell>& out, std::vector<int>& side) {
    side.resize(cell.size());
    bool below = false, above = false;
    for (std::size_t i = 0; i < cell.size(); ++i) {
        side[i] = sideOf(plane, cell[i]);
        below = below || side[i] < 0;
        above = above || side[i] > 0;
    }
    if (!below || !above) {
        out.push_back(std::move(cell));
        return;
    }
    Cell neg, pos;
    for (std::size_t i = 0; i < cell.size(); ++i) {
        const std::size_t j = (i + 1) % cell.size();
        if (side[i] >= 0) pos.push_back(cell[i]);
        if (side[i] <= 0) neg.push_back(cell[i]);
        if (side[i] * side[j] < 0) {
            const double fi = dot(sub(cell[i].x, plane.q), plane.m), fj = dot(sub(cell[j].x, plane.q), plane.m);
            double t = fi != fj ? fi / (fi - fj) : 0.5;
            t = std::min(1.0, std::max(0.0, t));
            const CellPoint cut{add(cell[i].x, scale(sub(cell[j].x, cell[i].x), t)), -1};
            pos.push_back(cut);
            neg.push_back(cut);
        }
    }
    if (neg.size() >= 3) out.push_back(std::move(neg));
    if (pos.size() >= 3) out.push_back(std::move(pos));
}

}  // namespace

// Triangle t cut by the planes of the triangles that cross it and the edges of its coplanar partners.
std::vector<Cell> cellsOf(const OrientedSurface& s, std::uint32_t t, const std::vector<std::uint32_t>& cuts,
                          const std::vector<std::uint32_t>& coplanar) {
    std::vector<Plane> planes;
    for (std::uint32_t u : cuts) {
        Plane p{cornerOf(s, u, 0), normalOf(s, u), {0, 0, 0}, true};
        for (int k = 0; k < 3; ++k)
            p.exact[k] = orient3d(cornerOf(s, u, 0), cornerOf(s, u, 1), cornerOf(s, u, 2), cornerOf(s, t, k));
        planes.push_back(p);
    }
    const Vec3 n = normalOf(s, t);
    for (std::uint32_t u : coplanar)
        for (int k = 0; k < 3; ++k) {
            const Vec3 &a = cornerOf(s, u, k), &b = cornerOf(s, u, (k + 1) % 3);
            planes.push_back(Plane{a, cross(sub(b, a), n), {0, 0, 0}, false});
        }
    std::vector<Cell> cells{Cell{{cornerOf(s, t, 0), 0}, {cornerOf(s, t, 1), 1}, {cornerOf(s, t, 2), 2}}}, next;
    std::vector<int> side;
    for (const Plane& plane : planes) {
        next.clear();
        for (Cell& cell : cells) split(cell, plane, next, side);
        cells.swap(next);
    }
    return cells;
}

}  // namespace detail
}  // namespace massprops
