// The solid repair (MeshMode::Solid) and the convex mode, against the same bodies closed by hand
// and integrated by the core's clean path, against closed forms derived here, and under edits
// that must not change the repaired body.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "repair_meshes.h"
#include "test_meshes.h"

using namespace massprops;
using repairmesh::Mesh;
using repairmesh::Moments;

namespace {

Result measure(const Mesh& m, MeshMode mode = MeshMode::Solid) {
    MeshOptions options;
    options.mode = mode;
    return measureMesh(m.view(), MassOptions{}, options);
}

// The unit-density result of a mesh the clean path integrates as given (asserted).
Moments cleanMoments(const Mesh& m) {
    const Result r = measure(m);
    EXPECT_TRUE(r.ok()) << r.message;
    const Repairs& none = r.value.diagnostics.repairs;
    EXPECT_EQ(none.cappedHoles + none.flippedTriangles + none.cavities + none.duplicateTriangles, 0u)
        << "the reference body must be clean";
    return repairmesh::momentsOf(r.value);
}

// Volume to `rel`, the center to `rel` of `size`, the tensor to `rel` of its largest moment.
void expectSolid(const MassProperties& got, const Moments& want, double size, double rel) {
    if (!(std::abs(got.volume - want.volume) <= rel * std::abs(want.volume))) {
        ADD_FAILURE() << "volume " << got.volume << ", expected " << want.volume;  // the rest is moot
        return;
    }
    const Vec3 c = want.center();
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(got.centerOfMass[k], c[k], rel * size) << "center " << k;
    const Mat3 i = want.centralInertia();
    const double scale = std::max({std::abs(i[0]), std::abs(i[4]), std::abs(i[8])});
    for (int k = 0; k < 9; ++k) EXPECT_NEAR(got.inertia[k] / got.density, i[k], rel * scale) << "inertia " << k;
}

void expectSameResult(const MassProperties& got, const MassProperties& want, double size, double rel) {
    expectSolid(got, repairmesh::momentsOf(want), size, rel);
}

// Repairs other than the ones a test expects stay zero.
void expectOnly(const Repairs& r, std::uint32_t capped, std::uint32_t flipped, std::uint32_t inverted,
                std::uint32_t cavities, std::uint32_t duplicates = 0, std::uint32_t open = 0) {
    EXPECT_EQ(r.cappedHoles, capped);
    EXPECT_EQ(r.flippedTriangles, flipped);
    EXPECT_EQ(r.invertedShells, inverted);
    EXPECT_EQ(r.cavities, cavities);
    EXPECT_EQ(r.duplicateTriangles, duplicates);
    EXPECT_EQ(r.openShells, open);
    EXPECT_EQ(r.intersectingShells, 0u);
    if (capped == 0) EXPECT_EQ(r.capArea, 0);
}

double triangleArea(const Mesh& m, std::size_t t) {
    const Vec3 a = repairmesh::vertex(m, m.indices[3 * t]), b = repairmesh::vertex(m, m.indices[3 * t + 1]),
               c = repairmesh::vertex(m, m.indices[3 * t + 2]);
    const Vec3 u{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, v{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    const Vec3 n{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
    return 0.5 * std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
}

double surfaceArea(const Mesh& m) {
    double area = 0;
    for (std::size_t t = 0; t < repairmesh::triangleCount(m); ++t) area += triangleArea(m, t);
    return area;
}

// Area of the regular n-gon of circumradius r: n triangles of area r^2 sin(2 pi / n) / 2.
double regularPolygonArea(int n, double r) { return 0.5 * n * r * r * std::sin(2 * repairmesh::kPi / n); }

// The faces of testmesh::box, two triangles each: 0 z = lo, 1 z = hi, 2 y = lo, 3 y = hi, 4 x = lo, 5 x = hi.
std::set<std::size_t> faces(std::initializer_list<std::size_t> list) {
    std::set<std::size_t> triangles;
    for (std::size_t f : list) triangles.insert({2 * f, 2 * f + 1});
    return triangles;
}

}  // namespace

// --- holes ---------------------------------------------------------------------------------------

// A planar hole is closed by a fan from its vertices' mean, which for a planar loop covers
// exactly the missing face: the closed box's closed form. capArea = face / (surface - face),
// with surface = 2 (ab + bc + ca) = 22 for a 1 x 2 x 3 box.
TEST(RepairHoles, OneMissingFaceOfABoxIsCappedExactly) {
    const Vec3 lo{0, 0, 0}, hi{1, 2, 3};
    const double faceArea[6] = {2, 2, 3, 3, 6, 6};
    for (std::size_t f = 0; f < 6; ++f) {
        SCOPED_TRACE("face " + std::to_string(f));
        const Mesh open = repairmesh::withoutTriangles(testmesh::box(lo, hi), faces({f}));
        const Result r = measure(open);
        ASSERT_TRUE(r.ok()) << r.message;
        expectSolid(r.value, repairmesh::boxMoments(lo, hi), 3, 1e-14);
        const Diagnostics& d = r.value.diagnostics;
        expectOnly(d.repairs, 1, 0, 0, 0);
        EXPECT_NEAR(d.repairs.capArea, faceArea[f] / (22 - faceArea[f]), 1e-15);
        EXPECT_EQ(d.holes, 1u);
        EXPECT_EQ(d.boundaryEdges, 4u);
        EXPECT_FALSE(d.closed);
    }
}

// Two opposite faces (x = 0 and x = 1, area 6 each) leave two planar loops: capArea = 12 / 10.
TEST(RepairHoles, TwoOppositeMissingFacesAreCappedExactly) {
    const Vec3 lo{0, 0, 0}, hi{1, 2, 3};
    const Result r = measure(repairmesh::withoutTriangles(testmesh::box(lo, hi), faces({4, 5})));
    ASSERT_TRUE(r.ok()) << r.message;
    expectSolid(r.value, repairmesh::boxMoments(lo, hi), 3, 1e-14);
    expectOnly(r.value.diagnostics.repairs, 2, 0, 0, 0);
    EXPECT_NEAR(r.value.diagnostics.repairs.capArea, 12.0 / 10, 1e-15);
    EXPECT_EQ(r.value.diagnostics.holes, 2u);
}

// Two adjacent faces of the unit cube (x = 1 and y = 1) leave one folded hexagon, not a plane:
// the fan from its mean m = (2/3, 2/3, 1/2) is not the cube. With m as reference point the caps
// add nothing and each remaining face adds area * distance(m, face) / 3:
// V = (2/3 + 2/3 + 1/2 + 1/2) / 3 = 7/9 before the winding-number correction (which
// winding_test.cpp checks against a brute-force integration).
TEST(RepairHoles, TwoAdjacentMissingFacesAreCappedByTheFanFromTheirMean) {
    const Result r = measure(repairmesh::withoutTriangles(testmesh::box({0, 0, 0}, {1, 1, 1}), faces({3, 5})));
    ASSERT_TRUE(r.ok()) << r.message;
    const Repairs& repairs = r.value.diagnostics.repairs;
    EXPECT_NEAR(r.value.volume - repairs.windingCorrection, 7.0 / 9, 1e-14);
    EXPECT_FALSE(repairs.exact);
    EXPECT_EQ(repairs.cappedHoles, 1u);
}

// The three faces at the corner (1, 1, 1) leave a skew hexagon whose mean is the cube's center:
// the fan from it closes three square pyramids with their apex at the center (the caps add
// nothing), V = 3 * (1 * 1/2) / 3 = 1/2, not the cube. Each cap triangle (center and a hexagon
// edge) has area sqrt(2)/4; six of them against the three faces left: capArea = (6 sqrt(2)/4) / 3
// = sqrt(2)/2. The hexagon is not planar, so the winding-number correction applies (checked
// against a brute-force integration in winding_test.cpp); it keeps the body's symmetry under
// permutations of the axes.
TEST(RepairHoles, ThreeMissingFacesAtACornerAreCappedByTheFanFromTheirMean) {
    const Mesh cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    const Result r = measure(repairmesh::withoutTriangles(cube, faces({1, 3, 5})));
    ASSERT_TRUE(r.ok()) << r.message;
    const Repairs& repairs = r.value.diagnostics.repairs;
    EXPECT_FALSE(repairs.exact);
    EXPECT_NEAR(r.value.volume - repairs.windingCorrection, 0.5, 1e-14);
    const double rel = repairs.relativeError + 1e-14;
    for (int k = 1; k < 3; ++k) EXPECT_NEAR(r.value.centerOfMass[k], r.value.centerOfMass[0], rel);
    expectOnly(repairs, 1, 0, 0, 0);
    EXPECT_NEAR(repairs.capArea, std::sqrt(2.0) / 2, 1e-15);
}

// A hole whose vertices' mean lies outside it (a C-shaped loop: mean (1.75, 1.5) lies in the
// notch): the fan's triangles overlap with opposite signs and still cover exactly the C, so the
// volume is the prism's, 7 * 1. The cap is the C, of area 1 x 3 + 2 x 1 + 2 x 1 = 7 (the fan's
// triangles have areas summing to 9.75 without their signs); the surface left is the perimeter
// 16 times the height 1 plus the bottom 7: capArea = 7 / 23.
TEST(RepairHoles, NonConvexPlanarHoleIsCappedExactly) {
    const repairmesh::Polygon c = {{0, 0}, {3, 0}, {3, 1}, {1, 1}, {1, 2}, {3, 2}, {3, 3}, {0, 3}};
    const repairmesh::Triangulation inside = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 7}, {4, 5, 6}, {4, 6, 7}};
    const auto open = repairmesh::prism(c, 0, 1, &inside, nullptr);
    const auto closed = repairmesh::prism(c, 0, 1, &inside, &inside);
    const Result r = measure(open.mesh);
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_NEAR(r.value.volume, 7, 7e-15);
    expectSolid(r.value, cleanMoments(closed.mesh), 3, 1e-14);
    expectOnly(r.value.diagnostics.repairs, 1, 0, 0, 0);
    EXPECT_NEAR(r.value.diagnostics.repairs.capArea, 7.0 / 23, 1e-15);
}

// Both end loops of a fine polygonal tube: the closed prism. capArea = 2 * polygon / sides.
TEST(RepairHoles, OpenEndedPrismEqualsTheClosedPrism) {
    const int n = 96;
    const double r = 1.5, z0 = -1, z1 = 2;
    const auto polygon = repairmesh::regularPolygon(n, r);
    const auto fan = repairmesh::fanTriangulation(n);
    const auto open = repairmesh::prism(polygon, z0, z1, nullptr, nullptr);
    const auto closed = repairmesh::prism(polygon, z0, z1, &fan, &fan);
    const Result res = measure(open.mesh);
    ASSERT_TRUE(res.ok()) << res.message;
    expectSolid(res.value, cleanMoments(closed.mesh), 3, 1e-14);
    expectOnly(res.value.diagnostics.repairs, 2, 0, 0, 0);
    const double side = n * 2 * r * std::sin(repairmesh::kPi / n) * (z1 - z0);
    EXPECT_NEAR(res.value.diagnostics.repairs.capArea, 2 * regularPolygonArea(n, r) / side, 1e-14);
}

// A UV sphere cut along one ring of latitude: the same tessellation closed by a flat polygon
// over that ring (triangulated from its first vertex, not from the mean).
TEST(RepairHoles, SphereWithACutPolarCapEqualsItClosedFlat) {
    const int stacks = 16, slices = 32, cut = 3;
    auto sphere = repairmesh::uvSphere(1.25, {0.1, -0.2, 0.3}, stacks, slices, cut);
    Mesh closed = sphere.mesh;
    repairmesh::fanFromFirst(closed, sphere.rings[cut]);
    const Result r = measure(sphere.mesh);
    ASSERT_TRUE(r.ok()) << r.message;
    expectSolid(r.value, cleanMoments(closed), 2.5, 1e-14);
    expectOnly(r.value.diagnostics.repairs, 1, 0, 0, 0);
    const double ringRadius = 1.25 * std::sin(repairmesh::kPi * cut / stacks);
    EXPECT_NEAR(r.value.diagnostics.repairs.capArea, regularPolygonArea(slices, ringRadius) / surfaceArea(sphere.mesh),
                1e-14);
}

// Two square holes on the top of a 2 x 2 x 2 block that touch at one corner, (1, 1, 2): there
// the boundary has two outgoing edges. Split into two planar loops, both close exactly:
// V = 8, I = V (2^2 + 2^2) / 12 = 16/3 about the center (1, 1, 1); capArea = 2 / 22.
TEST(RepairHoles, HolesTouchingAtAVertexCloseAsTwoLoops) {
    std::set<std::array<int, 3>> cells;
    for (int i = 0; i < 8; ++i) cells.insert({i & 1, (i >> 1) & 1, (i >> 2) & 1});
    const auto block = repairmesh::voxels(cells);
    std::set<std::size_t> drop;
    for (const std::array<int, 3> cell : {std::array<int, 3>{0, 0, 1}, std::array<int, 3>{1, 1, 1}}) {
        const auto& q = block.quads[block.quadAt(cell, 2, 1)];
        drop.insert({q.firstTriangle, q.firstTriangle + 1});
    }
    const Result r = measure(repairmesh::withoutTriangles(block.mesh, drop));
    ASSERT_TRUE(r.ok()) << r.message;
    expectSolid(r.value, repairmesh::boxMoments({0, 0, 0}, {2, 2, 2}), 2, 1e-14);
    expectOnly(r.value.diagnostics.repairs, 2, 0, 0, 0);
    EXPECT_NEAR(r.value.diagnostics.repairs.capArea, 2.0 / 22, 1e-15);
    EXPECT_EQ(r.value.diagnostics.holes, 2u);
}

// The square torus (8 unit cubes around a missing middle one), with five triangles flipped
// (the first one among them, whose winding the walk starts from) and three holes: a whole
// top square, and one triangle on each of two walls, one of them touching the square at a
// corner. Expected: the sum of its eight unit cubes; capArea = (1 + 1/2 + 1/2) / (32 - 2).
TEST(RepairHoles, GenusOneBlockWithFlipsAndHolesEqualsTheCleanBlock) {
    const auto torus = repairmesh::squareTorus();
    Moments cubes;
    for (int x = 0; x < 3; ++x)
        for (int y = 0; y < 3; ++y)
            if (x != 1 || y != 1)
                cubes = cubes.plus(repairmesh::boxMoments({double(x), double(y), 0}, {x + 1.0, y + 1.0, 1}));

    Mesh m = torus.mesh;
    const auto& top = torus.quads[torus.quadAt({0, 0, 0}, 2, 1)];
    const auto& wall = torus.quads[torus.quadAt({0, 2, 0}, 0, -1)];
    const auto& inner = torus.quads[torus.quadAt({1, 0, 0}, 1, 1)];  // faces the missing middle cube
    const std::set<std::size_t> drop = {top.firstTriangle, top.firstTriangle + 1, wall.firstTriangle,
                                        inner.firstTriangle};  // the latter has the corner (1, 1, 1)
    const std::set<std::size_t> flips = {0, torus.quads[torus.quadAt({2, 1, 0}, 0, 1)].firstTriangle,
                                         torus.quads[torus.quadAt({2, 2, 0}, 2, -1)].firstTriangle,
                                         torus.quads[torus.quadAt({2, 2, 0}, 2, -1)].firstTriangle + 1,
                                         torus.quads[torus.quadAt({1, 2, 0}, 2, 1)].firstTriangle};
    for (std::size_t t : flips) {
        ASSERT_EQ(drop.count(t), 0u);
        repairmesh::flipTriangle(m, t);
    }
    EXPECT_NEAR(cleanMoments(torus.mesh).volume, 8, 8e-15);
    const Result r = measure(repairmesh::withoutTriangles(m, drop));
    ASSERT_TRUE(r.ok()) << r.message;
    expectSolid(r.value, cubes, 3, 1e-14);
    expectOnly(r.value.diagnostics.repairs, 3, 5, 0, 0);
    EXPECT_NEAR(r.value.diagnostics.repairs.capArea, 2.0 / 30, 1e-15);
    EXPECT_EQ(r.value.diagnostics.shells, 1u);
}

// --- winding and nesting ---------------------------------------------------------------------------

// Disjoint bodies add, each turned outward by itself.
TEST(RepairNesting, DisjointBodiesAddWhicheverWayEachIsWound) {
    const Vec3 aLo{0, 0, 0}, aHi{1, 1, 1}, bLo{3, 0, -1}, bHi{5, 1, 1};
    const Moments sum = repairmesh::boxMoments(aLo, aHi).plus(repairmesh::boxMoments(bLo, bHi));
    for (int inverted = 0; inverted < 4; ++inverted) {
        SCOPED_TRACE("inverted bodies " + std::to_string(inverted));
        Mesh a = testmesh::box(aLo, aHi), b = testmesh::box(bLo, bHi);
        if (inverted & 1) testmesh::flipAll(a);
        if (inverted & 2) testmesh::flipAll(b);
        testmesh::append(a, b);
        const Result r = measure(a);
        ASSERT_TRUE(r.ok()) << r.message;
        expectSolid(r.value, sum, 5, 1e-14);
        expectOnly(r.value.diagnostics.repairs, 0, 0, (inverted & 1) + (inverted >> 1), 0);
        EXPECT_EQ(r.value.diagnostics.shells, 2u);
    }
}

// A box inside a box, nesting by winding number: wound against the outer one it is a cavity
// (outer minus inner), wound like it the overlap counts once (the outer box alone). A mesh given
// inside-out as a whole (the outer box inward) is turned outward, both shells with it.
TEST(RepairNesting, BoxInBoxIsHollowOnlyWhenWoundAgainstTheOuter) {
    const Vec3 oLo{0, 0, 0}, oHi{4, 4, 4}, iLo{1, 1.5, 1}, iHi{2, 3, 2.5};
    const Moments hollow = repairmesh::boxMoments(oLo, oHi).minus(repairmesh::boxMoments(iLo, iHi));
    const Moments full = repairmesh::boxMoments(oLo, oHi);
    for (int winding = 0; winding < 4; ++winding) {
        const bool outerInward = winding & 1, innerInward = winding & 2;
        SCOPED_TRACE(std::string("outer ") + (outerInward ? "inward" : "outward") + ", inner " +
                     (innerInward ? "inward" : "outward"));
        Mesh outer = testmesh::box(oLo, oHi), inner = testmesh::box(iLo, iHi);
        if (outerInward) testmesh::flipAll(outer);
        if (innerInward) testmesh::flipAll(inner);
        testmesh::append(outer, inner);
        const Result r = measure(outer);
        ASSERT_TRUE(r.ok()) << r.message;
        const bool cavity = outerInward != innerInward;
        expectSolid(r.value, cavity ? hollow : full, 4, 1e-14);
        expectOnly(r.value.diagnostics.repairs, 0, 0, outerInward ? 2 : 0, cavity);
        EXPECT_NEAR(r.value.diagnostics.repairs.overlapVolume, cavity ? 0 : 1.5 * 1.5, 1e-14);
    }
}

// The same with tessellated balls, the inner one off-center: outer minus inner, or the outer
// alone, each measured alone by the clean path.
TEST(RepairNesting, BallInBallIsHollowOnlyWhenWoundAgainstTheOuter) {
    const Mesh outerBall = repairmesh::uvSphere(2, {0, 0, 0}, 16, 32).mesh;
    const Mesh innerBall = repairmesh::uvSphere(1, {0.15, -0.1, 0.2}, 12, 24).mesh;
    const Moments hollow = cleanMoments(outerBall).minus(cleanMoments(innerBall));
    const Moments full = cleanMoments(outerBall);
    for (int winding = 0; winding < 4; ++winding) {
        const bool outerInward = winding & 1, innerInward = winding & 2;
        SCOPED_TRACE(std::string("outer ") + (outerInward ? "inward" : "outward") + ", inner " +
                     (innerInward ? "inward" : "outward"));
        Mesh outer = outerBall, inner = innerBall;
        if (outerInward) testmesh::flipAll(outer);
        if (innerInward) testmesh::flipAll(inner);
        testmesh::append(outer, inner);
        const Result r = measure(outer);
        ASSERT_TRUE(r.ok()) << r.message;
        const bool cavity = outerInward != innerInward;
        expectSolid(r.value, cavity ? hollow : full, 4, 1e-13);
        expectOnly(r.value.diagnostics.repairs, 0, 0, outerInward ? 2 : 0, cavity);
    }
}

// Winding numbers, not parity: three nested cubes of side s about (3, 3, 3). The middle one
// wound inward is a cavity and the innermost one, outward, solid again: V = 6^3 - 4^3 + 2^3 =
// 160, I = (6^5 - 4^5 + 2^5) / 6 on each axis (s^5 / 6 each). All three outward: the outer cube.
TEST(RepairNesting, ThreeNestedCubesCountByWindingNumber) {
    for (bool middleInward : {true, false}) {
        SCOPED_TRACE(middleInward ? "middle inward" : "all outward");
        Mesh m = testmesh::box({0, 0, 0}, {6, 6, 6});
        Mesh middle = testmesh::box({1, 1, 1}, {5, 5, 5});
        if (middleInward) testmesh::flipAll(middle);
        testmesh::append(m, middle);
        testmesh::append(m, testmesh::box({2, 2, 2}, {4, 4, 4}));
        const Result r = measure(m);
        ASSERT_TRUE(r.ok()) << r.message;
        const double volume = middleInward ? 160 : 216;
        const double moment = middleInward ? (7776.0 - 1024 + 32) / 6 : 7776.0 / 6;
        EXPECT_NEAR(r.value.volume, volume, volume * 1e-15);
        for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.value.centerOfMass[k], 3, 6e-15);
        for (int k = 0; k < 9; ++k) EXPECT_NEAR(r.value.inertia[k], k % 4 == 0 ? moment : 0, 1e-14 * moment);
        expectOnly(r.value.diagnostics.repairs, 0, 0, 0, middleInward);
    }
}

