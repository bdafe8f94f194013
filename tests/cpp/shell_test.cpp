// The shell mode (mass on the surface) against thin-shell closed forms derived here.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "repair_meshes.h"
#include "test_meshes.h"

using namespace massprops;
using repairmesh::Mesh;

namespace {

Result shell(const Mesh& m, const MassOptions& mass = {}, double thickness = 0) {
    MeshOptions options;
    options.mode = MeshMode::Shell;
    options.thickness = thickness;
    return measureMesh(m.view(), mass, options);
}

// Mass, center and the diagonal of the tensor (products zero) to `rel`.
void expectShell(const MassProperties& r, double mass, const Vec3& center, const Vec3& moments, double size,
                 double rel) {
    EXPECT_NEAR(r.mass, mass, rel * mass);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.centerOfMass[k], center[k], rel * size) << "center " << k;
    const double scale = std::max({moments[0], moments[1], moments[2]});
    for (int k = 0; k < 9; ++k)
        EXPECT_NEAR(r.inertia[k], k % 4 == 0 ? moments[k / 4] : 0, rel * scale) << "inertia " << k;
}

// A rectangular plate [x0, x0 + a] x [y0, y0 + b] at height z, as an nx x ny grid of squares.
Mesh plate(double x0, double y0, double z, double a, double b, int nx, int ny) {
    Mesh m;
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i) repairmesh::addVertex(m, x0 + a * i / nx, y0 + b * j / ny, z);
    auto at = [&](int i, int j) { return static_cast<std::uint32_t>(j * (nx + 1) + i); };
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            repairmesh::addTriangle(m, at(i, j), at(i + 1, j), at(i + 1, j + 1));
            repairmesh::addTriangle(m, at(i, j), at(i + 1, j + 1), at(i, j + 1));
        }
    return m;
}

// The open regular n-gon tube of circumradius r about the z axis, z in [-h/2, h/2]. Its n
// rectangles have width s = 2 r sin(pi/n) at the apothem a = r cos(pi/n), so with t along a face:
//   area A = n s h,  I_zz = n h integral_{-s/2}^{s/2} (a^2 + t^2) dt = n h s (a^2 + s^2 / 12);
// y = a sin(theta_k) + t cos(theta_k) on face k, and sum_k sin^2 = sum_k cos^2 = n/2 (n >= 3), so
// integral y^2 = I_zz / 2 and I_xx = I_zz / 2 + A h^2 / 12 (integral z^2 = A h^2 / 12).
struct TubeForm {
    double area, axial, transverse;
};
TubeForm polygonalTube(int n, double r, double h) {
    const double a = r * std::cos(repairmesh::kPi / n), s = 2 * r * std::sin(repairmesh::kPi / n);
    const double area = n * s * h, axial = n * h * s * (a * a + s * s / 12);
    return {area, axial, axial / 2 + area * h * h / 12};
}

}  // namespace

// The unit cube's surface at unit areal density, about its center: a face across the axis is a
// plate about its normal, integral (x^2 + y^2) over [-1/2, 1/2]^2 = 1/12 + 1/12 = 1/6; a face
// along the axis lies 1/2 from it, integral (1/4 + t^2) = 1/4 + 1/12 = 1/3. Two of the first and
// four of the second: I = 2/6 + 4/3 = 5/3 about each axis; mass 6.
TEST(ShellMode, HollowUnitCubeHasFiveThirdsAboutEachAxis) {
    const Result r = shell(testmesh::box({0, 0, 0}, {1, 1, 1}));
    ASSERT_TRUE(r.ok()) << r.message;
    expectShell(r.value, 6, {0.5, 0.5, 0.5}, {5.0 / 3, 5.0 / 3, 5.0 / 3}, 1, 1e-15);
    EXPECT_NEAR(r.value.volume, 6, 6e-15);  // the area, as documented
    EXPECT_NEAR(r.value.density, 1, 1e-15);
    EXPECT_NEAR(r.value.surfaceArea, 6, 6e-15);
}

