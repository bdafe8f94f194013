// Torque-free rotation of a rigid body (Euler's equations) by an exact splitting.
//
// State: body angular momentum L = I w and the orientation q (body -> world). The Hamiltonian
// H = sum_i L_i^2 / (2 I_i) splits into three parts whose flows are exact rotations: under
// H_i = L_i^2 / (2 I_i) the angular velocity is the constant (L_i / I_i) e_i, so the body spins
// about its axis i by the angle phi = L_i h / I_i (q <- q * rot(e_i, +phi)) while L, seen from
// the body, turns the other way (L <- rot(e_i, -phi) L, from dL/dt = L x w). Composing the flows
// symmetrically (Strang) gives a second-order symplectic, time-reversible integrator that keeps
// |L| and the world angular momentum R(q) L to rounding and the energy within O(h^2) for all time.
// See R. McLachlan, "Explicit Lie-Poisson integration and the Euler equations", Phys. Rev. Lett.
// 71 (1993) 3043; J. Touma & J. Wisdom, "Lie-Poisson integrators for rigid body dynamics in the
// solar system", Astron. J. 107 (1994) 1189; E. Hairer, C. Lubich & G. Wanner, "Geometric
// Numerical Integration", 2nd ed., sec. VII.5.
//
// A symmetric body (two equal moments) is instead advanced exactly, in one step: its Hamiltonian
// splits into |L|^2 / (2 I_a), invariant under all rotations, and a term in L_c alone; the two
// flows commute, so composing them is the exact solution (Hairer, Lubich & Wanner, sec. VII.5.3).
#include <algorithm>
#include <cmath>

#include "linalg.h"
#include "physical.h"
#include "status.h"