// Two closed cubes meeting along one edge (four triangles on it, so the walk does not cross
// it): two closed patches of one shell, both solid, neither inside the other.
TEST(RepairNesting, CubesSharingAnEdgeBothCount) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    testmesh::append(m, testmesh::box({1, 1, 0}, {2, 2, 1}));
    const Result r = measure(m);
    ASSERT_TRUE(r.ok()) << r.message;
    expectSolid(r.value,
                repairmesh::boxMoments({0, 0, 0}, {1, 1, 1}).plus(repairmesh::boxMoments({1, 1, 0}, {2, 2, 1})), 2,
                1e-14);
    expectOnly(r.value.diagnostics.repairs, 0, 0, 0, 0);
    EXPECT_EQ(r.value.diagnostics.shells, 1u);
}

// Crossing shells are not nested: the solid is their union, the overlap counted once, and both
// are reported. Unequal cubes [0, 2]^3 and [1, 2.5]^3 overlap in [1, 2]^3.
TEST(RepairNesting, CrossingShellsCountTheirOverlapOnceAndAreReported) {
    Mesh m = testmesh::box({0, 0, 0}, {2, 2, 2});
    testmesh::append(m, testmesh::box({1, 1, 1}, {2.5, 2.5, 2.5}));
    const Result r = measure(m);
    ASSERT_TRUE(r.ok()) << r.message;
    expectSolid(r.value,
                repairmesh::boxMoments({0, 0, 0}, {2, 2, 2})
                    .plus(repairmesh::boxMoments({1, 1, 1}, {2.5, 2.5, 2.5}))
                    .minus(repairmesh::boxMoments({1, 1, 1}, {2, 2, 2})),
                2.5, 1e-14);
    EXPECT_EQ(r.value.diagnostics.repairs.intersectingShells, 2u);
    EXPECT_NEAR(r.value.diagnostics.repairs.overlapVolume, 1, 1e-14);
    EXPECT_EQ(r.value.diagnostics.repairs.cavities, 0u);
}

