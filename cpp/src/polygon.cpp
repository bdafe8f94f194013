// 2-D polygons: area, centroid and second moments by Green's theorem, one signed triangle per
// edge from a reference point (the 2-D form of the tetrahedron sums of mesh.cpp). For an edge
// p_i -> p_j with c = x_i y_j - x_j y_i (twice the signed area of the triangle 0, p_i, p_j):
//   2A = sum c,                      6 Sx = sum (x_i + x_j) c,      6 Sy = sum (y_i + y_j) c,
//   12 Sxx = sum (x_i^2 + x_i x_j + x_j^2) c,   12 Syy likewise,
//   24 Sxy = sum (x_i (2 y_i + y_j) + x_j (y_i + 2 y_j)) c
// (Steger 1996, "On the calculation of arbitrary moments of polygons"), where Sxx = int x^2 dA.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "determinant.h"
#include "result.h"
#include "status.h"

namespace massprops {

using detail::Failure;
using detail::formatNumber;

namespace {

const double kEpsilon = DBL_EPSILON / 2;  // unit roundoff, 2^-53
// Shewchuk's orient2d error bound (ccwerrboundA): a determinant larger than this times the
// permanent has the sign it was computed with.
const double kOrientBound = (3.0 + 16.0 * kEpsilon) * kEpsilon;

// Neumaier's compensated sum: the moments of a ring of many short edges stay accurate to a few
// roundings instead of growing with the vertex count.
struct Sum {
    double sum = 0, carry = 0;
    void add(double x) {
        const double t = sum + x;
        carry += std::abs(sum) >= std::abs(x) ? (sum - t) + x : (x - t) + sum;
        sum = t;
    }
    double value() const { return sum + carry; }
};

// The sign of orient(a, b, p) (> 0: p left of a -> b) where the filter proves it, else 0: zero
// means "on the line or too close to tell", which the callers treat as touching, never as a fault.
int orientation(const Vec2& a, const Vec2& b, const Vec2& p) {
    const double left = (a[0] - p[0]) * (b[1] - p[1]);
    const double right = (a[1] - p[1]) * (b[0] - p[0]);
    const double det = left - right;
    const double bound = kOrientBound * (std::abs(left) + std::abs(right));
    return det > bound ? 1 : det < -bound ? -1 : 0;
}

Vec2 point(const Ring& ring, std::size_t i) { return {ring.xy[2 * i], ring.xy[2 * i + 1]}; }
std::size_t points(const Ring& ring) { return ring.count / 2; }

std::string ringName(std::size_t r) { return r == 0 ? std::string("points") : "holes[" + std::to_string(r - 1) + "]"; }

Status checkRing(const Ring& ring, const std::string& name, std::string& message) {
    if (ring.count % 2 != 0) {
        message = name + " length (" + std::to_string(ring.count) + ") is not a multiple of 2 (x, y pairs)";
        return Status::InvalidLength;
    }
    if (ring.count < 6) {
        message = name + " needs at least 3 points, got " + std::to_string(ring.count / 2);
        return Status::InvalidLength;
    }
    for (std::size_t k = 0; k < ring.count; ++k) {
        if (std::isfinite(ring.xy[k])) continue;
        message = name + "[" + std::to_string(k) + "] is " + formatNumber(ring.xy[k]) + " (point " +
                  std::to_string(k / 2) + ")";
        return Status::NonFinitePosition;
    }
    return Status::Ok;
}

// The sums of Green's theorem for one ring about `ref` (signed by its winding), and the sum of
// |c|, which bounds what rounding can leave of 2A.
struct RingSums {
    double area2 = 0, sx6 = 0, sy6 = 0, sxx12 = 0, syy12 = 0, sxy24 = 0, magnitude = 0;
};

// x y - u v with one rounding (Dekker's exact products): an edge pointing at the reference
// point cancels, and the plain formula would keep only noise.
double cross(double x, double y, double u, double v) {
    double p1, e1, p2, e2;
    detail::twoProduct(x, detail::Split(x), y, detail::Split(y), p1, e1);
    detail::twoProduct(u, detail::Split(u), v, detail::Split(v), p2, e2);
    return (p1 - p2) + (e1 - e2);
}

RingSums ringSums(const Ring& ring, const Vec2& ref) {
    Sum a, sx, sy, sxx, syy, sxy, m;
    const std::size_t n = points(ring);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = i + 1 == n ? 0 : i + 1;
        const double xi = ring.xy[2 * i] - ref[0], yi = ring.xy[2 * i + 1] - ref[1];
        const double xj = ring.xy[2 * j] - ref[0], yj = ring.xy[2 * j + 1] - ref[1];
        const double c = cross(xi, yj, xj, yi);
        a.add(c);
        m.add(std::abs(c));
        sx.add((xi + xj) * c);
        sy.add((yi + yj) * c);
        sxx.add((xi * xi + xi * xj + xj * xj) * c);
        syy.add((yi * yi + yi * yj + yj * yj) * c);
        sxy.add((xi * (2 * yi + yj) + xj * (yi + 2 * yj)) * c);
    }
    return {a.value(), sx.value(), sy.value(), sxx.value(), syy.value(), sxy.value(), m.value()};
}

struct Box2 {
    Vec2 lo{INFINITY, INFINITY}, hi{-INFINITY, -INFINITY};
    void add(const Vec2& p) {
        for (int k = 0; k < 2; ++k) lo[k] = std::min(lo[k], p[k]), hi[k] = std::max(hi[k], p[k]);
    }
    bool overlaps(const Box2& o) const {
        return lo[0] <= o.hi[0] && o.lo[0] <= hi[0] && lo[1] <= o.hi[1] && o.lo[1] <= hi[1];
    }
    bool contains(const Vec2& p) const { return lo[0] <= p[0] && p[0] <= hi[0] && lo[1] <= p[1] && p[1] <= hi[1]; }
};

Box2 ringBox(const Ring& ring) {
    Box2 box;
    for (std::size_t i = 0; i < points(ring); ++i) box.add(point(ring, i));
    return box;
}

struct Edge {
    Box2 box;
    Vec2 a, b;
    std::size_t ring, index;
};

// Whether two edges cross at a point inside both (not at an end, not along a common line): the
// one overlap of rings that the filter can prove. Touching rings are allowed, so a polygon whose
// hole was bridged to the outline (a keyhole) is measured.
bool properlyCross(const Edge& e, const Edge& f) {
    const int s1 = orientation(e.a, e.b, f.a), s2 = orientation(e.a, e.b, f.b);
    if (s1 == 0 || s2 == 0 || s1 == s2) return false;
    const int s3 = orientation(f.a, f.b, e.a), s4 = orientation(f.a, f.b, e.b);
    return s3 != 0 && s4 != 0 && s3 != s4;
}

bool adjacent(const Edge& e, const Edge& f, std::size_t n) {
    if (e.ring != f.ring) return false;
    const std::size_t d = e.index > f.index ? e.index - f.index : f.index - e.index;
    return d == 1 || d == n - 1;
}

// Sweep over the edges in order of their left ends; an edge is compared only with the edges
// whose x range it overlaps, so an outline of many short edges costs about n log n.
bool findCrossing(const std::vector<Ring>& rings, std::string& message) {
    std::vector<Edge> edges;
    for (std::size_t r = 0; r < rings.size(); ++r) {
        const std::size_t n = points(rings[r]);
        for (std::size_t i = 0; i < n; ++i) {
            Edge e{{}, point(rings[r], i), point(rings[r], i + 1 == n ? 0 : i + 1), r, i};
            e.box.add(e.a);
            e.box.add(e.b);
            edges.push_back(e);
        }
    }
    std::sort(edges.begin(), edges.end(), [](const Edge& e, const Edge& f) { return e.box.lo[0] < f.box.lo[0]; });
    std::vector<const Edge*> active;
    for (const Edge& e : edges) {
        active.erase(std::remove_if(active.begin(), active.end(),
                                    [&](const Edge* f) { return f->box.hi[0] < e.box.lo[0]; }),
                     active.end());
        for (const Edge* f : active) {
            if (!e.box.overlaps(f->box) || adjacent(e, *f, points(rings[e.ring])) || !properlyCross(e, *f)) continue;
            const Edge& first = e.ring < f->ring || (e.ring == f->ring && e.index < f->index) ? e : *f;
            const Edge& second = &first == &e ? *f : e;
            message = "edge " + std::to_string(first.index) + " of " + ringName(first.ring) + " crosses edge " +
                      std::to_string(second.index) + " of " + ringName(second.ring) +
                      (first.ring == second.ring ? ": the ring is not simple" : ": rings may touch but not overlap");
            return true;
        }
        active.push_back(&e);
    }
    return false;
}

enum class Side { Inside, Outside, Boundary };

// Winding number of `ring` about p (Sunday 2001) with exact comparisons and filtered orientation
// tests: Boundary when p is on an edge or too close to one to tell.
Side side(const Ring& ring, const Vec2& p) {
    int winding = 0;
    const std::size_t n = points(ring);
    for (std::size_t i = 0; i < n; ++i) {
        const Vec2 a = point(ring, i), b = point(ring, i + 1 == n ? 0 : i + 1);
        Box2 box;
        box.add(a);
        box.add(b);
        const bool near = box.contains(p);
        const bool up = a[1] <= p[1] && b[1] > p[1], down = a[1] > p[1] && b[1] <= p[1];
        if (!near && !up && !down) continue;
        const int s = orientation(a, b, p);
        if (s == 0 && near) return Side::Boundary;
        if (up && s > 0) ++winding;
        if (down && s < 0) --winding;
    }
    return winding != 0 ? Side::Inside : Side::Outside;
}

// Holes must lie in the outer ring and outside each other. With no crossing edges, a vertex that
// is certainly on the wrong side shows it; a hole all of whose vertices lie on the other ring's
// boundary cannot be judged this way and is accepted.
bool findMisplacedHole(const std::vector<Ring>& rings, std::string& message) {
    std::vector<Box2> boxes;
    for (const Ring& ring : rings) boxes.push_back(ringBox(ring));
    for (std::size_t h = 1; h < rings.size(); ++h) {
        for (std::size_t i = 0; i < points(rings[h]); ++i) {
            const Vec2 p = point(rings[h], i);
            if (boxes[0].contains(p) && side(rings[0], p) != Side::Outside) continue;
            message = ringName(h) + " point " + std::to_string(i) + " (" + formatNumber(p[0]) + ", " +
                      formatNumber(p[1]) + ") lies outside the outer ring: a hole must lie inside it";
            return true;
        }
        for (std::size_t o = 1; o < rings.size(); ++o) {
            if (o == h || !boxes[o].overlaps(boxes[h])) continue;
            for (std::size_t i = 0; i < points(rings[h]); ++i) {
                const Vec2 p = point(rings[h], i);
                if (!boxes[o].contains(p) || side(rings[o], p) != Side::Inside) continue;
                message = ringName(h) + " point " + std::to_string(i) + " lies inside " + ringName(o) +
                          ": holes must not overlap";
                return true;
            }
        }
    }
    return false;
}

// The 2x2 tensor's principal frame: eigenvalues of [[a, b], [b, d]] ascending, axis 1 at the
// angle where the quadratic form is least. Moments equal to within rounding (a disc, a square,
// a regular polygon) give the canonical axes x and y, the same on every call.
void principal(MassProperties2D& v) {
    const double a = v.inertia[0], b = v.inertia[1], d = v.inertia[3];
    const double mean = 0.5 * (a + d), radius = std::hypot(0.5 * (a - d), b);
    const double larger = mean + radius;
    // The smaller root from the determinant: no cancellation for a thin plate.
    const double smaller = larger > 0 ? (a * d - b * b) / larger : mean - radius;
    v.principalMoments = {std::min(smaller, larger), larger};
    double angle = 0;
    if (radius > 64 * kEpsilon * std::abs(mean)) {
        // atan2(2b, a - d) / 2 is the axis of the larger moment; axis 1 is a quarter turn from it.
        angle = 0.5 * std::atan2(2 * b, a - d) + 0.5 * 3.14159265358979323846;
        if (angle > 0.5 * 3.14159265358979323846) angle -= 3.14159265358979323846;
    }
    v.principalAngle = angle;
    const double c = std::cos(angle), s = std::sin(angle);
    v.principalAxes = {Vec2{c, s}, Vec2{-s, c}};
}

bool finite(const Body2D& b) {
    return std::isfinite(b.mass) && std::isfinite(b.area) && std::isfinite(b.centroid[0]) &&
           std::isfinite(b.centroid[1]) &&
           std::all_of(b.inertia.begin(), b.inertia.end(), [](double x) { return std::isfinite(x); });
}

// A plate's tensor is positive semidefinite: each moment is an integral of a square, and
// I_xx I_yy >= I_xy^2 (Cauchy-Schwarz). `tolerance` absorbs rounding of the caller's sums.
bool physicalTensor(const Mat2& t, double tolerance) {
    const double scale = std::abs(t[0]) + std::abs(t[3]);
    const double slack = tolerance * scale;
    return std::abs(t[1] - t[2]) <= slack && t[0] >= -slack && t[3] >= -slack &&
           t[0] * t[3] - t[1] * t[2] >= -slack * scale;
}

// The full result of a 2-D body, or why it is not one. `outOfRange` names the input that took
// the numbers out of double precision.
Result2D describe2D(const Body2D& body, Status outOfRange) {
    auto normalPositive = [](double x) { return std::isfinite(x) && x >= DBL_MIN; };
    if (!finite(body) || !normalPositive(body.mass) || !normalPositive(body.area) ||
        !normalPositive(std::abs(body.inertia[0]) + std::abs(body.inertia[3]))) {
        if (finite(body) && (body.mass <= 0 || body.area <= 0) && outOfRange == Status::InvalidBody) {
            return Failure{Status::InvalidBody, "not a physical plate: mass " + formatNumber(body.mass) + ", area " +
                                                    formatNumber(body.area) + " (must be > 0)"};
        }
        return Failure{outOfRange, "results are out of the range of double precision (area " + formatNumber(body.area) +
                                       ", mass " + formatNumber(body.mass) +
                                       "): the plate is too large or too small for these units"};
    }
    if (!physicalTensor(body.inertia, 1e-9)) {
        return Failure{Status::InvalidBody,
                       "not a physical plate: the inertia tensor (" + formatNumber(body.inertia[0]) + ", " +
                           formatNumber(body.inertia[1]) + ", " + formatNumber(body.inertia[2]) + ", " +
                           formatNumber(body.inertia[3]) + ") is not symmetric positive semidefinite"};
    }
    Result2D out;
    MassProperties2D& v = out.value;
    v.mass = body.mass;
    v.area = body.area;
    v.density = body.mass / body.area;
    v.centroid = body.centroid;
    const double offDiagonal = 0.5 * (body.inertia[1] + body.inertia[2]);
    // Rounding may leave a flat plate's smaller moment a hair below zero.
    v.inertia = {std::max(0.0, body.inertia[0]), offDiagonal, offDiagonal, std::max(0.0, body.inertia[3])};
    v.polarMoment = v.inertia[0] + v.inertia[3];
    principal(v);
    v.principalMoments[0] = std::max(0.0, v.principalMoments[0]);
    return out;
}

Status checkBody2D(const Body2D& body, const std::string& name, std::string& message) {
    if (!finite(body)) {
        message = name + " has a non-finite number";
        return Status::InvalidBody;
    }
    return Status::Ok;
}

}  // namespace

