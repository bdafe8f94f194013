// The analytic shapes against (1) closed forms written out here for the simple shapes and
// (2) a tensor-product Gauss-Legendre quadrature over a parametrization of every solid and its
// surface. The quadrature shares no code or formula with cpp/src/primitives.cpp: each shape is
// described only by a map from the unit cube (or square) onto it and its partial derivatives;
// the Jacobian, volume, moments, area and centroids all come out of the numerical integration.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mass_properties/mass_properties.h"
#include "quadrature.h"

namespace {

using massprops::MassOptions;
using massprops::Mat3;
using massprops::Result;
using massprops::Status;
using massprops::Vec3;

const double kPi = std::acos(-1.0);

// --- Gauss-Legendre quadrature ----------------------------------------------------------------

using testquad::gaussLegendre;
using testquad::Rule;

Vec3 plus(const Vec3& a, const Vec3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
Vec3 times(const Vec3& a, double s) { return {a[0] * s, a[1] * s, a[2] * s}; }
Vec3 crossProduct(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double dotProduct(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// A point of a parametrized solid and the partial derivatives of the map at it.
struct SolidJet {
    Vec3 p, du, dv, dw;
};
using SolidMap = std::function<SolidJet(double u, double v, double w)>;

struct SurfaceJet {
    Vec3 p, du, dv;
};
using SurfaceMap = std::function<SurfaceJet(double u, double v)>;

struct Integrated {
    double volume = 0;
    Vec3 centerOfMass{0, 0, 0};
    Mat3 inertia{};  // about the center of mass, unit density
    double area = 0;
    Vec3 surfaceCentroid{0, 0, 0};
};

// Integrates over the pieces (each the image of the unit cube), |det J| being the volume element.
// Two passes: first volume and centroid, then second moments about that centroid.
void integrateSolid(const std::vector<SolidMap>& pieces, int n, Integrated& out) {
    const Rule rule = gaussLegendre(n);
    auto forEach = [&](const std::function<void(const Vec3&, double)>& f) {
        for (const SolidMap& map : pieces)
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j)
                    for (int k = 0; k < n; ++k) {
                        const SolidJet jet = map(rule.x[i], rule.x[j], rule.x[k]);
                        const double jacobian = std::abs(dotProduct(jet.du, crossProduct(jet.dv, jet.dw)));
                        f(jet.p, rule.w[i] * rule.w[j] * rule.w[k] * jacobian);
                    }
    };
    double volume = 0;
    Vec3 first{0, 0, 0};
    forEach([&](const Vec3& p, double dv) {
        volume += dv;
        first = plus(first, times(p, dv));
    });
    const Vec3 c = times(first, 1 / volume);
    double s[3][3] = {};
    forEach([&](const Vec3& p, double dv) {
        const Vec3 d{p[0] - c[0], p[1] - c[1], p[2] - c[2]};
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) s[a][b] += d[a] * d[b] * dv;
    });
    // I_xx = s_yy + s_zz directly: trace - s_xx would cancel for needles and disks.
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
            out.inertia[3 * a + b] = a == b ? s[(a + 1) % 3][(a + 1) % 3] + s[(a + 2) % 3][(a + 2) % 3] : -s[a][b];
    out.volume = volume;
    out.centerOfMass = c;
}

// Integrates over surface pieces (images of the unit square), |du x dv| being the area element.
void integrateSurface(const std::vector<SurfaceMap>& pieces, int n, Integrated& out) {
    const Rule rule = gaussLegendre(n);
    double area = 0;
    Vec3 first{0, 0, 0};
    for (const SurfaceMap& map : pieces)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const SurfaceJet jet = map(rule.x[i], rule.x[j]);
                const Vec3 normal = crossProduct(jet.du, jet.dv);
                const double da = rule.w[i] * rule.w[j] * std::sqrt(dotProduct(normal, normal));
                area += da;
                first = plus(first, times(jet.p, da));
            }
    out.area = area;
    out.surfaceCentroid = times(first, 1 / area);
}

// --- parametrizations -----------------------------------------------------------------------------

// Box [x0, x0 + w] x [y0, y0 + h] x [z0, z0 + d].
SolidMap boxSolid(Vec3 corner, double w, double h, double d) {
    return [=](double u, double v, double t) {
        return SolidJet{{corner[0] + u * w, corner[1] + v * h, corner[2] + t * d}, {w, 0, 0}, {0, h, 0}, {0, 0, d}};
    };
}

// Parallelogram corner + u e1 + v e2.
SurfaceMap planar(Vec3 corner, Vec3 e1, Vec3 e2) {
    return [=](double u, double v) { return SurfaceJet{plus(corner, plus(times(e1, u), times(e2, v))), e1, e2}; };
}

// Part of the solid ellipsoid with center c and semi-axes (a, b, cz) along x, y, z, in stretched
// spherical coordinates: radius u, polar angle phi from +Y in [phi0, phi1], azimuth 2 pi t.
SolidMap ellipsoidSolid(Vec3 c, double a, double b, double cz, double phi0, double phi1) {
    return [=](double u, double v, double t) {
        const double dphi = phi1 - phi0, phi = phi0 + dphi * v, theta = 2 * kPi * t;
        const double sp = std::sin(phi), cp = std::cos(phi), st = std::sin(theta), ct = std::cos(theta);
        SolidJet jet;
        jet.p = {c[0] + a * u * sp * ct, c[1] + b * u * cp, c[2] + cz * u * sp * st};
        jet.du = {a * sp * ct, b * cp, cz * sp * st};
        jet.dv = {dphi * a * u * cp * ct, -dphi * b * u * sp, dphi * cz * u * cp * st};
        jet.dw = {-2 * kPi * a * u * sp * st, 0, 2 * kPi * cz * u * sp * ct};
        return jet;
    };
}

// Its surface, over polar angles [phi0, phi1] and azimuths [t0, t1].
SurfaceMap ellipsoidSurface(Vec3 c, double a, double b, double cz, double phi0, double phi1, double t0 = 0,
                            double t1 = 2 * kPi) {
    return [=](double v, double t) {
        const double dphi = phi1 - phi0, phi = phi0 + dphi * v, dt = t1 - t0, theta = t0 + dt * t;
        const double sp = std::sin(phi), cp = std::cos(phi), st = std::sin(theta), ct = std::cos(theta);
        SurfaceJet jet;
        jet.p = {c[0] + a * sp * ct, c[1] + b * cp, c[2] + cz * sp * st};
        jet.du = {dphi * a * cp * ct, -dphi * b * sp, dphi * cz * cp * st};
        jet.dv = {-dt * a * sp * st, 0, dt * cz * sp * ct};
        return jet;
    };
}

// Solid of revolution about Y between heights y0 and y1 whose radius goes linearly from r0 to r1
// (a cylinder or a cone frustum): height v, relative radius u, azimuth 2 pi t.
SolidMap revolutionSolid(double y0, double y1, double r0, double r1) {
    return [=](double u, double v, double t) {
        const double radius = r0 + (r1 - r0) * v, theta = 2 * kPi * t;
        const double st = std::sin(theta), ct = std::cos(theta), rho = radius * u;
        SolidJet jet;
        jet.p = {rho * ct, y0 + (y1 - y0) * v, rho * st};
        jet.du = {radius * ct, 0, radius * st};
        jet.dv = {(r1 - r0) * u * ct, y1 - y0, (r1 - r0) * u * st};
        jet.dw = {-2 * kPi * rho * st, 0, 2 * kPi * rho * ct};
        return jet;
    };
}

// The lateral surface of that solid.
SurfaceMap revolutionSurface(double y0, double y1, double r0, double r1) {
    return [=](double v, double t) {
        const double radius = r0 + (r1 - r0) * v, theta = 2 * kPi * t;
        const double st = std::sin(theta), ct = std::cos(theta);
        SurfaceJet jet;
        jet.p = {radius * ct, y0 + (y1 - y0) * v, radius * st};
        jet.du = {(r1 - r0) * ct, y1 - y0, (r1 - r0) * st};
        jet.dv = {-2 * kPi * radius * st, 0, 2 * kPi * radius * ct};
        return jet;
    };
}

// The quadrilateral with corners q00, q10, q01, q11 in the (radius, y) half-plane, mapped
// bilinearly from the unit square and revolved about Y: a convex one maps one-to-one.
SolidMap revolvedQuadrilateral(std::array<double, 2> q00, std::array<double, 2> q10, std::array<double, 2> q01,
                               std::array<double, 2> q11) {
    return [=](double u, double v, double t) {
        std::array<double, 2> p, pu, pv;
        for (int i = 0; i < 2; ++i) {
            p[i] = (1 - u) * (1 - v) * q00[i] + u * (1 - v) * q10[i] + (1 - u) * v * q01[i] + u * v * q11[i];
            pu[i] = (1 - v) * (q10[i] - q00[i]) + v * (q11[i] - q01[i]);
            pv[i] = (1 - u) * (q01[i] - q00[i]) + u * (q11[i] - q10[i]);
        }
        const double theta = 2 * kPi * t, st = std::sin(theta), ct = std::cos(theta);
        SolidJet jet;
        jet.p = {p[0] * ct, p[1], p[0] * st};
        jet.du = {pu[0] * ct, pu[1], pu[0] * st};
        jet.dv = {pv[0] * ct, pv[1], pv[0] * st};
        jet.dw = {-2 * kPi * p[0] * st, 0, 2 * kPi * p[0] * ct};
        return jet;
    };
}

// Disk of radius r in the plane y = y0.
SurfaceMap disk(double y0, double r) { return revolutionSurface(y0, y0, 0, r); }

// --- shapes as pieces -----------------------------------------------------------------------------

struct Shape {
    std::vector<SolidMap> solid;
    std::vector<SurfaceMap> surface;
    double size;  // a length for judging centroid errors
};

Shape boxShape(double w, double h, double d) {
    Shape s;
    s.solid = {boxSolid({-w / 2, -h / 2, -d / 2}, w, h, d)};
    const Vec3 lo{-w / 2, -h / 2, -d / 2};
    s.surface = {planar(lo, {w, 0, 0}, {0, h, 0}), planar(plus(lo, {0, 0, d}), {w, 0, 0}, {0, h, 0}),
                 planar(lo, {0, h, 0}, {0, 0, d}), planar(plus(lo, {w, 0, 0}), {0, h, 0}, {0, 0, d}),
                 planar(lo, {w, 0, 0}, {0, 0, d}), planar(plus(lo, {0, h, 0}), {w, 0, 0}, {0, 0, d})};
    s.size = std::max({w, h, d});
    return s;
}

Shape ellipsoidShape(double a, double b, double c) {
    Shape s;
    s.solid = {ellipsoidSolid({0, 0, 0}, a, b, c, 0, kPi)};
    // The area element of a triaxial ellipsoid has complex singularities close to the real
    // azimuths pi/2 and pi; splitting into octants keeps the Gauss-Legendre convergence fast.
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 4; ++j)
            s.surface.push_back(
                ellipsoidSurface({0, 0, 0}, a, b, c, i * kPi / 2, (i + 1) * kPi / 2, j * kPi / 2, (j + 1) * kPi / 2));
    s.size = std::max({a, b, c});
    return s;
}

