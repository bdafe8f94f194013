// Hydrostatics against closed forms derived here (box barge, prisms, sphere cap, cone), the
// classical floating square log, invariances and bad input. The water plane is
// dot(normal, x) == height, water below; shapes are built here, keel or apex at y = 0 unless said.
#include "mass_properties/hydrostatics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "test_meshes.h"

namespace {

using massprops::FloatOptions;
using massprops::Hydrostatics;
using massprops::MassOptions;
using massprops::Status;
using massprops::Vec3;
using massprops::WaterPlane;
using testmesh::Mesh;

const double kPi = std::acos(-1.0);

Hydrostatics below(const Mesh& mesh, const Vec3& normal, double height) {
    const auto out = massprops::submerged(mesh.view(), WaterPlane{normal, height});
    EXPECT_TRUE(out.ok()) << out.message;
    return out.value;
}

// A solid of revolution about y as an N-sided polyhedron: rings of (radius, y) from bottom to
// top, each ring of radius 0 a single vertex (a pole or an apex).
Mesh revolve(const std::vector<std::array<double, 2>>& profile, int sides) {
    Mesh m;
    std::vector<std::uint32_t> first;
    for (const auto& ring : profile) {
        first.push_back(static_cast<std::uint32_t>(m.positions.size() / 3));
        const int count = ring[0] == 0 ? 1 : sides;
        for (int k = 0; k < count; ++k) {
            const double a = 2 * kPi * k / sides;
            m.positions.insert(m.positions.end(), {ring[0] * std::cos(a), ring[1], -ring[0] * std::sin(a)});
        }
    }
    const auto at = [&](std::size_t r, int k) {
        return profile[r][0] == 0 ? first[r] : first[r] + static_cast<std::uint32_t>(k % sides);
    };
    for (std::size_t r = 0; r + 1 < profile.size(); ++r)
        for (int k = 0; k < sides; ++k) {
            const std::uint32_t a = at(r, k), b = at(r, k + 1), c = at(r + 1, k + 1), d = at(r + 1, k);
            if (a != b) m.indices.insert(m.indices.end(), {a, b, c});
            if (c != d) m.indices.insert(m.indices.end(), {a, c, d});
        }
    // Flat ends (radius > 0 at the bottom or top) closed by a fan from their center.
    for (std::size_t r : {std::size_t(0), profile.size() - 1}) {
        if (profile[r][0] == 0) continue;
        const auto center = static_cast<std::uint32_t>(m.positions.size() / 3);
        m.positions.insert(m.positions.end(), {0, profile[r][1], 0});
        for (int k = 0; k < sides; ++k) {
            if (r == 0)
                m.indices.insert(m.indices.end(), {center, at(r, k + 1), at(r, k)});
            else
                m.indices.insert(m.indices.end(), {center, at(r, k), at(r, k + 1)});
        }
    }
    return m;
}

Mesh sphere(double radius, int sides) {
    std::vector<std::array<double, 2>> profile;
    const int rings = sides / 2;
    for (int i = 0; i <= rings; ++i) {
        const double a = -kPi / 2 + kPi * i / rings;
        profile.push_back({i == 0 || i == rings ? 0 : radius * std::cos(a), radius * std::sin(a)});
    }
    return revolve(profile, sides);
}

// Each coordinate permuted: (x, y, z) -> (y, z, x) maps the y axis of a solid of revolution onto z.
Mesh turnedYtoZ(Mesh m) {
    for (std::size_t i = 0; i < m.positions.size(); i += 3) {
        const double x = m.positions[i], y = m.positions[i + 1], z = m.positions[i + 2];
        m.positions[i] = z, m.positions[i + 1] = x, m.positions[i + 2] = y;
    }
    return m;
}

double relative(double a, double b) { return std::abs(a - b) / std::max(std::abs(b), 1e-300); }

// A box barge of length L (x), beam B (z) and depth D (y), keel at y = 0, at draft T: the
// submerged box L B T has its centroid at T/2 (KB = T/2); the waterplane is the rectangle L x B,
// with I = L B^3/12 about the x axis and B L^3/12 about z, so BM = B^2/(12T) across and
// L^2/(12T) along; G of the uniform box is at D/2: GM = T/2 + BM - D/2.
TEST(Hydrostatics, BoxBargeMatchesClosedForms) {
    const double L = 4, B = 2, D = 1, T = 0.3;
    const Mesh barge = testmesh::box({-L / 2, 0, -B / 2}, {L / 2, D, B / 2});
    const Hydrostatics h = below(barge, {0, 1, 0}, T);
    EXPECT_NEAR(h.volume, L * B * T, 1e-14);
    EXPECT_NEAR(h.centerOfBuoyancy[0], 0, 1e-14);
    EXPECT_NEAR(h.centerOfBuoyancy[1], T / 2, 1e-14);
    EXPECT_NEAR(h.centerOfBuoyancy[2], 0, 1e-14);
    EXPECT_NEAR(h.draft, T, 1e-15);
    EXPECT_NEAR(h.waterplaneArea, L * B, 1e-14);
    EXPECT_NEAR(h.waterplaneCentroid[1], T, 1e-15);
    EXPECT_NEAR(h.waterplaneMoments[0], L * B * B * B / 12, 1e-13);
    EXPECT_NEAR(h.waterplaneMoments[1], B * L * L * L / 12, 1e-13);
    EXPECT_NEAR(std::abs(h.waterplaneAxes[0][0]), 1, 1e-15);  // the small moment is about the length
    EXPECT_NEAR(std::abs(h.waterplaneAxes[1][2]), 1, 1e-15);
    EXPECT_NEAR(h.metacentricRadii[0], B * B / (12 * T), 1e-13);
    EXPECT_NEAR(h.metacentricRadii[1], L * L / (12 * T), 1e-13);
    EXPECT_NEAR(h.metacentricHeights[0], T / 2 + B * B / (12 * T) - D / 2, 1e-13);
    EXPECT_NEAR(h.metacentricHeights[1], T / 2 + L * L / (12 * T) - D / 2, 1e-13);
}

// Free floating: T = m / (rho L B), upright and stable (GM > 0 about both axes, checked above).
TEST(Hydrostatics, BoxBargeFloatsAtItsDraft) {
    const double L = 4, B = 2, D = 1, rho = 1025, mass = 0.3 * rho * L * B * D;
    const Mesh barge = testmesh::box({-L / 2, 0, -B / 2}, {L / 2, D, B / 2});
    FloatOptions options;
    options.mass = {MassOptions::Given::Mass, mass};
    const auto out = massprops::floatMesh(barge.view(), options);
    ASSERT_TRUE(out.ok()) << out.message;
    const auto& upright = out.value.upright;
    const double T = mass / (rho * L * B);
    EXPECT_NEAR(upright.plane.height, T, 1e-12);
    EXPECT_NEAR(upright.hydrostatics.draft, T, 1e-12);
    EXPECT_NEAR(upright.hydrostatics.volume, mass / rho, 1e-12);
    EXPECT_TRUE(upright.equilibrium);
    EXPECT_TRUE(upright.stable);
    EXPECT_NEAR(upright.heel, 0, 1e-15);
    EXPECT_NEAR(upright.trim, 0, 1e-15);
    // In the world (+Y up, water at y = 0) the keel is T below the surface.
    EXPECT_NEAR(upright.position[1], -T, 1e-12);
    // The search finds upright (or its mirror, capsized) among the stable equilibria, and every
    // equilibrium it lists has B under G.
    bool uprightFound = false;
    for (const auto& pose : out.value.equilibria) {
        EXPECT_TRUE(pose.equilibrium);
        if (pose.stable && std::abs(std::abs(pose.plane.normal[1]) - 1) < 1e-9) uprightFound = true;
        const Vec3 d{pose.hydrostatics.centerOfMass[0] - pose.hydrostatics.centerOfBuoyancy[0],
                     pose.hydrostatics.centerOfMass[1] - pose.hydrostatics.centerOfBuoyancy[1],
                     pose.hydrostatics.centerOfMass[2] - pose.hydrostatics.centerOfBuoyancy[2]};
        const Vec3& n = pose.plane.normal;
        const double along = d[0] * n[0] + d[1] * n[1] + d[2] * n[2];
        EXPECT_NEAR(std::hypot(d[0] - along * n[0], d[1] - along * n[1], d[2] - along * n[2]), 0, 1e-8);
        EXPECT_NEAR(pose.hydrostatics.volume, mass / rho, 1e-12);
    }
    EXPECT_TRUE(uprightFound);
    EXPECT_TRUE(out.value.equilibria.front().stable);
}

// A square log (side a, long along y) of half the water's density: lying flat (T = a/2) it has
// GM = a/6 + a/4 - a/2 = -a/12 < 0; with a diagonal vertical the submerged part is the right
// triangle below that diagonal (depth h = a/sqrt 2, V = a^2/2 per length), whose waterplane is
// a sqrt 2 wide: BM = (a sqrt 2)^3/12 / (a^2/2) = a sqrt 2/3, KB = 2h/3 = a sqrt 2/3, KG = h,
// so GM = a sqrt 2/6 > 0: it floats corner down, the classical result for 1/4 < s < 3/4.
TEST(Hydrostatics, SquareLogFloatsCornerDown) {
    const double a = 1, length = 4;
    const Mesh log = testmesh::box({-a / 2, -length / 2, -a / 2}, {a / 2, length / 2, a / 2});
    FloatOptions options;
    options.mass = {MassOptions::Given::Density, 1025.0 / 2};
    const auto out = massprops::floatMesh(log.view(), options);
    ASSERT_TRUE(out.ok()) << out.message;
    EXPECT_FALSE(out.value.upright.stable);  // on its end
    int stable = 0;
    for (const auto& pose : out.value.equilibria) {
        if (!pose.stable) continue;
        ++stable;
        const Vec3& n = pose.plane.normal;
        EXPECT_NEAR(n[1], 0, 1e-7);
        EXPECT_NEAR(std::abs(n[0]), std::sqrt(0.5), 1e-7);
        EXPECT_NEAR(std::abs(n[2]), std::sqrt(0.5), 1e-7);
        EXPECT_NEAR(pose.hydrostatics.metacentricHeights[0], a * std::sqrt(2.0) / 6, 1e-7);
    }
    EXPECT_EQ(stable, 4);  // the four corners
    // Lying flat is an equilibrium too, an unstable one, if the search met it.
    for (const auto& pose : out.value.equilibria)
        if (std::abs(std::abs(pose.plane.normal[0]) - 1) < 1e-9) {
            EXPECT_FALSE(pose.stable);
            EXPECT_NEAR(pose.hydrostatics.metacentricHeights[0], -a / 12, 1e-9);
        }
}

// A regular N-gon of circumradius R, as N triangles of apex angle t = 2 pi/N at the center:
// area A = N R^2 sin(t)/2; each triangle (0, p, q) has polar moment (|p|^2 + |q|^2 + p.q) area/6,
// so J = A R^2 (2 + cos t)/6 and, by the N-fold symmetry, I = J/2 about every centroidal axis.
// Upright, the prism at draft T has V = A T, KB = T/2 and BM = I/V: exact for the polyhedron.
TEST(Hydrostatics, UprightPrismIsExact) {
    const int n = 48;
    const double R = 0.5, H = 2, T = 0.7, t = 2 * kPi / n;
    const Mesh prism = revolve({{R, 0}, {R, H}}, n);
    const Hydrostatics h = below(prism, {0, 1, 0}, T);
    const double area = n * R * R * std::sin(t) / 2, I = area * R * R * (2 + std::cos(t)) / 12;
    EXPECT_LT(relative(h.volume, area * T), 1e-13);
    EXPECT_NEAR(h.centerOfBuoyancy[1], T / 2, 1e-13);
    EXPECT_LT(relative(h.waterplaneArea, area), 1e-13);
    EXPECT_LT(relative(h.waterplaneMoments[0], I), 1e-12);
    EXPECT_LT(relative(h.waterplaneMoments[1], I), 1e-12);
    EXPECT_LT(relative(h.metacentricRadii[0], I / (area * T)), 1e-12);
    EXPECT_NEAR(h.metacentricHeights[0], T / 2 + I / (area * T) - H / 2, 1e-12);
}

// A horizontal cylinder (radius R, length L along z) half submerged: the waterplane is the
// 2R x L rectangle (exact for an even polygon with vertices at the waterline), V = pi R^2 L/2,
// BM across = L (2R)^3/12 / V = 4R/(3 pi), B is 4R/(3 pi) (the half disk's centroid) below the
// axis and G on it: GM across = 0, neutral: a round log turns freely. Along: BM = L^2/(3 pi R).
TEST(Hydrostatics, HorizontalCylinderIsNeutralAcross) {
    const int n = 512;
    const double R = 1, L = 6;
    const Mesh log = turnedYtoZ(revolve({{R, -L / 2}, {R, L / 2}}, n));  // axis along z
    const Hydrostatics h = below(log, {0, 1, 0}, 0);
    EXPECT_LT(relative(h.waterplaneArea, 2 * R * L), 1e-13);
    EXPECT_LT(relative(h.waterplaneMoments[0], L * 8 * R * R * R / 12), 1e-12);
    // The polygon's area converges to the circle's as 1 - sin(t)/t ~ t^2/6.
    const double polygon = n * std::sin(2 * kPi / n) / (2 * kPi);
    EXPECT_LT(relative(h.volume, kPi * R * R * L / 2 * polygon), 1e-12);
    EXPECT_NEAR(h.centerOfBuoyancy[1], -4 * R / (3 * kPi), 1e-4);
    EXPECT_NEAR(h.metacentricHeights[0], 0, 1e-4);
    EXPECT_NEAR(h.metacentricRadii[1], L * L / (3 * kPi * R), 1e-3);
}

// A sphere cut at cap height c: V = pi c^2 (3R - c)/3, its centroid 3(2R - c)^2/(4(3R - c))
// below the center, the waterplane a disk of radius^2 c(2R - c) with I = pi r^4/4. The
// polyhedron of N sides inscribed in it falls short by O(t^2), t = 2 pi/N: t^2 bounds the error.
TEST(Hydrostatics, SphereCapMatchesClosedForm) {
    const double R = 1, c = 0.6;
    const int sides = 400;
    const double tolerance = std::pow(2 * kPi / sides, 2);
    const Mesh ball = sphere(R, sides);
    const Hydrostatics h = below(ball, {0, 1, 0}, -R + c);
    const double r2 = c * (2 * R - c);
    EXPECT_LT(relative(h.volume, kPi * c * c * (3 * R - c) / 3), tolerance);
    EXPECT_NEAR(h.centerOfBuoyancy[1], -3 * (2 * R - c) * (2 * R - c) / (4 * (3 * R - c)), tolerance);
    EXPECT_LT(relative(h.waterplaneArea, kPi * r2), tolerance);
    EXPECT_LT(relative(h.waterplaneMoments[0], kPi * r2 * r2 / 4), tolerance);
    EXPECT_LT(relative(h.waterplaneMoments[1], kPi * r2 * r2 / 4), tolerance);
    // The metacenter of a sphere is its center: GM = 0 with G there.
    EXPECT_NEAR(h.metacentricHeights[0], 0, tolerance);
}

// A quarter-density ball floats at the cap height c with c^2 (3 - c) = 4/4 = 1 (R = 1): found
// here by bisection, independently of the core's root finder.
TEST(Hydrostatics, SphereFloatsAtTheCapThatDisplacesItsMass) {
    double lo = 0, hi = 2;
    for (int i = 0; i < 200; ++i) {
        const double c = (lo + hi) / 2;
        (c * c * (3 - c) < 1 ? lo : hi) = c;
    }
    const Mesh ball = sphere(1, 400);
    FloatOptions options;
    options.mass = {MassOptions::Given::Density, 1025.0 / 4};
    options.searchOrientations = false;
    const auto out = massprops::floatMesh(ball.view(), options);
    ASSERT_TRUE(out.ok()) << out.message;
    EXPECT_NEAR(out.value.upright.hydrostatics.draft, lo, 1e-4);
    EXPECT_TRUE(out.value.equilibria.empty());
}

// A cone apex down (radius R at height H) submerged to depth d is a cone of radius r = R d/H:
// V = pi r^2 d/3, KB = 3d/4, waterplane I = pi r^4/4, BM = 3 r^2/(4 d).
TEST(Hydrostatics, ConeApexDownMatchesClosedForm) {
    const double R = 1, H = 3, d = 2;
    const Mesh cone = revolve({{0, 0}, {R, H}}, 720);
    const Hydrostatics h = below(cone, {0, 1, 0}, d);
    const double r = R * d / H;
    EXPECT_LT(relative(h.volume, kPi * r * r * d / 3), 1e-4);
    EXPECT_NEAR(h.centerOfBuoyancy[1], 3 * d / 4, 1e-12);  // each sliver tetrahedron's centroid is there too
    EXPECT_LT(relative(h.metacentricRadii[0], 3 * r * r / (4 * d)), 1e-4);
    EXPECT_LT(relative(h.metacentricRadii[1], 3 * r * r / (4 * d)), 1e-4);
    EXPECT_NEAR(h.draft, d, 1e-15);
}

// Turning and moving the body and the plane together changes nothing: x -> Q x + p, the plane's
// normal -> Q n and its height -> height + (Q n).p.
TEST(Hydrostatics, TurningBodyAndPlaneTogetherChangesNothing) {
    Mesh body = testmesh::box({-2, 0, -1}, {2, 1, 1});
    testmesh::append(body, testmesh::box({1, 1, -0.5}, {2, 2, 0.5}));  // a deckhouse aft
    const Vec3 normal{0.1, 0.97, -0.2};
    const double length = std::sqrt(0.01 + 0.97 * 0.97 + 0.04);
    const Vec3 n{normal[0] / length, normal[1] / length, normal[2] / length};
    const Hydrostatics h = below(body, n, 0.4);
    // Q: a rotation by 0.7 rad about (1, 2, 3)/|.|, Rodrigues' formula.
    const double angle = 0.7, k = std::sqrt(14.0);
    const Vec3 axis{1 / k, 2 / k, 3 / k};
    const auto turn = [&](const Vec3& v) {
        const Vec3 c{axis[1] * v[2] - axis[2] * v[1], axis[2] * v[0] - axis[0] * v[2], axis[0] * v[1] - axis[1] * v[0]};
        const double along = axis[0] * v[0] + axis[1] * v[1] + axis[2] * v[2];
        Vec3 out;
        for (int i = 0; i < 3; ++i)
            out[i] = v[i] * std::cos(angle) + c[i] * std::sin(angle) + axis[i] * along * (1 - std::cos(angle));
        return out;
    };
    const Vec3 p{10, -3, 7};
    Mesh moved = body;
    for (std::size_t i = 0; i < moved.positions.size(); i += 3) {
        const Vec3 q = turn({body.positions[i], body.positions[i + 1], body.positions[i + 2]});
        for (int j = 0; j < 3; ++j) moved.positions[i + j] = q[j] + p[j];
    }
    const Vec3 m = turn(n);
    const Hydrostatics g = below(moved, m, 0.4 + m[0] * p[0] + m[1] * p[1] + m[2] * p[2]);
    EXPECT_LT(relative(g.volume, h.volume), 1e-12);
    EXPECT_LT(relative(g.waterplaneArea, h.waterplaneArea), 1e-12);
    const Vec3 b = turn(h.centerOfBuoyancy), f = turn(h.waterplaneCentroid);
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(g.centerOfBuoyancy[i], b[i] + p[i], 1e-12);
        EXPECT_NEAR(g.waterplaneCentroid[i], f[i] + p[i], 1e-12);
    }
    for (int i = 0; i < 2; ++i) {
        EXPECT_LT(relative(g.waterplaneMoments[i], h.waterplaneMoments[i]), 1e-11);
        EXPECT_NEAR(g.metacentricHeights[i], h.metacentricHeights[i], 1e-11);
    }
}

