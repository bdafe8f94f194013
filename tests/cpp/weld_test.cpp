// Vertex welding: the rule stated on kWeldTolerance, checked on meshes built by hand. Expected
// clusters come from the rule itself (each test works out tol = max(1e-12 * extent,
// 4 * DBL_EPSILON * maxAbs) for its mesh) or from a brute-force pairwise check written here.
#include "weld.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "bounds.h"
#include "mass_properties/mass_properties.h"

namespace {

using massprops::Diagnostics;
using massprops::MeshView;
using massprops::Outcome;
using massprops::ScalarType;
using massprops::Status;

template <typename T>
struct Mesh {
    std::vector<T> positions;
    std::vector<std::uint32_t> indices;  // empty: non-indexed

    MeshView view() const {
        MeshView v;
        v.positions = positions.data();
        v.positionCount = positions.size();
        v.positionType = sizeof(T) == 4 ? ScalarType::Float32 : ScalarType::Float64;
        if (!indices.empty()) {
            v.indices = indices.data();
            v.indexCount = indices.size();
            v.indexType = massprops::IndexType::Uint32;
        }
        return v;
    }
    std::uint32_t add(double x, double y, double z) {
        positions.insert(positions.end(), {static_cast<T>(x), static_cast<T>(y), static_cast<T>(z)});
        return static_cast<std::uint32_t>(positions.size() / 3 - 1);
    }
    void quad(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
        indices.insert(indices.end(), {a, b, c, a, c, d});
    }
};

template <typename T>
std::vector<std::uint32_t> weld(const Mesh<T>& m) {
    return massprops::detail::weldVertices(m.view(), massprops::detail::bounds(m.view()));
}

template <typename T>
Diagnostics inspect(const Mesh<T>& m) {
    const Outcome<Diagnostics> r = massprops::inspectMesh(m.view());
    EXPECT_EQ(r.status, Status::Ok) << r.message;
    return r.value;
}

// The corners of the box [lo, hi] (bit 0: x = hi, bit 1: y, bit 2: z) and its faces as quads
// wound counter-clockwise seen from outside; face f lies on axis f / 2, at hi when f is odd.
constexpr int kFaces[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
std::array<double, 3> corner(int i, const std::array<double, 3>& lo, const std::array<double, 3>& hi) {
    return {i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2]};
}

// A box with its 8 corners shared by all faces.
template <typename T>
Mesh<T> box(const std::array<double, 3>& lo, const std::array<double, 3>& hi) {
    Mesh<T> m;
    for (int i = 0; i < 8; ++i) {
        const auto p = corner(i, lo, hi);
        m.add(p[0], p[1], p[2]);
    }
    for (const auto& f : kFaces) m.quad(f[0], f[1], f[2], f[3]);
    return m;
}

// A box whose 6 faces each have their own 4 vertices (24: seams everywhere, as with per-face
// normals); move(face, corner, position) may displace a copy.
template <typename T, typename Move>
Mesh<T> faceSplitBox(const std::array<double, 3>& lo, const std::array<double, 3>& hi, Move move) {
    Mesh<T> m;
    for (int f = 0; f < 6; ++f) {
        std::uint32_t v[4];
        for (int k = 0; k < 4; ++k) {
            auto p = corner(kFaces[f][k], lo, hi);
            move(f, kFaces[f][k], p);
            v[k] = m.add(p[0], p[1], p[2]);
        }
        m.quad(v[0], v[1], v[2], v[3]);
    }
    return m;
}

template <typename T>
Mesh<T> faceSplitBox(const std::array<double, 3>& lo, const std::array<double, 3>& hi) {
    return faceSplitBox<T>(lo, hi, [](int, int, std::array<double, 3>&) {});
}

void expectClosedManifold(const Diagnostics& d) {
    EXPECT_TRUE(d.closed);
    EXPECT_EQ(d.boundaryEdges, 0u);
    EXPECT_EQ(d.nonManifoldEdges, 0u);
    EXPECT_TRUE(d.consistentWinding);
}

// The unit cube cut by the plane x = b into two boxes, [0, left] and [right, 1] in x, without the
// faces on the cut: closed exactly when the 4 copies of the cut's corners weld pairwise.
template <typename T>
Mesh<T> cutCube(double left, double right) {
    Mesh<T> m;
    auto part = [&](double x0, double x1, int dropFace) {
        const std::uint32_t first = static_cast<std::uint32_t>(m.positions.size() / 3);
        for (int i = 0; i < 8; ++i) {
            const auto p = corner(i, {x0, 0, 0}, {x1, 1, 1});
            m.add(p[0], p[1], p[2]);
        }
        for (int f = 0; f < 6; ++f)
            if (f != dropFace)
                m.quad(first + kFaces[f][0], first + kFaces[f][1], first + kFaces[f][2], first + kFaces[f][3]);
    };
    part(0, left, 1);   // without its x = hi face
    part(right, 1, 0);  // without its x = lo face
    return m;
}

// Cell sizes a grid-based weld of this unit cube (tol = 1e-12) might plausibly use: multiples of
// the tolerance, decimal and binary fractions of the size.
std::vector<double> plausibleCellSizes() {
    std::vector<double> sizes{1e-11, 2e-11, 5e-11, 1e-10, 2e-10, 5e-10, 1e-9, 2e-9};
    for (double m : {4.0, 8.0, 16.0, 32.0, 64.0, 100.0, 128.0, 256.0, 512.0, 1000.0, 1024.0})
        sizes.push_back(m * 1e-12);
    for (int k = 26; k <= 36; ++k) sizes.push_back(std::ldexp(1.0, -k));
    return sizes;
}

TEST(Weld, SeamCopiesAcrossACellBoundaryWeld) {
    // Copies 1e-18 apart on each side of x = b, where b is a border (or a half-cell point) of
    // every plausible grid anchored at the mesh's corner: some copies straddle a border of any
    // such grid, yet every cut cube must read as closed.
    int meshes = 0;
    for (double cell : plausibleCellSizes())
        for (double cells : {0.5, 1.0, 1.5, 2.0, 7.5, 12.0}) {
            const double b = cells * cell;
            const double left = b - 5e-19, right = b + 5e-19;
            ASSERT_LT(left, right);
            const Mesh<double> m = cutCube<double>(left, right);
            // Without welding the cut would be a hole of 8 boundary edges.
            const std::vector<std::uint32_t> w = weld(m);
            for (int i = 0; i < 8; ++i)
                if (i & 1) EXPECT_EQ(w[8 + (i - 1)], w[i]) << "cell " << cell << " b " << b;
            const Diagnostics d = inspect(m);
            expectClosedManifold(d);
            EXPECT_EQ(d.triangles, 20u);
            ++meshes;
        }
    EXPECT_GT(meshes, 100);
}

TEST(Weld, Float32SeamCopiesAcrossACellBoundaryWeld) {
    // The same with single precision: the nearest floats below and at-or-above b (one float ulp).
    for (double cell : plausibleCellSizes())
        for (double cells : {0.5, 1.0, 1.5, 7.5}) {
            const double b = cells * cell;
            float above = static_cast<float>(b);
            if (double(above) < b) above = std::nextafter(above, 1.0f);
            const float below = std::nextafter(above, 0.0f);
            ASSERT_LT(double(below), b);
            ASSERT_GE(double(above), b);
            const Mesh<float> m = cutCube<float>(below, above);
            expectClosedManifold(inspect(m));
        }
}

TEST(Weld, FaceSplitCubesWeldInBothPrecisions) {
    // 24 vertices, 4 per face: each corner has 3 copies (exactly equal here).
    const std::vector<std::uint32_t> w64 = weld(faceSplitBox<double>({0, 0, 0}, {1, 1, 1}));
    const std::vector<std::uint32_t> w32 = weld(faceSplitBox<float>({0, 0, 0}, {1, 1, 1}));
    EXPECT_EQ(w64, w32);
    std::vector<std::uint32_t> reps(w64);
    std::sort(reps.begin(), reps.end());
    reps.erase(std::unique(reps.begin(), reps.end()), reps.end());
    EXPECT_EQ(reps.size(), 8u);
    expectClosedManifold(inspect(faceSplitBox<double>({0, 0, 0}, {1, 1, 1})));
    expectClosedManifold(inspect(faceSplitBox<float>({-3, 2, 5}, {-2, 2.5f, 5.25f})));
}

TEST(Weld, ThinPlatesStayApartDownToTheTolerance) {
    // A closed plate 1e-10 of its size thick: tol = 1e-12, so top and bottom are distinct.
    expectClosedManifold(inspect(box<double>({0, 0, 0}, {1, 1, 1e-10})));
    const Mesh<double> plate = box<double>({0, 0, 0}, {1, 1, 1e-10});
    const std::vector<std::uint32_t> w = weld(plate);
    std::vector<std::uint32_t> identity(8);
    std::iota(identity.begin(), identity.end(), 0u);
    EXPECT_EQ(w, identity);
    // The same plate in single precision.
    expectClosedManifold(inspect(box<float>({0, 0, 0}, {1, 1, 1e-10})));
}

TEST(Weld, PlatesThinnerThanTheToleranceWeldFlat) {
    // 1e-13 thick (< tol = 1e-12): each top corner welds to the bottom one below it, as
    // documented. The sides collapse; the top and bottom faces remain, back to back. Their
    // diagonals coincide (0-3 below, 4-7 above), so that edge has 4 uses: non-manifold.
    const Mesh<double> plate = box<double>({0, 0, 0}, {1, 1, 1e-13});
    EXPECT_EQ(weld(plate), (std::vector<std::uint32_t>{0, 1, 2, 3, 0, 1, 2, 3}));
    const Diagnostics d = inspect(plate);
    EXPECT_TRUE(d.closed);
    EXPECT_EQ(d.boundaryEdges, 0u);
    EXPECT_EQ(d.nonManifoldEdges, 1u);
    EXPECT_TRUE(d.consistentWinding);
}

TEST(Weld, ChainsWeldTransitivelyToTheLowestIndex) {
    // Unit cube: tol = max(1e-12 * 1, 4 * DBL_EPSILON * 1) = 1e-12. Three points 0.9 tol apart
    // along x: the ends are 1.8 tol apart and weld only through the middle one. Numbered so the
    // lowest index is an end that is not first in space.
    Mesh<double> m = box<double>({0, 0, 0}, {1, 1, 1});
    const double t = 0.9e-12, x = 0.25;
    m.add(0.5, 0.5, 0.5);        // 8: unrelated
    m.add(x + t, 0.5, 0.5);      // 9: middle
    m.add(x + 2 * t, 0.5, 0.5);  // 10: right
    m.add(x, 0.5, 0.5);          // 11: left
    ASSERT_GT(std::abs((x + 2 * t) - x), 1e-12);
    std::vector<std::uint32_t> w = weld(m);
    EXPECT_EQ(w[9], 9u);
    EXPECT_EQ(w[10], 9u);
    EXPECT_EQ(w[11], 9u);
    EXPECT_EQ(w[8], 8u);
    // A long chain, shuffled: 200 points 0.9 tol apart span 179 tol and are still one vertex.
    Mesh<double> chain = box<double>({0, 0, 0}, {1, 1, 1});
    std::vector<int> steps(200);
    std::iota(steps.begin(), steps.end(), 0);
    std::shuffle(steps.begin(), steps.end(), std::mt19937(7));
    for (int s : steps) chain.add(x + s * t, 0.5, 0.5);
    w = weld(chain);
    for (std::size_t v = 8; v < w.size(); ++v) EXPECT_EQ(w[v], 8u) << v;
}

// Clusters by the rule, pairwise: a union-find of its own, each cluster named by its lowest vertex.
std::vector<std::uint32_t> bruteForce(const std::vector<double>& p, double tol) {
    const std::size_t n = p.size() / 3;
    std::vector<std::uint32_t> label(n);
    std::iota(label.begin(), label.end(), 0u);
    auto find = [&](std::uint32_t v) {
        while (label[v] != v) v = label[v];
        return v;
    };
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            bool near = true;
            for (int k = 0; k < 3; ++k) near = near && std::abs(p[3 * i + k] - p[3 * j + k]) <= tol;
            if (!near) continue;
            const std::uint32_t a = find(static_cast<std::uint32_t>(i)), b = find(static_cast<std::uint32_t>(j));
            label[std::max(a, b)] = std::min(a, b);
        }
    for (std::size_t v = 0; v < n; ++v) label[v] = find(static_cast<std::uint32_t>(v));
    return label;
}

