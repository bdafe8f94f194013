// The proof that a mesh is clean (certify.h) against the full analysis: on clean meshes both give
// the same result bit for bit; every mesh the proof must not pass (each would change the numbers
// or the diagnostics if it did) reaches the full analysis and gets its answer. And check: false,
// the trusted path, against the default on clean meshes within the core's accuracy, against closed
// forms, and its certificate for plain determinants against accurate ones. And the core module's
// mesh entry (measureCleanMesh), which answers as the default does or not at all.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "bounds.h"
#include "certify.h"
#include "determinant.h"
#include "integrate.h"
#include "mesh.h"
#include "mesh_access.h"
#include "repair_meshes.h"
#include "test_meshes.h"
#include "weld.h"

namespace {

using massprops::Diagnostics;
using massprops::MassProperties;
using massprops::MeshOptions;
using massprops::Result;
using massprops::detail::Path;
using repairmesh::addTriangle;
using repairmesh::addVertex;
using testmesh::Mesh;

bool proven(const Mesh& m, double extra = 0) {
    std::uint32_t welded = 0;
    return massprops::detail::provenClean(m.view(), massprops::detail::bounds(m.view()), extra, welded);
}

// Bitwise equality of everything a result holds (doubles compared by their bits).
template <typename T>
bool sameBits(const T& a, const T& b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

void expectSameDiagnostics(const Diagnostics& a, const Diagnostics& b) {
    EXPECT_EQ(a.triangles, b.triangles);
    EXPECT_EQ(a.closed, b.closed);
    EXPECT_EQ(a.boundaryEdges, b.boundaryEdges);
    EXPECT_EQ(a.nonManifoldEdges, b.nonManifoldEdges);
    EXPECT_EQ(a.inconsistentEdges, b.inconsistentEdges);
    EXPECT_EQ(a.consistentWinding, b.consistentWinding);
    EXPECT_EQ(a.inverted, b.inverted);
    EXPECT_EQ(a.degenerateTriangles, b.degenerateTriangles);
    EXPECT_EQ(a.shells, b.shells);
    EXPECT_EQ(a.holes, b.holes);
    EXPECT_EQ(a.weldedVertices, b.weldedVertices);
    EXPECT_EQ(a.hullFaces, b.hullFaces);
    EXPECT_EQ(a.repairs.duplicateTriangles, b.repairs.duplicateTriangles);
    EXPECT_EQ(a.repairs.flippedTriangles, b.repairs.flippedTriangles);
    EXPECT_EQ(a.repairs.invertedShells, b.repairs.invertedShells);
    EXPECT_EQ(a.repairs.cavities, b.repairs.cavities);
    EXPECT_EQ(a.repairs.cappedHoles, b.repairs.cappedHoles);
    EXPECT_EQ(a.repairs.openShells, b.repairs.openShells);
    EXPECT_EQ(a.repairs.intersectingShells, b.repairs.intersectingShells);
    EXPECT_TRUE(sameBits(a.repairs.capArea, b.repairs.capArea));
}

// Every field that is always present, by the one list of result fields (mass_properties.h).
void expectSameNumbers(const MassProperties& a, const MassProperties& b) {
#define EXPECT_SAME_FIELD(type, name, ...) EXPECT_TRUE(sameBits(a.name, b.name)) << #name;
#define SKIP_OPTIONAL(...)
    MASSPROPS_RESULT_FIELDS(EXPECT_SAME_FIELD, SKIP_OPTIONAL)
#undef EXPECT_SAME_FIELD
#undef SKIP_OPTIONAL
}

// The same but for the surface's fields (which check: false does not give).
void expectSameMassProperties(const MassProperties& a, const MassProperties& b) {
#define EXPECT_SAME_FIELD(type, name, ...) \
    if (std::strncmp(#name, "surface", 7) != 0) EXPECT_TRUE(sameBits(a.name, b.name)) << #name;
#define SKIP_OPTIONAL(...)
    MASSPROPS_RESULT_FIELDS(EXPECT_SAME_FIELD, SKIP_OPTIONAL)
#undef EXPECT_SAME_FIELD
#undef SKIP_OPTIONAL
}

// The same, and the same bounds (which check: false does not give).
void expectSameResult(const MassProperties& a, const MassProperties& b) {
    expectSameNumbers(a, b);
    EXPECT_EQ(a.hasBounds, b.hasBounds);
    EXPECT_TRUE(sameBits(a.bounds, b.bounds));
}

// The default path (proof first) and the full analysis give the same outcome, bit for bit.
void expectBothPathsAgree(const massprops::MeshView& view, const MeshOptions& options = {}) {
    const Result fast = massprops::detail::measureMeshBy(view, {}, options, Path::Proof);
    const Result full = massprops::detail::measureMeshBy(view, {}, options, Path::FullAnalysis);
    ASSERT_EQ(fast.status, full.status) << full.message;
    EXPECT_EQ(fast.message, full.message);
    if (full.ok()) {
        expectSameResult(fast.value, full.value);
        EXPECT_EQ(fast.value.hasDiagnostics, full.value.hasDiagnostics);
        expectSameDiagnostics(fast.value.diagnostics, full.value.diagnostics);
    }
    // The core module's entry (docs/size.md): the default's answer, or none (FullModuleNotLoaded).
    const Result core = massprops::detail::measureCleanMesh(view, {}, options);
    if (core.status != massprops::Status::FullModuleNotLoaded) {
        ASSERT_EQ(core.status, fast.status) << core.message;
        EXPECT_EQ(core.message, fast.message);
        if (fast.ok()) {
            expectSameResult(core.value, fast.value);
            expectSameDiagnostics(core.value.diagnostics, fast.value.diagnostics);
        }
    }
    const auto fastInspect = massprops::detail::inspectMeshBy(view, options, Path::Proof);
    const auto fullInspect = massprops::detail::inspectMeshBy(view, options, Path::FullAnalysis);
    ASSERT_EQ(fastInspect.status, fullInspect.status);
    expectSameDiagnostics(fastInspect.value, fullInspect.value);
}

void expectBothPathsAgree(const Mesh& m, const MeshOptions& options = {}) { expectBothPathsAgree(m.view(), options); }

Mesh unitCube() { return testmesh::box({0, 0, 0}, {1, 1, 1}); }

Mesh sphere(int stacks, int slices, const massprops::Vec3& center = {0, 0, 0}) {
    return repairmesh::uvSphere(1, center, stacks, slices).mesh;
}

// --- clean meshes: proven, and the same bits as the full analysis --------------------------------

TEST(ProvenClean, ClosedMeshesAreProvenAndAgreeBitForBit) {
    const Mesh meshes[] = {unitCube(), sphere(24, 48), sphere(7, 5, {1e6, -3e6, 2e6}), sphere(200, 3)};
    for (const Mesh& m : meshes) {
        EXPECT_TRUE(proven(m));
        expectBothPathsAgree(m);
    }
}

TEST(ProvenClean, InsideOutClosedMeshIsProvenAndTurnedOutwardAsTheFullAnalysisDoes) {
    Mesh m = sphere(16, 32);
    testmesh::flipAll(m);
    EXPECT_TRUE(proven(m));
    expectBothPathsAgree(m);
    const Result r = massprops::measureMesh(m.view());
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value.diagnostics.repairs.invertedShells, 1u);
}

TEST(ProvenClean, TorusOfGenusOneIsProven) {
    // The square torus of voxels: genus 1, every vertex one fan.
    const auto torus = repairmesh::squareTorus();
    EXPECT_TRUE(proven(torus.mesh));
    expectBothPathsAgree(torus.mesh);
}

TEST(ProvenClean, CollapsedTrianglesAndUnusedVerticesLeaveTheProofStanding) {
    Mesh m = unitCube();
    addTriangle(m, 0, 0, 1);  // collapsed: no edges, counted as degenerate
    addVertex(m, 5, 5, 5);    // unused, far from everything
    EXPECT_TRUE(proven(m));
    expectBothPathsAgree(m);
}

TEST(ProvenClean, UsedBoundsAreThoseOfTheVerticesTheTrianglesUse) {
    // Bounds from the proof's own marks: an unused vertex left out, a collapsed triangle's lone
    // vertex kept (detail::usedBounds reads every corner), and a seam copy that no triangle uses
    // left out although it welds with a used one and is the lower-numbered of the two.
    Mesh m = unitCube();
    addVertex(m, 5, 5, 5);       // unused
    addVertex(m, -3, 0.5, 0.5);  // only in a collapsed triangle
    addTriangle(m, 0, 0, static_cast<std::uint32_t>(m.positions.size() / 3 - 1));
    Mesh seam;
    addVertex(seam, 1 + 1e-14, 1, 1);  // vertex 0: welds with the cube's (1, 1, 1), unused
    for (std::size_t k = 0; k < m.positions.size(); ++k) seam.positions.push_back(m.positions[k]);
    for (const std::uint32_t i : m.indices) seam.indices.push_back(i + 1);
    for (const Mesh* mesh : {&m, &seam}) {
        std::uint32_t welded = 0;
        massprops::Box3 box;
        const auto view = mesh->view();
        ASSERT_TRUE(massprops::detail::provenClean(view, massprops::detail::bounds(view), 0, welded, &box));
        const massprops::Box3 expected = massprops::detail::usedBounds(view);
        EXPECT_TRUE(sameBits(box, expected));
        EXPECT_EQ(box.min[0], -3);
        EXPECT_EQ(box.max[0], 1);
        expectBothPathsAgree(*mesh);
    }
}

TEST(ProvenClean, AllIndexAndPositionTypesAgree) {
    const Mesh m = sphere(10, 12);
    std::vector<float> positions32(m.positions.begin(), m.positions.end());
    std::vector<std::uint16_t> indices16(m.indices.begin(), m.indices.end());
    std::vector<std::uint8_t> indices8(m.indices.begin(), m.indices.end());
    massprops::MeshView views[3] = {m.view(), m.view(), m.view()};
    views[0].positions = positions32.data();
    views[0].positionType = massprops::ScalarType::Float32;
    views[1].indices = indices16.data();
    views[1].indexType = massprops::IndexType::Uint16;
    views[2].indices = indices8.data();
    views[2].indexType = massprops::IndexType::Uint8;
    for (const auto& view : views) {
        // Below the entry points indices are None or Uint32: narrow ones are widened first.
        const massprops::detail::WideIndices wide(view);
        EXPECT_EQ(wide.view().indexType, views[0].indexType);
        std::uint32_t welded = 0;
        EXPECT_TRUE(massprops::detail::provenClean(wide.view(), massprops::detail::bounds(wide.view()), 0, welded));
        ASSERT_TRUE(massprops::measureMesh(view).ok());
        expectBothPathsAgree(view);
    }
}

// --- what the proof must refuse: each reaches the full analysis and gets its answer -------------

TEST(ProvenClean, NestedShellsWithTheInnerWoundOutwardAreNotProven) {
    Mesh m = testmesh::box({0, 0, 0}, {2, 2, 2});
    testmesh::append(m, testmesh::box({0.5, 0.5, 0.5}, {1.5, 1.5, 1.5}));
    EXPECT_FALSE(proven(m));
    expectBothPathsAgree(m);
    const Result r = massprops::measureMesh(m.view());
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value.volume, 8.0);  // the inner shell, wound like the outer, lies in the solid
    EXPECT_EQ(r.value.diagnostics.shells, 2u);
}

TEST(ProvenClean, CubeWithAnOppositelyWoundCopyOfOneFaceIsNotProven) {
    Mesh m = unitCube();
    addTriangle(m, m.indices[0], m.indices[2], m.indices[1]);
    EXPECT_FALSE(proven(m));
    expectBothPathsAgree(m);
}

TEST(ProvenClean, CubeWithBothWindingsOfAnExtraFaceIsNotProven) {
    // Every directed edge still has its reverse: only the edge multiplicities tell.
    Mesh m = unitCube();
    const std::uint32_t a = m.indices[0], b = m.indices[1], c = m.indices[2];
    addTriangle(m, a, b, c);
    addTriangle(m, a, c, b);
    EXPECT_FALSE(proven(m));
    expectBothPathsAgree(m);
    EXPECT_GT(massprops::measureMesh(m.view()).value.diagnostics.nonManifoldEdges, 0u);
}

TEST(ProvenClean, TwoCubesSharingAFaceWithinWeldDistanceAreNotProven) {
    Mesh m = unitCube();
    testmesh::append(m, testmesh::box({1 + 1e-13, 0, 0}, {2, 1, 1}));  // its face at x = 1, a hair off
    EXPECT_FALSE(proven(m));
    expectBothPathsAgree(m);
    const Result r = massprops::measureMesh(m.view());
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value.diagnostics.weldedVertices, 4u);
    EXPECT_GT(r.value.diagnostics.nonManifoldEdges, 0u);
}

TEST(ProvenClean, NonManifoldEdgeWithConsistentPairsIsNotProven) {
    // Two tetrahedra-like wedges sharing the edge (0,1): four triangles on it, two each way.
    Mesh m;
    const std::uint32_t p = addVertex(m, 0, 0, 0), q = addVertex(m, 0, 0, 1);
    const std::uint32_t a = addVertex(m, 1, 0, 0.5), b = addVertex(m, 0, 1, 0.5);
    const std::uint32_t c = addVertex(m, -1, 0, 0.5), d = addVertex(m, 0, -1, 0.5);
    // Tetrahedron p q a b and tetrahedron p q c d, outward.
    for (auto [x, y] : {std::pair{a, b}, std::pair{c, d}}) {
        addTriangle(m, p, x, q);
        addTriangle(m, p, q, y);
        addTriangle(m, p, y, x);
        addTriangle(m, q, x, y);
    }
    EXPECT_FALSE(proven(m));
    expectBothPathsAgree(m);
    EXPECT_EQ(massprops::measureMesh(m.view()).value.diagnostics.nonManifoldEdges, 1u);
}

TEST(ProvenClean, TwoShellsTouchingAtOneVertexAreNotProven) {
    Mesh m = unitCube();
    Mesh other = testmesh::box({1, 1, 1}, {2, 2, 2});
    const std::uint32_t shared = 7;  // (1, 1, 1) in the first cube, vertex 0 of the second
    const auto offset = static_cast<std::uint32_t>(m.positions.size() / 3) - 1;
    for (int k = 3; k < 24; ++k) m.positions.push_back(other.positions[k]);
    for (std::uint32_t i : other.indices) m.indices.push_back(i == 0 ? shared : i + offset);
    EXPECT_FALSE(proven(m));
    expectBothPathsAgree(m);
}

TEST(ProvenClean, SeamsAHairApartWeldAsTheFullAnalysisWeldsThem) {
    // A sphere cut into pieces whose seam copies moved by less than the weld tolerance, at
    // coordinates falling on both sides of the proof's bucket borders (and weld's cell borders):
    // welded, it is clean again, and the proof must find the very same weld.
    for (double offset : {3e-13, -3e-13, 9e-13}) {
        Mesh m = sphere(12, 16);
        repairmesh::Random random;
        repairmesh::splitSeam(
            m, [](std::size_t t) { return t % 3 == 0; }, offset, random);
        EXPECT_TRUE(proven(m));
        expectBothPathsAgree(m);
        const Result r = massprops::measureMesh(m.view());
        ASSERT_TRUE(r.ok());
        EXPECT_GT(r.value.diagnostics.weldedVertices, 0u);
        EXPECT_EQ(r.value.diagnostics.boundaryEdges, 0u);
    }
}

TEST(ProvenClean, DistinctVerticesCloserThanTheToleranceAreNotProvenEvenWithoutSharedEdges) {
    // A clean sphere plus a clean small tetrahedron one of whose vertices lies 1e-13 from a sphere
    // vertex: welding joins two pieces that share no triangle.
    Mesh m = sphere(8, 8);
    const double x = m.positions[3], y = m.positions[4], z = m.positions[5];
    const std::uint32_t a = addVertex(m, x + 1e-13, y, z + 1e-13), b = addVertex(m, x + 2, y, z);
    const std::uint32_t c = addVertex(m, x + 2, y + 2, z), d = addVertex(m, x + 2, y, z + 2);
    addTriangle(m, a, c, b);
    addTriangle(m, a, b, d);
    addTriangle(m, a, d, c);
    addTriangle(m, b, c, d);
    EXPECT_FALSE(proven(m));
    expectBothPathsAgree(m);
}

TEST(ProvenClean, SeamsWiderThanTheToleranceAreNotProven) {
    Mesh m = sphere(12, 16);
    repairmesh::Random random;
    repairmesh::splitSeam(
        m, [](std::size_t t) { return t % 3 == 0; }, 1e-6, random);
    EXPECT_FALSE(proven(m));
    expectBothPathsAgree(m);
    EXPECT_GT(massprops::measureMesh(m.view()).value.diagnostics.boundaryEdges, 0u);
}

TEST(ProvenClean, ThreeJsStyleSeamDuplicatesWeldAsTheFullAnalysisWeldsThem) {
    // three.js's SphereGeometry: a column of seam vertices repeated, sin(2 pi) written as -2.4e-16
    // where the first column has 0, and poles repeated per slice.
    const int stacks = 8, slices = 12;
    Mesh m;
    for (int i = 0; i <= stacks; ++i)
        for (int j = 0; j <= slices; ++j) {
            const double u = 2 * repairmesh::kPi * j / slices, v = repairmesh::kPi * i / stacks;
            addVertex(m, -std::cos(u) * std::sin(v), std::cos(v), std::sin(u) * std::sin(v));
        }
    for (int i = 0; i < stacks; ++i)
        for (int j = 0; j < slices; ++j) {
            const auto at = [&](int r, int c) { return static_cast<std::uint32_t>(r * (slices + 1) + c); };
            if (i != 0) addTriangle(m, at(i, j + 1), at(i, j), at(i + 1, j + 1));
            if (i != stacks - 1) addTriangle(m, at(i, j), at(i + 1, j), at(i + 1, j + 1));
        }
    EXPECT_TRUE(proven(m));
    expectBothPathsAgree(m);
    const Result r = massprops::measureMesh(m.view());
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r.value.diagnostics.closed);
    // The seam column's inner copies, and each pole's copies (one per slice, and the seam's).
    EXPECT_EQ(r.value.diagnostics.weldedVertices, static_cast<std::uint32_t>((stacks - 1) + 2 * slices));
}