Shape cylinderShape(double r, double h) {
    Shape s;
    s.solid = {revolutionSolid(-h / 2, h / 2, r, r)};
    s.surface = {revolutionSurface(-h / 2, h / 2, r, r), disk(-h / 2, r), disk(h / 2, r)};
    s.size = std::max(r, h);
    return s;
}

// Cylinder plus a half ball on each end (polar angle [0, pi/2] on top, [pi/2, pi] below).
Shape capsuleShape(double r, double length) {
    Shape s;
    s.solid = {revolutionSolid(-length / 2, length / 2, r, r), ellipsoidSolid({0, length / 2, 0}, r, r, r, 0, kPi / 2),
               ellipsoidSolid({0, -length / 2, 0}, r, r, r, kPi / 2, kPi)};
    s.surface = {revolutionSurface(-length / 2, length / 2, r, r),
                 ellipsoidSurface({0, length / 2, 0}, r, r, r, 0, kPi / 2),
                 ellipsoidSurface({0, -length / 2, 0}, r, r, r, kPi / 2, kPi)};
    s.size = std::max(r, length);
    return s;
}

// Radius r at the base y = -h/2 shrinking to the apex at y = +h/2, plus the base disk.
Shape coneShape(double r, double h) {
    Shape s;
    s.solid = {revolutionSolid(-h / 2, h / 2, r, 0)};
    s.surface = {revolutionSurface(-h / 2, h / 2, r, 0), disk(-h / 2, r)};
    s.size = std::max(r, h);
    return s;
}

