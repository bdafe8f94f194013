// Shared helpers of the core; not part of the public API.
#pragma once

#include <cmath>
#include <string>

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
inline bool finite(const Vec3& a) { return std::isfinite(a[0]) && std::isfinite(a[1]) && std::isfinite(a[2]); }

Mat3 multiply(const Mat3& a, const Mat3& b);
Mat3 transpose(const Mat3& a);
Mat3 rotationMatrix(const Quat& q);  // q must be unit
Quat quaternionFromMatrix(const Mat3& r);

// Inertia of a point mass m at offset d: m (|d|^2 1 - d d^T) (parallel-axis theorem).
Mat3 parallelAxis(double m, const Vec3& d);

// Checks density/mass options; on failure fills `message`.
Status checkMassOptions(const MassOptions& options, std::string& message);

// Builds the result of a solid measured at unit density: `unitInertia` is the tensor about the
// center of mass for density 1. Scales by the density or mass of `options` (already checked).
// Fails with `overflow` if a result is not finite (sizes too large for double).
Result finishSolid(double volume, const Vec3& centerOfMass, const Mat3& unitInertia, double surfaceArea,
                   const Vec3& surfaceCentroid, const MassOptions& options, const Diagnostics& diagnostics,
                   Status overflow = Status::InvalidDimension);

Result failure(Status status, std::string message);

// Shortest text that reads back as the same double ("0.1", "1e+300", "NaN").
std::string formatNumber(double value);

}  // namespace detail
}  // namespace massprops
