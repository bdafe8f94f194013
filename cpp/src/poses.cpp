// Resting poses and their probabilities under the quasi-static model, exactly.
//
// Take the center of mass c as the origin. A direction d (the way down, in the body's frame) puts
// c at the height h(d) = max over hull vertices p of p.d: the support function. A body dropped in
// a random orientation starts at a uniformly random d and rolls so that h decreases fastest
// (steepest descent on the sphere), until it rests at a local minimum of h: the normal of a face
// whose plane c projects into. On the Gauss map of the hull (faces -> points n_f, edges -> arcs,
// vertices -> convex spherical polygons, the "cells"):
// - In the cell of vertex v, h = v.d, so d moves along the great circle through u = v/|v| away
//   from u: the flow lines of a cell are rays from u in the gnomonic chart centered at u.
// - Reaching the arc of an edge vw, the body either pivots on that edge (the foot of the
//   perpendicular from c lies inside vw: d slides along the arc, away from the point where c is
//   right above the edge, to one of the two faces) or crosses into the cell of w (the foot lies
//   beyond w: it tips over w, which is nearer to c, so crossings go to strictly nearer vertices).
// - At the point of a face whose plane c projects outside of, it tips over the edge or vertex
//   nearest to that projection: onto the arc (to the next face) or into the vertex's cell.
// So each cell splits into wedges from u (between its corners, the points where its pivoting
// arcs split, and the breakpoints pulled back through crossings from nearer cells), each rolling
// to one stable face, and a wedge is a spherical quadrilateral (u, entry, exit): two triangles
// from u. Their areas (Van Oosterom & Strackee 1983) add up to 4 pi; a face's share is its
// probability.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "hull.h"
#include "linalg.h"
#include "mesh_access.h"
#include "status.h"
#include "validate.h"

