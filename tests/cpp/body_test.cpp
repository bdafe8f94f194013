#include <gtest/gtest.h>

#include <cmath>
#include <string>

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

// The same body with mass, volume and tensor negated: how holes were written before the hole
// rule moved into the core, and still a valid way to give one.
Body negated(Body b) {
    b.mass = -b.mass;
    b.volume = -b.volume;
    for (double& x : b.inertia) x = -x;
    return b;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The 4^3 box [0, 4]^3 with the 2^3 box [1, 3]^3 removed, at unit density. Both are centered at
// (2, 2, 2), so no parallel-axis terms: I_xx = 64 (16 + 16) / 12 - 8 (4 + 4) / 12 = 496 / 3,
// the same about every axis, no products of inertia.
void expectHollowBox(const Result& r) {
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_DOUBLE_EQ(r.value.volume, 56);
    EXPECT_DOUBLE_EQ(r.value.mass, 56);
    EXPECT_DOUBLE_EQ(r.value.density, 1);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.value.centerOfMass[k], 2, 1e-14);
    const double i = 496.0 / 3;
    expectNear(r.value.inertia, {i, 0, 0, 0, i, 0, 0, 0, i}, 1e-12);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.value.principalMoments[k], i, 1e-12);
    EXPECT_TRUE(std::isnan(r.value.surfaceArea));  // not derivable once a hole is cut
}

}  // namespace

TEST(Combine, TwoHalvesMakeTheWhole) {
    const Result whole = measureMesh(testmesh::box({0, 0, 0}, {2, 1, 1}).view());
    const Result sum = combine({Part{boxBody({0, 0, 0}, {1, 1, 1})}, Part{boxBody({1, 0, 0}, {2, 1, 1})}});
    ASSERT_TRUE(sum.ok()) << sum.message;
    EXPECT_DOUBLE_EQ(sum.value.mass, whole.value.mass);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(sum.value.centerOfMass[k], whole.value.centerOfMass[k], 1e-15);
    expectNear(sum.value.inertia, whole.value.inertia, 1e-15);
}

TEST(Combine, SubtractedHoleMatchesTheHollowSolid) {
    // The hole given with everything negated, as a caller of the old API wrote it.
    const Result r = combine({Part{boxBody({0, 0, 0}, {4, 4, 4})}, Part{negated(boxBody({1, 1, 1}, {3, 3, 3}))}});
    expectHollowBox(r);
    EXPECT_NEAR(r.value.inertia[0], (64 * 32 - 8 * 8) / 12.0, 1e-12);
}

// Cause: the hole rule lived only in the JS layer; the core added a hole's volume and tensor with
// the signs given, so a hole with only its mass negated added its solid's volume and moments.
// The rule now lives in the core and takes magnitudes.
TEST(Combine, HoleGivenWithOnlyItsMassNegatedIsSubtracted) {
    Body hole = boxBody({1, 1, 1}, {3, 3, 3});
    hole.mass = -hole.mass;
    expectHollowBox(combine({Part{boxBody({0, 0, 0}, {4, 4, 4})}, Part{hole}}));
}

TEST(Combine, HoleGivenWithMassVolumeAndInertiaNegatedIsSubtracted) {
    expectHollowBox(combine({Part{boxBody({0, 0, 0}, {4, 4, 4})}, Part{negated(boxBody({1, 1, 1}, {3, 3, 3}))}}));
}

// Cause: a hole flagged `subtract` must not need negated numbers, and a flagged hole given with
// negated numbers must not be subtracted twice (counted as a solid again).
TEST(Combine, HoleMarkedSubtractIsSubtractedWhicheverSignItsNumbersHave) {
    const Body outer = boxBody({0, 0, 0}, {4, 4, 4});
    const Body inner = boxBody({1, 1, 1}, {3, 3, 3});
    expectHollowBox(combine({Part{outer}, Part{inner, true}}));
    expectHollowBox(combine({Part{outer}, Part{negated(inner), true}}));
    Body massOnly = inner;
    massOnly.mass = -massOnly.mass;
    expectHollowBox(combine({Part{outer}, Part{massOnly, true}}));
    // The order of the parts does not matter.
    expectHollowBox(combine({Part{inner, true}, Part{outer}}));
}

// Cause: a hole is checked as the solid it removes; its error must say which part and that it
// is a hole, since the caller gave the numbers in some other sign.
TEST(Combine, NonPhysicalHoleIsRefusedAsAHole) {
    const Body outer = boxBody({0, 0, 0}, {4, 4, 4});
    Body flat = boxBody({1, 1, 1}, {3, 3, 3});
    flat.inertia = {1, 0, 0, 0, 1, 0, 0, 0, 3};  // 3 > 1 + 1: the triangle inequality fails
    for (const Part& hole : {Part{flat, true}, Part{negated(flat)}, Part{negated(flat), true}}) {
        const Result r = combine({Part{outer}, hole});
        EXPECT_EQ(r.status, Status::InvalidBody) << r.message;
        EXPECT_TRUE(contains(r.message, "part 1 (a hole)")) << r.message;
    }
    // The same numbers as a solid part are named without "(a hole)".
    const Result solid = combine({Part{outer}, Part{flat}});
    EXPECT_EQ(solid.status, Status::InvalidBody);
    EXPECT_TRUE(contains(solid.message, "part 1: ")) << solid.message;
    EXPECT_FALSE(contains(solid.message, "(a hole)")) << solid.message;
}

