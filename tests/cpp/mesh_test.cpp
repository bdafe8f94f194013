#include <gtest/gtest.h>

#include <cmath>

#include "test_meshes.h"

using namespace massprops;

namespace {

// Closed form for a solid box a x b x c at density rho: I_xx = m (b^2 + c^2) / 12.
void expectBox(const MassProperties& r, double a, double b, double c, const Vec3& center, double rel) {
    const double m = a * b * c;
    EXPECT_NEAR(r.volume, m, rel * m);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.centerOfMass[k], center[k], rel * (std::abs(center[k]) + a + b + c));
    const double scale = m * (a * a + b * b + c * c);
    EXPECT_NEAR(r.inertia[0], m * (b * b + c * c) / 12, rel * scale);
    EXPECT_NEAR(r.inertia[4], m * (a * a + c * c) / 12, rel * scale);
    EXPECT_NEAR(r.inertia[8], m * (a * a + b * b) / 12, rel * scale);
    for (int k : {1, 2, 3, 5, 6, 7}) EXPECT_NEAR(r.inertia[k], 0, rel * scale);
}

}  // namespace

TEST(MeshIntegration, UnitCubeMatchesClosedForm) {
    const auto cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    const Result r = measureMesh(cube.view());
    ASSERT_TRUE(r.ok()) << r.message;
    expectBox(r.value, 1, 1, 1, {0.5, 0.5, 0.5}, 1e-15);
    EXPECT_DOUBLE_EQ(r.value.surfaceArea, 6);
    EXPECT_TRUE(r.value.hasDiagnostics);
    EXPECT_EQ(r.value.diagnostics.triangles, 12u);
    EXPECT_TRUE(r.value.diagnostics.closed);
    EXPECT_TRUE(r.value.diagnostics.consistentWinding);
    EXPECT_FALSE(r.value.diagnostics.inverted);
}

TEST(MeshIntegration, FarFromOriginKeepsDigitsInFloat32) {
    // 1e6 and 1e6 + 1 are exact in float: the exact answer is the unit cube's.
    const auto cube = testmesh::box({1e6, 1e6, 1e6}, {1e6 + 1, 1e6 + 1, 1e6 + 1});
    std::vector<float> p32(cube.positions.begin(), cube.positions.end());
    MeshView v = cube.view();
    v.positions = p32.data();
    v.positionType = ScalarType::Float32;
    const Result r = measureMesh(v);
    ASSERT_TRUE(r.ok()) << r.message;
    expectBox(r.value, 1, 1, 1, {1e6 + 0.5, 1e6 + 0.5, 1e6 + 0.5}, 1e-14);
}

TEST(MeshIntegration, DensityAndMassScaleExactly) {
    const auto b = testmesh::box({0, 0, 0}, {1, 2, 3});
    MassOptions byMass;
    byMass.given = MassOptions::Given::Mass;
    byMass.value = 12;
    const Result r = measureMesh(b.view(), byMass);
    ASSERT_TRUE(r.ok());
    EXPECT_DOUBLE_EQ(r.value.mass, 12);
    EXPECT_DOUBLE_EQ(r.value.density, 2);
    EXPECT_NEAR(r.value.inertia[0], 12 * (4 + 9) / 12.0, 1e-13);
}

TEST(MeshIntegration, InsideOutIsMeasuredFlippedAndReported) {
    auto cube = testmesh::box({0, 0, 0}, {2, 2, 2});
    testmesh::flipAll(cube);
    const Result r = measureMesh(cube.view());
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r.value.diagnostics.inverted);
    expectBox(r.value, 2, 2, 2, {1, 1, 1}, 1e-15);
}

TEST(MeshIntegration, CavityIsSubtracted) {
    // Outer box with an inward-wound inner box: a hollow solid.
    auto solid = testmesh::box({0, 0, 0}, {4, 4, 4});
    auto hole = testmesh::box({1, 1, 1}, {3, 3, 3});
    testmesh::flipAll(hole);
    testmesh::append(solid, hole);
    const Result r = measureMesh(solid.view());
    ASSERT_TRUE(r.ok());
    EXPECT_DOUBLE_EQ(r.value.volume, 64 - 8);
    // I_xx = 64 * 32 / 12 - 8 * 8 / 12 about the common center.
    EXPECT_NEAR(r.value.inertia[0], (64 * 32 - 8 * 8) / 12.0, 1e-12);
    EXPECT_EQ(r.value.diagnostics.boundaryEdges, 0u);
}

TEST(MeshValidation, BadInputNamesTheProblem) {
    auto cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    cube.indices[7] = 99;
    Result r = measureMesh(cube.view());
    EXPECT_EQ(r.status, Status::IndexOutOfRange);
    EXPECT_EQ(r.message, "index 99 at triangle 2 is out of range (8 vertices)");

    cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    cube.positions[4] = std::nan("");
    r = measureMesh(cube.view());
    EXPECT_EQ(r.status, Status::NonFinitePosition);
    EXPECT_EQ(r.message, "positions[4] (vertex 1, y) is NaN");

    cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    cube.indices.pop_back();
    EXPECT_EQ(measureMesh(cube.view()).status, Status::InvalidLength);

    MeshView empty;
    EXPECT_EQ(measureMesh(empty).status, Status::EmptyMesh);

    // Refused on its counts alone, before any data is read (none is given).
    MeshView huge = cube.view();
    huge.indices = nullptr;
    huge.indexCount = std::size_t(3) << 29;
    r = measureMesh(huge);
    EXPECT_EQ(r.status, Status::InvalidArgument);
    EXPECT_EQ(r.message, "mesh has 536870912 triangles; at most 536870911 are supported");

    cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    MassOptions negative;
    negative.value = -1;
    EXPECT_EQ(measureMesh(cube.view(), negative).status, Status::InvalidDensity);
    EXPECT_STREQ(statusCode(Status::InvalidDensity), "INVALID_DENSITY");
}