namespace massprops {

using detail::add;
using detail::cross;
using detail::dot;
using detail::Failure;
using detail::norm;
using detail::scale;
using detail::sub;

namespace {

constexpr double kPi = 3.14159265358979323846;
// Hull triangles whose vertices lie within kCoplanar (size + maxAbs) of one plane form one face
// (size: the hull's reach from the center of mass; maxAbs: the largest input coordinate). Flat
// faces of real meshes are that flat only: float32 coordinates (STL, three.js) round a rotated
// quad's corners ~1e-7 of their magnitude off its plane, which would split it into two triangles
// with the center of mass's foot on their shared edge. The rim of a cylinder of fewer than ~4000
// segments is farther from flat (2 pi^2 r / n^2) and stays faceted.
constexpr double kCoplanar = 1e-6;
// The center of mass's foot must be this far (times the size) inside a face to rest on it.
constexpr double kInside = 1e-12;
// A rolling direction this close (radians) to a face's point has arrived there; a body whose center
// of mass rises or falls by less than this slope either way along an edge's arc is balanced on it.
constexpr double kAtPoint = 1e-12;
constexpr double kBalanced = 1e-10;
constexpr std::uint32_t kNoFace = 0xffffffffu;

using Vec2 = std::array<double, 2>;

// Directed edges a -> b (keyed a << 32 | b) and what they bound: a sorted array, which a hash map
// keyed so was 5x slower than on a 100 k-triangle sphere.
class EdgeMap {
public:
    void add(std::uint64_t key, std::uint32_t value) { entries_.emplace_back(key, value); }
    void finish() { std::sort(entries_.begin(), entries_.end()); }
    // The value of `key`, or kNone.
    std::uint32_t find(std::uint64_t key) const {
        const auto it = std::lower_bound(entries_.begin(), entries_.end(), std::make_pair(key, std::uint32_t{0}));
        return it != entries_.end() && it->first == key ? it->second : kNone;
    }
    static constexpr std::uint32_t kNone = 0xffffffffu;

private:
    std::vector<std::pair<std::uint64_t, std::uint32_t>> entries_;
};

Vec3 unit(const Vec3& a) { return scale(a, 1 / norm(a)); }
std::uint64_t key(std::uint32_t a, std::uint32_t b) { return std::uint64_t{a} << 32 | b; }

// The solid angle of the spherical triangle abc of unit vectors (Van Oosterom & Strackee 1983).
double solidAngle(const Vec3& a, const Vec3& b, const Vec3& c) {
    return 2 * std::atan2(std::fabs(dot(a, cross(b, c))), 1 + dot(a, b) + dot(b, c) + dot(c, a));
}

// A face of the hull: coplanar hull triangles merged, its corners counter-clockwise seen from outside.
struct Face {
    Vec3 normal;
    double height = 0;  // of c above the face's plane
    std::vector<std::uint32_t> corners;
    bool stable = false;
    double margin = 0;  // signed distance of c's foot from the nearest edge line, inside positive
    std::size_t marginEdge = 0;
};

// The hull as a polyhedron with polygon faces; points relative to c.
struct Polyhedron {
    std::vector<Vec3> points;
    std::vector<Face> faces;
    EdgeMap edgeFace;  // directed edge a -> b -> the face it bounds
};

Polyhedron facesOf(const detail::Hull& hull, double tolerance) {
    Polyhedron poly;
    poly.points = hull.points;
    const std::size_t nt = hull.triangles.size();
    EdgeMap edgeTriangle;
    for (std::uint32_t t = 0; t < nt; ++t)
        for (int i = 0; i < 3; ++i) edgeTriangle.add(key(hull.triangles[t][i], hull.triangles[t][(i + 1) % 3]), t);
    edgeTriangle.finish();
    auto triangleNormal = [&](std::uint32_t t) {
        const auto& tri = hull.triangles[t];
        const Vec3& a = poly.points[tri[0]];
        return cross(sub(poly.points[tri[1]], a), sub(poly.points[tri[2]], a));
    };
    // Grow each face from a seed triangle over neighbours within kCoplanar of the seed's plane.
    std::vector<std::uint32_t> faceOf(nt, 0xffffffffu);
    std::vector<std::uint32_t> stack;
    for (std::uint32_t seed = 0; seed < nt; ++seed) {
        if (faceOf[seed] != 0xffffffffu) continue;
        const auto f = static_cast<std::uint32_t>(poly.faces.size());
        const Vec3 n0 = unit(triangleNormal(seed));
        const double d0 = dot(n0, poly.points[hull.triangles[seed][0]]);
        Vec3 normalSum{0, 0, 0};
        std::vector<std::pair<std::uint32_t, std::uint32_t>> boundary;
        faceOf[seed] = f;
        stack.assign(1, seed);
        std::vector<std::uint32_t> members;
        while (!stack.empty()) {
            const std::uint32_t t = stack.back();
            stack.pop_back();
            members.push_back(t);
            normalSum = add(normalSum, triangleNormal(t));
            for (int i = 0; i < 3; ++i) {
                const std::uint32_t a = hull.triangles[t][i], b = hull.triangles[t][(i + 1) % 3];
                const std::uint32_t u = edgeTriangle.find(key(b, a));
                if (faceOf[u] != 0xffffffffu) continue;
                bool coplanar = true;
                for (std::uint32_t p : hull.triangles[u])
                    coplanar = coplanar && std::fabs(dot(n0, poly.points[p]) - d0) <= tolerance;
                if (!coplanar) continue;
                faceOf[u] = f;
                stack.push_back(u);
            }
        }
        // The boundary: the members' edges whose twin lies in another face, chained a -> b.
        for (std::uint32_t t : members)
            for (int i = 0; i < 3; ++i) {
                const std::uint32_t a = hull.triangles[t][i], b = hull.triangles[t][(i + 1) % 3];
                if (faceOf[edgeTriangle.find(key(b, a))] != f) boundary.emplace_back(a, b);
            }
        std::sort(boundary.begin(), boundary.end());
        Face face;
        face.normal = unit(normalSum);
        std::uint32_t at = boundary.front().first;
        for (std::size_t k = 0; k < boundary.size(); ++k) {
            face.corners.push_back(at);
            at = std::lower_bound(boundary.begin(), boundary.end(), std::make_pair(at, 0u))->second;
        }
        poly.faces.push_back(std::move(face));
    }
    // Keep as corners only the vertices of 3 or more faces (others lie on an edge between two).
    std::vector<std::uint8_t> faceCount(poly.points.size(), 0);
    for (const Face& face : poly.faces)
        for (std::uint32_t p : face.corners) faceCount[p] = static_cast<std::uint8_t>(std::min(faceCount[p] + 1, 3));
    for (std::uint32_t f = 0; f < poly.faces.size(); ++f) {
        Face& face = poly.faces[f];
        face.corners.erase(std::remove_if(face.corners.begin(), face.corners.end(),
                                          [&](std::uint32_t p) { return faceCount[p] < 3; }),
                           face.corners.end());
        face.height = 0;
        for (std::uint32_t p : face.corners) face.height = std::max(face.height, dot(face.normal, poly.points[p]));
        for (std::size_t i = 0, m = face.corners.size(); i < m; ++i)
            poly.edgeFace.add(key(face.corners[i], face.corners[(i + 1) % m]), f);
    }
    poly.edgeFace.finish();
    return poly;
}

// Where c's foot lies in each face: its margin to the nearest edge, and so whether it rests there.
void classifyFaces(Polyhedron& poly, double size) {
    for (Face& face : poly.faces) {
        face.margin = INFINITY;
        for (std::size_t i = 0, m = face.corners.size(); i < m; ++i) {
            const Vec3& a = poly.points[face.corners[i]];
            const Vec3& b = poly.points[face.corners[(i + 1) % m]];
            // c = 0 lies left of a -> b (seen from outside) by (a x b).n / |b - a|.
            const double s = dot(cross(a, b), face.normal) / norm(sub(b, a));
            if (s < face.margin) face.margin = s, face.marginEdge = i;
        }
        face.stable = face.margin > kInside * size;
    }
}

// The Gauss map's cell of one hull vertex v, in the gnomonic chart centered at u = v / |v|.
struct Cell {
    Vec3 u, e1, e2;
    std::vector<std::uint32_t> faces;  // corners of the cell: the faces around v, in order
    std::vector<std::uint32_t> ends;   // arc i (faces[i] to faces[i + 1]) is the edge v - ends[i]
    std::vector<Vec2> corners;         // faces' normals in the chart
    std::vector<Vec2> outward;         // outward normals of the chart polygon's sides
    bool containsCenter = false;       // u inside the cell: every ray from u leaves through it
    Vec2 chart(const Vec3& d) const {
        const double z = dot(d, u);
        return {dot(d, e1) / z, dot(d, e2) / z};
    }
    Vec3 lift(const Vec2& p) const { return unit(add(u, add(scale(e1, p[0]), scale(e2, p[1])))); }
};

// Where the ray from the chart's center in direction r leaves the cell (or enters: exit false).
struct Hit {
    double t = 0;
    std::size_t arc = 0;
    bool found = false;
};
Hit rayHit(const Cell& cell, const Vec2& r, bool exit) {
    Hit hit;
    for (std::size_t i = 0; i < cell.corners.size(); ++i) {
        const double along = cell.outward[i][0] * r[0] + cell.outward[i][1] * r[1];
        if (exit ? !(along > 0) : !(along < 0)) continue;
        const double t = (cell.outward[i][0] * cell.corners[i][0] + cell.outward[i][1] * cell.corners[i][1]) / along;
        if (!hit.found || (exit ? t < hit.t : t > hit.t)) hit = {t, i, true};
    }
    return hit;
}

class Poses {
public:
    Poses(Polyhedron& poly) : poly_(poly), cellOf_(poly.points.size(), 0xffffffffu) {}