TEST(Combine, RemovingMoreThanThereIsFails) {
    const Body small = boxBody({0, 0, 0}, {1, 1, 1});
    const Body big = boxBody({0, 0, 0}, {2, 2, 2});
    EXPECT_EQ(combine({Part{small}, Part{negated(big)}}).status, Status::InvalidBody);
    Body bigMassOnly = big;
    bigMassOnly.mass = -bigMassOnly.mass;
    EXPECT_EQ(combine({Part{small}, Part{bigMassOnly}}).status, Status::InvalidBody);
    const Result flagged = combine({Part{small}, Part{big, true}});
    EXPECT_EQ(flagged.status, Status::InvalidBody);
    EXPECT_TRUE(contains(flagged.message, "more than the parts hold")) << flagged.message;
    // Removing exactly what there is leaves nothing: no body either.
    EXPECT_EQ(combine({Part{small}, Part{small, true}}).status, Status::InvalidBody);
    // Only holes.
    EXPECT_EQ(combine({Part{small, true}}).status, Status::InvalidBody);
    EXPECT_EQ(combine({}).status, Status::InvalidArgument);
}

TEST(Combine, HoleOutsideItsPartIsRefused) {
    // A unit hole 100 away from the 4^3 box: mass and volume stay positive (63), but the hole's
    // m d^2 = 98^2 about the new center exceeds the box's moments, so the tensor is not physical.
    const Result r = combine({Part{boxBody({0, 0, 0}, {4, 4, 4})}, Part{boxBody({100, 0, 0}, {101, 1, 1}), true}});
    EXPECT_EQ(r.status, Status::InvalidBody) << r.message;
}

// Cause: merging diagnostics lived only in the JS layer, so native callers lost them. Counts add
// up; a flag holds only if it holds for every part.
TEST(Combine, MeshPartsMergeTheirDiagnostics) {
    auto open = testmesh::box({2, 0, 0}, {3, 1, 1});
    open.indices.resize(open.indices.size() - 6);  // one face removed: 4 boundary edges
    auto twisted = testmesh::box({4, 0, 0}, {5, 1, 1});
    std::swap(twisted.indices[1], twisted.indices[2]);  // one triangle flipped: 3 inconsistent edges
    auto inside = testmesh::box({6, 0, 0}, {7, 1, 1});
    testmesh::flipAll(inside);  // measured flipped and reported inverted
    std::vector<Part> parts;
    for (const auto* m : {&open, &twisted, &inside}) {
        const Result r = measureMesh(m->view());
        ASSERT_TRUE(r.ok()) << r.message;
        ASSERT_TRUE(r.value.hasDiagnostics);
        parts.push_back(Part{toBody(r.value)});
    }
    parts.push_back(Part{boxBody({0, 0, 0}, {1, 1, 1})});  // closed, 12 triangles
    const Result r = combine(parts);
    ASSERT_TRUE(r.ok()) << r.message;
    ASSERT_TRUE(r.value.hasDiagnostics);
    const Diagnostics& d = r.value.diagnostics;
    EXPECT_EQ(d.triangles, 10u + 12u + 12u + 12u);
    EXPECT_EQ(d.boundaryEdges, 4u);
    EXPECT_FALSE(d.closed);
    EXPECT_EQ(d.inconsistentEdges, 3u);
    EXPECT_FALSE(d.consistentWinding);
    EXPECT_TRUE(d.inverted);
    EXPECT_EQ(d.nonManifoldEdges, 0u);
    EXPECT_EQ(d.degenerateTriangles, 0u);

    // Two closed cubes: 24 triangles, every flag still good.
    const Result two = combine({Part{boxBody({0, 0, 0}, {1, 1, 1})}, Part{boxBody({1, 0, 0}, {2, 1, 1})}});
    ASSERT_TRUE(two.ok()) << two.message;
    ASSERT_TRUE(two.value.hasDiagnostics);
    EXPECT_EQ(two.value.diagnostics.triangles, 24u);
    EXPECT_TRUE(two.value.diagnostics.closed);
    EXPECT_TRUE(two.value.diagnostics.consistentWinding);
    EXPECT_FALSE(two.value.diagnostics.inverted);
}

