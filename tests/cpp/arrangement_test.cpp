// Overlaps counted once: pieces that cross or nest, and a piece that passes through itself, are
// measured as the solid { w >= 1 } of their winding number. Expected values come from closed
// forms (boxes, frusta) or from closed halves built by hand and measured by the clean path.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "../../cpp/src/orient.h"
#include "mass_properties/mass_properties.h"
#include "repair_meshes.h"
#include "test_meshes.h"

namespace {

using massprops::MassOptions;
using massprops::MeshOptions;
using massprops::Repairs;
using massprops::Result;
using massprops::Vec3;
using repairmesh::Moments;
using testmesh::Mesh;

Result measure(const Mesh& m, bool intersections = false) {
    MeshOptions options;
    options.intersections = intersections;
    return massprops::measureMesh(m.view(), MassOptions{}, options);
}

// Volume, center and tensor to `rel` (of the volume, of `size`, of the largest moment).
void expectSolid(const massprops::MassProperties& got, const Moments& want, double size, double rel) {
    ASSERT_NEAR(got.volume, want.volume, rel * std::abs(want.volume));
    const Vec3 c = want.center();
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(got.centerOfMass[k], c[k], rel * size) << "center " << k;
    const massprops::Mat3 i = want.centralInertia();
    const double scale = std::max({std::abs(i[0]), std::abs(i[4]), std::abs(i[8])});
    for (int k = 0; k < 9; ++k) EXPECT_NEAR(got.inertia[k] / got.density, i[k], rel * scale) << "inertia " << k;
}

Mesh translated(Mesh m, const Vec3& by) {
    for (std::size_t i = 0; i < m.positions.size(); ++i) m.positions[i] += by[i % 3];
    return m;
}

// --- the exact predicates -----------------------------------------------------------------------

// Points a hair off a plane (2^-60 of a unit triangle): the float filter cannot tell, the
// expansions must. The plane z = 2^-70 x is tilted by less than a rounding of 1.
int orient3d(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    return massprops::detail::orient3d(a, b, c, d);
}

TEST(Orient, DecidesPointsAHairOffThePlane) {
    const Vec3 a{0, 0, 0}, b{1, 0, 0}, c{0, 1, 0};
    EXPECT_EQ(orient3d(a, b, c, {0.3, 0.3, 0x1p-60}), 1);
    EXPECT_EQ(orient3d(a, b, c, {0.3, 0.3, -0x1p-60}), -1);
    EXPECT_EQ(orient3d(a, b, c, {0.3, 0.3, 0}), 0);
    // Far from the origin, where the differences themselves round.
    const Vec3 o{1e6 + 0.5, -3e5, 7e5};
    const auto at = [&](double x, double y, double z) { return Vec3{o[0] + x, o[1] + y, o[2] + z}; };
    EXPECT_EQ(orient3d(at(0, 0, 0), at(1, 0, 0), at(0, 1, 0), at(0.25, 0.25, 0)), 0);
    EXPECT_EQ(orient3d(at(0, 0, 0), at(1, 0, 0), at(0, 1, 0), at(0.25, 0.25, 0x1p-33)), 1);
    // Tilted: z = 2^-70 x through the origin; (1, 0, 0) lies below it by 2^-70.
    EXPECT_EQ(orient3d({0, 0, 0}, {0, 1, 0}, {0x1p70, 0, 1}, {1, 0, 0}), 1);
    EXPECT_EQ(orient3d({0, 0, 0}, {0, 1, 0}, {0x1p70, 0, 1}, {0x1p70, 5, 1}), 0);
}

// A weighted point lies exactly on its triangle's plane, wherever rounding puts its value, and
// on the side of another plane its exact position says.
TEST(Orient, WeightedPointsAreExactlyOnTheirTriangle) {
    using massprops::detail::weightedPoint;
    const auto onPlane = [](const Vec3& a, const Vec3& b, const Vec3& c, const massprops::detail::WeightedPoint& p) {
        return massprops::detail::orient3d(a, b, c, p);
    };
    const Vec3 a{0.1, 0.7, 0.3}, b{1.3, -0.2, 0.9}, c{-0.4, 0.5, 1.7};
    for (double w : {1.0, 3.0, 0x1p40 - 7}) {
        const auto p = weightedPoint(a, b, c, w, 1, 2);
        EXPECT_EQ(onPlane(a, b, c, p), 0);
        EXPECT_EQ(onPlane(b, c, a, p), 0);
    }
    // (a + b) / 2 exactly: on the plane through a, b and any third point.
    const auto mid = weightedPoint(a, b, c, 1, 1, 0);
    EXPECT_EQ(onPlane(a, b, {5, 5, 5}, mid), 0);
    EXPECT_EQ(onPlane(a, c, {5, 5, 5}, mid), orient3d(a, c, {5, 5, 5}, b));
}

TEST(Orient, CollinearIsExact) {
    using massprops::detail::collinear;
    EXPECT_TRUE(collinear({0, 0, 0}, {1, 1, 1}, {3, 3, 3}));
    EXPECT_TRUE(collinear({0.1, 0.2, 0.3}, {0.1, 0.2, 0.3}, {4, 5, 6}));
    EXPECT_FALSE(collinear({0, 0, 0}, {1, 1, 1}, {3, 3, 3 + 0x1p-50}));
}

// --- pieces that cross or nest --------------------------------------------------------------------

// Two boxes that overlap in every axis: A + B - (A and B), whatever the order of the triangles,
// where the first corner of each is, far from the origin, or with everything inside-out.
TEST(Arrangement, OverlappingBoxesAreTheirUnionUnderEveryEdit) {
    const Vec3 aLo{0, 0, 0}, aHi{3, 2, 1.5}, bLo{1.25, 0.5, -0.75}, bHi{4, 3.5, 1};
    const Vec3 iLo{1.25, 0.5, 0}, iHi{3, 2, 1};
    const Moments want =
        repairmesh::boxMoments(aLo, aHi).plus(repairmesh::boxMoments(bLo, bHi)).minus(repairmesh::boxMoments(iLo, iHi));
    Mesh m = testmesh::box(aLo, aHi);
    testmesh::append(m, testmesh::box(bLo, bHi));
    repairmesh::Random random;
    for (int edit = 0; edit < 5; ++edit) {
        SCOPED_TRACE("edit " + std::to_string(edit));
        Mesh e = m;
        Vec3 shift{0, 0, 0};
        if (edit == 1) repairmesh::shuffleTriangles(e, random);
        if (edit == 2) repairmesh::rotateCorners(e, random);
        if (edit == 3) testmesh::flipAll(e);
        if (edit == 4) {
            shift = {1e6, -2.5e6, 3e5};
            e = translated(e, shift);
        }
        const Result r = measure(e);
        ASSERT_TRUE(r.ok()) << r.message;
        massprops::MassProperties back = r.value;  // moved back, to compare with the moments about the origin
        for (int k = 0; k < 3; ++k) back.centerOfMass[k] -= shift[k];
        expectSolid(back, want, 4, edit == 4 ? 1e-9 : 1e-13);
        const Repairs& rep = r.value.diagnostics.repairs;
        EXPECT_EQ(rep.intersectingShells, 2u);
        EXPECT_GT(rep.intersectingTriangles, 0u);
        EXPECT_NEAR(rep.overlapVolume, 1.75 * 1.5 * 1, edit == 4 ? 1e-6 : 1e-13);
        EXPECT_EQ(rep.cavities, 0u);
    }
}

// Three boxes that overlap in places two and three deep: every point of the union counts once.
TEST(Arrangement, OverlapsSeveralDeepCountOnce) {
    Mesh m = testmesh::box({0, 0, 0}, {2, 2, 2});
    testmesh::append(m, testmesh::box({1, 0.5, 0.5}, {3, 1.5, 1.5}));
    testmesh::append(m, testmesh::box({1.5, 0.25, 0.25}, {2.5, 1.75, 1.75}));
    const Result r = measure(m);
    ASSERT_TRUE(r.ok()) << r.message;
    // [0,2]^3 plus the parts of the other two beyond x = 2, less what those two share there.
    const Moments want = repairmesh::boxMoments({0, 0, 0}, {2, 2, 2})
                             .plus(repairmesh::boxMoments({2, 0.5, 0.5}, {3, 1.5, 1.5}))
                             .plus(repairmesh::boxMoments({2, 0.25, 0.25}, {2.5, 1.75, 1.75}))
                             .minus(repairmesh::boxMoments({2, 0.5, 0.5}, {2.5, 1.5, 1.5}));
    expectSolid(r.value, want, 3, 1e-13);
    EXPECT_EQ(r.value.diagnostics.repairs.intersectingShells, 3u);
}

// A ball (a UV sphere, its equator in the plane z = 0) on a box whose top face is that plane:
// the lower half lies in the box, so the solid is the box plus the upper half ball. The half
// ball is the lower half closed by a flat fan, measured by the clean path, and mirrored. The
// equator's edges lie in the box's face: every contact there is degenerate.
TEST(Arrangement, BallSunkHalfIntoABoxIsTheBoxPlusHalfTheBall) {
    const int stacks = 8, slices = 16;
    for (const Vec3& centre : {Vec3{0, 0, 0}, Vec3{0.1, 0.05, 0}}) {
        SCOPED_TRACE("centre x " + std::to_string(centre[0]));
        const auto ball = repairmesh::uvSphere(1, centre, stacks, slices);
        auto lower = repairmesh::uvSphere(1, centre, stacks, slices, stacks / 2);
        repairmesh::fanFromFirst(lower.mesh, lower.rings[stacks / 2]);
        const Result half = massprops::measureMesh(lower.mesh.view());
        ASSERT_TRUE(half.ok()) << half.message;
        ASSERT_EQ(half.value.diagnostics.repairs.cappedHoles, 0u);  // closed by hand: the clean path
        Moments upper = repairmesh::momentsOf(half.value);
        upper.first[2] = -upper.first[2];  // mirrored in z = 0
        for (int k : {2, 5, 6, 7}) upper.inertia[k] = -upper.inertia[k];
        const Vec3 lo{-2, -2, -1.5}, hi{2, 2, 0};
        Mesh m = testmesh::box(lo, hi);
        testmesh::append(m, ball.mesh);
        const Result r = measure(m);
        ASSERT_TRUE(r.ok()) << r.message;
        expectSolid(r.value, repairmesh::boxMoments(lo, hi).plus(upper), 4, 1e-13);
        EXPECT_NEAR(r.value.diagnostics.repairs.overlapVolume, half.value.volume,
                    1e-12);  // a difference of two sums: rounding
    }
}

// A ball of radius 1 centred 0.3 above a box's top face z = 0, crossing it at no vertex: the union
// is the box plus the spherical cap of height 1.3, V = pi h^2 (3 - h) / 3, its centroid at
// z = 3 (2 - h)^2 / (4 (3 - h)) above the ball's centre. UV spheres converge to it as 1/n^2:
// quadrupling the triangles must cut the error by well over two, down to 1e-3 at 128 slices.
TEST(Arrangement, BallCrossingABoxConvergesToTheBoxPlusTheCap) {
    const double kPi = 3.14159265358979323846, h = 1.3, cz = 0.3;
    const double cap = kPi * h * h * (3 - h) / 3, capZ = cz + 3 * (2 - h) * (2 - h) / (4 * (3 - h));
    const Vec3 lo{-2, -2, -1.5}, hi{2, 2, 0};
    const double boxVolume = 4 * 4 * 1.5, volume = boxVolume + cap;
    const double centreZ = (boxVolume * -0.75 + cap * capZ) / volume;
    double previous = 0;
    for (int slices : {32, 64, 128}) {
        SCOPED_TRACE(std::to_string(slices) + " slices");
        Mesh m = testmesh::box(lo, hi);
        testmesh::append(m, repairmesh::uvSphere(1, {0, 0, cz}, slices / 2, slices).mesh);
        const Result r = measure(m);
        ASSERT_TRUE(r.ok()) << r.message;
        const double error = std::abs(r.value.volume - volume) / cap;
        if (previous > 0) EXPECT_LT(error, previous / 2.5);
        previous = error;
        EXPECT_NEAR(r.value.centerOfMass[2], centreZ, 4 * error);
        EXPECT_NEAR(r.value.centerOfMass[0], 0, 1e-12);
        EXPECT_EQ(r.value.diagnostics.repairs.intersectingShells, 2u);
    }
    EXPECT_LT(previous, 1e-3);
}

// --- a piece that passes through itself -------------------------------------------------------------

// The unit cube with its top face a fan about a centre vertex, pushed down to (x, y, -1/2):
// an inverted pyramid that dents the cube and comes out below. Inside the cube it carves a
// frustum (sides (z + 1/2) / (3/2) for z in [0, 1]: 13/27), below it the winding number is -1,
// which is not solid: V = 1 - 13/27 = 14/27. The surface is clean, so only intersections: true
// looks; without it the signed sum (1 - 1/2 = 1/2) stands, as before.
Mesh dentedCube(double x, double y) {
    Mesh m;
    for (int i = 0; i < 8; ++i) repairmesh::addVertex(m, i & 1, (i >> 1) & 1, (i >> 2) & 1);
    const std::uint32_t tip = repairmesh::addVertex(m, x, y, -0.5);
    const int quads[5][4] = {{0, 2, 3, 1}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    for (const auto& q : quads) {
        repairmesh::addTriangle(m, q[0], q[1], q[2]);
        repairmesh::addTriangle(m, q[0], q[2], q[3]);
    }
    const std::uint32_t top[4] = {4, 5, 7, 6};  // counter-clockwise seen from above
    for (int k = 0; k < 4; ++k) repairmesh::addTriangle(m, top[k], top[(k + 1) % 4], tip);
    return m;
}

TEST(Arrangement, SelfIntersectionIsFoundOnlyWhenAskedFor) {
    // Through the bottom face's diagonal (degenerate), and off it.
    for (const auto& [x, y] : {std::pair<double, double>{0.5, 0.5}, {0.55, 0.4}}) {
        SCOPED_TRACE("tip at " + std::to_string(x) + ", " + std::to_string(y));
        const Mesh m = dentedCube(x, y);
        const Result plain = measure(m);
        ASSERT_TRUE(plain.ok()) << plain.message;
        EXPECT_NEAR(plain.value.volume, 0.5, 1e-15);
        EXPECT_EQ(plain.value.diagnostics.repairs.selfIntersectingShells, 0u);
        const Result found = measure(m, true);
        ASSERT_TRUE(found.ok()) << found.message;
        EXPECT_NEAR(found.value.volume, 14.0 / 27, 1e-14);
        const Repairs& r = found.value.diagnostics.repairs;
        EXPECT_EQ(r.selfIntersectingShells, 1u);
        EXPECT_EQ(r.intersectingShells, 0u);
        EXPECT_GE(r.intersectingTriangles, 5u);  // the four sides of the pyramid, the bottom face
        EXPECT_EQ(r.overlapVolume, 0);           // nothing counted twice: the tip below counted -1 times
        // Inspect reports the same.
        MeshOptions look;
        look.intersections = true;
        const auto d = massprops::inspectMesh(m.view(), look);
        ASSERT_TRUE(d.ok()) << d.message;
        EXPECT_EQ(d.value.repairs.selfIntersectingShells, 1u);
        EXPECT_EQ(massprops::inspectMesh(m.view()).value.repairs.selfIntersectingShells, 0u);
    }
}

// intersections: true on a clean mesh that does not pass through itself changes nothing but
// the path: the same numbers to rounding, nothing reported.
TEST(Arrangement, CleanMeshWithIntersectionsGivesTheSameSolid) {
    const Mesh ball = repairmesh::uvSphere(1.5, {0.2, -0.3, 0.1}, 12, 24).mesh;
    const Result plain = measure(ball), searched = measure(ball, true);
    ASSERT_TRUE(plain.ok() && searched.ok());
    expectSolid(searched.value, repairmesh::momentsOf(plain.value), 1.5, 1e-14);
    EXPECT_EQ(searched.value.diagnostics.repairs.selfIntersectingShells, 0u);
    EXPECT_EQ(searched.value.diagnostics.repairs.intersectingTriangles, 0u);
}

// Pieces whose boxes do not overlap take the path they always took: exact sums of dyadic boxes.
TEST(Arrangement, DisjointPiecesKeepTheDirectPath) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 2, 0.5});
    testmesh::append(m, testmesh::box({2, 0, 0}, {2.5, 0.5, 4}));
    const Result r = measure(m);
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_EQ(r.value.volume, 2.0);
    EXPECT_EQ(r.value.diagnostics.repairs.intersectingTriangles, 0u);
    EXPECT_EQ(r.value.diagnostics.repairs.overlapVolume, 0);
}

