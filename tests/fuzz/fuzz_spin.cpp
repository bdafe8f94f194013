// libFuzzer target: simulateRotation with raw moments, orientations, angular velocities,
// durations and time steps. A run is kept short (at most a few thousand steps, so each input
// stays fast), except that a request for more steps than one call may take is passed through
// as it is: it must be refused, at once, unless the body is symmetric (solved in one step).
// An ok spin is finite, has a unit orientation, and conserves the angular momentum (its length
// in the body and its direction in the world); a symmetric body also keeps its energy.
#include "fuzz_common.h"

namespace {

using namespace fuzz;

// The steps the call will take, with the core's own rounding slack.
double stepsOf(const SpinOptions& o) { return std::ceil(o.duration / o.timeStep * (1 - 1e-12)); }

constexpr double kMostSteps = 4096;  // per input, beyond which the duration is shortened

Vec3 makeMoments(Bytes& in) {
    const std::uint8_t kind = in.u8();
    const double a = (kind & 8) ? in.number() : 0.125 + in.u8() / 16.0;
    const double b = (kind & 16) ? in.number() : 0.125 + in.u8() / 16.0;
    switch (kind % 4) {
        case 0: return {in.number(), in.number(), in.number()};
        case 1: return {a, a, b};  // symmetric: exact in one step
        case 2: return {a, b, (a + b) * (1 - static_cast<std::int8_t>(in.u8()) * 1e-13)};  // flat: the edge
        default: return {a, b, 0.125 + in.u8() / 16.0};
    }
}

Mat3 rotation(const Quat& q) {
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    const double x = q[0] / n, y = q[1] / n, z = q[2] / n, w = q[3] / n;
    return {1 - 2 * (y * y + z * z), 2 * (x * y - z * w),     2 * (x * z + y * w),
            2 * (x * y + z * w),     1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
            2 * (x * z - y * w),     2 * (y * z + x * w),     1 - 2 * (x * x + y * y)};
}

// Without squaring, so that neither tiny nor huge vectors lose their length.
double norm(const Vec3& v) { return std::hypot(v[0], std::hypot(v[1], v[2])); }

void checkSpin(const Vec3& moments, const SpinState& start, const SpinOptions& options, const Outcome<Spin>& r) {
    trace("simulateRotation", r);
    checkStatus(r, {Status::InvalidArgument, Status::InvalidBody}, "simulateRotation");
    const bool exactlySymmetric = moments[0] == moments[1] || moments[1] == moments[2] || moments[2] == moments[0];
    const double largest = std::max({std::abs(moments[0]), std::abs(moments[1]), std::abs(moments[2])});
    const bool clearlyAsymmetric = std::abs(moments[0] - moments[1]) > 1e-9 * largest &&
                                   std::abs(moments[1] - moments[2]) > 1e-9 * largest &&
                                   std::abs(moments[2] - moments[0]) > 1e-9 * largest;
    if (!r.ok()) return;
    // Only valid arguments are accepted.
    FUZZ_REQUIRE(allFinite(moments) && moments[0] > 0 && moments[1] > 0 && moments[2] > 0,
                 "accepted moments " + num(moments[0]) + " " + num(moments[1]) + " " + num(moments[2]));
    FUZZ_REQUIRE(isFinite(options.duration) && options.duration >= 0 && isFinite(options.timeStep) &&
                     options.timeStep > 0,
                 "accepted duration " + num(options.duration) + " / timeStep " + num(options.timeStep));
    if (clearlyAsymmetric)
        FUZZ_REQUIRE(stepsOf(options) <= kMaxSpinSteps, "accepted " + num(stepsOf(options)) + " steps");

    const Spin& s = r.value;
    const std::string state = "moments " + num(moments[0]) + " " + num(moments[1]) + " " + num(moments[2]) +
                              ", start w " + num(start.angularVelocity[0]) + " " + num(start.angularVelocity[1]) + " " +
                              num(start.angularVelocity[2]) + " -> orientation " + num(s.orientation[0]) + " " +
                              num(s.orientation[1]) + " " + num(s.orientation[2]) + " " + num(s.orientation[3]) +
                              ", w " + num(s.angularVelocity[0]) + " " + num(s.angularVelocity[1]) + " " +
                              num(s.angularVelocity[2]) + ", energy " + num(s.kineticEnergy);
    FUZZ_REQUIRE(allFinite(s.orientation) && allFinite(s.angularVelocity) && isFinite(s.kineticEnergy) &&
                     allFinite(s.angularMomentum),
                 "ok spin is not finite: " + state + " (duration " + num(options.duration) + ", timeStep " +
                     num(options.timeStep) + ")");
    FUZZ_REQUIRE(s.kineticEnergy >= 0, "negative energy: " + state);
    if (options.duration == 0) {
        FUZZ_REQUIRE(sameAll(s.orientation, start.orientation) && sameAll(s.angularVelocity, start.angularVelocity),
                     "a spin of no duration moved: " + state);
    } else {
        const double qn = std::sqrt(s.orientation[0] * s.orientation[0] + s.orientation[1] * s.orientation[1] +
                                    s.orientation[2] * s.orientation[2] + s.orientation[3] * s.orientation[3]);
        FUZZ_REQUIRE(std::abs(qn - 1) <= 1e-12, "orientation length " + num(qn));
    }

    // L = I w: its length is kept in the body, and R(q) L is the same vector in the world.
    const Vec3& w0 = start.angularVelocity;
    const Vec3 l0{moments[0] * w0[0], moments[1] * w0[1], moments[2] * w0[2]};
    const Vec3& w = s.angularVelocity;
    const Vec3 l{moments[0] * w[0], moments[1] * w[1], moments[2] * w[2]};
    const double length = norm(l0);
    FUZZ_REQUIRE(std::abs(norm(l) - length) <= 1e-9 * length, "|L| " + num(norm(l)) + " vs " + num(length));
    const Mat3 R0 = rotation(start.orientation);
    for (int i = 0; i < 3; ++i) {
        const double world = R0[3 * i] * l0[0] + R0[3 * i + 1] * l0[1] + R0[3 * i + 2] * l0[2];
        FUZZ_REQUIRE(std::abs(s.angularMomentum[i] - world) <= 1e-8 * length,
                     "world angular momentum " + num(s.angularMomentum[i]) + " vs " + num(world));
    }
    if (exactlySymmetric) {
        const double e0 = 0.5 * (l0[0] * w0[0] + l0[1] * w0[1] + l0[2] * w0[2]);
        FUZZ_REQUIRE(std::abs(s.kineticEnergy - e0) <= 1e-9 * e0,
                     "symmetric body: energy " + num(s.kineticEnergy) + " vs " + num(e0));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in(data, size);
    const Vec3 moments = makeMoments(in);
    SpinState start;
    start.orientation = in.quaternion();
    const std::uint8_t b = in.u8();
    for (double& x : start.angularVelocity) x = (b & 1) ? in.number() : static_cast<std::int8_t>(in.u8()) / 4.0;
    SpinOptions options;
    options.duration = (b & 2) ? in.number() : in.u8() / 64.0;
    options.timeStep = (b & 4) ? in.number() : (b & 8) ? 1.0 / 240 : 1.0 / (1 + in.u8());
    // Runs that would take between kMostSteps and twice kMaxSpinSteps steps are shortened (an
    // asymmetric body integrates them, up to 0.1 s each); longer requests must be refused.
    const double steps = stepsOf(options);
    const bool symmetric = moments[0] == moments[1] || moments[1] == moments[2] || moments[2] == moments[0];
    if (!symmetric && steps > kMostSteps && steps <= 2 * kMaxSpinSteps)
        options.duration = options.timeStep * std::fmod(steps, kMostSteps);
    const Outcome<Spin> r = simulateRotation(moments, start, options);
    checkSpin(moments, start, options, r);
    return 0;
}