// A cloud of small clusters: centers spread over [0, 1]^3, members offset from them by multiples
// of 0.3 tol (so pairs are 0.9 or 1.2 tol apart, never near the threshold), in every direction.
std::vector<double> clusterCloud(std::uint32_t seed, double tol) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> unit(0, 1);
    std::uniform_int_distribution<int> size(1, 6), step(-4, 4);
    std::vector<double> p;
    for (int c = 0; c < 400; ++c) {
        const double center[3] = {unit(random), unit(random), unit(random)};
        for (int m = size(random); m > 0; --m)
            for (int k = 0; k < 3; ++k) p.push_back(center[k] + step(random) * 0.3 * tol);
    }
    // The bounding box is [0, 1]^3 exactly, so tol is what the caller assumed.
    for (double x : {0.0, 1.0}) p.insert(p.end(), {x, x, x});
    while (p.size() % 9 != 0) p.insert(p.end(), {0.5, 0.5, 0.5});
    return p;
}

TEST(Weld, ClustersMatchAPairwiseCheck) {
    const double tol = 1e-12;  // extent 1, maxAbs 1
    for (std::uint32_t seed : {1u, 2u, 3u}) {
        Mesh<double> m;
        m.positions = clusterCloud(seed, tol);
        EXPECT_EQ(weld(m), bruteForce(m.positions, tol)) << "seed " << seed;
    }
}

