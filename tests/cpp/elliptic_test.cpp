// Carlson's integrals against identities, elementary special cases, published test values and the
// arithmetic-geometric mean; the ellipsoid area against the spheroid closed forms (asin, atanh),
// a Gauss-Legendre surface quadrature and triangulations of growing resolution.
#include "elliptic.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "mass_properties/mass_properties.h"
#include "quadrature.h"

namespace {

using massprops::detail::carlsonRD;
using massprops::detail::carlsonRF;
using massprops::detail::carlsonRG;
using massprops::detail::ellipsoidSurfaceArea;

const double kPi = std::acos(-1.0);

void expectRelative(double actual, double expected, double tol, const std::string& what = "") {
    EXPECT_LE(std::abs(actual - expected), tol * std::abs(expected))
        << what << ": got " << actual << ", expected " << expected << " (relative error "
        << std::abs(actual - expected) / std::abs(expected) << ")";
}

// R_C(x, y) = R_F(x, y, y) in elementary functions (DLMF 19.2.17, 19.2.19):
// atan(sqrt((y-x)/x)) / sqrt(y-x) for x < y, atanh(sqrt((x-y)/x)) / sqrt(x-y) for x > y. Written
// with atan2 and log so that they stay well conditioned when x and y differ by many orders.
double carlsonRCElementary(double x, double y) {
    if (x < y) return std::atan2(std::sqrt(y - x), std::sqrt(x)) / std::sqrt(y - x);
    const double d = std::sqrt(x - y);
    return std::log((std::sqrt(x) + d) / std::sqrt(y)) / d;  // atanh(t) = log((1 + t) / sqrt(1 - t^2))
}

// Complete elliptic integrals K(k), E(k) by the arithmetic-geometric mean (Gauss; DLMF 19.8.1,
// 19.8.6): K = pi / (2 M(1, k')), E = K (1 - sum 2^(n-1) c_n^2) with c_0 = k, k' = sqrt(1 - k^2).
void completeByAgm(double k, double kc, double& bigK, double& bigE) {
    double a = 1, b = kc, c = k, power = 0.5, sum = power * c * c;
    for (int i = 0; i < 60 && std::abs(c) > 1e-17; ++i) {
        c = (a - b) / 2;
        const double next = (a + b) / 2;
        b = std::sqrt(a * b);
        a = next;
        power *= 2;
        sum += power * c * c;
    }
    bigK = kPi / (2 * a);
    bigE = bigK * (1 - sum);
}

// Spheroid with equatorial radius a and polar semi-axis c (elementary closed forms).
double spheroidArea(double a, double c) {
    if (a == c) return 4 * kPi * a * a;
    // asin(e) and atanh(e) as atan2 and log of the semi-axes, well conditioned for e -> 1.
    if (c > a) {  // prolate: S = 2 pi a^2 (1 + c asin(e) / (a e)), e^2 = 1 - a^2/c^2
        const double f = std::sqrt((c - a) * (c + a));  // c e
        return 2 * kPi * a * a + 2 * kPi * a * c * c / f * std::atan2(f, a);
    }
    // oblate: S = 2 pi a^2 (1 + (1 - e^2) atanh(e) / e), e^2 = 1 - c^2/a^2
    const double f = std::sqrt((a - c) * (a + c));  // a e
    // log((a + f) / c) = log1p((a - c + f) / c), with a - c exact (Sterbenz) for nearly round ones.
    return 2 * kPi * a * a + 2 * kPi * c * c * a / f * std::log1p((a - c + f) / c);
}

using testquad::gaussLegendre;
using testquad::Rule;

// Area of the ellipsoid x = a sin(phi) cos(t), y = b cos(phi), z = c sin(phi) sin(t) as the
// integral of |r_phi x r_t| over the parameter rectangle, by an n x n Gauss-Legendre product rule.
// The element has complex singularities near the real axis at the azimuths pi/2 and pi, so the
// rule is applied per octant (2 x 4 parameter blocks) and converges geometrically.
double quadratureArea(double a, double b, double c, int n) {
    const Rule rule = gaussLegendre(n);
    double area = 0;
    for (int block = 0; block < 8; ++block)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const double phi = kPi / 2 * (block / 4 + rule.x[i]), t = kPi / 2 * (block % 4 + rule.x[j]);
                const double sp = std::sin(phi), cp = std::cos(phi), st = std::sin(t), ct = std::cos(t);
                const double rp[3] = {a * cp * ct, -b * sp, c * cp * st};  // d/dphi
                const double rt[3] = {-a * sp * st, 0, c * sp * ct};       // d/dt
                const double nx = rp[1] * rt[2] - rp[2] * rt[1];
                const double ny = rp[2] * rt[0] - rp[0] * rt[2];
                const double nz = rp[0] * rt[1] - rp[1] * rt[0];
                area += rule.w[i] * rule.w[j] * std::sqrt(nx * nx + ny * ny + nz * nz);
            }
    return area * (kPi / 2) * (kPi / 2);
}

