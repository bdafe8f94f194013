// Three passes. Contacts: a tree over the triangles' boxes yields the pairs that may touch, and
// exact orientation tests keep those whose planes separate nothing (crossing) or coincide
// (coplanar). Cells: a crossed triangle is clipped by every crossing plane (and by the edges of
// a coplanar partner), so that no other triangle passes through a cell; the clipping is done in
// double (only its decisions about the triangle's own corners are exact). Labels: the winding
// number on each side of a cell is an exact count of signed crossings along a ray, and the
// untouched triangles take theirs from a neighbour across a manifold edge (flood fill), so only
// a few rays are cast.
#include "arrangement.h"

#include <algorithm>
#include <cmath>

#include "box_tree.h"
#include "convex_cells.h"
#include "linalg.h"
#include "orient.h"
#include "triangle_contact.h"

namespace massprops {
namespace detail {

namespace {

constexpr double kPi = 3.14159265358979323846;

// Winding numbers by signed ray crossings.
class Rays {
public:
    Rays(const OrientedSurface& s, const BoxTree& tree, const std::vector<std::uint8_t>& flat, const Box& box,
         double reach, double slack)
        : s_(s), tree_(tree), flat_(flat), box_(box), reach_(reach), slack_(slack) {}

    // The winding numbers in front of and behind a face at p (normal n). With no other face in
    // its plane (`alone`), w drops by exactly one across it from back to front, so one ray does,
    // cast to the side where the box is nearer (fewer boxes on the way).
    void sides(const WeightedPoint& p, const Vec3& n, bool alone, const std::vector<std::uint32_t>& excluded,
               int& front, int& back) const {
        if (!alone) {
            front = beside(p, n, 1, excluded);
            back = beside(p, n, -1, excluded);
            return;
        }
        int axis = 0;
        for (int k = 1; k < 3; ++k)
            if (std::abs(n[k]) > std::abs(n[axis])) axis = k;
        const double up = box_.hi[axis] - p.approx[axis], down = p.approx[axis] - box_.lo[axis];
        if ((n[axis] > 0 ? up : down) <= (n[axis] > 0 ? down : up)) {
            front = beside(p, n, 1, excluded);
            back = front + 1;
        } else {
            back = beside(p, n, -1, excluded);
            front = back - 1;
        }
    }

    // The winding number just beside p, on the side `side` (+1 front, -1 back) of a plane
    // through p with normal n, with the triangles in that plane (`excluded`) left out.
    int beside(const WeightedPoint& p, const Vec3& n, int side, const std::vector<std::uint32_t>& excluded) const {
        static const Vec3 kDirections[] = {{0.5773, 0.6123, 0.5406},   {-0.2673, 0.8018, 0.5345},
                                           {0.8571, -0.4286, 0.2857},  {0.1826, 0.3651, -0.9129},
                                           {-0.7071, -0.5013, 0.4987}, {0.3313, -0.8829, -0.3327}};
        int axis = 0;
        for (int k = 1; k < 3; ++k)
            if (std::abs(n[k]) > std::abs(n[axis])) axis = k;
        Vec3 d{0, 0, 0};
        d[axis] = n[axis] * side > 0 ? 1 : -1;
        int w = 0;
        if (cast(p, d, excluded, w)) return w;
        // The first ray met an edge or a corner: directions off the axes, still to the same side.
        for (const Vec3& candidate : kDirections) {
            const double along = dot(candidate, n) * side;
            if (std::abs(along) < 0.2 * norm(n)) continue;
            if (cast(p, along > 0 ? candidate : scale(candidate, -1), excluded, w)) return w;
        }
        return generalized(add(p.approx, scale(n, side * 1e-9 * reach_ / norm(n))), excluded);
    }

private:
    const OrientedSurface& s_;
    const BoxTree& tree_;
    const std::vector<std::uint8_t>& flat_;
    Box box_;
    double reach_, slack_;