// Two equal cubes that cross (a duplicated, shifted part is the common case): 8 + 8 - 1.
TEST(RepairNesting, CrossingShellsOfEqualSizeAreReported) {
    Mesh m = testmesh::box({0, 0, 0}, {2, 2, 2});
    testmesh::append(m, testmesh::box({1, 1, 1}, {3, 3, 3}));
    const Result r = measure(m);
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_NEAR(r.value.volume, 15, 15e-15);
    EXPECT_EQ(r.value.diagnostics.repairs.intersectingShells, 2u);
}

// Closed bodies that touch along a whole face (an assembly of parts, a voxel export): each is
// closed and outward, so together they are their union, as the divergence theorem sums them (the
// two copies of the shared face cancel). Cases: two unit cubes whose shared squares are split
// along the same diagonal (so they are also repeats of each other, in opposite winding) or along
// different diagonals, a row of three, and the 2 x 2 x 2 block of eight separate cubes.
TEST(RepairNesting, ClosedBodiesSharingAFaceAddUp) {
    auto cubes = [](const std::vector<Vec3>& corners) {
        Mesh m;
        Moments sum;
        for (const Vec3& c : corners) {
            const Vec3 hi{c[0] + 1, c[1] + 1, c[2] + 1};
            testmesh::append(m, testmesh::box(c, hi));
            sum = sum.plus(repairmesh::boxMoments(c, hi));
        }
        return std::make_pair(m, sum);
    };
    auto [pair, pairSum] = cubes({{0, 0, 0}, {1, 0, 0}});
    Mesh otherDiagonal = pair;
    // The second cube's face x = 1 (its face 4, triangles 20 and 21, box vertices 8 + {0, 4, 6, 2})
    // split along 8+4 .. 8+2 instead of 8+0 .. 8+6.
    const std::uint32_t split[6] = {8, 12, 10, 12, 14, 10};
    std::copy(split, split + 6, otherDiagonal.indices.begin() + 60);
    auto [row, rowSum] = cubes({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}});
    std::vector<Vec3> eight;
    for (int i = 0; i < 8; ++i) eight.push_back({double(i & 1), double((i >> 1) & 1), double((i >> 2) & 1)});
    auto [block, blockSum] = cubes(eight);
    const std::pair<const char*, std::pair<Mesh, Moments>> cases[] = {{"two cubes", {pair, pairSum}},
                                                                      {"two cubes, other diagonal",
                                                                       {otherDiagonal, pairSum}},
                                                                      {"three in a row", {row, rowSum}},
                                                                      {"2 x 2 x 2", {block, blockSum}}};
    for (const auto& [name, c] : cases) {
        SCOPED_TRACE(name);
        const Result r = measure(c.first);
        EXPECT_TRUE(r.ok()) << r.message;
        if (!r.ok()) continue;
        expectSolid(r.value, c.second, 3, 1e-14);
        EXPECT_EQ(r.value.diagnostics.repairs.openShells, 0u);
        EXPECT_EQ(r.value.diagnostics.repairs.cavities, 0u);
    }
}