// Floating does not depend on where the body was modelled: the barge turned by Q and moved, with
// `up` turned alike, floats upright at the same draft and is just as stable.
TEST(Hydrostatics, FloatingATurnedBodyWithItsUpTurnedAlikeChangesNothing) {
    const Mesh barge = testmesh::box({-2, 0, -1}, {2, 1, 1});
    // Q: the rotation that cycles the axes, (x, y, z) -> (z, x, y) (x goes to y, y to z, z to x),
    // exact in floating point; then a shift.
    Mesh turned = barge;
    for (std::size_t i = 0; i < turned.positions.size(); i += 3) {
        const double x = barge.positions[i], y = barge.positions[i + 1], z = barge.positions[i + 2];
        turned.positions[i] = z + 7, turned.positions[i + 1] = x - 3, turned.positions[i + 2] = y + 5;
    }
    FloatOptions options;
    options.mass = {MassOptions::Given::Density, 400};
    const auto a = massprops::floatMesh(barge.view(), options);
    options.up = {0, 0, 1};  // where +y went
    const auto b = massprops::floatMesh(turned.view(), options);
    ASSERT_TRUE(a.ok() && b.ok()) << a.message << b.message;
    EXPECT_NEAR(b.value.upright.hydrostatics.draft, a.value.upright.hydrostatics.draft, 1e-12);
    EXPECT_NEAR(b.value.upright.hydrostatics.draft, 0.4 * 1 / 1.025, 1e-12);  // T = (rho_b / rho_w) D
    EXPECT_TRUE(b.value.upright.stable);
    EXPECT_NEAR(b.value.upright.heel, 0, 1e-12);
    EXPECT_NEAR(b.value.upright.trim, 0, 1e-12);
    for (int i = 0; i < 2; ++i)
        EXPECT_NEAR(b.value.upright.hydrostatics.metacentricHeights[i],
                    a.value.upright.hydrostatics.metacentricHeights[i], 1e-12);
    int stableA = 0, stableB = 0;
    for (const auto& p : a.value.equilibria) stableA += p.stable;
    for (const auto& p : b.value.equilibria) stableB += p.stable;
    EXPECT_EQ(stableA, stableB);
}

