// Shared by the libFuzzer targets: a reader that turns fuzz bytes into hostile numbers, and the
// invariants every entry point's Outcome must satisfy. A violated invariant prints what broke
// and traps, so libFuzzer saves the input as a crash.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>

#include "mass_properties/mass_properties.h"

namespace fuzz {

using namespace massprops;

// For the harness's own quadratic reference loops: their branches are no coverage worth
// steering by, and tracing every comparison in them costs more than the core's code.
#define FUZZ_NO_COVERAGE __attribute__((no_sanitize("coverage")))

[[noreturn]] inline void fail(const char* file, int line, const char* what, const std::string& detail) {
    std::fprintf(stderr, "\n%s:%d: invariant violated: %s\n  %s\n", file, line, what, detail.c_str());
    std::fflush(stderr);
    __builtin_trap();
}

#define FUZZ_REQUIRE(cond, detail)                                    \
    do {                                                              \
        if (!(cond)) ::fuzz::fail(__FILE__, __LINE__, #cond, detail); \
    } while (0)

inline std::string num(double x) {
    char b[40];
    std::snprintf(b, sizeof b, "%.17g", x);
    return b;
}

// FUZZ_VERBOSE=1 prints what each call returned, to see what a reproducer or seed exercises.
inline bool verbose() {
    static const bool on = std::getenv("FUZZ_VERBOSE") != nullptr;
    return on;
}

template <typename T>
void trace(const char* what, const Outcome<T>& r) {
    if (verbose()) std::fprintf(stderr, "%s: %s %s\n", what, statusCode(r.status), r.message.c_str());
}

// Fuzz bytes as a stream; past the end every read is zero, so any input is a complete one.
class Bytes {
public:
    Bytes(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}

    std::size_t remaining() const { return n_; }

    std::uint8_t u8() {
        if (n_ == 0) return 0;
        --n_;
        return *p_++;
    }
    template <typename T>
    T raw() {
        std::uint8_t b[sizeof(T)] = {};
        for (auto& x : b) x = u8();
        T v;
        std::memcpy(&v, b, sizeof v);
        return v;
    }
    bool flag() { return u8() & 1; }

    // Any double, weighted towards the values that break numerical code: raw bit patterns
    // (NaN payloads, infinities, subnormals), the edges of the double range, signed zeros, and
    // small exact values so that valid inputs are common too.
    double number() {
        const std::uint8_t kind = u8();
        switch (kind % 8) {
            case 0: return raw<double>();
            case 1: {
                static const double special[] = {0.0,
                                                 -0.0,
                                                 1.0,
                                                 -1.0,
                                                 std::numeric_limits<double>::quiet_NaN(),
                                                 std::numeric_limits<double>::infinity(),
                                                 -std::numeric_limits<double>::infinity(),
                                                 DBL_MIN,
                                                 std::numeric_limits<double>::denorm_min(),
                                                 DBL_MAX,
                                                 -DBL_MAX,
                                                 1e-300,
                                                 1e300,
                                                 1e154,
                                                 1e-154,
                                                 0.5,
                                                 1e-12,
                                                 1 + DBL_EPSILON,
                                                 FLT_MAX,
                                                 FLT_MIN,
                                                 65535,
                                                 4294967296.0,
                                                 -1e-300,
                                                 1e6};
                return special[(kind >> 3) % (sizeof special / sizeof special[0])];
            }
            case 2:
                // A small exact value, possibly negative.
                return static_cast<std::int8_t>(u8()) * 0.25;
            case 3: {
                // A short mantissa at any binary exponent: from subnormal to overflow.
                const double mantissa = 1 + u8() / 256.0;
                const int exponent = static_cast<int>(raw<std::int16_t>() % 1100);
                return ((kind & 8) ? -1 : 1) * std::ldexp(mantissa, exponent);
            }
            default:
                // A positive value of ordinary size: the common valid case.
                return 0.125 + u8() / 16.0 + u8() / 4096.0;
        }
    }

    // Any float as its bit pattern or a converted number() (which may round to inf or 0).
    float floatNumber() { return (u8() & 3) == 0 ? raw<float>() : static_cast<float>(number()); }

    // A unit quaternion usually (normalised from small values), a raw one sometimes.
    Quat quaternion() {
        Quat q;
        if ((u8() & 7) == 0) {
            for (double& x : q) x = number();
            return q;
        }
        for (double& x : q) x = static_cast<std::int8_t>(u8());
        const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        if (n == 0) return {0, 0, 0, 1};
        for (double& x : q) x /= n;
        return q;
    }

    Vec3 vec3() { return {number(), number(), number()}; }

    MassOptions massOptions() {
        MassOptions o;
        const std::uint8_t b = u8();
        o.given = (b & 1) ? MassOptions::Given::Mass : MassOptions::Given::Density;
        o.value = (b & 2) ? number() : 1.0;
        return o;
    }

private:
    const std::uint8_t* p_;
    std::size_t n_;
};

// ---- invariants -------------------------------------------------------------------------------

inline bool isFinite(double x) { return std::isfinite(x); }
template <typename A>
bool allFinite(const A& a) {
    for (double x : a)
        if (!std::isfinite(x)) return false;
    return true;
}

inline int statusCount() {
    static const int count = static_cast<int>(statusCodes().size());
    return count;
}

// Every Outcome: a status of the enum, one the entry point may return (the core never returns
// the JS-only codes), a message exactly when it failed.
template <typename T>
void checkStatus(const Outcome<T>& r, std::initializer_list<Status> failures, const char* where) {
    const int s = static_cast<int>(r.status);
    FUZZ_REQUIRE(s >= 0 && s < statusCount(), std::string(where) + ": status " + std::to_string(s));
    if (r.ok()) {
        FUZZ_REQUIRE(r.message.empty(), std::string(where) + ": ok with message " + r.message);
        return;
    }
    FUZZ_REQUIRE(!r.message.empty(), std::string(where) + ": " + statusCode(r.status) + " without a message");
    FUZZ_REQUIRE(std::find(failures.begin(), failures.end(), r.status) != failures.end(),
                 std::string(where) + ": unexpected status " + statusCode(r.status) + ": " + r.message);
}

inline double largestAbs(const Mat3& m) {
    double x = 0;
    for (double v : m) x = std::max(x, std::abs(v));
    return x;
}

// Principal moments of a physical body: ascending, none negative and each at most the sum of
// the other two, up to rounding relative to the largest.
inline void checkMoments(const Vec3& l, double scale, const char* where) {
    const std::string detail = std::string(where) + ": moments " + num(l[0]) + " " + num(l[1]) + " " + num(l[2]);
    FUZZ_REQUIRE(allFinite(l), detail);
    FUZZ_REQUIRE(l[0] <= l[1] && l[1] <= l[2], detail);
    const double tol = 1e-8 * scale;
    FUZZ_REQUIRE(l[0] >= -tol, detail);
    FUZZ_REQUIRE(l[0] + l[1] >= l[2] - tol, detail);
}

inline void checkDiagnostics(const Diagnostics& d, const char* where) {
    const std::string detail = std::string(where) + ": triangles " + std::to_string(d.triangles) + " boundary " +
                               std::to_string(d.boundaryEdges) + " nonManifold " + std::to_string(d.nonManifoldEdges) +
                               " inconsistent " + std::to_string(d.inconsistentEdges) + " closed " +
                               std::to_string(d.closed) + " consistent " + std::to_string(d.consistentWinding);
    // An edge with an odd number of uses is a boundary (1) or non-manifold (3, 5, ...) edge.
    FUZZ_REQUIRE(!d.closed || d.boundaryEdges == 0, detail);
    FUZZ_REQUIRE(d.closed || d.boundaryEdges + d.nonManifoldEdges > 0, detail);
    FUZZ_REQUIRE(d.consistentWinding == (d.inconsistentEdges == 0), detail);
    FUZZ_REQUIRE(d.degenerateTriangles <= d.triangles, detail);
    // Edge uses: 3 per triangle; a boundary edge takes 1, a non-manifold one >= 3, an
    // inconsistent one >= 2 (and is never a boundary edge).
    const std::uint64_t uses = 3ull * d.triangles;
    FUZZ_REQUIRE(d.boundaryEdges + 3ull * d.nonManifoldEdges <= uses, detail);
    FUZZ_REQUIRE(d.boundaryEdges + 2ull * d.inconsistentEdges <= uses, detail);
}

inline std::string diagnosticsText(const Diagnostics& d) {
    const Repairs& r = d.repairs;
    auto n = [](std::uint32_t x) { return std::to_string(x); };
    return "{triangles " + n(d.triangles) + ", closed " + n(d.closed) + ", boundary " + n(d.boundaryEdges) +
           ", nonManifold " + n(d.nonManifoldEdges) + ", inconsistent " + n(d.inconsistentEdges) + ", consistent " +
           n(d.consistentWinding) + ", inverted " + n(d.inverted) + ", degenerate " + n(d.degenerateTriangles) +
           ", shells " + n(d.shells) + ", holes " + n(d.holes) + ", welded " + n(d.weldedVertices) + ", hull " +
           n(d.hullFaces) + "; repairs: duplicate " + n(r.duplicateTriangles) + ", flipped " + n(r.flippedTriangles) +
           ", invertedShells " + n(r.invertedShells) + ", cavities " + n(r.cavities) + ", capped " + n(r.cappedHoles) +
           ", openShells " + n(r.openShells) + ", intersecting " + n(r.intersectingShells) + ", selfIntersecting " +
           n(r.selfIntersectingShells) + ", split " + n(r.intersectingTriangles) + ", overlap " + num(r.overlapVolume) +
           ", capArea " + num(r.capArea) + "}";
}

inline bool sameDiagnostics(const Diagnostics& a, const Diagnostics& b) {
    return a.triangles == b.triangles && a.closed == b.closed && a.boundaryEdges == b.boundaryEdges &&
           a.nonManifoldEdges == b.nonManifoldEdges && a.inconsistentEdges == b.inconsistentEdges &&
           a.consistentWinding == b.consistentWinding && a.inverted == b.inverted &&
           a.degenerateTriangles == b.degenerateTriangles;
}

// An ok result is a physical body in range: positive finite mass, volume and density; a finite
// symmetric tensor whose principal frame is orthonormal, right-handed, ascending and physical,
// and diagonalises it; an area that is finite or NaN (unknown), never infinite.
inline void checkResult(const MassProperties& v, const char* where) {
    const std::string w(where);
    FUZZ_REQUIRE(isFinite(v.mass) && v.mass > 0, w + ": mass " + num(v.mass));
    FUZZ_REQUIRE(isFinite(v.volume) && v.volume > 0, w + ": volume " + num(v.volume));
    FUZZ_REQUIRE(isFinite(v.density) && v.density > 0, w + ": density " + num(v.density));
    FUZZ_REQUIRE(std::abs(v.density - v.mass / v.volume) <= 1e-12 * v.density, w + ": density " + num(v.density));
    FUZZ_REQUIRE(allFinite(v.centerOfMass), w + ": center of mass");
    FUZZ_REQUIRE(allFinite(v.inertia), w + ": inertia");
    const Mat3& I = v.inertia;
    FUZZ_REQUIRE(I[1] == I[3] && I[2] == I[6] && I[5] == I[7], w + ": inertia not symmetric");
    // Compared at unit scale: a tensor near the top of the double range must not overflow here.
    const double unit = largestAbs(I);
    FUZZ_REQUIRE(unit > 0, w + ": zero inertia");
    Mat3 J;
    for (int k = 0; k < 9; ++k) J[k] = I[k] / unit;
    const Vec3 l{v.principalMoments[0] / unit, v.principalMoments[1] / unit, v.principalMoments[2] / unit};
    const double scale = std::abs(J[0]) + std::abs(J[4]) + std::abs(J[8]);
    checkMoments(l, scale, where);
    const double trace = J[0] + J[4] + J[8];
    FUZZ_REQUIRE(std::abs(l[0] + l[1] + l[2] - trace) <= 1e-9 * scale,
                 w + ": moments do not sum to the trace " + num(trace * unit));

    const auto& a = v.principalAxes;
    for (int i = 0; i < 3; ++i) {
        FUZZ_REQUIRE(allFinite(a[i]), w + ": axis");
        for (int j = 0; j < 3; ++j) {
            const double d = a[i][0] * a[j][0] + a[i][1] * a[j][1] + a[i][2] * a[j][2];
            FUZZ_REQUIRE(std::abs(d - (i == j ? 1 : 0)) <= 1e-9, w + ": axes not orthonormal " + num(d));
        }
        // I a_i = l_i a_i, up to the rounding of the eigen-solver and of averaging equal moments.
        for (int r = 0; r < 3; ++r) {
            const double Ia = J[3 * r] * a[i][0] + J[3 * r + 1] * a[i][1] + J[3 * r + 2] * a[i][2];
            FUZZ_REQUIRE(std::abs(Ia - l[i] * a[i][r]) <= 1e-7 * scale, w + ": axis " + std::to_string(i) +
                                                                            " is no eigenvector (" + num(Ia) + " vs " +
                                                                            num(l[i] * a[i][r]) + ")");
        }
    }
    const Vec3 c{a[0][1] * a[1][2] - a[0][2] * a[1][1], a[0][2] * a[1][0] - a[0][0] * a[1][2],
                 a[0][0] * a[1][1] - a[0][1] * a[1][0]};
    for (int k = 0; k < 3; ++k) FUZZ_REQUIRE(std::abs(c[k] - a[2][k]) <= 1e-9, w + ": axes not right-handed");

    // principalRotation is the rotation whose columns are the axes.
    const Quat& q = v.principalRotation;
    FUZZ_REQUIRE(allFinite(q), w + ": rotation");
    const double qn = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    FUZZ_REQUIRE(std::abs(qn - 1) <= 1e-9, w + ": rotation length " + num(qn));
    const double x = q[0], y = q[1], z = q[2], s = q[3];
    const Mat3 r{1 - 2 * (y * y + z * z), 2 * (x * y - z * s),     2 * (x * z + y * s),
                 2 * (x * y + z * s),     1 - 2 * (x * x + z * z), 2 * (y * z - x * s),
                 2 * (x * z - y * s),     2 * (y * z + x * s),     1 - 2 * (x * x + y * y)};
    for (int i = 0; i < 3; ++i)
        for (int k = 0; k < 3; ++k)
            FUZZ_REQUIRE(std::abs(r[3 * k + i] - a[i][k]) <= 1e-9, w + ": rotation does not match the axes");

    FUZZ_REQUIRE(!std::isinf(v.surfaceArea), w + ": infinite surface area");
    FUZZ_REQUIRE(std::isnan(v.surfaceArea) || v.surfaceArea >= 0, w + ": area " + num(v.surfaceArea));
    for (double x : v.surfaceCentroid) FUZZ_REQUIRE(!std::isinf(x), w + ": infinite surface centroid");
    if (v.hasDiagnostics) checkDiagnostics(v.diagnostics, where);
}

// Two results of the same computation done two ways that must agree bit for bit.
inline bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }
template <typename A>
bool sameAll(const A& a, const A& b) {
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!same(a[i], b[i])) return false;
    return true;
}
inline bool sameField(double a, double b) { return same(a, b); }
template <typename T, std::size_t N>
bool sameField(const std::array<T, N>& a, const std::array<T, N>& b) {
    for (std::size_t i = 0; i < N; ++i)
        if (!sameField(a[i], b[i])) return false;
    return true;
}
inline bool sameField(const Box3& a, const Box3& b) { return sameField(a.min, b.min) && sameField(a.max, b.max); }
inline bool sameField(const Diagnostics& a, const Diagnostics& b) { return sameDiagnostics(a, b); }
// Every field, by the one list of result fields (mass_properties.h).
inline bool sameResult(const Result& a, const Result& b) {
    if (a.status != b.status) return false;
    if (!a.ok()) return true;
    const MassProperties &x = a.value, &y = b.value;
    bool equal = true;
#define FUZZ_SAME_FIELD(type, name, ...) equal = equal && sameField(x.name, y.name);
#define FUZZ_SAME_OPTIONAL(type, name, present, ...) \
    equal = equal && x.present == y.present && (!x.present || sameField(x.name, y.name));
    MASSPROPS_RESULT_FIELDS(FUZZ_SAME_FIELD, FUZZ_SAME_OPTIONAL)
#undef FUZZ_SAME_FIELD
#undef FUZZ_SAME_OPTIONAL
    return equal;
}

}  // namespace fuzz
