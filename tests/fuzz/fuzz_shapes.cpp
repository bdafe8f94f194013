// libFuzzer target: the six analytic shapes with raw-double sizes and mass options. The status
// must follow from the arguments (a bad size, then bad options, then only a body out of double
// range may fail), and an ok result must match the closed forms derived independently below.
#include <vector>

#include "fuzz_common.h"

namespace {

using namespace fuzz;

const double kPi = 3.14159265358979323846;

struct Shape {
    const char* name;
    int sizes;
    Result (*call)(const double*, const MassOptions&);
};

const Shape kShapes[] = {
    {"box", 3, [](const double* s, const MassOptions& o) { return box(s[0], s[1], s[2], o); }},
    {"sphere", 1, [](const double* s, const MassOptions& o) { return sphere(s[0], o); }},
    {"ellipsoid", 3, [](const double* s, const MassOptions& o) { return ellipsoid(s[0], s[1], s[2], o); }},
    {"cylinder", 2, [](const double* s, const MassOptions& o) { return cylinder(s[0], s[1], o); }},
    {"capsule", 2, [](const double* s, const MassOptions& o) { return capsule(s[0], s[1], o); }},
    {"cone", 2, [](const double* s, const MassOptions& o) { return cone(s[0], s[1], o); }},
};

// Volume, unit-density principal moments (any order), area (NaN: not computed here) and the
// centroids' y (every shape is symmetric about the Y axis and in x and z).
struct Expected {
    double volume, moments[3], area, centerY, areaCenterY;
    double areaScale = area;  // within a factor 2 of the area, for the range check
};

// The closed forms, derived again here in a different arrangement from the core's.
Expected expected(int shape, const double* s) {
    const double nan = std::nan("");
    switch (shape) {
        case 0: {
            const double v = s[0] * s[1] * s[2];
            return {v,
                    {v / 12 * (s[1] * s[1] + s[2] * s[2]), v / 12 * (s[0] * s[0] + s[2] * s[2]),
                     v / 12 * (s[0] * s[0] + s[1] * s[1])},
                    2 * s[0] * s[1] + 2 * s[1] * s[2] + 2 * s[2] * s[0],
                    0,
                    0};
        }
        case 1: {
            // I = integral over the ball of (2/3) r^2 dV = (8/15) pi r^5.
            const double r = s[0], m = 8 * kPi / 15 * r * r * r * r * r;
            return {4 * kPi / 3 * r * r * r, {m, m, m}, 4 * kPi * r * r, 0, 0};
        }
        case 2: {
            // In long double, whose exponent range keeps the partial products of sizes like
            // (2e-308, 1e-11, 1e152) normal: in double the reference itself went subnormal.
            const double v = static_cast<double>(4 * static_cast<long double>(kPi) / 3 * s[0] * s[1] * s[2]);
            const double x2 = s[0] * s[0], y2 = s[1] * s[1], z2 = s[2] * s[2];
            // The area lies between 2 pi a b and 4 pi a b, a and b the two largest radii.
            double r[3] = {s[0], s[1], s[2]};
            std::sort(r, r + 3);
            return {v, {v * (y2 + z2) / 5, v * (x2 + z2) / 5, v * (x2 + y2) / 5}, nan, 0, 0, 2 * kPi * r[2] * r[1]};
        }
        case 3: {
            const double r = s[0], h = s[1], v = kPi * r * r * h;
            return {v,
                    {v * r * r / 4 + v * h * h / 12, v * r * r / 2, v * r * r / 4 + v * h * h / 12},
                    2 * kPi * r * r + 2 * kPi * r * h,
                    0,
                    0};
        }
        case 4: {
            // Cylinder plus two hemispheres of mass m, each with 83/320 m r^2 about its own
            // centroid (3r/8 from its flat face), shifted by L/2 + 3r/8.
            const double r = s[0], L = s[1], vc = kPi * r * r * L, m = 2 * kPi / 3 * r * r * r;
            const double shift = L / 2 + 3 * r / 8;
            const double transverse =
                vc * r * r / 4 + vc * L * L / 12 + 2 * (83.0 / 320 * m * r * r + m * shift * shift);
            const double axial = vc * r * r / 2 + 2 * (0.4 * m * r * r);
            return {vc + 2 * m, {transverse, axial, transverse}, 2 * kPi * r * L + 4 * kPi * r * r, 0, 0};
        }
        default: {
            const double r = s[0], h = s[1], v = kPi * r * r * h / 3;
            const double slant = std::sqrt(r * r + h * h);
            const double lateral = kPi * r * slant, base = kPi * r * r;
            const double transverse = 3.0 / 20 * v * r * r + 3.0 / 80 * v * h * h;
            return {v,
                    {transverse, 0.3 * v * r * r, transverse},
                    lateral + base,
                    -h / 4,
                    (lateral * (-h / 6) + base * (-h / 2)) / (lateral + base)};
        }
    }
}

bool close(double got, double want, double scale, double tol) { return std::abs(got - want) <= tol * scale; }

// Outside, or at the edge of, the range of normal doubles: the core may refuse such a body.
bool nearRangeLimit(double x) { return !(std::abs(x) >= 16 * DBL_MIN && std::abs(x) <= DBL_MAX / 16); }

void checkShape(int shape, const double* s, const MassOptions& options, const Result& r) {
    const Shape& sh = kShapes[shape];
    std::string name = std::string(sh.name) + "(";
    for (int i = 0; i < sh.sizes; ++i) name += num(s[i]) + (i + 1 < sh.sizes ? ", " : "");
    name += std::string(", {") + (options.given == MassOptions::Given::Mass ? "mass " : "density ") +
            num(options.value) + "})";
    trace(name.c_str(), r);
    checkStatus(r, {Status::InvalidDimension, Status::InvalidDensity, Status::InvalidMass}, sh.name);
    bool sizesValid = true;
    for (int i = 0; i < sh.sizes; ++i) {
        const bool zeroAllowed = shape == 4 && i == 1;  // a capsule's length
        sizesValid = sizesValid && isFinite(s[i]) && (s[i] > 0 || (zeroAllowed && s[i] == 0));
    }
    const bool byMass = options.given == MassOptions::Given::Mass;
    const bool optionsValid = isFinite(options.value) && options.value > 0;
    if (!sizesValid) {
        FUZZ_REQUIRE(r.status == Status::InvalidDimension, name + ": bad size gave " + statusCode(r.status));
        return;
    }
    if (!optionsValid) {
        FUZZ_REQUIRE(r.status == (byMass ? Status::InvalidMass : Status::InvalidDensity),
                     name + ": bad options gave " + statusCode(r.status));
        return;
    }
    const Expected e = expected(shape, s);
    const double density = byMass ? options.value / e.volume : options.value;
    const double mass = byMass ? options.value : options.value * e.volume;
    double largest = 0;
    for (double m : e.moments) largest = std::max(largest, density * m);
    if (!r.ok()) {
        // Only a body beyond double precision may be refused, or one whose sizes squared are (the
        // core works with moments per unit mass, r^2 and L^2: documented as its range).
        bool squareOutOfRange = false;
        for (int i = 0; i < sh.sizes; ++i)
            squareOutOfRange = squareOutOfRange || (s[i] != 0 && nearRangeLimit(s[i] * s[i]));
        FUZZ_REQUIRE(squareOutOfRange || nearRangeLimit(e.volume) || nearRangeLimit(mass) || nearRangeLimit(density) ||
                         nearRangeLimit(largest) || nearRangeLimit(e.areaScale) ||
                         nearRangeLimit(density * e.moments[0]) || nearRangeLimit(density * e.moments[1]) ||
                         nearRangeLimit(density * e.moments[2]),
                     name + ": refused a body in range: " + r.message);
        return;
    }
    const MassProperties& v = r.value;
    checkResult(v, sh.name);
    FUZZ_REQUIRE(!v.hasDiagnostics, name + ": diagnostics");
    // An area beyond double's range (a body whose volume and moments are in range can have one:
    // a disk 1e154 wide) is reported as not known (NaN), as the core documents.
    const bool areaOutOfRange = nearRangeLimit(e.areaScale) && std::isnan(v.surfaceArea);
    FUZZ_REQUIRE((isFinite(v.surfaceArea) && v.surfaceArea > 0) || areaOutOfRange,
                 name + ": area " + num(v.surfaceArea));
    FUZZ_REQUIRE(allFinite(v.surfaceCentroid) || areaOutOfRange, name + ": surface centroid");
    if (byMass) FUZZ_REQUIRE(v.mass == options.value, name + ": mass " + num(v.mass));
    // The reference may itself overflow or underflow where the core's arrangement does not; and a
    // subnormal size has too few digits for any arrangement to be accurate.
    if (nearRangeLimit(e.volume) || nearRangeLimit(largest) || nearRangeLimit(mass)) return;
    // The reference's unit-density moments lose digits when they are subnormal; the core's, taken
    // per unit mass, do not.
    for (double m : e.moments)
        if (nearRangeLimit(m)) return;
    for (int i = 0; i < sh.sizes; ++i)
        if (s[i] != 0 && s[i] < DBL_MIN) return;
    FUZZ_REQUIRE(close(v.volume, e.volume, e.volume, 1e-12),
                 name + ": volume " + num(v.volume) + " vs " + num(e.volume));
    FUZZ_REQUIRE(close(v.mass, mass, mass, 1e-12), name + ": mass " + num(v.mass) + " vs " + num(mass));
    std::vector<double> want(e.moments, e.moments + 3);
    for (double& m : want) m *= density;
    std::sort(want.begin(), want.end());
    for (int i = 0; i < 3; ++i)
        FUZZ_REQUIRE(close(v.principalMoments[i], want[i], largest, 1e-9),
                     name + ": moment " + std::to_string(i) + " " + num(v.principalMoments[i]) + " vs " + num(want[i]));
    if (isFinite(e.area) && !nearRangeLimit(e.area))
        FUZZ_REQUIRE(close(v.surfaceArea, e.area, e.area, 1e-12),
                     name + ": area " + num(v.surfaceArea) + " vs " + num(e.area));
    const double extent = std::max({s[0], shape == 4 ? s[0] + s[1] : s[sh.sizes - 1]});
    FUZZ_REQUIRE(v.centerOfMass[0] == 0 && v.centerOfMass[2] == 0 && close(v.centerOfMass[1], e.centerY, extent, 1e-12),
                 name + ": center of mass");
    if (areaOutOfRange) return;
    FUZZ_REQUIRE(v.surfaceCentroid[0] == 0 && v.surfaceCentroid[2] == 0 &&
                     close(v.surfaceCentroid[1], e.areaCenterY, extent, 1e-12),
                 name + ": surface centroid " + num(v.surfaceCentroid[1]) + " vs " + num(e.areaCenterY));
}

// Degenerate members of a family are the simpler shape: a capsule of length 0 and an
// ellipsoid with equal radii are spheres.
void checkSphereCases(int shape, const double* s, const MassOptions& options, const Result& r) {
    const bool isSphere = (shape == 4 && s[1] == 0) || (shape == 2 && s[0] == s[1] && s[1] == s[2]);
    if (!isSphere || !r.ok()) return;
    const Result b = sphere(s[0], options);
    FUZZ_REQUIRE(b.ok(), std::string(kShapes[shape].name) + " is a sphere, but sphere() refused: " + b.message);
    const MassProperties &x = r.value, &y = b.value;
    FUZZ_REQUIRE(close(x.volume, y.volume, y.volume, 1e-14) && close(x.mass, y.mass, y.mass, 1e-14) &&
                     ((std::isnan(x.surfaceArea) && std::isnan(y.surfaceArea)) ||
                      close(x.surfaceArea, y.surfaceArea, y.surfaceArea, 1e-12)),
                 std::string(kShapes[shape].name) + " differs from the sphere");
    for (int i = 0; i < 3; ++i)
        FUZZ_REQUIRE(close(x.principalMoments[i], y.principalMoments[i], y.principalMoments[2], 1e-12),
                     std::string(kShapes[shape].name) + " moments differ from the sphere's");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in(data, size);
    const int shape = in.u8() % 6;
    const MassOptions options = in.massOptions();
    double s[3];
    const std::uint8_t same = in.u8();
    for (double& x : s) x = in.number();
    // Equal sizes now and then (spheres among ellipsoids, cubes), and a capsule of length 0.
    if (same & 1) s[1] = s[2] = s[0];
    if ((same & 6) == 6) s[1] = 0;
    const Result r = kShapes[shape].call(s, options);
    checkShape(shape, s, options, r);
    checkSphereCases(shape, s, options, r);
    return 0;
}