// Radius a at y = -h/2 going linearly to b at +h/2, plus both end disks.
Shape frustumShape(double a, double b, double h) {
    Shape s;
    s.solid = {revolutionSolid(-h / 2, h / 2, a, b)};
    s.surface = {revolutionSurface(-h / 2, h / 2, a, b)};
    if (a > 0) s.surface.push_back(disk(-h / 2, a));
    if (b > 0) s.surface.push_back(disk(h / 2, b));
    s.size = std::max({a, b, h});
    return s;
}

// The convex hull of the balls (0, -h/2, 0; a) and (0, h/2, 0; b), built here from the geometry
// of a line tangent to two circles: the polar angle (from +Y) at which the cone leaves each ball
// is where the ball's normal is perpendicular to the line joining the tangent points. Found by
// bisection on that condition rather than from a formula, so the test shares none with the core.
Shape taperedCapsuleShape(double a, double b, double h) {
    // Tangent points for the polar angle phi: (a sin phi, -h/2 + a cos phi) and (b sin phi, h/2 + b cos phi).
    // The line between them is perpendicular to the normal (sin phi, cos phi) exactly at the tangent.
    auto residual = [&](double phi) {
        const double dx = (b - a) * std::sin(phi), dy = h + (b - a) * std::cos(phi);
        return dx * std::sin(phi) + dy * std::cos(phi);
    };
    double lo = 0, hi = kPi;  // residual(0) = h + b - a > 0 and residual(pi) = -h + a - b < 0
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (residual(mid) > 0 ? lo : hi) = mid;
    }
    const double phi = (lo + hi) / 2;
    const double y0 = -h / 2 + a * std::cos(phi), y1 = h / 2 + b * std::cos(phi);
    const double r0 = a * std::sin(phi), r1 = b * std::sin(phi);
    // Solid: the two balls' sectors beyond the tangent circles (cones from each centre out to
    // its circle, capped by the sphere) and, between them, the revolved quadrilateral with
    // corners at both centres and both tangent points.
    Shape s;
    s.solid = {revolvedQuadrilateral({0, -h / 2}, {r0, y0}, {0, h / 2}, {r1, y1})};
    s.surface = {revolutionSurface(y0, y1, r0, r1)};
    if (a > 0) {
        s.solid.push_back(ellipsoidSolid({0, -h / 2, 0}, a, a, a, phi, kPi));
        s.surface.push_back(ellipsoidSurface({0, -h / 2, 0}, a, a, a, phi, kPi));
    }
    if (b > 0) {
        s.solid.push_back(ellipsoidSolid({0, h / 2, 0}, b, b, b, 0, phi));
        s.surface.push_back(ellipsoidSurface({0, h / 2, 0}, b, b, b, 0, phi));
    }
    s.size = std::max({a, b, h});
    return s;
}

// --- comparisons --------------------------------------------------------------------------------

double relative(double a, double b) { return std::abs(a - b) / std::abs(b); }

// Largest error of a result against the quadrature, each quantity relative to its own scale.
double worstError(const massprops::MassProperties& v, const Integrated& q, double size) {
    double error = relative(v.volume, q.volume);
    const double traceQ = q.inertia[0] + q.inertia[4] + q.inertia[8];
    for (int i = 0; i < 3; ++i) {
        error = std::max(error, std::abs(v.centerOfMass[i] - q.centerOfMass[i]) / size);
        error = std::max(error, std::abs(v.surfaceCentroid[i] - q.surfaceCentroid[i]) / size);
    }
    for (int i = 0; i < 9; ++i) error = std::max(error, std::abs(v.inertia[i] - q.inertia[i]) / traceQ);
    // Each diagonal moment also against itself: a small one must not hide in the trace.
    for (int i = 0; i < 3; ++i) error = std::max(error, relative(v.inertia[4 * i], q.inertia[4 * i]));
    return std::max(error, relative(v.surfaceArea, q.area));
}

// The quadrature must converge to the result as the rule is refined, down to rounding. Solids are
// integrated with n^3 points per piece, surfaces with (4n)^2 (the ellipsoid's area element is
// analytic but far from polynomial). Without `withSurface` the surface is not compared (for
// ellipsoids of aspect 1e12, whose area element no fixed rule resolves; see elliptic_test.cpp).
void expectConverges(const Result& result, const Shape& shape, const std::string& label, bool withSurface = true) {
    ASSERT_TRUE(result.ok()) << label << ": " << result.message;
    std::vector<double> errors;
    const int orders[] = {3, 6, 12, 24};
    for (int n : orders) {
        Integrated q;
        integrateSolid(shape.solid, n, q);
        if (withSurface) {
            integrateSurface(shape.surface, 4 * n, q);
        } else {
            q.area = result.value.surfaceArea;
            q.surfaceCentroid = result.value.surfaceCentroid;
        }
        errors.push_back(worstError(result.value, q, shape.size));
    }
    EXPECT_LT(errors.back(), 1e-12) << label << " (errors for n = 3, 6, 12, 24: " << errors[0] << ", " << errors[1]
                                    << ", " << errors[2] << ", " << errors[3] << ")";
    // Refining must not make it worse (beyond rounding, for shapes the coarse rule already integrates exactly).
    EXPECT_LE(errors.back(), std::max(errors.front(), 1e-13)) << label;
}

void expectNear(double actual, double expected, double tol, const std::string& what) {
    EXPECT_LE(std::abs(actual - expected), tol * std::abs(expected))
        << what << ": got " << actual << ", expected " << expected;
}

void expectDiagonal(const Mat3& m, double xx, double yy, double zz, const std::string& what) {
    expectNear(m[0], xx, 1e-12, what + " Ixx");
    expectNear(m[4], yy, 1e-12, what + " Iyy");
    expectNear(m[8], zz, 1e-12, what + " Izz");
    for (int i : {1, 2, 3, 5, 6, 7}) EXPECT_EQ(m[i], 0) << what << " off-diagonal " << i;
}

// Analytic shapes have no mesh: no diagnostics, and the unused ones left at their defaults.
void expectAnalyticDiagnostics(const Result& r) {
    EXPECT_FALSE(r.value.hasDiagnostics);
    EXPECT_EQ(r.value.diagnostics.triangles, 0u);
    EXPECT_TRUE(r.value.diagnostics.closed);
    EXPECT_TRUE(r.value.diagnostics.consistentWinding);
    EXPECT_FALSE(r.value.diagnostics.inverted);
}

MassOptions byMass(double m) {
    MassOptions o;
    o.given = MassOptions::Given::Mass;
    o.value = m;
    return o;
}

