// Sigma for each curved loop: its fan, refined four to one again and again, each new vertex off the
// loop moved along the hole's normal n to where w_C = 1/2 (mod 1), by Newton's method on the
// analytic gradient (the loops' Biot-Savart field) safeguarded by bisection. Moving along n
// keeps each triangle's shadow on the plane across n, so the caps stay a graph over the fan's
// shadow: a fan that folds over itself in that shadow, or a Sigma that the line along n meets
// tangentially, is not spanned this way and stays a fan (reported). The piecewise-linear Sigma
// converges as h^2: the sums of two successive levels are extrapolated (Richardson), and the
// change of that extrapolation from one level to the next is the error estimate.
#include "winding_correction.h"

#include <algorithm>
#include <array>
#include <map>
#include <unordered_map>

#include "winding_field.h"

namespace massprops {
namespace detail {

namespace {

constexpr double kPi = 3.14159265358979323846;

// y - round(y): the distance from the nearest integer, signed.
double wrapped(double y) { return y - std::nearbyint(y); }

// Moves x along unit n (zero: along the gradient at x) to where w_C = 1/2 (mod 1), w_C
// increasing along n there. `size` bounds a step. False if no such point is found near x, or n runs nearly along Sigma
// there.
bool solve(const Field& field, Vec3& x, Vec3 n, double size, Vec3& gradient) {
    double s = 0, lo = -HUGE_VAL, hi = HUGE_VAL;
    for (int it = 0; it < 100; ++it) {
        Vec3 g;
        const Vec3 p = add(x, scale(n, s));
        const double f = wrapped(field.value(p, g) - 0.5);
        if (it == 0 && n[0] == 0 && n[1] == 0 && n[2] == 0) {
            if (!(norm(g) > 0)) return false;
            n = scale(g, 1 / norm(g));  // no direction given: along the gradient at x
        }
        const double slope = dot(g, n);
        if (std::abs(f) < 0.25) (f < 0 ? lo : hi) = s;  // a bracket only on the root's side of the wrap
        double next = f == 0 ? s : slope > 0 ? s - f / slope : NAN;
        if (f != 0 && (!(next > lo && next < hi) || std::abs(next - s) > size)) {
            if (std::isfinite(lo) && std::isfinite(hi)) {
                next = 0.5 * (lo + hi);
            } else {
                next = s + (f < 0 ? 0.25 : -0.25) * size;
            }
        }
        if (std::abs(next - s) <= 1e-12 * size || f == 0) {
            if (!(slope > 1e-3 * norm(g))) return false;
            x = add(x, scale(n, next));
            gradient = g;
            return true;
        }
        s = next;
    }
    return false;
}

// A cap being refined: vertices (fixed on the loop, or free: moved along n), triangles wound
// as the fan, and which edges lie on the loop.
struct Span {
    std::size_t loop = 0;  // its index in `groups`
    int level = 0;         // refinements made: the first one's vertices know nothing of Sigma yet
    Moments fan;           // the loop's fan, kept if Sigma turns out not to be a graph over it
    Vec3 n;
    double size = 0, weight = 1;
    std::vector<Vec3> x;
    std::vector<std::uint8_t> onLoop;  // vertex lies on the loop: fixed
    std::vector<Vec3> g;               // the gradient of w_C at each free vertex
    std::vector<std::array<std::uint32_t, 3>> triangles;
    std::unordered_map<std::uint64_t, std::uint8_t> loopEdges;  // key(lower, higher) -> 1
};

std::uint64_t key(std::uint32_t a, std::uint32_t b) {
    return (static_cast<std::uint64_t>(std::min(a, b)) << 32) | std::max(a, b);
}

// The loop's normal n (its vector area's direction, which w_C increases along) and weight;
// false if it has none.
bool orient(const std::vector<WeightedTriangle>& caps, std::size_t first, std::size_t last, Span& span) {
    Vec3 area{0, 0, 0};
    for (std::size_t i = first; i < last; ++i) {
        if (caps[i].weight != caps[first].weight) return false;
        area = add(area, scale(cross(sub(caps[i].b, caps[i].a), sub(caps[i].c, caps[i].a)), caps[i].weight));
    }
    if (!(norm(area) > 0)) return false;
    span.n = scale(area, 1 / norm(area));
    span.weight = caps[first].weight;
    return true;
}

// The fan of one loop as a Span, false if its shadow along n folds.
bool fanSpan(const std::vector<WeightedTriangle>& caps, std::size_t first, std::size_t last, Span& span) {
    std::map<std::array<double, 3>, std::uint32_t> index;
    auto vertex = [&](const Vec3& p, bool loop) {
        const auto [it, added] = index.emplace(std::array<double, 3>{p[0], p[1], p[2]}, span.x.size());
        if (added) span.x.push_back(p), span.onLoop.push_back(loop);
        return it->second;
    };
    for (std::size_t i = first; i < last; ++i) {
        const WeightedTriangle& t = caps[i];
        if (!(dot(cross(sub(t.b, t.a), sub(t.c, t.a)), span.n) * t.weight > 0)) return false;  // folded
        const std::uint32_t a = vertex(t.a, true), b = vertex(t.b, true), c = vertex(t.c, false);
        span.triangles.push_back({a, b, c});
        span.loopEdges[key(a, b)] = 1;
    }
    return true;
}

// The loop's shadow across n cut into triangles by ear clipping (a loop not star-shaped about
// its mean), wound as the fan; false if the shadow is not a simple polygon.
bool earSpan(const std::vector<WeightedTriangle>& caps, std::size_t first, std::size_t last, Span& span) {
    // The loop as the caps run along it: their edges a -> b, fan triangle i's b being i - 1's a.
    for (std::size_t i = last; i-- > first;) span.x.push_back(caps[i].a), span.onLoop.push_back(1);
    const std::size_t n = span.x.size();
    for (std::size_t i = 0; i < n; ++i)
        span.loopEdges[key(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>((i + 1) % n))] = 1;
    const Vec3 other = std::abs(span.n[0]) < 0.6 ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
    const Vec3 e1 = scale(cross(other, span.n), 1 / norm(cross(other, span.n))), e2 = cross(span.n, e1);
    std::vector<std::array<double, 2>> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = {dot(span.x[i], e1), dot(span.x[i], e2)};
    auto turn = [&](std::size_t a, std::size_t b, std::size_t c) {
        return (p[b][0] - p[a][0]) * (p[c][1] - p[a][1]) - (p[b][1] - p[a][1]) * (p[c][0] - p[a][0]);
    };
    double area = 0;
    for (std::size_t i = 0; i < n; ++i) area += p[i][0] * p[(i + 1) % n][1] - p[(i + 1) % n][0] * p[i][1];
    const double sign = area > 0 ? 1 : -1;
    std::vector<std::size_t> ring(n);
    for (std::size_t i = 0; i < n; ++i) ring[i] = i;
    while (ring.size() > 3) {
        const std::size_t m = ring.size();
        bool clipped = false;
        for (std::size_t i = 0; i < m && !clipped; ++i) {
            const std::size_t a = ring[(i + m - 1) % m], b = ring[i], c = ring[(i + 1) % m];
            if (!(sign * turn(a, b, c) > 0)) continue;  // reflex or flat: not an ear
            bool empty = true;
            for (std::size_t j = 0; j < m && empty; ++j) {
                const std::size_t q = ring[j];
                if (q == a || q == b || q == c) continue;
                empty = !(sign * turn(a, b, q) >= 0 && sign * turn(b, c, q) >= 0 && sign * turn(c, a, q) >= 0);
            }
            if (!empty) continue;
            span.triangles.push_back(
                {static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(c)});
            ring.erase(ring.begin() + static_cast<std::ptrdiff_t>(i));
            clipped = true;
        }
        if (!clipped) return false;  // the shadow crosses itself
    }
    span.triangles.push_back({static_cast<std::uint32_t>(ring[0]), static_cast<std::uint32_t>(ring[1]),
                              static_cast<std::uint32_t>(ring[2])});
    // Ear clipping leaves slivers, whose refinements approximate Sigma poorly: flip inner edges
    // until each is locally Delaunay in the shadow (Lawson), the corners staying on the loop.
    auto incircle = [&](std::size_t a, std::size_t b, std::size_t c, std::size_t d) {
        const double ax = p[a][0] - p[d][0], ay = p[a][1] - p[d][1], bx = p[b][0] - p[d][0], by = p[b][1] - p[d][1],
                     cx = p[c][0] - p[d][0], cy = p[c][1] - p[d][1];
        return (ax * ax + ay * ay) * (bx * cy - cx * by) - (bx * bx + by * by) * (ax * cy - cx * ay) +
               (cx * cx + cy * cy) * (ax * by - bx * ay);
    };
    auto& tris = span.triangles;
    for (std::size_t pass = 0, flipped = 1; flipped && pass < 4 * n; ++pass) {
        flipped = 0;
        std::unordered_map<std::uint64_t, std::size_t> owner;  // directed edge -> its triangle
        auto directed = [](std::uint32_t a, std::uint32_t b) { return (static_cast<std::uint64_t>(a) << 32) | b; };
        for (std::size_t t = 0; t < tris.size(); ++t)
            for (int k = 0; k < 3; ++k) owner[directed(tris[t][k], tris[t][(k + 1) % 3])] = t;
        std::vector<std::uint8_t> touched(tris.size(), 0);
        for (std::size_t t = 0; t < tris.size(); ++t) {
            for (int k = 0; k < 3 && !touched[t]; ++k) {
                const std::uint32_t a = tris[t][k], b = tris[t][(k + 1) % 3], c = tris[t][(k + 2) % 3];
                const auto it = owner.find(directed(b, a));
                if (it == owner.end() || touched[it->second]) continue;
                const std::size_t u = it->second;
                std::uint32_t d = tris[u][0];
                for (const std::uint32_t x : tris[u])
                    if (x != a && x != b) d = x;
                // Flip (a, b) to (c, d) when d lies in (a, b, c)'s circle and both new triangles
                // keep the polygon's winding.
                if (!(sign * incircle(a, b, c, d) > 0) || !(sign * turn(c, a, d) > 0) || !(sign * turn(d, b, c) > 0))
                    continue;
                tris[t] = {c, a, d};
                tris[u] = {d, b, c};
                touched[t] = touched[u] = 1;
                flipped = 1;
            }
        }
    }
    // Wound as the polygon, which runs as the fan does: facing n when the weight is +1.
    for (const auto& t : span.triangles)
        if (!(sign * turn(t[0], t[1], t[2]) > 0)) return false;
    return (sign > 0) == (span.weight > 0);
}

// Moves x along the field lines of w_C (its gradient's, which wind around the loops and cross
// every level set) to where w_C = 1/2 (mod 1): Newton's steps along the gradient, each at most
// a quarter of `size`. For a start the line search cannot bracket.
bool walk(const Field& field, Vec3& x, double size, Vec3& gradient) {
    Vec3 p = x;
    for (int it = 0; it < 200; ++it) {
        Vec3 g;
        const double f = wrapped(field.value(p, g) - 0.5);
        const double gg = dot(g, g);
        if (!(gg > 0)) return false;
        Vec3 step = scale(g, -f / gg);
        const double length = norm(step);
        if (length > 0.25 * size) step = scale(step, 0.25 * size / length);
        if (f == 0 || length <= 1e-12 * size) {
            x = add(p, step);
            gradient = g;
            return true;
        }
        p = add(p, step);
    }
    return false;
}

// The fan's apex, the one vertex off the loop, solved.
bool solveApex(const Field& field, Span& span) {
    for (std::size_t v = 0; v < span.x.size(); ++v)
        if (!span.onLoop[v]) {
            span.g.resize(span.x.size());
            return solve(field, span.x[v], span.n, span.size, span.g[v]);
        }
    return false;
}

// Four to one; the new free vertices solved. False if one cannot be.
bool refine(const Field& field, Span& span) {
    std::unordered_map<std::uint64_t, std::uint32_t> middle;
    std::unordered_map<std::uint64_t, std::uint8_t> loopEdges;
    auto mid = [&](std::uint32_t a, std::uint32_t b) {
        const auto [it, added] = middle.emplace(key(a, b), static_cast<std::uint32_t>(span.x.size()));
        if (added) {
            const bool loop = span.loopEdges.count(key(a, b)) != 0;
            span.x.push_back(scale(add(span.x[a], span.x[b]), 0.5));
            span.onLoop.push_back(loop);
            if (loop) loopEdges[key(a, it->second)] = 1, loopEdges[key(it->second, b)] = 1;
        }
        return it->second;
    };
    std::vector<std::array<std::uint32_t, 3>> out;
    out.reserve(4 * span.triangles.size());
    for (const auto& [a, b, c] : span.triangles) {
        const std::uint32_t ab = mid(a, b), bc = mid(b, c), ca = mid(c, a);
        out.push_back({a, ab, ca});
        out.push_back({ab, b, bc});
        out.push_back({ca, bc, c});
        out.push_back({ab, bc, ca});
    }
    // Each new vertex, near Sigma already (within the interpolation's error), moves along the
    // normal of Sigma there, the gradient of w_C, by less than three times its edge's length:
    // farther, the level set is not where the coarser caps said (another sheet of it), and the
    // loop is left as a fan. The first refinement's vertices, on chords of the loop, may move by
    // up to the loop's size: nothing placed them near Sigma yet.
    // Folds need no check: the caps are integrated with their signs, so a fold cancels out.
    span.g.resize(span.x.size());
    for (const auto& [edge, v] : middle) {
        if (span.onLoop[v]) continue;
        const Vec3 start = span.x[v];
        const double reach = 3 * norm(sub(span.x[edge >> 32], span.x[edge & 0xffffffffu]));
        const double limit = span.level == 0 ? span.size : reach;
        if (!(solve(field, span.x[v], {0, 0, 0}, limit, span.g[v]) || walk(field, span.x[v], limit, span.g[v])) ||
            !(norm(sub(span.x[v], start)) <= limit))
            return false;
    }
    ++span.level;
    span.triangles = std::move(out);
    span.loopEdges = std::move(loopEdges);
    return true;
}

Moments momentsOf(const Span& span) {
    Moments m;
    for (const auto& [a, b, c] : span.triangles) {
        const Triangle tri = triangleOf(span.x[a], span.x[b], span.x[c]);
        addTetrahedron(m, tri, span.weight * determinantOf(tri), norm(tri.n));
    }
    return m;
}

// a + (a - b) * s, over the sums that converge with the mesh (not dAbs, given, degenerate).
Moments extrapolated(const Moments& a, const Moments& b, double s) {
    Moments m = a;
    m.d += s * (a.d - b.d);
    for (int k = 0; k < 3; ++k) {
        m.first[k] += s * (a.first[k] - b.first[k]);
        m.areaFirst[k] += s * (a.areaFirst[k] - b.areaFirst[k]);
    }
    m.xx += s * (a.xx - b.xx), m.yy += s * (a.yy - b.yy), m.zz += s * (a.zz - b.zz);
    m.xy += s * (a.xy - b.xy), m.yz += s * (a.yz - b.yz), m.zx += s * (a.zx - b.zx);
    m.area2 += s * (a.area2 - b.area2);
    return m;
}

// The difference of two sums in volume units (see SpanningCaps::error).
double distance(const Moments& a, const Moments& b, double length) {
    double e = std::abs(a.d - b.d) / 6;
    for (int k = 0; k < 3; ++k) e += std::abs(a.first[k] - b.first[k]) / (24 * length);
    const double second = std::abs(a.xx - b.xx) + std::abs(a.yy - b.yy) + std::abs(a.zz - b.zz) +
                          std::abs(a.xy - b.xy) + std::abs(a.yz - b.yz) + std::abs(a.zx - b.zx);
    return e + second / (120 * length * length);
}

}  // namespace

SpanningCaps spanningCaps(const std::vector<WeightedTriangle>& caps, const std::vector<std::size_t>& groups,
                          const std::vector<std::uint8_t>& curved, double length, double tolerance, double budget,
                          double maxTriangles) {
    SpanningCaps out;
    const Field field(caps, groups);
    std::vector<Span> spans;
    Moments fans;
    // A loop left as a fan has no error estimate: it is given a rough one, the volume of its fan's
    // area swept across the loop's size (every spanning surface near the fan lies in that slab).
    double rough = 0;
    auto leaveAsFan = [&](const Span& span) {
        ++out.unspanned;
        fans.add(span.fan);
        rough += span.fan.area2 / 2 * span.size;
    };
    for (std::size_t loop = 0; loop + 1 < groups.size(); ++loop) {
        if (!curved[loop]) continue;
        Span span;
        span.loop = loop;
        for (std::size_t i = groups[loop]; i < groups[loop + 1]; ++i) {
            const Triangle tri = triangleOf(caps[i].a, caps[i].b, caps[i].c);
            addTetrahedron(span.fan, tri, caps[i].weight * determinantOf(tri), norm(tri.n));
            span.size = std::max({span.size, norm(sub(caps[i].a, caps[i].c)), norm(sub(caps[i].b, caps[i].c))});
        }
        out.fanVolume += span.fan.d / 6;
        const std::size_t first = groups[loop], last = groups[loop + 1];
        bool spanned = caps[first].weight != 0 && orient(caps, first, last, span);
        if (spanned) {
            Span fan = span;
            if (fanSpan(caps, first, last, fan) && solveApex(field, fan)) {
                span = std::move(fan);
            } else {
                spanned = earSpan(caps, first, last, span);
            }
        }
        if (spanned) {
            spans.push_back(std::move(span));
        } else {
            leaveAsFan(span);
        }
    }
    // Each span's sums at every level, so that a loop left out later leaves the others' sequence
    // of levels intact (the sums of level k: the fans and each span's k-th).
    std::vector<std::vector<Moments>> history(spans.size());
    for (std::size_t i = 0; i < spans.size(); ++i) history[i].push_back(momentsOf(spans[i]));
    auto sums = [&](std::size_t k) {
        Moments m = fans;
        for (const auto& h : history) m.add(h[k]);
        return m;
    };
    // The work of a level: its new vertices, each a few evaluations of w_C over every cap.
    std::size_t levels = 1;  // in each history
    auto richardson = [&](std::size_t k) { return extrapolated(sums(k), sums(k - 1), 1.0 / 3); };
    for (;;) {
        double work = 0;
        for (const Span& s : spans) work += 1.5 * static_cast<double>(s.triangles.size());
        // The next level's triangles, which the arrangement may have to cut, are held to
        // `maxTriangles` too: small caps would otherwise refine without end.
        const double triangles = 4 * work / 1.5;
        work *= 4 * static_cast<double>(caps.size());
        if (spans.empty() || work > budget || triangles > maxTriangles) break;
        for (std::size_t i = 0; i < spans.size();) {
            if (refine(field, spans[i])) {
                history[i].push_back(momentsOf(spans[i]));
                ++i;
                continue;
            }
            // Not a graph over its first caps after all: that loop keeps its fan.
            leaveAsFan(spans[i]);
            spans.erase(spans.begin() + static_cast<std::ptrdiff_t>(i));
            history.erase(history.begin() + static_cast<std::ptrdiff_t>(i));
        }
        ++out.levels;
        ++levels;
        // Done when the error is below the tolerance, or below the loops left as fans' (which no
        // refinement lowers).
        if (levels >= 3 &&
            distance(richardson(levels - 1), richardson(levels - 2), length) <= std::max(tolerance, rough))
            break;
    }
    // The error: the last extrapolation's change (it converges faster than h^2, so this bounds
    // it generously); with fewer levels, the last refinement's change; with none, the rough one.
    if (levels >= 3) {
        out.error = distance(richardson(levels - 1), richardson(levels - 2), length);
    } else if (levels == 2) {
        out.error = distance(sums(1), sums(0), length);
    } else {
        for (const Span& s : spans) out.error += s.fan.area2 / 2 * s.size;
    }
    out.error += rough;
    out.moments = levels >= 2 ? richardson(levels - 1) : sums(0);
    out.surfaceError = out.error + distance(sums(levels - 1), out.moments, length);
    out.surfaces.resize(groups.size() - 1);
    for (const Span& span : spans) {
        auto& surface = out.surfaces[span.loop];
        for (const auto& [a, b, c] : span.triangles) surface.push_back({span.x[a], span.x[b], span.x[c]});
    }
    return out;
}

}  // namespace detail
}  // namespace massprops
