// The surface analysis behind the diagnostics and the repair: shells, orientation patches,
// repeats, and boundary loops with the direction the patch's triangles run along them.
#include "surface.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "bounds.h"
#include "repair_meshes.h"
#include "test_meshes.h"
#include "weld.h"

using namespace massprops;
using repairmesh::Mesh;

namespace {

detail::Surface analyze(const Mesh& m) {
    const MeshView v = m.view();
    return detail::analyzeSurface(v, detail::weldedCorners(v, detail::weldVertices(v, detail::bounds(v))));
}

std::vector<std::vector<std::uint32_t>> loopsOf(const detail::Surface& s) {
    std::vector<std::vector<std::uint32_t>> loops;
    for (std::size_t i = 0; i + 1 < s.loopStart.size(); ++i)
        loops.emplace_back(s.loopVertices.begin() + s.loopStart[i], s.loopVertices.begin() + s.loopStart[i + 1]);
    return loops;
}

// The vector area of a closed polygon, sum of p_i x p_(i+1) / 2: its normal by the right-hand
// rule of the traversal, its length the area for a planar loop.
Vec3 vectorArea(const Mesh& m, const std::vector<std::uint32_t>& loop) {
    Vec3 a{0, 0, 0};
    for (std::size_t i = 0; i < loop.size(); ++i) {
        const Vec3 p = repairmesh::vertex(m, loop[i]), q = repairmesh::vertex(m, loop[(i + 1) % loop.size()]);
        a[0] += 0.5 * (p[1] * q[2] - p[2] * q[1]);
        a[1] += 0.5 * (p[2] * q[0] - p[0] * q[2]);
        a[2] += 0.5 * (p[0] * q[1] - p[1] * q[0]);
    }
    return a;
}

// A loop up to where it starts: rotated to begin at its lowest vertex.
std::vector<std::uint32_t> canonical(std::vector<std::uint32_t> loop) {
    std::rotate(loop.begin(), std::min_element(loop.begin(), loop.end()), loop.end());
    return loop;
}

// The faces of testmesh::box, two triangles each: 0 z = lo, 1 z = hi, 2 y = lo, 3 y = hi, 4 x = lo, 5 x = hi.
const Vec3 kFaceNormal[6] = {{0, 0, -1}, {0, 0, 1}, {0, -1, 0}, {0, 1, 0}, {-1, 0, 0}, {1, 0, 0}};

Mesh withoutFace(const Mesh& box, std::size_t f) { return repairmesh::withoutTriangles(box, {2 * f, 2 * f + 1}); }

// The 2 x 2 x 2 block with the top squares of the cells (0, 0, 1) and (1, 1, 1) removed: two
// square holes that touch at (1, 1, 2), where two boundary edges leave the same vertex.
Mesh pinchedBlock() {
    std::set<std::array<int, 3>> cells;
    for (int i = 0; i < 8; ++i) cells.insert({i & 1, (i >> 1) & 1, (i >> 2) & 1});
    const auto block = repairmesh::voxels(cells);
    std::set<std::size_t> drop;
    for (const std::array<int, 3> cell : {std::array<int, 3>{0, 0, 1}, std::array<int, 3>{1, 1, 1}}) {
        const auto& q = block.quads[block.quadAt(cell, 2, 1)];
        drop.insert({q.firstTriangle, q.firstTriangle + 1});
    }
    return repairmesh::withoutTriangles(block.mesh, drop);
}

std::uint32_t vertexAt(const Mesh& m, const Vec3& p) {
    for (std::uint32_t v = 0; v < m.positions.size() / 3; ++v)
        if (repairmesh::vertex(m, v) == p) return v;
    return ~0u;
}

}  // namespace