// A box inside another may touch its wall (a pocket drawn against the skin): wound inward it is
// a cavity (V = 27 - 1), wound outward it lies in the solid already (V = 27). Pockets on the
// floor (off the floor's diagonal), and in a corner (on three faces). Touching is not crossing.
TEST(RepairNesting, BoxTouchingTheOuterWallIsACavityOnlyWoundInward) {
    const Vec3 oLo{0, 0, 0}, oHi{3, 3, 3};
    const std::pair<Vec3, Vec3> pockets[] = {{{0.5, 1.2, 0}, {1.5, 2.2, 1}}, {{0, 0, 0}, {1, 1, 1}}};
    for (const auto& [lo, hi] : pockets)
        for (bool inward : {true, false}) {
            SCOPED_TRACE("pocket at " + std::to_string(lo[0]) + ", " + std::to_string(lo[1]) +
                         (inward ? ", wound inward" : ", wound outward"));
            Mesh m = testmesh::box(oLo, oHi), pocket = testmesh::box(lo, hi);
            if (inward) testmesh::flipAll(pocket);
            testmesh::append(m, pocket);
            const Result r = measure(m);
            ASSERT_TRUE(r.ok()) << r.message;
            const Moments outer = repairmesh::boxMoments(oLo, oHi);
            expectSolid(r.value, inward ? outer.minus(repairmesh::boxMoments(lo, hi)) : outer, 3, 1e-14);
            EXPECT_EQ(r.value.diagnostics.repairs.cavities, inward ? 1u : 0u);
            EXPECT_EQ(r.value.diagnostics.repairs.intersectingShells, 0u);
        }
}

