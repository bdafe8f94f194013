// Volume integrals of a closed surface: every triangle and a reference point form a signed
// tetrahedron; summing their volumes, first and second moments integrates over the solid
// (divergence theorem), whatever its convexity or genus.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "bounds.h"
#include "determinant.h"
#include "enclosed_volume.h"
#include "mesh_access.h"
#include "parallel.h"
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
    // check: false's sums (integrateTrusted) have d by the plain formula and none of dAbs, given,
    // area2, areaFirst and degenerate; instead the sum of the triangles' squared edges, which
    // bounds the plain formula's rounding (plainDeterminantsSuffice).
    double edges2 = 0;
    // Whether an index was past the positions (check: false tests them as it reads them: an index
    // past the last vertex reads the last vertex instead, and the call reports it after).
    bool outOfRange = false;

    void add(const Moments& o) {
        d += o.d;
        dAbs += o.dAbs;
        given += o.given;
        first = detail::add(first, o.first);
        xx += o.xx, yy += o.yy, zz += o.zz, xy += o.xy, yz += o.yz, zx += o.zx;
        area2 += o.area2;
        areaFirst = detail::add(areaFirst, o.areaFirst);
        degenerate += o.degenerate;
        edges2 += o.edges2;
        outOfRange = outOfRange || o.outOfRange;
    }
    // The same surface wound the other way: every signed sum changes sign.
    void negate() {
        d = -d;
        first = scale(first, -1);
        xx = -xx, yy = -yy, zz = -zz, xy = -xy, yz = -yz, zx = -zx;
    }
};

// The sums of the even and of the odd triangles of a block, added into a block's moments in the
// order both builds share (SIMD lanes or not): field by field, even + odd.
inline void addLanes(Moments& m, const Moments& even, const Moments& odd) {
    Moments pair;
    pair.d = even.d + odd.d, pair.dAbs = even.dAbs + odd.dAbs, pair.given = even.given + odd.given;
    pair.area2 = even.area2 + odd.area2;
    pair.first = detail::add(even.first, odd.first);
    pair.areaFirst = detail::add(even.areaFirst, odd.areaFirst);
    pair.xx = even.xx + odd.xx, pair.yy = even.yy + odd.yy, pair.zz = even.zz + odd.zz;
    pair.xy = even.xy + odd.xy, pair.yz = even.yz + odd.yz, pair.zx = even.zx + odd.zx;
    pair.degenerate = even.degenerate + odd.degenerate;
    pair.edges2 = even.edges2 + odd.edges2;
    m.add(pair);
}