// Cause: an analytic shape has no mesh, so it has no diagnostics to report; a compound with
// one has none either, rather than counts that describe only some of its parts.
TEST(Combine, PartsWithoutDiagnosticsGiveNone) {
    const Result shapes = combine({Part{toBody(box(1, 2, 3).value)}, Part{toBody(sphere(1).value)}});
    ASSERT_TRUE(shapes.ok()) << shapes.message;
    EXPECT_FALSE(shapes.value.hasDiagnostics);
    const Result mixed = combine({Part{boxBody({0, 0, 0}, {4, 4, 4})}, Part{toBody(sphere(1).value)}});
    ASSERT_TRUE(mixed.ok()) << mixed.message;
    EXPECT_FALSE(mixed.value.hasDiagnostics);
    EXPECT_EQ(mixed.value.diagnostics.triangles, 0u);
    EXPECT_EQ(mixed.value.diagnostics.boundaryEdges, 0u);
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

// Cause: a moved mesh is the same surface, so its diagnostics must travel with it; an analytic
// shape moved still has none.
TEST(Transform, KeepsTheDiagnosticsOfAMeshBody) {
    auto open = testmesh::box({0, 0, 0}, {1, 1, 1});
    open.indices.resize(open.indices.size() - 6);
    const Result measured = measureMesh(open.view());
    ASSERT_TRUE(measured.ok()) << measured.message;
    Transform t;
    t.position = {1, 2, 3};
    t.scale = {2, 2, 2};
    const Result r = transform(toBody(measured.value), t);
    ASSERT_TRUE(r.ok()) << r.message;
    ASSERT_TRUE(r.value.hasDiagnostics);
    EXPECT_EQ(r.value.diagnostics.triangles, 10u);
    EXPECT_EQ(r.value.diagnostics.boundaryEdges, 4u);
    EXPECT_FALSE(r.value.diagnostics.closed);
    EXPECT_TRUE(r.value.diagnostics.consistentWinding);

    const Result shape = transform(toBody(box(1, 2, 3).value), t);
    ASSERT_TRUE(shape.ok()) << shape.message;
    EXPECT_FALSE(shape.value.hasDiagnostics);
}

TEST(InertiaAbout, ParallelAxisAboutACorner) {
    // Unit cube about its corner: I_xx = 2/3, I_xy = -1/4 (textbook).
    const Body b = boxBody({0, 0, 0}, {1, 1, 1});
    const Outcome<Mat3> out = inertiaAbout(b, {0, 0, 0}, {0, 0, 0, 1});
    ASSERT_TRUE(out.ok()) << out.message;
    EXPECT_TRUE(out.message.empty());
    expectNear(out.value, {2.0 / 3, -0.25, -0.25, -0.25, 2.0 / 3, -0.25, -0.25, -0.25, 2.0 / 3}, 1e-15);
}

TEST(Describe, AddsDensityAndThePrincipalFrame) {
    // A 1 x 2 x 3 box of mass 12 (density 2) written by hand: I = 12 diag(13, 10, 5) / 12.
    Body b;
    b.mass = 12;
    b.volume = 6;
    b.centerOfMass = {1, 2, 3};
    b.inertia = {13, 0, 0, 0, 10, 0, 0, 0, 5};
    b.surfaceArea = 22;
    b.surfaceCentroid = {1, 2, 3};
    const Result r = describe(b);
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_EQ(r.value.density, 2);
    EXPECT_NEAR(r.value.principalMoments[0], 5, 1e-14);
    EXPECT_NEAR(r.value.principalMoments[1], 10, 1e-14);
    EXPECT_NEAR(r.value.principalMoments[2], 13, 1e-14);
    EXPECT_NEAR(std::abs(r.value.principalAxes[0][2]), 1, 1e-15);
    EXPECT_NEAR(std::abs(r.value.principalAxes[2][0]), 1, 1e-15);
    EXPECT_FALSE(r.value.hasDiagnostics);
    // toBody gives back what went in.
    const Body back = toBody(r.value);
    EXPECT_EQ(back.mass, b.mass);
    EXPECT_EQ(back.inertia, b.inertia);
    EXPECT_EQ(back.centerOfMass, b.centerOfMass);
}

// Cause: describe replaced fromBody and must apply the same body rule as every other entry point.
TEST(Describe, RefusesANonPhysicalBody) {
    Body b;
    b.mass = 1;
    b.volume = 1;
    b.inertia = {1, 0, 0, 0, 1, 0, 0, 0, 3};  // 3 > 1 + 1: the triangle inequality fails
    const Result r = describe(b);
    EXPECT_EQ(r.status, Status::InvalidBody);
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(contains(r.message, "principal moments 1, 1, 3")) << r.message;
    b.inertia = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    b.mass = -1;  // a negative mass is a hole for combine, but no body on its own
    EXPECT_EQ(describe(b).status, Status::InvalidBody);
    b.mass = 1;
    b.centerOfMass[1] = std::nan("");
    EXPECT_EQ(describe(b).status, Status::InvalidBody);
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