// An open box (no top) is measured as given: area 5, centroid height (0 * 1 + 4 * 1/2) / 5 = 2/5.
// About that centroid, with zc = 2/5 and integral_0^1 (z - zc)^2 dz = (0.6^3 + 0.4^3) / 3 = 7/75:
//   I_zz = 4 * 1/3 (the walls, as above) + 1/6 (the bottom) = 3/2;
//   I_xx = bottom (1/12 + zc^2) + walls x = 0, 1: 2 (1/12 + 7/75) + walls y = 0, 1: 2 (1/4 + 7/75)
//        = 1/4 + 4/25 + 1/2 + 28/75 = 77/60, and I_yy the same by symmetry.
TEST(ShellMode, OpenBoxIsMeasuredAsGiven) {
    const Mesh open = repairmesh::withoutTriangles(testmesh::box({0, 0, 0}, {1, 1, 1}), {2, 3});
    const Result r = shell(open);
    ASSERT_TRUE(r.ok()) << r.message;
    expectShell(r.value, 5, {0.5, 0.5, 0.4}, {77.0 / 60, 77.0 / 60, 1.5}, 1, 1e-15);
    EXPECT_EQ(r.value.diagnostics.repairs.cappedHoles, 0u);  // nothing is capped in this mode
}

// A tube open at both ends matches the polygonal closed form exactly and converges, with the
// square of the segment angle, to the thin cylindrical shell: m = 2 pi r h, I_axis = m r^2,
// I_transverse = m (r^2 / 2 + h^2 / 12).
TEST(ShellMode, OpenTubeMatchesItsClosedFormAndConvergesToTheCylindricalShell) {
    const double r = 0.75, h = 2;
    const double m = 2 * repairmesh::kPi * r * h;
    double previous = 0;
    for (int n : {64, 128, 256, 512}) {
        SCOPED_TRACE(std::to_string(n) + " segments");
        const auto tube = repairmesh::prism(repairmesh::regularPolygon(n, r), -h / 2, h / 2, nullptr, nullptr);
        const Result res = shell(tube.mesh);
        ASSERT_TRUE(res.ok()) << res.message;
        const TubeForm f = polygonalTube(n, r, h);
        expectShell(res.value, f.area, {0, 0, 0}, {f.transverse, f.transverse, f.axial}, h, 1e-13);

        // Relative error of the polygon: (1 - (pi/n)^2 / 6)(1 - 2/3 (pi/n)^2) ~ 1 - 5/6 (pi/n)^2.
        const double error = std::abs(res.value.inertia[8] - m * r * r) / (m * r * r);
        const double step = repairmesh::kPi / n;
        EXPECT_LT(error, step * step);
        EXPECT_NEAR(res.value.inertia[0], m * (r * r / 2 + h * h / 12), step * step * m * (r * r / 2 + h * h / 12));
        if (previous > 0) EXPECT_NEAR(previous / error, 4, 0.01);
        previous = error;
    }
}

// A thin rectangular plate a x b: m = ab, I_xx = m b^2 / 12, I_yy = m a^2 / 12, I_zz = their sum.
// Not ZERO_VOLUME: in this mode a flat mesh is as good as any.
TEST(ShellMode, FlatPlateMatchesTheThinPlateFormulas) {
    const double a = 3, b = 2;
    const Result r = shell(plate(1, -2, 0.5, a, b, 6, 4));
    ASSERT_TRUE(r.ok()) << r.message;
    const double m = a * b;
    expectShell(r.value, m, {2.5, -1, 0.5}, {m * b * b / 12, m * a * a / 12, m * (a * a + b * b) / 12}, 3, 1e-15);
}

// thickness t makes the density volumetric: areal density = density * t, so mass = density * t
// * area, volume = t * area, and the tensor is the unit one times density * t.
TEST(ShellMode, ThicknessMakesTheDensityVolumetric) {
    const double a = 3, b = 2, t = 0.004, rho = 7800;
    MassOptions steel;
    steel.value = rho;
    const Result r = shell(plate(0, 0, 0, a, b, 3, 2), steel, t);
    ASSERT_TRUE(r.ok()) << r.message;
    const double area = a * b, m = rho * t * area;
    EXPECT_NEAR(r.value.volume, t * area, 1e-15 * t * area);
    EXPECT_NEAR(r.value.density, rho, 1e-12 * rho);
    expectShell(r.value, m, {1.5, 1, 0}, {m * b * b / 12, m * a * a / 12, m * (a * a + b * b) / 12}, 3, 1e-14);
    EXPECT_NEAR(r.value.surfaceArea, area, 1e-15 * area);
}