// Bodies that touch without overlapping (a box standing on a slab, a box against its side)
// add up, and nothing crosses: intersectingShells stays 0.
TEST(RepairNesting, TouchingShellsAreNotReportedAsCrossing) {
    const Vec3 sLo{0, 0, 0}, sHi{2, 2, 1};
    const std::pair<Vec3, Vec3> others[] = {{{0.5, 0.3, 1}, {1.5, 1.2, 2}}, {{2, 0.5, 0}, {2.5, 1.5, 1}}};
    for (const auto& [lo, hi] : others) {
        SCOPED_TRACE("box at " + std::to_string(lo[0]) + ", " + std::to_string(lo[1]) + ", " + std::to_string(lo[2]));
        Mesh m = testmesh::box(sLo, sHi);
        testmesh::append(m, testmesh::box(lo, hi));
        const Result r = measure(m);
        ASSERT_TRUE(r.ok()) << r.message;
        expectSolid(r.value, repairmesh::boxMoments(sLo, sHi).plus(repairmesh::boxMoments(lo, hi)), 2, 1e-14);
        EXPECT_EQ(r.value.diagnostics.repairs.intersectingShells, 0u);
        EXPECT_EQ(r.value.diagnostics.repairs.cavities, 0u);
    }
}

// --- repeats and pieces left out -------------------------------------------------------------------

// Every face given twice, or three times, in the same or the opposite winding: the repeats are
// left out and counted, and the single copy is measured.
TEST(RepairDuplicates, RepeatedTrianglesAreCountedAndLeftOut) {
    const Vec3 lo{0, 0, 0}, hi{1, 2, 3};
    const Mesh cube = testmesh::box(lo, hi);
    for (int copies : {2, 3})
        for (bool reverse : {false, true}) {
            SCOPED_TRACE(std::to_string(copies) + (reverse ? " copies, reversed" : " copies"));
            Mesh m = cube;
            for (int c = 1; c < copies; ++c) {
                Mesh again = cube;
                if (reverse && c == 1) testmesh::flipAll(again);
                m.indices.insert(m.indices.end(), again.indices.begin(), again.indices.end());
            }
            const Result r = measure(m);
            ASSERT_TRUE(r.ok()) << r.message;
            expectSolid(r.value, repairmesh::boxMoments(lo, hi), 3, 1e-14);
            EXPECT_EQ(r.value.diagnostics.repairs.duplicateTriangles, 12u * (copies - 1));
            EXPECT_EQ(r.value.diagnostics.repairs.cappedHoles, 0u);
            EXPECT_EQ(r.value.diagnostics.repairs.cavities, 0u);
            EXPECT_EQ(r.value.diagnostics.repairs.openShells, 0u);
            EXPECT_EQ(r.value.diagnostics.repairs.flippedTriangles, 0u);
        }
}

// Repeats given as separate vertex copies (a triangle soup) are the same triangles once welded.
TEST(RepairDuplicates, RepeatedTrianglesOfASoupAreFoundAfterWelding) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    Mesh again = m;
    testmesh::append(m, again);  // new vertex numbers, same positions
    const Result r = measure(m);
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_NEAR(r.value.volume, 1, 1e-15);
    EXPECT_EQ(r.value.diagnostics.repairs.duplicateTriangles, 12u);
    EXPECT_EQ(r.value.diagnostics.weldedVertices, 8u);
}

// A fin: one triangle hanging off a cube's edge (three triangles on that edge). It cannot be
// closed, so it is left out and reported; the cube is measured as if it were not there.
TEST(RepairLeftOut, FinIsAnOpenShellAndChangesNothing) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    const std::uint32_t tip = repairmesh::addVertex(m, 0.5, -1, -1);
    repairmesh::addTriangle(m, 0, 1, tip);  // on the edge (0,0,0)-(1,0,0)
    const Result r = measure(m);
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_NEAR(r.value.volume, 1, 1e-15);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.value.centerOfMass[k], 0.5, 1e-15);
    EXPECT_NEAR(r.value.inertia[0], 1.0 / 6, 1e-15);
    expectOnly(r.value.diagnostics.repairs, 0, 0, 0, 0, 0, 1);
    EXPECT_EQ(r.value.diagnostics.repairs.fins, 1u);  // of its shell, the cube is kept
    EXPECT_EQ(r.value.diagnostics.repairs.flatPieces + r.value.diagnostics.repairs.twistedPieces, 0u);
    EXPECT_EQ(r.value.diagnostics.shells, 1u);
    EXPECT_EQ(r.value.diagnostics.nonManifoldEdges, 1u);
}

