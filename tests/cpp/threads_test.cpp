// The mesh paths shared among threads (parallel.h): the same numbers and diagnostics bit for bit
// whatever the thread count, on meshes large enough that every step (the proof's key pass, radix
// sort, candidate scan and fans, the integration's blocks) is cut into parts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <vector>

#include "bounds.h"
#include "certify.h"
#include "parallel.h"
#include "repair_meshes.h"
#include "test_meshes.h"

namespace {

using massprops::Diagnostics;
using massprops::MassProperties;
using massprops::MeshOptions;
using massprops::Outcome;
using massprops::Result;
using testmesh::Mesh;

const unsigned kThreadCounts[] = {2, 3, 8};

// Restores one thread after each test, whatever it set. A build without threads (the wasm32
// tests are built like the single-thread modules) has nothing to compare.
class Threads : public ::testing::Test {
protected:
    void SetUp() override {
        if (massprops::setThreadCount(2) == 1) GTEST_SKIP() << "a build without threads";
        massprops::setThreadCount(1);
    }
    void TearDown() override { massprops::setThreadCount(1); }
};

template <typename T>
bool sameBits(const T& a, const T& b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

void expectSame(const Result& a, const Result& b) {
    ASSERT_EQ(a.status, b.status) << b.message;
    EXPECT_EQ(a.message, b.message);
    if (!a.ok()) return;
#define EXPECT_SAME_FIELD(type, name, ...) EXPECT_TRUE(sameBits(a.value.name, b.value.name)) << #name;
#define SKIP_OPTIONAL(...)
    MASSPROPS_RESULT_FIELDS(EXPECT_SAME_FIELD, SKIP_OPTIONAL)
#undef EXPECT_SAME_FIELD
#undef SKIP_OPTIONAL
    EXPECT_TRUE(sameBits(a.value.bounds, b.value.bounds));
    const Diagnostics &x = a.value.diagnostics, &y = b.value.diagnostics;
    EXPECT_EQ(x.weldedVertices, y.weldedVertices);
    EXPECT_EQ(x.degenerateTriangles, y.degenerateTriangles);
    EXPECT_EQ(x.boundaryEdges, y.boundaryEdges);
    EXPECT_EQ(x.shells, y.shells);
    EXPECT_EQ(x.holes, y.holes);
    EXPECT_EQ(x.repairs.invertedShells, y.repairs.invertedShells);
    EXPECT_EQ(x.repairs.cappedHoles, y.repairs.cappedHoles);
}

// A UV sphere of about 180 000 vertices and 360 000 triangles (more than 8 parts of every step).
Mesh bigSphere(int cutBands = 0) { return repairmesh::uvSphere(1, {0.25, -0.5, 2}, 300, 600, cutBands).mesh; }

// The same surface with its vertices renumbered and its triangles reordered at random.
Mesh shuffled(const Mesh& m, unsigned seed) {
    std::mt19937 random(seed);
    const std::size_t vertices = m.positions.size() / 3, triangles = m.indices.size() / 3;
    std::vector<std::uint32_t> to(vertices), order(triangles);
    for (std::uint32_t v = 0; v < vertices; ++v) to[v] = v;
    for (std::uint32_t t = 0; t < triangles; ++t) order[t] = t;
    std::shuffle(to.begin(), to.end(), random);
    std::shuffle(order.begin(), order.end(), random);
    Mesh out;
    out.positions.resize(m.positions.size());
    for (std::size_t v = 0; v < vertices; ++v)
        for (int k = 0; k < 3; ++k) out.positions[3 * to[v] + k] = m.positions[3 * v + k];
    for (std::uint32_t t : order)
        for (int k = 0; k < 3; ++k) out.indices.push_back(to[m.indices[3 * t + k]]);
    return out;
}

// Every triangle with vertices of its own: the weld joins six copies of most points.
Mesh soup(const Mesh& m) {
    Mesh out;
    for (std::uint32_t i : m.indices) {
        for (int k = 0; k < 3; ++k) out.positions.push_back(m.positions[3 * i + k]);
        out.indices.push_back(static_cast<std::uint32_t>(out.indices.size()));
    }
    return out;
}

// measureMesh and inspectMesh with 1 thread, then with each count of kThreadCounts: the same.
void expectSameForEveryThreadCount(const Mesh& m, const MeshOptions& options = {}) {
    ASSERT_EQ(massprops::setThreadCount(1), 1u);
    const Result one = massprops::measureMesh(m.view(), {}, options);
    const Outcome<Diagnostics> inspected = massprops::inspectMesh(m.view(), options);
    for (unsigned threads : kThreadCounts) {
        SCOPED_TRACE(threads);
        ASSERT_EQ(massprops::setThreadCount(threads), threads);
        ASSERT_EQ(massprops::detail::parallelThreads(), threads);
        expectSame(one, massprops::measureMesh(m.view(), {}, options));
        const Outcome<Diagnostics> again = massprops::inspectMesh(m.view(), options);
        EXPECT_EQ(inspected.value.weldedVertices, again.value.weldedVertices);
        EXPECT_EQ(inspected.value.degenerateTriangles, again.value.degenerateTriangles);
        EXPECT_EQ(inspected.value.inverted, again.value.inverted);
    }
}

TEST_F(Threads, CleanSphereGivesTheSameBitsForEveryThreadCount) {
    const Mesh m = bigSphere();
    expectSameForEveryThreadCount(m);
    // And the numbers are the sphere's: the volume of the inscribed polyhedron is within the
    // tessellation's error of 4/3 pi.
    massprops::setThreadCount(3);
    const Result r = massprops::measureMesh(m.view());
    ASSERT_TRUE(r.ok());
    EXPECT_NEAR(r.value.volume, 4.0 / 3.0 * 3.14159265358979323846, 1e-3);
    EXPECT_EQ(r.value.diagnostics.weldedVertices, 0u);
}

TEST_F(Threads, ShuffledSphereGivesTheSameBitsForEveryThreadCount) {
    expectSameForEveryThreadCount(shuffled(bigSphere(), 7));
}

TEST_F(Threads, InsideOutSphereGivesTheSameBitsForEveryThreadCount) {
    Mesh m = bigSphere();
    testmesh::flipAll(m);
    expectSameForEveryThreadCount(m);
}

TEST_F(Threads, TriangleSoupWeldsTheSameForEveryThreadCount) {
    // Copies of copies: more pairs than a thread keeps, so the joining thread finishes ranges.
    const Mesh m = soup(shuffled(bigSphere(), 11));
    expectSameForEveryThreadCount(m);
    massprops::setThreadCount(8);
    const Result r = massprops::measureMesh(m.view());
    ASSERT_TRUE(r.ok());
    // Each triangle brought 3 vertices; the sphere has 2 + 299 * 600 of them.
    EXPECT_EQ(r.value.diagnostics.weldedVertices, m.positions.size() / 3 - (2 + 299 * 600));
}

TEST_F(Threads, OpenSphereGivesTheSameBitsForEveryThreadCount) {
    // Two bands cut off the north pole: the proof fails (a boundary) and the full analysis caps it.
    expectSameForEveryThreadCount(shuffled(bigSphere(2), 3));
}

TEST_F(Threads, TrustedPathGivesTheSameBitsForEveryThreadCount) {
    MeshOptions trusted;
    trusted.check = false;
    expectSameForEveryThreadCount(shuffled(bigSphere(), 5), trusted);
}

TEST_F(Threads, TrustedPlainSumsGiveTheSameBitsForEveryThreadCount) {
    // Float32 about the world origin: check: false's plain sums (integrateTrusted).
    MeshOptions trusted;
    trusted.check = false;
    const testmesh::FloatMesh m(shuffled(repairmesh::uvSphere(1, {0.01, -0.02, 0}, 300, 600).mesh, 5));
    ASSERT_EQ(massprops::setThreadCount(1), 1u);
    const Result one = massprops::measureMesh(m.view(), {}, trusted);
    ASSERT_TRUE(one.ok());
    for (unsigned threads : kThreadCounts) {
        SCOPED_TRACE(threads);
        ASSERT_EQ(massprops::setThreadCount(threads), threads);
        expectSame(one, massprops::measureMesh(m.view(), {}, trusted));
    }
}

TEST_F(Threads, ProofWeldsTheSameForEveryThreadCount) {
    // A sphere with every vertex of one hemisphere's seam copied a hair away: welded by the proof.
    const Mesh m = shuffled(soup(bigSphere()), 13);
    const massprops::detail::Bounds box = massprops::detail::bounds(m.view());
    massprops::setThreadCount(1);
    std::uint32_t welded1 = 0;
    const bool proven1 = massprops::detail::provenClean(m.view(), box, 0, welded1);
    EXPECT_TRUE(proven1);  // the welded soup is the closed sphere: the proof, not the full analysis
    for (unsigned threads : kThreadCounts) {
        massprops::setThreadCount(threads);
        std::uint32_t welded = 0;
        EXPECT_EQ(massprops::detail::provenClean(m.view(), box, 0, welded), proven1) << threads;
        EXPECT_EQ(welded, welded1) << threads;
    }
}

TEST_F(Threads, ParallelForRunsEveryTaskOnce) {
    for (unsigned threads : {1u, 2u, 3u, 8u}) {
        massprops::setThreadCount(threads);
        std::vector<int> runs(1000, 0);
        massprops::detail::parallelFor(runs.size(), [&](std::size_t i) { ++runs[i]; });
        EXPECT_EQ(std::count(runs.begin(), runs.end(), 1), 1000) << threads;
    }
}

TEST_F(Threads, ThreadCountIsClampedToOneAndTheMaximum) {
    EXPECT_EQ(massprops::setThreadCount(0), 1u);
    EXPECT_EQ(massprops::setThreadCount(1000), massprops::kMaxThreads);
    EXPECT_EQ(massprops::threadCount(), massprops::kMaxThreads);
}

}  // namespace
