#include "linalg.h"

namespace massprops {
namespace detail {

Mat3 add(const Mat3& a, const Mat3& b) {
    Mat3 c;
    for (int i = 0; i < 9; ++i) c[i] = a[i] + b[i];
    return c;
}

Mat3 multiply(const Mat3& a, const Mat3& b) {
    Mat3 c{};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) c[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
    return c;
}

Mat3 transpose(const Mat3& a) { return {a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]}; }

Mat3 symmetrized(const Mat3& a) {
    const double xy = 0.5 * (a[1] + a[3]), xz = 0.5 * (a[2] + a[6]), yz = 0.5 * (a[5] + a[7]);
    return {a[0], xy, xz, xy, a[4], yz, xz, yz, a[8]};
}

Mat3 rotationMatrix(const Quat& q) {
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    return {1 - 2 * (y * y + z * z), 2 * (x * y - z * w),     2 * (x * z + y * w),
            2 * (x * y + z * w),     1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
            2 * (x * z - y * w),     2 * (y * z + x * w),     1 - 2 * (x * x + y * y)};
}

// Shepperd's method: branch on the largest of w and the diagonal for accuracy.
Quat quaternionFromMatrix(const Mat3& r) {
    const double trace = r[0] + r[4] + r[8];
    Quat q;
    if (trace > 0) {
        const double s = 2 * std::sqrt(1 + trace);
        q = {(r[7] - r[5]) / s, (r[2] - r[6]) / s, (r[3] - r[1]) / s, 0.25 * s};
    } else if (r[0] > r[4] && r[0] > r[8]) {
        const double s = 2 * std::sqrt(1 + r[0] - r[4] - r[8]);
        q = {0.25 * s, (r[1] + r[3]) / s, (r[2] + r[6]) / s, (r[7] - r[5]) / s};
    } else if (r[4] > r[8]) {
        const double s = 2 * std::sqrt(1 + r[4] - r[0] - r[8]);
        q = {(r[1] + r[3]) / s, 0.25 * s, (r[5] + r[7]) / s, (r[2] - r[6]) / s};
    } else {
        const double s = 2 * std::sqrt(1 + r[8] - r[0] - r[4]);
        q = {(r[2] + r[6]) / s, (r[5] + r[7]) / s, 0.25 * s, (r[3] - r[1]) / s};
    }
    const double n = quaternionNorm(q);
    const double sign = q[3] < 0 ? -1 : 1;  // canonical: w >= 0
    return {sign * q[0] / n, sign * q[1] / n, sign * q[2] / n, sign * q[3] / n};
}

double quaternionNorm(const Quat& q) { return std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]); }

Mat3 parallelAxis(double m, const Vec3& d) {
    const double d2 = dot(d, d);
    return {m * (d2 - d[0] * d[0]), -m * d[0] * d[1], -m * d[0] * d[2], -m * d[1] * d[0],      m * (d2 - d[1] * d[1]),
            -m * d[1] * d[2],       -m * d[2] * d[0], -m * d[2] * d[1], m * (d2 - d[2] * d[2])};
}

}  // namespace detail
}  // namespace massprops
