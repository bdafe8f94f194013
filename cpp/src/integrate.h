// Volume integrals of a closed surface: every triangle and a reference point form a signed
// tetrahedron; summing their volumes, first and second moments integrates over the solid
// (divergence theorem), whatever its convexity or genus.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "determinant.h"
#include "mesh_access.h"
#include "result.h"

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

inline double determinantOf(const Triangle& tri) { return determinant(tri.a, tri.b, tri.c, tri.n, tri.e1e1, tri.e2e2); }

// Adds the tetrahedron (origin, a, b, c), relative to the origin, with d = det[a b c] already
// multiplied by the triangle's weight (+1 as given, -1 flipped), and the triangle's share of the
// surface (twice its area, or for a cap triangle its signed share of the cap: see repair.h).
inline void addTetrahedron(Moments& m, const Triangle& tri, double d, double twiceArea) {
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
        for (std::size_t t = start; t < end; ++t) {
            const Triangle tri = triangleAt(position, index, t, origin);
            const double twiceArea = std::sqrt(dot(tri.n, tri.n));
            if (isDegenerate(twiceArea, tri.e1e1, tri.e2e2)) ++m.degenerate;
            const double d = determinantOf(tri);
            m.given += d;
            const double w = weight(t);
            if (w != 0) addTetrahedron(m, tri, w * d, twiceArea);
        }
        total.add(m);
    }
    return total;
}

// No volume up to rounding: less than 1e-12 of the summed |d|, or within what rounding can leave
// of every d (each is a product of a corner's coordinates, at most `extent`, and the normal n):
// for a flat surface whose reference point lies in its own plane every d is rounding alone.
inline double roundingOf(double twiceArea, double extent) { return 256 * DBL_EPSILON * twiceArea * extent; }
inline bool enclosesNoVolume(const Moments& m, double extent) {
    return !(m.d > std::max(1e-12 * m.dAbs, roundingOf(m.area2, extent)));
}

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