// A Moebius band (twisted once, so no winding is consistent) beside a cube: left out.
TEST(RepairLeftOut, NonOrientablePieceIsAnOpenShellAndChangesNothing) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    repairmesh::addMobiusBand(m, 5, 24);
    const Result r = measure(m);
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_NEAR(r.value.volume, 1, 1e-14);
    EXPECT_EQ(r.value.diagnostics.repairs.openShells, 1u);
    EXPECT_EQ(r.value.diagnostics.repairs.twistedPieces, 1u);
    EXPECT_EQ(r.value.diagnostics.repairs.flatPieces + r.value.diagnostics.repairs.fins, 0u);
    EXPECT_EQ(r.value.diagnostics.repairs.cavities, 0u);
    EXPECT_EQ(r.value.diagnostics.shells, 2u);
}

// A flat piece encloses nothing even closed: ZERO_VOLUME, with the advice to use the shell mode.
// An axis-aligned quad, and tilted rectangles (one quad; a 3 x 3 and a 5 x 3 grid) whose
// coordinates are not round: their vertices lie on the plane only to rounding, so the sheet and
// its cap enclose a few ulps of volume (~1e-17 here, against extent^3 ~ 8), which is still none.
// For a centrally symmetric sheet the reference point (the bounding box's center) lies on its
// plane: the volume must be judged against the sheet's size, not against tetrahedra that are
// all flat.
TEST(RepairLeftOut, FlatSheetHasZeroVolumeAndPointsToShellMode) {
    Mesh quad;
    quad.positions = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
    quad.indices = {0, 1, 2, 0, 2, 3};
    const Vec3 u{0.6, 0.48, 0.64}, v{-0.8, 0.36, 0.48};  // orthonormal
    auto tilted = [&](int nx, int ny) {
        Mesh m;
        for (int j = 0; j <= ny; ++j)
            for (int i = 0; i <= nx; ++i) {
                const double a = -1 + 2.0 * i / nx, b = -0.6 + 1.2 * j / ny;
                repairmesh::addVertex(m, 0.3 + a * u[0] + b * v[0], 0.1 + a * u[1] + b * v[1],
                                      -0.7 + a * u[2] + b * v[2]);
            }
        auto at = [&](int i, int j) { return static_cast<std::uint32_t>(j * (nx + 1) + i); };
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i) {
                repairmesh::addTriangle(m, at(i, j), at(i + 1, j), at(i + 1, j + 1));
                repairmesh::addTriangle(m, at(i, j), at(i + 1, j + 1), at(i, j + 1));
            }
        return m;
    };
    const Mesh sheets[4] = {quad, tilted(1, 1), tilted(3, 3), tilted(5, 3)};
    for (int k = 0; k < 4; ++k) {
        SCOPED_TRACE("sheet " + std::to_string(k));
        const Result r = measure(sheets[k]);
        EXPECT_STREQ(statusCode(r.status), "ZERO_VOLUME") << "volume " << r.value.volume << ", " << r.message;
        EXPECT_NE(r.message.find("mode 'shell'"), std::string::npos) << r.message;
        EXPECT_NE(r.message.find("no piece bounds anything (1 flat sheet)"), std::string::npos) << r.message;
        // What the solid mode did: left the sheet out as a piece that encloses nothing.
        const Outcome<Diagnostics> d = inspectMesh(sheets[k].view());
        ASSERT_TRUE(d.ok());
        EXPECT_EQ(d.value.repairs.openShells, 1u);
        EXPECT_EQ(d.value.repairs.flatPieces, 1u);
    }
}

// A flat sheet next to a solid adds nothing, has no inside to be wound inside-out, and is left
// out as a piece that encloses nothing.
TEST(RepairLeftOut, FlatSheetBesideACubeChangesNothing) {
    for (double z : {-0.35, 0.2, 0.73}) {
        SCOPED_TRACE("sheet at z = " + std::to_string(z));
        Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
        const std::uint32_t a = repairmesh::addVertex(m, 2.1, 0.3, z), b = repairmesh::addVertex(m, 3.3, 0.1, z),
                            c = repairmesh::addVertex(m, 3.1, 0.9, z), d = repairmesh::addVertex(m, 2.3, 0.7, z);
        repairmesh::addTriangle(m, a, b, c);
        repairmesh::addTriangle(m, a, c, d);
        const Result r = measure(m);
        ASSERT_TRUE(r.ok()) << r.message;
        EXPECT_NEAR(r.value.volume, 1, 1e-14);
        EXPECT_EQ(r.value.diagnostics.repairs.invertedShells, 0u);
        EXPECT_EQ(r.value.diagnostics.repairs.flippedTriangles, 0u);
        EXPECT_EQ(r.value.diagnostics.repairs.cavities, 0u);
        EXPECT_EQ(r.value.diagnostics.repairs.openShells, 1u);  // the sheet, enclosing nothing
        EXPECT_EQ(r.value.diagnostics.repairs.flatPieces, 1u);
    }
}

// --- a clean mesh ----------------------------------------------------------------------------------

// Closed, consistently wound, one piece: nothing to repair, nothing reported.
TEST(RepairCleanMesh, CleanMeshNeedsNoRepair) {
    const Mesh torus = repairmesh::squareTorus().mesh;
    const Result r = measure(torus);
    ASSERT_TRUE(r.ok()) << r.message;
    const Diagnostics& d = r.value.diagnostics;
    expectOnly(d.repairs, 0, 0, 0, 0);
    EXPECT_TRUE(d.closed);
    EXPECT_TRUE(d.consistentWinding);
    EXPECT_FALSE(d.inverted);
    EXPECT_EQ(d.shells, 1u);
    EXPECT_EQ(d.holes, 0u);
    EXPECT_EQ(d.weldedVertices, 0u);
    EXPECT_EQ(d.boundaryEdges + d.nonManifoldEdges + d.inconsistentEdges + d.degenerateTriangles, 0u);
    const Outcome<Diagnostics> inspected = inspectMesh(torus.view());
    ASSERT_TRUE(inspected.ok());
    expectOnly(inspected.value.repairs, 0, 0, 0, 0);
}

