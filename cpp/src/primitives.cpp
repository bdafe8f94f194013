// Analytic solids in the frames of the three.js geometries of the same name. Every formula is
// derived at unit density by integrating over the solid (or surface); the derivations are noted
// beside each shape and checked numerically in tests/cpp/primitives_test.cpp.
#include <algorithm>
#include <cmath>
#include <vector>

#include "elliptic.h"
#include "result.h"
#include "status.h"

namespace massprops {

using detail::Failure;
using detail::formatNumber;

namespace {

const double kPi = 3.14159265358979323846;

Mat3 diagonal(double xx, double yy, double zz) { return {xx, 0, 0, 0, yy, 0, 0, 0, zz}; }

struct Dimension {
    const char* name;
    double value;
    bool zeroAllowed = false;  // a size of 0 that still leaves a solid (a capsule's length)
};

// Validates dimensions (in order) and then the mass options. Returns false and fills `out` on failure.
template <std::size_t N>
bool validate(const char* shape, const Dimension (&dims)[N], const MassOptions& options, Result& out) {
    for (const Dimension& d : dims) {
        if (std::isfinite(d.value) && (d.value > 0 || (d.zeroAllowed && d.value == 0))) continue;
        out = Failure{Status::InvalidDimension, std::string(shape) + " " + d.name + " must be a finite number " +
                                                    (d.zeroAllowed ? ">= 0" : "> 0") + " (got " +
                                                    formatNumber(d.value) + ")"};
        return false;
    }
    std::string message;
    const Status status = detail::checkMassOptions(options, message);
    if (status != Status::Ok) {
        out = Failure{status, message};
        return false;
    }
    return true;
}

// Analytic shapes have no mesh, hence no diagnostics; sizes out of double's range are theirs.
// `inertia` is per unit mass (the formulas below without their volume factor).
Result shapeResult(double volume, const Vec3& centerOfMass, const Mat3& unitInertia, double area,
                   const Vec3& areaCentroid, const MassOptions& options) {
    return detail::solidResult({volume, centerOfMass, unitInertia, area, areaCentroid, true}, options, nullptr,
                               Status::InvalidDimension);
}

// A piece of a solid of revolution about Y, as combining pieces needs it: its volume, the
// height of its centroid, the variance of y about that centroid and the mean of x^2 + z^2 (all
// per unit volume), and its share of the outer surface with that surface's centroid height.
struct Slab {
    double volume, centroid, variance, axial, area, areaCentroid;
};

// Frustum of height H centred at yMid, radius A at the bottom and B at the top. With t in [0, 1]
// up the frustum, r = A + (B - A) t and the slices give (S = A^2 + AB + B^2):
//   V = pi H S / 3;  integral r^2 t dt = (A^2 + 2AB + 3B^2) / 12, so y = yMid + H (B^2 - A^2) / (4S);
//   variance = H^2 (integral r^2 t^2 / integral r^2 - mean^2), which after expanding and
//     dividing out is 3 H^2 (A^4 + 4A^3B + 10A^2B^2 + 4AB^3 + B^4) / (80 S^2): every term positive;
//   mean of x^2 + z^2 = (integral r^4 / 2) / (integral r^2) = 3 (A^4 + A^3B + A^2B^2 + AB^3 + B^4) / (10 S).
// The lateral band at t has area proportional to r, so its centroid is at t = (A + 2B) / (3 (A + B)).
// Radii enter as ratios to the larger so that no fourth power leaves double's range early.
Slab frustumSlab(double a, double b, double h, double yMid, bool withEnds) {
    const double m = std::max(a, b), x = a / m, y = b / m;
    const double s = x * x + x * y + y * y;
    const double p4 = x * x * x * x + 4 * x * x * x * y + 10 * x * x * y * y + 4 * x * y * y * y + y * y * y * y;
    const double q4 = x * x * x * x + x * x * x * y + x * x * y * y + x * y * y * y + y * y * y * y;
    const double lateral = kPi * (a + b) * std::hypot(h, a - b);
    const double lateralY = yMid + h * (y - x) / (6 * (x + y));
    double area = lateral, moment = lateral * lateralY;
    if (withEnds) {
        area += kPi * (a * a + b * b);
        moment += kPi * (b * b - a * a) * h / 2 + kPi * (a * a + b * b) * yMid;
    }
    return {kPi * h * (m * m * s) / 3,
            yMid + h * (y - x) * (y + x) / (4 * s),
            3 * h * h * p4 / (80 * s * s),
            3 * m * m * q4 / (10 * s),
            area,
            moment / area};
}

// The part of a ball of radius R (centre c) from one pole to the plane at distance R s from the
// centre towards the other pole, given as p = 1 + s and q = 1 - s so that a thin cap (p near 0)
// keeps its digits; `up` when the pole is the +Y one. With u along the axis from the centre
// (away from the pole) and r^2 = R^2 - u^2 integrated over u in [-R, R s]:
//   V = pi R^3 (2 + 3s - s^3) / 3 = pi R^3 p^2 (1 + q) / 3;
//   integral u dV = -pi (R^2 - (Rs)^2)^2 / 4, so the centroid is 3 R q^2 / (4 (1 + q)) towards the pole;
//   integral u^2 dV = pi R^5 (2 + 5s^3 - 3s^5) / 15, and less V times the squared centroid the
//     variance factors as R^2 p^2 (3q^2 + 12q + 4) / (80 (1 + q)^2);
//   integral (x^2 + z^2) dV = pi/2 integral r^4 du, per volume R^2 p (3q^2 + 3q + 2) / (10 (1 + q)).
// A whole ball (p = 2, q = 0) gives 4/3 pi R^3, R^2/5 and 2/5 R^2. The curved zone has area
// 2 pi R^2 p, uniform along the axis, so its centroid is R q / 2 from the centre towards the pole.
Slab segmentSlab(double radius, double p, double q, double c, bool up) {
    const double toward = up ? 1 : -1, r2 = radius * radius;
    return {kPi * radius * r2 * p * p * (1 + q) / 3,
            c + toward * 0.75 * radius * q * q / (1 + q),
            r2 * p * p * (3 * q * q + 12 * q + 4) / (80 * (1 + q) * (1 + q)),
            r2 * p * (3 * q * q + 3 * q + 2) / (10 * (1 + q)),
            2 * kPi * r2 * p,
            c + toward * radius * q / 2};
}

// Slabs stacked on the Y axis as one body: moments moved to the common centroid by the parallel
// axis theorem, so every term is positive (no cancellation however the slabs are placed).
Result revolutionResult(const std::vector<Slab>& slabs, const MassOptions& options) {
    double volume = 0, first = 0, area = 0, areaFirst = 0;
    for (const Slab& s : slabs) {
        volume += s.volume;
        first += s.volume * s.centroid;
        area += s.area;
        areaFirst += s.area * s.areaCentroid;
    }
    const double y = first / volume;
    double variance = 0, axial = 0;
    for (const Slab& s : slabs) {
        if (s.volume == 0) continue;  // a cap of radius 0: nothing, and its ratios may be 0/0
        const double w = s.volume / volume, d = s.centroid - y;
        variance += w * (s.variance + d * d);
        axial += w * s.axial;
    }
    const double transverse = axial / 2 + variance;
    return shapeResult(volume, {0, y, 0}, diagonal(transverse, axial, transverse), area, {0, areaFirst / area, 0},
                       options);
}

// Radii of a tapered shape: finite and >= 0, not both 0; the height finite and > 0.
bool validateTapered(const char* shape, double bottom, double top, double height, const MassOptions& options,
                     Result& out) {
    if (!validate(shape, {{"radiusBottom", bottom, true}, {"radiusTop", top, true}, {"height", height}}, options, out))
        return false;
    if (bottom > 0 || top > 0) return true;
    out = Failure{Status::InvalidDimension, std::string(shape) + " radiusBottom and radiusTop must not both be 0"};
    return false;
}

}  // namespace

// Box w x h x d centered at the origin. V = whd; integral of x^2 over [-w/2, w/2] is w^3/12, so
// I_xx = V (h^2 + d^2) / 12 and cyclically. Area 2 (wh + hd + dw); by symmetry centroids at 0.
Result box(double width, double height, double depth, const MassOptions& options) {
    Result error;
    if (!validate("box", {{"width", width}, {"height", height}, {"depth", depth}}, options, error)) return error;
    const double w2 = width * width, h2 = height * height, d2 = depth * depth;
    const double volume = width * height * depth;
    const Mat3 inertia = diagonal((h2 + d2) / 12, (w2 + d2) / 12, (w2 + h2) / 12);
    const double area = 2 * (width * height + height * depth + depth * width);
    return shapeResult(volume, {0, 0, 0}, inertia, area, {0, 0, 0}, options);
}

// Sphere of radius r. V = 4/3 pi r^3; integral of (x^2+y^2+z^2) is 4 pi r^5 / 5 and each axis gets
// 2/3 of it, so I = 8/15 pi r^5 = 2/5 V r^2. Area 4 pi r^2.
Result sphere(double radius, const MassOptions& options) {
    Result error;
    if (!validate("sphere", {{"radius", radius}}, options, error)) return error;
    const double r2 = radius * radius;
    const double volume = 4 * kPi * r2 * radius / 3;
    const double moment = 0.4 * r2;
    return shapeResult(volume, {0, 0, 0}, diagonal(moment, moment, moment), 4 * kPi * r2, {0, 0, 0}, options);
}

// Ellipsoid with semi-axes a, b, c: the unit ball stretched by diag(a, b, c). V = 4/3 pi abc and
// the integral of x^2 is a^2 V / 5 (the ball's r^2/5 stretched), so I_xx = V (b^2 + c^2) / 5.
// Area: Carlson's R_G (elliptic.cpp); by symmetry both centroids are at the origin.
Result ellipsoid(double rx, double ry, double rz, const MassOptions& options) {
    Result error;
    if (!validate("ellipsoid", {{"rx", rx}, {"ry", ry}, {"rz", rz}}, options, error)) return error;
    const double x2 = rx * rx, y2 = ry * ry, z2 = rz * rz;
    // The largest size times the smallest first: no partial product leaves double's normal range
    // unless the volume itself does (4 pi rx ry rz with rx = 2e-308 went subnormal on the way).
    double s[3] = {rx, ry, rz};
    std::sort(s, s + 3);
    const double volume = 4 * kPi / 3 * (s[2] * s[0] * s[1]);
    const Mat3 inertia = diagonal((y2 + z2) / 5, (x2 + z2) / 5, (x2 + y2) / 5);
    const double area = detail::ellipsoidSurfaceArea(rx, ry, rz);
    return shapeResult(volume, {0, 0, 0}, inertia, area, {0, 0, 0}, options);
}

// Cylinder of radius r and height h along Y, centered. V = pi r^2 h. About the axis the disk
// slices give integral (x^2+z^2) = V r^2 / 2; transverse, integral x^2 = V r^2 / 4 (half the polar
// moment) plus integral y^2 = V h^2 / 12, so I_xx = I_zz = V (3 r^2 + h^2) / 12.
// Area: side 2 pi r h plus two end disks 2 pi r^2; centroids at the origin by symmetry.
Result cylinder(double radius, double height, const MassOptions& options) {
    Result error;
    if (!validate("cylinder", {{"radius", radius}, {"height", height}}, options, error)) return error;
    const double r2 = radius * radius;
    const double volume = kPi * r2 * height;
    const double transverse = (3 * r2 + height * height) / 12;
    const Mat3 inertia = diagonal(transverse, r2 / 2, transverse);
    const double area = 2 * kPi * radius * (height + radius);
    return shapeResult(volume, {0, 0, 0}, inertia, area, {0, 0, 0}, options);
}

// Capsule: a cylinder of radius r and length L along Y with hemispheres on both ends, centered.
// Volume: Vc = pi r^2 L plus the two hemispheres, one sphere Vs = 4/3 pi r^3.
// Axial: the hemispheres together are a sphere about this axis: I_yy = Vc r^2 / 2 + 2/5 Vs r^2.
// Transverse: a hemisphere of mass m = Vs/2 about a transverse axis through its flat-face center
// has half the sphere's moment, 2/5 m r^2 (the sphere is two mirror halves). Its centroid is 3r/8
// from that face (integral of y over the half ball: pi r^4 / 4, over 2/3 pi r^3). Moving the axis
// from the face (at L/2) to the origin via the centroid (parallel axis twice):
//   I = 2/5 m r^2 - m (3r/8)^2 + m (L/2 + 3r/8)^2 = m (2/5 r^2 + L^2/4 + 3 r L / 8),
// (consistent with 83/320 m r^2 about the hemisphere's own centroid: 2/5 - 9/64 = 83/320).
// Both hemispheres: I_xx = I_zz = Vc (3 r^2 + L^2) / 12 + Vs (2/5 r^2 + L^2/4 + 3 r L / 8).
// All terms are positive, so no cancellation for any ratio of r to L; L = 0 is the sphere.
// Area: side 2 pi r L plus one sphere 4 pi r^2; centroids at the origin by symmetry.
Result capsule(double radius, double length, const MassOptions& options) {
    Result error;
    if (!validate("capsule", {{"radius", radius}, {"length", length, true}}, options, error)) return error;
    const double r2 = radius * radius, l2 = length * length;
    // r (r L) rather than r^2 L: a thin capsule's r^2 may leave double's normal range first.
    const double cylinderVolume = kPi * radius * (radius * length);
    const double sphereVolume = 4 * kPi * radius * (radius * radius) / 3;
    const double volume = cylinderVolume + sphereVolume;
    // Per unit mass: each part's share of the volume times its own moment per unit mass.
    const double fc = length / (length + 4 * radius / 3), fs = 1 - fc;
    const double axial = fc * r2 / 2 + fs * 0.4 * r2;
    const double transverse = fc * (3 * r2 + l2) / 12 + fs * (0.4 * r2 + l2 / 4 + 3 * radius * length / 8);
    const Mat3 inertia = diagonal(transverse, axial, transverse);
    const double area = 2 * kPi * radius * (length + 2 * radius);
    return shapeResult(volume, {0, 0, 0}, inertia, area, {0, 0, 0}, options);
}

// Cone of base radius r and height h along Y: apex at +h/2, base disk at y = -h/2.
// With s the distance from the apex, the slice radius is r s / h and its area pi r^2 s^2 / h^2:
//   V = pi r^2 h / 3;  integral s dV = pi r^2 h^2 / 4, so the centroid is 3h/4 from the apex,
//   i.e. h/4 above the base: y = -h/4.
// Axial: each slice contributes (its area) r_s^2 / 2, integral of pi r^4 s^4 / (2 h^4) = pi r^4 h / 10,
//   so I_yy = 3/10 V r^2.
// Transverse about the apex: slices give V (3/20 r^2) from x^2 (half of the polar 3/10) and
//   integral s^2 dV = 3/5 V h^2; moving to the centroid subtracts V (3h/4)^2 = 9/16 V h^2:
//   I_xx = I_zz = V (3/20 r^2 + 3/80 h^2) = 3/80 V (4 r^2 + h^2)   (no cancellation left).
// Area: lateral surface pi r l with slant l = hypot(r, h) plus the base pi r^2. The lateral band
// at s has area proportional to s, so its centroid is 2h/3 from the apex = h/3 above the base
// (y = -h/6); the base centroid is at y = -h/2. Area-weighted:
//   y_S = -(h/6) (l + 3 r) / (l + r).
Result cone(double radius, double height, const MassOptions& options) {
    Result error;
    if (!validate("cone", {{"radius", radius}, {"height", height}}, options, error)) return error;
    const double r2 = radius * radius, h2 = height * height;
    const double volume = kPi * r2 * height / 3;
    const double axial = 0.3 * r2;
    const double transverse = 3 * (4 * r2 + h2) / 80;
    const Mat3 inertia = diagonal(transverse, axial, transverse);
    const double slant = std::hypot(radius, height);
    const double area = kPi * radius * (slant + radius);
    const double areaCentroidY = -(height / 6) * (slant + 3 * radius) / (slant + radius);
    return shapeResult(volume, {0, -height / 4, 0}, inertia, area, {0, areaCentroidY, 0}, options);
}

// Frustum (KHR_implicit_shapes' cylinder): radiusBottom at y = -height/2, radiusTop at +height/2,
// one of them possibly 0 (a cone either way up); the end disks are part of the surface.
Result frustum(double radiusBottom, double radiusTop, double height, const MassOptions& options) {
    Result error;
    if (!validateTapered("frustum", radiusBottom, radiusTop, height, options, error)) return error;
    return revolutionResult({frustumSlab(radiusBottom, radiusTop, height, 0, true)}, options);
}

// Tapered capsule (KHR_implicit_shapes' capsule): the convex hull of a ball of radius a centred at
// y = -h/2 and one of radius b at +h/2. The cone tangent to both touches them where the outward
// normal (cos t, sin t) in the (radius, y) plane satisfies sin t = (a - b) / h: at heights
// -h/2 + a sin t and h/2 + b sin t, with radii a cos t and b cos t. So the hull is the bottom
// ball's part below its tangent circle, that frustum (height h cos^2 t), and the top ball's part
// above its circle. When h <= |a - b| one ball holds the other and the hull is the larger ball.
Result taperedCapsule(double radiusBottom, double radiusTop, double height, const MassOptions& options) {
    Result error;
    if (!validateTapered("taperedCapsule", radiusBottom, radiusTop, height, options, error)) return error;
    const double a = radiusBottom, b = radiusTop, h = height;
    if (h <= std::abs(a - b)) {
        const bool bottom = a > b;
        return revolutionResult({segmentSlab(bottom ? a : b, 2, 0, bottom ? -h / 2 : h / 2, !bottom)}, options);
    }
    // 1 + sin t and 1 - sin t from the sizes directly, so a thin cap keeps its digits.
    const double p = (h + a - b) / h, q = (h - a + b) / h, cosine = std::sqrt(p * q);
    const double sine = (a - b) / h;
    return revolutionResult({segmentSlab(a, p, q, -h / 2, false),
                             frustumSlab(a * cosine, b * cosine, h * p * q, (a + b) * sine / 2, false),
                             segmentSlab(b, q, p, h / 2, true)},
                            options);
}

}  // namespace massprops