TEST(Hydrostatics, APlaneMissingTheBodySubmergesNothingOrAll) {
    const Mesh barge = testmesh::box({-2, 0, -1}, {2, 1, 1});
    const Hydrostatics dry = below(barge, {0, 1, 0}, -0.5);
    EXPECT_EQ(dry.volume, 0);
    EXPECT_EQ(dry.waterplaneArea, 0);
    EXPECT_TRUE(std::isnan(dry.centerOfBuoyancy[0]));
    EXPECT_NEAR(dry.draft, -0.5, 1e-15);  // the keel is 0.5 above the water
    const Hydrostatics deep = below(barge, {0, 1, 0}, 5);
    EXPECT_NEAR(deep.volume, 8, 1e-14);
    EXPECT_EQ(deep.waterplaneArea, 0);
    EXPECT_NEAR(deep.centerOfBuoyancy[1], 0.5, 1e-15);
    EXPECT_NEAR(deep.metacentricHeights[0], 0, 1e-15);  // B on G: no waterplane, no righting
    // Touching the keel face exactly: nothing below, and nothing of that face counts as waterplane.
    EXPECT_EQ(below(barge, {0, 1, 0}, 0).volume, 0);
}

TEST(Hydrostatics, AWaterPlaneOfAPoseIsTheWorldsSurfaceInTheBodysFrame) {
    // A quarter turn about x (y -> z, z -> -y) and raised by 2: the body's -z points up, and the
    // surface y = 0 is 2 below its origin.
    const double s = std::sqrt(0.5);
    const WaterPlane p = massprops::waterPlaneOfPose({s, 0, 0, s}, {0, 2, 0}).value;
    EXPECT_NEAR(p.normal[0], 0, 1e-15);
    EXPECT_NEAR(p.normal[1], 0, 1e-15);
    EXPECT_NEAR(p.normal[2], -1, 1e-15);
    EXPECT_EQ(p.height, -2);
    EXPECT_EQ(massprops::waterPlaneOfPose({0, 0, 0, 0}, {}).status, Status::InvalidTransform);
    EXPECT_EQ(massprops::waterPlaneOfPose({0, 0, 0, 1}, {0, NAN, 0}).status, Status::InvalidTransform);
}