TEST(Arrangement, IntersectionsNeedTheCheckedSolidMode) {
    const Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    MeshOptions options;
    options.intersections = true;
    options.check = false;
    EXPECT_EQ(massprops::measureMesh(m.view(), MassOptions{}, options).status, massprops::Status::InvalidOptions);
    options.check = true;
    options.mode = massprops::MeshMode::Shell;
    EXPECT_EQ(massprops::measureMesh(m.view(), MassOptions{}, options).status, massprops::Status::InvalidOptions);
}

}  // namespace

namespace {

// The overlap of the two boxes of OverlappingBoxesAreTheirUnionUnderEveryEdit: 1.75 x 1.5 x 1.
Result overlappingBoxes() {
    Mesh m = testmesh::box({0, 0, 0}, {3, 2, 1.5});
    testmesh::append(m, testmesh::box({1.25, 0.5, -0.75}, {4, 3.5, 1}));
    return measure(m);
}

}  // namespace

// The repairs' volumes are volumes of the body: a scale multiplies them by |det S|, and parts
// combined add them up (with the flags and error bounds of every part).
TEST(Arrangement, RepairVolumesFollowTransformAndCombine) {
    const Result r = overlappingBoxes();
    ASSERT_TRUE(r.ok()) << r.message;
    const double overlap = 1.75 * 1.5 * 1;
    massprops::Transform t;
    t.scale = {2, -3, 0.5};
    t.position = {10, 0, 0};
    const Result scaled = massprops::transform(massprops::toBody(r.value), t);
    ASSERT_TRUE(scaled.ok()) << scaled.message;
    EXPECT_NEAR(scaled.value.diagnostics.repairs.overlapVolume, 3 * overlap, 1e-12);
    const Result both = massprops::combine({{massprops::toBody(r.value)}, {massprops::toBody(scaled.value)}});
    ASSERT_TRUE(both.ok()) << both.message;
    const Repairs& rep = both.value.diagnostics.repairs;
    EXPECT_NEAR(rep.overlapVolume, 4 * overlap, 1e-12);
    EXPECT_EQ(rep.intersectingShells, 4u);
    EXPECT_TRUE(rep.exact);
    EXPECT_EQ(rep.relativeError, 0);
    // A part measured numerically makes the whole numerical; its error, as a volume, carries over.
    massprops::Body numerical = massprops::toBody(r.value);
    numerical.diagnostics.repairs.exact = false;
    numerical.diagnostics.repairs.relativeError = 1e-6;
    const Result mixed = massprops::combine({{numerical}, {massprops::toBody(scaled.value)}});
    ASSERT_TRUE(mixed.ok()) << mixed.message;
    EXPECT_FALSE(mixed.value.diagnostics.repairs.exact);
    EXPECT_NEAR(mixed.value.diagnostics.repairs.relativeError,
                1e-6 * r.value.volume / (r.value.volume + scaled.value.volume), 1e-15);
}