MassOptions byDensity(double rho) {
    MassOptions o;
    o.given = MassOptions::Given::Density;
    o.value = rho;
    return o;
}

// --- closed forms -----------------------------------------------------------------------------

TEST(Primitives, BoxClosedForm) {
    const double w = 2, h = 3, d = 5;
    const Result r = massprops::box(w, h, d);
    ASSERT_TRUE(r.ok()) << r.message;
    const double m = 30;  // w h d at density 1
    expectNear(r.value.volume, m, 1e-12, "volume");
    expectNear(r.value.mass, m, 1e-12, "mass");
    EXPECT_EQ(r.value.density, 1);
    expectDiagonal(r.value.inertia, m * (9 + 25) / 12, m * (4 + 25) / 12, m * (4 + 9) / 12, "box");
    expectNear(r.value.surfaceArea, 2 * (6 + 15 + 10), 1e-12, "area");
    EXPECT_EQ(r.value.centerOfMass, (Vec3{0, 0, 0}));
    EXPECT_EQ(r.value.surfaceCentroid, (Vec3{0, 0, 0}));
    expectAnalyticDiagnostics(r);
    // Principal moments ascend: about z (the two short sides) is smallest.
    expectNear(r.value.principalMoments[0], m * 13 / 12, 1e-12, "principal 0");
    expectNear(r.value.principalMoments[2], m * 34 / 12, 1e-12, "principal 2");
}

TEST(Primitives, UnitCube) {
    const Result r = massprops::box(1, 1, 1);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value.volume, 1);
    expectDiagonal(r.value.inertia, 1.0 / 6, 1.0 / 6, 1.0 / 6, "cube");
    EXPECT_EQ(r.value.surfaceArea, 6);
}

TEST(Primitives, SphereClosedForm) {
    const double radius = 1.5;
    const Result r = massprops::sphere(radius);
    ASSERT_TRUE(r.ok()) << r.message;
    const double m = 4.0 / 3.0 * kPi * radius * radius * radius;
    expectNear(r.value.volume, m, 1e-12, "volume");
    const double i = 2.0 / 5.0 * m * radius * radius;
    expectDiagonal(r.value.inertia, i, i, i, "sphere");
    expectNear(r.value.surfaceArea, 4 * kPi * radius * radius, 1e-12, "area");
    EXPECT_EQ(r.value.centerOfMass, (Vec3{0, 0, 0}));
    EXPECT_EQ(r.value.surfaceCentroid, (Vec3{0, 0, 0}));
    expectAnalyticDiagnostics(r);
}

TEST(Primitives, CylinderClosedForm) {
    const double radius = 0.5, height = 4;
    const Result r = massprops::cylinder(radius, height);
    ASSERT_TRUE(r.ok()) << r.message;
    const double m = kPi * radius * radius * height;
    expectNear(r.value.volume, m, 1e-12, "volume");
    const double transverse = m * (3 * radius * radius + height * height) / 12;
    expectDiagonal(r.value.inertia, transverse, m * radius * radius / 2, transverse, "cylinder");
    expectNear(r.value.surfaceArea, 2 * kPi * radius * height + 2 * kPi * radius * radius, 1e-12, "area");
    EXPECT_EQ(r.value.surfaceCentroid, (Vec3{0, 0, 0}));
    expectAnalyticDiagnostics(r);
}

TEST(Primitives, EllipsoidWithEqualAxesIsTheSphere) {
    const Result e = massprops::ellipsoid(2, 2, 2);
    const Result s = massprops::sphere(2);
    ASSERT_TRUE(e.ok() && s.ok());
    expectNear(e.value.volume, s.value.volume, 1e-15, "volume");
    for (int i = 0; i < 9; ++i) EXPECT_NEAR(e.value.inertia[i], s.value.inertia[i], 1e-13 * s.value.inertia[0]);
    expectNear(e.value.surfaceArea, 16 * kPi, 1e-14, "area");
}

TEST(Primitives, CapsuleLimits) {
    // With a vanishing straight part the capsule is a sphere.
    const Result c = massprops::capsule(1, 1e-300);
    const double m = 4.0 / 3.0 * kPi;
    ASSERT_TRUE(c.ok()) << c.message;
    expectNear(c.value.volume, m, 1e-15, "volume");
    expectDiagonal(c.value.inertia, 0.4 * m, 0.4 * m, 0.4 * m, "capsule -> sphere");
    expectNear(c.value.surfaceArea, 4 * kPi, 1e-15, "area");
}

// Cause: three.js draws CapsuleGeometry(r, 0) as a sphere, and such models were refused. With no
// straight part the capsule is exactly the sphere: V = 4/3 pi r^3, I = 2/5 m r^2 about every axis,
// area 4 pi r^2.
TEST(Primitives, CapsuleOfLengthZeroIsTheSphere) {
    for (double r : {1e-6, 0.7, 1.5, 1e6}) {
        const std::string label = "r = " + std::to_string(r);
        const Result c = massprops::capsule(r, 0);
        const Result s = massprops::sphere(r);
        ASSERT_TRUE(c.ok()) << label << ": " << c.message;
        ASSERT_TRUE(s.ok()) << s.message;
        const double m = 4.0 / 3.0 * kPi * r * r * r;
        expectNear(c.value.mass, m, 1e-15, label + " mass");
        expectNear(c.value.mass, s.value.mass, 1e-15, label + " mass as sphere");
        expectNear(c.value.volume, s.value.volume, 1e-15, label + " volume as sphere");
        expectDiagonal(c.value.inertia, 0.4 * m * r * r, 0.4 * m * r * r, 0.4 * m * r * r,
                       label + " capsule -> sphere");
        for (int i = 0; i < 9; ++i)
            EXPECT_NEAR(c.value.inertia[i], s.value.inertia[i], 1e-15 * s.value.inertia[0]) << label << " entry " << i;
        for (int i = 0; i < 3; ++i) expectNear(c.value.principalMoments[i], s.value.principalMoments[i], 1e-15, label);
        expectNear(c.value.surfaceArea, 4 * kPi * r * r, 1e-15, label + " area");
        expectNear(c.value.surfaceArea, s.value.surfaceArea, 1e-15, label + " area as sphere");
        EXPECT_EQ(c.value.centerOfMass, (Vec3{0, 0, 0}));
        EXPECT_EQ(c.value.surfaceCentroid, (Vec3{0, 0, 0}));
        expectAnalyticDiagnostics(c);
    }
}