    // The winding number at p + eps d (eps -> 0): the signed crossings of the segment from p far
    // out along d (p is exact, so a face through p is known to be one, and skipped: p + eps d is
    // off it for good). False when the segment meets an edge or a corner of a triangle.
    bool cast(const WeightedPoint& p, const Vec3& d, const std::vector<std::uint32_t>& excluded, int& w) const {
        const Vec3 r = add(p.approx, scale(d, reach_));
        // Along an axis the segment stays within the slack of p across it: a triangle whose
        // shadow there plainly misses that spot is passed by without exact tests.
        int along = -1;
        for (int k = 0; k < 3; ++k)
            if (d[k] != 0) along = along == -1 ? k : 3;
        bool ok = true;
        w = 0;
        tree_.forEachAlong(p.approx, r, slack_, [&](std::uint32_t u) {
            if (ok && !isExcluded(u, excluded)) ok = crossing(u, p, r, along, w);
        });
        return ok;
    }

public:
    // The triangles whose boxes overlap the column from triangle t's box out along an axis, to
    // the side `sign`: all that rays from t's cells that way can meet, gathered once for them all.
    struct Column {
        int axis, sign;
        std::vector<std::uint32_t> triangles;
    };
    void column(const Box& box, int axis, int sign, Column& out) const {
        Box query{{box.lo[0] - slack_, box.lo[1] - slack_, box.lo[2] - slack_},
                  {box.hi[0] + slack_, box.hi[1] + slack_, box.hi[2] + slack_}};
        (sign > 0 ? query.hi : query.lo)[axis] += sign * (reach_ + slack_);
        out.axis = axis;
        out.sign = sign;
        out.triangles.clear();
        tree_.forEachOverlapping(query, [&](std::uint32_t u) {
            if (!flat_[u]) out.triangles.push_back(u);
        });
    }

    // cast() along the column's axis and side, for a point p of the triangle it was made for.
    bool castIn(const Column& c, const WeightedPoint& p, const std::vector<std::uint32_t>& excluded, int& w) const {
        Vec3 r = p.approx;
        r[c.axis] += c.sign * reach_;
        const int i = (c.axis + 1) % 3, j = (c.axis + 2) % 3;
        w = 0;
        for (std::uint32_t u : c.triangles) {
            const Box& b = tree_.box(u);
            if (p.approx[i] < b.lo[i] - slack_ || p.approx[i] > b.hi[i] + slack_ || p.approx[j] < b.lo[j] - slack_ ||
                p.approx[j] > b.hi[j] + slack_)
                continue;
            if (c.sign > 0 ? b.hi[c.axis] + slack_ < p.approx[c.axis] : b.lo[c.axis] - slack_ > p.approx[c.axis])
                continue;
            if (!isExcluded(u, excluded) && !crossing(u, p, r, c.axis, w)) return false;
        }
        return true;
    }

private:
    static bool isExcluded(std::uint32_t u, const std::vector<std::uint32_t>& excluded) {
        return std::find(excluded.begin(), excluded.end(), u) != excluded.end();
    }

    // Adds to w the crossing of the segment p -> r (r far out) with triangle u: +1 leaving it
    // through its front (p was behind it). A face through p is skipped (p is exact, so it is
    // known to be one, and p + eps d is off it for good). False when the segment meets an edge or
    // a corner. `along`: the axis the segment runs along, 3 for none.
    bool crossing(std::uint32_t u, const WeightedPoint& p, const Vec3& r, int along, int& w) const {
        if (flat_[u]) return true;
        const Vec3 &a = cornerOf(s_, u, 0), &b = cornerOf(s_, u, 1), &c = cornerOf(s_, u, 2);
        if (along < 3 && missesShadow(a, b, c, p, along)) return true;
        const int s1 = orient3d(a, b, c, p);
        if (s1 == 0) return true;
        const int s2 = orient3d(a, b, c, r);
        if (s2 == 0 || s2 == s1) return true;
        // orient3d(p, r, x, y) = -orient3d(r, x, y, p): which way the segment passes each edge.
        const int e1 = -orient3d(r, a, b, p), e2 = -orient3d(r, b, c, p), e3 = -orient3d(r, c, a, p);
        if ((e1 > 0 || e2 > 0 || e3 > 0) && (e1 < 0 || e2 < 0 || e3 < 0)) return true;  // passes beside it
        if (e1 == 0 || e2 == 0 || e3 == 0) return false;                                // an edge or a corner
        w += s1 < 0 ? 1 : -1;
        return true;
    }