    bool buildCells() {
        std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> out(poly_.points.size());  // (b, face)
        for (std::uint32_t f = 0; f < poly_.faces.size(); ++f) {
            const auto& c = poly_.faces[f].corners;
            for (std::size_t i = 0, m = c.size(); i < m; ++i) out[c[i]].emplace_back(c[(i + 1) % m], f);
        }
        for (std::uint32_t v = 0; v < poly_.points.size(); ++v) {
            if (out[v].empty()) continue;
            Cell cell;
            cell.u = unit(poly_.points[v]);
            const Vec3 axis = std::fabs(cell.u[0]) < 0.6 ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
            cell.e1 = unit(cross(cell.u, axis));
            cell.e2 = cross(cell.u, cell.e1);
            // From the face of edge v -> b, the face across (of b -> v) is the next one around v.
            std::uint32_t face = out[v][0].second, end = out[v][0].first;
            for (std::size_t k = 0; k < out[v].size(); ++k) {
                cell.faces.push_back(face);
                cell.ends.push_back(end);
                face = poly_.edgeFace.find(key(end, v));
                if (face == EdgeMap::kNone) return false;
                const auto next =
                    std::find_if(out[v].begin(), out[v].end(), [&](const auto& e) { return e.second == face; });
                if (next == out[v].end()) return false;
                end = next->first;
            }
            if (face != cell.faces.front()) return false;
            for (std::uint32_t f : cell.faces) cell.corners.push_back(cell.chart(poly_.faces[f].normal));
            const std::size_t m = cell.corners.size();
            double area = 0;
            for (std::size_t i = 0; i < m; ++i) {
                const Vec2 &a = cell.corners[i], &b = cell.corners[(i + 1) % m];
                area += a[0] * b[1] - a[1] * b[0];
            }
            const double turn = area > 0 ? 1 : -1;
            cell.containsCenter = true;
            for (std::size_t i = 0; i < m; ++i) {
                const Vec2 &a = cell.corners[i], &b = cell.corners[(i + 1) % m];
                cell.outward.push_back({turn * (b[1] - a[1]), -turn * (b[0] - a[0])});
                if (!(cell.outward[i][0] * a[0] + cell.outward[i][1] * a[1] > 0)) cell.containsCenter = false;
            }
            cellOf_[v] = static_cast<std::uint32_t>(cells_.size());
            vertexOf_.push_back(v);
            cells_.push_back(std::move(cell));
        }
        return true;
    }