// Every size must be > 0 except a capsule's length, which may be 0 but not negative.
TEST(Primitives, ZeroSizesAreRefusedExceptACapsuleLength) {
    const Result zeros[] = {massprops::box(0, 1, 1),       massprops::box(1, 0, 1),       massprops::box(1, 1, 0),
                            massprops::sphere(0),          massprops::ellipsoid(0, 1, 1), massprops::ellipsoid(1, 0, 1),
                            massprops::ellipsoid(1, 1, 0), massprops::cylinder(0, 1),     massprops::cylinder(1, 0),
                            massprops::cone(0, 1),         massprops::cone(1, 0),         massprops::capsule(0, 1)};
    for (const Result& r : zeros) {
        EXPECT_EQ(r.status, Status::InvalidDimension) << r.message;
        EXPECT_NE(r.message.find("must be a finite number > 0 (got 0)"), std::string::npos) << r.message;
    }
    EXPECT_TRUE(massprops::capsule(1, 0).ok());
    for (double length : {-1.0, -1e-300}) {
        const Result r = massprops::capsule(1, length);
        EXPECT_EQ(r.status, Status::InvalidDimension) << r.message;
        EXPECT_NE(r.message.find("capsule length must be a finite number >= 0"), std::string::npos) << r.message;
    }
}

TEST(Primitives, AnalyticShapesHaveNoDiagnostics) {
    for (const Result& r : {massprops::box(1, 2, 3), massprops::sphere(1), massprops::ellipsoid(1, 2, 3),
                            massprops::cylinder(1, 2), massprops::capsule(1, 2), massprops::cone(1, 2)}) {
        ASSERT_TRUE(r.ok()) << r.message;
        expectAnalyticDiagnostics(r);
    }
}

TEST(Primitives, CapsuleAgainstCombinedParts) {
    // Cylinder plus a sphere split in half and moved to the ends. The halves enter through the
    // hemisphere's own numbers written here: mass 2/3 pi r^3, centroid 3r/8 from the face and the
    // second moments integral x^2 = integral y^2 = integral z^2 = 2/15 pi r^5 about the face center.
    const double r = 0.7, length = 2.3;
    const double mh = 2.0 / 3.0 * kPi * r * r * r;
    const double s2 = 2.0 / 15.0 * kPi * std::pow(r, 5);
    const double cy = 3 * r / 8;
    const double yy = s2 - mh * cy * cy;  // about the hemisphere's centroid
    const Result cyl = massprops::cylinder(r, length);
    ASSERT_TRUE(cyl.ok());
    massprops::Body top;
    top.mass = top.volume = mh;
    top.centerOfMass = {0, length / 2 + cy, 0};
    top.inertia = {s2 + yy, 0, 0, 0, 2 * s2, 0, 0, 0, s2 + yy};
    massprops::Body bottom = top;
    bottom.centerOfMass = {0, -length / 2 - cy, 0};
    const Result combined = massprops::combine(
        {massprops::Part{massprops::toBody(cyl.value)}, massprops::Part{top}, massprops::Part{bottom}});
    ASSERT_TRUE(combined.ok()) << combined.message;
    const Result c = massprops::capsule(r, length);
    ASSERT_TRUE(c.ok());
    expectNear(c.value.volume, combined.value.volume, 1e-13, "volume");
    for (int i : {0, 4, 8}) expectNear(c.value.inertia[i], combined.value.inertia[i], 1e-13, "inertia");
    // The 83/320 m r^2 of the literature is the same transverse moment.
    expectNear(s2 + yy, 83.0 / 320.0 * mh * r * r, 1e-14, "83/320");
}

TEST(Primitives, ConeCentroids) {
    const double r = 3, h = 4;  // slant 5
    const Result c = massprops::cone(r, h);
    ASSERT_TRUE(c.ok()) << c.message;
    expectNear(c.value.volume, kPi * 9 * 4 / 3, 1e-12, "volume");
    expectNear(c.value.centerOfMass[1], -1, 1e-15, "center of mass");
    EXPECT_EQ(c.value.centerOfMass[0], 0);
    EXPECT_EQ(c.value.centerOfMass[2], 0);
    // Lateral area pi r l = 15 pi at y = -h/6, base 9 pi at y = -h/2.
    expectNear(c.value.surfaceArea, 24 * kPi, 1e-12, "area");
    expectNear(c.value.surfaceCentroid[1], (15 * (-4.0 / 6) + 9 * (-2.0)) / 24, 1e-13, "surface centroid");
    expectAnalyticDiagnostics(c);
}

// --- numerical integration of every shape --------------------------------------------------------

TEST(Primitives, QuadratureBox) {
    expectConverges(massprops::box(2, 3, 5), boxShape(2, 3, 5), "box");
    expectConverges(massprops::box(0.1, 7, 0.3), boxShape(0.1, 7, 0.3), "box");
}

TEST(Primitives, QuadratureSphere) { expectConverges(massprops::sphere(1.5), ellipsoidShape(1.5, 1.5, 1.5), "sphere"); }

TEST(Primitives, QuadratureEllipsoid) {
    expectConverges(massprops::ellipsoid(1, 2, 3), ellipsoidShape(1, 2, 3), "ellipsoid 1 2 3");
    expectConverges(massprops::ellipsoid(3, 0.5, 1.25), ellipsoidShape(3, 0.5, 1.25), "ellipsoid 3 0.5 1.25");
    expectConverges(massprops::ellipsoid(0.2, 0.2, 1), ellipsoidShape(0.2, 0.2, 1), "prolate");
}

TEST(Primitives, QuadratureCylinder) {
    expectConverges(massprops::cylinder(0.5, 4), cylinderShape(0.5, 4), "cylinder");
    expectConverges(massprops::cylinder(3, 0.25), cylinderShape(3, 0.25), "flat cylinder");
}

TEST(Primitives, QuadratureCapsule) {
    expectConverges(massprops::capsule(0.7, 2.3), capsuleShape(0.7, 2.3), "capsule");
    expectConverges(massprops::capsule(2, 0.1), capsuleShape(2, 0.1), "short capsule");
    expectConverges(massprops::capsule(1, 10), capsuleShape(1, 10), "long capsule");
}

TEST(Primitives, QuadratureCone) {
    expectConverges(massprops::cone(1, 2), coneShape(1, 2), "cone");
    expectConverges(massprops::cone(3, 4), coneShape(3, 4), "cone 3 4");
    expectConverges(massprops::cone(5, 0.5), coneShape(5, 0.5), "flat cone");
}

