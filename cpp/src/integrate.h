// Volume integrals of a closed surface: every triangle and a reference point form a signed
// tetrahedron; summing their volumes, first and second moments integrates over the solid
// (divergence theorem), whatever its convexity or genus.
#pragma once

#include <algorithm>
#include <cmath>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "determinant.h"
#include "enclosed_volume.h"
#include "mesh_access.h"
#include "result.h"

// The per-triangle helpers are forced inline: with a loop for every mesh type in one file, GCC
// stops inlining them, and the calls (with the sums passed through memory) made the native
// integration 1.7 times slower (clang, for WebAssembly, inlines them anyway). The rare accurate
// determinant stays out of line.

namespace massprops {
namespace detail {

// Sums of the signed tetrahedra (reference point, a, b, c), with d = det[a b c] = 6 * volume.
struct Moments {
    double d = 0;         // sum of d: 6 * volume
    double dAbs = 0;      // sum of |d|: the scale against which the volume is judged to be zero
    Vec3 first{0, 0, 0};  // sum of d * (a + b + c): 24 * first moment
    // sum of d * (a a^T + b b^T + c c^T + s s^T), s = a + b + c: 120 * second moment
    // (closed form for a tetrahedron with one vertex at the origin; Tonon 2004, Eberly).
    double xx = 0, yy = 0, zz = 0, xy = 0, yz = 0, zx = 0;
    double given = 0;              // sum of d with every triangle as given: its sign is the winding's
    double area2 = 0;              // sum of |n|: 2 * surface area
    Vec3 areaFirst{0, 0, 0};       // sum of |n| * s: 6 * area-weighted centroid sum
    std::uint32_t degenerate = 0;  // triangles of zero area