TEST(Weld, CrowdedVerticesMatchAPairwiseCheck) {
    // 2000 random points in a cube `side` tolerances wide (inside the unit box, so tol = 1e-12):
    // from a blob where everything welds, through crowds where each point has many neighbours
    // within a few tol (what a stray far vertex does to a detailed mesh), to sparse ones.
    const double tol = 1e-12;
    for (double side : {0.5, 2.0, 5.0, 12.0, 14.0, 16.0, 20.0, 30.0, 300.0, 3000.0}) {
        std::mt19937 random(static_cast<std::uint32_t>(side * 10));
        std::uniform_real_distribution<double> offset(0, side * tol);
        Mesh<double> m;
        m.positions = {0, 0, 0, 1, 1, 1};
        for (int i = 0; i < 2000; ++i) {
            const double x = 0.5 + offset(random), y = 0.5 + offset(random), z = 0.5 + offset(random);
            m.add(x, y, z);
        }
        m.add(0.5, 0.5, 0.5);
        const std::vector<std::uint32_t> expected = bruteForce(m.positions, tol);
        EXPECT_EQ(weld(m), expected) << "side " << side;
        // Shuffled, the same partition.
        Mesh<double> reversed;
        for (std::size_t v = m.positions.size() / 3; v-- > 0;)
            reversed.add(m.positions[3 * v], m.positions[3 * v + 1], m.positions[3 * v + 2]);
        const std::vector<std::uint32_t> w = weld(reversed);
        const std::size_t n = w.size();
        for (std::size_t v = 0; v < n; ++v)
            for (std::size_t u : {std::size_t(0), v / 2, n - 1})
                EXPECT_EQ(w[n - 1 - v] == w[n - 1 - u], expected[v] == expected[u]) << side << " " << v << " " << u;
    }
}