TEST(Hydrostatics, ADenserBodySinksWithItsNumbers) {
    const Mesh barge = testmesh::box({0, 0, 0}, {1, 1, 1});
    FloatOptions options;
    options.mass = {MassOptions::Given::Density, 1100.5};
    const auto out = massprops::floatMesh(barge.view(), options);
    EXPECT_EQ(out.status, Status::Sinks);
    EXPECT_NE(out.message.find("1100.5"), std::string::npos) << out.message;
    EXPECT_NE(out.message.find("1025"), std::string::npos) << out.message;
    options.mass.value = 1025;  // neutral: no draft to float at either
    EXPECT_EQ(massprops::floatMesh(barge.view(), options).status, Status::Sinks);
}

TEST(Hydrostatics, BadPlanesAndOptionsAreTypedErrors) {
    const Mesh barge = testmesh::box({0, 0, 0}, {1, 1, 1});
    const auto status = [&](const WaterPlane& plane) { return massprops::submerged(barge.view(), plane).status; };
    EXPECT_EQ(status({{0, 0, 0}, 0}), Status::InvalidArgument);
    EXPECT_EQ(status({{0, 2, 0}, 0}), Status::InvalidArgument);
    EXPECT_EQ(status({{NAN, 1, 0}, 0}), Status::InvalidArgument);
    EXPECT_EQ(status({{0, 1, 0}, NAN}), Status::InvalidArgument);
    EXPECT_EQ(status({{0, 1, 0}, INFINITY}), Status::InvalidArgument);
    FloatOptions options;
    options.waterDensity = 0;
    EXPECT_EQ(massprops::floatMesh(barge.view(), options).status, Status::InvalidDensity);
    options = {};
    options.mass = {MassOptions::Given::Mass, -1};
    EXPECT_EQ(massprops::floatMesh(barge.view(), options).status, Status::InvalidMass);
    options = {};
    options.hydrostatics.mesh.mode = massprops::MeshMode::Shell;
    EXPECT_EQ(massprops::floatMesh(barge.view(), options).status, Status::InvalidOptions);
    EXPECT_EQ(massprops::submerged(Mesh{}.view(), {}).status, Status::EmptyMesh);
}

