#include <gtest/gtest.h>

#include <cmath>

#include "test_meshes.h"

using namespace massprops;

namespace {

Body boxBody(const Vec3& lo, const Vec3& hi) {
    const Result r = measureMesh(testmesh::box(lo, hi).view());
    EXPECT_TRUE(r.ok()) << r.message;
    return toBody(r.value);
}

void expectNear(const Mat3& a, const Mat3& b, double tol) {
    for (int i = 0; i < 9; ++i) EXPECT_NEAR(a[i], b[i], tol) << "entry " << i;
}

}  // namespace

TEST(Combine, TwoHalvesMakeTheWhole) {
    const Result whole = measureMesh(testmesh::box({0, 0, 0}, {2, 1, 1}).view());
    const Result sum = combine({boxBody({0, 0, 0}, {1, 1, 1}), boxBody({1, 0, 0}, {2, 1, 1})});
    ASSERT_TRUE(sum.ok()) << sum.message;
    EXPECT_DOUBLE_EQ(sum.value.mass, whole.value.mass);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(sum.value.centerOfMass[k], whole.value.centerOfMass[k], 1e-15);
    expectNear(sum.value.inertia, whole.value.inertia, 1e-15);
}

TEST(Combine, SubtractedHoleMatchesTheHollowSolid) {
    Body hole = boxBody({1, 1, 1}, {3, 3, 3});
    hole.mass = -hole.mass;
    hole.volume = -hole.volume;
    for (double& x : hole.inertia) x = -x;
    const Result r = combine({boxBody({0, 0, 0}, {4, 4, 4}), hole});
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_DOUBLE_EQ(r.value.volume, 56);
    EXPECT_NEAR(r.value.inertia[0], (64 * 32 - 8 * 8) / 12.0, 1e-12);
    EXPECT_TRUE(std::isnan(r.value.surfaceArea));  // not derivable once a hole is cut
}

TEST(Combine, RemovingMoreThanThereIsFails) {
    Body big = boxBody({0, 0, 0}, {2, 2, 2});
    big.mass = -big.mass;
    big.volume = -big.volume;
    for (double& x : big.inertia) x = -x;
    EXPECT_EQ(combine({boxBody({0, 0, 0}, {1, 1, 1}), big}).status, Status::InvalidBody);
    EXPECT_EQ(combine({}).status, Status::InvalidArgument);
}

TEST(Transform, RotationAndTranslationMatchTheMovedMesh) {
    // A 1 x 2 x 3 box turned 90 degrees about z becomes a 2 x 1 x 3 box.
    const Body b = boxBody({0, 0, 0}, {1, 2, 3});
    Transform t;
    const double h = std::sqrt(0.5);
    t.quaternion = {0, 0, h, h};
    t.position = {10, 0, 0};
    const Result r = transform(b, t);
    ASSERT_TRUE(r.ok()) << r.message;
    const Result expected = measureMesh(testmesh::box({8, 0, 0}, {10, 1, 3}).view());
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.value.centerOfMass[k], expected.value.centerOfMass[k], 1e-14);
    expectNear(r.value.inertia, expected.value.inertia, 1e-13);
    EXPECT_NEAR(r.value.surfaceArea, 22, 1e-13);
}

TEST(Transform, NonUniformScaleStretchesTheTensorAndForgetsTheArea) {
    const Body b = boxBody({0, 0, 0}, {1, 1, 1});
    Transform t;
    t.scale = {2, -3, 1};
    const Result r = transform(b, t);
    ASSERT_TRUE(r.ok()) << r.message;
    const Result expected = measureMesh(testmesh::box({0, -3, 0}, {2, 0, 1}).view());
    EXPECT_DOUBLE_EQ(r.value.mass, 6);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.value.centerOfMass[k], expected.value.centerOfMass[k], 1e-14);
    expectNear(r.value.inertia, expected.value.inertia, 1e-13);
    EXPECT_TRUE(std::isnan(r.value.surfaceArea));
}

TEST(InertiaAbout, ParallelAxisAboutACorner) {
    // Unit cube about its corner: I_xx = 2/3, I_xy = -1/4 (textbook).
    const Body b = boxBody({0, 0, 0}, {1, 1, 1});
    Mat3 out;
    ASSERT_EQ(inertiaAbout(b, {0, 0, 0}, {0, 0, 0, 1}, out), Status::Ok);
    expectNear(out, {2.0 / 3, -0.25, -0.25, -0.25, 2.0 / 3, -0.25, -0.25, -0.25, 2.0 / 3}, 1e-15);
}

TEST(PrincipalFrame, RepeatedMomentsGiveCanonicalAxes) {
    const PrincipalFrame iso = principalFrame({2, 0, 0, 0, 2, 0, 0, 0, 2});
    EXPECT_EQ(iso.axes[0], (Vec3{1, 0, 0}));
    EXPECT_EQ(iso.axes[2], (Vec3{0, 0, 1}));
    // Axisymmetric about y: the distinct (smallest) moment's axis is +y.
    const PrincipalFrame cyl = principalFrame({5, 0, 0, 0, 1, 0, 0, 0, 5});
    EXPECT_NEAR(cyl.axes[0][1], 1, 1e-15);
    EXPECT_DOUBLE_EQ(cyl.moments[1], cyl.moments[2]);
    const Vec3 c = {cyl.axes[0][1] * cyl.axes[1][2] - cyl.axes[0][2] * cyl.axes[1][1],
                    cyl.axes[0][2] * cyl.axes[1][0] - cyl.axes[0][0] * cyl.axes[1][2],
                    cyl.axes[0][0] * cyl.axes[1][1] - cyl.axes[0][1] * cyl.axes[1][0]};
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(c[k], cyl.axes[2][k], 1e-15);  // right-handed
}

TEST(PrincipalFrame, DistinctMomentsAscendWithEigenvectors) {
    // diag(3, 1, 2) rotated: moments 1, 2, 3 along y, z, x.
    const PrincipalFrame f = principalFrame({3, 0, 0, 0, 1, 0, 0, 0, 2});
    EXPECT_NEAR(f.moments[0], 1, 1e-15);
    EXPECT_NEAR(f.moments[1], 2, 1e-15);
    EXPECT_NEAR(f.moments[2], 3, 1e-15);
    EXPECT_NEAR(std::abs(f.axes[0][1]), 1, 1e-15);
    EXPECT_NEAR(std::abs(f.axes[1][2]), 1, 1e-15);
    EXPECT_NEAR(std::abs(f.axes[2][0]), 1, 1e-15);
}