// inspectMesh reports failures in the same Outcome as every other entry point.
TEST(MeshValidation, InspectMeshNamesTheProblemToo) {
    auto cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    cube.indices[7] = 99;
    const Outcome<Diagnostics> r = inspectMesh(cube.view());
    EXPECT_EQ(r.status, Status::IndexOutOfRange);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.message, "index 99 at triangle 2 is out of range (8 vertices)");
    EXPECT_EQ(inspectMesh(MeshView{}).status, Status::EmptyMesh);
}

TEST(MeshValidation, FlatMeshHasNoVolume) {
    testmesh::Mesh quad;
    quad.positions = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
    quad.indices = {0, 1, 2, 0, 2, 3};
    EXPECT_EQ(measureMesh(quad.view()).status, Status::ZeroVolume);
}

TEST(MeshTopology, OpenBoxHasFourBoundaryEdges) {
    auto cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    cube.indices.resize(cube.indices.size() - 6);  // drop the last face
    const Outcome<Diagnostics> inspected = inspectMesh(cube.view());
    ASSERT_TRUE(inspected.ok()) << inspected.message;
    const Diagnostics& d = inspected.value;
    EXPECT_EQ(d.boundaryEdges, 4u);
    EXPECT_FALSE(d.closed);
    EXPECT_TRUE(d.consistentWinding);
}

TEST(MeshTopology, InspectMeshAgreesWithMeasureMesh) {
    // Inside-out, with one triangle flipped back: inverted and 3 inconsistent edges either way.
    auto cube = testmesh::box({0, 0, 0}, {2, 2, 2});
    testmesh::flipAll(cube);
    std::swap(cube.indices[1], cube.indices[2]);
    const Outcome<Diagnostics> inspected = inspectMesh(cube.view());
    const Result measured = measureMesh(cube.view());
    ASSERT_TRUE(inspected.ok()) << inspected.message;
    ASSERT_TRUE(measured.ok()) << measured.message;
    const Diagnostics &a = inspected.value, &b = measured.value.diagnostics;
    EXPECT_TRUE(a.inverted);
    EXPECT_EQ(a.inconsistentEdges, 3u);
    EXPECT_EQ(a.triangles, b.triangles);
    EXPECT_EQ(a.closed, b.closed);
    EXPECT_EQ(a.boundaryEdges, b.boundaryEdges);
    EXPECT_EQ(a.nonManifoldEdges, b.nonManifoldEdges);
    EXPECT_EQ(a.inconsistentEdges, b.inconsistentEdges);
    EXPECT_EQ(a.consistentWinding, b.consistentWinding);
    EXPECT_EQ(a.inverted, b.inverted);
    EXPECT_EQ(a.degenerateTriangles, b.degenerateTriangles);
}

TEST(MeshTopology, OneFlippedTriangleBreaksWindingOnItsThreeEdges) {
    auto cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    std::swap(cube.indices[1], cube.indices[2]);
    const Outcome<Diagnostics> inspected = inspectMesh(cube.view());
    ASSERT_TRUE(inspected.ok()) << inspected.message;
    const Diagnostics& d = inspected.value;
    EXPECT_TRUE(d.closed);
    EXPECT_EQ(d.inconsistentEdges, 3u);
    EXPECT_FALSE(d.consistentWinding);
}

TEST(MeshTopology, TriangleSoupIsWelded) {
    const auto cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    std::vector<double> soup;
    for (std::uint32_t i : cube.indices)
        for (int k = 0; k < 3; ++k) soup.push_back(cube.positions[3 * i + k]);
    MeshView v;
    v.positions = soup.data();
    v.positionCount = soup.size();
    const Result r = measureMesh(v);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r.value.diagnostics.closed);
    EXPECT_TRUE(r.value.diagnostics.consistentWinding);
    EXPECT_DOUBLE_EQ(r.value.volume, 1);
}

TEST(MeshTopology, TwoCubesSharingAnEdgeAreNonManifoldThere) {
    auto a = testmesh::box({0, 0, 0}, {1, 1, 1});
    testmesh::append(a, testmesh::box({1, 1, 0}, {2, 2, 1}));
    const Outcome<Diagnostics> inspected = inspectMesh(a.view());
    ASSERT_TRUE(inspected.ok()) << inspected.message;
    const Diagnostics& d = inspected.value;
    // The shared edge x = y = 1, z in [0, 1] is used by two triangles of each cube: 4 uses.
    EXPECT_EQ(d.nonManifoldEdges, 1u);
    EXPECT_TRUE(d.closed);
    EXPECT_EQ(d.boundaryEdges, 0u);
}

TEST(MeshTopology, TinyMeshesWeldOnTheirOwnScale) {
    // Edge 1e-305: the weld tolerance (the rule at kWeldTolerance) is subnormal; the corners must
    // stay distinct, so the box with a face removed shows that face's 4 edges as its boundary.
    auto tiny = testmesh::box({0, 0, 0}, {1e-305, 1e-305, 1e-305});
    tiny.indices.resize(tiny.indices.size() - 6);
    const Outcome<Diagnostics> inspected = inspectMesh(tiny.view());
    ASSERT_TRUE(inspected.ok()) << inspected.message;
    const Diagnostics& d = inspected.value;
    EXPECT_FALSE(d.closed);
    EXPECT_EQ(d.boundaryEdges, 4u);
}