    // Adds `weight` to the face a direction rolls to from the arc `arc` of cell `c`, reached at the
    // point x. Every step lowers the center of mass, so no state comes back. A body that arrives
    // exactly balanced on an edge (a mirror-symmetric body rolling in its plane of symmetry onto an
    // edge across it) falls to either side, half each, as the slightest asymmetry would decide.
    void roll(std::uint32_t c, std::size_t arc, const Vec3& x, double weight, std::vector<double>& area) {
        struct State {
            std::uint32_t face;  // on this face's point, or (kNoFace) on the arc `arc` of cell `c` at x
            std::uint32_t c;
            std::size_t arc;
            Vec3 x;
            double weight;
        };
        std::vector<State> todo{{kNoFace, c, arc, x, weight}};
        const std::size_t limit = 8 * (poly_.faces.size() + cells_.size()) + 64;
        for (std::size_t step = 0; !todo.empty(); ++step) {
            if (step > limit) return fail();
            const State s = todo.back();
            todo.pop_back();
            if (s.face != kNoFace) {
                if (poly_.faces[s.face].stable) {
                    area[s.face] += s.weight;
                    continue;
                }
                // It tips over the edge or corner nearest to c's foot.
                const Tip tip = tipOf(s.face);
                if (tip.face != kNoFace) {
                    todo.push_back({tip.face, 0, 0, {}, s.weight});
                    continue;
                }
                // Over a corner: into its cell, radially away from its center through the face's point.
                const std::uint32_t next = cellOf_[tip.vertex];
                if (next == kNoFace) return fail();
                const Vec2 p = cells_[next].chart(poly_.faces[s.face].normal);
                const Hit hit = rayHit(cells_[next], p, true);
                if (!hit.found) return fail();
                todo.push_back({kNoFace, next, hit.arc, cells_[next].lift({hit.t * p[0], hit.t * p[1]}), s.weight});
                continue;
            }
            const Cell& cell = cells_[s.c];
            const std::uint32_t v = vertexOf_[s.c], w = cell.ends[s.arc];
            const Vec3 &pv = poly_.points[v], &pw = poly_.points[w];
            const Vec3 e = sub(pw, pv);
            if (dot(pv, e) < 0 && !(dot(pw, e) > 0) && cellOf_[w] != kNoFace) {
                // It tips over w: on, radially from w's own center.
                const Cell& next = cells_[cellOf_[w]];
                const Vec2 p = next.chart(s.x);
                const Hit hit = rayHit(next, p, true);
                if (!hit.found) return fail();
                todo.push_back({kNoFace, cellOf_[w], hit.arc, next.lift({hit.t * p[0], hit.t * p[1]}), s.weight});
                continue;
            }
            // It pivots on vw, sliding along the arc to the face on the side where h = v.d falls.
            const std::uint32_t f1 = cell.faces[s.arc], f2 = cell.faces[(s.arc + 1) % cell.faces.size()];
            const Vec3 t1 = sub(poly_.faces[f1].normal, scale(s.x, dot(poly_.faces[f1].normal, s.x)));
            const Vec3 t2 = sub(poly_.faces[f2].normal, scale(s.x, dot(poly_.faces[f2].normal, s.x)));
            const double l1 = norm(t1), l2 = norm(t2), scaleV = norm(pv);
            if (l1 < kAtPoint || l2 < kAtPoint) {  // arrived at a face's point itself
                todo.push_back({l1 < l2 ? f1 : f2, 0, 0, {}, s.weight});
                continue;
            }
            const double slope1 = dot(pv, t1) / (scaleV * l1), slope2 = dot(pv, t2) / (scaleV * l2);
            if (std::fabs(slope1) < kBalanced && std::fabs(slope2) < kBalanced) {
                todo.push_back({f1, 0, 0, {}, s.weight / 2});
                todo.push_back({f2, 0, 0, {}, s.weight / 2});
                continue;
            }
            todo.push_back({slope1 - slope2 < 0 ? f1 : f2, 0, 0, {}, s.weight});
        }
    }

