// Results from bodies, and bodies moved, combined and measured about other points.
#include <algorithm>

#include "internal.h"

namespace massprops {

using detail::failure;
using detail::formatNumber;

namespace detail {

Mat3 multiply(const Mat3& a, const Mat3& b) {
    Mat3 c{};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            c[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
    return c;
}

Mat3 transpose(const Mat3& a) { return {a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]}; }

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
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    const double sign = q[3] < 0 ? -1 : 1;  // canonical: w >= 0
    return {sign * q[0] / n, sign * q[1] / n, sign * q[2] / n, sign * q[3] / n};
}

Mat3 parallelAxis(double m, const Vec3& d) {
    const double d2 = dot(d, d);
    return {m * (d2 - d[0] * d[0]), -m * d[0] * d[1],       -m * d[0] * d[2],
            -m * d[1] * d[0],       m * (d2 - d[1] * d[1]), -m * d[1] * d[2],
            -m * d[2] * d[0],       -m * d[2] * d[1],       m * (d2 - d[2] * d[2])};
}

Result finishSolid(double volume, const Vec3& centerOfMass, const Mat3& unitInertia, double surfaceArea,
                   const Vec3& surfaceCentroid, const MassOptions& options, const Diagnostics& diagnostics,
                   Status overflow) {
    const double density = options.given == MassOptions::Given::Density ? options.value : options.value / volume;
    Result result;
    MassProperties& v = result.value;
    v.volume = volume;
    v.density = density;
    v.mass = options.given == MassOptions::Given::Mass ? options.value : density * volume;
    v.centerOfMass = centerOfMass;
    for (int i = 0; i < 9; ++i) v.inertia[i] = density * unitInertia[i];
    // Exactly symmetric, whatever order the terms were summed in.
    v.inertia[3] = v.inertia[1];
    v.inertia[6] = v.inertia[2];
    v.inertia[7] = v.inertia[5];
    const PrincipalFrame frame = principalFrame(v.inertia);
    v.principalMoments = frame.moments;
    v.principalAxes = frame.axes;
    v.principalRotation = frame.rotation;
    v.surfaceArea = surfaceArea;
    v.surfaceCentroid = surfaceCentroid;
    v.diagnostics = diagnostics;
    const bool finiteResult = std::isfinite(v.mass) && std::isfinite(v.volume) && std::isfinite(v.surfaceArea) &&
                              std::all_of(v.inertia.begin(), v.inertia.end(), [](double x) { return std::isfinite(x); });
    if (!finiteResult)
        return failure(overflow, "results overflow double precision (volume " + formatNumber(v.volume) + ", mass " +
                                     formatNumber(v.mass) + "): the body is too large for these units");
    return result;
}

}  // namespace detail

namespace {

bool finiteMatrix(const Mat3& m) {
    return std::all_of(m.begin(), m.end(), [](double x) { return std::isfinite(x); });
}

Mat3 add(const Mat3& a, const Mat3& b) {
    Mat3 c;
    for (int i = 0; i < 9; ++i) c[i] = a[i] + b[i];
    return c;
}

// A body is physical when its (sign-corrected) inertia is positive semi-definite and obeys the
// triangle inequality I1 + I2 >= I3 of principal moments; `tol` absorbs rounding.
Status checkPhysical(const Body& body, double tol, std::string& message) {
    if (!std::isfinite(body.mass) || body.mass == 0 || !detail::finite(body.centerOfMass) ||
        !finiteMatrix(body.inertia) || !std::isfinite(body.volume)) {
        message = "body needs a finite non-zero mass, a finite center of mass and a finite inertia tensor";
        return Status::InvalidBody;
    }
    const double sign = body.mass > 0 ? 1 : -1;
    if (body.volume * sign < 0) {
        message = "body volume (" + formatNumber(body.volume) + ") and mass (" + formatNumber(body.mass) +
                  ") have different signs";
        return Status::InvalidBody;
    }
    Mat3 m = body.inertia;
    for (double& x : m) x *= sign;
    const Vec3 l = principalFrame(m).moments;
    if (l[0] < -tol || l[0] + l[1] < l[2] - tol) {
        message = "inertia tensor is not that of a physical body (principal moments " + formatNumber(sign * l[0]) +
                  ", " + formatNumber(sign * l[1]) + ", " + formatNumber(sign * l[2]) + ")";
        return Status::InvalidBody;
    }
    return Status::Ok;
}

double tensorScale(const Mat3& m) { return std::abs(m[0]) + std::abs(m[4]) + std::abs(m[8]); }

}  // namespace

