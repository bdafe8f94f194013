// Torque-free rotation: closed-form solutions, conservation laws, stability and order.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "linalg.h"
#include "mass_properties/mass_properties.h"

namespace massprops {
namespace {

using detail::norm;
using detail::sub;

Quat axisAngle(const Vec3& axis, double angle) {
    const double n = norm(axis), s = std::sin(0.5 * angle) / n;
    return {axis[0] * s, axis[1] * s, axis[2] * s, std::cos(0.5 * angle)};
}

Mat3 rotationAbout(const Vec3& axis, double angle) { return detail::rotationMatrix(axisAngle(axis, angle)); }

Vec3 rotate(const Mat3& m, const Vec3& v) {
    return {m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
            m[6] * v[0] + m[7] * v[1] + m[8] * v[2]};
}

// Largest entry of a - b; compares orientations without the quaternion sign ambiguity.
double matrixDistance(const Mat3& a, const Mat3& b) {
    double d = 0;
    for (int i = 0; i < 9; ++i) d = std::max(d, std::abs(a[i] - b[i]));
    return d;
}

double orientationDistance(const Quat& a, const Quat& b) {
    return matrixDistance(detail::rotationMatrix(a), detail::rotationMatrix(b));
}

Outcome<Spin> spin(const Vec3& moments, const Quat& q, const Vec3& w, double duration, double timeStep = 1e-3) {
    SpinState start;
    start.orientation = q;
    start.angularVelocity = w;
    SpinOptions options;
    options.duration = duration;
    options.timeStep = timeStep;
    return simulateRotation(moments, start, options);
}

// The state a spin ends in, to continue from it in the next call.
SpinState stateOf(const Spin& spin) {
    SpinState state;
    state.orientation = spin.orientation;
    state.angularVelocity = spin.angularVelocity;
    return state;
}

Vec3 bodyMomentum(const Vec3& moments, const Vec3& w) {
    return {moments[0] * w[0], moments[1] * w[1], moments[2] * w[2]};
}

const Quat kTilted = axisAngle({0.3, -0.5, 0.8}, 0.9);  // an arbitrary start orientation

TEST(Rotation, SpinAboutPrincipalAxisIsUniformRotation) {
    // w = omega e_i is a steady state of Euler's equations; the body turns by omega t about e_i.
    const double omega = 2.7, t = 3.3;
    for (const Vec3& moments : {Vec3{1, 2, 3}, Vec3{2, 2, 3}, Vec3{1.5, 1.5, 1.5}}) {
        for (int i = 0; i < 3; ++i) {
            Vec3 w{0, 0, 0};
            w[i] = omega;
            Vec3 axis{0, 0, 0};
            axis[i] = 1;
            const Outcome<Spin> r = spin(moments, kTilted, w, t, 1.0 / 60);
            ASSERT_TRUE(r.ok()) << r.message;
            const Mat3 expected = detail::multiply(detail::rotationMatrix(kTilted), rotationAbout(axis, omega * t));
            EXPECT_LT(matrixDistance(detail::rotationMatrix(r.value.orientation), expected), 1e-12)
                << "axis " << i << " moments " << moments[0] << ", " << moments[1] << ", " << moments[2];
            EXPECT_LT(norm(sub(r.value.angularVelocity, w)), 1e-13);
            EXPECT_NEAR(r.value.kineticEnergy, 0.5 * moments[i] * omega * omega, 1e-12);
        }
    }
}

// Closed form of the symmetric top I1 = I2 = a, symmetry axis 3 (e.g. Landau & Lifshitz,
// Mechanics, sec. 36): w3 is constant and (w1, w2) turns about e3 at Omega = (I3 - a) / a * w3;
// the body precesses about the fixed world momentum Lw at |L| / a while spinning by -Omega t about
// its axis, so R(t) = rot(Lw, |L| t / a) R0 rot(e3, -Omega t).
// Tolerances are per unit of 1 + t, since a phase error grows linearly with time.
void expectSymmetricTop(const Vec3& moments, double timeStep, double angleTolerance, double velocityTolerance) {
    const double a = moments[0], c = moments[2];
    const Vec3 w0{1.2, -0.7, 3.1};
    const Mat3 r0 = detail::rotationMatrix(kTilted);
    const Vec3 lw = rotate(r0, bodyMomentum(moments, w0));
    const double omega = (c - a) / a * w0[2];
    for (double t : {0.37, 2.0, 11.5}) {
        const Outcome<Spin> r = spin(moments, kTilted, w0, t, timeStep);
        ASSERT_TRUE(r.ok()) << r.message;
        const double cs = std::cos(omega * t), sn = std::sin(omega * t);
        const Vec3 w{cs * w0[0] - sn * w0[1], sn * w0[0] + cs * w0[1], w0[2]};
        EXPECT_LT(norm(sub(r.value.angularVelocity, w)), velocityTolerance * (1 + t)) << "t = " << t;
        const Mat3 expected = detail::multiply(detail::multiply(rotationAbout(lw, norm(lw) * t / a), r0),
                                               rotationAbout({0, 0, 1}, -omega * t));
        EXPECT_LT(matrixDistance(detail::rotationMatrix(r.value.orientation), expected), angleTolerance * (1 + t))
            << "t = " << t;
    }
}

TEST(Rotation, SpinOfSymmetricTopMatchesClosedForm) {
    // Exactly symmetric bodies (oblate and prolate) are advanced exactly, whatever the step.
    expectSymmetricTop({2, 2, 3}, 0.5, 1e-12, 1e-12);
    expectSymmetricTop({3, 3, 1}, 0.5, 1e-12, 1e-12);
}

TEST(Rotation, SpinSplittingMatchesSymmetricTopClosedForm) {
    // A top asymmetric by 1e-10 goes through the splitting; it must agree with the closed form to
    // the O(h^2) error of the method (measured: w off by 5.8e-5 after 11.5 s at h = 1e-3, a
    // quarter of that at h / 2), which also pins the signs of both halves of every sub-flow.
    expectSymmetricTop({2, 2 * (1 + 1e-10), 3}, 1e-3, 1e-5, 1e-5);
    expectSymmetricTop({3, 3 * (1 + 1e-10), 1}, 1e-3, 1e-5, 1e-5);
}

TEST(Rotation, SpinConservesEnergyAndAngularMomentum) {
    // 300 s at 240 steps per second, advanced one frame per call as an animation would.
    const Vec3 moments{1, 2, 3};
    const double h = 1.0 / 240;
    const int frames = 300 * 240, window = 30 * 240;
    for (const Vec3& direction : {Vec3{3, 2.5, 2.5}, Vec3{-0.5, 0.9, 0.1}, Vec3{0.9, 0.2, 0.4}, Vec3{0.1, -1, 1}}) {
        SpinState state;
        state.orientation = kTilted;
        state.angularVelocity = detail::scale(direction, 5 / norm(direction));  // |w| = 5 rad/s
        SpinOptions options;
        options.duration = h;
        options.timeStep = h;
        const Outcome<Spin> first = simulateRotation(moments, state, SpinOptions{});  // duration 0
        ASSERT_TRUE(first.ok()) << first.message;
        const double e0 = first.value.kineticEnergy;
        const Vec3 l0 = first.value.angularMomentum;
        double maxEnergyError = 0, maxMomentumError = 0, early = 0, late = 0;
        for (int n = 0; n < frames; ++n) {
            const Outcome<Spin> r = simulateRotation(moments, state, options);
            ASSERT_TRUE(r.ok()) << r.message;
            state = stateOf(r.value);
            const double energyError = (r.value.kineticEnergy - e0) / e0;
            maxEnergyError = std::max(maxEnergyError, std::abs(energyError));
            maxMomentumError = std::max(maxMomentumError, norm(sub(r.value.angularMomentum, l0)) / norm(l0));
            if (n < window) early += energyError;
            if (n >= frames - window) late += energyError;
        }
        // The world angular momentum is kept to rounding.
        EXPECT_LT(maxMomentumError, 1e-9);
        // The energy error oscillates with an O(h^2) amplitude (measured up to 4e-6 over random
        // directions) but does not drift: compare its means over the first and last 30 s.
        EXPECT_LT(maxEnergyError, 1e-5);
        EXPECT_LT(std::abs(late - early) / window, 1e-6);

        // One call over the whole run agrees.
        state.orientation = kTilted;
        state.angularVelocity = detail::scale(direction, 5 / norm(direction));
        options.duration = 300;
        const Outcome<Spin> whole = simulateRotation(moments, state, options);
        ASSERT_TRUE(whole.ok()) << whole.message;
        EXPECT_LT(std::abs(whole.value.kineticEnergy - e0) / e0, 1e-5);
        EXPECT_LT(norm(sub(whole.value.angularMomentum, l0)) / norm(l0), 1e-9);
        EXPECT_NEAR(std::hypot(std::hypot(whole.value.orientation[0], whole.value.orientation[1]),
                               std::hypot(whole.value.orientation[2], whole.value.orientation[3])),
                    1, 1e-15);
    }
}

// Samples w every `interval` seconds for `duration` seconds.
std::vector<Vec3> trajectory(const Vec3& moments, const Vec3& w0, double duration, double interval) {
    std::vector<Vec3> out;
    SpinState state;
    state.angularVelocity = w0;
    SpinOptions options;
    options.duration = interval;
    options.timeStep = 1e-3;
    for (double t = 0; t < duration; t += interval) {
        const Outcome<Spin> r = simulateRotation(moments, state, options);
        EXPECT_TRUE(r.ok()) << r.message;
        state = stateOf(r.value);
        out.push_back(state.angularVelocity);
    }
    return out;
}

TEST(Rotation, SpinTennisRacketEffect) {
    // Rotation about the intermediate axis is unstable (Dzhanibekov effect): a 1e-3 perturbation
    // grows at rate omega sqrt((I2 - I1)(I3 - I2) / (I1 I3)) = 2.9 / s and w2 reverses within
    // seconds. About the smallest and largest axes the perturbation only circulates.
    const Vec3 moments{1, 2, 3};
    const double omega = 5, eps = 1e-3;
    const std::vector<Vec3> middle = trajectory(moments, {eps, omega, eps}, 6, 0.01);
    double firstFlip = -1;
    for (std::size_t n = 0; n < middle.size() && firstFlip < 0; ++n)
        if (middle[n][1] < -0.9 * omega) firstFlip = 0.01 * static_cast<double>(n + 1);
    EXPECT_GT(firstFlip, 1.0);
    EXPECT_LT(firstFlip, 5.0);

    for (int axis : {0, 2}) {
        Vec3 w0{eps, eps, eps};
        w0[axis] = omega;
        double departure = 0;
        for (const Vec3& w : trajectory(moments, w0, 30, 0.01))
            for (int i = 0; i < 3; ++i)
                if (i != axis) departure = std::max(departure, std::abs(w[i]));
        EXPECT_LT(departure, 5 * eps) << "axis " << axis;
        EXPECT_GT(departure, 0.5 * eps) << "axis " << axis;
    }
}

TEST(Rotation, SpinSplittingIsSecondOrder) {
    const Vec3 moments{1, 2, 3};
    const Vec3 w0{3, 2.5, 2.5};
    const double t = 2;
    const Outcome<Spin> reference = spin(moments, kTilted, w0, t, 1e-5);
    ASSERT_TRUE(reference.ok()) << reference.message;
    std::vector<double> errors;
    for (double h : {0.02, 0.01, 0.005}) {
        const Outcome<Spin> r = spin(moments, kTilted, w0, t, h);
        ASSERT_TRUE(r.ok()) << r.message;
        errors.push_back(std::max(norm(sub(r.value.angularVelocity, reference.value.angularVelocity)),
                                  orientationDistance(r.value.orientation, reference.value.orientation)));
    }
    for (std::size_t i = 1; i < errors.size(); ++i) {
        const double ratio = errors[i - 1] / errors[i];
        EXPECT_GT(ratio, 3.6) << "step halving " << i;
        EXPECT_LT(ratio, 4.4) << "step halving " << i;
    }
}

TEST(Rotation, SpinStepCountRoundsUpAndToleratesRounding) {
    const Vec3 moments{1, 2, 3};
    const Vec3 w0{3, 2.5, 2.5};
    // 0.3 / 0.1 is 2.9999999999999996 in binary: three steps of 0.1, not four.
    const Outcome<Spin> three = spin(moments, kTilted, w0, 0.3, 0.1);
    SpinState state;
    state.orientation = kTilted;
    state.angularVelocity = w0;
    SpinOptions options;
    options.duration = 0.1;
    options.timeStep = 0.1;
    for (int n = 0; n < 3; ++n) state = stateOf(simulateRotation(moments, state, options).value);
    EXPECT_LT(norm(sub(three.value.angularVelocity, state.angularVelocity)), 1e-13);
    EXPECT_LT(orientationDistance(three.value.orientation, state.orientation), 1e-13);
    // A step that does not divide the duration is shortened: 0.25 in steps of at most 0.1 is 3 steps.
    const Outcome<Spin> uneven = spin(moments, kTilted, w0, 0.25, 0.1);
    // 2.1 / 0.7 is 3.0000000000000004: still three steps.
    const Outcome<Spin> rounded = spin(moments, kTilted, w0, 2.1, 0.7);
    const Outcome<Spin> threeSteps = spin(moments, kTilted, w0, 2.1, 0.7 * (1 + 1e-9));
    EXPECT_LT(norm(sub(rounded.value.angularVelocity, threeSteps.value.angularVelocity)), 1e-12);
    const Outcome<Spin> even = spin(moments, kTilted, w0, 0.25, 0.25 / 3);
    EXPECT_LT(norm(sub(uneven.value.angularVelocity, even.value.angularVelocity)), 1e-13);
}

TEST(Rotation, SpinEdgeCases) {
    // Duration 0 returns the start unchanged, with its energy and world momentum.
    const Vec3 moments{1, 2, 3};
    const Vec3 w0{0.5, -1, 2};
    const Outcome<Spin> still = spin(moments, kTilted, w0, 0);
    ASSERT_TRUE(still.ok()) << still.message;
    EXPECT_EQ(still.value.orientation, kTilted);
    EXPECT_EQ(still.value.angularVelocity, w0);
    EXPECT_NEAR(still.value.kineticEnergy, 0.5 * (1 * 0.25 + 2 * 1 + 3 * 4), 1e-14);
    const Vec3 lw = rotate(detail::rotationMatrix(kTilted), bodyMomentum(moments, w0));
    EXPECT_LT(norm(sub(still.value.angularMomentum, lw)), 1e-14);

    // At rest nothing moves, for asymmetric and symmetric bodies alike.
    for (const Vec3& m : {Vec3{1, 2, 3}, Vec3{2, 2, 3}, Vec3{1, 1, 1}}) {
        const Outcome<Spin> rest = spin(m, kTilted, {0, 0, 0}, 10);
        ASSERT_TRUE(rest.ok()) << rest.message;
        EXPECT_LT(orientationDistance(rest.value.orientation, kTilted), 1e-15);
        EXPECT_EQ(rest.value.angularVelocity, (Vec3{0, 0, 0}));
        EXPECT_EQ(rest.value.kineticEnergy, 0);
    }

    // A sphere keeps its body angular velocity and turns about it at |w|.
    const Vec3 w{0.3, -1.1, 0.6};
    const Outcome<Spin> ball = spin({1.5, 1.5, 1.5}, kTilted, w, 7.5);
    ASSERT_TRUE(ball.ok()) << ball.message;
    EXPECT_LT(norm(sub(ball.value.angularVelocity, w)), 1e-14);
    const Mat3 expected = detail::multiply(detail::rotationMatrix(kTilted), rotationAbout(w, norm(w) * 7.5));
    EXPECT_LT(matrixDistance(detail::rotationMatrix(ball.value.orientation), expected), 1e-13);

    // A flat plate (I1 + I2 = I3) is a valid body, also with the rounding of computed moments.
    EXPECT_TRUE(spin({1, 2, 3 * (1 + 1e-12)}, kTilted, w0, 1).ok());

    // A quaternion off unit length by rounding is accepted and the result is unit.
    const Quat nearlyUnit{kTilted[0] * (1 + 1e-7), kTilted[1] * (1 + 1e-7), kTilted[2] * (1 + 1e-7),
                          kTilted[3] * (1 + 1e-7)};
    const Outcome<Spin> fixed = spin(moments, nearlyUnit, w0, 1);
    ASSERT_TRUE(fixed.ok()) << fixed.message;
    const Quat& q = fixed.value.orientation;
    EXPECT_NEAR(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], 1, 1e-15);
}

TEST(Rotation, SpinRejectsBadInput) {
    const double nan = std::nan(""), inf = INFINITY;
    const Vec3 w{1, 2, 3};
    auto expectStatus = [](const Outcome<Spin>& r, Status status, const char* mentions) {
        EXPECT_EQ(r.status, status) << r.message;
        EXPECT_FALSE(r.ok());
        EXPECT_NE(r.message.find(mentions), std::string::npos) << r.message;
    };
    // Not a physical body.
    expectStatus(spin({0, 1, 1}, kTilted, w, 1), Status::InvalidBody, "principal moments");
    expectStatus(spin({-1, 2, 2}, kTilted, w, 1), Status::InvalidBody, "triangle inequality");
    expectStatus(spin({1, 1, 2.5}, kTilted, w, 1), Status::InvalidBody, "triangle inequality");
    expectStatus(spin({3, 1, 1.5}, kTilted, w, 1), Status::InvalidBody, "triangle inequality");
    // Bad arguments.
    expectStatus(spin({1, nan, 2}, kTilted, w, 1), Status::InvalidArgument, "principal moments");
    expectStatus(spin({1, 2, inf}, kTilted, w, 1), Status::InvalidArgument, "principal moments");
    expectStatus(spin({1, 2, 2}, kTilted, {0, nan, 0}, 1), Status::InvalidArgument, "angular velocity");
    expectStatus(spin({1, 2, 2}, {0, 0, inf, 1}, w, 1), Status::InvalidArgument, "orientation");
    expectStatus(spin({1, 2, 2}, {0, 0, 0, 2}, w, 1), Status::InvalidArgument, "unit length");
    expectStatus(spin({1, 2, 2}, {0, 0, 0, 0}, w, 1), Status::InvalidArgument, "unit length");
    expectStatus(spin({1, 2, 2}, {0, 0, 0, 1 + 1e-5}, w, 1), Status::InvalidArgument, "unit length");
    expectStatus(spin({1, 2, 2}, kTilted, w, -1), Status::InvalidArgument, "duration");
    expectStatus(spin({1, 2, 2}, kTilted, w, nan), Status::InvalidArgument, "duration");
    expectStatus(spin({1, 2, 2}, kTilted, w, inf), Status::InvalidArgument, "duration");
    expectStatus(spin({1, 2, 2}, kTilted, w, 1, 0), Status::InvalidArgument, "timeStep");
    expectStatus(spin({1, 2, 2}, kTilted, w, 1, -1e-3), Status::InvalidArgument, "timeStep");
    expectStatus(spin({1, 2, 2}, kTilted, w, 1, nan), Status::InvalidArgument, "timeStep");
    expectStatus(spin({1, 2, 2}, kTilted, w, 1, inf), Status::InvalidArgument, "timeStep");
    // Too many steps to finish in reasonable time.
    expectStatus(spin({1, 2, 3}, kTilted, w, 1e6, 1e-6), Status::InvalidArgument, "steps");
    // Within the unit-length tolerance is fine.
    EXPECT_TRUE(spin({1, 2, 2}, {0, 0, 0, 1 + 5e-7}, w, 1).ok());
}

// Cause: one call could take up to 1e9 steps, about 100 s frozen in a browser tab; now more
// than kMaxSpinSteps steps are refused before any work, and the message names the bound so the
// caller knows to split the spin.
TEST(Rotation, SpinNeedingTooManyStepsFailsFastNamingTheBound) {
    const auto begin = std::chrono::steady_clock::now();
    // 1e3 s in steps of 1e-6 s: 1e9 steps, about 100 s of work if it were attempted.
    const Outcome<Spin> r = spin({1, 2, 3}, kTilted, {1, 2, 3}, 1e3, 1e-6);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    EXPECT_EQ(r.status, Status::InvalidArgument) << r.message;
    EXPECT_NE(r.message.find("1e+09 steps"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("1e+06"), std::string::npos) << r.message;  // kMaxSpinSteps
    EXPECT_LT(seconds, 0.5);
    // With the default timeStep of one 240 Hz frame, 1e4 s is 2.4e6 steps: also refused.
    EXPECT_EQ(SpinOptions{}.timeStep, 1.0 / 240);
    SpinState start;
    start.angularVelocity = {1, 2, 3};
    SpinOptions longRun;
    longRun.duration = 1e4;
    EXPECT_EQ(simulateRotation({1, 2, 3}, start, longRun).status, Status::InvalidArgument);
}

TEST(Rotation, SpinOfExactlyTheStepBoundIsAccepted) {
    // 1 s in steps of 1e-6 s is kMaxSpinSteps steps (1 / 1e-6 rounds to 1e6 within the slack);
    // 2e-6 s more is two steps too many.
    const Vec3 moments{1, 2, 3}, w0{0.3, -0.2, 0.1};
    const Outcome<Spin> at = spin(moments, kTilted, w0, 1, 1e-6);
    ASSERT_TRUE(at.ok()) << at.message;
    // The O(h^2) energy error is ~1e-12 at h = 1e-6; rounding over 1e6 steps adds a few 1e-11
    // (measured 2.6e-11 relative).
    const double e0 = 0.5 * (1 * 0.09 + 2 * 0.04 + 3 * 0.01);
    EXPECT_NEAR(at.value.kineticEnergy, e0, 1e-10 * e0);
    EXPECT_EQ(spin(moments, kTilted, w0, 1 + 2e-6, 1e-6).status, Status::InvalidArgument);
}

// Cause: the bound on steps must not reach symmetric bodies, which are advanced exactly in one
// step whatever the duration; and the exact solution must hold at long times.
//
// Closed form, derived from Euler's equations for torque-free motion (Landau & Lifshitz,
// Mechanics, sec. 36; Goldstein, Classical Mechanics, sec. 5.6):
//   I1 w1' = (I2 - I3) w2 w3,  I2 w2' = (I3 - I1) w3 w1,  I3 w3' = (I1 - I2) w1 w2.
// With I1 = I2 = a and I3 = c the last gives w3' = 0: w3 is constant. The first two become
// w1' = -Omega w2 and w2' = Omega w1 with Omega = (c - a) / a * w3, so (w1, w2) turns about e3 at
// the constant rate Omega: w(t) = (cos(Omega t) w1 - sin(Omega t) w2, sin(Omega t) w1 + cos(Omega t) w2, w3).
// The orientation is R(t) = rot(Lw, |L| t / a) R0 rot(e3, -Omega t) (as in SpinOfSymmetricTop).
TEST(Rotation, SymmetricBodyIsSolvedExactlyOverAnyDuration) {
    const double t = 1e6, h = 1e-6;  // 1e12 steps if it were stepped
    const Vec3 w0{1.2, -0.7, 3.1};
    const Mat3 r0 = detail::rotationMatrix(kTilted);
    for (const Vec3& moments : {Vec3{2, 2, 3}, Vec3{3, 3, 1}}) {
        const double a = moments[0], c = moments[2];
        const Outcome<Spin> r = spin(moments, kTilted, w0, t, h);
        ASSERT_TRUE(r.ok()) << r.message;
        const double omega = (c - a) / a * w0[2];
        const double cs = std::cos(omega * t), sn = std::sin(omega * t);
        const Vec3 w{cs * w0[0] - sn * w0[1], sn * w0[0] + cs * w0[1], w0[2]};
        // The phases are ~1e6 rad: their last bits (1e6 * 1e-16) differ between two ways of
        // rounding the same formula, so 1e-8 is the tolerance, far below an O(1) wrong answer.
        EXPECT_LT(norm(sub(r.value.angularVelocity, w)), 1e-8);
        EXPECT_DOUBLE_EQ(r.value.angularVelocity[2], w0[2]);  // constant, up to L3 / I3 rounding
        const Vec3 lw = rotate(r0, bodyMomentum(moments, w0));
        const Mat3 expected = detail::multiply(detail::multiply(rotationAbout(lw, norm(lw) * t / a), r0),
                                               rotationAbout({0, 0, 1}, -omega * t));
        EXPECT_LT(matrixDistance(detail::rotationMatrix(r.value.orientation), expected), 1e-8);
        // Energy and world angular momentum are those of the start.
        const double e0 = 0.5 * detail::dot(w0, bodyMomentum(moments, w0));
        EXPECT_NEAR(r.value.kineticEnergy, e0, 1e-13 * e0);
        EXPECT_LT(norm(sub(r.value.angularMomentum, lw)), 1e-12 * norm(lw));
    }
    // An asymmetric body over the same span is refused: it would be stepped.
    EXPECT_EQ(spin({2, 2.5, 3}, kTilted, w0, t, h).status, Status::InvalidArgument);
}

}  // namespace
}  // namespace massprops