TEST(ProvenClean, OpenAndFlippedMeshesAreNotProven) {
    Mesh open = unitCube();
    open.indices.resize(open.indices.size() - 3);
    EXPECT_FALSE(proven(open));
    expectBothPathsAgree(open);
    Mesh flipped = sphere(8, 8);
    repairmesh::flipTriangle(flipped, 5);
    EXPECT_FALSE(proven(flipped));
    expectBothPathsAgree(flipped);
}

TEST(ProvenClean, TriangleSoupWeldsAsTheFullAnalysisWeldsIt) {
    const Mesh m = sphere(6, 9);
    const std::vector<double> soup = repairmesh::soup(m);
    massprops::MeshView view;
    view.positions = soup.data();
    view.positionCount = soup.size();
    std::uint32_t welded = 0;
    EXPECT_TRUE(massprops::detail::provenClean(view, massprops::detail::bounds(view), 0, welded));
    EXPECT_EQ(welded, soup.size() / 3 - m.positions.size() / 3);  // all corners but one per vertex
    ASSERT_TRUE(massprops::measureMesh(view).ok());
    expectBothPathsAgree(view);
}

TEST(ProvenClean, TheWeldItHandsToTheFullAnalysisIsTheFullAnalysisOwn) {
    // Rough meshes (the proof fails after welding) whose seams weld: copies a hair apart, a
    // triangle soup with a hole, and a wide weld option; the proof's weld must be weldVertices'.
    std::vector<std::pair<Mesh, double>> cases;
    for (double offset : {3e-13, -3e-13, 9e-13}) {
        Mesh m = sphere(12, 16);
        repairmesh::Random random;
        repairmesh::splitSeam(
            m, [](std::size_t t) { return t % 3 == 0; }, offset, random);
        m.indices.resize(m.indices.size() - 3);  // a hole
        cases.emplace_back(m, 0);
    }
    Mesh soup = sphere(6, 9);
    const std::vector<double> corners = repairmesh::soup(soup);
    soup.positions = corners;
    soup.indices.clear();
    for (std::uint32_t c = 0; c + 3 < corners.size() / 3; ++c) soup.indices.push_back(c);  // all but one triangle
    cases.emplace_back(soup, 0);
    Mesh wide = sphere(10, 10);
    repairmesh::flipTriangle(wide, 3);
    cases.emplace_back(wide, 0.05);
    for (const auto& [m, extra] : cases) {
        const auto view = m.view();
        const massprops::detail::Bounds box = massprops::detail::bounds(view);
        std::uint32_t welded = 0;
        std::vector<std::uint32_t> weld;
        EXPECT_FALSE(massprops::detail::provenClean(view, box, extra, welded, nullptr, &weld));
        ASSERT_FALSE(weld.empty());
        EXPECT_EQ(weld, massprops::detail::weldVertices(view, box, extra));
        MeshOptions options;
        options.weldDistance = extra;
        expectBothPathsAgree(m, options);
    }
}