Body toBody(const MassProperties& v) {
    Body b;
    b.mass = v.mass;
    b.volume = v.volume;
    b.centerOfMass = v.centerOfMass;
    b.inertia = v.inertia;
    b.surfaceArea = v.surfaceArea;
    b.surfaceCentroid = v.surfaceCentroid;
    return b;
}

Result fromBody(const Body& body, const Diagnostics& diagnostics) {
    std::string message;
    const Status status = checkPhysical(body, 1e-9 * tensorScale(body.inertia), message);
    if (status != Status::Ok) return failure(status, message);
    Result result;
    MassProperties& v = result.value;
    v.mass = body.mass;
    v.volume = body.volume;
    v.density = body.volume != 0 ? body.mass / body.volume : std::nan("");
    v.centerOfMass = body.centerOfMass;
    v.inertia = body.inertia;
    const PrincipalFrame frame = principalFrame(body.inertia);
    v.principalMoments = frame.moments;
    v.principalAxes = frame.axes;
    v.principalRotation = frame.rotation;
    v.surfaceArea = body.surfaceArea;
    v.surfaceCentroid = body.surfaceCentroid;
    v.diagnostics = diagnostics;
    return result;
}

Result transform(const Body& body, const Transform& t) {
    const Quat& q = t.quaternion;
    const double qn = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (!detail::finite(t.position) || !detail::finite(t.scale) || !std::isfinite(qn))
        return failure(Status::InvalidTransform, "transform has a non-finite position, quaternion or scale");
    if (std::abs(qn - 1) > 1e-6)
        return failure(Status::InvalidTransform,
                       "transform quaternion must have unit length (got length " + formatNumber(qn) + ")");
    if (t.scale[0] == 0 || t.scale[1] == 0 || t.scale[2] == 0)
        return failure(Status::InvalidTransform, "transform scale has a zero component");
    const Quat unit{q[0] / qn, q[1] / qn, q[2] / qn, q[3] / qn};
    const Mat3 r = detail::rotationMatrix(unit);
    const Vec3& s = t.scale;
    const Mat3 a{r[0] * s[0], r[1] * s[1], r[2] * s[2], r[3] * s[0], r[4] * s[1],
                 r[5] * s[2], r[6] * s[0], r[7] * s[1], r[8] * s[2]};  // R * diag(s)
    const double jacobian = std::abs(s[0] * s[1] * s[2]);

    // Move the second moments, not the inertia: C = tr(I)/2 * 1 - I maps as C' = |det A| A C A^T.
    const Mat3& in = body.inertia;
    const double half = 0.5 * (in[0] + in[4] + in[8]);
    Mat3 c;
    for (int i = 0; i < 9; ++i) c[i] = -in[i];
    c[0] += half;
    c[4] += half;
    c[8] += half;
    Mat3 moved = detail::multiply(detail::multiply(a, c), detail::transpose(a));
    const double trace = jacobian * (moved[0] + moved[4] + moved[8]);
    Body out;
    for (int i = 0; i < 9; ++i) out.inertia[i] = -jacobian * moved[i];
    out.inertia[0] += trace;
    out.inertia[4] += trace;
    out.inertia[8] += trace;
    out.mass = body.mass * jacobian;
    out.volume = body.volume * jacobian;
    auto apply = [&](const Vec3& x) {
        return Vec3{a[0] * x[0] + a[1] * x[1] + a[2] * x[2] + t.position[0],
                    a[3] * x[0] + a[4] * x[1] + a[5] * x[2] + t.position[1],
                    a[6] * x[0] + a[7] * x[1] + a[8] * x[2] + t.position[2]};
    };
    out.centerOfMass = apply(body.centerOfMass);
    const bool uniform = std::abs(s[0]) == std::abs(s[1]) && std::abs(s[1]) == std::abs(s[2]);
    if (uniform) {
        out.surfaceArea = body.surfaceArea * s[0] * s[0];
        out.surfaceCentroid = apply(body.surfaceCentroid);
    } else {
        // Area does not follow from the body under a non-uniform stretch.
        const double nan = std::nan("");
        out.surfaceArea = nan;
        out.surfaceCentroid = {nan, nan, nan};
    }
    return fromBody(out);
}