TEST(SurfaceAnalysis, ClosedCubeIsOneClosedPatch) {
    const detail::Surface s = analyze(testmesh::box({0, 0, 0}, {1, 1, 1}));
    EXPECT_EQ(s.triangles, 12u);
    EXPECT_EQ(s.shellCount, 1u);
    ASSERT_EQ(s.patchCount, 1u);
    EXPECT_EQ(s.patchClosed[0], 1);
    EXPECT_EQ(s.patchSize[0], 12u);
    EXPECT_EQ(s.patchFlipped[0], 0u);
    EXPECT_TRUE(loopsOf(s).empty());
    EXPECT_EQ(s.duplicateTriangles, 0u);
    EXPECT_EQ(s.boundaryEdges + s.nonManifoldEdges + s.inconsistentEdges + s.oddEdges, 0u);
    for (std::size_t t = 0; t < 12; ++t) {
        EXPECT_EQ(s.inactive[t], 0);
        EXPECT_EQ(s.flipped[t], 0);
        EXPECT_EQ(s.patch[t], 0u);
    }
}

// A hole's loop runs the way the (outward) triangles around it traverse their boundary edges:
// against the missing face's own winding, so its vector area is minus the face's, -n * area.
TEST(SurfaceAnalysis, LoopOfAMissingFaceRunsAgainstThatFace) {
    const Mesh box = testmesh::box({0, 0, 0}, {1, 2, 3});
    const double area[6] = {2, 2, 3, 3, 6, 6};
    for (std::size_t f = 0; f < 6; ++f) {
        SCOPED_TRACE("face " + std::to_string(f));
        const Mesh open = withoutFace(box, f);
        const detail::Surface s = analyze(open);
        const auto loops = loopsOf(s);
        ASSERT_EQ(loops.size(), 1u);
        EXPECT_EQ(loops[0].size(), 4u);
        EXPECT_EQ(s.loopPatch[0], 0u);
        EXPECT_EQ(s.patchClosed[0], 1);  // closed once its loop is capped
        EXPECT_EQ(s.boundaryEdges, 4u);
        const Vec3 a = vectorArea(open, loops[0]);
        for (int k = 0; k < 3; ++k) EXPECT_DOUBLE_EQ(a[k], -area[f] * kFaceNormal[f][k]);
    }
}

// Given inside-out, the patch is wound like its first triangle (inward): the loop turns round.
TEST(SurfaceAnalysis, LoopOfAnInsideOutOpenBoxRunsWithTheMissingFace) {
    Mesh box = testmesh::box({0, 0, 0}, {1, 2, 3});
    testmesh::flipAll(box);
    const Mesh open = withoutFace(box, 1);
    const detail::Surface s = analyze(open);
    const auto loops = loopsOf(s);
    ASSERT_EQ(loops.size(), 1u);
    const Vec3 a = vectorArea(open, loops[0]);
    EXPECT_DOUBLE_EQ(a[2], 2);
    EXPECT_EQ(s.patchFlipped[0], 0u);
}

// A tube open at both ends: two loops of all the polygon's vertices at one height each, turning
// opposite ways about the axis (clockwise seen from +z at the top, counter-clockwise at the
// bottom), each of vector area the n-gon's, n r^2 sin(2 pi / n) / 2.
TEST(SurfaceAnalysis, OpenTubeHasTwoLoopsOfOppositeSense) {
    const int n = 40;
    const auto tube = repairmesh::prism(repairmesh::regularPolygon(n, 1), -1, 1, nullptr, nullptr);
    const detail::Surface s = analyze(tube.mesh);
    const auto loops = loopsOf(s);
    ASSERT_EQ(loops.size(), 2u);
    const double polygonArea = 0.5 * n * std::sin(2 * repairmesh::kPi / n);
    for (const auto& loop : loops) {
        ASSERT_EQ(loop.size(), std::size_t(n));
        const double z = repairmesh::vertex(tube.mesh, loop[0])[2];
        for (std::uint32_t v : loop) EXPECT_EQ(repairmesh::vertex(tube.mesh, v)[2], z);
        EXPECT_NEAR(vectorArea(tube.mesh, loop)[2], z > 0 ? -polygonArea : polygonArea, 1e-14);
    }
    EXPECT_EQ(s.patchCount, 1u);
    EXPECT_EQ(s.patchClosed[0], 1);
}

