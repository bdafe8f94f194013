// Per hole, in a frame whose third axis is the hole's mean normal: the crossings of S + C come
// from a uniform grid over the first two axes (each triangle listed in the cells its shadow's
// box covers), so a ray tests a few triangles; w_C is summed over the caps' triangles. The rays
// are placed on the shadows of the hole's cap triangles, where the correction is smooth (its
// kinks lie over the fan's edges), by a degree-5 rule on each triangle compared with the same
// rule on its four quarters; the triangles that disagree most are split first (ties by
// creation: a deterministic order), until the estimates add up to the tolerance.
#include "winding_correction.h"

#include <algorithm>

namespace massprops {
namespace detail {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int kValues = 10;  // per ray: see RayIntegrals
using Values = std::array<double, kValues>;

// The grid of S + C's shadows on the (u, v) plane.
struct Grid {
    int u, v, w;  // axis w is the rays' direction; (u, v, w) is a cyclic order
    double lo[2] = {0, 0}, cell[2] = {1, 1};
    int n[2] = {1, 1};
    std::vector<std::uint32_t> start, items;
    int clampIndex(double x, int k) const {
        const double i = std::floor((x - lo[k]) / cell[k]);
        return static_cast<int>(std::min<double>(std::max<double>(i, 0), n[k] - 1));
    }
};

Grid buildGrid(const std::vector<WeightedTriangle>& tris, int axis) {
    Grid g;
    g.w = axis, g.u = (axis + 1) % 3, g.v = (axis + 2) % 3;
    double hi[2] = {-HUGE_VAL, -HUGE_VAL};
    g.lo[0] = g.lo[1] = HUGE_VAL;
    for (const auto& t : tris)
        for (const Vec3* p : {&t.a, &t.b, &t.c}) {
            g.lo[0] = std::min(g.lo[0], (*p)[g.u]), hi[0] = std::max(hi[0], (*p)[g.u]);
            g.lo[1] = std::min(g.lo[1], (*p)[g.v]), hi[1] = std::max(hi[1], (*p)[g.v]);
        }
    const int side = std::max(1, std::min(2048, static_cast<int>(std::sqrt(static_cast<double>(tris.size())))));
    for (int k = 0; k < 2; ++k) {
        g.n[k] = side;
        g.cell[k] = hi[k] > g.lo[k] ? (hi[k] - g.lo[k]) / side : 1;
    }
    auto cells = [&](const WeightedTriangle& t, auto f) {
        const int i0 = g.clampIndex(std::min({t.a[g.u], t.b[g.u], t.c[g.u]}), 0);
        const int i1 = g.clampIndex(std::max({t.a[g.u], t.b[g.u], t.c[g.u]}), 0);
        const int j0 = g.clampIndex(std::min({t.a[g.v], t.b[g.v], t.c[g.v]}), 1);
        const int j1 = g.clampIndex(std::max({t.a[g.v], t.b[g.v], t.c[g.v]}), 1);
        for (int j = j0; j <= j1; ++j)
            for (int i = i0; i <= i1; ++i) f(j * g.n[0] + i);
    };
    g.start.assign(static_cast<std::size_t>(g.n[0]) * g.n[1] + 1, 0);
    for (const auto& t : tris) cells(t, [&](int c) { ++g.start[c + 1]; });
    for (std::size_t c = 1; c < g.start.size(); ++c) g.start[c] += g.start[c - 1];
    g.items.resize(g.start.back());
    std::vector<std::uint32_t> fill(g.start.begin(), g.start.end() - 1);
    for (std::uint32_t i = 0; i < tris.size(); ++i) cells(tris[i], [&](int c) { g.items[fill[c]++] = i; });
    return g;
}

struct Crossing {
    double t;
    double jump;  // change of k = w_{S+C} when passing t in the ray's direction
};

// A hole's caps: their box, and how near it |w_C| may reach 1/2 (see Ray::reach).
struct CapBox {
    Vec3 lo, hi;
    double reach2;  // squared
};

struct Ray {
    const std::vector<WeightedTriangle>& closed;
    const std::vector<WeightedTriangle>& caps;
    const std::vector<CapBox>& boxes;
    const Grid& grid;
    // The holes' power cells share space out: a point belongs to the hole h that minimises
    // |x - center_h|^2 - radius_h^2, so that holes whose rays overlap count each point once.
    const std::vector<Vec3>& centers;
    const std::vector<double>& radii2;
    std::size_t hole;