// What depends on the build's lanes (Moments2 is f64x2 sums or two scalar ones) is named apart
// for SIMD and scalar translation units: only some files are compiled with -msimd128, and inline
// functions of the same name but different bodies (an ODR violation) would be merged by the linker.
#if defined(__wasm_simd128__)
inline namespace simd_lanes {
#else
inline namespace scalar_lanes {
#endif

#if defined(__wasm_simd128__)
// Moments of the even and odd triangles of a block, in the two lanes of f64x2 sums.
struct Moments2 {
    v128_t d = wasm_f64x2_splat(0), dAbs = d, first[3] = {d, d, d}, xx = d, yy = d, zz = d, xy = d, yz = d, zx = d;
    v128_t given = d, area2 = d, areaFirst[3] = {d, d, d}, edges2 = d;
    v128_t degenerate = wasm_i64x2_splat(0);  // minus the count: comparisons give -1 where true
    void addTo(Moments& m) const {
        Moments lane[2];
        for (int l = 0; l < 2; ++l) {
            const auto at = [l](v128_t x) {
                return l == 0 ? wasm_f64x2_extract_lane(x, 0) : wasm_f64x2_extract_lane(x, 1);
            };
            Moments& o = lane[l];
            o.d = at(d), o.dAbs = at(dAbs), o.given = at(given), o.area2 = at(area2), o.edges2 = at(edges2);
            o.first = {at(first[0]), at(first[1]), at(first[2])};
            o.areaFirst = {at(areaFirst[0]), at(areaFirst[1]), at(areaFirst[2])};
            o.xx = at(xx), o.yy = at(yy), o.zz = at(zz), o.xy = at(xy), o.yz = at(yz), o.zx = at(zx);
            o.degenerate = static_cast<std::uint32_t>(
                -(l == 0 ? wasm_i64x2_extract_lane(degenerate, 0) : wasm_i64x2_extract_lane(degenerate, 1)));
        }
        addLanes(m, lane[0], lane[1]);
    }
};
#else
// The same sums as the SIMD build's, in the same order: the even and the odd triangles apart.
struct Moments2 {
    Moments lane[2];
    void addTo(Moments& m) const { addLanes(m, lane[0], lane[1]); }
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

// check: false's share of a triangle (weight 1): the plain determinant d = a . n, the moments as
// addTetrahedron sums them, and the triangle's squared edges |a - b|^2 + |b - c|^2 + |c - a|^2 =
// 3 (|a|^2 + |b|^2 + |c|^2) - |s|^2, from the squares the second moments compute anyway.
[[gnu::always_inline]] inline void addTrusted(Moments& m, const Triangle& tri) {
    const Vec3 &a = tri.a, &b = tri.b, &c = tri.c;
    const double d = dot(a, tri.n);
    const Vec3 s = detail::add(detail::add(a, b), c);
    double q[3], ss[3];
    for (int k = 0; k < 3; ++k) q[k] = a[k] * a[k] + b[k] * b[k] + c[k] * c[k], ss[k] = s[k] * s[k];
    m.d += d;
    m.first = detail::add(m.first, scale(s, d));
    m.xx += d * (q[0] + ss[0]);
    m.yy += d * (q[1] + ss[1]);
    m.zz += d * (q[2] + ss[2]);
    m.xy += d * (a[0] * a[1] + b[0] * b[1] + c[0] * c[1] + s[0] * s[1]);
    m.yz += d * (a[1] * a[2] + b[1] * b[2] + c[1] * c[2] + s[1] * s[2]);
    m.zx += d * (a[2] * a[0] + b[2] * b[0] + c[2] * c[0] + s[2] * s[0]);
    m.edges2 += 3 * (q[0] + q[1] + q[2]) - (ss[0] + ss[1] + ss[2]);
}

// The weight of every triangle of a clean or trusted mesh: 1 (the common case gets its own loop).
struct Unweighted {
    double operator()(std::size_t) const { return 1.0; }
};

// A triangle given by its corners relative to the origin (caps, hull faces).
inline Triangle triangleOf(const Vec3& a, const Vec3& b, const Vec3& c) {
    Triangle tri{a, b, c, sub(b, a), sub(c, a), {0, 0, 0}, 0, 0};
    tri.n = cross(tri.e1, tri.e2);
    tri.e1e1 = dot(tri.e1, tri.e1);
    tri.e2e2 = dot(tri.e2, tri.e2);
    return tri;
}

// One triangle of integrate() (Trusted: of integrateTrusted()), scalar.
template <bool Trusted, typename Positions, typename Indices, typename Weight>
[[gnu::always_inline]] inline void integrateOne(Moments& m, Positions position, Indices index, std::size_t t,
                                                const Vec3& origin, Weight& weight) {
    const Triangle tri = triangleAt(position, index, t, origin);
    if constexpr (Trusted) {
        addTrusted(m, tri);
        return;
    }
    const double twiceArea = std::sqrt(dot(tri.n, tri.n));
    if (isDegenerate(twiceArea, tri.e1e1, tri.e2e2)) ++m.degenerate;
    const double d = determinantOf(tri);
    m.given += d;
    const double w = weight(t);
    if (w != 0) addTetrahedron(m, tri, w * d, twiceArea);
}

#if defined(__wasm_simd128__)
// Two triangles at once in f64x2 lanes (WebAssembly SIMD): the scalar formulas, operation for
// operation, so each triangle's terms round as in integrateOne, and the sums of the even and odd
// triangles as in the scalar build's lanes. a, b, c: the corners of both relative to the origin
// (lane 0 the even triangle's). Trusted: integrateTrusted()'s sums (addTrusted's formulas).
template <bool Trusted>
[[gnu::always_inline]] inline void pairSums(Moments2& v, const v128_t* a, const v128_t* b, const v128_t* c, double w0,
                                            double w1) {
    v128_t e1[3], e2[3];
    for (int k = 0; k < 3; ++k) {
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
    v128_t d = dot3(a, n), wd = d, twiceArea = d;
    if constexpr (!Trusted) {
        const v128_t e1e1 = dot3(e1, e1), e2e2 = dot3(e2, e2);
        twiceArea = wasm_f64x2_sqrt(dot3(n, n));
        const v128_t degenerate = wasm_f64x2_le(twiceArea, mul(wasm_f64x2_splat(1e-12), add(e1e1, e2e2)));
        v.degenerate = wasm_i64x2_add(v.degenerate, degenerate);
        // determinant(): the plain product unless it cancels, then the accurate one, lane by lane.
        const v128_t aa = dot3(a, a);
        const v128_t plain = wasm_f64x2_ge(mul(d, d), mul(mul(mul(wasm_f64x2_splat(0x1p-12), aa), e1e1), e2e2));
        const int cancels = ~wasm_i64x2_bitmask(plain) & 3;
        if (cancels) {
            const auto lane = [](v128_t x, int l) {
                return l == 0 ? wasm_f64x2_extract_lane(x, 0) : wasm_f64x2_extract_lane(x, 1);
            };
            double out[2] = {lane(d, 0), lane(d, 1)};
            for (int l = 0; l < 2; ++l)
                if (cancels >> l & 1)
                    out[l] = accurateDeterminant({lane(a[0], l), lane(a[1], l), lane(a[2], l)},
                                                 {lane(b[0], l), lane(b[1], l), lane(b[2], l)},
                                                 {lane(c[0], l), lane(c[1], l), lane(c[2], l)});
            d = wasm_f64x2_make(out[0], out[1]);
        }
        v.given = add(v.given, d);
        wd = mul(wasm_f64x2_make(w0, w1), d);
        v.dAbs = add(v.dAbs, wasm_f64x2_abs(wd));
    }
    const v128_t s[3] = {add(add(a[0], b[0]), c[0]), add(add(a[1], b[1]), c[1]), add(add(a[2], b[2]), c[2])};
    v.d = add(v.d, wd);
    for (int k = 0; k < 3; ++k) v.first[k] = add(v.first[k], mul(s[k], wd));
    v128_t q[3], ss[3];  // the squares of the diagonal second moments
    for (int k = 0; k < 3; ++k) {
        q[k] = add(add(mul(a[k], a[k]), mul(b[k], b[k])), mul(c[k], c[k]));
        ss[k] = mul(s[k], s[k]);
    }
    const auto second = [&](int i, int j) {
        return mul(wd, add(add(add(mul(a[i], a[j]), mul(b[i], b[j])), mul(c[i], c[j])), mul(s[i], s[j])));
    };
    v.xx = add(v.xx, mul(wd, add(q[0], ss[0])));
    v.yy = add(v.yy, mul(wd, add(q[1], ss[1])));
    v.zz = add(v.zz, mul(wd, add(q[2], ss[2])));
    v.xy = add(v.xy, second(0, 1));
    v.yz = add(v.yz, second(1, 2));
    v.zx = add(v.zx, second(2, 0));
    if constexpr (Trusted) {
        const v128_t edges2 =
            wasm_f64x2_sub(mul(wasm_f64x2_splat(3), add(add(q[0], q[1]), q[2])), add(add(ss[0], ss[1]), ss[2]));
        v.edges2 = add(v.edges2, edges2);
    } else {
        // A triangle of weight 0 adds nothing (its wd is 0), not even its area.
        const v128_t share = wasm_v128_and(twiceArea, wasm_f64x2_ne(wasm_f64x2_make(w0, w1), wasm_f64x2_splat(0)));
        v.area2 = add(v.area2, share);
        for (int k = 0; k < 3; ++k) v.areaFirst[k] = add(v.areaFirst[k], mul(s[k], share));
    }
}

// Not inlined: one copy serves every mesh type, or the module grows by ~170 KB.
[[gnu::noinline]] inline void addPair(Moments2& v, const v128_t* a, const v128_t* b, const v128_t* c, double w0,
                                      double w1) {
    pairSums<false>(v, a, b, c, w0, w1);
}

// Corner pairs as f64x2 lanes (x, y, z), relative to the origin `o` (splatted per axis).
template <typename Positions>
[[gnu::always_inline]] inline void loadCorners(v128_t* out, Positions position, std::uint32_t u, std::uint32_t w,
                                               const v128_t* o, std::size_t, bool&) {
    const Vec3 p = position(u), q = position(w);
    for (int k = 0; k < 3; ++k) out[k] = wasm_f64x2_sub(wasm_f64x2_make(p[k], q[k]), o[k]);
}
// Float positions: each corner one v128 load (x y z and the next float), the pair's lanes by
// shuffles and exact promotions. The last vertex is read in two loads, not past the array; an
// index past it (only check: false gets here unchecked) sets `outOfRange` and reads the last
// vertex: the one comparison serves both, so the trusted path's index check costs no pass.
// `vertices` >= 1.
[[gnu::always_inline]] inline v128_t loadVertex(const float* data, std::uint32_t v, std::size_t vertices,
                                                bool& outOfRange) {
    if (v < vertices - 1) return wasm_v128_load(data + 3 * std::size_t(v));
    outOfRange |= v >= vertices;
    const float* p = data + 3 * (vertices - 1);
    return wasm_v128_load32_lane(p + 2, wasm_v128_load64_zero(p), 2);
}
// Relative: relative to `o`; else about the world origin, the corners as they are (x - 0 is x, as
// in the scalar formulas).
template <bool Relative>
[[gnu::always_inline]] inline void loadFloatCorners(v128_t* out, const float* data, std::uint32_t u, std::uint32_t w,
                                                    const v128_t* o, std::size_t vertices, bool& outOfRange) {
    const v128_t p = loadVertex(data, u, vertices, outOfRange), q = loadVertex(data, w, vertices, outOfRange);
    const v128_t xy = wasm_i32x4_shuffle(p, q, 0, 4, 1, 5), z = wasm_i32x4_shuffle(p, q, 2, 6, 2, 6);
    out[0] = wasm_f64x2_promote_low_f32x4(xy);
    out[1] = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(xy, xy, 2, 3, 2, 3));
    out[2] = wasm_f64x2_promote_low_f32x4(z);
    if constexpr (Relative)
        for (int k = 0; k < 3; ++k) out[k] = wasm_f64x2_sub(out[k], o[k]);
}
[[gnu::always_inline]] inline void loadCorners(v128_t* out, PositionReader<float> position, std::uint32_t u,
                                               std::uint32_t w, const v128_t* o, std::size_t vertices,
                                               bool& outOfRange) {
    loadFloatCorners<true>(out, position.data, u, w, o, vertices, outOfRange);
}

// The pairs of triangles [t, end) of the common mesh (float positions, 32-bit indices, every
// weight 1: a clean or trusted one), with pairSums inlined: one copy of it in the module, and the
// call per pair (its corners passed through memory) gone. Sets `outOfRange` for an index past the
// positions (loadVertex). Trusted: integrateTrusted()'s sums, about the world origin (`o` unused).
template <bool Trusted>
[[gnu::noinline]] std::size_t integratePairs(Moments2& v, const float* positions, const std::uint32_t* index,
                                             std::size_t t, std::size_t end, const v128_t* o, std::size_t vertices,
                                             bool& outOfRange) {
    // check: false's sums in a local, kept in registers through the loop: `v` itself would be read
    // and written in memory for every pair, since its lanes (v128_t is a vector of 32-bit integers)
    // may alias the indices. (The default's loop is no faster with a local.)
    Moments2 local = v;
    Moments2& sums = Trusted ? local : v;
    bool past = false;
    for (; t + 1 < end; t += 2) {
        // A compiler barrier: without it, clang carries more values from one pair into the next,
        // and V8 spills the sums more often (check: false's loop about 7 % slower, measured; the
        // default's is not faster with it).
        if constexpr (Trusted) __asm__ volatile("" ::: "memory");
        v128_t a[3], b[3], c[3];
        loadFloatCorners<!Trusted>(a, positions, index[3 * t], index[3 * t + 3], o, vertices, past);
        loadFloatCorners<!Trusted>(b, positions, index[3 * t + 1], index[3 * t + 4], o, vertices, past);
        loadFloatCorners<!Trusted>(c, positions, index[3 * t + 2], index[3 * t + 5], o, vertices, past);
        pairSums<Trusted>(sums, a, b, c, 1, 1);
    }
    if constexpr (Trusted) v = local;
    outOfRange = past;
    return t;
}

template <typename Positions, typename Indices, typename Weight>
[[gnu::always_inline]] inline void integratePair(Moments2& v, Positions position, Indices index, std::size_t t,
                                                 const v128_t* o, std::size_t vertices, Weight& weight) {
    v128_t a[3], b[3], c[3];
    bool past = false;  // indices reaching here were checked before (fusedIndexCheck)
    loadCorners(a, position, index(3 * t), index(3 * t + 3), o, vertices, past);
    loadCorners(b, position, index(3 * t + 1), index(3 * t + 4), o, vertices, past);
    loadCorners(c, position, index(3 * t + 2), index(3 * t + 5), o, vertices, past);
    addPair(v, a, b, c, weight(t), weight(t + 1));
}
#endif

// Triangles are summed in blocks of kIntegrationBlock, each from zero, and the blocks' sums added
// in block order: rounding grows with the block count, not the triangle count, and the blocks can
// be summed on any threads and added after, bit for bit as here. Within a block, the even and the
// odd triangles are summed apart (the two lanes of the SIMD build; two sums in the scalar one),
// then added.
constexpr std::size_t kIntegrationBlock = 1024;
inline std::size_t integrationBlocks(std::size_t triangles) {
    return (triangles + kIntegrationBlock - 1) / kIntegrationBlock;
}

// Whether integrate() tests every index of a mesh as it reads it (Moments::outOfRange), so that
// check: false need not check the indices first: the SIMD build's loop for Float32 positions and
// 32-bit indices, every weight 1 (its pairs of triangles; the last triangle of an odd count is read
// by the scalar formulas, unchecked: the caller checks its indices).
inline bool fusedIndexCheck(const MeshView& mesh) {
#if defined(__wasm_simd128__)
    return mesh.positionType == ScalarType::Float32 && mesh.indexType == IndexType::Uint32 && mesh.positionCount >= 3;
#else
    (void)mesh;
    return false;
#endif
}

// The common mesh: Float32 positions, 32-bit indices, every weight 1. Its integration has a loop
// of its own (integratePairs) and is the only one that takes check: false's sums too.
template <typename Positions, typename Indices, typename Weight>
constexpr bool kCommonMesh = std::is_same_v<Positions, PositionReader<float>>&&
    std::is_same_v<Indices, IndexReader<std::uint32_t>>&& std::is_same_v<Weight, Unweighted>;

// One triangle of integrate(), scalar: check: false's sums where `trusted` (the common mesh only).
template <typename Positions, typename Indices, typename Weight>
[[gnu::always_inline]] inline void integrateOne(Moments& m, Positions position, Indices index, std::size_t t,
                                                const Vec3& origin, Weight& weight, bool trusted) {
    if constexpr (kCommonMesh<Positions, Indices, Weight>)
        if (trusted) return integrateOne<true>(m, position, index, t, origin, weight);
    integrateOne<false>(m, position, index, t, origin, weight);
}

// The sums of block `block` of integrate(), or where `trusted` of integrateTrusted() (about the
// world origin); `vertices` bounds the positions' reads.
template <typename Positions, typename Indices, typename Weight>
Moments integrateBlock(Positions position, Indices index, std::size_t triangles, std::size_t vertices,
                       const Vec3& origin, Weight& weight, std::size_t block, bool trusted) {
    Moments m;
    const std::size_t start = block * kIntegrationBlock, end = std::min(triangles, start + kIntegrationBlock);
    std::size_t t = start;
    Moments2 v;
#if defined(__wasm_simd128__)
    const v128_t o[3] = {wasm_f64x2_splat(origin[0]), wasm_f64x2_splat(origin[1]), wasm_f64x2_splat(origin[2])};
    if constexpr (kCommonMesh<Positions, Indices, Weight>)
        t = trusted ? integratePairs<true>(v, position.data, index.data, t, end, o, vertices, m.outOfRange)
                    : integratePairs<false>(v, position.data, index.data, t, end, o, vertices, m.outOfRange);
    else
        for (; t + 1 < end; t += 2) integratePair(v, position, index, t, o, vertices, weight);
#else
    (void)vertices;
    for (; t + 1 < end; t += 2) {
        integrateOne(v.lane[0], position, index, t, origin, weight, trusted);
        integrateOne(v.lane[1], position, index, t + 1, origin, weight, trusted);
    }
#endif
    v.addTo(m);
    for (; t < end; ++t) integrateOne(m, position, index, t, origin, weight, trusted);
    return m;
}

// Blocks per part below which the integration is not shared among threads (parallel.h).
constexpr std::size_t kIntegrationGrain = 16;

// The blocks' sums added in block order; with threads, ranges of blocks are summed by any thread
// into one sum per block, then added as one thread adds them.
template <typename Positions, typename Indices, typename Weight>
Moments integrateBlocks(Positions position, Indices index, std::size_t triangles, std::size_t vertices,
                        const Vec3& origin, Weight weight, bool trusted) {
    Moments total;
    const std::size_t blocks = integrationBlocks(triangles), parts = partsFor(blocks, kIntegrationGrain);
    if (parts == 1) {
        for (std::size_t b = 0; b < blocks; ++b)
            total.add(integrateBlock(position, index, triangles, vertices, origin, weight, b, trusted));
        return total;
    }
    std::vector<Moments> sums(blocks);
    parallelFor(parts, [&](std::size_t part) {
        for (std::size_t b = partBegin(blocks, parts, part), end = partBegin(blocks, parts, part + 1); b < end; ++b)
            sums[b] = integrateBlock(position, index, triangles, vertices, origin, weight, b, trusted);
    });
    for (const Moments& m : sums) total.add(m);
    return total;
}

// Every triangle counted weight(t) times (+1 as given, -1 flipped, 0 left out); degenerate
// triangles are counted whatever their weight. `vertices`: how many positions there are.
template <typename Positions, typename Indices, typename Weight>
Moments integrate(Positions position, Indices index, std::size_t triangles, std::size_t vertices, const Vec3& origin,
                  Weight weight) {
    return integrateBlocks(position, index, triangles, vertices, origin, weight, false);
}

// check: false's sums of the common mesh: every triangle once, as given, about the world origin
// (its corners need no subtraction), its determinant by the plain formula; none of the area, the
// degenerate count, |d| and the sum as given, but the squared edges (Moments::edges2) for
// plainDeterminantsSuffice. The same blocks, lanes and threads as integrate().
inline Moments integrateTrusted(const float* positions, const std::uint32_t* indices, std::size_t triangles,
                                std::size_t vertices) {
    return integrateBlocks(PositionReader<float>{positions}, IndexReader<std::uint32_t>{indices}, triangles, vertices,
                           Vec3{0, 0, 0}, Unweighted{}, true);
}

}  // inline namespace

// Whether check: false integrates a mesh in this box about the world origin (integrateTrusted):
// where that lies near the box's centre, within an eighth of its half-width along every axis, so that
// plainDeterminantsSuffice's r is at most an eighth larger than about the centre. A mesh modelled
// around the origin, the common case; another gets the default's sums about the centre.
inline bool nearWorldOrigin(const Bounds& box) {
    const Vec3 centre = center(box);
    for (int k = 0; k < 3; ++k)
        if (!(std::abs(centre[k]) <= (box.hi[k] - box.lo[k]) / 16)) return false;
    return true;
}

// Whether the plain determinants of integrateTrusted() are as accurate as the default's, so that
// its sums need not be redone by integrate(). For each triangle, with a, b, c relative to the
// origin, e1 = b - a, e2 = c - a, the plain a . (e1 x e2) carries at most 7 roundings per product
// term, so it is within 7u sum_i |a_i| (|e1_j e2_k| + |e1_k e2_j|) <= 7u sqrt(2) |a| |e1| |e2|
// of det[a b c] (u = 2^-53; Cauchy-Schwarz), and 2 |e1| |e2| <= its squared edges, so the whole
// sum is within 2^-50 r L, r bounding every |a| (the farthest corner of the box from the origin),
// L the summed squared edges. When r L <= 2^7 |sum d| that is 2^-43 (1.1e-13) of the volume: what
// the default's per-triangle test allows each d (2^9 u of itself). L as summed is widened by its
// own rounding (a relative 2^-30 for up to 2^32 triangles, and 2^-44 r^2 a triangle for the
// cancellation in 3 (|a|^2 + |b|^2 + |c|^2) - |s|^2; for a box wider than 1e-96, that term also
// bounds what underflow can add). A flat or cancelling surface (sum d near its rounding), a
// slender body or one of sliver triangles (r L large against the volume) and sums out of range
// fail it.
inline bool plainDeterminantsSuffice(const Moments& m, const Bounds& box, std::size_t triangles) {
    double r2 = 0;
    for (int k = 0; k < 3; ++k) {
        const double r = std::max(std::abs(box.lo[k]), std::abs(box.hi[k]));
        r2 += r * r;
    }
    const double r = std::sqrt(r2) * (1 + 0x1p-40);
    const double edges2 = m.edges2 * (1 + 0x1p-30) + 0x1p-44 * r * r * static_cast<double>(triangles);
    return std::isfinite(m.d) && std::isfinite(r * edges2) && r * edges2 <= 0x1p7 * std::abs(m.d);
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
