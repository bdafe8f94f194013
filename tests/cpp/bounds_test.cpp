// The bounding box of a mesh result: of the vertices the triangles use, carried exactly through
// transforms that map axes onto axes and through unions of solids, dropped where it would only
// be an upper bound.
#include <gtest/gtest.h>

#include <cmath>

#include "test_meshes.h"

using namespace massprops;

namespace {

void expectBox(const MassProperties& v, const Vec3& min, const Vec3& max, double tol = 0) {
    ASSERT_TRUE(v.hasBounds);
    for (int k = 0; k < 3; ++k) {
        EXPECT_NEAR(v.bounds.min[k], min[k], tol) << "min " << k;
        EXPECT_NEAR(v.bounds.max[k], max[k], tol) << "max " << k;
    }
}

MassProperties measured(const testmesh::Mesh& m, MeshMode mode = MeshMode::Solid) {
    MeshOptions options;
    options.mode = mode;
    if (mode == MeshMode::Shell) options.thickness = 0.1;
    const Result r = measureMesh(m.view(), {}, options);
    EXPECT_TRUE(r.ok()) << r.message;
    return r.value;
}

}  // namespace

TEST(Bounds, MeshResultsCarryTheBoxOfTheVerticesTheTrianglesUse) {
    testmesh::Mesh m = testmesh::box({-1, 2, 3}, {4, 5, 9});
    // A vertex no triangle uses is not part of what was measured.
    m.positions.insert(m.positions.end(), {100, 100, 100});
    for (MeshMode mode : {MeshMode::Solid, MeshMode::Shell, MeshMode::Convex})
        expectBox(measured(m, mode), {-1, 2, 3}, {4, 5, 9});
}

TEST(Bounds, AnalyticShapesHaveNone) {
    const Result r = box(1, 2, 3);
    ASSERT_TRUE(r.ok());
    EXPECT_FALSE(r.value.hasBounds);
}

TEST(Bounds, ScaleTranslationMirrorAndQuarterTurnsMapTheBoxExactly) {
    const MassProperties v = measured(testmesh::box({0, 0, 0}, {1, 2, 3}));
    Transform t;
    t.scale = {-2, 2, 2};
    t.position = {10, 0, 0};
    const Result mirrored = transform(toBody(v), t);
    ASSERT_TRUE(mirrored.ok()) << mirrored.message;
    expectBox(mirrored.value, {8, 0, 0}, {10, 4, 6});
    // A quarter turn about z: x' = -y, y' = x (the quaternion's matrix has rounding-size zeros).
    Transform turn;
    turn.quaternion = {0, 0, std::sqrt(0.5), std::sqrt(0.5)};
    const Result turned = transform(toBody(v), turn);
    ASSERT_TRUE(turned.ok()) << turned.message;
    expectBox(turned.value, {-2, 0, 0}, {0, 1, 3}, 1e-15);
}

TEST(Bounds, AGeneralRotationDropsTheBox) {
    const MassProperties v = measured(testmesh::box({0, 0, 0}, {1, 2, 3}));
    Transform t;
    t.quaternion = {0, 0, 0.6, 0.8};
    const Result r = transform(toBody(v), t);
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_FALSE(r.value.hasBounds);
}

TEST(Bounds, CombinedSolidsHaveTheUnionAndAHoleDropsIt) {
    const MassProperties a = measured(testmesh::box({0, 0, 0}, {4, 4, 4}));
    const MassProperties b = measured(testmesh::box({5, -1, 1}, {6, 1, 2}));
    const Result both = combine({{toBody(a), false}, {toBody(b), false}});
    ASSERT_TRUE(both.ok()) << both.message;
    expectBox(both.value, {0, -1, 0}, {6, 4, 4});
    const MassProperties hole = measured(testmesh::box({1, 1, 1}, {3, 3, 3}));
    const Result hollow = combine({{toBody(a), false}, {toBody(hole), true}});
    ASSERT_TRUE(hollow.ok()) << hollow.message;
    EXPECT_FALSE(hollow.value.hasBounds);
    // A part without a box (an analytic shape) leaves the union unknown.
    const Result mixed = combine({{toBody(a), false}, {toBody(box(1, 1, 1).value), false}});
    ASSERT_TRUE(mixed.ok());
    EXPECT_FALSE(mixed.value.hasBounds);
}
