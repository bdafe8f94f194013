// 3-vectors, 3x3 matrices (row-major) and quaternions [x, y, z, w]: the little linear algebra
// the core needs, on the public Vec3/Mat3/Quat types.
#pragma once

#include <cmath>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

inline Vec3 add(const Vec3& a, const Vec3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
inline Vec3 sub(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline Vec3 scale(const Vec3& a, double s) { return {a[0] * s, a[1] * s, a[2] * s}; }
inline double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline double norm(const Vec3& a) { return std::sqrt(dot(a, a)); }

template <typename Array>
bool allFinite(const Array& a) {
    for (double x : a)
        if (!std::isfinite(x)) return false;
    return true;
}

Mat3 add(const Mat3& a, const Mat3& b);
Mat3 multiply(const Mat3& a, const Mat3& b);
Mat3 transpose(const Mat3& a);
// The tensor made exactly symmetric (the mean of each off-diagonal pair).
Mat3 symmetrized(const Mat3& a);
Mat3 rotationMatrix(const Quat& q);  // q must be unit
Quat quaternionFromMatrix(const Mat3& r);
double quaternionNorm(const Quat& q);

// Inertia of a point mass m at offset d: m (|d|^2 1 - d d^T) (parallel-axis theorem).
Mat3 parallelAxis(double m, const Vec3& d);

// |I_xx| + |I_yy| + |I_zz|: the scale against which rounding in a tensor is judged.
inline double tensorScale(const Mat3& m) { return std::abs(m[0]) + std::abs(m[4]) + std::abs(m[8]); }
// 1e-9 of that scale, summed so that it stays finite for entries near the largest double.
inline double tensorTolerance(const Mat3& m) {
    return 1e-9 * std::abs(m[0]) + 1e-9 * std::abs(m[4]) + 1e-9 * std::abs(m[8]);
}

}  // namespace detail
}  // namespace massprops