    // Where on the line (u, v) the point belongs to `hole`: an interval (linear constraints).
    std::array<double, 2> owned(double u, double v) const {
        std::array<double, 2> out{-HUGE_VAL, HUGE_VAL};
        const Vec3& c = centers[hole];
        for (std::size_t g = 0; g < centers.size(); ++g) {
            if (g == hole) continue;
            const Vec3 d = sub(centers[g], c);
            // 2 x . d <= |c_g|^2 - |c_h|^2 - r_g^2 + r_h^2
            const double rhs = dot(centers[g], centers[g]) - dot(c, c) - radii2[g] + radii2[hole] -
                               2 * (u * d[grid.u] + v * d[grid.v]);
            const double dw = 2 * d[grid.w];
            if (dw > 0) {
                out[1] = std::min(out[1], rhs / dw);
            } else if (dw < 0) {
                out[0] = std::max(out[0], rhs / dw);
            } else if (rhs < 0) {
                out[1] = -HUGE_VAL;
            }
        }
        return out;
    }

    // The bound on |w_C| at x (see reach), n A_i / (4 pi d_i^2) summed over the holes i.
    double bound(const Vec3& x) const {
        double sum = 0;
        for (const CapBox& b : boxes) {
            double d2 = 0;
            for (int k = 0; k < 3; ++k) {
                const double d = std::max({b.lo[k] - x[k], x[k] - b.hi[k], 0.0});
                d2 += d * d;
            }
            if (d2 == 0) return HUGE_VAL;
            sum += b.reach2 / (2 * d2);
        }
        return sum / static_cast<double>(boxes.size());
    }

    // Where on the line (u, v) |w_C| may reach 1/2, as sorted disjoint intervals: |w_C| <= sum of
    // A_i / (4 pi d_i^2) over the n holes (A_i the area of hole i's caps, d_i the distance to
    // their box), below 1/2 when every d_i exceeds sqrt(n A_i / (2 pi)).
    std::vector<std::array<double, 2>> reach(double u, double v) const {
        std::vector<std::array<double, 2>> out;
        for (const CapBox& b : boxes) {
            const double du = std::max({b.lo[grid.u] - u, u - b.hi[grid.u], 0.0});
            const double dv = std::max({b.lo[grid.v] - v, v - b.hi[grid.v], 0.0});
            const double rest = b.reach2 - du * du - dv * dv;
            if (rest < 0) continue;
            const double r = std::sqrt(rest);
            out.push_back({b.lo[grid.w] - r, b.hi[grid.w] + r});
        }
        std::sort(out.begin(), out.end());
        std::size_t n = 0;
        for (const auto& i : out) {
            if (n > 0 && i[0] <= out[n - 1][1]) {
                out[n - 1][1] = std::max(out[n - 1][1], i[1]);
            } else {
                out[n++] = i;
            }
        }
        out.resize(n);
        return out;
    }

    double capWinding(const Vec3& x) const {
        double total = 0;
        for (const auto& t : caps) total += t.weight * solidAngle(sub(t.a, x), sub(t.b, x), sub(t.c, x));
        return total / (4 * kPi);
    }

