// det[a b c] = a . (b x c), the signed volume of a tetrahedron times 6, accurate to about one
// rounding of the result even when the plain formula cancels badly.
#pragma once

#include <cmath>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

// Error-free products without FMA (Dekker 1971, Veltkamp splitting), so results are the same
// natively and in WebAssembly, which has no fused multiply-add.
struct Split {
    double hi, lo;
    explicit Split(double x) {
        const double t = 134217729.0 * x;  // 2^27 + 1
        hi = t - (t - x);
        lo = x - hi;
    }
};

// x * y = p + e exactly.
inline void twoProduct(double x, const Split& xs, double y, const Split& ys, double& p, double& e) {
    p = x * y;
    e = ((xs.hi * ys.hi - p) + xs.hi * ys.lo + xs.lo * ys.hi) + xs.lo * ys.lo;
}

// x + y = s + e exactly (Knuth).
inline void twoSum(double x, double y, double& s, double& e) {
    s = x + y;
    const double z = s - x;
    e = (x - (s - z)) + (y - z);
}

// det[a b c] = a . (b x c) to about one rounding of the result. The plain formula loses
// digits with the square of a body's aspect ratio (a needle's side faces are nearly coplanar
// with the reference point); products and sums are kept in two doubles instead (Ogita, Rump &
// Oishi 2005, Dot2).
// Out of line: the rare path must not crowd the integration loops it is called from.
[[gnu::noinline]] inline double accurateDeterminant(const Vec3& a, const Vec3& b, const Vec3& c) {
    const Split as[3] = {Split(a[0]), Split(a[1]), Split(a[2])};
    const Split bs[3] = {Split(b[0]), Split(b[1]), Split(b[2])};
    const Split cs[3] = {Split(c[0]), Split(c[1]), Split(c[2])};
    double sum = 0, err = 0;
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        // minor_i = b_j c_k - b_k c_j as hi + lo
        double p1, e1, p2, e2, hi, e3;
        twoProduct(b[j], bs[j], c[k], cs[k], p1, e1);
        twoProduct(b[k], bs[k], c[j], cs[j], p2, e2);
        twoSum(p1, -p2, hi, e3);
        const double lo = e3 + (e1 - e2);
        // a_i * minor_i, accumulated with its rounding errors
        double p, e, s, e4;
        twoProduct(a[i], as[i], hi, Split(hi), p, e);
        twoSum(sum, p, s, e4);
        sum = s;
        err += e + e4 + a[i] * lo;
    }
    return sum + err;
}

// det[a b c] from the triangle's normal n = (b - a) x (c - a), since a . n = det[a b c]: the
// plain product unless it cancels by more than 6 bits against |a| |b - a| |c - a|, which bounds
// its rounding error (so its relative error stays below ~2^9 eps); then the accurate one. Fat
// triangles take the fast path; only nearly coplanar ones (slender bodies) pay for accuracy.
// `e1e1`, `e2e2` are |b - a|^2 and |c - a|^2.
[[gnu::always_inline]] inline double determinant(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& n,
                                                 double e1e1, double e2e2) {
    const double d = a[0] * n[0] + a[1] * n[1] + a[2] * n[2];
    const double aa = a[0] * a[0] + a[1] * a[1] + a[2] * a[2];
    return d * d >= 0x1p-12 * aa * e1e1 * e2e2 ? d : accurateDeterminant(a, b, c);
}

}  // namespace detail
}  // namespace massprops