// A clean mesh is integrated as given, so its numbers depend only on its triangles in their
// order, bit for bit: not on how they are stored (indexed, a soup, float32 when the coordinates
// are floats, 16-bit indices), and not on a repeat of one of them appended at the end, which the
// repair leaves out without touching the sums of the others.
TEST(RepairCleanMesh, CleanMeshNumbersAreThoseOfItsTrianglesBitForBit) {
    const Mesh torus = repairmesh::squareTorus().mesh;
    const Result base = measure(torus);
    ASSERT_TRUE(base.ok()) << base.message;
    auto expectBitwise = [&](const Result& r, const char* what) {
        SCOPED_TRACE(what);
        ASSERT_TRUE(r.ok()) << r.message;
        EXPECT_EQ(r.value.volume, base.value.volume);
        for (int k = 0; k < 3; ++k) EXPECT_EQ(r.value.centerOfMass[k], base.value.centerOfMass[k]);
        for (int k = 0; k < 9; ++k) EXPECT_EQ(r.value.inertia[k], base.value.inertia[k]);
        EXPECT_EQ(r.value.surfaceArea, base.value.surfaceArea);
    };

    const std::vector<double> soup = repairmesh::soup(torus);
    MeshView soupView;
    soupView.positions = soup.data();
    soupView.positionCount = soup.size();
    const Result fromSoup = measureMesh(soupView);
    expectBitwise(fromSoup, "soup");
    EXPECT_EQ(fromSoup.value.diagnostics.repairs.cappedHoles + fromSoup.value.diagnostics.repairs.duplicateTriangles,
              0u);

    const std::vector<float> p32(torus.positions.begin(), torus.positions.end());
    const std::vector<std::uint16_t> i16(torus.indices.begin(), torus.indices.end());
    MeshView narrow = torus.view();
    narrow.positions = p32.data();
    narrow.positionType = ScalarType::Float32;
    narrow.indices = i16.data();
    narrow.indexType = IndexType::Uint16;
    expectBitwise(measureMesh(narrow), "float32, uint16");

    for (bool reverse : {false, true}) {
        Mesh repeated = torus;
        const std::size_t t = reverse ? 7 : 0;
        repairmesh::addTriangle(repeated, torus.indices[3 * t], torus.indices[3 * t + (reverse ? 2 : 1)],
                                torus.indices[3 * t + (reverse ? 1 : 2)]);
        const Result r = measure(repeated);
        expectBitwise(r, reverse ? "a reversed repeat appended" : "a repeat appended");
        expectOnly(r.value.diagnostics.repairs, 0, 0, 0, 0, 1);
    }
}

// --- invariances of the repaired result --------------------------------------------------------------

namespace {

// A scene with every repair at once: a ball of radius 2 cut open at its second ring, with two
// triangles flipped; a ball inside it wound inward (a cavity); and an inside-out box beside it
// with one face missing. Expected: the cut ball closed flat by hand,
// minus the inner ball, plus the box.
struct Scene {
    Mesh mesh;
    std::size_t outerTriangles, innerTriangles;  // the outer ball first, then the inner, then the box
    Moments expected;
    Moments cavity;  // the inner ball's
};

Scene messyScene() {
    Scene s;
    const auto outer = repairmesh::uvSphere(2, {0, 0, 0}, 12, 24, 2);
    const Mesh inner = repairmesh::uvSphere(0.8, {0.3, -0.2, 0.1}, 8, 16).mesh;
    const Vec3 lo{3, -0.5, -1}, hi{4, 0.5, 0.5};
    Mesh box = testmesh::box(lo, hi);
    testmesh::flipAll(box);
    box = repairmesh::withoutTriangles(box, faces({5}));

    Mesh outerClosed = outer.mesh;
    repairmesh::fanFromFirst(outerClosed, outer.rings[2]);
    s.cavity = cleanMoments(inner);
    s.expected = cleanMoments(outerClosed).minus(s.cavity).plus(repairmesh::boxMoments(lo, hi));

    s.mesh = outer.mesh;
    repairmesh::flipTriangle(s.mesh, 5);
    repairmesh::flipTriangle(s.mesh, 40);
    s.outerTriangles = repairmesh::triangleCount(s.mesh);
    Mesh cavity = inner;
    testmesh::flipAll(cavity);
    testmesh::append(s.mesh, cavity);
    s.innerTriangles = repairmesh::triangleCount(inner);
    testmesh::append(s.mesh, box);
    return s;
}

constexpr double kSceneSize = 6;

// The repairs that do not depend on how the scene was edited.
void expectSceneRepairs(const Repairs& r) {
    EXPECT_EQ(r.cappedHoles, 2u);
    EXPECT_EQ(r.cavities, 1u);
    EXPECT_EQ(r.openShells, 0u);
    EXPECT_EQ(r.duplicateTriangles, 0u);
    EXPECT_EQ(r.intersectingShells, 0u);
}

}  // namespace

TEST(RepairInvariance, MessySceneEqualsTheSceneBuiltRight) {
    const Scene s = messyScene();
    const Result r = measure(s.mesh);
    ASSERT_TRUE(r.ok()) << r.message;
    expectSolid(r.value, s.expected, kSceneSize, 1e-13);
    expectSceneRepairs(r.value.diagnostics.repairs);
    // The box given inside-out; two local flips.
    EXPECT_EQ(r.value.diagnostics.repairs.invertedShells, 1u);
    EXPECT_EQ(r.value.diagnostics.repairs.flippedTriangles, 2u);
    EXPECT_EQ(r.value.diagnostics.shells, 3u);
}

TEST(RepairInvariance, ShufflingTrianglesKeepsTheRepairedBody) {
    const Scene s = messyScene();
    const Result base = measure(s.mesh);
    ASSERT_TRUE(base.ok()) << base.message;
    repairmesh::Random random;
    for (int trial = 0; trial < 4; ++trial) {
        Mesh m = s.mesh;
        repairmesh::shuffleTriangles(m, random);
        const Result r = measure(m);
        ASSERT_TRUE(r.ok()) << r.message;
        expectSameResult(r.value, base.value, kSceneSize, 1e-12);
        expectSceneRepairs(r.value.diagnostics.repairs);
        EXPECT_EQ(r.value.diagnostics.repairs.invertedShells, 1u);
        EXPECT_EQ(r.value.diagnostics.repairs.flippedTriangles, 2u);
    }
}

// Up to a third of the triangles flipped: a nested shell's winding as given (which decides
// whether it is a cavity) is that of most of its triangles, so it must stay the majority.
TEST(RepairInvariance, FlippingRandomTrianglesKeepsTheRepairedBody) {
    const Scene s = messyScene();
    const Result base = measure(s.mesh);
    ASSERT_TRUE(base.ok()) << base.message;
    repairmesh::Random random;
    for (int trial = 0; trial < 4; ++trial) {
        Mesh m = s.mesh;
        for (std::size_t t = 0; t < repairmesh::triangleCount(m); ++t)
            if (random.below(trial + 3) == 0) repairmesh::flipTriangle(m, t);
        const Result r = measure(m);
        ASSERT_TRUE(r.ok()) << r.message;
        expectSameResult(r.value, base.value, kSceneSize, 1e-12);
        expectSceneRepairs(r.value.diagnostics.repairs);
    }
}

