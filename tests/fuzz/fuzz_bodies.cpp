// libFuzzer target: the functions on bodies — describe, transform, combine (with holes) and
// inertiaAbout — on bodies that are real (shapes moved by a transform), raw (every field from
// fuzz bytes), one field off a real one, or built from chosen principal moments near the limits
// of the triangle inequality. Besides "never crash, ok means physical": mass, volume and center
// follow the transform and the parts, moments scale as |s|^5 under a uniform scale, a uniform
// transform undone gives the body back, and a body cut from itself is refused.
#include <vector>

#include "fuzz_common.h"

namespace {

using namespace fuzz;

// A size that is usually valid and moderate, sometimes anything.
double size(Bytes& in) {
    const std::uint8_t b = in.u8();
    return (b & 7) == 0 ? in.number() : 0.125 + b / 32.0;
}

Transform makeTransform(Bytes& in) {
    Transform t;
    const std::uint8_t b = in.u8();
    for (double& x : t.position) x = (b & 1) ? in.number() : static_cast<std::int8_t>(in.u8()) / 8.0;
    t.quaternion = in.quaternion();
    if (b & 2) {
        for (double& x : t.scale) x = in.number();
    } else if (b & 4) {
        // Uniform, a power of two (possibly mirrored) so that the inverse is exact.
        const double s = std::ldexp((b & 8) ? -1.0 : 1.0, static_cast<std::int8_t>(in.u8()) % 12);
        t.scale = {s, s, s};
    } else {
        for (double& x : t.scale) x = static_cast<std::int8_t>(in.u8()) / 16.0;
    }
    return t;
}

// Diagnostics that obey their own rules, so that merged ones must too.
Diagnostics makeDiagnostics(Bytes& in) {
    Diagnostics d;
    d.boundaryEdges = in.u8() & 7;
    d.nonManifoldEdges = in.u8() & 3;
    d.inconsistentEdges = in.u8() & 7;
    d.triangles = d.boundaryEdges + 3 * d.nonManifoldEdges + 2 * d.inconsistentEdges + in.u8();
    if (d.triangles == 0) d.triangles = 4;
    d.closed = d.boundaryEdges == 0 && (d.nonManifoldEdges == 0 || in.flag());
    d.consistentWinding = d.inconsistentEdges == 0;
    d.inverted = in.flag();
    d.degenerateTriangles = in.u8() % (d.triangles + 1);
    return d;
}

Body shapeBody(Bytes& in) {
    const MassOptions options = in.massOptions();
    Result r;
    switch (in.u8() % 6) {
        case 0: r = box(size(in), size(in), size(in), options); break;
        case 1: r = sphere(size(in), options); break;
        case 2: r = ellipsoid(size(in), size(in), size(in), options); break;
        case 3: r = cylinder(size(in), size(in), options); break;
        case 4: r = capsule(size(in), size(in), options); break;
        default: r = cone(size(in), size(in), options); break;
    }
    if (!r.ok()) return Body{};  // mass 0: an invalid body, which is a case too
    if (in.flag()) {
        const Result moved = transform(toBody(r.value), makeTransform(in));
        if (moved.ok()) r = moved;
    }
    return toBody(r.value);
}

Body makeBody(Bytes& in) {
    const std::uint8_t kind = in.u8();
    Body b;
    switch (kind % 8) {
        case 0:  // every field raw
            b.mass = in.number();
            b.volume = in.number();
            b.centerOfMass = in.vec3();
            for (double& x : b.inertia) x = in.number();
            b.surfaceArea = in.number();
            b.surfaceCentroid = in.vec3();
            break;
        case 1: {  // a real body with one field replaced
            b = shapeBody(in);
            const std::uint8_t field = in.u8() % 16;
            const double x = in.number();
            if (field == 0)
                b.mass = x;
            else if (field == 1)
                b.volume = x;
            else if (field < 5)
                b.centerOfMass[field - 2] = x;
            else if (field < 14)
                b.inertia[field - 5] = x;
            else
                b.surfaceArea = x;
            break;
        }
        case 2: {  // chosen principal moments, rotated: around the triangle inequality's edge
            b.mass = size(in);
            b.volume = size(in);
            b.centerOfMass = in.vec3();
            const double l0 = in.number(), l1 = in.number();
            const double l2 = in.flag() ? (l0 + l1) * (1 + static_cast<std::int8_t>(in.u8()) * 1e-12) : in.number();
            const Quat q = in.quaternion();
            const double x = q[0], y = q[1], z = q[2], w = q[3];
            const Mat3 r{1 - 2 * (y * y + z * z), 2 * (x * y - z * w),     2 * (x * z + y * w),
                         2 * (x * y + z * w),     1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
                         2 * (x * z - y * w),     2 * (y * z + x * w),     1 - 2 * (x * x + y * y)};
            const double l[3] = {l0, l1, l2};
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j)
                    b.inertia[3 * i + j] = r[3 * i] * l[0] * r[3 * j] + r[3 * i + 1] * l[1] * r[3 * j + 1] +
                                           r[3 * i + 2] * l[2] * r[3 * j + 2];
            b.surfaceArea = std::nan("");
            b.surfaceCentroid = {b.surfaceArea, b.surfaceArea, b.surfaceArea};
            break;
        }
        default: b = shapeBody(in); break;
    }
    if (kind & 8) {
        b.hasDiagnostics = true;
        b.diagnostics = makeDiagnostics(in);
    }
    return b;
}