Result combine(const std::vector<Body>& parts) {
    if (parts.empty()) return failure(Status::InvalidArgument, "combine needs at least one body");
    double mass = 0, volume = 0, area = 0, scaleSum = 0;
    Vec3 moment{0, 0, 0}, areaMoment{0, 0, 0};
    bool areaKnown = true;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const Body& p = parts[i];
        std::string message;
        if (checkPhysical(p, 1e-9 * tensorScale(p.inertia), message) != Status::Ok)
            return failure(Status::InvalidBody, "part " + std::to_string(i) + ": " + message);
        mass += p.mass;
        volume += p.volume;
        moment = detail::add(moment, detail::scale(p.centerOfMass, p.mass));
        if (p.mass < 0 || !std::isfinite(p.surfaceArea) || !detail::finite(p.surfaceCentroid)) {
            areaKnown = false;  // a hole adds its walls and removes faces: not derivable
        } else {
            area += p.surfaceArea;
            areaMoment = detail::add(areaMoment, detail::scale(p.surfaceCentroid, p.surfaceArea));
        }
    }
    double absMass = 0;
    for (const Body& p : parts) absMass += std::abs(p.mass);
    if (!(mass > 1e-12 * absMass) || !(volume > 0))
        return failure(Status::InvalidBody, "combined mass (" + formatNumber(mass) + ") and volume (" +
                                                formatNumber(volume) + ") must be positive");
    Body out;
    out.mass = mass;
    out.volume = volume;
    out.centerOfMass = detail::scale(moment, 1 / mass);
    Mat3 inertia{};
    for (const Body& p : parts) {
        const Mat3 shifted = detail::parallelAxis(p.mass, detail::sub(p.centerOfMass, out.centerOfMass));
        inertia = add(inertia, add(p.inertia, shifted));
        scaleSum += tensorScale(p.inertia) + tensorScale(shifted);
    }
    out.inertia = inertia;
    const double nan = std::nan("");
    out.surfaceArea = areaKnown ? area : nan;
    out.surfaceCentroid = areaKnown && area > 0 ? detail::scale(areaMoment, 1 / area) : Vec3{nan, nan, nan};
    std::string message;
    // Cancellation in a subtraction leaves rounding of the size of the parts, not of the result.
    if (checkPhysical(out, 1e-9 * scaleSum, message) != Status::Ok)
        return failure(Status::InvalidBody, "combined body is not valid: " + message);
    return fromBody(out);
}

Status inertiaAbout(const Body& body, const Vec3& point, const Quat& rotation, Mat3& out, std::string* message) {
    std::string text;
    Status status = checkPhysical(body, 1e-9 * tensorScale(body.inertia), text);
    const double qn = std::sqrt(rotation[0] * rotation[0] + rotation[1] * rotation[1] + rotation[2] * rotation[2] +
                                rotation[3] * rotation[3]);
    if (status == Status::Ok && (!detail::finite(point) || !std::isfinite(qn))) {
        status = Status::InvalidTransform;
        text = "point and rotation must be finite";
    } else if (status == Status::Ok && std::abs(qn - 1) > 1e-6) {
        status = Status::InvalidTransform;
        text = "rotation must be a unit quaternion (got length " + formatNumber(qn) + ")";
    }
    if (status != Status::Ok) {
        if (message) *message = text;
        return status;
    }
    const Quat unit{rotation[0] / qn, rotation[1] / qn, rotation[2] / qn, rotation[3] / qn};
    const Mat3 about = add(body.inertia, detail::parallelAxis(body.mass, detail::sub(body.centerOfMass, point)));
    const Mat3 r = detail::rotationMatrix(unit);
    out = detail::multiply(detail::multiply(detail::transpose(r), about), r);
    out[3] = out[1];
    out[6] = out[2];
    out[7] = out[5];
    return Status::Ok;
}

}  // namespace massprops