TEST(Primitives, QuadratureFrustum) {
    expectConverges(massprops::frustum(1, 0.5, 2), frustumShape(1, 0.5, 2), "frustum");
    expectConverges(massprops::frustum(0.25, 3, 1.5), frustumShape(0.25, 3, 1.5), "frustum widening");
    expectConverges(massprops::frustum(0, 2, 3), frustumShape(0, 2, 3), "frustum, apex down");
    expectConverges(massprops::frustum(2, 1e-9, 3), frustumShape(2, 1e-9, 3), "frustum, nearly a cone");
    expectConverges(massprops::frustum(1e6, 1, 1e-3), frustumShape(1e6, 1, 1e-3), "flat frustum");
}

TEST(Primitives, QuadratureTaperedCapsule) {
    expectConverges(massprops::taperedCapsule(1, 0.5, 2), taperedCapsuleShape(1, 0.5, 2), "tapered capsule");
    expectConverges(massprops::taperedCapsule(0.25, 1, 3), taperedCapsuleShape(0.25, 1, 3), "widening upward");
    expectConverges(massprops::taperedCapsule(2, 0, 3), taperedCapsuleShape(2, 0, 3), "a ball and a point");
    expectConverges(massprops::taperedCapsule(0, 0.5, 0.75), taperedCapsuleShape(0, 0.5, 0.75), "point below");
    // Almost one ball inside the other: the small ball's cap is a sliver.
    expectConverges(massprops::taperedCapsule(1, 0.2, 0.81), taperedCapsuleShape(1, 0.2, 0.81), "nearly nested");
    expectConverges(massprops::taperedCapsule(1e-3, 2e-3, 1e3), taperedCapsuleShape(1e-3, 2e-3, 1e3), "needle");
}

// Equal radii are the cylinder and the capsule; a zero radius is the cone (the same frame).
TEST(Primitives, TaperedShapesReduceToTheirUntaperedOnes) {
    auto same = [](const Result& got, const Result& want, const std::string& label) {
        ASSERT_TRUE(got.ok() && want.ok()) << label;
        expectNear(got.value.volume, want.value.volume, 1e-14, label + " volume");
        expectNear(got.value.surfaceArea, want.value.surfaceArea, 1e-14, label + " area");
        for (int i = 0; i < 3; ++i) {
            EXPECT_NEAR(got.value.centerOfMass[i], want.value.centerOfMass[i], 1e-15) << label;
            EXPECT_NEAR(got.value.surfaceCentroid[i], want.value.surfaceCentroid[i], 1e-15) << label;
        }
        for (int i : {0, 4, 8}) expectNear(got.value.inertia[i], want.value.inertia[i], 1e-14, label + " inertia");
    };
    same(massprops::frustum(0.75, 0.75, 2.5), massprops::cylinder(0.75, 2.5), "frustum = cylinder");
    same(massprops::frustum(0.75, 0, 2.5), massprops::cone(0.75, 2.5), "frustum = cone");
    same(massprops::taperedCapsule(0.5, 0.5, 1.25), massprops::capsule(0.5, 1.25), "tapered = capsule");
    // One ball inside the other: the larger ball, where it is.
    const Result nested = massprops::taperedCapsule(0.5, 2, 1);
    const Result ball = massprops::sphere(2);
    ASSERT_TRUE(nested.ok());
    expectNear(nested.value.volume, ball.value.volume, 1e-14, "nested volume");
    EXPECT_EQ(nested.value.centerOfMass[1], 0.5);
    expectNear(nested.value.surfaceArea, ball.value.surfaceArea, 1e-14, "nested area");
    for (int i : {0, 4, 8}) expectNear(nested.value.inertia[i], ball.value.inertia[i], 1e-14, "nested inertia");
}

TEST(Primitives, TaperedShapesRefuseBadSizes) {
    EXPECT_EQ(massprops::frustum(0, 0, 1).status, Status::InvalidDimension);
    EXPECT_NE(massprops::frustum(0, 0, 1).message.find("both"), std::string::npos);
    EXPECT_EQ(massprops::taperedCapsule(0, 0, 1).status, Status::InvalidDimension);
    EXPECT_EQ(massprops::frustum(1, 1, 0).status, Status::InvalidDimension);
    EXPECT_EQ(massprops::taperedCapsule(-1, 1, 1).status, Status::InvalidDimension);
    EXPECT_NE(massprops::taperedCapsule(-1, 1, 1).message.find("radiusBottom"), std::string::npos);
    EXPECT_EQ(massprops::frustum(1, std::nan(""), 1).status, Status::InvalidDimension);
}

// Dimensions between 1e-6 and 1e6, including needles and disks of aspect 1e12.
TEST(Primitives, QuadratureExtremeDimensions) {
    for (double a : {1e-6, 1e6}) {
        for (double b : {1e-6, 1.0, 1e6}) {
            const std::string dims = " " + std::to_string(a) + " " + std::to_string(b);
            expectConverges(massprops::box(a, b, 1), boxShape(a, b, 1), "box" + dims);
            expectConverges(massprops::sphere(a), ellipsoidShape(a, a, a), "sphere" + dims);
            expectConverges(massprops::ellipsoid(a, b, 1), ellipsoidShape(a, b, 1), "ellipsoid" + dims, false);
            expectConverges(massprops::cylinder(a, b), cylinderShape(a, b), "cylinder" + dims);
            expectConverges(massprops::capsule(a, b), capsuleShape(a, b), "capsule" + dims);
            expectConverges(massprops::cone(a, b), coneShape(a, b), "cone" + dims);
        }
    }
}

// Volume scales with s^3, inertia with s^5, area with s^2 and centroids with s.
TEST(Primitives, ScalingLaws) {
    std::vector<std::function<Result(double)>> shapes = {
        [](double s) { return massprops::box(2 * s, 3 * s, 5 * s); },
        [](double s) { return massprops::sphere(1.5 * s); },
        [](double s) { return massprops::ellipsoid(s, 2 * s, 3 * s); },
        [](double s) { return massprops::cylinder(0.5 * s, 4 * s); },
        [](double s) { return massprops::capsule(0.7 * s, 2.3 * s); },
        [](double s) { return massprops::cone(3 * s, 4 * s); },
    };
    for (std::size_t k = 0; k < shapes.size(); ++k) {
        const Result base = shapes[k](1);
        ASSERT_TRUE(base.ok());
        for (double s : {1e-6, 1e6}) {
            const Result r = shapes[k](s);
            ASSERT_TRUE(r.ok());
            const std::string label = "shape " + std::to_string(k) + " scale " + std::to_string(s);
            expectNear(r.value.volume, base.value.volume * s * s * s, 1e-13, label + " volume");
            expectNear(r.value.surfaceArea, base.value.surfaceArea * s * s, 1e-13, label + " area");
            for (int i : {0, 4, 8})
                expectNear(r.value.inertia[i], base.value.inertia[i] * std::pow(s, 5), 1e-13, label + " inertia");
            EXPECT_NEAR(r.value.centerOfMass[1], base.value.centerOfMass[1] * s, 1e-14 * s) << label;
            EXPECT_NEAR(r.value.surfaceCentroid[1], base.value.surfaceCentroid[1] * s, 1e-14 * s) << label;
        }
    }
}