    // Adds every cell's wedges to the face they roll to; false on inconsistent geometry.
    bool measure(std::vector<double>& area) {
        area.assign(poly_.faces.size(), 0);
        // Crossings go to nearer vertices: nearer cells first, so their breakpoints are known.
        std::vector<std::uint32_t> order(cells_.size());
        for (std::uint32_t c = 0; c < order.size(); ++c) order[c] = c;
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return dot(poly_.points[vertexOf_[a]], poly_.points[vertexOf_[a]]) <
                   dot(poly_.points[vertexOf_[b]], poly_.points[vertexOf_[b]]);
        });
        for (std::uint32_t c : order)
            if (!measureCell(c, area)) return false;
        return !failed_;
    }

private:
    struct Tip {
        std::uint32_t face = 0xffffffffu;    // tips over an edge onto this face
        std::uint32_t vertex = 0xffffffffu;  // or over this corner
    };

    // The edge or corner of an unstable face nearest to c's foot: what it tips over.
    Tip tipOf(std::uint32_t f) const {
        const Face& face = poly_.faces[f];
        const Vec3 foot = scale(face.normal, face.height);
        double best = INFINITY;
        Tip tip;
        for (std::size_t i = 0, m = face.corners.size(); i < m; ++i) {
            const std::uint32_t a = face.corners[i], b = face.corners[(i + 1) % m];
            const Vec3 ab = sub(poly_.points[b], poly_.points[a]);
            const double t = dot(sub(foot, poly_.points[a]), ab) / dot(ab, ab);
            const double s = std::min(1.0, std::max(0.0, t));
            const double d = norm(sub(foot, add(poly_.points[a], scale(ab, s))));
            if (!(d < best)) continue;
            best = d;
            if (t <= 0 || t >= 1)
                tip = {0xffffffffu, t <= 0 ? a : b};
            else
                tip = {poly_.edgeFace.find(key(b, a)), 0xffffffffu};
        }
        return tip;
    }

    void fail() { failed_ = true; }