    // The crossings of the line (u, v) with S + C, sorted.
    std::vector<Crossing> crossings(double u, double v) const {
        std::vector<Crossing> out;
        if (u < grid.lo[0] || v < grid.lo[1] || u > grid.lo[0] + grid.n[0] * grid.cell[0] ||
            v > grid.lo[1] + grid.n[1] * grid.cell[1])
            return out;
        const int cell = grid.clampIndex(v, 1) * grid.n[0] + grid.clampIndex(u, 0);
        const int U = grid.u, V = grid.v, W = grid.w;
        for (std::uint32_t i = grid.start[cell]; i < grid.start[cell + 1]; ++i) {
            const WeightedTriangle& t = closed[grid.items[i]];
            const double au = t.a[U] - u, av = t.a[V] - v, bu = t.b[U] - u, bv = t.b[V] - v, cu = t.c[U] - u,
                         cv = t.c[V] - v;
            const double ea = bu * cv - bv * cu;  // twice the signed area of (x, b, c): weight of a
            const double eb = cu * av - cv * au;
            const double ec = au * bv - av * bu;
            const double area = ea + eb + ec;
            if (area == 0) continue;
            const bool inside = area > 0 ? ea >= 0 && eb >= 0 && ec >= 0 : ea <= 0 && eb <= 0 && ec <= 0;
            if (!inside) continue;
            const double at = (ea * t.a[W] + eb * t.b[W] + ec * t.c[W]) / area;
            // A normal along +w (area > 0) is left going from inside to outside: k drops.
            out.push_back({at, area > 0 ? -t.weight : t.weight});
        }
        std::sort(out.begin(), out.end(), [](const Crossing& x, const Crossing& y) { return x.t < y.t; });
        return out;
    }

    // The integrals along the ray over [from, to] of c = [k - w_C >= 1/2] - [k >= 1]: of c, c t, c t^2.
    void integrate(double u, double v, double from, double to, double k, std::array<double, 3>& out) const {
        if (!(to > from)) return;
        const double tau = k - 0.5;
        const double sign = k >= 1 ? -1 : 1;  // k >= 1: removed where w_C > tau; else added where w_C <= tau
        auto point = [&](double t) {
            Vec3 x{0, 0, 0};
            x[grid.u] = u, x[grid.v] = v, x[grid.w] = t;
            return x;
        };
        auto inSet = [&](double f) { return k >= 1 ? f > 0 : f <= 0; };
        constexpr int kNodes = 4;
        double ts[kNodes], fs[kNodes];
        for (int i = 0; i < kNodes; ++i) {
            const double s = i == 0 ? 1e-9 : i == kNodes - 1 ? 1 - 1e-9 : static_cast<double>(i) / (kNodes - 1);
            ts[i] = from + (to - from) * s;
            // Where the bound keeps |w_C| below 1/2, f has the sign of -tau (tau = k - 1/2).
            fs[i] = bound(point(ts[i])) < 0.5 ? -tau : capWinding(point(ts[i])) - tau;
        }
        auto add = [&](double a, double b) {
            out[0] += sign * (b - a);
            out[1] += sign * (b * b - a * a) / 2;
            out[2] += sign * (b * b * b - a * a * a) / 3;
        };
        double enter = inSet(fs[0]) ? from : NAN;
        for (int i = 0; i + 1 < kNodes; ++i) {
            if (inSet(fs[i]) == inSet(fs[i + 1])) continue;
            // The root of f between the nodes (f is smooth between crossings), by the Illinois
            // variant of regula falsi.
            double a = ts[i], b = ts[i + 1], fa = fs[i], fb = fs[i + 1];
            for (int it = 0; it < 60 && std::abs(b - a) > 1e-9 * (to - from) && fb != fa; ++it) {
                const double c = (a * fb - b * fa) / (fb - fa), fc = capWinding(point(c)) - tau;
                if ((fc > 0) != (fb > 0)) {
                    a = b, fa = fb;
                } else {
                    fa *= 0.5;
                }
                b = c, fb = fc;
                if (fc == 0) break;
            }
            const double root = b;
            if (std::isnan(enter)) {
                enter = root;
            } else {
                add(enter, root);
                enter = NAN;
            }
        }
        if (!std::isnan(enter)) add(enter, to);
    }