namespace massprops {

using detail::Failure;
using detail::formatNumber;

namespace {

// Hamilton product a * b of quaternions [x, y, z, w]: rotation b first, then a.
Quat multiply(const Quat& a, const Quat& b) {
    return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

Quat normalized(const Quat& q) {
    const double n = detail::quaternionNorm(q);
    return {q[0] / n, q[1] / n, q[2] / n, q[3] / n};
}

// The exact flow of H_i = L_i^2 / (2 I_i) for a time h (see the top of the file).
void axisFlow(int i, double inverseMoment, double h, Vec3& l, Quat& q) {
    const double half = 0.5 * l[i] * inverseMoment * h;
    const double s = std::sin(half), c = std::cos(half);
    Quat p{0, 0, 0, c};
    p[i] = s;
    q = multiply(q, p);
    // L <- rot(e_i, -phi) L with sin(phi) = 2 s c and cos(phi) = 1 - 2 s^2 from the half angle.
    const double sinPhi = 2 * s * c, cosPhi = 1 - 2 * s * s;
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    const double lj = l[j], lk = l[k];
    l[j] = cosPhi * lj + sinPhi * lk;
    l[k] = -sinPhi * lj + cosPhi * lk;
}

// The rotation by `angle` about the unit axis `axis`.
Quat axisAngle(const Vec3& axis, double angle) {
    const double s = std::sin(0.5 * angle);
    return {axis[0] * s, axis[1] * s, axis[2] * s, std::cos(0.5 * angle)};
}

// Exact motion of a body with I_a = I_b (c the remaining axis; any axis for a sphere), for a time t.
void symmetricFlow(int c, const Vec3& moments, double t, Vec3& l, Quat& q) {
    const int a = (c + 1) % 3;
    const double ia = moments[a];
    const double lengthL = detail::norm(l);
    if (lengthL == 0) return;  // at rest
    // |L|^2 / (2 I_a): w = L / I_a is constant in the body, which turns about it.
    q = multiply(q, axisAngle(detail::scale(l, 1 / lengthL), lengthL * t / ia));
    // (1/I_c - 1/I_a) L_c^2 / 2: the axisFlow with inverse moment 1/I_c - 1/I_a, computed as a
    // quotient so that nearly equal moments do not cancel.
    axisFlow(c, (ia - moments[c]) / (ia * moments[c]), t, l, q);
}

// Checks the arguments of simulateRotation; fills `message` on failure.
Status checkSpin(const Vec3& moments, const SpinState& start, const SpinOptions& options, std::string& message) {
    if (!detail::allFinite(moments)) {
        message = "principal moments must be finite numbers";
        return Status::InvalidArgument;
    }
    if (!detail::allFinite(start.angularVelocity)) {
        message = "angular velocity must be finite";
        return Status::InvalidArgument;
    }
    if (!detail::unitQuaternion(start.orientation, "orientation", message)) return Status::InvalidArgument;
    if (!std::isfinite(options.duration) || options.duration < 0) {
        message = "duration must be a finite number >= 0 (got " + formatNumber(options.duration) + ")";
        return Status::InvalidArgument;
    }
    if (!std::isfinite(options.timeStep) || options.timeStep <= 0) {
        message = "timeStep must be a finite number > 0 (got " + formatNumber(options.timeStep) + ")";
        return Status::InvalidArgument;
    }
    // The body rule of every entry point, and strictly positive: a zero moment has no motion.
    const double sum = moments[0] + moments[1] + moments[2];
    if (moments[0] <= 0 || moments[1] <= 0 || moments[2] <= 0 || !std::isfinite(sum) ||
        !detail::physicalMoments(moments, 1e-9 * sum)) {
        message = "principal moments (" + formatNumber(moments[0]) + ", " + formatNumber(moments[1]) + ", " +
                  formatNumber(moments[2]) + ") must be positive and obey the triangle inequality";
        return Status::InvalidBody;
    }
    // L = I w and the energy w.L/2 must be finite for the motion to be computed at all.
    const Vec3& w = start.angularVelocity;
    const Vec3 l{moments[0] * w[0], moments[1] * w[1], moments[2] * w[2]};
    if (!std::isfinite(detail::dot(l, w)) || !detail::allFinite(l)) {
        const double largestW = std::max({std::abs(w[0]), std::abs(w[1]), std::abs(w[2])});
        message = "angular velocity (components up to " + formatNumber(largestW) + " rad/s) and moments up to " +
                  formatNumber(std::max({moments[0], moments[1], moments[2]})) +
                  " give an angular momentum or energy beyond double precision";
        return Status::InvalidArgument;
    }
    return Status::Ok;
}

// The index of the symmetry axis of a body with two equal moments (up to rounding), or -1.
int symmetryAxisOf(const Vec3& moments) {
    const double largest = std::max({moments[0], moments[1], moments[2]});
    int axis = -1;
    double closest = 1e-12 * largest;  // equal up to rounding
    for (int c = 0; c < 3; ++c) {
        const double gap = std::abs(moments[(c + 1) % 3] - moments[(c + 2) % 3]);
        if (gap <= closest) {
            closest = gap;
            axis = c;
        }
    }
    return axis;
}

// Strang splitting of the three axis flows over `steps` equal steps (see the top of the file).
void splitFlow(const Vec3& inverse, double duration, double steps, Vec3& l, Quat& q) {
    const auto count = static_cast<long long>(steps);
    const double h = duration / steps;
    for (long long n = 0; n < count; ++n) {
        axisFlow(0, inverse[0], 0.5 * h, l, q);
        axisFlow(1, inverse[1], 0.5 * h, l, q);
        axisFlow(2, inverse[2], h, l, q);
        axisFlow(1, inverse[1], 0.5 * h, l, q);
        axisFlow(0, inverse[0], 0.5 * h, l, q);
        // Each factor is a unit quaternion; renormalising removes the rounding random walk.
        if ((n & 63) == 63) q = normalized(q);
    }
}

}  // namespace

Outcome<Spin> simulateRotation(const Vec3& moments, const SpinState& start, const SpinOptions& options) {
    std::string message;
    const Status status = checkSpin(moments, start, options, message);
    if (status != Status::Ok) return Failure{status, message};
    const int symmetryAxis = symmetryAxisOf(moments);
    // The step count; the small slack keeps e.g. 2.1 / 0.7 = 3.0000000000000004 from costing an
    // extra step. A symmetric body needs no steps, whatever the duration.
    const double steps = std::max(1.0, std::ceil(options.duration / options.timeStep * (1 - 1e-12)));
    if (symmetryAxis < 0 && steps > kMaxSpinSteps)
        return Failure{Status::InvalidArgument,
                       "duration / timeStep needs " + formatNumber(steps) + " steps, more than the " +
                           formatNumber(kMaxSpinSteps) +
                           " one call may take: advance in several calls or use a larger timeStep"};

    Outcome<Spin> result;
    Spin& out = result.value;
    Quat q = normalized(start.orientation);
    const Vec3& w0 = start.angularVelocity;
    Vec3 l{moments[0] * w0[0], moments[1] * w0[1], moments[2] * w0[2]};
    const Vec3 inverse{1 / moments[0], 1 / moments[1], 1 / moments[2]};
    if (options.duration == 0) {
        out.orientation = start.orientation;
        out.angularVelocity = start.angularVelocity;
    } else {
        if (symmetryAxis >= 0)
            symmetricFlow(symmetryAxis, moments, options.duration, l, q);
        else
            splitFlow(inverse, options.duration, steps, l, q);
        q = normalized(q);
        out.orientation = q;
        out.angularVelocity = {l[0] * inverse[0], l[1] * inverse[1], l[2] * inverse[2]};
    }
    if (!detail::allFinite(out.orientation) || !detail::allFinite(out.angularVelocity))
        return Failure{Status::InvalidArgument,
                       "the spin turns through more than double precision can hold (duration " +
                           formatNumber(options.duration) + " s): advance a shorter duration"};
    const Vec3& w = out.angularVelocity;
    const Vec3 bodyL{moments[0] * w[0], moments[1] * w[1], moments[2] * w[2]};
    out.kineticEnergy = 0.5 * detail::dot(w, bodyL);
    const Mat3 r = detail::rotationMatrix(q);  // q is the unit version of the returned orientation
    for (int i = 0; i < 3; ++i)
        out.angularMomentum[i] = r[3 * i] * bodyL[0] + r[3 * i + 1] * bodyL[1] + r[3 * i + 2] * bodyL[2];
    // Moments of wildly different sizes (ratios near 1e150) can carry the momentum onto the tiny
    // axis, where the speed overflows: refused rather than returned as Infinity.
    if (!std::isfinite(out.kineticEnergy) || !detail::allFinite(out.angularVelocity) ||
        !detail::allFinite(out.angularMomentum))
        return Failure{Status::InvalidArgument, "the spin leaves double precision (moments " +
                                                    formatNumber(moments[0]) + ", " + formatNumber(moments[1]) + ", " +
                                                    formatNumber(moments[2]) +
                                                    " differ too much in size for this angular velocity)"};
    return result;
}

}  // namespace massprops