// A given mass is spread evenly over the surface: density = M / area = 3 / 6, and the tensor is
// that times the unit one, the hollow unit cube's 5/3: 5/6 about each axis.
TEST(ShellMode, GivenMassIsSpreadOverTheSurface) {
    MassOptions byMass;
    byMass.given = MassOptions::Given::Mass;
    byMass.value = 3;
    const Result r = shell(testmesh::box({0, 0, 0}, {1, 1, 1}), byMass);
    ASSERT_TRUE(r.ok()) << r.message;
    expectShell(r.value, 3, {0.5, 0.5, 0.5}, {5.0 / 6, 5.0 / 6, 5.0 / 6}, 1, 1e-15);
    EXPECT_NEAR(r.value.density, 0.5, 1e-15);
}

// A surface has no inside: whole or local flips, and the order of the triangles, change nothing.
TEST(ShellMode, OrientationAndFlipsDoNotMatter) {
    const Mesh box = testmesh::box({0, 0, 0}, {1, 2, 3});
    const Result base = shell(box);
    ASSERT_TRUE(base.ok()) << base.message;
    repairmesh::Random random;
    for (int trial = 0; trial < 4; ++trial) {
        Mesh m = box;
        if (trial == 0) testmesh::flipAll(m);
        for (std::size_t t = 0; t < repairmesh::triangleCount(m) && trial > 0; ++t)
            if (random.coin()) repairmesh::flipTriangle(m, t);
        if (trial == 3) repairmesh::shuffleTriangles(m, random);
        const Result r = shell(m);
        ASSERT_TRUE(r.ok()) << r.message;
        EXPECT_NEAR(r.value.mass, base.value.mass, 1e-14 * base.value.mass);
        for (int k = 0; k < 3; ++k) EXPECT_NEAR(r.value.centerOfMass[k], base.value.centerOfMass[k], 3e-15);
        for (int k = 0; k < 9; ++k)
            EXPECT_NEAR(r.value.inertia[k], base.value.inertia[k], 1e-14 * base.value.inertia[0]);
    }
}

// Repeats, in either winding, do not count their area twice.
TEST(ShellMode, RepeatsDoNotDoubleTheArea) {
    for (bool reverse : {false, true}) {
        Mesh m = testmesh::box({0, 0, 0}, {1, 1, 1});
        Mesh again = m;
        if (reverse) testmesh::flipAll(again);
        m.indices.insert(m.indices.end(), again.indices.begin(), again.indices.end());
        const Result r = shell(m);
        ASSERT_TRUE(r.ok()) << r.message;
        expectShell(r.value, 6, {0.5, 0.5, 0.5}, {5.0 / 3, 5.0 / 3, 5.0 / 3}, 1, 1e-15);
        EXPECT_EQ(r.value.diagnostics.repairs.duplicateTriangles, 12u);
    }
}

TEST(ShellMode, MeshOfOnlyDegenerateTrianglesHasNoSurface) {
    Mesh m;
    m.positions = {0, 0, 0, 1, 1, 1, 2, 2, 2};
    m.indices = {0, 1, 2, 0, 0, 1};
    const Result r = shell(m);
    EXPECT_EQ(r.status, Status::ZeroVolume);
    EXPECT_FALSE(r.message.empty());
}

TEST(ShellMode, ThicknessIsRefusedOutsideShellModeAndWhenNegative) {
    const Mesh cube = testmesh::box({0, 0, 0}, {1, 1, 1});
    MeshOptions solid;
    solid.thickness = 0.1;
    EXPECT_EQ(measureMesh(cube.view(), MassOptions{}, solid).status, Status::InvalidOptions);
    MeshOptions negative;
    negative.mode = MeshMode::Shell;
    negative.thickness = -0.1;
    EXPECT_EQ(measureMesh(cube.view(), MassOptions{}, negative).status, Status::InvalidOptions);
    negative.thickness = std::nan("");
    EXPECT_EQ(measureMesh(cube.view(), MassOptions{}, negative).status, Status::InvalidOptions);
}