// Without squaring, which would underflow for the tiny centers the fuzzer likes.
double vecNorm(const Vec3& v) { return std::hypot(v[0], std::hypot(v[1], v[2])); }

Mat3 rotation(const Quat& q) {
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    const double x = q[0] / n, y = q[1] / n, z = q[2] / n, w = q[3] / n;
    return {1 - 2 * (y * y + z * z), 2 * (x * y - z * w),     2 * (x * z + y * w),
            2 * (x * y + z * w),     1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
            2 * (x * z - y * w),     2 * (y * z + x * w),     1 - 2 * (x * x + y * y)};
}

// describe(toBody(r)) is r again: a result is already the description of its body.
void checkRedescribed(const Result& r, const char* where) {
    const Result again = describe(toBody(r.value));
    FUZZ_REQUIRE(sameResult(r, again), std::string(where) + ": describe(toBody(result)) differs: " + again.message);
}

std::string bodyText(const Body& b) {
    std::string s = "mass " + num(b.mass) + ", volume " + num(b.volume) + ", center";
    for (double x : b.centerOfMass) s += " " + num(x);
    s += ", inertia";
    for (double x : b.inertia) s += " " + num(x);
    return s;
}

void checkDescribe(const Body& b) {
    if (verbose()) std::fprintf(stderr, "body: %s\n", bodyText(b).c_str());
    const Result r = describe(b);
    trace("describe", r);
    checkStatus(r, {Status::InvalidBody}, "describe");
    if (!r.ok()) return;
    checkResult(r.value, "describe");
    const MassProperties& v = r.value;
    // The area and its centroid are known together or not at all (NaN).
    const bool areaKnown = isFinite(b.surfaceArea) && allFinite(b.surfaceCentroid);
    FUZZ_REQUIRE(v.mass == b.mass && v.volume == b.volume && sameAll(v.centerOfMass, b.centerOfMass) &&
                     v.hasDiagnostics == b.hasDiagnostics,
                 "describe changed the body");
    FUZZ_REQUIRE(areaKnown ? v.surfaceArea == b.surfaceArea && sameAll(v.surfaceCentroid, b.surfaceCentroid)
                           : std::isnan(v.surfaceArea) && std::isnan(v.surfaceCentroid[0]),
                 "describe: area " + num(v.surfaceArea) + " for a body with area " + num(b.surfaceArea));
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            FUZZ_REQUIRE(v.inertia[3 * i + j] ==
                             (i == j ? b.inertia[3 * i + j] : 0.5 * (b.inertia[3 * i + j] + b.inertia[3 * j + i])),
                         "describe: inertia is not the symmetrized input");
    checkRedescribed(r, "describe");
}