    // Whether the point p, moved by up to twice its slack, plainly lies outside the shadow of the
    // triangle a, b, c on the plane across `axis`: beyond the rounding of two edges' sides, on
    // opposite sides of them. Not deciding (false) is always safe.
    static bool missesShadow(const Vec3& a, const Vec3& b, const Vec3& c, const WeightedPoint& p, int axis) {
        const int i = (axis + 1) % 3, j = (axis + 2) % 3;
        const double reach = 2 * p.slack;
        bool above = false, below = false;
        const Vec3* corners[] = {&a, &b, &c, &a};
        for (int k = 0; k < 3; ++k) {
            const Vec3 &from = *corners[k], &to = *corners[k + 1];
            const double ex = to[i] - from[i], ey = to[j] - from[j];
            const double qx = p.approx[i] - from[i], qy = p.approx[j] - from[j];
            const double side = ex * qy - ey * qx;
            const double margin = (std::abs(ex) + std::abs(ey)) * (reach + 1e-15 * (std::abs(qx) + std::abs(qy)));
            above = above || side > margin;
            below = below || side < -margin;
        }
        return above && below;
    }

    // Every ray degenerate (never seen in practice): the generalized winding number, rounded to
    // the integer it is for a closed surface.
    int generalized(const Vec3& x, const std::vector<std::uint32_t>& excluded) const {
        double total = 0;
        for (std::uint32_t u = 0; u < s_.triangles.size(); ++u) {
            if (flat_[u] || std::find(excluded.begin(), excluded.end(), u) != excluded.end()) continue;
            const Vec3 a = sub(cornerOf(s_, u, 0), x), b = sub(cornerOf(s_, u, 1), x), c = sub(cornerOf(s_, u, 2), x);
            const double la = norm(a), lb = norm(b), lc = norm(c);
            total +=
                2 * std::atan2(dot(a, cross(b, c)), la * lb * lc + dot(a, b) * lc + dot(b, c) * la + dot(c, a) * lb);
        }
        return static_cast<int>(std::lround(total / (4 * kPi)));
    }
};

// A point of triangle t near x (a point in its plane, inside it), exactly on the triangle: its
// barycentric coordinates rounded to multiples of 2^-40.
WeightedPoint pointOn(const OrientedSurface& s, std::uint32_t t, const Vec3& x) {
    const Vec3 &a = cornerOf(s, t, 0), &b = cornerOf(s, t, 1), &c = cornerOf(s, t, 2);
    const Vec3 n = cross(sub(b, a), sub(c, a));
    const double nn = dot(n, n);
    double lb = dot(cross(sub(x, a), sub(c, a)), n) / nn, lc = dot(cross(sub(b, a), sub(x, a)), n) / nn;
    lb = std::min(1.0, std::max(0.0, lb));
    lc = std::min(1.0 - lb, std::max(0.0, lc));
    constexpr double kGrid = 0x1p40;
    const double wb = std::round(lb * kGrid), wc = std::round(lc * kGrid);
    const double wa = std::max(0.0, kGrid - wb - wc);
    return weightedPoint(a, b, c, wa, wb, wc);
}

// +1: the face bounds { w >= 1 } with it behind (wound outward from it), -1: in front, 0: not at all.
int boundary(int front, int back) { return back >= 1 && front < 1 ? 1 : front >= 1 && back < 1 ? -1 : 0; }

// Sums in blocks, so rounding grows with the number of blocks; and, when asked, the faces kept,
// wound outward.
class Accumulator {
public:
    explicit Accumulator(std::vector<std::array<Vec3, 3>>* kept) : kept_(kept) {}
    void add(const Vec3& a, const Vec3& b, const Vec3& c, int sign, double share) {
        if (kept_ != nullptr) kept_->push_back(sign > 0 ? std::array<Vec3, 3>{a, b, c} : std::array<Vec3, 3>{a, c, b});
        const Triangle tri = triangleOf(a, b, c);
        addTetrahedron(block_, tri, sign * determinantOf(tri), norm(tri.n) * share);
        if (++count_ % 1024 == 0) flush();
    }
    Moments total() {
        flush();
        return total_;
    }

private:
    Moments block_, total_;
    std::size_t count_ = 0;
    std::vector<std::array<Vec3, 3>>* kept_;
    void flush() {
        total_.add(block_);
        block_ = Moments();
    }
};

// The triangles across each manifold edge: neighbour[3t + k] = (u << 1) | (1 if both run the
// edge the same way, so their sides swap), or ~0u.
std::vector<std::uint32_t> neighbours(const OrientedSurface& s) {
    const std::size_t n = s.triangles.size();
    std::vector<std::pair<std::uint64_t, std::uint32_t>> edges;
    edges.reserve(3 * n);
    for (std::uint32_t t = 0; t < n; ++t)
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t a = s.triangles[t][k], b = s.triangles[t][(k + 1) % 3];
            edges.emplace_back((std::uint64_t(std::min(a, b)) << 32) | std::max(a, b), 3 * t + k);
        }
    std::sort(edges.begin(), edges.end());
    std::vector<std::uint32_t> out(3 * n, ~0u);
    for (std::size_t i = 0; i < edges.size();) {
        std::size_t j = i;
        while (j < edges.size() && edges[j].first == edges[i].first) ++j;
        if (j - i == 2) {
            const std::uint32_t x = edges[i].second, y = edges[i + 1].second;
            const auto forward = [&](std::uint32_t e) {
                return s.triangles[e / 3][e % 3] < s.triangles[e / 3][(e % 3 + 1) % 3];
            };
            const std::uint32_t same = forward(x) == forward(y) ? 1u : 0u;
            out[x] = (y / 3) << 1 | same;
            out[y] = (x / 3) << 1 | same;
        }
        i = j;
    }
    return out;
}

// A canonical order of the cutting triangles (by their corners' positions), so the cells do not
// depend on the order the triangles come in.
void sortByPosition(const OrientedSurface& s, std::vector<std::uint32_t>& list) {
    const auto key = [&](std::uint32_t u) {
        std::array<Vec3, 3> k{cornerOf(s, u, 0), cornerOf(s, u, 1), cornerOf(s, u, 2)};
        std::sort(k.begin(), k.end());
        return k;
    };
    std::sort(list.begin(), list.end(), [&](std::uint32_t a, std::uint32_t b) { return key(a) < key(b); });
}

}  // namespace

Arrangement arrange(const OrientedSurface& s, bool selfIntersections, double extent, bool keepFaces) {
    Arrangement out;
    const std::size_t n = s.triangles.size();
    std::vector<Box> boxes(n);
    std::vector<std::uint8_t> flat(n, 0);
    double far = 0;
    Box all{{HUGE_VAL, HUGE_VAL, HUGE_VAL}, {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL}};
    for (std::uint32_t t = 0; t < n; ++t) {
        boxes[t] = Box{cornerOf(s, t, 0), cornerOf(s, t, 0)};
        for (int k = 1; k < 3; ++k)
            for (int i = 0; i < 3; ++i) {
                boxes[t].lo[i] = std::min(boxes[t].lo[i], cornerOf(s, t, k)[i]);
                boxes[t].hi[i] = std::max(boxes[t].hi[i], cornerOf(s, t, k)[i]);
            }
        for (int i = 0; i < 3; ++i) {
            far = std::max({far, std::abs(boxes[t].lo[i]), std::abs(boxes[t].hi[i])});
            all.lo[i] = std::min(all.lo[i], boxes[t].lo[i]);
            all.hi[i] = std::max(all.hi[i], boxes[t].hi[i]);
        }
        flat[t] = collinear(cornerOf(s, t, 0), cornerOf(s, t, 1), cornerOf(s, t, 2));
    }
    const BoxTree tree(std::move(boxes));

    // Contacts.
    std::vector<std::vector<std::uint32_t>> cuts(n), coplanar(n);
    std::vector<std::uint8_t> crossesOther(n, 0), crossesSelf(n, 0), coplanarOther(n, 0);
    tree.forEachOverlap([&](std::uint32_t i, std::uint32_t j) {
        if (flat[i] || flat[j]) return;
        const bool same = s.piece[i] == s.piece[j];
        if (same && !selfIntersections) return;
        switch (contact(s, i, j)) {
            case Contact::None: return;
            case Contact::Touching:
                cuts[i].push_back(j);
                cuts[j].push_back(i);
                return;
            case Contact::Crossing:
                cuts[i].push_back(j);
                cuts[j].push_back(i);
                (same ? crossesSelf : crossesOther)[i] = (same ? crossesSelf : crossesOther)[j] = 1;
                return;
            case Contact::Coplanar:
                coplanar[i].push_back(j);
                coplanar[j].push_back(i);
                if (!same) coplanarOther[i] = coplanarOther[j] = 1;
                return;
        }
    });

    const Rays rays(s, tree, flat, all, 4 * far + extent, 1e-9 * (far + extent));
    Accumulator sum(keepFaces ? &out.faces : nullptr);
    std::vector<std::uint8_t> crossedPiece, selfCrossedPiece;
    const auto mark = [](std::vector<std::uint8_t>& v, std::uint32_t p) {
        if (v.size() <= p) v.resize(p + 1, 0);
        v[p] = 1;
    };

    // Cells of the triangles that something crosses or overlaps, each labelled by rays.
    std::vector<std::uint8_t> involved(n, 0);
    std::vector<std::uint32_t> excluded;
    Rays::Column columns[2];
    for (std::uint32_t t = 0; t < n; ++t) {
        if (flat[t] || (cuts[t].empty() && coplanar[t].empty())) continue;
        involved[t] = 1;
        out.coplanarTriangles += coplanarOther[t];
        sortByPosition(s, cuts[t]);
        sortByPosition(s, coplanar[t]);
        const std::vector<Cell> cells = cellsOf(s, t, cuts[t], coplanar[t]);
        const Vec3 normal = normalOf(s, t);
        const double twiceArea = norm(normal);
        excluded.assign(1, t);
        excluded.insert(excluded.end(), coplanar[t].begin(), coplanar[t].end());
        struct Labelled {
            int front, back, sign;
        };
        std::vector<Labelled> labels;
        // Several cells: their rays share one direction for the triangle (toward the nearer side
        // of the box from its middle; both ways when others lie in its plane), so that the
        // triangles they may meet are gathered once.
        const bool alone = coplanar[t].empty();
        int axis = 0;
        for (int k = 1; k < 3; ++k)
            if (std::abs(normal[k]) > std::abs(normal[axis])) axis = k;
        const int frontSign = normal[axis] > 0 ? 1 : -1;
        int columnCount = 0;
        if (cells.size() > 2) {
            const Box& box = tree.box(t);
            const double middle = 0.5 * (box.lo[axis] + box.hi[axis]);
            const int sign = alone && all.hi[axis] - middle > middle - all.lo[axis] ? -1 : 1;
            rays.column(box, axis, alone ? sign : frontSign, columns[0]);
            if (!alone) rays.column(box, axis, -frontSign, columns[1]);
            columnCount = alone ? 1 : 2;
        }
        for (const Cell& cell : cells) {
            Vec3 area{0, 0, 0}, centre{0, 0, 0};
            for (std::size_t i = 0; i < cell.size(); ++i) {
                area = add(area, cross(cell[i].x, cell[(i + 1) % cell.size()].x));
                centre = add(centre, cell[i].x);
            }
            // A sliver of rounding: no volume to speak of, and its centre is not to be trusted.
            if (!(norm(area) > 1e-12 * twiceArea)) {
                labels.push_back({0, 0, 0});
                continue;
            }
            centre = scale(centre, 1.0 / static_cast<double>(cell.size()));
            const WeightedPoint p = pointOn(s, t, centre);
            int front = 0, back = 0, w0 = 0, w1 = 0;
            if (columnCount > 0 && rays.castIn(columns[0], p, excluded, w0) &&
                (columnCount == 1 || rays.castIn(columns[1], p, excluded, w1))) {
                const bool towardFront = columns[0].sign == frontSign;
                front = towardFront ? w0 : columnCount == 1 ? w0 - 1 : w1;
                back = !towardFront ? w0 : columnCount == 1 ? w0 + 1 : w1;
            } else {
                rays.sides(p, normal, alone, excluded, front, back);
            }
            int sign = boundary(front, back);
            // A face shared by coplanar triangles is counted by the first of them only.
            for (std::uint32_t u : coplanar[t]) {
                if (u > t || sign == 0) continue;
                const Vec3 nu = normalOf(s, u);
                bool inside = true;
                for (int k = 0; k < 3 && inside; ++k) {
                    const Vec3 &a = cornerOf(s, u, k), &b = cornerOf(s, u, (k + 1) % 3);
                    inside = dot(cross(sub(b, a), sub(centre, a)), nu) > 0;
                }
                if (inside) sign = 0;
            }
            labels.push_back({front, back, sign});
        }
        bool uniform = true, split = false;
        for (std::size_t c = 1; c < cells.size(); ++c) {
            uniform = uniform && labels[c].sign == labels[0].sign;
            split = split || labels[c].front != labels[0].front || labels[c].back != labels[0].back;
        }
        if (split) {
            ++out.intersectingTriangles;
            if (crossesOther[t]) mark(crossedPiece, s.piece[t]);
            if (crossesSelf[t]) mark(selfCrossedPiece, s.piece[t]);
        }
        if (uniform) {
            if (labels[0].sign != 0)
                sum.add(cornerOf(s, t, 0), cornerOf(s, t, 1), cornerOf(s, t, 2), labels[0].sign, s.areaShare[t]);
            continue;
        }
        for (std::size_t c = 0; c < cells.size(); ++c)
            if (labels[c].sign != 0)
                for (std::size_t i = 1; i + 1 < cells[c].size(); ++i)
                    sum.add(cells[c][0].x, cells[c][i].x, cells[c][i + 1].x, labels[c].sign, s.areaShare[t]);
    }

    // The rest: one ray per connected region, then across manifold edges.
    const std::vector<std::uint32_t> next = neighbours(s);
    std::vector<int> front(n, 0), back(n, 0);
    std::vector<std::uint8_t> labelled(n, 0);
    std::vector<std::uint32_t> queue;
    for (std::uint32_t seed = 0; seed < n; ++seed) {
        if (flat[seed] || involved[seed] || labelled[seed]) continue;
        const WeightedPoint centre =
            weightedPoint(cornerOf(s, seed, 0), cornerOf(s, seed, 1), cornerOf(s, seed, 2), 1, 1, 1);
        excluded.assign(1, seed);
        const Vec3 normal = normalOf(s, seed);
        rays.sides(centre, normal, true, excluded, front[seed], back[seed]);
        labelled[seed] = 1;
        queue.assign(1, seed);
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const std::uint32_t t = queue[head];
            const int sign = boundary(front[t], back[t]);
            if (sign != 0) sum.add(cornerOf(s, t, 0), cornerOf(s, t, 1), cornerOf(s, t, 2), sign, s.areaShare[t]);
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t link = next[3 * t + k];
                if (link == ~0u) continue;
                const std::uint32_t u = link >> 1;
                if (flat[u] || involved[u] || labelled[u]) continue;
                labelled[u] = 1;
                front[u] = link & 1 ? back[t] : front[t];
                back[u] = link & 1 ? front[t] : back[t];
                queue.push_back(u);
            }
        }
    }
    out.moments = sum.total();
    out.intersectingShells = static_cast<std::uint32_t>(std::count(crossedPiece.begin(), crossedPiece.end(), 1));
    out.selfIntersectingShells =
        static_cast<std::uint32_t>(std::count(selfCrossedPiece.begin(), selfCrossedPiece.end(), 1));
    return out;
}

}  // namespace detail
}  // namespace massprops