    // Per ray: the integrals of c, c t, c t^2 over [from, to], where |w_C| may reach 1/2.
    std::array<double, 3> along(double u, double v, double from, double to) const {
        std::array<double, 3> out{0, 0, 0};
        std::vector<std::array<double, 2>> near = reach(u, v);
        const std::array<double, 2> mine = owned(u, v);
        from = std::max(from, mine[0]), to = std::min(to, mine[1]);
        if (!(to > from)) return out;
        if (near.empty()) return out;
        const std::vector<Crossing> cross = crossings(u, v);
        // Pieces of constant k, each integrated where it meets `near`.
        auto piece = [&](double a, double b, double k) {
            for (const auto& i : near) integrate(u, v, std::max(a, i[0]), std::min(b, i[1]), k, out);
        };
        double k = 0, at = from;
        std::size_t i = 0;
        for (; i < cross.size() && cross[i].t <= from; ++i) k += cross[i].jump;
        for (; i < cross.size() && cross[i].t < to; ++i) {
            piece(at, cross[i].t, k);
            at = cross[i].t;
            k += cross[i].jump;
        }
        piece(at, to, k);
        return out;
    }
};

using Point2 = std::array<double, 2>;

struct Cell {
    Point2 p[3];
    Values coarse{}, fine{};  // the rule on the triangle, and on its four quarters
    double error = 0;
    std::size_t order = 0;
};

// Radon's 7-point rule, exact to degree 5: barycentric points and weights (summing to 1).
const double kR = std::sqrt(15.0);
const double kA1 = (6 - kR) / 21, kB1 = (9 + 2 * kR) / 21, kA2 = (6 + kR) / 21, kB2 = (9 - 2 * kR) / 21;
const double kW1 = (155 - kR) / 1200, kW2 = (155 + kR) / 1200;
const double kRule[7][4] = {{1.0 / 3, 1.0 / 3, 1.0 / 3, 9.0 / 40},
                            {kA1, kA1, kB1, kW1},
                            {kA1, kB1, kA1, kW1},
                            {kB1, kA1, kA1, kW1},
                            {kA2, kA2, kB2, kW2},
                            {kA2, kB2, kA2, kW2},
                            {kB2, kA2, kA2, kW2}};

Values rule(const Ray& ray, const Point2* p, double from, double to) {
    Values q{};
    // Signed: the fan's shadows add up, with their orientation, to the hole's shadow.
    const double area = 0.5 * ((p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[1][1] - p[0][1]) * (p[2][0] - p[0][0]));
    for (const auto& r : kRule) {
        const double u = r[0] * p[0][0] + r[1] * p[1][0] + r[2] * p[2][0];
        const double v = r[0] * p[0][1] + r[1] * p[1][1] + r[2] * p[2][1];
        const double w = r[3] * area;
        const std::array<double, 3> g = ray.along(u, v, from, to);
        const double c[kValues] = {g[0],         u * g[0], v * g[0],     g[1],     u * u * g[0],
                                   v * v * g[0], g[2],     u * v * g[0], u * g[1], v * g[1]};
        for (int k = 0; k < kValues; ++k) q[k] += w * c[k];
    }
    return q;
}

std::array<std::array<Point2, 3>, 4> quarters(const Point2* p) {
    auto mid = [](const Point2& a, const Point2& b) { return Point2{0.5 * (a[0] + b[0]), 0.5 * (a[1] + b[1])}; };
    const Point2 m01 = mid(p[0], p[1]), m12 = mid(p[1], p[2]), m20 = mid(p[2], p[0]);
    return {{{p[0], m01, m20}, {m01, p[1], m12}, {m20, m12, p[2]}, {m12, m20, m01}}};
}

double errorOf(const Values& a, const Values& b, double length) {
    double e = std::abs(a[0] - b[0]);
    for (int k = 1; k <= 3; ++k) e += std::abs(a[k] - b[k]) / length;
    for (int k = 4; k < kValues; ++k) e += std::abs(a[k] - b[k]) / (length * length);
    return e;
}

Cell makeCell(const Ray& ray, const Point2* p, double from, double to, double length, std::size_t order) {
    Cell c{{p[0], p[1], p[2]}};
    c.coarse = rule(ray, p, from, to);
    for (const auto& q : quarters(p)) {
        const Values v = rule(ray, q.data(), from, to);
        for (int k = 0; k < kValues; ++k) c.fine[k] += v[k];
    }
    c.error = errorOf(c.coarse, c.fine, length);
    c.order = order;
    return c;
}

Vec3 unit(const Vec3& x) { return scale(x, 1 / norm(x)); }

// The hole's correction, in its frame (e[0], e[1], e[2] = axis); its estimated error in `error`.
Values holeCorrection(const std::vector<WeightedTriangle>& closed, const std::vector<WeightedTriangle>& caps,
                      const std::vector<std::size_t>& groups, const std::vector<Hole>& holes, std::size_t index,
                      const Vec3 (&e)[3], double length, double tolerance, std::size_t splits, double& error) {
    auto toFrame = [&](const WeightedTriangle& t) {
        auto f = [&](const Vec3& x) { return Vec3{dot(e[0], x), dot(e[1], x), dot(e[2], x)}; };
        return WeightedTriangle{f(t.a), f(t.b), f(t.c), t.weight};
    };
    std::vector<WeightedTriangle> all(closed.size()), own(caps.size());
    std::transform(closed.begin(), closed.end(), all.begin(), toFrame);
    std::transform(caps.begin(), caps.end(), own.begin(), toFrame);
    const Grid grid = buildGrid(all, 2);
    std::vector<CapBox> boxes;
    for (std::size_t g = 0; g + 1 < groups.size(); ++g) {
        CapBox b{{HUGE_VAL, HUGE_VAL, HUGE_VAL}, {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL}, 0};
        double area = 0;
        for (std::size_t i = groups[g]; i < groups[g + 1]; ++i) {
            const WeightedTriangle& t = own[i];
            for (const Vec3* x : {&t.a, &t.b, &t.c})
                for (int k = 0; k < 3; ++k) b.lo[k] = std::min(b.lo[k], (*x)[k]), b.hi[k] = std::max(b.hi[k], (*x)[k]);
            area += 0.5 * norm(cross(sub(t.b, t.a), sub(t.c, t.a)));
        }
        b.reach2 = static_cast<double>(groups.size() - 1) * area / (2 * kPi);
        boxes.push_back(b);
    }
    std::vector<Vec3> centers;
    std::vector<double> radii2;
    for (const Hole& h : holes) {
        // The fan's apex (every cap triangle's third corner) and its farthest loop vertex.
        const Vec3 c = own[h.first].c;
        double r2 = 0;
        for (std::size_t i = h.first; i < h.last; ++i) r2 = std::max(r2, dot(sub(own[i].a, c), sub(own[i].a, c)));
        centers.push_back(c);
        radii2.push_back(r2);
    }
    const Ray ray{all, own, boxes, grid, centers, radii2, index};
    const Hole& hole = holes[index];
    auto worse = [](const Cell& a, const Cell& b) {
        return a.error < b.error || (a.error == b.error && a.order > b.order);
    };
    std::vector<Cell> heap;  // a max-heap by error, kept in a vector to be summed
    std::size_t made = 0;
    auto push = [&](const Point2* p) {
        heap.push_back(makeCell(ray, p, hole.from, hole.to, length, made++));
        std::push_heap(heap.begin(), heap.end(), worse);
    };
    // The shadow of the fan (b, a, m) of each loop edge a -> b, and of the band between the loop
    // and the loop scaled about m by s (where the region overhangs the loop), as triangles wound
    // as the cap faces the axis. |w_C| < 1/2 farther than reach from the caps (see Ray::reach),
    // and the scaled loop holds the loop's shadow widened by (s - 1) times the least distance
    // from m to an edge's shadow: s covers the reach (for a loop star-shaped about m), up to 8.
    double area = 0, least = HUGE_VAL;
    for (std::size_t i = hole.first; i < hole.last; ++i) {
        const WeightedTriangle& t = own[i];
        area += 0.5 * norm(cross(sub(t.b, t.a), sub(t.c, t.a)));
        const double ex = t.b[0] - t.a[0], ey = t.b[1] - t.a[1], mx = t.c[0] - t.a[0], my = t.c[1] - t.a[1];
        const double along = std::clamp((ex * mx + ey * my) / std::max(ex * ex + ey * ey, 1e-300), 0.0, 1.0);
        least = std::min(least, std::hypot(mx - along * ex, my - along * ey));
    }
    const double reach = std::sqrt(static_cast<double>(groups.size() - 1) * area / (2 * kPi));
    const double factor = least > 0 ? std::min(8.0, 1 + reach / least) : 8.0;
    for (std::size_t i = hole.first; i < hole.last; ++i) {
        const WeightedTriangle& t = own[i];
        const Point2 b{t.a[0], t.a[1]}, a{t.b[0], t.b[1]}, m{t.c[0], t.c[1]};
        const Point2 b2{m[0] + factor * (b[0] - m[0]), m[1] + factor * (b[1] - m[1])};
        const Point2 a2{m[0] + factor * (a[0] - m[0]), m[1] + factor * (a[1] - m[1])};
        for (const auto& tri : {std::array<Point2, 3>{b, a, m}, {b2, a2, a}, {b2, a, b}}) {
            const Point2 p[3] = {tri[0], t.weight > 0 ? tri[1] : tri[2], t.weight > 0 ? tri[2] : tri[1]};
            push(p);
        }
    }
    auto sumError = [&] {
        double sum = 0;
        for (const Cell& c : heap) sum += c.error;
        return sum;
    };
    double total = sumError();
    for (std::size_t split = 0; split < splits && total > tolerance && !heap.empty(); ++split) {
        std::pop_heap(heap.begin(), heap.end(), worse);
        const Cell c = heap.back();
        heap.pop_back();
        for (const auto& q : quarters(c.p)) push(q.data());
        total = sumError();
    }
    Values sum{};
    error = 0;
    for (const Cell& c : heap) {
        for (int k = 0; k < kValues; ++k) sum[k] += c.fine[k];
        error += c.error;
    }
    return sum;
}

}  // namespace

Correction windingCorrection(const std::vector<WeightedTriangle>& closed, const std::vector<WeightedTriangle>& caps,
                             const std::vector<std::size_t>& groups, const std::vector<Hole>& holes, double length,
                             double tolerance) {
    Correction out;
    // The ray budget per hole bounds the time on a pathological hole; each split costs 35 rays.
    constexpr std::size_t splits = 20;
    for (const Hole& hole : holes) {
        // A frame with the hole's axis third: the first axis across it, from the least aligned one.
        const Vec3 z = unit(hole.axis);
        int least = 0;
        for (int k = 1; k < 3; ++k)
            if (std::abs(z[k]) < std::abs(z[least])) least = k;
        Vec3 other{0, 0, 0};
        other[least] = 1;
        const Vec3 x = unit(cross(other, z)), y = cross(z, x);
        const Vec3 e[3] = {x, y, z};
        double error = 0;
        const Values v = holeCorrection(closed, caps, groups, holes, static_cast<std::size_t>(&hole - holes.data()), e,
                                        length, tolerance / holes.size(), splits, error);
        // Back from the frame: x = sum_k y_k e_k.
        const double first[3] = {v[1], v[2], v[3]};
        const double second[3][3] = {{v[4], v[7], v[8]}, {v[7], v[5], v[9]}, {v[8], v[9], v[6]}};
        out.volume += v[0];
        for (int k = 0; k < 3; ++k) out.first = add(out.first, scale(e[k], first[k]));
        double m[3][3] = {};
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                for (int k = 0; k < 3; ++k)
                    for (int l = 0; l < 3; ++l) m[i][j] += e[k][i] * second[k][l] * e[l][j];
        out.xx += m[0][0], out.yy += m[1][1], out.zz += m[2][2];
        out.xy += m[0][1], out.yz += m[1][2], out.zx += m[2][0];
        out.error += error;
    }
    return out;
}

}  // namespace detail
}  // namespace massprops