// --- tessellations measured by measureMesh ---------------------------------------------------------

// A closed, outward-wound triangle mesh of a solid of revolution about Y, stretched by `stretch`
// per axis afterwards. `profile` lists (radius, y) from the bottom pole to the top pole; a point
// with radius 0 is a single vertex (the poles, or the center of a flat cap).
struct TestMesh {
    std::vector<double> positions;
    std::vector<std::uint32_t> indices;
};

TestMesh revolutionMesh(const std::vector<std::array<double, 2>>& profile, int segments, const Vec3& stretch) {
    TestMesh mesh;
    std::vector<std::vector<std::uint32_t>> rings;
    for (const auto& point : profile) {
        std::vector<std::uint32_t> ring;
        const int count = point[0] == 0 ? 1 : segments;
        for (int j = 0; j < count; ++j) {
            const double theta = 2 * kPi * j / segments;
            ring.push_back(static_cast<std::uint32_t>(mesh.positions.size() / 3));
            mesh.positions.push_back(stretch[0] * point[0] * std::cos(theta));
            mesh.positions.push_back(stretch[1] * point[1]);
            mesh.positions.push_back(stretch[2] * point[0] * std::sin(theta));
        }
        rings.push_back(ring);
    }
    auto at = [&](std::size_t i, int j) { return rings[i][rings[i].size() == 1 ? 0 : j % segments]; };
    for (std::size_t i = 0; i + 1 < rings.size(); ++i)
        for (int j = 0; j < segments; ++j) {
            // (lower j, upper j+1, lower j+1) and (lower j, upper j, upper j+1) face outward.
            if (rings[i].size() > 1)
                for (std::uint32_t k : {at(i, j), at(i + 1, j + 1), at(i, j + 1)}) mesh.indices.push_back(k);
            if (rings[i + 1].size() > 1)
                for (std::uint32_t k : {at(i, j), at(i + 1, j), at(i + 1, j + 1)}) mesh.indices.push_back(k);
        }
    return mesh;
}

// Quarter circles of radius r around (0, y0): from the bottom pole up (lower) or to the top pole.
void appendArc(std::vector<std::array<double, 2>>& profile, double r, double y0, bool lower, int steps) {
    for (int k = 0; k <= steps; ++k) {
        const double phi = (lower ? kPi : kPi / 2) - kPi / 2 * k / steps;  // angle from +Y
        const bool pole = (lower && k == 0) || (!lower && k == steps);     // sin(pi) is not exactly 0
        profile.push_back({pole ? 0 : r * std::sin(phi), y0 + r * std::cos(phi)});
    }
}

massprops::MassProperties measured(const TestMesh& mesh) {
    massprops::MeshView view;
    view.positions = mesh.positions.data();
    view.positionCount = mesh.positions.size();
    view.indices = mesh.indices.data();
    view.indexCount = mesh.indices.size();
    view.indexType = massprops::IndexType::Uint32;
    const Result r = massprops::measureMesh(view);
    EXPECT_TRUE(r.ok()) << r.message;
    EXPECT_TRUE(r.value.diagnostics.closed);
    EXPECT_TRUE(r.value.diagnostics.consistentWinding);
    EXPECT_FALSE(r.value.diagnostics.inverted);
    return r.value;
}

// Inscribed tessellations converge as c2 / n^2 + c4 / n^4; Richardson extrapolation of n and 2n
// segments removes the first term (what remains is about 1e-8 here). The extrapolated mesh values
// must match the analytic shape: this also checks that both use the same frame.
void expectTessellationConverges(const Result& analytic, const std::function<TestMesh(int)>& tessellate,
                                 const std::string& label) {
    ASSERT_TRUE(analytic.ok()) << analytic.message;
    const massprops::MassProperties coarse = measured(tessellate(256));
    const massprops::MassProperties fine = measured(tessellate(512));
    auto extrapolate = [](double a, double b) { return (4 * b - a) / 3; };
    const massprops::MassProperties& v = analytic.value;
    const double size = std::cbrt(v.volume);
    expectNear(extrapolate(coarse.volume, fine.volume), v.volume, 1e-7, label + " volume");
    expectNear(extrapolate(coarse.surfaceArea, fine.surfaceArea), v.surfaceArea, 1e-7, label + " area");
    for (int i : {0, 4, 8})
        expectNear(extrapolate(coarse.inertia[i], fine.inertia[i]), v.inertia[i], 1e-7, label + " inertia");
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(extrapolate(coarse.centerOfMass[i], fine.centerOfMass[i]), v.centerOfMass[i], 1e-7 * size)
            << label << " center of mass " << i;
        EXPECT_NEAR(extrapolate(coarse.surfaceCentroid[i], fine.surfaceCentroid[i]), v.surfaceCentroid[i], 1e-7 * size)
            << label << " surface centroid " << i;
    }
}

TEST(Primitives, TessellationsThroughMeasureMesh) {
    const Vec3 unit{1, 1, 1};
    const double r = 0.8, h = 2.5, length = 1.7;
    expectTessellationConverges(
        massprops::cylinder(r, h),
        [&](int n) {
            return revolutionMesh({{0, -h / 2}, {r, -h / 2}, {r, h / 2}, {0, h / 2}}, n, unit);
        },
        "cylinder");
    expectTessellationConverges(
        massprops::cone(r, h),
        [&](int n) {
            return revolutionMesh({{0, -h / 2}, {r, -h / 2}, {0, h / 2}}, n, unit);
        },
        "cone");
    expectTessellationConverges(
        massprops::capsule(r, length),
        [&](int n) {
            std::vector<std::array<double, 2>> profile;
            appendArc(profile, r, -length / 2, true, n / 4);
            appendArc(profile, r, length / 2, false, n / 4);
            return revolutionMesh(profile, n, unit);
        },
        "capsule");
    expectTessellationConverges(
        massprops::sphere(r),
        [&](int n) {
            std::vector<std::array<double, 2>> profile;
            appendArc(profile, r, 0, true, n / 4);
            profile.pop_back();  // the equator is also the first point of the upper arc
            appendArc(profile, r, 0, false, n / 4);
            return revolutionMesh(profile, n, unit);
        },
        "sphere");
    expectTessellationConverges(
        massprops::ellipsoid(0.6, 1.1, 1.9),
        [&](int n) {
            std::vector<std::array<double, 2>> profile;
            appendArc(profile, 1, 0, true, n / 4);
            profile.pop_back();
            appendArc(profile, 1, 0, false, n / 4);
            return revolutionMesh(profile, n, {0.6, 1.1, 1.9});
        },
        "ellipsoid");
}