TEST(ProvenClean, AWideWeldOptionIsHonoured) {
    // A weld of half the radius joins vertices of this sphere: the proof must see the wider rule.
    const Mesh m = sphere(40, 3);
    EXPECT_TRUE(proven(m));
    MeshOptions wide;
    wide.weldDistance = 0.5;
    EXPECT_FALSE(proven(m, wide.weldDistance));
    expectBothPathsAgree(m, wide);
}

TEST(ProvenClean, WheneverTheProofPassesTheFullAnalysisFindsTheMeshClean) {
    // Random edits of clean meshes: whatever the proof passes, the full analysis calls clean
    // (nothing welded, one shell, no hole, nothing repaired) and measures to the same bits.
    repairmesh::Random random;
    int provenCount = 0;
    for (int trial = 0; trial < 300; ++trial) {
        Mesh m = trial % 2 ? sphere(5 + trial % 7, 4 + trial % 5) : repairmesh::squareTorus().mesh;
        switch (random.below(7)) {
            case 0: repairmesh::flipTriangle(m, random.below(m.indices.size() / 3)); break;
            case 1: m = repairmesh::withoutTriangles(m, {random.below(m.indices.size() / 3)}); break;
            case 2: {
                const std::uint32_t t = random.below(m.indices.size() / 3);
                addTriangle(m, m.indices[3 * t], m.indices[3 * t + 2], m.indices[3 * t + 1]);
                addTriangle(m, m.indices[3 * t], m.indices[3 * t + 1], m.indices[3 * t + 2]);
                break;
            }
            case 3: testmesh::append(m, testmesh::box({5, 5, 5}, {6, 6, 6})); break;
            case 4: {
                const double offset = random.coin() ? 1e-13 : 1e-9;
                repairmesh::splitSeam(
                    m, [&](std::size_t t) { return t % 4 == 0; }, offset, random);
                break;
            }
            case 5: repairmesh::shuffleTriangles(m, random); break;
            default: repairmesh::rotateCorners(m, random); break;
        }
        if (!proven(m)) continue;
        ++provenCount;
        const Result full = massprops::detail::measureMeshBy(m.view(), {}, {}, Path::FullAnalysis);
        ASSERT_TRUE(full.ok());
        const Diagnostics& d = full.value.diagnostics;
        EXPECT_TRUE(d.closed && d.consistentWinding && d.boundaryEdges == 0 && d.nonManifoldEdges == 0);
        EXPECT_EQ(d.shells, 1u);
        EXPECT_EQ(d.repairs.duplicateTriangles + d.repairs.flippedTriangles + d.repairs.cappedHoles, 0u);
        expectBothPathsAgree(m);
    }
    EXPECT_GT(provenCount, 50);  // shuffles and rotations keep meshes clean: the proof must see it
}

