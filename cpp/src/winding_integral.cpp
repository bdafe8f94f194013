// The integrals of round(w_C) by lines (see winding_integral.h). Along a line, w_C is smooth
// between the caps it crosses (where it jumps by 1), so round(w_C) there changes only where w_C
// passes a half-integer: each piece between crossings of caps is sampled, a change of the rounded
// value located by Newton's method in its bracket, and an interval whose samples could hide two
// crossings (the slopes seen could carry w_C to a level and back) halved. Across the lines the
// integrals are a function of the line's place, smooth except where lines touch a level set or a
// cap's rim: each cell of the quadtree compares the trapezoidal rule on its 4 corners with the
// composite rule on its 9 points, and the cell with the largest difference is split next.
// w_C is summed as the argument of a product (Field::Sum::Products): the same up to rounding, faster.
#include "winding_integral.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <queue>

#include "integrate.h"
#include "winding_field.h"

namespace massprops {
namespace detail {

namespace {

constexpr int kDepth = 20;  // finest cell: the first grid's cells halved this often
constexpr double kPi = 3.14159265358979323846;

// What a line contributes at its place (u, v): g0 = integral of r = round(w_C) along it, g1 of
// t r, g2 of t^2 r (t the coordinate along the line), and their products with u and v.
using LineSums = std::array<double, 10>;  // g0, u g0, v g0, g1, u^2 g0, v^2 g0, g2, u v g0, u g1, v g1

struct Sample {
    double t, w, slope;  // place on the line, w_C there, dw_C/dt
    double r;            // round(w_C) just after t (at a level crossing: the side the line enters)
};

class LineIntegrator {
public:
    LineIntegrator(const Field& field, const std::vector<WeightedTriangle>& caps, int axis, double reach, double length)
        : field_(field), axis_(axis), reach_(reach), length_(length) {
        const int u = (axis + 1) % 3, v = (axis + 2) % 3;
        for (const WeightedTriangle& c : caps) {
            if (c.weight == 0) continue;
            Cap cap;
            cap.weight = c.weight;
            const Vec3* x[3] = {&c.a, &c.b, &c.c};
            for (int k = 0; k < 3; ++k) {
                cap.u[k] = (*x[k])[u], cap.v[k] = (*x[k])[v], cap.t[k] = (*x[k])[axis];
            }
            cap.lo = {std::min({cap.u[0], cap.u[1], cap.u[2]}), std::min({cap.v[0], cap.v[1], cap.v[2]}),
                      std::min({cap.t[0], cap.t[1], cap.t[2]})};
            cap.hi = {std::max({cap.u[0], cap.u[1], cap.u[2]}), std::max({cap.v[0], cap.v[1], cap.v[2]}),
                      std::max({cap.t[0], cap.t[1], cap.t[2]})};
            caps_.push_back(cap);
        }
        step_ = reach / 8;
        shortest_ = 1e-7 * length;
    }

    // The sums of the line at (u, v).
    LineSums at(double u, double v) {
        u_ = u, v_ = v;
        g0_ = g1_ = g2_ = 0;
        std::vector<std::array<double, 2>> zones;  // where round(w_C) may differ from 0
        std::vector<double> cuts;                  // where the line crosses a cap
        for (const Cap& cap : caps_) {
            const double du = std::max({cap.lo[0] - u, 0.0, u - cap.hi[0]});
            const double dv = std::max({cap.lo[1] - v, 0.0, v - cap.hi[1]});
            const double d2 = du * du + dv * dv;
            if (!(d2 < reach_ * reach_)) continue;
            const double s = std::sqrt(reach_ * reach_ - d2);
            zones.push_back({cap.lo[2] - s, cap.hi[2] + s});
            if (du > 0 || dv > 0) continue;
            // Barycentric coordinates of (u, v) in the cap's shadow; a line along the cap's own
            // plane meets it nowhere in particular (the pieces' samples see the jump anyway).
            const double det =
                (cap.u[1] - cap.u[0]) * (cap.v[2] - cap.v[0]) - (cap.u[2] - cap.u[0]) * (cap.v[1] - cap.v[0]);
            if (det == 0) continue;
            const double l1 = ((u - cap.u[0]) * (cap.v[2] - cap.v[0]) - (cap.u[2] - cap.u[0]) * (v - cap.v[0])) / det;
            const double l2 = ((cap.u[1] - cap.u[0]) * (v - cap.v[0]) - (u - cap.u[0]) * (cap.v[1] - cap.v[0])) / det;
            if (l1 < 0 || l2 < 0 || l1 + l2 > 1) continue;
            cuts.push_back(cap.t[0] + l1 * (cap.t[1] - cap.t[0]) + l2 * (cap.t[2] - cap.t[0]));
        }
        if (zones.empty()) return sums();
        std::sort(zones.begin(), zones.end());
        std::sort(cuts.begin(), cuts.end());
        std::array<double, 2> zone = zones[0];
        for (std::size_t i = 1; i <= zones.size(); ++i) {
            if (i < zones.size() && zones[i][0] <= zone[1]) {
                zone[1] = std::max(zone[1], zones[i][1]);
                continue;
            }
            integrateZone(zone, cuts);
            if (i < zones.size()) zone = zones[i];
        }
        return sums();
    }

