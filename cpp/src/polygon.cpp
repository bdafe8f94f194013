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
#include <cstdint>
#include <string>
#include <vector>

#include "determinant.h"
#include "holes.h"
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

// An edge as the sweep needs it: its x range, and where to find its ends.
struct Edge {
    double lo, hi;
    std::uint32_t ring, index;
};

struct Segment {
    Vec2 a, b;
};

Segment segment(const std::vector<Ring>& rings, const Edge& e) {
    const Ring& ring = rings[e.ring];
    return {point(ring, e.index), point(ring, e.index + 1 == points(ring) ? 0 : e.index + 1)};
}

// Whether two segments cross at a point inside both (not at an end, not along a common line): the
// one overlap of rings that the filter can prove. Touching rings are allowed, so a polygon whose
// hole was bridged to the outline (a keyhole) is measured.
bool properlyCross(const Segment& e, const Segment& f) {
    if (std::max(e.a[1], e.b[1]) < std::min(f.a[1], f.b[1]) || std::max(f.a[1], f.b[1]) < std::min(e.a[1], e.b[1]))
        return false;
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
    std::size_t total = 0;
    for (const Ring& ring : rings) total += points(ring);
    edges.reserve(total);
    for (std::size_t r = 0; r < rings.size(); ++r) {
        const std::size_t n = points(rings[r]);
        for (std::size_t i = 0; i < n; ++i) {
            const double x0 = rings[r].xy[2 * i], x1 = rings[r].xy[i + 1 == n ? 0 : 2 * i + 2];
            edges.push_back({std::min(x0, x1), std::max(x0, x1), std::uint32_t(r), std::uint32_t(i)});
        }
    }
    // Merge sort: an outline's x runs up and down, which drives introsort into its heapsort fallback.
    std::stable_sort(edges.begin(), edges.end(), [](const Edge& e, const Edge& f) { return e.lo < f.lo; });
    std::vector<const Edge*> active;
    for (const Edge& e : edges) {
        active.erase(std::remove_if(active.begin(), active.end(), [&](const Edge* f) { return f->hi < e.lo; }),
                     active.end());
        const Segment se = segment(rings, e);
        for (const Edge* f : active) {
            if (adjacent(e, *f, points(rings[e.ring])) || !properlyCross(se, segment(rings, *f))) continue;
            const bool eFirst = e.ring < f->ring || (e.ring == f->ring && e.index < f->index);
            const Edge& first = eFirst ? e : *f;
            const Edge& second = eFirst ? *f : e;
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

// Which side of `ring` each query point lies on: the winding number (Sunday 2001) with exact
// comparisons and filtered orientation tests, Boundary when a point is on an edge or too close to
// one to tell. A sweep in y: each point meets only the edges whose y range holds it, so an
// outline with many holes costs about (n + q) log(n + q), not n times q.
std::vector<Side> sides(const Ring& ring, const std::vector<Vec2>& queries) {
    const std::size_t n = points(ring);
    auto lowY = [&](std::size_t i) { return std::min(ring.xy[2 * i + 1], ring.xy[i + 1 == n ? 1 : 2 * i + 3]); };
    auto highY = [&](std::size_t i) { return std::max(ring.xy[2 * i + 1], ring.xy[i + 1 == n ? 1 : 2 * i + 3]); };
    std::vector<std::size_t> edges(n), order(queries.size());
    for (std::size_t i = 0; i < n; ++i) edges[i] = i;
    for (std::size_t k = 0; k < queries.size(); ++k) order[k] = k;
    std::stable_sort(edges.begin(), edges.end(), [&](std::size_t i, std::size_t j) { return lowY(i) < lowY(j); });
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t i, std::size_t j) { return queries[i][1] < queries[j][1]; });
    std::vector<Side> out(queries.size(), Side::Outside);
    std::vector<std::size_t> active;
    std::size_t next = 0;
    for (const std::size_t k : order) {
        const Vec2& p = queries[k];
        while (next < n && lowY(edges[next]) <= p[1]) active.push_back(edges[next++]);
        active.erase(std::remove_if(active.begin(), active.end(), [&](std::size_t i) { return highY(i) < p[1]; }),
                     active.end());
        int winding = 0;
        bool boundary = false;
        for (const std::size_t i : active) {
            const Vec2 a = point(ring, i), b = point(ring, i + 1 == n ? 0 : i + 1);
            const bool near = std::min(a[0], b[0]) <= p[0] && p[0] <= std::max(a[0], b[0]);
            const bool up = a[1] <= p[1] && b[1] > p[1], down = a[1] > p[1] && b[1] <= p[1];
            if (!near && !up && !down) continue;
            const int s = orientation(a, b, p);
            if (s == 0 && near) {
                boundary = true;
                break;
            }
            if (up && s > 0) ++winding;
            if (down && s < 0) --winding;
        }
        out[k] = boundary ? Side::Boundary : winding != 0 ? Side::Inside : Side::Outside;
    }
    return out;
}

// Points of a hole that show where it lies: its vertices, the midpoints of its edges, and its
// area centroid when that is certainly inside it. Against another ring, one such point certainly
// on the wrong side proves an overlap: with no proper crossings left, an edge whose ends touch
// another ring but whose middle runs through it (holes side by side that overlap along common
// lines) has its midpoint inside, and a hole whose whole boundary lies on the other ring's (the
// same ring twice, a hole filling a notch of the outline) has its centroid on the wrong side.
struct Probe {
    Vec2 point;
    std::size_t ring;
};

void probesOf(const std::vector<Ring>& rings, std::size_t h, const Vec2& centroid, std::vector<Probe>& out) {
    const Ring& ring = rings[h];
    const std::size_t n = points(ring);
    for (std::size_t i = 0; i < n; ++i) {
        const Vec2 a = point(ring, i), b = point(ring, i + 1 == n ? 0 : i + 1);
        out.push_back({a, h});
        out.push_back({{0.5 * a[0] + 0.5 * b[0], 0.5 * a[1] + 0.5 * b[1]}, h});
    }
    if (sides(ring, {centroid})[0] == Side::Inside) out.push_back({centroid, h});
}

// Holes must lie in the outer ring and outside each other, judged by their probes. Not detected:
// holes that overlap only where none of these points falls (their boundaries touching without
// crossing); see docs/2d.md.
bool findMisplacedHole(const std::vector<Ring>& rings, const std::vector<Vec2>& centroids, std::string& message) {
    std::vector<Box2> boxes;
    for (const Ring& ring : rings) boxes.push_back(ringBox(ring));
    std::vector<Probe> probes;
    for (std::size_t h = 1; h < rings.size(); ++h) probesOf(rings, h, centroids[h], probes);
    auto select = [&](std::size_t target, std::vector<Vec2>& points, std::vector<const Probe*>& owners) {
        points.clear();
        owners.clear();
        for (const Probe& p : probes) {
            if (p.ring == target || !boxes[target].contains(p.point)) continue;
            points.push_back(p.point);
            owners.push_back(&p);
        }
    };
    std::vector<Vec2> points;
    std::vector<const Probe*> owners;
    select(0, points, owners);
    std::vector<Side> found = sides(rings[0], points);
    const Probe* out = nullptr;
    for (std::size_t k = 0; k < found.size() && !out; ++k)
        if (found[k] == Side::Outside) out = owners[k];
    for (const Probe& p : probes)
        if (!out && !boxes[0].contains(p.point)) out = &p;
    if (out) {
        message = ringName(out->ring) + " reaches outside the outer ring (at " + formatNumber(out->point[0]) + ", " +
                  formatNumber(out->point[1]) + "): a hole must lie inside it";
        return true;
    }
    for (std::size_t o = 1; o < rings.size(); ++o) {
        select(o, points, owners);
        if (points.empty()) continue;
        found = sides(rings[o], points);
        for (std::size_t k = 0; k < found.size(); ++k) {
            if (found[k] != Side::Inside) continue;
            message = ringName(owners[k]->ring) + " overlaps " + ringName(o) + " (at " +
                      formatNumber(owners[k]->point[0]) + ", " + formatNumber(owners[k]->point[1]) +
                      "): holes must not overlap";
            return true;
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
    // The smaller root from the determinant: no cancellation for a thin plate. Scaled by the
    // larger root first, so that the products neither underflow nor overflow.
    const double as = a / larger, bs = b / larger, ds = d / larger;
    const double smaller = larger > 0 ? larger * (as * ds - bs * bs) : mean - radius;
    // A needle's tensor may come out a rounding short of semidefinite: its smaller moment is 0,
    // and the larger one keeps the moments adding up to the polar moment.
    v.principalMoments = smaller < 0 ? Vec2{0, a + d} : Vec2{std::min(smaller, larger), larger};
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
    const double a = t[0] / scale, b = t[1] / scale, c = t[2] / scale, d = t[3] / scale;  // no underflow below
    return std::abs(b - c) <= tolerance && a >= -tolerance && d >= -tolerance && a * d - b * c >= -tolerance;
}

// The full result of a 2-D body, or why it is not one. `outOfRange` names the input that took
// the numbers out of double precision.
Result2D describe2D(const Body2D& body, Status outOfRange) {
    auto normalPositive = [](double x) { return std::isfinite(x) && x >= DBL_MIN; };
    if (!finite(body) || !normalPositive(body.mass) || !normalPositive(body.area) ||
        !normalPositive(body.mass / body.area) ||
        // Moments within 2^53 of underflow have lost digits to subnormal rounding already.
        !normalPositive((std::abs(body.inertia[0]) + std::abs(body.inertia[3])) * DBL_EPSILON)) {
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
    std::vector<Vec2> centroids(rings.size(), ref);  // of each ring, to probe where holes lie
    for (std::size_t r = 0; r < rings.size(); ++r) {
        const RingSums s = ringSums(rings[r], ref);
        if (!std::isfinite(s.magnitude + s.sxx12 + s.syy12 + std::abs(s.sxy24))) {
            return Failure{Status::InvalidDimension,
                           "results are out of the range of double precision (the second "
                           "moments of " +
                               ringName(r) + " overflow): the polygon is too large for these units"};
        }
        // Rounding of the coordinates' shift moves each vertex by up to eps * extent; an area
        // below what that can change is no area.
        double perimeter = 0;
        for (std::size_t i = 0; i < points(rings[r]); ++i) {
            const Vec2 a = point(rings[r], i), b = point(rings[r], i + 1 == points(rings[r]) ? 0 : i + 1);
            perimeter += std::abs(b[0] - a[0]) + std::abs(b[1] - a[1]);  // at most sqrt(2) times the length
        }
        const bool flat = std::abs(s.area2) <= 8 * kEpsilon * (s.magnitude + extent * perimeter);
        if (r == 0 && flat) {
            return Failure{Status::ZeroVolume,
                           "the polygon encloses no area (its points are collinear or its "
                           "loops cancel): twice the signed area is " +
                               formatNumber(s.area2)};
        }
        if (flat) continue;  // a hole of no area removes nothing
        centroids[r] = {ref[0] + s.sx6 / (3 * s.area2), ref[1] + s.sy6 / (3 * s.area2)};
        // The outline counts positive and holes negative whatever way they wind.
        const double sign = (s.area2 > 0) == (r == 0) ? 1.0 : -1.0;
        area2 += sign * s.area2;
        sx6 += sign * s.sx6;
        sy6 += sign * s.sy6;
        sxx12 += sign * s.sxx12;
        syy12 += sign * s.syy12;
        sxy24 += sign * s.sxy24;
    }
    if (findCrossing(rings, message) || findMisplacedHole(rings, centroids, message))
        return Failure{Status::InvalidBody, message};
    const double area = 0.5 * area2;
    if (!std::isfinite(area2) || !std::isfinite(sxx12) || !std::isfinite(syy12) || !std::isfinite(sxy24)) {
        return Failure{Status::InvalidDimension,
                       "results are out of the range of double precision (the polygon's "
                       "second moments overflow): it is too large for these units"};
    }
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
        const double sign = detail::isHole(parts[k]) ? -1.0 : 1.0;
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
        // A hole's tensor counts negatively whichever sign it is given with (holes.h).
        const double own = detail::tensorSign(b.inertia[0] + b.inertia[3]);
        const double dx = b.centroid[0] - out.centroid[0], dy = b.centroid[1] - out.centroid[1];
        // Parallel axes in the plate convention: + m [[dy^2, -dx dy], [-dx dy, dx^2]].
        const double shift[4] = {m * dy * dy, -m * dx * dy, -m * dx * dy, m * dx * dx};
        for (int i = 0; i < 4; ++i) out.inertia[i] += sign * (own * b.inertia[i] + shift[i]);
    }
    return describe2D(out, Status::InvalidBody);
}

}  // namespace massprops