    void add(const Moments& o) {
        d += o.d;
        dAbs += o.dAbs;
        given += o.given;
        first = detail::add(first, o.first);
        xx += o.xx, yy += o.yy, zz += o.zz, xy += o.xy, yz += o.yz, zx += o.zx;
        area2 += o.area2;
        areaFirst = detail::add(areaFirst, o.areaFirst);
        degenerate += o.degenerate;
    }
    // The same surface wound the other way: every signed sum changes sign.
    void negate() {
        d = -d;
        first = scale(first, -1);
        xx = -xx, yy = -yy, zz = -zz, xy = -xy, yz = -yz, zx = -zx;
    }
};

#if defined(__wasm_simd128__)
// Moments of the even and odd triangles of a block, in the two lanes of f64x2 sums.
struct Moments2 {
    v128_t d = wasm_f64x2_splat(0), dAbs = d, first[3] = {d, d, d}, xx = d, yy = d, zz = d, xy = d, yz = d, zx = d;
    v128_t given = d, area2 = d, areaFirst[3] = {d, d, d};
    void addTo(Moments& m) const {
        const auto sum = [](v128_t x) { return wasm_f64x2_extract_lane(x, 0) + wasm_f64x2_extract_lane(x, 1); };
        Moments pair;
        pair.d = sum(d), pair.dAbs = sum(dAbs), pair.given = sum(given), pair.area2 = sum(area2);
        pair.first = {sum(first[0]), sum(first[1]), sum(first[2])};
        pair.areaFirst = {sum(areaFirst[0]), sum(areaFirst[1]), sum(areaFirst[2])};
        pair.xx = sum(xx), pair.yy = sum(yy), pair.zz = sum(zz), pair.xy = sum(xy), pair.yz = sum(yz),
        pair.zx = sum(zx);
        m.add(pair);
    }
};
#endif

[[gnu::always_inline]] inline double determinantOf(const Triangle& tri) {
    return determinant(tri.a, tri.b, tri.c, tri.n, tri.e1e1, tri.e2e2);
}

// Adds the tetrahedron (origin, a, b, c), relative to the origin, with d = det[a b c] already
// multiplied by the triangle's weight (+1 as given, -1 flipped), and the triangle's share of the
// surface (twice its area, or for a cap triangle its signed share of the cap: see repair.h).
[[gnu::always_inline]] inline void addTetrahedron(Moments& m, const Triangle& tri, double d, double twiceArea) {
    const Vec3 &a = tri.a, &b = tri.b, &c = tri.c;
    const Vec3 s = detail::add(detail::add(a, b), c);
    m.d += d;
    m.dAbs += std::abs(d);
    m.first = detail::add(m.first, scale(s, d));
    m.xx += d * (a[0] * a[0] + b[0] * b[0] + c[0] * c[0] + s[0] * s[0]);
    m.yy += d * (a[1] * a[1] + b[1] * b[1] + c[1] * c[1] + s[1] * s[1]);
    m.zz += d * (a[2] * a[2] + b[2] * b[2] + c[2] * c[2] + s[2] * s[2]);
    m.xy += d * (a[0] * a[1] + b[0] * b[1] + c[0] * c[1] + s[0] * s[1]);
    m.yz += d * (a[1] * a[2] + b[1] * b[2] + c[1] * c[2] + s[1] * s[2]);
    m.zx += d * (a[2] * a[0] + b[2] * b[0] + c[2] * c[0] + s[2] * s[0]);
    m.area2 += twiceArea;
    m.areaFirst = detail::add(m.areaFirst, scale(s, twiceArea));
}

// A triangle given by its corners relative to the origin (caps, hull faces).
inline Triangle triangleOf(const Vec3& a, const Vec3& b, const Vec3& c) {
    Triangle tri{a, b, c, sub(b, a), sub(c, a), {0, 0, 0}, 0, 0};
    tri.n = cross(tri.e1, tri.e2);
    tri.e1e1 = dot(tri.e1, tri.e1);
    tri.e2e2 = dot(tri.e2, tri.e2);
    return tri;
}

// One triangle of integrate(), scalar.
template <typename Positions, typename Indices, typename Weight>
[[gnu::always_inline]] inline void integrateOne(Moments& m, Positions position, Indices index, std::size_t t,
                                                const Vec3& origin, Weight& weight) {
    const Triangle tri = triangleAt(position, index, t, origin);
    const double twiceArea = std::sqrt(dot(tri.n, tri.n));
    if (isDegenerate(twiceArea, tri.e1e1, tri.e2e2)) ++m.degenerate;
    const double d = determinantOf(tri);
    m.given += d;
    const double w = weight(t);
    if (w != 0) addTetrahedron(m, tri, w * d, twiceArea);
}

#if defined(__wasm_simd128__)
// Two triangles at once in f64x2 lanes (WebAssembly SIMD): the scalar formulas, operation for
// operation, so each triangle's terms round as in integrateOne; only the order of the sums differs
// (even and odd triangles are summed apart within a block, then added). `p` holds the corners of
// both (absolute). Not inlined: one copy serves every mesh type, or the module grows by ~170 KB.
[[gnu::noinline]] inline void addPair(Moments& m, Moments2& v, const Vec3* p, const Vec3& origin, double w0,
                                      double w1) {
    v128_t a[3], b[3], c[3], e1[3], e2[3];
    for (int k = 0; k < 3; ++k) {
        const v128_t o = wasm_f64x2_splat(origin[k]);
        a[k] = wasm_f64x2_sub(wasm_f64x2_make(p[0][k], p[3][k]), o);
        b[k] = wasm_f64x2_sub(wasm_f64x2_make(p[1][k], p[4][k]), o);
        c[k] = wasm_f64x2_sub(wasm_f64x2_make(p[2][k], p[5][k]), o);
        e1[k] = wasm_f64x2_sub(b[k], a[k]);
        e2[k] = wasm_f64x2_sub(c[k], a[k]);
    }
    const auto mul = wasm_f64x2_mul;
    const auto add = wasm_f64x2_add;
    const v128_t n[3] = {wasm_f64x2_sub(mul(e1[1], e2[2]), mul(e1[2], e2[1])),
                         wasm_f64x2_sub(mul(e1[2], e2[0]), mul(e1[0], e2[2])),
                         wasm_f64x2_sub(mul(e1[0], e2[1]), mul(e1[1], e2[0]))};
    const auto dot3 = [&](const v128_t* x, const v128_t* y) {
        return add(add(mul(x[0], y[0]), mul(x[1], y[1])), mul(x[2], y[2]));
    };
    const v128_t e1e1 = dot3(e1, e1), e2e2 = dot3(e2, e2);
    const v128_t twiceArea = wasm_f64x2_sqrt(dot3(n, n));
    const v128_t degenerate = wasm_f64x2_le(twiceArea, mul(wasm_f64x2_splat(1e-12), add(e1e1, e2e2)));
    m.degenerate += static_cast<std::uint32_t>(__builtin_popcount(wasm_i64x2_bitmask(degenerate)));
    // determinant(): the plain product unless it cancels, then the accurate one, lane by lane.
    v128_t d = dot3(a, n);
    const v128_t aa = dot3(a, a);
    const v128_t plain = wasm_f64x2_ge(mul(d, d), mul(mul(mul(wasm_f64x2_splat(0x1p-12), aa), e1e1), e2e2));
    const int cancels = ~wasm_i64x2_bitmask(plain) & 3;
    if (cancels) {
        double lane[2] = {wasm_f64x2_extract_lane(d, 0), wasm_f64x2_extract_lane(d, 1)};
        for (int l = 0; l < 2; ++l)
            if (cancels >> l & 1)
                lane[l] =
                    accurateDeterminant(sub(p[3 * l], origin), sub(p[3 * l + 1], origin), sub(p[3 * l + 2], origin));
        d = wasm_f64x2_make(lane[0], lane[1]);
    }
    v.given = add(v.given, d);
    const v128_t wd = mul(wasm_f64x2_make(w0, w1), d);
    // A triangle of weight 0 adds nothing (its wd is 0), not even its area.
    const v128_t share = wasm_v128_and(twiceArea, wasm_f64x2_ne(wasm_f64x2_make(w0, w1), wasm_f64x2_splat(0)));
    const v128_t s[3] = {add(add(a[0], b[0]), c[0]), add(add(a[1], b[1]), c[1]), add(add(a[2], b[2]), c[2])};
    v.d = add(v.d, wd);
    v.dAbs = add(v.dAbs, wasm_f64x2_abs(wd));
    for (int k = 0; k < 3; ++k) v.first[k] = add(v.first[k], mul(s[k], wd));
    const auto second = [&](int i, int j) {
        return mul(wd, add(add(add(mul(a[i], a[j]), mul(b[i], b[j])), mul(c[i], c[j])), mul(s[i], s[j])));
    };
    v.xx = add(v.xx, second(0, 0));
    v.yy = add(v.yy, second(1, 1));
    v.zz = add(v.zz, second(2, 2));
    v.xy = add(v.xy, second(0, 1));
    v.yz = add(v.yz, second(1, 2));
    v.zx = add(v.zx, second(2, 0));
    v.area2 = add(v.area2, share);
    for (int k = 0; k < 3; ++k) v.areaFirst[k] = add(v.areaFirst[k], mul(s[k], share));
}

template <typename Positions, typename Indices, typename Weight>
void integratePair(Moments& m, Moments2& v, Positions position, Indices index, std::size_t t, const Vec3& origin,
                   Weight& weight) {
    const Vec3 p[6] = {position(index(3 * t)),     position(index(3 * t + 1)), position(index(3 * t + 2)),
                       position(index(3 * t + 3)), position(index(3 * t + 4)), position(index(3 * t + 5))};
    addPair(m, v, p, origin, weight(t), weight(t + 1));
}
#endif

// Every triangle counted weight(t) times (+1 as given, -1 flipped, 0 left out); degenerate
// triangles are counted whatever their weight.
template <typename Positions, typename Indices, typename Weight>
Moments integrate(Positions position, Indices index, std::size_t triangles, const Vec3& origin, Weight weight) {
    Moments total;
    // Sum in blocks so rounding grows with the block count, not the triangle count.
    constexpr std::size_t kBlock = 1024;
    for (std::size_t start = 0; start < triangles; start += kBlock) {
        Moments m;
        const std::size_t end = std::min(triangles, start + kBlock);
        std::size_t t = start;
#if defined(__wasm_simd128__)
        Moments2 v;
        for (; t + 1 < end; t += 2) integratePair(m, v, position, index, t, origin, weight);
        v.addTo(m);
#endif
        for (; t < end; ++t) integrateOne(m, position, index, t, origin, weight);
        total.add(m);
    }
    return total;
}

// No volume up to rounding (enclosed_volume.h).
inline bool enclosesNoVolume(const Moments& m, double extent) { return !enclosesVolume(m.d, m.dAbs, m.area2, extent); }

// The solid the moments describe (positive volume), at unit density, in absolute coordinates.
inline UnitSolid solidOf(const Moments& m, const Vec3& origin) {
    const double volume = m.d / 6;
    const Vec3 c = scale(m.first, 1.0 / (4 * m.d));  // relative to origin
    // Second moments about the center of mass: subtract V c c^T (parallel-axis theorem).
    const double sxx = m.xx / 120 - volume * c[0] * c[0], syy = m.yy / 120 - volume * c[1] * c[1];
    const double szz = m.zz / 120 - volume * c[2] * c[2], sxy = m.xy / 120 - volume * c[0] * c[1];
    const double syz = m.yz / 120 - volume * c[1] * c[2], szx = m.zx / 120 - volume * c[2] * c[0];
    UnitSolid solid;
    solid.volume = volume;
    solid.centerOfMass = detail::add(origin, c);
    solid.unitInertia = {syy + szz, -sxy, -szx, -sxy, sxx + szz, -syz, -szx, -syz, sxx + syy};
    solid.surfaceArea = m.area2 / 2;
    solid.surfaceCentroid = m.area2 > 0 ? detail::add(origin, scale(m.areaFirst, 1 / (3 * m.area2))) : origin;
    return solid;
}

}  // namespace detail
}  // namespace massprops