    bool measureCell(std::uint32_t c, std::vector<double>& area) {
        const Cell& cell = cells_[c];
        const std::uint32_t v = vertexOf_[c];
        const Vec3& pv = poly_.points[v];
        const std::size_t m = cell.corners.size();
        // Angles of the rays that bound the wedges, measured from a direction inside the cell.
        Vec2 ref{0, 0};
        if (!cell.containsCenter) {
            for (const Vec2& p : cell.corners) ref = {ref[0] + p[0], ref[1] + p[1]};
        } else {
            ref = {1, 0};
        }
        auto angle = [&](const Vec2& p) {
            return std::atan2(ref[0] * p[1] - ref[1] * p[0], ref[0] * p[0] + ref[1] * p[1]);
        };
        std::vector<double> events;
        for (std::size_t i = 0; i < m; ++i) {
            events.push_back(angle(cell.corners[i]));
            const std::uint32_t w = cell.ends[i];
            const Vec3 e = sub(poly_.points[w], pv);
            if (!(dot(pv, e) < 0)) continue;  // flows enter here
            if (dot(poly_.points[w], e) > 0) {
                // Pivoting on vw: the arc splits where c is right above the edge, if it is on the arc.
                const Vec3 foot = sub(pv, scale(e, dot(pv, e) / dot(e, e)));
                if (!(dot(foot, cell.u) > 0)) continue;
                events.push_back(angle(cell.chart(unit(foot))));
            } else {
                const auto pulled = entries_.find(key(w, v));
                if (pulled == entries_.end()) continue;
                for (const Vec3& x : pulled->second) events.push_back(angle(cell.chart(x)));
            }
        }
        if (!cell.containsCenter) {
            // Rays outside the corners' span miss the cell.
            double lo = INFINITY, hi = -INFINITY;
            for (const Vec2& p : cell.corners) lo = std::min(lo, angle(p)), hi = std::max(hi, angle(p));
            events.erase(std::remove_if(events.begin(), events.end(), [&](double a) { return !(a >= lo && a <= hi); }),
                         events.end());
        }
        std::sort(events.begin(), events.end());
        if (cell.containsCenter) events.push_back(events.front() + 2 * kPi);
        // Each wedge between neighbouring events: (u, entry a, exit a, exit b, entry b).
        const double cr = ref[0] / std::hypot(ref[0], ref[1]), sr = ref[1] / std::hypot(ref[0], ref[1]);
        auto ray = [&](double phi) {
            const double x = std::cos(phi), y = std::sin(phi);
            return Vec2{cr * x - sr * y, sr * x + cr * y};
        };
        auto at = [&](const Vec2& r, const Hit& hit) { return cell.lift({hit.t * r[0], hit.t * r[1]}); };
        Vec3 exitA, entryA;
        for (std::size_t k = 0; k < events.size(); ++k) {
            const Vec2 r = ray(events[k]);
            const Hit exitHit = rayHit(cell, r, true);
            if (!exitHit.found) return false;
            const Vec3 exitB = at(r, exitHit);
            Vec3 entryB = cell.u;
            if (!cell.containsCenter) {
                const Hit entryHit = rayHit(cell, r, false);
                if (!entryHit.found) return false;
                entryB = at(r, entryHit);
                // Where a farther cell's flow enters this one, its wedges must break too.
                const std::uint32_t w = cell.ends[entryHit.arc];
                entries_[key(v, w)].push_back(entryB);
            }
            if (k > 0 && events[k] > events[k - 1]) {
                const double wedge = solidAngle(cell.u, exitA, exitB) - solidAngle(cell.u, entryA, entryB);
                const Vec2 mid = ray(0.5 * (events[k - 1] + events[k]));
                const Hit midHit = rayHit(cell, mid, true);
                if (!midHit.found) return false;
                roll(c, midHit.arc, at(mid, midHit), std::max(0.0, wedge), area);
            }
            exitA = exitB;
            entryA = entryB;
        }
        return true;
    }

    Polyhedron& poly_;
    std::vector<Cell> cells_;
    std::vector<std::uint32_t> cellOf_, vertexOf_;
    std::unordered_map<std::uint64_t, std::vector<Vec3>> entries_;  // (v, w): entry points on arc vw of v's cell
    bool failed_ = false;
};