// --- check: false ---------------------------------------------------------------------------

// Within `tolerance` of `b`: the volume and mass relative, the center of mass relative to `size`, the
// inertia tensor and the principal moments relative to their largest.
void expectCloseNumbers(const MassProperties& a, const MassProperties& b, double size, double tolerance) {
    EXPECT_NEAR(a.volume, b.volume, tolerance * b.volume);
    EXPECT_NEAR(a.mass, b.mass, tolerance * b.mass);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(a.centerOfMass[k], b.centerOfMass[k], tolerance * size) << k;
    double largest = 0;
    for (double x : b.inertia) largest = std::max(largest, std::abs(x));
    for (int k = 0; k < 9; ++k) EXPECT_NEAR(a.inertia[k], b.inertia[k], tolerance * largest) << k;
    for (int k = 0; k < 3; ++k)
        EXPECT_NEAR(a.principalMoments[k], b.principalMoments[k], tolerance * b.principalMoments[2]) << k;
}

// check: false leaves the surface out: NaN, null in JavaScript.
void expectNoSurface(const MassProperties& r) {
    EXPECT_TRUE(std::isnan(r.surfaceArea));
    for (double x : r.surfaceCentroid) EXPECT_TRUE(std::isnan(x));
}

// Rotated by a fixed rotation (quaternion (1, 2, 3, 4) / sqrt(30)) and moved by `shift`, so that
// faces are not along the axes (whose determinants have no rounding).
Mesh rotated(Mesh m, const massprops::Vec3& shift) {
    const double w = 1 / std::sqrt(30.0), x = 2 * w, y = 3 * w, z = 4 * w;
    const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
    for (std::size_t v = 0; v < m.positions.size(); v += 3) {
        const double p[3] = {m.positions[v], m.positions[v + 1], m.positions[v + 2]};
        for (int i = 0; i < 3; ++i) m.positions[v + i] = r[i][0] * p[0] + r[i][1] * p[1] + r[i][2] * p[2] + shift[i];
    }
    return m;
}