Result2D measurePolygon(const PolygonView& polygon, const MassOptions& options) {
    std::vector<Ring> rings{polygon.outer};
    rings.insert(rings.end(), polygon.holes.begin(), polygon.holes.end());
    std::string message;
    for (std::size_t r = 0; r < rings.size(); ++r) {
        const Status status = checkRing(rings[r], ringName(r), message);
        if (status != Status::Ok) return Failure{status, message};
    }
    const Status massStatus = detail::checkMassOptions(options, message);
    if (massStatus != Status::Ok) return Failure{massStatus, message};

    // Reference point: the center of the outer ring's box, so the sums see coordinates of the
    // polygon's size however far from the origin it lies.
    const Box2 box = ringBox(polygon.outer);
    const Vec2 ref{0.5 * box.lo[0] + 0.5 * box.hi[0], 0.5 * box.lo[1] + 0.5 * box.hi[1]};
    const double extent = std::max(box.hi[0] - box.lo[0], box.hi[1] - box.lo[1]);

    double area2 = 0, sx6 = 0, sy6 = 0, sxx12 = 0, syy12 = 0, sxy24 = 0;
    for (std::size_t r = 0; r < rings.size(); ++r) {
        const RingSums s = ringSums(rings[r], ref);
        // Rounding of the coordinates' shift moves each vertex by up to eps * extent; an area
        // below what that can change is no area.
        double perimeter = 0;
        for (std::size_t i = 0; i < points(rings[r]); ++i) {
            const Vec2 a = point(rings[r], i), b = point(rings[r], i + 1 == points(rings[r]) ? 0 : i + 1);
            perimeter += std::hypot(b[0] - a[0], b[1] - a[1]);
        }
        const bool flat = std::abs(s.area2) <= 8 * kEpsilon * (s.magnitude + extent * perimeter);
        if (r == 0 && flat) {
            return Failure{Status::ZeroVolume,
                           "the polygon encloses no area (its points are collinear or its "
                           "loops cancel): twice the signed area is " +
                               formatNumber(s.area2)};
        }
        if (flat) continue;  // a hole of no area removes nothing
        // The outline counts positive and holes negative whatever way they wind.
        const double sign = (s.area2 > 0) == (r == 0) ? 1.0 : -1.0;
        area2 += sign * s.area2;
        sx6 += sign * s.sx6;
        sy6 += sign * s.sy6;
        sxx12 += sign * s.sxx12;
        syy12 += sign * s.syy12;
        sxy24 += sign * s.sxy24;
    }
    if (findCrossing(rings, message) || findMisplacedHole(rings, message)) return Failure{Status::InvalidBody, message};
    const double area = 0.5 * area2;
    if (!(area > 8 * kEpsilon * extent * extent)) {
        return Failure{Status::ZeroVolume, "the holes remove all of the polygon's area"};
    }
    // Central moments: shift from the reference point to the centroid.
    const double cx = sx6 / (3 * area2), cy = sy6 / (3 * area2);
    const double sxx = sxx12 / 12 - area * cx * cx;
    const double syy = syy12 / 12 - area * cy * cy;
    const double sxy = sxy24 / 24 - area * cx * cy;
    const double density = options.given == MassOptions::Given::Density ? options.value : options.value / area;
    Body2D body;
    body.area = area;
    body.mass = options.given == MassOptions::Given::Density ? density * area : options.value;
    body.centroid = {ref[0] + cx, ref[1] + cy};
    body.inertia = {density * syy, -density * sxy, -density * sxy, density * sxx};
    return describe2D(body, Status::InvalidDimension);
}