// At a pinch the walk is split into simple loops: two squares, both through the pinch vertex,
// no vertex twice in one loop.
TEST(SurfaceAnalysis, PinchedBoundarySplitsIntoTwoSimpleLoops) {
    const Mesh m = pinchedBlock();
    const detail::Surface s = analyze(m);
    const auto loops = loopsOf(s);
    ASSERT_EQ(loops.size(), 2u);
    const std::uint32_t pinch = vertexAt(m, {1, 1, 2});
    for (const auto& loop : loops) {
        EXPECT_EQ(loop.size(), 4u);
        EXPECT_EQ(std::set<std::uint32_t>(loop.begin(), loop.end()).size(), loop.size());
        EXPECT_EQ(std::count(loop.begin(), loop.end(), pinch), 1);
        EXPECT_DOUBLE_EQ(vectorArea(m, loop)[2], -1);  // the top's outward normal is +z
    }
    EXPECT_EQ(s.boundaryEdges, 8u);
    EXPECT_EQ(s.patchClosed[0], 1);
}

// The choice at the pinch goes by position, not by triangle order: shuffled, the same loops.
TEST(SurfaceAnalysis, LoopsDoNotDependOnTriangleOrder) {
    const Mesh m = pinchedBlock();
    auto loops = loopsOf(analyze(m));
    for (auto& loop : loops) loop = canonical(loop);
    std::sort(loops.begin(), loops.end());
    repairmesh::Random random;
    for (int trial = 0; trial < 8; ++trial) {
        Mesh shuffled = m;
        repairmesh::shuffleTriangles(shuffled, random);
        auto again = loopsOf(analyze(shuffled));
        for (auto& loop : again) loop = canonical(loop);
        std::sort(again.begin(), again.end());
        EXPECT_EQ(again, loops);
    }
}

TEST(SurfaceAnalysis, DisjointCubesAreTwoShellsOfOnePatchEach) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    testmesh::append(m, testmesh::box({2, 0, 0}, {3, 1, 1}));
    const detail::Surface s = analyze(m);
    EXPECT_EQ(s.shellCount, 2u);
    ASSERT_EQ(s.patchCount, 2u);
    EXPECT_NE(s.patchShell[0], s.patchShell[1]);
    EXPECT_EQ(s.patchClosed[0] + s.patchClosed[1], 2);
    for (std::size_t t = 0; t < 24; ++t) EXPECT_EQ(s.patch[t], t < 12 ? 0u : 1u);
}

// Four triangles on the shared edge: no manifold link across it, so each cube is its own
// (closed) patch, while the edge keeps them in one shell.
TEST(SurfaceAnalysis, CubesSharingAnEdgeAreOneShellOfTwoClosedPatches) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    testmesh::append(m, testmesh::box({1, 1, 0}, {2, 2, 1}));
    const detail::Surface s = analyze(m);
    EXPECT_EQ(s.shellCount, 1u);
    ASSERT_EQ(s.patchCount, 2u);
    EXPECT_EQ(s.patchShell[0], s.patchShell[1]);
    EXPECT_EQ(s.patchClosed[0] + s.patchClosed[1], 2);
    EXPECT_EQ(s.nonManifoldEdges, 1u);
    EXPECT_TRUE(loopsOf(s).empty());
}

// A fin on a cube's edge: its own patch (the edge has three triangles), open, in the cube's shell.
TEST(SurfaceAnalysis, FinIsAnOpenPatchOfItsOwn) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    const std::uint32_t tip = repairmesh::addVertex(m, 0.5, -1, -1);
    repairmesh::addTriangle(m, 0, 1, tip);
    const detail::Surface s = analyze(m);
    EXPECT_EQ(s.shellCount, 1u);
    ASSERT_EQ(s.patchCount, 2u);
    const std::uint32_t fin = s.patch[12], cube = s.patch[0];
    EXPECT_NE(fin, cube);
    EXPECT_EQ(s.patchSize[fin], 1u);
    EXPECT_EQ(s.patchClosed[fin], 0);
    EXPECT_EQ(s.patchClosed[cube], 1);
    EXPECT_EQ(s.nonManifoldEdges, 1u);
}