    double evaluations() const { return evaluations_; }

private:
    struct Cap {
        double u[3], v[3], t[3];
        std::array<double, 3> lo, hi;  // the shadow's box (u, v) and the extent along the line
        double weight;
    };

    LineSums sums() const {
        return {g0_, u_ * g0_, v_ * g0_, g1_, u_ * u_ * g0_, v_ * v_ * g0_, g2_, u_ * v_ * g0_, u_ * g1_, v_ * g1_};
    }

    Sample sample(double t) {
        Vec3 p{0, 0, 0}, g;
        p[axis_] = t, p[(axis_ + 1) % 3] = u_, p[(axis_ + 2) % 3] = v_;
        ++evaluations_;
        const double w = field_.value(p, g);
        if (!std::isfinite(w) || !std::isfinite(g[axis_])) return {t, 0, 0, 0};  // no level is found from NaN
        return {t, w, g[axis_], std::nearbyint(w)};
    }

    void add(double a, double b, double r) {
        if (r == 0 || !(b > a)) return;
        g0_ += r * (b - a);
        g1_ += r * (b * b - a * a) / 2;
        g2_ += r * (b * b * b - a * a * a) / 3;
    }

    // The zone cut where the line crosses caps; each piece sampled inside, a hair from its ends.
    void integrateZone(const std::array<double, 2>& zone, const std::vector<double>& cuts) {
        std::vector<double> ends{zone[0]};
        for (double c : cuts)
            if (c > zone[0] && c < zone[1]) ends.push_back(c);
        ends.push_back(zone[1]);
        const double hair = 1e-10 * length_;
        for (std::size_t i = 0; i + 1 < ends.size(); ++i) {
            const double a = ends[i], b = ends[i + 1];
            if (!(b - a > 4 * hair)) continue;  // a sliver between two cuts: nothing to see
            const int parts = static_cast<int>(std::min(64.0, std::ceil((b - a) / step_)));
            Sample left = sample(a + hair);
            for (int k = 1; k <= parts; ++k) {
                const Sample right = sample(k == parts ? b - hair : a + (b - a) * k / parts);
                segment(left, right, 0);
                left = right;
            }
        }
    }

    // Adds the integrals over [a.t, b.t], given round(w_C) just after a and just before b
    // (b.r for a sample that is not a crossing).
    void segment(const Sample& a, const Sample& b, int depth) {
        if (a.r != b.r && depth < 200) {
            const double level = a.r + (b.r > a.r ? 0.5 : -0.5);
            Sample c = crossing(a, b, level);
            add(a.t, c.t, a.r);
            c.r = a.r + (b.r > a.r ? 1 : -1);
            segment(c, b, depth + 1);
            return;
        }
        // Could the slopes carry w_C to a level and back between the samples (to r + 1/2 or to
        // r - 1/2, from both ends)?
        const double up = (a.r + 0.5 - a.w) + (a.r + 0.5 - b.w), down = (a.w - a.r + 0.5) + (b.w - a.r + 0.5);
        const double rise = std::max(std::abs(a.slope), std::abs(b.slope)) * (b.t - a.t);
        if (rise > 1.5 * std::min(up, down) && b.t - a.t > shortest_ && depth < 60) {
            const Sample m = sample(0.5 * (a.t + b.t));
            segment(a, m, depth + 1);
            segment(m, b, depth + 1);
            return;
        }
        add(a.t, b.t, a.r);
    }