Result2D transform2D(const Body2D& body, const Transform2D& t) {
    std::string message;
    if (checkBody2D(body, "body", message) != Status::Ok) return Failure{Status::InvalidBody, message};
    if (!std::isfinite(t.position[0]) || !std::isfinite(t.position[1]) || !std::isfinite(t.angle)) {
        return Failure{Status::InvalidTransform, "position and angle must be finite (got [" +
                                                     formatNumber(t.position[0]) + ", " + formatNumber(t.position[1]) +
                                                     "], " + formatNumber(t.angle) + ")"};
    }
    const double c = std::cos(t.angle), s = std::sin(t.angle);
    Body2D out = body;
    out.centroid = {c * body.centroid[0] - s * body.centroid[1] + t.position[0],
                    s * body.centroid[0] + c * body.centroid[1] + t.position[1]};
    // The plate tensor is trace * 1 - integral r r^T dm, so it turns as R J R^T.
    const Mat2& j = body.inertia;
    const double r[4] = {c, -s, s, c};
    double rj[4];
    for (int row = 0; row < 2; ++row)
        for (int col = 0; col < 2; ++col) rj[2 * row + col] = r[2 * row] * j[col] + r[2 * row + 1] * j[2 + col];
    for (int row = 0; row < 2; ++row)
        for (int col = 0; col < 2; ++col)
            out.inertia[2 * row + col] = rj[2 * row] * r[2 * col] + rj[2 * row + 1] * r[2 * col + 1];
    const Result2D checked = describe2D(body, Status::InvalidBody);
    if (!checked.ok()) return checked;
    return describe2D(out, Status::InvalidTransform);
}