TEST(Weld, ShufflingTheVerticesGivesTheSamePartition) {
    Mesh<double> m;
    m.positions = clusterCloud(11, 1e-12);
    const std::size_t n = m.positions.size() / 3;
    const std::vector<std::uint32_t> w = weld(m);
    std::vector<std::uint32_t> order(n);  // vertex k of the shuffled mesh is vertex order[k]
    std::iota(order.begin(), order.end(), 0u);
    for (std::uint32_t seed : {5u, 6u, 7u}) {
        std::shuffle(order.begin(), order.end(), std::mt19937(seed));
        Mesh<double> shuffled;
        for (std::uint32_t v : order) shuffled.add(m.positions[3 * v], m.positions[3 * v + 1], m.positions[3 * v + 2]);
        const std::vector<std::uint32_t> ws = weld(shuffled);
        // Name each shuffled cluster by its lowest original vertex: the same labels as before.
        std::vector<std::uint32_t> lowest(n, 0xffffffffu), label(n);
        for (std::size_t k = 0; k < n; ++k) {
            EXPECT_LE(ws[k], k);  // the representative is the lowest index of the shuffled mesh
            lowest[ws[k]] = std::min(lowest[ws[k]], order[k]);
        }
        for (std::size_t k = 0; k < n; ++k) label[order[k]] = lowest[ws[k]];
        EXPECT_EQ(label, w) << "seed " << seed;
    }
}

