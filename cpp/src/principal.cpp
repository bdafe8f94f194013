// Principal moments and axes: the eigen-decomposition of the symmetric inertia tensor, made
// canonical so that repeated moments (spheres, cubes, cylinders) give the same axes every time.
#include <Eigen/Eigenvalues>
#include <algorithm>

#include "linalg.h"

namespace massprops {

namespace {

using detail::cross;
using detail::dot;
using detail::norm;
using detail::scale;

// Sign convention: the component of largest magnitude is positive (the first one on ties).
Vec3 canonicalSign(const Vec3& v) {
    int k = 0;
    for (int i = 1; i < 3; ++i)
        if (std::abs(v[i]) > std::abs(v[k]) + 1e-12) k = i;
    return v[k] < 0 ? scale(v, -1) : v;
}

// A unit vector perpendicular to unit `n`, from the world axis least aligned with it.
Vec3 canonicalPerpendicular(const Vec3& n) {
    int k = 0;
    for (int i = 1; i < 3; ++i)
        if (std::abs(n[i]) < std::abs(n[k]) - 1e-12) k = i;
    Vec3 e{0, 0, 0};
    e[k] = 1;
    const Vec3 u = detail::sub(e, scale(n, dot(e, n)));
    return scale(u, 1 / norm(u));
}

}  // namespace

namespace {

// Eigenvalues (ascending) and unit eigenvectors of the symmetric part of `inertia`.
void eigenSystem(const Mat3& inertia, Vec3& values, Vec3 (&vectors)[3]) {
    if (inertia[1] == 0 && inertia[2] == 0 && inertia[3] == 0 && inertia[5] == 0 && inertia[6] == 0 &&
        inertia[7] == 0) {
        // Diagonal (every analytic shape): the diagonal exactly, however far apart its entries
        // are (a scaled solve would flush a moment 1e-300 of the largest to zero).
        int order[3] = {0, 1, 2};
        std::sort(order, order + 3, [&](int a, int b) { return inertia[4 * a] < inertia[4 * b]; });
        for (int i = 0; i < 3; ++i) {
            values[i] = inertia[4 * order[i]];
            vectors[i] = {0, 0, 0};
            vectors[i][order[i]] = 1;
        }
        return;
    }
    // Solved at unit scale: the solver squares entries, which would overflow for a tensor near
    // 1e308 (or underflow near 1e-308); eigenvalues scale back linearly, eigenvectors not at all.
    double largest = 0;
    for (double x : inertia) largest = std::max(largest, std::abs(x));
    const double unit = largest > 0 && std::isfinite(largest) ? largest : 1;
    Eigen::Matrix3d m;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) m(i, j) = 0.5 * (inertia[3 * i + j] / unit + inertia[3 * j + i] / unit);
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(m);
    for (int i = 0; i < 3; ++i) {
        values[i] = solver.eigenvalues()(i) * unit;  // ascending
        vectors[i] = {solver.eigenvectors()(0, i), solver.eigenvectors()(1, i), solver.eigenvectors()(2, i)};
        vectors[i] = scale(vectors[i], 1 / norm(vectors[i]));
    }
}

}  // namespace

PrincipalFrame principalFrame(const Mat3& inertia) {
    PrincipalFrame frame;
    Vec3 v[3];
    eigenSystem(inertia, frame.moments, v);
    const Vec3& l = frame.moments;
    // Moments closer than this are the same moment measured with rounding error.
    const double tol = 1e-10 * std::max({std::abs(l[0]), std::abs(l[1]), std::abs(l[2])});
    const bool low = l[1] - l[0] <= tol, high = l[2] - l[1] <= tol;
    Vec3 a0, a1, a2;
    if (low && high) {
        a0 = {1, 0, 0};
        a1 = {0, 1, 0};
        a2 = {0, 0, 1};
        const double mean = l[0] / 3 + l[1] / 3 + l[2] / 3;  // divided first: no overflow near 1e308
        frame.moments = {mean, mean, mean};
    } else if (low) {
        a2 = canonicalSign(v[2]);
        a0 = canonicalPerpendicular(a2);
        a1 = cross(a2, a0);
        const double mean = 0.5 * l[0] + 0.5 * l[1];
        frame.moments[0] = frame.moments[1] = mean;
    } else if (high) {
        a0 = canonicalSign(v[0]);
        a1 = canonicalPerpendicular(a0);
        a2 = cross(a0, a1);
        const double mean = 0.5 * l[1] + 0.5 * l[2];
        frame.moments[1] = frame.moments[2] = mean;
    } else {
        a0 = canonicalSign(v[0]);
        a1 = canonicalSign(v[1]);
        // Re-orthogonalise against rounding, then complete a right-handed frame.
        a1 = detail::sub(a1, scale(a0, dot(a0, a1)));
        a1 = scale(a1, 1 / norm(a1));
        a2 = cross(a0, a1);
    }
    frame.axes = {a0, a1, a2};
    const Mat3 r{a0[0], a1[0], a2[0], a0[1], a1[1], a2[1], a0[2], a1[2], a2[2]};
    frame.rotation = detail::quaternionFromMatrix(r);
    return frame;
}

}  // namespace massprops