// A box `length` long and `width` wide and deep (12 triangles: its long faces are slivers).
Mesh needle(double length, double width) {
    return testmesh::box({-length / 2, -width / 2, -width / 2}, {length / 2, width / 2, width / 2});
}

TEST(TrustedPath, ClosedMeshAgreesWithTheDefaultWithoutSurfaceOrDiagnostics) {
    MeshOptions trusted;
    trusted.check = false;
    for (bool inward : {false, true}) {
        Mesh sphereMesh = sphere(20, 40, {0.05, -0.02, 0.01});
        if (inward) testmesh::flipAll(sphereMesh);
        const testmesh::FloatMesh m(sphereMesh);  // the plain sums: Float32, about the world origin
        const Result checked = massprops::measureMesh(m.view());
        const Result r = massprops::measureMesh(m.view(), {}, trusted);
        ASSERT_TRUE(r.ok() && checked.ok());
        // The default's numbers are exact to 1e-12 (accuracy tests); check: false's plain
        // determinants are certified to 1.1e-13 of the volume.
        expectCloseNumbers(r.value, checked.value, 1, 1e-12);
        expectNoSurface(r.value);
        EXPECT_FALSE(r.value.hasDiagnostics);
        EXPECT_FALSE(r.value.hasBounds);
    }
}