TEST(Weld, FarFromTheOriginCopiesOneUlpApartWeld) {
    // Size S at offset c: tol = max(1e-12 * S, 4 * DBL_EPSILON * (c + S)), which exceeds an ulp of
    // c + S (2^-52 of it at most): copies moved by one ulp weld. A face moved by 1e-9 * S (well
    // above tol for these sizes) is a real gap: its 4 edges and the 4 rim edges facing it are open.
    for (const std::array<double, 2>& place : {std::array<double, 2>{1e4, 1}, std::array<double, 2>{1e8, 1000}}) {
        const double c = place[0], size = place[1];
        const std::array<double, 3> lo{c, c, c}, hi{c + size, c + size, c + size};
        const double tol = std::max(1e-12 * size, 4 * DBL_EPSILON * (c + size));
        ASSERT_GT(1e-9 * size, 10 * tol);
        auto ulpOff = faceSplitBox<double>(lo, hi, [](int f, int, std::array<double, 3>& p) {
            for (double& x : p) x = f % 2 ? std::nextafter(x, 1e300) : std::nextafter(x, -1e300);
        });
        expectClosedManifold(inspect(ulpOff));
        auto gap = faceSplitBox<double>(lo, hi, [&](int f, int, std::array<double, 3>& p) {
            if (f == 1) p[0] += 1e-9 * size;  // the x = hi face, outward
        });
        const Diagnostics d = inspect(gap);
        EXPECT_FALSE(d.closed);
        EXPECT_EQ(d.boundaryEdges, 8u);
    }
}

TEST(Weld, VerticesABillionthOfTheSizeApartStayApart) {
    // Unit size at the origin and at 1e4: tol is 1e-12 and 8.9e-12, both far below 1e-9.
    for (double c : {0.0, 1e4}) {
        Mesh<double> m = box<double>({c, c, c}, {c + 1, c + 1, c + 1});
        m.add(c + 0.5, c + 0.5, c + 0.5);
        m.add(c + 0.5 + 1e-9, c + 0.5, c + 0.5);
        m.add(c + 0.5, c + 0.5, c + 0.5 - 1e-9);
        const std::vector<std::uint32_t> w = weld(m);
        EXPECT_EQ(w[8], 8u);
        EXPECT_EQ(w[9], 9u);
        EXPECT_EQ(w[10], 10u);
    }
}

