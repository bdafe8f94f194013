// 2-D polygons against closed forms derived here without the edge sums of polygon.cpp: integrals
// over axis-aligned rectangles (int x^2 dx = x^3 / 3), the vertex formula of a triangle's
// covariance (int (x - g)(x - g)^T dA = A/12 sum (p_i - g)(p_i - g)^T), the regular n-gon as n
// triangles from its center, and the disc as its limit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "mass_properties/mass_properties.h"

namespace {

using massprops::Body2D;
using massprops::MassOptions;
using massprops::MassProperties2D;
using massprops::Part2D;
using massprops::PolygonView;
using massprops::Result2D;
using massprops::Ring;
using massprops::Status;

const double kPi = std::acos(-1.0);

using Points = std::vector<double>;

Ring ring(const Points& p) { return {p.data(), p.size()}; }

Result2D measure(const Points& outer, const std::vector<Points>& holes = {}, MassOptions options = {}) {
    PolygonView view;
    view.outer = ring(outer);
    for (const Points& h : holes) view.holes.push_back(ring(h));
    return massprops::measurePolygon(view, options);
}

Points reversed(const Points& p) {
    Points out;
    for (std::size_t i = p.size(); i >= 2; i -= 2) out.insert(out.end(), {p[i - 2], p[i - 1]});
    return out;
}

Points rectangle(double x0, double y0, double x1, double y1) { return {x0, y0, x1, y0, x1, y1, x0, y1}; }

// Area integrals of 1, x, y, x^2, y^2, xy: summed over rectangles (a hole with sign -1), then
// shifted to the centroid. The expected plate of density rho.
struct Moments {
    double a = 0, x = 0, y = 0, xx = 0, yy = 0, xy = 0;
    void addRectangle(double x0, double y0, double x1, double y1, double sign = 1) {
        const double w = x1 - x0, h = y1 - y0;
        a += sign * w * h;
        x += sign * h * (x1 * x1 - x0 * x0) / 2;
        y += sign * w * (y1 * y1 - y0 * y0) / 2;
        xx += sign * h * (x1 * x1 * x1 - x0 * x0 * x0) / 3;
        yy += sign * w * (y1 * y1 * y1 - y0 * y0 * y0) / 3;
        xy += sign * (x1 * x1 - x0 * x0) / 2 * (y1 * y1 - y0 * y0) / 2;
    }
    MassProperties2D plate(double rho) const {
        MassProperties2D v;
        v.area = a;
        v.mass = rho * a;
        const double cx = x / a, cy = y / a;
        v.centroid = {cx, cy};
        const double sxx = xx - a * cx * cx, syy = yy - a * cy * cy, sxy = xy - a * cx * cy;
        v.inertia = {rho * syy, -rho * sxy, -rho * sxy, rho * sxx};
        v.polarMoment = rho * (sxx + syy);
        return v;
    }
};

void expectNear(double got, double want, double scale, double tolerance, const char* what) {
    EXPECT_NEAR(got, want, tolerance * scale) << what;
}

void expectPlate(const Result2D& r, const MassProperties2D& want, double tolerance = 1e-13) {
    ASSERT_TRUE(r.ok()) << r.message;
    const MassProperties2D& v = r.value;
    const double size = std::sqrt(want.area);
    const double moment = want.polarMoment;
    expectNear(v.area, want.area, want.area, tolerance, "area");
    expectNear(v.mass, want.mass, want.mass, tolerance, "mass");
    expectNear(v.centroid[0], want.centroid[0], size + std::abs(want.centroid[0]), tolerance, "cx");
    expectNear(v.centroid[1], want.centroid[1], size + std::abs(want.centroid[1]), tolerance, "cy");
    for (int i = 0; i < 4; ++i) expectNear(v.inertia[i], want.inertia[i], moment, tolerance, "inertia");
    expectNear(v.polarMoment, want.polarMoment, moment, tolerance, "polar");
    expectNear(v.principalMoments[0] + v.principalMoments[1], want.polarMoment, moment, tolerance, "trace");
}

TEST(Polygon, RectangleMatchesClosedFormInBothWindings) {
    Moments m;
    m.addRectangle(1, 2, 4, 3);  // 3 wide, 1 high
    for (const Points& p : {rectangle(1, 2, 4, 3), reversed(rectangle(1, 2, 4, 3))}) {
        const Result2D r = measure(p, {}, {MassOptions::Given::Density, 2.5});
        expectPlate(r, m.plate(2.5));
        // I_xx = m h^2 / 12 about the long axis: the smaller moment, axis 1 along +x.
        EXPECT_NEAR(r.value.principalMoments[0], 7.5 * 1 / 12.0, 1e-14);
        EXPECT_NEAR(r.value.principalMoments[1], 7.5 * 9 / 12.0, 1e-14);
        EXPECT_EQ(r.value.principalAngle, 0.0);
        EXPECT_EQ(r.value.principalAxes[0][0], 1.0);
        EXPECT_EQ(r.value.principalAxes[1][1], 1.0);
        EXPECT_DOUBLE_EQ(r.value.density, 2.5);
    }
}

TEST(Polygon, GivenMassSetsTheDensity) {
    const Result2D r = measure(rectangle(0, 0, 2, 5), {}, {MassOptions::Given::Mass, 4});
    ASSERT_TRUE(r.ok());
    EXPECT_DOUBLE_EQ(r.value.mass, 4);
    EXPECT_DOUBLE_EQ(r.value.density, 0.4);
    EXPECT_NEAR(r.value.polarMoment, 4 * (4 + 25) / 12.0, 1e-14);
}

TEST(Polygon, TriangleMatchesTheVertexFormula) {
    const Points t{0.5, -1, 4, 0.25, 1.5, 3};
    const double gx = (0.5 + 4 + 1.5) / 3, gy = (-1 + 0.25 + 3) / 3;
    const double area = 0.5 * std::abs((4 - 0.5) * (3 + 1) - (1.5 - 0.5) * (0.25 + 1));
    double sxx = 0, syy = 0, sxy = 0;
    for (int i = 0; i < 3; ++i) {
        const double dx = t[2 * i] - gx, dy = t[2 * i + 1] - gy;
        sxx += area / 12 * dx * dx;
        syy += area / 12 * dy * dy;
        sxy += area / 12 * dx * dy;
    }
    MassProperties2D want;
    want.area = want.mass = area;
    want.centroid = {gx, gy};
    want.inertia = {syy, -sxy, -sxy, sxx};
    want.polarMoment = sxx + syy;
    expectPlate(measure(t), want);
    expectPlate(measure(reversed(t)), want);
}

TEST(Polygon, LShapeIsTheSumOfItsRectangles) {
    Moments m;
    m.addRectangle(0, 0, 3, 1);
    m.addRectangle(0, 1, 1, 3);
    const Points l{0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3};
    expectPlate(measure(l, {}, {MassOptions::Given::Density, 7}), m.plate(7));
    expectPlate(measure(reversed(l), {}, {MassOptions::Given::Density, 7}), m.plate(7));
    // Not symmetric about x or y: the product of inertia is not zero and the axes are turned.
    const Result2D r = measure(l);
    EXPECT_GT(std::abs(r.value.inertia[1]), 0.1);
    EXPECT_NE(r.value.principalAngle, 0.0);
}

TEST(Polygon, SquareWithSquareHoleWhateverTheWindings) {
    Moments m;
    m.addRectangle(-2, -2, 2, 2);
    m.addRectangle(-1, -1, 1, 1, -1);
    const MassProperties2D want = m.plate(1);
    EXPECT_DOUBLE_EQ(want.inertia[0], (256.0 - 16.0) / 12);  // (a^4 - b^4) / 12
    const Points outer = rectangle(-2, -2, 2, 2), hole = rectangle(-1, -1, 1, 1);
    for (const Points& o : {outer, reversed(outer)})
        for (const Points& h : {hole, reversed(hole)}) expectPlate(measure(o, {h}), want);
}

TEST(Polygon, OffCenterHolesMoveTheCentroid) {
    Moments m;
    m.addRectangle(0, 0, 4, 4);
    m.addRectangle(1, 1, 2, 3, -1);
    m.addRectangle(2.5, 0.5, 3.5, 1.5, -1);
    expectPlate(measure(rectangle(0, 0, 4, 4), {rectangle(1, 1, 2, 3), reversed(rectangle(2.5, 0.5, 3.5, 1.5))}),
                m.plate(1));
}

// The regular n-gon of circumradius R is n triangles (0, p_k, p_k+1) with |p| = R and angle
// a = 2 pi / n between them; each has int r^2 dA = A/6 (|p_k|^2 + |p_k+1|^2 + p_k . p_k+1).
TEST(Polygon, RegularPolygonsConvergeToTheDisc) {
    const double radius = 1.5;
    double previousError = INFINITY;
    for (int n : {6, 12, 24, 48, 96, 192, 384, 768, 1536}) {
        Points p;
        for (int k = 0; k < n; ++k)
            p.insert(p.end(), {radius * std::cos(2 * kPi * k / n), radius * std::sin(2 * kPi * k / n)});
        const Result2D r = measure(p);
        ASSERT_TRUE(r.ok());
        const double a = 2 * kPi / n;
        const double area = n * radius * radius * std::sin(a) / 2;
        const double polar = n * std::pow(radius, 4) * std::sin(a) * (2 + std::cos(a)) / 12;
        EXPECT_NEAR(r.value.area, area, 1e-13 * area);
        EXPECT_NEAR(r.value.polarMoment, polar, 1e-13 * polar);
        EXPECT_NEAR(r.value.centroid[0], 0, 1e-15);
        // Symmetry: equal moments, so canonical axes.
        EXPECT_NEAR(r.value.principalMoments[0], polar / 2, 1e-13 * polar);
        EXPECT_EQ(r.value.principalAngle, 0.0);
        const double disc = kPi * std::pow(radius, 4) / 2;
        const double error = std::abs(r.value.polarMoment - disc) / disc;
        EXPECT_LT(error, 2 * std::pow(2 * kPi / n, 2) / 3);  // 1 - sin(a)(2 + cos a)/(3a) ~ a^2 / 3
        EXPECT_LT(error, previousError / 3.4);               // second order
        previousError = error;
    }
}

TEST(Polygon, FarFromTheOriginIsAsExactAsAtIt) {
    for (double offset : {1e6, -3e7, 1e9}) {
        Moments m;
        m.addRectangle(0, 0, 3, 1);
        m.addRectangle(0, 1, 1, 3);
        MassProperties2D want = m.plate(1);
        want.centroid = {want.centroid[0] + offset, want.centroid[1] - offset};
        Points l{0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3};
        for (std::size_t i = 0; i < l.size(); i += 2) l[i] += offset, l[i + 1] -= offset;
        const Result2D r = measure(l);
        ASSERT_TRUE(r.ok());
        for (int i = 0; i < 4; ++i) EXPECT_NEAR(r.value.inertia[i], want.inertia[i], 1e-13 * want.polarMoment);
        EXPECT_NEAR(r.value.centroid[0], want.centroid[0], 1e-15 * std::abs(offset) + 1e-14);
        EXPECT_NEAR(r.value.area, want.area, 1e-14 * want.area);
    }
}

TEST(Polygon, TurnedRectangleHasItsAxesTurned) {
    const double w = 4, h = 1;
    for (double angle : {0.3, -1.2, 1.5}) {
        const double c = std::cos(angle), s = std::sin(angle);
        Points p;
        for (auto [x, y] : {std::pair{-w / 2, -h / 2}, {w / 2, -h / 2}, {w / 2, h / 2}, {-w / 2, h / 2}})
            p.insert(p.end(), {c * x - s * y + 5, s * x + c * y - 2});
        const Result2D r = measure(p);
        ASSERT_TRUE(r.ok());
        const double mass = w * h;
        EXPECT_NEAR(r.value.principalMoments[0], mass * h * h / 12, 1e-13);
        EXPECT_NEAR(r.value.principalMoments[1], mass * w * w / 12, 1e-13);
        EXPECT_NEAR(r.value.principalAngle, angle, 1e-13);
        EXPECT_NEAR(r.value.principalAxes[0][0], c, 1e-13);
        EXPECT_NEAR(r.value.principalAxes[1][0], -s, 1e-13);
    }
}

TEST(Polygon, RepeatedClosingPointAndKeyholesAreMeasured) {
    // The first point repeated at the end (as many exporters write rings) adds a zero edge.
    Points closed = rectangle(0, 0, 2, 1);
    closed.insert(closed.end(), {0, 0});
    Moments m;
    m.addRectangle(0, 0, 2, 1);
    expectPlate(measure(closed), m.plate(1));
    // A hole bridged to the outline (one ring touching itself along the bridge): what
    // triangulators and some editors produce. The bridge edges cancel.
    const Points keyhole{0, 0, 4, 0, 4, 4, 2, 4, 2, 3, 3, 3, 3, 1, 1, 1, 1, 3, 2, 3, 2, 4, 0, 4};
    Moments k;
    k.addRectangle(0, 0, 4, 4);
    k.addRectangle(1, 1, 3, 3, -1);
    expectPlate(measure(keyhole), k.plate(1));
    // A hole touching the outline along an edge.
    Moments t;
    t.addRectangle(0, 0, 4, 4);
    t.addRectangle(0, 1, 1, 2, -1);
    expectPlate(measure(rectangle(0, 0, 4, 4), {rectangle(0, 1, 1, 2)}), t.plate(1));
}

TEST(Polygon, MalformedRingsAreRefusedByName) {
    const double nan = std::nan("");
    EXPECT_EQ(measure({0, 0, 1, 0, 1}).status, Status::InvalidLength);
    EXPECT_EQ(measure({0, 0, 1, 0}).status, Status::InvalidLength);
    EXPECT_EQ(measure({}).status, Status::InvalidLength);
    const Result2D n = measure({0, 0, 1, 0, nan, 1});
    EXPECT_EQ(n.status, Status::NonFinitePosition);
    EXPECT_NE(n.message.find("points[4]"), std::string::npos) << n.message;
    EXPECT_EQ(measure(rectangle(0, 0, 1, 1), {{0.2, 0.2, INFINITY, 0.2, 0.3, 0.3}}).status, Status::NonFinitePosition);
    EXPECT_EQ(measure(rectangle(0, 0, 1, 1), {{0.2, 0.2}}).status, Status::InvalidLength);
    EXPECT_EQ(measure({0, 0, 1, 1, 2, 2, 3, 3}).status, Status::ZeroVolume);
    EXPECT_EQ(measure(rectangle(0, 0, 1, 1), {}, {MassOptions::Given::Density, 0}).status, Status::InvalidDensity);
    EXPECT_EQ(measure(rectangle(0, 0, 1, 1), {}, {MassOptions::Given::Density, -1}).status, Status::InvalidDensity);
    EXPECT_EQ(measure(rectangle(0, 0, 1, 1), {}, {MassOptions::Given::Mass, nan}).status, Status::InvalidMass);
}

TEST(Polygon, OverlappingRingsAreRefused) {
    // A bow tie crosses itself.
    const Result2D bowTie = measure({0, 0, 2, 1, 2, 0, 0, 2});
    EXPECT_EQ(bowTie.status, Status::InvalidBody);
    EXPECT_NE(bowTie.message.find("not simple"), std::string::npos) << bowTie.message;
    // A hole outside, one across the outline, two holes overlapping, one hole inside another.
    const Points square = rectangle(0, 0, 4, 4);
    EXPECT_EQ(measure(square, {rectangle(5, 5, 6, 6)}).status, Status::InvalidBody);
    EXPECT_EQ(measure(square, {rectangle(3, 1, 5, 2)}).status, Status::InvalidBody);
    EXPECT_EQ(measure(square, {rectangle(1, 1, 2, 2), rectangle(1.5, 1.5, 3, 3)}).status, Status::InvalidBody);
    EXPECT_EQ(measure(square, {rectangle(1, 1, 3, 3), rectangle(1.5, 1.5, 2, 2)}).status, Status::InvalidBody);
    // Outside the outline of an L but inside its bounding box.
    const Points l{0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3};
    EXPECT_EQ(measure(l, {rectangle(2, 2, 2.5, 2.5)}).status, Status::InvalidBody);
    // Rings whose boundaries only touch and overlap: the same hole twice; a hole filling the
    // notch of an L (every corner on the outline, the centroid outside).
    const Result2D twice = measure(square, {rectangle(1, 1, 2, 2), reversed(rectangle(1, 1, 2, 2))});
    EXPECT_EQ(twice.status, Status::InvalidBody) << twice.message;
    const Result2D notch = measure(l, {rectangle(1, 1, 3, 3)});
    EXPECT_EQ(notch.status, Status::InvalidBody) << notch.message;
    // Holes that fill the outline leave nothing.
    EXPECT_EQ(measure(square, {square}).status, Status::ZeroVolume);
}

TEST(Polygon, ManyHolesAreTheRectangleIntegrals) {
    // A 10 x 10 plate with a 20 x 20 grid of square holes, every other one wound the other way.
    Moments m;
    m.addRectangle(0, 0, 10, 10);
    std::vector<Points> holes;
    for (int i = 0; i < 20; ++i) {
        for (int j = 0; j < 20; ++j) {
            const double x = 0.5 * i + 0.125, y = 0.5 * j + 0.125;
            m.addRectangle(x, y, x + 0.25, y + 0.125, -1);
            const Points hole = rectangle(x, y, x + 0.25, y + 0.125);
            holes.push_back((i + j) % 2 ? reversed(hole) : hole);
        }
    }
    expectPlate(measure(rectangle(0, 0, 10, 10), holes), m.plate(1));
    // Shift one hole along x into its neighbour: their top and bottom edges overlap on common
    // lines, so no edges cross and no corner is strictly inside the other; an edge's middle is.
    for (std::size_t k = 0; k < holes[7].size(); k += 2) holes[7][k] += 0.375;
    EXPECT_EQ(measure(rectangle(0, 0, 10, 10), holes).status, Status::InvalidBody);
}

TEST(Polygon, SizesBeyondDoublePrecisionAreRefused) {
    // Second moments grow as size^4: a 1e160 square's overflow, a 1e-160 square's underflow.
    for (double size : {1e160, 1e-160}) {
        const Result2D r = measure(rectangle(0, 0, size, size));
        EXPECT_EQ(r.status, Status::InvalidDimension) << size << ": " << r.message;
    }
    const Result2D fine = measure(rectangle(0, 0, 1e70, 1e70));
    ASSERT_TRUE(fine.ok()) << fine.message;
    EXPECT_NEAR(fine.value.polarMoment, 2 * 1e280 / 12, 1e-13 * 1e280);
}

Body2D toBody(const MassProperties2D& v) {
    Body2D b;
    b.mass = v.mass;
    b.area = v.area;
    b.centroid = v.centroid;
    b.inertia = v.inertia;
    return b;
}

TEST(Polygon, TransformMovesTheCentroidAndTurnsTheTensor) {
    const Result2D plate = measure(rectangle(0, 0, 4, 1), {}, {MassOptions::Given::Density, 3});
    ASSERT_TRUE(plate.ok());
    // A quarter turn about the origin, then a shift: the rectangle [-1, 0] x [0, 4] + (10, 20).
    const Result2D moved = massprops::transform2D(toBody(plate.value), {{10, 20}, kPi / 2});
    Moments m;
    m.addRectangle(9, 20, 10, 24);
    expectPlate(moved, m.plate(3));
    EXPECT_EQ(massprops::transform2D(toBody(plate.value), {{NAN, 0}, 0}).status, Status::InvalidTransform);
}

TEST(Polygon, CombineOfRectanglesIsTheLShapeAndSubtractingIsAHole) {
    const Result2D a = measure(rectangle(0, 0, 3, 1), {}, {MassOptions::Given::Density, 2});
    const Result2D b = measure(rectangle(0, 1, 1, 3), {}, {MassOptions::Given::Density, 2});
    const Result2D whole = measure({0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3}, {}, {MassOptions::Given::Density, 2});
    expectPlate(massprops::combine2D({{toBody(a.value), false}, {toBody(b.value), false}}), whole.value);

    const Result2D outer = measure(rectangle(-2, -2, 2, 2));
    const Result2D inner = measure(rectangle(-1, -1, 1, 1));
    const Result2D ring = measure(rectangle(-2, -2, 2, 2), {rectangle(-1, -1, 1, 1)});
    expectPlate(massprops::combine2D({{toBody(outer.value), false}, {toBody(inner.value), true}}), ring.value);
    Body2D negative = toBody(inner.value);
    negative.mass = -negative.mass;
    expectPlate(massprops::combine2D({{toBody(outer.value), false}, {negative, false}}), ring.value);
    EXPECT_EQ(massprops::combine2D({{toBody(inner.value), false}, {toBody(outer.value), true}}).status,
              Status::InvalidBody);
    EXPECT_EQ(massprops::combine2D({}).status, Status::InvalidArgument);
}

}  // namespace