// The certificate's claim (plainDeterminantsSuffice): integrateTrusted's sum of plain
// determinants is within 2^-50 r L of the exact one, r the largest distance of a vertex from the
// world origin and L the summed squared edges, here computed directly; and it certifies the meshes
// of fat triangles and refuses the slender, the cancelling, the flat and the far ones.
TEST(TrustedPath, PlainDeterminantsStayWithinTheirCertifiedBound) {
    Mesh hollow = testmesh::box({0, 0, 0}, {1, 1, 1});  // walls 1e-4: the volume cancels to 6e-4 of sum |d|
    Mesh inner = testmesh::box({1e-4, 1e-4, 1e-4}, {1 - 1e-4, 1 - 1e-4, 1 - 1e-4});
    testmesh::flipAll(inner);
    testmesh::append(hollow, inner);
    Mesh flat;
    for (const massprops::Vec3& p : {massprops::Vec3{0, 0, 0}, {1, 0.5, 0.25}, {0.3, 1, 0.7}})
        addVertex(flat, p[0], p[1], p[2]);
    addTriangle(flat, 0, 1, 2);
    addTriangle(flat, 0, 2, 1);  // the same triangle wound the other way: no volume
    const struct {
        const char* name;
        Mesh mesh;
        bool certified;
    } cases[] = {
        {"unit cube", rotated(unitCube(), {-0.5, -0.5, -0.5}), true},
        {"sphere", rotated(sphere(40, 80), {0.1, -0.2, 0.1}), true},
        {"sphere, not rotated", sphere(40, 80), true},
        {"sphere far away", rotated(sphere(7, 5), {1e3, -3e3, 2e3}), false},
        {"box 4 x 1 x 1", rotated(needle(4, 1), {0, 0, 0}), true},
        {"needle 1e3 x 1 x 1", rotated(needle(1e3, 1), {0, 0, 0}), false},
        {"needle 1 x 1e-5 x 1e-5", rotated(needle(1, 1e-5), {0, 0, 0}), false},
        {"thin-walled hollow box", rotated(hollow, {-0.5, -0.5, -0.5}), false},
        {"flat", flat, false},
    };
    for (const auto& c : cases) {
        const testmesh::FloatMesh mesh(c.mesh);
        const massprops::detail::Bounds box = massprops::detail::bounds(mesh.view());
        const std::size_t triangles = mesh.indices.size() / 3;
        const massprops::detail::Moments m =
            massprops::detail::integrateTrusted(mesh.positions.data(), mesh.indices.data(), triangles,
                                                mesh.positions.size() / 3);
        EXPECT_EQ(massprops::detail::plainDeterminantsSuffice(m, box, triangles), c.certified) << c.name;
        long double exact = 0, r = 0, edges2 = 0;
        for (std::size_t t = 0; t < triangles; ++t) {
            massprops::Vec3 p[3];
            for (int k = 0; k < 3; ++k)
                for (int i = 0; i < 3; ++i) p[k][i] = mesh.positions[3 * mesh.indices[3 * t + k] + i];
            exact += massprops::detail::accurateDeterminant(p[0], p[1], p[2]);
            for (int k = 0; k < 3; ++k) {
                const massprops::Vec3 &u = p[k], &v = p[(k + 1) % 3];
                r = std::max(r,
                             std::sqrt((long double)u[0] * u[0] + (long double)u[1] * u[1] + (long double)u[2] * u[2]));
                for (int i = 0; i < 3; ++i) edges2 += ((long double)u[i] - v[i]) * ((long double)u[i] - v[i]);
            }
        }
        EXPECT_LE(std::abs(m.d - exact), std::ldexp(r * edges2, -50)) << c.name;
    }
}