// Total area of a latitude-longitude triangulation (rings x 2 rings segments) of the ellipsoid.
double triangulatedArea(double a, double b, double c, int rings) {
    const int segments = 2 * rings;
    auto vertex = [&](int i, int j, double* p) {
        const double phi = kPi * i / rings, t = 2 * kPi * j / segments;
        p[0] = a * std::sin(phi) * std::cos(t);
        p[1] = b * std::cos(phi);
        p[2] = c * std::sin(phi) * std::sin(t);
    };
    auto triangle = [](const double* p, const double* q, const double* r) {
        const double u[3] = {q[0] - p[0], q[1] - p[1], q[2] - p[2]};
        const double v[3] = {r[0] - p[0], r[1] - p[1], r[2] - p[2]};
        const double n[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
        return 0.5 * std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    };
    double area = 0;
    for (int i = 0; i < rings; ++i)
        for (int j = 0; j < segments; ++j) {
            double p00[3], p01[3], p10[3], p11[3];
            vertex(i, j, p00);
            vertex(i, j + 1, p01);
            vertex(i + 1, j, p10);
            vertex(i + 1, j + 1, p11);
            // The quads at the poles collapse to one triangle (the other has zero area).
            area += triangle(p00, p10, p11) + triangle(p00, p11, p01);
        }
    return area;
}

// --- Carlson's functions -----------------------------------------------------------------------

TEST(Elliptic, EqualArguments) {
    for (double x : {1e-200, 1e-12, 0.25, 1.0, 3.0, 1e12, 1e200}) {
        expectRelative(carlsonRF(x, x, x), 1 / std::sqrt(x), 4e-16, "R_F(x,x,x)");
        expectRelative(carlsonRD(x, x, x), 1 / (x * std::sqrt(x)), 4e-16, "R_D(x,x,x)");
        expectRelative(carlsonRG(x, x, x), std::sqrt(x), 4e-16, "R_G(x,x,x)");
    }
}

// Carlson 1995, table of test values (13 significant digits).
TEST(Elliptic, CarlsonTestValues) {
    EXPECT_NEAR(carlsonRF(1, 2, 0), 1.3110287771461, 1e-13);
    EXPECT_NEAR(carlsonRF(0, 1, 2), 1.3110287771461, 1e-13);
    EXPECT_NEAR(carlsonRF(2, 3, 4), 0.58408284167715, 1e-14);
    EXPECT_NEAR(carlsonRD(0, 2, 1), 1.7972103521034, 1e-13);
    EXPECT_NEAR(carlsonRD(2, 3, 4), 0.16510527294261, 1e-14);
    EXPECT_NEAR(carlsonRG(0, 16, 16), 3.1415926535898, 1e-13);
    EXPECT_NEAR(carlsonRG(2, 3, 4), 1.7255030280692, 1e-13);
    EXPECT_NEAR(carlsonRG(0, 0.0796, 4), 1.0284758090288, 1e-13);
}

TEST(Elliptic, ElementaryCases) {
    // R_F(x,y,y) = R_C(x,y) (atan / atanh), on both sides of x = y.
    for (double x : {1e-6, 0.3, 1.0, 2.5, 1e6}) {
        for (double y : {1e-3, 0.7, 4.0, 1e4}) {
            expectRelative(carlsonRF(x, y, y), carlsonRCElementary(x, y), 1e-14, "R_F(x,y,y)");
            // DLMF 19.20.19's companion: R_D(x,y,y) = 3 / (2 (y - x)) (R_C(x,y) - sqrt(x) / y).
            if (std::abs(y - x) > 0.1 * y)
                expectRelative(carlsonRD(x, y, y), 1.5 / (y - x) * (carlsonRCElementary(x, y) - std::sqrt(x) / y),
                               1e-13, "R_D(x,y,y)");
        }
    }
    for (double y : {1e-10, 1.0, 16.0, 1e10}) {
        expectRelative(carlsonRF(0, y, y), kPi / (2 * std::sqrt(y)), 1e-15, "R_F(0,y,y)");
        expectRelative(carlsonRD(0, y, y), 3 * kPi / (4 * y * std::sqrt(y)), 1e-15, "R_D(0,y,y)");
        expectRelative(carlsonRG(0, y, y), kPi * std::sqrt(y) / 4, 1e-15, "R_G(0,y,y)");
        expectRelative(carlsonRG(0, 0, y), std::sqrt(y) / 2, 1e-15, "R_G(0,0,y)");
    }
}

// K(k) = R_F(0, 1-k^2, 1), E(k) = 2 R_G(0, 1-k^2, 1) = K - k^2/3 R_D(0, 1-k^2, 1) (DLMF 19.25.1),
// against the arithmetic-geometric mean, which shares nothing with the duplication algorithm.
TEST(Elliptic, CompleteIntegralsAgainstAgm) {
    for (double k : {0.0, 0.1, 0.5, 0.8, 0.99, 0.999999}) {
        double bigK = 0, bigE = 0;
        const double kc2 = (1 - k) * (1 + k);
        completeByAgm(k, std::sqrt(kc2), bigK, bigE);
        expectRelative(carlsonRF(0, kc2, 1), bigK, 2e-15, "K");
        // The AGM's E = K (1 - sum) cancels in the subtraction: a few ulps.
        expectRelative(2 * carlsonRG(0, kc2, 1), bigE, 1e-14, "E via R_G");
        expectRelative(carlsonRF(0, kc2, 1) - k * k / 3 * carlsonRD(0, kc2, 1), bigE, 1e-14, "E via R_D");
    }
}

TEST(Elliptic, SymmetryAndHomogeneity) {
    const double x = 0.3, y = 1.7, z = 4.2;
    const double rf = carlsonRF(x, y, z), rg = carlsonRG(x, y, z);
    expectRelative(carlsonRF(y, z, x), rf, 1e-15);
    expectRelative(carlsonRF(z, x, y), rf, 1e-15);
    expectRelative(carlsonRF(y, x, z), rf, 1e-15);
    expectRelative(carlsonRD(y, x, z), carlsonRD(x, y, z), 1e-15);
    expectRelative(carlsonRG(z, y, x), rg, 1e-15);
    expectRelative(carlsonRG(y, z, x), rg, 1e-15);
    for (double s : {1e-150, 1e-8, 1e8, 1e150}) {
        expectRelative(carlsonRF(s * x, s * y, s * z), rf / std::sqrt(s), 1e-15, "R_F scaling");
        expectRelative(carlsonRD(s * x, s * y, s * z), carlsonRD(x, y, z) / (s * std::sqrt(s)), 1e-15, "R_D scaling");
        expectRelative(carlsonRG(s * x, s * y, s * z), rg * std::sqrt(s), 1e-15, "R_G scaling");
    }
    // Legendre-type relation from the definition of R_D as a derivative (DLMF 19.21.7):
    // R_D(y,z,x) + R_D(z,x,y) + R_D(x,y,z) = 3 / sqrt(x y z).
    expectRelative(carlsonRD(y, z, x) + carlsonRD(z, x, y) + carlsonRD(x, y, z), 3 / std::sqrt(x * y * z), 1e-15);
}

TEST(Elliptic, WidelySpreadArguments) {
    // K(k) for k' -> 0: K = ln(4/k') + O(k'^2 ln k') (DLMF 19.12.1).
    const double kc = 1e-12;
    expectRelative(carlsonRF(0, kc * kc, 1), std::log(4 / kc), 1e-15, "K near 1");
    // Accurate across arguments 1e-30 .. 1: the AGM is the reference.
    double bigK = 0, bigE = 0;
    completeByAgm(1, 1e-15, bigK, bigE);
    expectRelative(carlsonRF(0, 1e-30, 1), bigK, 1e-14, "K for k'^2 = 1e-30");
}

TEST(Elliptic, DomainErrors) {
    EXPECT_TRUE(std::isnan(carlsonRF(-1, 1, 1)));
    EXPECT_TRUE(std::isnan(carlsonRF(0, 0, 1)));
    EXPECT_TRUE(std::isnan(carlsonRF(std::nan(""), 1, 1)));
    EXPECT_TRUE(std::isnan(carlsonRD(1, 1, 0)));
    EXPECT_TRUE(std::isnan(carlsonRD(0, 0, 1)));
    EXPECT_TRUE(std::isnan(carlsonRG(1, -1, 1)));
    EXPECT_TRUE(std::isnan(ellipsoidSurfaceArea(0, 1, 1)));
    EXPECT_TRUE(std::isnan(ellipsoidSurfaceArea(1, HUGE_VAL, 1)));
}

// --- ellipsoid surface area ---------------------------------------------------------------------

TEST(Elliptic, SphereArea) {
    for (double r : {1e-6, 0.5, 1.0, 3.0, 1e6}) expectRelative(ellipsoidSurfaceArea(r, r, r), 4 * kPi * r * r, 1e-15);
}

TEST(Elliptic, SpheroidAreas) {
    // Every placement of the symmetry axis, ratios from nearly 1 to 1e12.
    for (double a : {1e-6, 1.0, 1e6}) {
        for (double ratio : {1 + 1e-9, 1.001, 1.5, 3.0, 100.0, 1e6, 1e12}) {
            for (double c : {a * ratio, a / ratio}) {
                if (c > 1e6 * (1 + 1e-9) || c < 1e-6 * (1 - 1e-9)) continue;  // stay in 1e-6 .. 1e6
                const double expected = spheroidArea(a, c);
                const std::string what = "a=" + std::to_string(a) + " c=" + std::to_string(c);
                expectRelative(ellipsoidSurfaceArea(a, c, a), expected, 1e-13, what + " (axis y)");
                expectRelative(ellipsoidSurfaceArea(c, a, a), expected, 1e-13, what + " (axis x)");
                expectRelative(ellipsoidSurfaceArea(a, a, c), expected, 1e-13, what + " (axis z)");
            }
        }
    }
}

TEST(Elliptic, FlatAndNeedleLimits) {
    // A flat triaxial ellipsoid is nearly both faces of its ellipse: 2 pi a b.
    expectRelative(ellipsoidSurfaceArea(2, 3, 1e-9), 2 * kPi * 6, 1e-8, "flat");
    // A needle of circular section a: the prolate formula with e -> 1, asin(e) -> pi/2, gives
    // pi^2 a c up to relative terms of order a/c.
    expectRelative(ellipsoidSurfaceArea(1e-6, 1e-6, 1), kPi * kPi * 1e-6, 1e-5, "needle");
}

TEST(Elliptic, TriaxialAgainstQuadrature) {
    const double cases[][3] = {{1, 2, 3}, {3, 1, 2}, {0.5, 0.7, 0.9}, {1, 4, 9}, {2, 2, 5}};
    for (const auto& c : cases) {
        const double exact = ellipsoidSurfaceArea(c[0], c[1], c[2]);
        const double coarse = quadratureArea(c[0], c[1], c[2], 8);
        const double fine = quadratureArea(c[0], c[1], c[2], 64);
        expectRelative(exact, fine, 1e-13, "Gauss-Legendre 64");
        EXPECT_LT(std::abs(fine - exact), std::abs(coarse - exact) + 1e-300);
        // The order of the axes does not matter.
        expectRelative(ellipsoidSurfaceArea(c[2], c[0], c[1]), exact, 1e-15);
        expectRelative(ellipsoidSurfaceArea(c[1], c[2], c[0]), exact, 1e-15);
    }
}

TEST(Elliptic, TriaxialAgainstTriangulations) {
    // Inscribed triangles fall short of the true area by O(h^2): the error must shrink about
    // fourfold per doubling, and Richardson extrapolation must approach the exact area.
    const double a = 1, b = 2, c = 3;
    const double exact = ellipsoidSurfaceArea(a, b, c);
    double previous = 0, previousError = 0;
    for (int rings : {32, 64, 128, 256}) {
        const double area = triangulatedArea(a, b, c, rings);
        const double error = exact - area;
        EXPECT_GT(error, 0) << rings;  // inscribed: less area
        if (previous > 0) {
            const double ratio = previousError / error;
            EXPECT_GT(ratio, 3.8) << rings;
            EXPECT_LT(ratio, 4.2) << rings;
            const double extrapolated = (4 * area - previous) / 3;
            EXPECT_LT(std::abs(extrapolated - exact), std::abs(error) / 20) << rings;
        }
        previous = area;
        previousError = error;
    }
    EXPECT_LT(previousError / exact, 1e-4);
}

// Aspect ratios up to 1e12 in every orientation: the Richardson-extrapolated triangulations
// (the O(h^2) error removed) approach the exact area.
TEST(Elliptic, ExtremeTriaxialAgainstTriangulations) {
    const double cases[][3] = {{1e-6, 1, 1e6}, {1e6, 1e-6, 1}, {1, 1e6, 1e-6}, {0.01, 1, 100}, {1e-6, 1e-3, 1}};
    for (const auto& c : cases) {
        const double exact = ellipsoidSurfaceArea(c[0], c[1], c[2]);
        const double coarse = triangulatedArea(c[0], c[1], c[2], 256);
        const double fine = triangulatedArea(c[0], c[1], c[2], 512);
        const std::string what = std::to_string(c[0]) + " " + std::to_string(c[1]) + " " + std::to_string(c[2]);
        EXPECT_GT(exact, fine) << what;  // inscribed
        EXPECT_LT(exact - fine, 1e-5 * exact) << what;
        // What remains after extrapolation: 5e-11 for the 1e12 aspects, 3e-7 for the 1e4 ones.
        expectRelative((4 * fine - coarse) / 3, exact, 1e-6, what);
    }
}

TEST(Elliptic, EllipsoidShapeUsesExactArea) {
    const massprops::Result r = massprops::ellipsoid(1, 2, 3);
    ASSERT_TRUE(r.ok()) << r.message;
    expectRelative(r.value.surfaceArea, quadratureArea(1, 2, 3, 64), 1e-13, "ellipsoid(1,2,3) area");
    const massprops::Result prolate = massprops::ellipsoid(0.5, 2, 0.5);
    ASSERT_TRUE(prolate.ok());
    expectRelative(prolate.value.surfaceArea, spheroidArea(0.5, 2), 1e-14, "prolate ellipsoid area");
}

}  // namespace