// Reversing the box, or the outer ball together with the inner one, changes nothing. Reversing
// one of the nested balls alone winds the inner one like the outer: then its overlap counts
// once, and the cavity is gone (winding numbers, not parity).
TEST(RepairInvariance, ReversingWholeShellsKeepsTheRepairedBody) {
    const Scene s = messyScene();
    const Result base = measure(s.mesh);
    ASSERT_TRUE(base.ok()) << base.message;
    const std::size_t total = repairmesh::triangleCount(s.mesh);
    const std::size_t starts[4] = {0, s.outerTriangles, s.outerTriangles + s.innerTriangles, total};
    for (int which = 1; which < 8; ++which) {
        SCOPED_TRACE("reversed shells mask " + std::to_string(which));
        Mesh m = s.mesh;
        for (int shell = 0; shell < 3; ++shell)
            if (which & (1 << shell))
                for (std::size_t t = starts[shell]; t < starts[shell + 1]; ++t) repairmesh::flipTriangle(m, t);
        const Result r = measure(m);
        ASSERT_TRUE(r.ok()) << r.message;
        const bool together = (which & 1) == ((which >> 1) & 1);
        if (together) {
            expectSameResult(r.value, base.value, kSceneSize, 1e-12);
            expectSceneRepairs(r.value.diagnostics.repairs);
        } else {
            expectSolid(r.value, s.expected.plus(s.cavity), kSceneSize, 1e-12);
            EXPECT_EQ(r.value.diagnostics.repairs.cavities, 0u);
        }
    }
}

// Seams: the triangles of one side (x > 0.1 of their first corner: a cut across the outer ball,
// the inner ball and past the box) get their own vertex copies, exact or moved by up to 1e-13
// of the scene's size, which is under the weld tolerance (1e-12 of it).
TEST(RepairInvariance, SplittingSeamsKeepsTheRepairedBody) {
    const Scene s = messyScene();
    const Result base = measure(s.mesh);
    ASSERT_TRUE(base.ok()) << base.message;
    repairmesh::Random random;
    for (double offset : {0.0, 1e-13 * kSceneSize}) {
        SCOPED_TRACE("copies moved by up to " + std::to_string(offset));
        Mesh m = s.mesh;
        const Mesh& original = s.mesh;
        repairmesh::splitSeam(
            m, [&](std::size_t t) { return original.positions[3 * original.indices[3 * t]] > 0.1; }, offset, random);
        const Result r = measure(m);
        ASSERT_TRUE(r.ok()) << r.message;
        expectSameResult(r.value, base.value, kSceneSize, 1e-12);
        expectSceneRepairs(r.value.diagnostics.repairs);
        EXPECT_EQ(r.value.diagnostics.repairs.invertedShells, 1u);
        EXPECT_EQ(r.value.diagnostics.repairs.flippedTriangles, 2u);
        EXPECT_GT(r.value.diagnostics.weldedVertices, 0u);
    }
}

TEST(RepairInvariance, RotatingTheFirstCornerOfTrianglesKeepsTheRepairedBody) {
    const Scene s = messyScene();
    const Result base = measure(s.mesh);
    ASSERT_TRUE(base.ok()) << base.message;
    repairmesh::Random random;
    Mesh m = s.mesh;
    repairmesh::rotateCorners(m, random);
    const Result r = measure(m);
    ASSERT_TRUE(r.ok()) << r.message;
    expectSameResult(r.value, base.value, kSceneSize, 1e-12);
    expectSceneRepairs(r.value.diagnostics.repairs);
    EXPECT_EQ(r.value.diagnostics.repairs.invertedShells, 1u);
    EXPECT_EQ(r.value.diagnostics.repairs.flippedTriangles, 2u);
}

// --- convex mode -------------------------------------------------------------------------------------

// An L-shaped prism ([0, 2]^2 without [1, 2]^2, height 1, volume 3): its hull is the prism over
// the pentagon (0,0) (2,0) (2,1) (1,2) (0,2), the square less the corner triangle (area 1/2,
// centroid (5/3, 5/3)): V = 4 - 1/2 = 7/2, centroid (4 * 1 - 1/2 * 5/3) / (7/2) = 19/21 in x
// and y, 1/2 in z. The tensor against that pentagonal prism built by hand.
TEST(ConvexMode, HullOfAnLPrismIsThePentagonalPrism) {
    const repairmesh::Polygon l = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    const repairmesh::Triangulation lInside = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}};
    const repairmesh::Polygon pentagon = {{0, 0}, {2, 0}, {2, 1}, {1, 2}, {0, 2}};
    const auto pentagonFan = repairmesh::fanTriangulation(5);
    const Mesh lPrism = repairmesh::prism(l, 0, 1, &lInside, &lInside).mesh;
    const Mesh hull = repairmesh::prism(pentagon, 0, 1, &pentagonFan, &pentagonFan).mesh;

    const Result solid = measure(lPrism);
    ASSERT_TRUE(solid.ok());
    EXPECT_NEAR(solid.value.volume, 3, 3e-15);
    for (bool inward : {false, true}) {
        Mesh m = lPrism;
        if (inward) testmesh::flipAll(m);
        const Result r = measure(m, MeshMode::Convex);
        ASSERT_TRUE(r.ok()) << r.message;
        EXPECT_NEAR(r.value.volume, 3.5, 4e-15);
        EXPECT_NEAR(r.value.centerOfMass[0], 19.0 / 21, 2e-15);
        EXPECT_NEAR(r.value.centerOfMass[1], 19.0 / 21, 2e-15);
        EXPECT_NEAR(r.value.centerOfMass[2], 0.5, 2e-15);
        expectSolid(r.value, cleanMoments(hull), 2, 1e-14);
        EXPECT_GT(r.value.diagnostics.hullFaces, 0u);
        EXPECT_EQ(r.value.diagnostics.inverted, inward);
    }
}

// The hull uses only the vertices: an open cup (a prism without its top) has the hull of the
// closed one, which being convex is the closed prism itself.
TEST(ConvexMode, HullOfAnOpenCupIsTheHullOfTheClosedCup) {
    const auto polygon = repairmesh::regularPolygon(24, 1);
    const auto fan = repairmesh::fanTriangulation(24);
    const Mesh cup = repairmesh::prism(polygon, 0, 2, &fan, nullptr).mesh;
    const Mesh closed = repairmesh::prism(polygon, 0, 2, &fan, &fan).mesh;
    const Result open = measure(cup, MeshMode::Convex), shut = measure(closed, MeshMode::Convex);
    ASSERT_TRUE(open.ok()) << open.message;
    ASSERT_TRUE(shut.ok()) << shut.message;
    expectSameResult(open.value, shut.value, 2, 1e-14);
    expectSolid(open.value, cleanMoments(closed), 2, 1e-13);
    EXPECT_GT(open.value.diagnostics.hullFaces, 0u);
    EXPECT_FALSE(open.value.diagnostics.closed);
}

TEST(ConvexMode, FlatMeshHasNoHull) {
    Mesh quad;
    quad.positions = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
    quad.indices = {0, 1, 2, 0, 2, 3};
    const Result r = measure(quad, MeshMode::Convex);
    EXPECT_EQ(r.status, Status::ZeroVolume);
    EXPECT_NE(r.message.find("mode 'shell'"), std::string::npos) << r.message;
}