// The world origin is near the box's centre when within an eighth of the box along every axis.
TEST(TrustedPath, NearWorldOriginIsWithinAnEighthOfTheBox) {
    using massprops::detail::Bounds;
    using massprops::detail::nearWorldOrigin;
    EXPECT_TRUE(nearWorldOrigin(Bounds{{-1, -2, -3}, {1, 2, 3}}));
    EXPECT_TRUE(nearWorldOrigin(Bounds{{-0.875, -2, -3}, {1.125, 2, 3}}));  // centre 0.125: an eighth of 1
    EXPECT_FALSE(nearWorldOrigin(Bounds{{-0.75, -2, -3}, {1.25, 2, 3}}));
    EXPECT_FALSE(nearWorldOrigin(Bounds{{5, 5, 5}, {5, 5, 5}}));
    EXPECT_TRUE(nearWorldOrigin(Bounds{{-1, -1, 0}, {1, 1, 0}}));  // flat along z, at 0
}

// A mesh the certificate refuses, and one away from the world origin, get the default's sums
// (accurate determinants where they cancel): the default's numbers, bit for bit.
TEST(TrustedPath, UncertifiedOrFarMeshGetsTheDefaultSums) {
    MeshOptions trusted;
    trusted.check = false;
    for (const Mesh& given : {rotated(needle(1, 1e-4), {0, 0, 0}), rotated(needle(1e4, 1), {0, 0, 0}),
                              rotated(sphere(20, 40), {3, -2, 1})}) {
        const testmesh::FloatMesh m(given);
        const Result checked = massprops::measureMesh(m.view());
        const Result r = massprops::measureMesh(m.view(), {}, trusted);
        ASSERT_TRUE(r.ok() && checked.ok());
        expectSameMassProperties(r.value, checked.value);
        expectNoSurface(r.value);
    }
}

TEST(TrustedPath, UnitCubeHasItsClosedForm) {
    MeshOptions trusted;
    trusted.check = false;
    massprops::MassOptions mass;
    mass.value = 3;
    const Result r = massprops::measureMesh(unitCube().view(), mass, trusted);
    ASSERT_TRUE(r.ok());
    EXPECT_NEAR(r.value.volume, 1, 1e-15);
    EXPECT_NEAR(r.value.mass, 3, 1e-15);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.value.centerOfMass[k], 0.5, 1e-15);
    EXPECT_NEAR(r.value.inertia[0], 3.0 / 6, 1e-15);  // m (a^2 + a^2) / 12
    EXPECT_NEAR(r.value.inertia[1], 0, 1e-15);
    expectNoSurface(r.value);
}