// --- mass options and validation --------------------------------------------------------------

TEST(Primitives, GivenMass) {
    const double radius = 2, height = 3, mass = 10;
    const Result r = massprops::cylinder(radius, height, byMass(mass));
    ASSERT_TRUE(r.ok()) << r.message;
    const double volume = kPi * radius * radius * height;
    EXPECT_EQ(r.value.mass, mass);
    expectNear(r.value.volume, volume, 1e-12, "volume");
    expectNear(r.value.density, mass / volume, 1e-12, "density");
    const double transverse = mass * (3 * radius * radius + height * height) / 12;
    expectDiagonal(r.value.inertia, transverse, mass * radius * radius / 2, transverse, "cylinder by mass");

    const Result c = massprops::cone(1, 2, byMass(3));
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c.value.mass, 3);
    expectNear(c.value.density, 3 / (kPi * 2 / 3), 1e-12, "cone density");
}

TEST(Primitives, GivenDensity) {
    const double radius = 1.5, density = 7.85;
    const Result r = massprops::sphere(radius, byDensity(density));
    ASSERT_TRUE(r.ok()) << r.message;
    const double mass = density * 4.0 / 3.0 * kPi * std::pow(radius, 3);
    EXPECT_EQ(r.value.density, density);
    expectNear(r.value.mass, mass, 1e-12, "mass");
    const double i = 0.4 * mass * radius * radius;
    expectDiagonal(r.value.inertia, i, i, i, "steel sphere");
    // The unit-density result scaled by the density, for every shape.
    const Result unit = massprops::capsule(1, 2);
    const Result heavy = massprops::capsule(1, 2, byDensity(density));
    ASSERT_TRUE(unit.ok() && heavy.ok());
    for (int k : {0, 4, 8}) expectNear(heavy.value.inertia[k], unit.value.inertia[k] * density, 1e-14, "capsule");
    EXPECT_EQ(heavy.value.surfaceArea, unit.value.surfaceArea);
}

TEST(Primitives, InvalidDimensions) {
    const double bad[] = {0.0, -1.0, std::nan(""), HUGE_VAL, -HUGE_VAL};
    const char* badText[] = {"0", "-1", "NaN", "Infinity", "-Infinity"};
    for (int k = 0; k < 5; ++k) {
        const double x = bad[k];
        struct Case {
            Result result;
            std::string name;
        };
        std::vector<Case> cases = {
            {massprops::box(x, 1, 1), "width"},    {massprops::box(1, x, 1), "height"},
            {massprops::box(1, 1, x), "depth"},    {massprops::sphere(x), "radius"},
            {massprops::ellipsoid(x, 1, 1), "rx"}, {massprops::ellipsoid(1, x, 1), "ry"},
            {massprops::ellipsoid(1, 1, x), "rz"}, {massprops::cylinder(x, 1), "radius"},
            {massprops::cylinder(1, x), "height"}, {massprops::capsule(x, 1), "radius"},
            {massprops::cone(x, 1), "radius"},     {massprops::cone(1, x), "height"},
        };
        // A capsule's length may be 0 (a sphere; see CapsuleOfLengthZeroIsTheSphere).
        if (x != 0) cases.push_back({massprops::capsule(1, x), "length"});
        for (const Case& c : cases) {
            EXPECT_EQ(c.result.status, Status::InvalidDimension) << c.name << " = " << badText[k];
            EXPECT_NE(c.result.message.find(c.name), std::string::npos) << c.result.message;
            EXPECT_NE(c.result.message.find(std::string("(got ") + badText[k] + ")"), std::string::npos)
                << c.result.message;
        }
    }
    // The value is printed so that it reads back exactly.
    EXPECT_NE(massprops::sphere(-0.1).message.find("-0.1"), std::string::npos);
}

TEST(Primitives, InvalidMassOptions) {
    for (double x : {0.0, -2.0, std::nan(""), HUGE_VAL}) {
        EXPECT_EQ(massprops::box(1, 1, 1, byDensity(x)).status, Status::InvalidDensity);
        EXPECT_EQ(massprops::sphere(1, byDensity(x)).status, Status::InvalidDensity);
        EXPECT_EQ(massprops::ellipsoid(1, 2, 3, byDensity(x)).status, Status::InvalidDensity);
        EXPECT_EQ(massprops::cylinder(1, 2, byMass(x)).status, Status::InvalidMass);
        EXPECT_EQ(massprops::capsule(1, 2, byMass(x)).status, Status::InvalidMass);
        EXPECT_EQ(massprops::cone(1, 2, byMass(x)).status, Status::InvalidMass);
    }
    EXPECT_NE(massprops::cone(1, 2, byMass(-2)).message.find("mass"), std::string::npos);
    // Dimensions are checked first.
    EXPECT_EQ(massprops::cone(-1, 2, byMass(-2)).status, Status::InvalidDimension);
}

TEST(Primitives, PrincipalFrameOfCone) {
    // A tall cone: the axial moment 3/10 m r^2 is the smallest, so the first axis is +-Y.
    const Result c = massprops::cone(1, 10);
    ASSERT_TRUE(c.ok());
    const double m = kPi * 10 / 3;
    expectNear(c.value.principalMoments[0], 0.3 * m, 1e-12, "axial");
    expectNear(c.value.principalMoments[1], 3.0 / 80 * m * (4 + 100), 1e-12, "transverse");
    expectNear(c.value.principalMoments[2], 3.0 / 80 * m * (4 + 100), 1e-12, "transverse");
    EXPECT_NEAR(std::abs(c.value.principalAxes[0][1]), 1, 1e-12);
}

}  // namespace
