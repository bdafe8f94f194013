// Torque-free rotation: closed-form solutions, conservation laws, stability and order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "internal.h"
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

SpinResult spin(const Vec3& moments, const Quat& q, const Vec3& w, double duration, double timeStep = 1e-3) {
    SpinState start;
    start.orientation = q;
    start.angularVelocity = w;
    SpinOptions options;
    options.duration = duration;
    options.timeStep = timeStep;
    return simulateRotation(moments, start, options);
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
            const SpinResult r = spin(moments, kTilted, w, t, 1.0 / 60);
            ASSERT_TRUE(r.ok()) << r.message;
            const Mat3 expected = detail::multiply(detail::rotationMatrix(kTilted), rotationAbout(axis, omega * t));
            EXPECT_LT(matrixDistance(detail::rotationMatrix(r.state.orientation), expected), 1e-12)
                << "axis " << i << " moments " << moments[0] << ", " << moments[1] << ", " << moments[2];
            EXPECT_LT(norm(sub(r.state.angularVelocity, w)), 1e-13);
            EXPECT_NEAR(r.kineticEnergy, 0.5 * moments[i] * omega * omega, 1e-12);
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
        const SpinResult r = spin(moments, kTilted, w0, t, timeStep);
        ASSERT_TRUE(r.ok()) << r.message;
        const double cs = std::cos(omega * t), sn = std::sin(omega * t);
        const Vec3 w{cs * w0[0] - sn * w0[1], sn * w0[0] + cs * w0[1], w0[2]};
        EXPECT_LT(norm(sub(r.state.angularVelocity, w)), velocityTolerance * (1 + t)) << "t = " << t;
        const Mat3 expected = detail::multiply(detail::multiply(rotationAbout(lw, norm(lw) * t / a), r0),
                                               rotationAbout({0, 0, 1}, -omega * t));
        EXPECT_LT(matrixDistance(detail::rotationMatrix(r.state.orientation), expected), angleTolerance * (1 + t))
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
        const SpinResult first = simulateRotation(moments, state, SpinOptions{});  // duration 0
        ASSERT_TRUE(first.ok()) << first.message;
        const double e0 = first.kineticEnergy;
        const Vec3 l0 = first.angularMomentum;
        double maxEnergyError = 0, maxMomentumError = 0, early = 0, late = 0;
        for (int n = 0; n < frames; ++n) {
            const SpinResult r = simulateRotation(moments, state, options);
            ASSERT_TRUE(r.ok()) << r.message;
            state = r.state;
            const double energyError = (r.kineticEnergy - e0) / e0;
            maxEnergyError = std::max(maxEnergyError, std::abs(energyError));
            maxMomentumError = std::max(maxMomentumError, norm(sub(r.angularMomentum, l0)) / norm(l0));
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
        const SpinResult whole = simulateRotation(moments, state, options);
        ASSERT_TRUE(whole.ok()) << whole.message;
        EXPECT_LT(std::abs(whole.kineticEnergy - e0) / e0, 1e-5);
        EXPECT_LT(norm(sub(whole.angularMomentum, l0)) / norm(l0), 1e-9);
        EXPECT_NEAR(std::hypot(std::hypot(whole.state.orientation[0], whole.state.orientation[1]),
                               std::hypot(whole.state.orientation[2], whole.state.orientation[3])),
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
        const SpinResult r = simulateRotation(moments, state, options);
        EXPECT_TRUE(r.ok()) << r.message;
        state = r.state;
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
    const SpinResult reference = spin(moments, kTilted, w0, t, 1e-5);
    ASSERT_TRUE(reference.ok()) << reference.message;
    std::vector<double> errors;
    for (double h : {0.02, 0.01, 0.005}) {
        const SpinResult r = spin(moments, kTilted, w0, t, h);
        ASSERT_TRUE(r.ok()) << r.message;
        errors.push_back(std::max(norm(sub(r.state.angularVelocity, reference.state.angularVelocity)),
                                  orientationDistance(r.state.orientation, reference.state.orientation)));
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
    const SpinResult three = spin(moments, kTilted, w0, 0.3, 0.1);
    SpinState state;
    state.orientation = kTilted;
    state.angularVelocity = w0;
    SpinOptions options;
    options.duration = 0.1;
    options.timeStep = 0.1;
    for (int n = 0; n < 3; ++n) state = simulateRotation(moments, state, options).state;
    EXPECT_LT(norm(sub(three.state.angularVelocity, state.angularVelocity)), 1e-13);
    EXPECT_LT(orientationDistance(three.state.orientation, state.orientation), 1e-13);
    // A step that does not divide the duration is shortened: 0.25 in steps of at most 0.1 is 3 steps.
    const SpinResult uneven = spin(moments, kTilted, w0, 0.25, 0.1);
    // 2.1 / 0.7 is 3.0000000000000004: still three steps.
    const SpinResult rounded = spin(moments, kTilted, w0, 2.1, 0.7);
    const SpinResult threeSteps = spin(moments, kTilted, w0, 2.1, 0.7 * (1 + 1e-9));
    EXPECT_LT(norm(sub(rounded.state.angularVelocity, threeSteps.state.angularVelocity)), 1e-12);
    const SpinResult even = spin(moments, kTilted, w0, 0.25, 0.25 / 3);
    EXPECT_LT(norm(sub(uneven.state.angularVelocity, even.state.angularVelocity)), 1e-13);
}

TEST(Rotation, SpinEdgeCases) {
    // Duration 0 returns the start unchanged, with its energy and world momentum.
    const Vec3 moments{1, 2, 3};
    const Vec3 w0{0.5, -1, 2};
    const SpinResult still = spin(moments, kTilted, w0, 0);
    ASSERT_TRUE(still.ok()) << still.message;
    EXPECT_EQ(still.state.orientation, kTilted);
    EXPECT_EQ(still.state.angularVelocity, w0);
    EXPECT_NEAR(still.kineticEnergy, 0.5 * (1 * 0.25 + 2 * 1 + 3 * 4), 1e-14);
    const Vec3 lw = rotate(detail::rotationMatrix(kTilted), bodyMomentum(moments, w0));
    EXPECT_LT(norm(sub(still.angularMomentum, lw)), 1e-14);

    // At rest nothing moves, for asymmetric and symmetric bodies alike.
    for (const Vec3& m : {Vec3{1, 2, 3}, Vec3{2, 2, 3}, Vec3{1, 1, 1}}) {
        const SpinResult rest = spin(m, kTilted, {0, 0, 0}, 10);
        ASSERT_TRUE(rest.ok()) << rest.message;
        EXPECT_LT(orientationDistance(rest.state.orientation, kTilted), 1e-15);
        EXPECT_EQ(rest.state.angularVelocity, (Vec3{0, 0, 0}));
        EXPECT_EQ(rest.kineticEnergy, 0);
    }

    // A sphere keeps its body angular velocity and turns about it at |w|.
    const Vec3 w{0.3, -1.1, 0.6};
    const SpinResult ball = spin({1.5, 1.5, 1.5}, kTilted, w, 7.5);
    ASSERT_TRUE(ball.ok()) << ball.message;
    EXPECT_LT(norm(sub(ball.state.angularVelocity, w)), 1e-14);
    const Mat3 expected = detail::multiply(detail::rotationMatrix(kTilted), rotationAbout(w, norm(w) * 7.5));
    EXPECT_LT(matrixDistance(detail::rotationMatrix(ball.state.orientation), expected), 1e-13);

    // A flat plate (I1 + I2 = I3) is a valid body, also with the rounding of computed moments.
    EXPECT_TRUE(spin({1, 2, 3 * (1 + 1e-12)}, kTilted, w0, 1).ok());

    // A quaternion off unit length by rounding is accepted and the result is unit.
    const Quat nearlyUnit{kTilted[0] * (1 + 1e-7), kTilted[1] * (1 + 1e-7), kTilted[2] * (1 + 1e-7),
                          kTilted[3] * (1 + 1e-7)};
    const SpinResult fixed = spin(moments, nearlyUnit, w0, 1);
    ASSERT_TRUE(fixed.ok()) << fixed.message;
    const Quat& q = fixed.state.orientation;
    EXPECT_NEAR(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], 1, 1e-15);
}

TEST(Rotation, SpinRejectsBadInput) {
    const double nan = std::nan(""), inf = INFINITY;
    const Vec3 w{1, 2, 3};
    auto expectStatus = [](const SpinResult& r, Status status, const char* mentions) {
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

}  // namespace
}  // namespace massprops