// Repeats (either winding) are marked on the later copy; the first copy stays in the surface.
// Triangles 3 (z = 1) and 10 (x = 1) share no edge: their six edges have three uses each.
TEST(SurfaceAnalysis, RepeatsAreMarkedOnTheLaterCopy) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    const std::uint32_t* v = m.indices.data();
    const std::uint32_t same[3] = {v[9], v[10], v[11]}, reversed[3] = {v[30], v[32], v[31]};
    repairmesh::addTriangle(m, same[0], same[1], same[2]);
    repairmesh::addTriangle(m, reversed[0], reversed[1], reversed[2]);
    const detail::Surface s = analyze(m);
    EXPECT_EQ(s.duplicateTriangles, 2u);
    for (std::size_t t = 0; t < 14; ++t) EXPECT_EQ(s.inactive[t], t < 12 ? 0 : detail::kRepeated) << t;
    EXPECT_EQ(s.patch[12], detail::kNoPatch);
    EXPECT_EQ(s.patchCount, 1u);
    EXPECT_EQ(s.patchClosed[0], 1);
    EXPECT_TRUE(loopsOf(s).empty());
    EXPECT_EQ(s.nonManifoldEdges, 6u);
}

// A triangle whose corners weld together has no edges: inactive, in no patch, not a repeat.
TEST(SurfaceAnalysis, CollapsedTrianglesAreInactive) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    repairmesh::addTriangle(m, 0, 0, 5);
    const std::uint32_t copy = repairmesh::addVertex(m, 1e-14, 0, 0);  // welds onto vertex 0
    repairmesh::addTriangle(m, 0, 7, copy);
    const detail::Surface s = analyze(m);
    EXPECT_EQ(s.inactive[12], detail::kCollapsed);
    EXPECT_EQ(s.inactive[13], detail::kCollapsed);
    EXPECT_EQ(s.patch[12], detail::kNoPatch);
    EXPECT_EQ(s.duplicateTriangles, 0u);
    EXPECT_EQ(s.patchCount, 1u);
    EXPECT_EQ(s.patchClosed[0], 1);
}

// Winding is relative to the patch's first triangle.
TEST(SurfaceAnalysis, FlippedTrianglesAreMarkedAgainstThePatchsFirst) {
    Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
    repairmesh::flipTriangle(m, 7);
    detail::Surface s = analyze(m);
    ASSERT_EQ(s.patchCount, 1u);
    for (std::size_t t = 0; t < 12; ++t) EXPECT_EQ(s.flipped[t], t == 7 ? 1 : 0);
    EXPECT_EQ(s.patchFlipped[0], 1u);
    EXPECT_EQ(s.patchClosed[0], 1);
    EXPECT_EQ(s.inconsistentEdges, 3u);

    m = testmesh::box({0, 0, 0}, {1, 1, 1});
    repairmesh::flipTriangle(m, 0);
    s = analyze(m);
    for (std::size_t t = 0; t < 12; ++t) EXPECT_EQ(s.flipped[t], t == 0 ? 0 : 1);
    EXPECT_EQ(s.patchFlipped[0], 11u);
}

// No winding of a Moebius band is consistent: one patch, never closed.
TEST(SurfaceAnalysis, MobiusBandIsNotClosed) {
    Mesh m;
    repairmesh::addMobiusBand(m, 0, 24);
    const detail::Surface s = analyze(m);
    EXPECT_EQ(s.shellCount, 1u);
    ASSERT_EQ(s.patchCount, 1u);
    EXPECT_EQ(s.patchClosed[0], 0);
}

// A soup (every corner its own vertex) welds into the cube's one closed patch.
TEST(SurfaceAnalysis, SoupWeldsIntoOneClosedShell) {
    const std::vector<double> soup = repairmesh::soup(testmesh::box({0, 0, 0}, {1, 1, 1}));
    MeshView v;
    v.positions = soup.data();
    v.positionCount = soup.size();
    const detail::Surface s =
        detail::analyzeSurface(v, detail::weldedCorners(v, detail::weldVertices(v, detail::bounds(v))));
    EXPECT_EQ(s.shellCount, 1u);
    ASSERT_EQ(s.patchCount, 1u);
    EXPECT_EQ(s.patchClosed[0], 1);
    EXPECT_TRUE(loopsOf(s).empty());
    EXPECT_EQ(s.boundaryEdges, 0u);
}