TEST(Weld, HugeCoordinatesWeldWithoutOverflow) {
    // hi - lo overflows to infinity here; tol = max(1e-12 * 3.4e308, 4 * DBL_EPSILON * 1.7e308)
    // = 3.4e296 still separates the corners, and the copies weld.
    const double big = 1.7e308;
    const std::vector<std::uint32_t> w = weld(box<double>({-big, -big, -big}, {big, big, big}));
    std::vector<std::uint32_t> identity(8);
    std::iota(identity.begin(), identity.end(), 0u);
    EXPECT_EQ(w, identity);
    expectClosedManifold(inspect(faceSplitBox<double>({-big, -big, -big}, {big, big, big})));
    expectClosedManifold(
        inspect(faceSplitBox<double>({-big, -big, -big}, {big, big, big}, [](int f, int, std::array<double, 3>& p) {
            if (f == 2) p[1] = std::nextafter(p[1], 0.0);
        })));
    // The largest doubles.
    expectClosedManifold(inspect(faceSplitBox<double>({-DBL_MAX, -DBL_MAX, -DBL_MAX}, {DBL_MAX, DBL_MAX, DBL_MAX})));
    // A box from the smallest subnormal to DBL_MAX in x, tiny in y and z: tol = 1e-12 * DBL_MAX,
    // so its 24 vertices weld into two, the ends at x = lo (lowest vertex 0) and x = hi (4).
    const Mesh<double> needle = faceSplitBox<double>({4.9e-324, -1e-300, 0}, {DBL_MAX, 1e-310, 1});
    const std::vector<std::uint32_t> ends = weld(needle);
    for (std::size_t v = 0; v < ends.size(); ++v) EXPECT_EQ(ends[v], needle.positions[3 * v] == DBL_MAX ? 4u : 0u) << v;
    EXPECT_EQ(inspect(needle).boundaryEdges, 0u);
}

TEST(Weld, AllEqualAndTinyMeshesWeld) {
    // Every vertex the same point (extent 0): one cluster; at the origin tol is 0 too.
    for (double x : {0.0, 3.0, -1e-320}) {
        Mesh<double> m;
        for (int i = 0; i < 9; ++i) m.add(x, x, x);
        EXPECT_EQ(weld(m), std::vector<std::uint32_t>(9, 0u)) << x;
        const Diagnostics d = inspect(m);
        EXPECT_EQ(d.triangles, 3u);
        EXPECT_EQ(d.boundaryEdges, 0u);
    }
    // Extent one ulp of 1 (2.2e-16) < tol = 4 * DBL_EPSILON: one cluster.
    Mesh<double> ulp;
    for (int i = 0; i < 3; ++i) {
        ulp.add(1, 1, 1);
        ulp.add(std::nextafter(1.0, 2.0), 1, 1);
        ulp.add(1, 1, 1);
    }
    EXPECT_EQ(weld(ulp), std::vector<std::uint32_t>(9, 0u));
    // A cube of subnormal size 1e-310: tol = 1e-322 (about 20 subnormal steps) keeps its corners
    // apart and welds its seam copies.
    expectClosedManifold(inspect(faceSplitBox<double>({0, 0, 0}, {1e-310, 1e-310, 1e-310})));
    const std::vector<std::uint32_t> tiny = weld(box<double>({0, 0, 0}, {1e-310, 1e-310, 1e-310}));
    for (std::uint32_t v = 0; v < 8; ++v) EXPECT_EQ(tiny[v], v);
}

TEST(Weld, WorkingBytesCountBeyond32Bits) {
    // 2^32 vertices need at least their 4-byte weld map, 16 GiB: no wraparound in the estimate.
    const std::uint64_t n = std::uint64_t(1) << 32;
    EXPECT_GE(massprops::detail::weldWorkingBytes(n), 4 * n);
    EXPECT_GE(massprops::meshWorkingBytes(n, 3 * n), 4 * n);
}

}  // namespace