// An open box (its lid missing) is measured as the solid mode closes it: the same as the box.
TEST(Hydrostatics, AnOpenMeshIsRepairedAsTheSolidModeRepairsIt) {
    Mesh open = testmesh::box({-2, 0, -1}, {2, 1, 1});
    open.indices.resize(open.indices.size() - 6);  // the last face (+x) removed
    const Hydrostatics h = below(open, {0, 1, 0}, 0.25);
    EXPECT_NEAR(h.volume, 4 * 2 * 0.25, 1e-14);
    EXPECT_NEAR(h.waterplaneArea, 8, 1e-14);
}

}  // namespace

// Two boxes that overlap, given as separate pieces: what lies below the water is their union's
// (as measureMesh counts the overlap once), not their sum. A = [0,3]x[0,1.5]x[0,2] and
// B = [1.25,4]x[-0.75,1]x[0.5,3.5] below y = 0.5: A 3 x 0.5 x 2 = 3, B 2.75 x 1.25 x 3 =
// 10.3125, their overlap 1.75 x 0.5 x 1.5 = 1.3125.
TEST(Hydrostatics, OverlappingPiecesDisplaceTheirUnion) {
    Mesh m = testmesh::box({0, 0, 0}, {3, 1.5, 2});
    testmesh::append(m, testmesh::box({1.25, -0.75, 0.5}, {4, 1, 3.5}));
    const Hydrostatics h = below(m, {0, 1, 0}, 0.5);
    EXPECT_NEAR(h.volume, 3 + 10.3125 - 1.3125, 1e-12);
    EXPECT_NEAR(h.waterplaneArea, 3 * 2 + 2.75 * 3 - 1.75 * 1.5, 1e-12);
}