// The shortest rotation taking the unit vector n to -Y.
Quat downward(const Vec3& n) {
    const Vec3 axis = cross(n, {0, -1, 0});
    const double w = 1 - n[1];  // 1 + n.(-Y)
    if (w < 1e-12) return {1, 0, 0, 0};
    const double s = std::sqrt(dot(axis, axis) + w * w);
    return {axis[0] / s, axis[1] / s, axis[2] / s, w / s};
}

Vec3 rotate(const Mat3& r, const Vec3& p) {
    return {r[0] * p[0] + r[1] * p[1] + r[2] * p[2], r[3] * p[0] + r[4] * p[1] + r[5] * p[2],
            r[6] * p[0] + r[7] * p[1] + r[8] * p[2]};
}

RestingPose poseOn(const Polyhedron& poly, const Face& face, double probability, const Vec3& c) {
    RestingPose pose;
    pose.probability = probability;
    pose.normal = face.normal;
    pose.rotation = downward(face.normal);
    const Mat3 r = detail::rotationMatrix(pose.rotation);
    pose.centerOfMassHeight = face.height;
    pose.position = sub(Vec3{0, face.height, 0}, rotate(r, c));
    pose.supportMargin = face.margin;
    pose.tippingAngle = std::atan2(face.margin, face.height);
    const std::size_t m = face.corners.size();
    pose.tippingEdge = {add(poly.points[face.corners[face.marginEdge]], c),
                        add(poly.points[face.corners[(face.marginEdge + 1) % m]], c)};
    // Counter-clockwise seen from outside is clockwise seen from above once the face is down.
    for (std::size_t i = m; i-- > 0;) {
        Vec3 p = rotate(r, poly.points[face.corners[i]]);
        p = {p[0], 0, p[2]};
        pose.supportPolygon.push_back(p);
    }
    return pose;
}

}  // namespace

Outcome<RestingPoses> restingPoses(const MeshView& mesh, const Vec3& centerOfMass) {
    std::string message;
    const Status status = detail::validateMesh(mesh, message);
    if (status != Status::Ok) return Failure{status, message};
    if (!detail::allFinite(centerOfMass)) return Failure{Status::InvalidArgument, "centerOfMass must be finite"};
    // Relative to the center of mass, which makes it the origin of every formula above.
    const detail::Hull hull = detail::hullOfUsedVertices(mesh, centerOfMass);
    if (hull.triangles.empty())
        return Failure{Status::ZeroVolume, "the body is flat (its vertices span no volume): it has no resting pose"};
    double size = 0, maxAbs = 0;
    for (const Vec3& p : hull.points) {
        size = std::max(size, norm(p));
        for (int k = 0; k < 3; ++k) maxAbs = std::max(maxAbs, std::fabs(p[k] + centerOfMass[k]));
    }
    // Merged faces of a noisy scan may not bound a polytope the walk around a vertex accepts
    // (a merged region pinched at a vertex); the hull's own triangles always do.
    Polyhedron poly;
    std::vector<double> area;
    for (const double tolerance : {kCoplanar * (size + maxAbs), 0.0}) {
        poly = facesOf(hull, tolerance);
        classifyFaces(poly, size);
        for (const Face& face : poly.faces)
            if (!(face.height > kInside * size))
                return Failure{Status::InvalidArgument, "centerOfMass is not inside the convex hull of the mesh (" +
                                                            detail::formatNumber(face.height) +
                                                            " from the plane of a hull face)"};
        Poses poses(poly);
        if (poses.buildCells() && poses.measure(area)) break;
        if (tolerance == 0) return Failure{Status::Internal, "restingPoses: inconsistent hull topology"};
    }
    double total = 0;
    for (double a : area) total += a;
    Outcome<RestingPoses> out;
    for (std::size_t f = 0; f < poly.faces.size(); ++f)
        if (poly.faces[f].stable && area[f] > 0)
            out.value.push_back(poseOn(poly, poly.faces[f], area[f] / total, centerOfMass));
    std::stable_sort(out.value.begin(), out.value.end(),
                     [](const RestingPose& a, const RestingPose& b) { return a.probability > b.probability; });
    return out;
}

}  // namespace massprops