TEST(TrustedPath, RefusesOtherModesAWeldAndFlatMeshes) {
    MeshOptions o;
    o.check = false;
    o.mode = massprops::MeshMode::Shell;
    EXPECT_EQ(massprops::measureMesh(unitCube().view(), {}, o).status, massprops::Status::InvalidOptions);
    o.mode = massprops::MeshMode::Solid;
    o.weldDistance = 1e-3;
    EXPECT_EQ(massprops::measureMesh(unitCube().view(), {}, o).status, massprops::Status::InvalidOptions);
    o.weldDistance = 0;
    Mesh flat;
    addTriangle(flat, addVertex(flat, 0, 0, 0), addVertex(flat, 1, 0, 0), addVertex(flat, 0, 1, 0));
    addTriangle(flat, 0, 2, 1);
    EXPECT_EQ(massprops::measureMesh(flat.view(), {}, o).status, massprops::Status::ZeroVolume);
}

// check: false tests the indices of a Float32 mesh with 32-bit indices as its integration reads
// them (the SIMD build; elsewhere before): wherever the bad index is (either triangle of a pair,
// any corner, a later block, the last triangle of an odd count, one past the last vertex, the
// largest index), the call refuses it with the default's message, and reads no vertex but the mesh's.
TEST(TrustedPath, IndexOutOfRangeIsRefusedWhereverItIs) {
    const Mesh m = sphere(40, 60);  // 4,680 triangles: five blocks of the integration
    std::vector<float> positions(m.positions.begin(), m.positions.end());
    const std::uint32_t vertices = static_cast<std::uint32_t>(positions.size() / 3);
    MeshOptions trusted;
    trusted.check = false;
    const auto measure = [&](const std::vector<std::uint32_t>& indices, const MeshOptions& options) {
        return massprops::measureMesh(testmesh::viewOf(positions, indices), {}, options);
    };
    const std::size_t corners = m.indices.size();
    for (const std::size_t corner :
         {std::size_t(0), std::size_t(4), std::size_t(5), std::size_t(3 * 1024 + 2), corners / 2 + 1, corners - 1}) {
        for (const std::uint32_t bad : {vertices, vertices + 1, 0xffffffffu}) {
            for (const bool odd : {false, true}) {
                std::vector<std::uint32_t> indices = m.indices;
                if (odd) indices.resize(corners - 3);  // an open mesh: check: false measures what it is given
                const std::size_t at = std::min(corner, indices.size() - 1);
                indices[at] = bad;
                const Result checked = measure(indices, {});
                const Result r = measure(indices, trusted);
                EXPECT_EQ(r.status, massprops::Status::IndexOutOfRange) << at << " " << bad << " " << odd;
                EXPECT_EQ(r.message, checked.message);
                EXPECT_EQ(r.message, "index " + std::to_string(bad) + " at triangle " + std::to_string(at / 3) +
                                         " is out of range (" + std::to_string(vertices) + " vertices)");
            }
        }
    }
    // Every vertex, the last one too, is read: the numbers are the default's, within its accuracy.
    const Result checked = measure(m.indices, {});
    const Result r = measure(m.indices, trusted);
    ASSERT_TRUE(r.ok() && checked.ok());
    expectCloseNumbers(r.value, checked.value, 1, 1e-12);
    // A bad index comes before a bad option, as in the default's checks.
    std::vector<std::uint32_t> indices = m.indices;
    indices[7] = vertices;
    MeshOptions welded = trusted;
    welded.weldDistance = 1e-3;
    EXPECT_EQ(measure(indices, welded).status, massprops::Status::IndexOutOfRange);
    EXPECT_EQ(measure(m.indices, welded).status, massprops::Status::InvalidOptions);
}

}  // namespace

namespace {

// What the core module answers: the trusted path and a clean solid; never a mesh to repair or another mode.
TEST(CoreModuleMesh, AnswersCleanSolidsAndTrustedMeshesOnly) {
    const Mesh cube = unitCube();
    EXPECT_TRUE(massprops::detail::measureCleanMesh(cube.view(), {}, {}).ok());
    MeshOptions trusted;
    trusted.check = false;
    EXPECT_TRUE(massprops::detail::measureCleanMesh(cube.view(), {}, trusted).ok());
    Mesh open = cube;
    open.indices.resize(open.indices.size() - 3);
    EXPECT_EQ(massprops::detail::measureCleanMesh(open.view(), {}, {}).status, massprops::Status::FullModuleNotLoaded);
    for (const massprops::MeshMode mode : {massprops::MeshMode::Shell, massprops::MeshMode::Convex}) {
        MeshOptions other;
        other.mode = mode;
        EXPECT_EQ(massprops::detail::measureCleanMesh(cube.view(), {}, other).status,
                  massprops::Status::FullModuleNotLoaded);
    }
    MeshOptions intersections;
    intersections.intersections = true;
    EXPECT_EQ(massprops::detail::measureCleanMesh(cube.view(), {}, intersections).status,
              massprops::Status::FullModuleNotLoaded);
    // Input errors come first, as from measureMesh.
    const Mesh empty;
    EXPECT_EQ(massprops::detail::measureCleanMesh(empty.view(), {}, {}).status,
              massprops::measureMesh(empty.view(), {}, {}).status);
}

}  // namespace