void checkTransform(const Body& b, const Transform& t) {
    const Result r = transform(b, t);
    trace("transform", r);
    checkStatus(r, {Status::InvalidBody, Status::InvalidTransform}, "transform");
    if (!r.ok()) return;
    const MassProperties& v = r.value;
    checkResult(v, "transform");
    checkRedescribed(r, "transform");
    const Vec3& s = t.scale;
    const double jacobian = std::abs(s[0] * s[1] * s[2]);
    FUZZ_REQUIRE(std::abs(v.mass - b.mass * jacobian) <= 1e-12 * v.mass, "transform: mass " + num(v.mass));
    FUZZ_REQUIRE(std::abs(v.volume - b.volume * jacobian) <= 1e-12 * v.volume, "transform: volume " + num(v.volume));
    const Mat3 R = rotation(t.quaternion);
    const Vec3& c = b.centerOfMass;
    for (int i = 0; i < 3; ++i) {
        const double want =
            R[3 * i] * s[0] * c[0] + R[3 * i + 1] * s[1] * c[1] + R[3 * i + 2] * s[2] * c[2] + t.position[i];
        const double scale =
            std::max({std::abs(s[0]), std::abs(s[1]), std::abs(s[2])}) * vecNorm(c) + std::abs(t.position[i]);
        FUZZ_REQUIRE(std::abs(v.centerOfMass[i] - want) <= 1e-9 * scale + 1e-300,  // + subnormal rounding
                     "transform: center " + num(v.centerOfMass[i]) + " vs " + num(want));
    }
    const bool uniform = std::abs(s[0]) == std::abs(s[1]) && std::abs(s[1]) == std::abs(s[2]);
    if (!uniform) {
        FUZZ_REQUIRE(std::isnan(v.surfaceArea), "transform: non-uniform scale kept an area");
        return;
    }
    // Moments are rotation invariant and scale as |s|^5 (mass |s|^3 times length^2). In long
    // double: |s|^5 alone may leave double's range (s = 1e-93) where the moments do not.
    const long double k = std::abs(static_cast<long double>(s[0]) * s[1] * s[2]) * s[0] * s[0];
    const Vec3 before = principalFrame(b.inertia).moments;
    for (int i = 0; i < 3; ++i) {
        const double want = static_cast<double>(k * before[i]);
        FUZZ_REQUIRE(std::abs(v.principalMoments[i] - want) <= 1e-9 * v.principalMoments[2],
                     "transform: moment " + num(v.principalMoments[i]) + " vs " + num(want));
    }
    // The area scales by s^2 and stays known while it and its moved centroid are in range.
    const double area = b.surfaceArea * s[0] * s[0];
    const Vec3& a = b.surfaceCentroid;
    bool areaKnown = isFinite(area) && allFinite(a);
    for (int i = 0; i < 3; ++i)
        areaKnown = areaKnown && isFinite(R[3 * i] * s[0] * a[0] + R[3 * i + 1] * s[1] * a[1] +
                                          R[3 * i + 2] * s[2] * a[2] + t.position[i]);
    if (areaKnown)
        FUZZ_REQUIRE(std::abs(v.surfaceArea - area) <= 1e-12 * area,
                     "transform: area " + num(v.surfaceArea) + ", expected " + num(area));

    // Undo it: x -> R^T (x - p) / s (a transform only when s is a multiple of the identity).
    if (s[0] != s[1] || s[1] != s[2]) return;
    Transform back;
    back.quaternion = {-t.quaternion[0], -t.quaternion[1], -t.quaternion[2], t.quaternion[3]};
    back.scale = {1 / s[0], 1 / s[0], 1 / s[0]};
    for (int i = 0; i < 3; ++i)
        back.position[i] = -(R[i] * t.position[0] + R[3 + i] * t.position[1] + R[6 + i] * t.position[2]) / s[0];
    const Result undone = transform(toBody(v), back);
    if (!undone.ok() || !allFinite(back.position)) return;  // the round trip may leave double range
    const MassProperties& u = undone.value;
    FUZZ_REQUIRE(std::abs(u.mass - b.mass) <= 1e-12 * b.mass, "transform undone: mass " + num(u.mass));
    const double reach = vecNorm(c) + vecNorm(t.position) / std::abs(s[0]);
    for (int i = 0; i < 3; ++i)
        FUZZ_REQUIRE(std::abs(u.centerOfMass[i] - c[i]) <= 1e-9 * reach + 1e-300,
                     "transform undone: center " + num(u.centerOfMass[i]) + " vs " + num(c[i]));
    const double scale = std::abs(b.inertia[0]) + std::abs(b.inertia[4]) + std::abs(b.inertia[8]);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            const double want = 0.5 * (b.inertia[3 * i + j] + b.inertia[3 * j + i]);
            FUZZ_REQUIRE(std::abs(u.inertia[3 * i + j] - want) <= 1e-9 * scale,
                         "transform undone: inertia " + num(u.inertia[3 * i + j]) + " vs " + num(want));
        }
}