Result2D combine2D(const std::vector<Part2D>& parts) {
    if (parts.empty()) return Failure{Status::InvalidArgument, "combine2d needs at least one part"};
    double mass = 0, area = 0, scale = 0, mx = 0, my = 0;
    std::vector<double> signs;
    std::string message;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const Body2D& b = parts[k].body;
        if (checkBody2D(b, "parts[" + std::to_string(k) + "]", message) != Status::Ok) {
            return Failure{Status::InvalidBody, message};
        }
        const double sign = parts[k].subtract || b.mass < 0 ? -1.0 : 1.0;
        signs.push_back(sign);
        mass += sign * std::abs(b.mass);
        area += sign * std::abs(b.area);
        scale += std::abs(b.mass);
        mx += sign * std::abs(b.mass) * b.centroid[0];
        my += sign * std::abs(b.mass) * b.centroid[1];
    }
    if (!(mass > 1e-12 * scale) || !(area > 0)) {
        return Failure{Status::InvalidBody, "the combination has no mass or area left (mass " + formatNumber(mass) +
                                                ", area " + formatNumber(area) + "): more is removed than there is"};
    }
    Body2D out;
    out.mass = mass;
    out.area = area;
    out.centroid = {mx / mass, my / mass};
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const Body2D& b = parts[k].body;
        const double m = std::abs(b.mass), sign = signs[k];
        // A hole's tensor counts negatively whichever sign it is given with.
        const double own = b.inertia[0] + b.inertia[3] < 0 ? -1.0 : 1.0;
        const double dx = b.centroid[0] - out.centroid[0], dy = b.centroid[1] - out.centroid[1];
        // Parallel axes in the plate convention: + m [[dy^2, -dx dy], [-dx dy, dx^2]].
        const double shift[4] = {m * dy * dy, -m * dx * dy, -m * dx * dy, m * dx * dx};
        for (int i = 0; i < 4; ++i) out.inertia[i] += sign * (own * b.inertia[i] + shift[i]);
    }
    return describe2D(out, Status::InvalidBody);
}

}  // namespace massprops