    // Where w_C = level between a and b (it is on either side there): Newton's steps inside the
    // bracket, bisection where they leave it.
    Sample crossing(const Sample& a, const Sample& b, double level) {
        const double up = b.r > a.r ? 1 : -1;  // w_C - level goes from -up to +up
        double lo = a.t, hi = b.t;
        // A start on a level already (a crossing) gives no slope toward this one: bisect first.
        double t = std::abs(a.w - level) < 1e-12 || std::abs(b.w - level) < 1e-12
                       ? 0.5 * (lo + hi)
                       : a.t + (b.t - a.t) * (level - a.w) / (b.w - a.w);
        if (!(t > lo && t < hi)) t = 0.5 * (lo + hi);
        const double tolerance = 1e-11 * length_;
        Sample s = sample(t);
        for (int it = 0; it < 100 && hi - lo > tolerance; ++it) {
            const double f = up * (s.w - level);
            if (f == 0) break;
            (f < 0 ? lo : hi) = s.t;
            double next = s.t - (s.w - level) / s.slope;
            if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
            if (std::abs(next - s.t) < tolerance) {
                s.t = next;
                break;
            }
            s = sample(next);
        }
        s.w = level;
        return s;
    }

    const Field& field_;
    std::vector<Cap> caps_;
    int axis_;
    double reach_, length_, step_, shortest_;
    double u_ = 0, v_ = 0, g0_ = 0, g1_ = 0, g2_ = 0;
    double evaluations_ = 0;
};

// A square of the quadtree: its corner on the finest grid, its side there, and its sums.
struct Cell {
    std::int64_t i, j, side;
    LineSums fine;    // the composite trapezoidal rule on its 9 points
    LineSums coarse;  // the trapezoidal rule on its 4 corners
    double error;     // their difference
};

// The difference of two cells' sums in volume units (SpanningCaps::error's): the volume, the
// first moments over `length`, the second over length^2.
double distance(const LineSums& a, const LineSums& b, double length) {
    double e = std::abs(a[0] - b[0]);
    for (int k = 1; k <= 3; ++k) e += std::abs(a[k] - b[k]) / length;
    for (int k = 4; k < 10; ++k) e += std::abs(a[k] - b[k]) / (length * length);
    return e;
}

// The axis the lines run along: the one the caps face most (a line along a cap's plane meets it
// in no point).
int axisOf(const std::vector<WeightedTriangle>& caps) {
    Vec3 facing{0, 0, 0};
    for (const WeightedTriangle& t : caps) {
        const Vec3 n = cross(sub(t.b, t.a), sub(t.c, t.a));
        for (int k = 0; k < 3; ++k) facing[k] += std::abs(n[k]) * (t.weight != 0);
    }
    return facing[0] >= facing[1] && facing[0] >= facing[2] ? 0 : facing[1] >= facing[2] ? 1 : 2;
}

struct RoundedWinding {
    Moments moments;          // the integrals of round(w_C), in Moments' units (d: 6 times the volume, ...)
    double bound = 0;         // the cells' differences between the two rules, summed: SpanningCaps::error's units
    double error = 0;         // estimated error, in the same units (see the end of roundedWinding)
    double solidAngles = 0;   // work done: cap triangles' solid angles evaluated
    std::uint32_t lines = 0;  // lines integrated
};

// The integrals of round(w_C) near the caps: `tolerance`, `budget` and `length` as for closeByIntegral.
RoundedWinding roundedWinding(const std::vector<WeightedTriangle>& caps, const std::vector<std::size_t>& groups,
                              double length, double tolerance, double budget) {
    RoundedWinding out;
    const Field field(caps, groups, Field::Sum::Products);
    double area = 0;
    Vec3 lo{HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi{-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    for (const WeightedTriangle& t : caps) {
        if (t.weight == 0) continue;
        area += norm(cross(sub(t.b, t.a), sub(t.c, t.a))) / 2;
        for (const Vec3& x : {t.a, t.b, t.c})
            for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], x[k]), hi[k] = std::max(hi[k], x[k]);
    }
    if (!(area > 0)) return out;
    const double reach = std::sqrt(area / (2 * kPi));
    const int axis = axisOf(caps), U = (axis + 1) % 3, V = (axis + 2) % 3;
    LineIntegrator line(field, caps, axis, reach, length);
    // The first grid: square cells, 8 across the caps' shadow grown by the reach.
    const double u0 = lo[U] - reach, v0 = lo[V] - reach;
    const double cell = std::max(hi[U] - lo[U], hi[V] - lo[V]) / 8 + reach / 4;
    const std::int64_t nu = static_cast<std::int64_t>(std::ceil((hi[U] - lo[U] + 2 * reach) / cell));
    const std::int64_t nv = static_cast<std::int64_t>(std::ceil((hi[V] - lo[V] + 2 * reach) / cell));
    const double unit = cell / static_cast<double>(std::int64_t{1} << kDepth);
    std::map<std::uint64_t, LineSums> lines;
    // The work in solid angles: each evaluation of w_C one per cap, plus a few for the sampling
    // around it, and each line's search of the caps it passes near.
    const double perEvaluation = static_cast<double>(caps.size()) + 8;
    auto work = [&]() { return line.evaluations() * perEvaluation + static_cast<double>(lines.size() * caps.size()); };
    auto node = [&](std::int64_t i, std::int64_t j) -> const LineSums& {
        const std::uint64_t key = (static_cast<std::uint64_t>(i) << 32) | static_cast<std::uint64_t>(j);
        const auto found = lines.find(key);
        if (found != lines.end()) return found->second;
        return lines.emplace(key, line.at(u0 + static_cast<double>(i) * unit, v0 + static_cast<double>(j) * unit))
            .first->second;
    };
    auto makeCell = [&](std::int64_t i, std::int64_t j, std::int64_t side) {
        Cell c{i, j, side, {}, {}, 0};
        LineSums& coarse = c.coarse;
        const std::int64_t h = side / 2;
        const double a = static_cast<double>(side) * unit * static_cast<double>(side) * unit;
        for (int di = 0; di <= 2; ++di)
            for (int dj = 0; dj <= 2; ++dj) {
                const LineSums& s = node(i + di * h, j + dj * h);
                const double corner = (di != 1) && (dj != 1);
                const double weight = (di == 1 ? 2 : 1) * (dj == 1 ? 2 : 1);
                for (int k = 0; k < 10; ++k) {
                    coarse[k] += corner * s[k] * a / 4;
                    c.fine[k] += weight * s[k] * a / 16;
                }
            }
        c.error = distance(coarse, c.fine, length);
        return c;
    };
    const auto larger = [](const Cell& a, const Cell& b) {
        if (a.error != b.error) return a.error < b.error;
        return a.side != b.side ? a.side < b.side : a.i != b.i ? a.i > b.i : a.j > b.j;
    };
    std::priority_queue<Cell, std::vector<Cell>, decltype(larger)> open(larger);
    std::vector<Cell> done;  // cells split as finely as the grid allows
    double error = 0;        // the sum of the cells' errors
    const std::int64_t side = std::int64_t{1} << kDepth;
    // Each loop's own neighbourhood (its shadow grown by its reach) gets cells no larger than half
    // its size before the errors steer: a small loop's region would slip between coarse lines.
    struct Box {
        double lo[2], hi[2], size;
    };
    std::vector<Box> loops;
    for (std::size_t g = 0; g + 1 < groups.size(); ++g) {
        Box b{{HUGE_VAL, HUGE_VAL}, {-HUGE_VAL, -HUGE_VAL}, 0};
        double loopArea = 0;
        for (std::size_t i = groups[g]; i < groups[g + 1]; ++i) {
            const WeightedTriangle& t = caps[i];
            loopArea += t.weight != 0 ? norm(cross(sub(t.b, t.a), sub(t.c, t.a))) / 2 : 0;
            for (const Vec3& x : {t.a, t.b, t.c})
                for (int k = 0; k < 2; ++k)
                    b.lo[k] = std::min(b.lo[k], x[k == 0 ? U : V]), b.hi[k] = std::max(b.hi[k], x[k == 0 ? U : V]);
        }
        if (!(loopArea > 0)) continue;
        const double grow = std::sqrt(loopArea / (2 * kPi));
        b.size = std::max(b.hi[0] - b.lo[0], b.hi[1] - b.lo[1]) + 2 * grow;
        for (int k = 0; k < 2; ++k) b.lo[k] -= grow, b.hi[k] += grow;
        loops.push_back(b);
    }
    auto tooCoarse = [&](const Cell& c) {
        const double size = static_cast<double>(c.side) * unit;
        const double lu = u0 + static_cast<double>(c.i) * unit, lv = v0 + static_cast<double>(c.j) * unit;
        for (const Box& b : loops)
            if (size > b.size / 2 && lu <= b.hi[0] && lu + size >= b.lo[0] && lv <= b.hi[1] && lv + size >= b.lo[1])
                return true;
        return false;
    };
    std::vector<Cell> first;
    for (std::int64_t i = 0; i < nu; ++i)
        for (std::int64_t j = 0; j < nv; ++j) first.push_back(makeCell(i * side, j * side, side));
    while (!first.empty()) {
        const Cell c = first.back();
        first.pop_back();
        if (c.side > 2 && tooCoarse(c) && work() < budget) {
            const std::int64_t h = c.side / 2;
            for (int di = 0; di < 2; ++di)
                for (int dj = 0; dj < 2; ++dj) first.push_back(makeCell(c.i + di * h, c.j + dj * h, h));
            continue;
        }
        error += c.error;
        open.push(c);
    }
    while (!open.empty() && error > tolerance && work() < budget) {
        const Cell c = open.top();
        open.pop();
        if (c.side <= 2) {
            done.push_back(c);
            continue;
        }
        error -= c.error;
        const std::int64_t h = c.side / 2;
        for (int di = 0; di < 2; ++di)
            for (int dj = 0; dj < 2; ++dj) {
                const Cell child = makeCell(c.i + di * h, c.j + dj * h, h);
                error += child.error;
                open.push(child);
            }
    }
    LineSums sum{}, coarse{};
    double bound = 0;
    auto collect = [&](const Cell& c) {
        for (int k = 0; k < 10; ++k) sum[k] += c.fine[k], coarse[k] += c.coarse[k];
        bound += c.error;
    };
    while (!open.empty()) collect(open.top()), open.pop();
    for (const Cell& c : done) collect(c);
    // Back to x, y, z: sum holds g0, u g0, v g0, g1, u^2 g0, v^2 g0, g2, u v g0, u g1, v g1.
    Moments& m = out.moments;
    m.d = 6 * sum[0];
    m.first[U] = 24 * sum[1], m.first[V] = 24 * sum[2], m.first[axis] = 24 * sum[3];
    double second[3][3];
    second[U][U] = sum[4], second[V][V] = sum[5], second[axis][axis] = sum[6];
    second[U][V] = second[V][U] = sum[7];
    second[axis][U] = second[U][axis] = sum[8];
    second[axis][V] = second[V][axis] = sum[9];
    m.xx = 120 * second[0][0], m.yy = 120 * second[1][1], m.zz = 120 * second[2][2];
    m.xy = 120 * second[0][1], m.yz = 120 * second[1][2], m.zx = 120 * second[2][0];
    // The two rules' difference over all cells is the coarse rule's error as the fine one sees it;
    // the fine rule's is that over 2^p - 1 where it converges as h^p, at most the difference
    // itself where p >= 1 (a line touching a level set or a rim makes p about 1: the tall teeth),
    // and doubled for a rate a little below that. The cells' differences summed (`bound`) count
    // each cell's error as if none cancelled: on a car shell a hundred times the error.
    out.bound = bound;
    out.error = std::min(bound, 2 * distance(coarse, sum, length));
    out.solidAngles = work();
    out.lines = static_cast<std::uint32_t>(lines.size());
    return out;
}

}  // namespace

void closeByIntegral(const std::vector<WeightedTriangle>& caps, const std::vector<std::size_t>& groups,
                     const std::vector<std::uint8_t>& curved, double length, double tolerance, double budget,
                     SpanningCaps& span) {
    std::vector<WeightedTriangle> curvedCaps;
    std::vector<std::size_t> curvedGroups{0};
    Moments m;
    for (std::size_t g = 0; g + 1 < groups.size(); ++g) {
        if (!curved[g]) continue;
        for (std::size_t i = groups[g]; i < groups[g + 1]; ++i) {
            const WeightedTriangle& t = caps[i];
            curvedCaps.push_back(t);
            const Triangle tri = triangleOf(t.a, t.b, t.c);
            addTetrahedron(m, tri, t.weight * determinantOf(tri), norm(tri.n));
        }
        curvedGroups.push_back(curvedCaps.size());
    }
    const RoundedWinding rounded = roundedWinding(curvedCaps, curvedGroups, length, tolerance, budget);
    // Chosen by the cells' summed differences, as before the estimate was kept apart: no mesh whose
    // spanning caps did better (the beetle) changes method.
    if (!(rounded.bound < span.error)) return;
    const Moments& r = rounded.moments;
    m.d -= r.d;
    m.first = sub(m.first, r.first);
    m.xx -= r.xx, m.yy -= r.yy, m.zz -= r.zz, m.xy -= r.xy, m.yz -= r.yz, m.zx -= r.zx;
    span.moments = m;
    span.error = span.surfaceError = rounded.error;
    span.surfaces.assign(span.surfaces.size(), {});  // the fans stay in the plan
}

}  // namespace detail
}  // namespace massprops