void checkInertiaAbout(const Body& b, const Vec3& point, const Quat& q) {
    const Outcome<Mat3> r = inertiaAbout(b, point, q);
    trace("inertiaAbout", r);
    checkStatus(r, {Status::InvalidBody, Status::InvalidTransform}, "inertiaAbout");
    if (!r.ok()) return;
    const Mat3& J = r.value;
    FUZZ_REQUIRE(allFinite(J), "inertiaAbout: not finite");
    FUZZ_REQUIRE(J[1] == J[3] && J[2] == J[6] && J[5] == J[7], "inertiaAbout: not symmetric");
    // Still the tensor of a physical body, and its trace grows by 2 m |d|^2 whatever the axes.
    const double trace = J[0] + J[4] + J[8];
    const Vec3 l = principalFrame(J).moments;
    checkMoments(l, std::abs(J[0]) + std::abs(J[4]) + std::abs(J[8]), "inertiaAbout");
    const Vec3 d{b.centerOfMass[0] - point[0], b.centerOfMass[1] - point[1], b.centerOfMass[2] - point[2]};
    const double want =
        b.inertia[0] + b.inertia[4] + b.inertia[8] + 2 * b.mass * (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    // A trace below double's normal range is refused unless it rounds to 0 (a point mass a
    // subnormal distance away): an absolute floor of DBL_MIN.
    FUZZ_REQUIRE(std::abs(trace - want) <= 1e-9 * std::abs(want) + std::numeric_limits<double>::min(),
                 "inertiaAbout: trace " + num(trace) + " vs " + num(want));
}

bool isHole(const Part& p) { return p.subtract || p.body.mass < 0; }

void checkCombine(const std::vector<Part>& parts) {
    if (verbose())
        for (const Part& p : parts)
            std::fprintf(stderr, "part%s: %s\n", p.subtract ? " (hole)" : "", bodyText(p.body).c_str());
    const Result r = combine(parts);
    trace("combine", r);
    checkStatus(r, {Status::InvalidArgument, Status::InvalidBody}, "combine");
    if (parts.empty()) FUZZ_REQUIRE(r.status == Status::InvalidArgument, "combine of nothing");
    if (!r.ok()) return;
    const MassProperties& v = r.value;
    checkResult(v, "combine");
    checkRedescribed(r, "combine");
    double mass = 0, absMass = 0, volume = 0, absVolume = 0, reach = 0;
    Vec3 moment{0, 0, 0};
    bool allDiagnostics = true, anyHole = false;
    for (const Part& p : parts) {
        const double sign = isHole(p) ? -1 : 1, m = std::abs(p.body.mass), vol = std::abs(p.body.volume);
        mass += sign * m;
        absMass += m;
        volume += sign * vol;
        absVolume += vol;
        for (int k = 0; k < 3; ++k) moment[k] += sign * m * p.body.centerOfMass[k];
        reach += m * vecNorm(p.body.centerOfMass);
        allDiagnostics = allDiagnostics && p.body.hasDiagnostics;
        anyHole = anyHole || isHole(p);
    }
    FUZZ_REQUIRE(std::abs(v.mass - mass) <= 1e-12 * absMass, "combine: mass " + num(v.mass) + " vs " + num(mass));
    FUZZ_REQUIRE(std::abs(v.volume - volume) <= 1e-12 * absVolume, "combine: volume " + num(v.volume));
    for (int k = 0; k < 3; ++k)
        // (plus the absolute rounding of a center in the subnormal range)
        FUZZ_REQUIRE(std::abs(v.centerOfMass[k] * v.mass - moment[k]) <= 1e-9 * reach + 1e-300 * v.mass,
                     "combine: center " + num(v.centerOfMass[k]));
    FUZZ_REQUIRE(v.hasDiagnostics == allDiagnostics, "combine: diagnostics kept or lost wrongly");
    if (anyHole) FUZZ_REQUIRE(std::isnan(v.surfaceArea), "combine: a hole kept the area");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in(data, size);
    const std::size_t count = in.u8() % 6;
    std::vector<Part> parts;
    for (std::size_t i = 0; i < count; ++i) {
        Part p;
        p.body = makeBody(in);
        p.subtract = in.flag();
        parts.push_back(p);
    }
    for (const Part& p : parts) {
        checkDescribe(p.body);
        checkTransform(p.body, makeTransform(in));
        const bool nearCenter = in.flag();
        Vec3 point = in.vec3();
        if (nearCenter)
            for (int k = 0; k < 3; ++k) point[k] = p.body.centerOfMass[k] + static_cast<std::int8_t>(in.u8()) / 16.0;
        checkInertiaAbout(p.body, point, in.quaternion());
    }
    checkCombine(parts);
    if (!parts.empty()) {
        // A body with itself cut out leaves nothing.
        Part hole = parts[0];
        hole.subtract = true;
        Part solid = parts[0];
        solid.subtract = false;
        if (solid.body.mass < 0) solid.body.mass = -solid.body.mass;
        const Result empty = combine({solid, hole});
        checkStatus(empty, {Status::InvalidBody}, "combine(A, -A)");
        FUZZ_REQUIRE(!empty.ok(), "combine(A, -A) gave a body");
        // Order does not matter beyond rounding.
        std::vector<Part> reversed(parts.rbegin(), parts.rend());
        const Result a = combine(parts), b = combine(reversed);
        if (a.ok() && b.ok()) {
            double absMass = 0;
            for (const Part& p : parts) absMass += std::abs(p.body.mass);
            FUZZ_REQUIRE(std::abs(a.value.mass - b.value.mass) <= 1e-12 * absMass, "combine depends on order");
        }
    }
    return 0;
}
