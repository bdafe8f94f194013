// Carlson's symmetric elliptic integrals by the duplication algorithm, and the ellipsoid area.
// References: B. C. Carlson, "Numerical computation of real or complex elliptic integrals",
// Numerical Algorithms 10 (1995) 13-26; DLMF 19.16, 19.21, 19.36.
#include "elliptic.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace massprops {
namespace detail {

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kPi = 3.14159265358979323846;

// Carlson's error parameter r: the truncated Taylor series below has a relative error of about r
// once 4^-m Q < |A_m|. Half an ulp, so the result is limited by rounding, not by truncation.
const double kTolerance = std::numeric_limits<double>::epsilon() / 2;

// The duplication step shrinks the spread of the arguments by 4 per pass and converges in a few
// dozen passes even for ratios of 1e30 between the arguments; the cap only guards against bugs.
const int kMaxIterations = 200;

bool finiteNonNegative(double v) { return std::isfinite(v) && v >= 0; }

}  // namespace

// Carlson 1995, algorithm for R_F: duplicate until the arguments agree to about r^(1/6), then
// sum the fifth-order series in the elementary symmetric functions E2, E3 (DLMF 19.36.1).
double carlsonRF(double x, double y, double z) {
    if (!finiteNonNegative(x) || !finiteNonNegative(y) || !finiteNonNegative(z)) return kNaN;
    if ((x == 0) + (y == 0) + (z == 0) > 1) return kNaN;  // diverges
    const double a0 = (x + y + z) / 3;
    const double q =
        std::pow(3 * kTolerance, -1.0 / 6.0) * std::max({std::abs(a0 - x), std::abs(a0 - y), std::abs(a0 - z)});
    double xm = x, ym = y, zm = z, am = a0;
    double fourPow = 1;  // 4^-m
    for (int m = 0; m < kMaxIterations && fourPow * q >= std::abs(am); ++m) {
        const double sx = std::sqrt(xm), sy = std::sqrt(ym), sz = std::sqrt(zm);
        const double lambda = sx * sy + sx * sz + sy * sz;
        xm = (xm + lambda) / 4;
        ym = (ym + lambda) / 4;
        zm = (zm + lambda) / 4;
        am = (am + lambda) / 4;
        fourPow /= 4;
    }
    // X = (A0 - x0) / (4^m A_m): taken from the original arguments, free of cancellation.
    const double bigX = (a0 - x) * fourPow / am;
    const double bigY = (a0 - y) * fourPow / am;
    const double bigZ = -(bigX + bigY);
    const double e2 = bigX * bigY - bigZ * bigZ;
    const double e3 = bigX * bigY * bigZ;
    const double series = 1 - e2 / 10 + e3 / 14 + e2 * e2 / 24 - 3 * e2 * e3 / 44;
    return series / std::sqrt(am);
}

// Carlson 1995, algorithm for R_D (DLMF 19.36.2): as R_F, plus the sum of the terms that the
// duplication theorem R_D(x,y,z) = 2 R_D(x+l,y+l,z+l) + 3 / (sqrt(z) (z+l)) splits off.
double carlsonRD(double x, double y, double z) {
    if (!finiteNonNegative(x) || !finiteNonNegative(y) || !std::isfinite(z) || !(z > 0)) return kNaN;
    if (x == 0 && y == 0) return kNaN;  // diverges
    const double a0 = (x + y + 3 * z) / 5;
    const double q =
        std::pow(kTolerance / 4, -1.0 / 6.0) * std::max({std::abs(a0 - x), std::abs(a0 - y), std::abs(a0 - z)});
    double xm = x, ym = y, zm = z, am = a0;
    double fourPow = 1;  // 4^-m
    double sum = 0;
    for (int m = 0; m < kMaxIterations && fourPow * q >= std::abs(am); ++m) {
        const double sx = std::sqrt(xm), sy = std::sqrt(ym), sz = std::sqrt(zm);
        const double lambda = sx * sy + sx * sz + sy * sz;
        sum += fourPow / (sz * (zm + lambda));
        xm = (xm + lambda) / 4;
        ym = (ym + lambda) / 4;
        zm = (zm + lambda) / 4;
        am = (am + lambda) / 4;
        fourPow /= 4;
    }
    const double bigX = (a0 - x) * fourPow / am;
    const double bigY = (a0 - y) * fourPow / am;
    const double bigZ = -(bigX + bigY) / 3;
    const double xy = bigX * bigY;
    const double z2 = bigZ * bigZ;
    const double e2 = xy - 6 * z2;
    const double e3 = (3 * xy - 8 * z2) * bigZ;
    const double e4 = 3 * (xy - z2) * z2;
    const double e5 = xy * z2 * bigZ;
    const double series = 1 - 3 * e2 / 14 + e3 / 6 + 9 * e2 * e2 / 88 - 3 * e4 / 22 - 9 * e2 * e3 / 52 + 3 * e5 / 26;
    return fourPow * series / (am * std::sqrt(am)) + 3 * sum;
}

// DLMF 19.21.10: 2 R_G(x,y,z) = z R_F - (x-z)(y-z) R_D(x,y,z) / 3 + sqrt(x y / z), valid for any
// z > 0. With z the middle argument (x-z)(y-z) <= 0, so all three terms are >= 0: no cancellation.
double carlsonRG(double x, double y, double z) {
    if (!finiteNonNegative(x) || !finiteNonNegative(y) || !finiteNonNegative(z)) return kNaN;
    double v[3] = {x, y, z};
    std::sort(v, v + 3);
    const double lo = v[0], mid = v[1], hi = v[2];
    if (mid == 0) return std::sqrt(hi) / 2;  // R_G(0,0,z) = sqrt(z)/2
    return (mid * carlsonRF(lo, hi, mid) + (mid - lo) * (hi - mid) * carlsonRD(lo, hi, mid) / 3 +
            std::sqrt(lo) * std::sqrt(hi) / std::sqrt(mid)) /
           2;
}

// S = 4 pi abc R_G(1/a^2, 1/b^2, 1/c^2) (DLMF 19.33.1). R_G is homogeneous of degree 1/2, so this
// equals 4 pi R_G(b^2 c^2, a^2 c^2, a^2 b^2); with the axes first divided by the largest one all
// arguments lie in [0, 1] and nothing overflows, whatever the scale of the body.
double ellipsoidSurfaceArea(double a, double b, double c) {
    if (!(a > 0) || !(b > 0) || !(c > 0) || !std::isfinite(a) || !std::isfinite(b) || !std::isfinite(c)) return kNaN;
    double axes[3] = {a, b, c};
    std::sort(axes, axes + 3);  // axes[2] the largest
    const double s = axes[2];
    // Beyond ratios of 1e-30 the squares below would underflow; the limits are exact to that ratio.
    if (axes[0] < 1e-30 * axes[1]) return 2 * kPi * axes[2] * axes[1];  // flat: the ellipse, both sides
    if (axes[1] < 1e-30 * axes[2]) {
        // A needle: cross-sections of perimeter P(y b, y c), y = sqrt(1 - x^2/a^2), summed along
        // the axis: (pi/2) a P(b, c), with P(b, c) = 8 R_G(0, b^2, c^2) (Carlson).
        const double t = axes[0] / axes[1];
        return 4 * kPi * axes[2] * axes[1] * carlsonRG(0, 1, t * t);
    }
    const double p = a / s, q = b / s, r = c / s;
    const double rg = carlsonRG(q * q * r * r, p * p * r * r, p * p * q * q);
    return 4 * kPi * s * s * rg;
}

}  // namespace detail
}  // namespace massprops
