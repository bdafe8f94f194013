#include "hull.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "determinant.h"

using massprops::Vec3;
using massprops::detail::convexHull;
using massprops::detail::Hull;

namespace {

const double kPi = std::acos(-1.0);

Hull hullOf(const std::vector<Vec3>& points) {
    return convexHull([&](std::size_t i) { return points[i]; }, points.size());
}

Vec3 minus(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Vec3 crossOf(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double dotOf(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// The volume a closed outward triangle mesh encloses: signed tetrahedra from a point of the mesh
// (the divergence theorem), independent of the hull code. Each determinant to about one rounding
// (accurateDeterminant) and summed with Kahan's compensation: plainly, the cancellation in the
// thin tetrahedra of a fine sphere leaves ~1e-14 of noise that depends on the triangle order.
double enclosedVolume(const std::vector<Vec3>& points, const std::vector<std::array<std::uint32_t, 3>>& triangles) {
    const Vec3 o = points.empty() ? Vec3{0, 0, 0} : points[0];
    double sum = 0, compensation = 0;
    for (const auto& t : triangles) {
        const double d = massprops::detail::accurateDeterminant(minus(points[t[0]], o), minus(points[t[1]], o),
                                                                minus(points[t[2]], o));
        const double y = d - compensation, s = sum + y;
        compensation = (s - sum) - y;
        sum = s;
    }
    return sum / 6;
}
double enclosedVolume(const Hull& h) { return enclosedVolume(h.points, h.triangles); }

// A closed, consistently wound surface of the sphere's topology: every directed edge used once
// and its reverse once, no degenerate triangle, every point used, V - E + F = 2, positive volume.
testing::AssertionResult isClosedOutwardSurface(const Hull& h) {
    if (h.triangles.empty()) return testing::AssertionFailure() << "no triangles";
    std::vector<std::uint64_t> edges;  // directed edges a -> b as a << 32 | b
    std::vector<bool> used(h.points.size(), false);
    for (const auto& t : h.triangles) {
        for (int i = 0; i < 3; ++i) {
            if (t[i] >= h.points.size()) return testing::AssertionFailure() << "index " << t[i] << " out of range";
            used[t[i]] = true;
            edges.push_back(std::uint64_t{t[i]} << 32 | t[(i + 1) % 3]);
        }
        const Vec3 n = crossOf(minus(h.points[t[1]], h.points[t[0]]), minus(h.points[t[2]], h.points[t[0]]));
        if (!(dotOf(n, n) > 0)) return testing::AssertionFailure() << "degenerate triangle";
    }
    std::sort(edges.begin(), edges.end());
    if (std::adjacent_find(edges.begin(), edges.end()) != edges.end())
        return testing::AssertionFailure() << "a directed edge used twice";
    for (std::uint64_t e : edges)
        if (!std::binary_search(edges.begin(), edges.end(), (e << 32) | (e >> 32)))
            return testing::AssertionFailure() << "edge " << (e >> 32) << "->" << (e & 0xffffffffu) << " is open";
    if (std::count(used.begin(), used.end(), false) != 0) return testing::AssertionFailure() << "unused point";
    const long long v = static_cast<long long>(h.points.size()), e = static_cast<long long>(edges.size() / 2),
                    f = static_cast<long long>(h.triangles.size());
    if (v - e + f != 2) return testing::AssertionFailure() << "Euler characteristic " << v - e + f;
    if (!(enclosedVolume(h) > 0)) return testing::AssertionFailure() << "not outward: volume " << enclosedVolume(h);
    return testing::AssertionSuccess();
}

// Every point on or below every face's plane, within `tolerance` (a distance). The normal
// (b - a) x (c - a) is evaluated to about one rounding per component (accurateDeterminant), since
// a plain one of a sliver face (three points nearly on a line, as vertices on a cube's edge give)
// can point anywhere; a height n . (q - a) / |n| is then accurate to a few ulps of |q - a|. Exact
// differences assumed, as they are when the points are near each other compared with their
// distance from the origin (Sterbenz).
testing::AssertionResult containsAll(const Hull& h, const std::vector<Vec3>& points, double tolerance) {
    using massprops::detail::accurateDeterminant;
    for (const auto& t : h.triangles) {
        const Vec3 a = h.points[t[0]], e1 = minus(h.points[t[1]], a), e2 = minus(h.points[t[2]], a);
        Vec3 n{accurateDeterminant({1, 0, 0}, e1, e2), accurateDeterminant({0, 1, 0}, e1, e2),
               accurateDeterminant({0, 0, 1}, e1, e2)};
        const double length = std::sqrt(dotOf(n, n));
        for (double& x : n) x /= length;
        for (const Vec3& q : points) {
            const double height = dotOf(n, minus(q, a));
            if (height > tolerance) return testing::AssertionFailure() << "a point is " << height << " outside";
        }
    }
    return testing::AssertionSuccess();
}

std::vector<Vec3> ballPoints(std::size_t count, double radius, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Vec3> out;
    while (out.size() < count) {
        const Vec3 p{u(rng), u(rng), u(rng)};
        if (dotOf(p, p) <= 1) out.push_back({radius * p[0], radius * p[1], radius * p[2]});
    }
    return out;
}

template <typename T>
void shuffled(std::vector<T>& v, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::shuffle(v.begin(), v.end(), rng);
}

// Points of the cube [-1, 1]^3: corners (three times each), points on its edges and faces (one
// or two coordinates random, the others exactly +-1, so exactly on the surface) and inside.
std::vector<Vec3> cubeWithSurfacePoints(unsigned seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Vec3> out;
    for (int copy = 0; copy < 3; ++copy)
        for (int c = 0; c < 8; ++c) out.push_back({c & 1 ? 1.0 : -1.0, c & 2 ? 1.0 : -1.0, c & 4 ? 1.0 : -1.0});
    for (int axis = 0; axis < 3; ++axis)
        for (double s : {-1.0, 1.0}) {
            for (double r : {-1.0, 1.0})
                for (int k = 0; k < 30; ++k) {  // on the edges along `axis + 1`
                    Vec3 p;
                    p[axis] = s, p[(axis + 2) % 3] = r, p[(axis + 1) % 3] = u(rng);
                    out.push_back(p);
                }
            for (int k = 0; k < 300; ++k) {  // on the face x_axis = s
                Vec3 p;
                p[axis] = s, p[(axis + 1) % 3] = u(rng), p[(axis + 2) % 3] = u(rng);
                out.push_back(p);
            }
        }
    for (int k = 0; k < 1000; ++k) out.push_back({0.99 * u(rng), 0.99 * u(rng), 0.99 * u(rng)});
    return out;
}

// A UV sphere of radius r: the poles and rings k = 1..rings-1 at polar angle k pi / rings, each
// of `sectors` points; and its own triangulation, wound outward.
struct UvSphere {
    std::vector<Vec3> points;
    std::vector<std::array<std::uint32_t, 3>> triangles;
};
UvSphere uvSphere(double r, int rings, int sectors) {
    UvSphere s;
    s.points.push_back({0, 0, r});
    for (int k = 1; k < rings; ++k)
        for (int j = 0; j < sectors; ++j) {
            const double theta = kPi * k / rings, phi = 2 * kPi * j / sectors;
            s.points.push_back(
                {r * std::sin(theta) * std::cos(phi), r * std::sin(theta) * std::sin(phi), r * std::cos(theta)});
        }
    s.points.push_back({0, 0, -r});
    const auto south = static_cast<std::uint32_t>(s.points.size() - 1);
    auto at = [&](int k, int j) { return static_cast<std::uint32_t>(1 + (k - 1) * sectors + j % sectors); };
    for (int j = 0; j < sectors; ++j) {
        s.triangles.push_back({0, at(1, j), at(1, j + 1)});
        for (int k = 1; k + 1 < rings; ++k) {
            s.triangles.push_back({at(k, j), at(k + 1, j), at(k + 1, j + 1)});
            s.triangles.push_back({at(k, j), at(k + 1, j + 1), at(k, j + 1)});
        }
        s.triangles.push_back({south, at(rings - 1, j + 1), at(rings - 1, j)});
    }
    return s;
}

}  // namespace

TEST(ConvexHull, IcosahedronWithInteriorPointsKeepsItsTwentyFacesAndVolume) {
    const double phi = (1 + std::sqrt(5.0)) / 2;  // vertices (0, +-1, +-phi) and cyclic: edge a = 2
    std::vector<Vec3> points;
    for (double s : {-1.0, 1.0})
        for (double t : {-phi, phi}) {
            points.push_back({0, s, t});
            points.push_back({s, t, 0});
            points.push_back({t, 0, s});
        }
    const std::vector<Vec3> corners = points;
    for (const Vec3& q : ballPoints(5000, 1.5, 1)) points.push_back(q);  // inradius phi^2 / sqrt(3) = 1.51
    for (const Vec3& q : corners) points.push_back(q);                   // duplicates
    shuffled(points, 2);
    const Hull h = hullOf(points);
    ASSERT_TRUE(isClosedOutwardSurface(h));
    EXPECT_EQ(h.triangles.size(), 20u);
    EXPECT_EQ(h.points.size(), 12u);
    const double a = 2, expected = 5 * (3 + std::sqrt(5.0)) / 12 * a * a * a;
    EXPECT_NEAR(enclosedVolume(h), expected, 1e-14 * expected);
    EXPECT_TRUE(containsAll(h, points, 1e-13));
}

TEST(ConvexHull, CubeWithSurfacePointsAndDuplicatesHasTheCubeVolume) {
    std::vector<Vec3> points = cubeWithSurfacePoints(3);
    // Surface points first: the extremes the first tetrahedron is built from are then not corners.
    std::rotate(points.begin(), points.begin() + 24, points.end() - 1000);
    const Hull h = hullOf(points);
    ASSERT_TRUE(isClosedOutwardSurface(h));
    EXPECT_NEAR(enclosedVolume(h), 8, 8e-15);
    int corners = 0;
    for (const Vec3& p : h.points) {
        int onFaces = 0;
        for (double x : p) {
            EXPECT_LE(std::abs(x), 1);
            onFaces += std::abs(x) == 1;
        }
        EXPECT_GE(onFaces, 1) << "an output point inside the cube";
        corners += onFaces == 3;
    }
    EXPECT_EQ(corners, 8);
    EXPECT_TRUE(containsAll(h, points, 1e-14));
}

TEST(ConvexHull, BallPointsAllLieInsideAClosedHull) {
    const std::vector<Vec3> points = ballPoints(20000, 3, 4);
    const Hull h = hullOf(points);
    ASSERT_TRUE(isClosedOutwardSurface(h));  // includes V - E + F = 2
    EXPECT_TRUE(containsAll(h, points, 3e-13));
    EXPECT_GT(h.points.size(), 100u);
    EXPECT_LT(h.points.size(), points.size());
    // The hull is inside the ball and, with 20000 samples, fills most of it.
    const double ball = 4 * kPi / 3 * 27;
    EXPECT_LT(enclosedVolume(h), ball);
    EXPECT_GT(enclosedVolume(h), 0.9 * ball);
}

TEST(ConvexHull, FlatInputsHaveNoHull) {
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> u(-10, 10);
    const Vec3 o{3.5, -2, 7}, d1{1, 2, 3}, d2{-2, 1, 0.5};
    std::vector<Vec3> plane, line, equal(100, o), axisPlane;
    for (int k = 0; k < 2000; ++k) {
        const double s = u(rng), t = u(rng);
        // Tilted: the coordinates round, so the points are coplanar only to about 1e-15.
        plane.push_back({o[0] + s * d1[0] + t * d2[0], o[1] + s * d1[1] + t * d2[1], o[2] + s * d1[2] + t * d2[2]});
        line.push_back({o[0] + s * d1[0], o[1] + s * d1[1], o[2] + s * d1[2]});
        axisPlane.push_back({s, t, 2.5});
    }
    for (const auto* points : {&plane, &line, &equal, &axisPlane}) {
        const Hull h = hullOf(*points);
        EXPECT_TRUE(h.triangles.empty());
        EXPECT_TRUE(h.points.empty());
    }
    const std::vector<Vec3> few{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (std::size_t n = 0; n < 4; ++n)
        EXPECT_TRUE(convexHull([&](std::size_t i) { return few[i]; }, n).triangles.empty());
    EXPECT_TRUE(hullOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}).triangles.empty());
}

TEST(ConvexHull, NonFiniteCoordinatesHaveNoHull) {
    std::vector<Vec3> points = ballPoints(100, 1, 6);
    points[50][1] = std::numeric_limits<double>::quiet_NaN();
    EXPECT_TRUE(hullOf(points).triangles.empty());
    points[50][1] = std::numeric_limits<double>::infinity();
    EXPECT_TRUE(hullOf(points).triangles.empty());
}

TEST(ConvexHull, FourPointsGiveTheirTetrahedron) {
    const Hull h = hullOf({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
    ASSERT_TRUE(isClosedOutwardSurface(h));
    EXPECT_EQ(h.triangles.size(), 4u);
    EXPECT_DOUBLE_EQ(enclosedVolume(h), 1.0 / 6);
}

TEST(ConvexHull, FlatExtremesStillFindAThinPyramid) {
    // Five of the six axis extremes lie in the square z = 0; only the apex, 1e-3 above, spans volume.
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Vec3> points;
    for (int k = 0; k < 1000; ++k) points.push_back({u(rng), u(rng), 0});
    for (int c = 0; c < 4; ++c) points.push_back({c & 1 ? 1.0 : -1.0, c & 2 ? 1.0 : -1.0, 0});
    points.push_back({0.3, -0.2, 1e-3});
    const Hull h = hullOf(points);
    ASSERT_TRUE(isClosedOutwardSurface(h));
    EXPECT_NEAR(enclosedVolume(h), 4 * 1e-3 / 3, 1e-15);
    EXPECT_TRUE(containsAll(h, points, 1e-15));
}

TEST(ConvexHull, Float32UnitCubeFarFromOriginHasUnitVolume) {
    for (float offset : {1e4f, 1e6f}) {
        // Every coordinate is exact in float32 (1e6 + 1 < 2^24; the face points are on a 1/8 grid).
        std::vector<float> xyz;
        auto push = [&](float x, float y, float z) { xyz.insert(xyz.end(), {offset + x, offset + y, offset + z}); };
        for (int i = 1; i < 8; ++i)
            for (int j = 1; j < 8; ++j) {
                push(i / 8.0f, j / 8.0f, 0), push(i / 8.0f, j / 8.0f, 1), push(0, i / 8.0f, j / 8.0f);
                push(1, i / 8.0f, j / 8.0f), push(i / 8.0f, 0, j / 8.0f), push(i / 8.0f, 1, j / 8.0f);
                push(i / 8.0f, j / 8.0f, 0.5f);
            }
        for (int copy = 0; copy < 2; ++copy)
            for (int c = 0; c < 8; ++c) push(c & 1 ? 1.0f : 0.0f, c & 2 ? 1.0f : 0.0f, c & 4 ? 1.0f : 0.0f);
        auto point = [&](std::size_t i) { return Vec3{xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]}; };
        const Hull h = convexHull(point, xyz.size() / 3);
        ASSERT_TRUE(isClosedOutwardSurface(h)) << "offset " << offset;
        EXPECT_NEAR(enclosedVolume(h), 1, 1e-15) << "offset " << offset;
    }
}

TEST(ConvexHull, FineUvSphereHullIsItsTessellation) {
    // Every point of a sphere is extreme, and the UV tessellation is convex: the hull must keep all
    // 99602 points and enclose the tessellation's volume, whatever way it splits the (planar up to
    // rounding) quads.
    const UvSphere fine = uvSphere(2, 250, 400);
    const Hull h = hullOf(fine.points);
    ASSERT_TRUE(isClosedOutwardSurface(h));
    EXPECT_EQ(h.points.size(), fine.points.size());
    const double polyhedron = enclosedVolume(fine.points, fine.triangles);
    EXPECT_NEAR(enclosedVolume(h), polyhedron, 1e-13 * polyhedron);
    for (const auto& t : h.triangles) {  // outward: the center is below every face
        const Vec3 n = crossOf(minus(h.points[t[1]], h.points[t[0]]), minus(h.points[t[2]], h.points[t[0]]));
        ASSERT_GT(dotOf(n, h.points[t[0]]), 0);
    }
    // The inscribed polyhedron converges to the ball from below with the square of the spacing:
    // halving it in both directions cuts the shortfall by 4.
    const double ball = 4 * kPi / 3 * 8;
    const double coarse = enclosedVolume(hullOf(uvSphere(2, 125, 200).points));
    EXPECT_GT(ball - enclosedVolume(h), 0);
    EXPECT_NEAR((ball - coarse) / (ball - enclosedVolume(h)), 4, 0.05);
}

TEST(ConvexHull, ShufflingTheInputKeepsTheVolume) {
    const std::vector<std::vector<Vec3>> inputs{cubeWithSurfacePoints(8), ballPoints(5000, 1, 9),
                                                uvSphere(1, 60, 90).points};
    for (const auto& points : inputs) {
        const double reference = enclosedVolume(hullOf(points));
        for (unsigned seed = 10; seed < 13; ++seed) {
            std::vector<Vec3> copy = points;
            shuffled(copy, seed);
            const Hull h = hullOf(copy);
            ASSERT_TRUE(isClosedOutwardSurface(h));
            EXPECT_NEAR(enclosedVolume(h), reference, 1e-14 * reference);
        }
    }
}

TEST(ConvexHull, PowerOfTwoScalingScalesTheHullExactly) {
    // The hull works on coordinates normalised by a power of two, so 2^k-scaled input takes the
    // same path: the same triangles, every volume term scaled by 2^3k exactly.
    const std::vector<Vec3> points = ballPoints(3000, 1, 14);
    const Hull h = hullOf(points);
    for (int k : {-300, 300}) {
        std::vector<Vec3> scaled = points;
        for (Vec3& p : scaled)
            for (double& x : p) x = std::ldexp(x, k);
        const Hull s = hullOf(scaled);
        EXPECT_EQ(s.triangles, h.triangles);
        EXPECT_EQ(enclosedVolume(s), std::ldexp(enclosedVolume(h), 3 * k));
    }
}

TEST(ConvexHull, RotatedCubeSurfaceSamplesGiveAClosedHull) {
    // Rotated, the face samples are coplanar only to rounding: visibility against nearly coplanar
    // faces is where an inexact hull breaks (non-manifold rims, flipped faces).
    const double c = std::cos(0.7), s = std::sin(0.7), c2 = std::cos(0.3), s2 = std::sin(0.3);
    std::vector<Vec3> points;
    for (const Vec3& p : cubeWithSurfacePoints(15)) {
        const Vec3 r{c * p[0] - s * p[1], s * p[0] + c * p[1], p[2]};  // about z, then about x
        points.push_back({r[0] + 1e3, c2 * r[1] - s2 * r[2] - 2e3, s2 * r[1] + c2 * r[2] + 5e2});
    }
    const Hull h = hullOf(points);
    ASSERT_TRUE(isClosedOutwardSurface(h));
    EXPECT_NEAR(enclosedVolume(h), 8, 1e-10);
    // eps = 128 DBL_EPSILON * sqrt(3) + 4 DBL_EPSILON * 2002: the samples are flat to about an ulp
    // of 2000, and noise below eps makes no vertex.
    EXPECT_TRUE(containsAll(h, points, 2e-12));
    EXPECT_LT(h.points.size(), 20u);
}

TEST(ConvexHull, ThinSlabStaysClosed) {
    std::mt19937_64 rng(16);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Vec3> points;
    for (int k = 0; k < 5000; ++k) points.push_back({u(rng), u(rng), 1e-9 * u(rng)});
    const Hull h = hullOf(points);
    ASSERT_TRUE(isClosedOutwardSurface(h));
    // A point may lie up to the plane tolerance, 132 DBL_EPSILON = 2.9e-14 here, outside.
    EXPECT_TRUE(containsAll(h, points, 3e-14));
    EXPECT_LT(enclosedVolume(h), 8e-9);
}
