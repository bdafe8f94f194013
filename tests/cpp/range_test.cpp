// Results at the edges of double precision: every ok result is finite and in range (mass, volume,
// density and the largest principal moment normal positive doubles); anything else is a typed
// error naming the caller's input, never NaN or Infinity in an ok value.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "mass_properties/mass_properties.h"
#include "test_meshes.h"

using namespace massprops;

namespace {

bool finite(double x) { return std::isfinite(x); }
template <typename T, std::size_t N>
bool finite(const std::array<T, N>& a) {
    for (const T& x : a)
        if (!finite(x)) return false;
    return true;
}
bool finite(const Box3& b) { return finite(b.min) && finite(b.max); }
bool finite(const Diagnostics& d) { return finite(d.repairs.capArea); }

bool normalPositive(double x) { return std::isfinite(x) && x >= DBL_MIN; }

// Every field of an ok result is finite, and the quantities that must be positive are normal.
void expectFiniteResult(const Result& r, const std::string& label) {
    ASSERT_TRUE(r.ok()) << label << ": " << r.message;
    const MassProperties& v = r.value;
    EXPECT_TRUE(normalPositive(v.mass)) << label << " mass " << v.mass;
    EXPECT_TRUE(normalPositive(v.volume)) << label << " volume " << v.volume;
    EXPECT_TRUE(normalPositive(v.density)) << label << " density " << v.density;
    EXPECT_TRUE(normalPositive(v.principalMoments[2])) << label << " largest moment " << v.principalMoments[2];
    // Every field, by the one list of result fields (mass_properties.h).
#define EXPECT_FINITE_FIELD(type, name, ...) EXPECT_TRUE(finite(v.name)) << label << " " #name;
#define EXPECT_FINITE_OPTIONAL(type, name, present, ...) \
    if (v.present) EXPECT_TRUE(finite(v.name)) << label << " " #name;
    MASSPROPS_RESULT_FIELDS(EXPECT_FINITE_FIELD, EXPECT_FINITE_OPTIONAL)
#undef EXPECT_FINITE_FIELD
#undef EXPECT_FINITE_OPTIONAL
}

void expectOutOfRange(const Result& r, Status status, const std::string& label) {
    EXPECT_EQ(r.status, status) << label << ": " << r.message;
    EXPECT_NE(r.message.find("out of the range of double precision"), std::string::npos) << label << ": " << r.message;
}

Body unitBox() { return toBody(box(1, 1, 1).value); }

}  // namespace

// Cause: only overflow was caught (a 1e200 box); a 1e-110 box has volume 1e-330 and a 1e-200
// sphere 4e-600, which underflow to 0, and came back ok with zero mass and NaN density.
TEST(Range, ShapesOutOfDoublePrecisionAreInvalidDimensions) {
    expectOutOfRange(box(1e-110, 1e-110, 1e-110), Status::InvalidDimension, "box 1e-110");
    expectOutOfRange(sphere(1e-200), Status::InvalidDimension, "sphere 1e-200");
    expectOutOfRange(box(1e200, 1e200, 1e200), Status::InvalidDimension, "box 1e200");
    for (double s : {1e-200, 1e200}) {
        const std::string at = " " + std::to_string(s);
        expectOutOfRange(ellipsoid(s, s, s), Status::InvalidDimension, "ellipsoid" + at);
        expectOutOfRange(cylinder(s, s), Status::InvalidDimension, "cylinder" + at);
        expectOutOfRange(capsule(s, s), Status::InvalidDimension, "capsule" + at);
        expectOutOfRange(cone(s, s), Status::InvalidDimension, "cone" + at);
        expectOutOfRange(frustum(s, s / 2, s), Status::InvalidDimension, "frustum" + at);
        expectOutOfRange(taperedCapsule(s, s / 2, s), Status::InvalidDimension, "taperedCapsule" + at);
    }
    // The volume is representable (1e-186) but the moments (1e-186 * 1e-124 / 6) are not.
    expectOutOfRange(box(1e-62, 1e-62, 1e-62), Status::InvalidDimension, "box 1e-62");
    // Given by mass, the density of a box whose volume underflows would be infinite.
    MassOptions byMass;
    byMass.given = MassOptions::Given::Mass;
    expectOutOfRange(box(1e-110, 1e-110, 1e-110, byMass), Status::InvalidDimension, "box 1e-110 by mass");
}

// Just inside the range the closed forms hold: a cube of edge s has m = s^3 and I = s^5 / 6.
TEST(Range, ShapesJustInsideTheRangeAreMeasured) {
    for (double s : {1e-61, 1e61}) {
        const Result r = box(s, s, s);
        expectFiniteResult(r, "box " + std::to_string(s));
        EXPECT_NEAR(r.value.mass, s * s * s, 1e-15 * s * s * s);
        const double i = s * s * s * s * s / 6;
        EXPECT_NEAR(r.value.inertia[0], i, 1e-14 * i);
        EXPECT_NEAR(r.value.principalMoments[2], i, 1e-14 * i);
    }
    for (double s : {1e-60, 1e60}) {
        expectFiniteResult(sphere(s), "sphere");
        expectFiniteResult(ellipsoid(s, 2 * s, 3 * s), "ellipsoid");
        expectFiniteResult(cylinder(s, s), "cylinder");
        expectFiniteResult(capsule(s, s), "capsule");
        expectFiniteResult(cone(s, s), "cone");
        expectFiniteResult(frustum(s, s / 2, s), "frustum");
        expectFiniteResult(taperedCapsule(s, s / 2, s), "taperedCapsule");
    }
}

// A mesh whose moments leave double precision is an invalid argument (its coordinates).
TEST(Range, MeshesOutOfDoublePrecisionAreInvalidArguments) {
    EXPECT_EQ(measureMesh(testmesh::box({0, 0, 0}, {1e200, 1e200, 1e200}).view()).status, Status::InvalidArgument);
    EXPECT_EQ(measureMesh(testmesh::box({0, 0, 0}, {1e62, 1e62, 1e62}).view()).status, Status::InvalidArgument);
    expectOutOfRange(measureMesh(testmesh::box({0, 0, 0}, {1e-62, 1e-62, 1e-62}).view()), Status::InvalidArgument,
                     "mesh 1e-62");
    for (double s : {1e-61, 1e61}) {
        const Result r = measureMesh(testmesh::box({0, 0, 0}, {s, s, s}).view());
        expectFiniteResult(r, "mesh " + std::to_string(s));
        EXPECT_NEAR(r.value.volume, s * s * s, 1e-15 * s * s * s);
    }
}

// A closed, well-formed cube of edge 1e-110 is not flat: its volume (1e-330) is below double
// precision, which is the range error of every other entry point, not "encloses no volume".
TEST(Range, TinyMeshIsOutOfRangeRatherThanFlat) {
    const Result r = measureMesh(testmesh::box({0, 0, 0}, {1e-110, 1e-110, 1e-110}).view());
    EXPECT_EQ(r.status, Status::InvalidArgument) << r.message;
    EXPECT_EQ(r.message.find("degenerate"), std::string::npos) << r.message;
}

// Cause: only overflow was caught; a scale of 1e-70 leaves mass 1e-210 but moments of 1e-350,
// which underflow to 0, and the result was ok with a zero tensor.
TEST(Range, TransformThatUnderflowsIsAnInvalidTransform) {
    Transform t;
    t.scale = {1e-70, 1e-70, 1e-70};
    expectOutOfRange(transform(unitBox(), t), Status::InvalidTransform, "scale 1e-70");
    // Far but representable positions are fine.
    t.scale = {1, 1, 1};
    t.position = {1e300, -1e300, 0};
    const Result far = transform(unitBox(), t);
    expectFiniteResult(far, "position 1e300");
    EXPECT_EQ(far.value.centerOfMass[0], 1e300);
}

// The transform is what carried the body out of range, so the error names the transform, as
// for the underflow above: a scale of 1e70 makes moments of 1e350.
TEST(Range, TransformThatOverflowsIsAnInvalidTransform) {
    Transform t;
    t.scale = {1e70, 1e70, 1e70};
    const Result r = transform(unitBox(), t);
    EXPECT_EQ(r.status, Status::InvalidTransform) << r.message;
}

// Tensors near 1e307 (with parallel-axis terms) sum to the edge of the range: either the sum is
// representable and every moment finite, or combine says why it is not; never NaN in an ok value.
TEST(Range, CombineNearTheLargestDoubleIsFiniteOrTyped) {
    for (double s : {1e307, 3e307, 5e307, 8e307}) {
        for (double offset : {0.0, 1e153}) {
            Body a;
            a.mass = 1;
            a.volume = 1;
            a.inertia = {s, 0, 0, 0, s, 0, 0, 0, s};
            a.surfaceArea = 1;
            Body b = a;
            b.inertia = {s, 0.1 * s, 0, 0.1 * s, 0.9 * s, 0, 0, 0, 0.8 * s};
            b.centerOfMass = {offset, 0, 0};
            const Result r = combine({Part{a}, Part{b}});
            const std::string label = "s = " + std::to_string(s) + ", offset " + std::to_string(offset);
            if (r.ok()) {
                expectFiniteResult(r, label);
            } else {
                EXPECT_EQ(r.status, Status::InvalidBody) << label << ": " << r.message;
                EXPECT_FALSE(r.message.empty()) << label;
            }
        }
    }
    // Two isotropic halves of 1e307: 2e307 is representable, so this one must be ok.
    Body a;
    a.mass = 1;
    a.volume = 1;
    a.inertia = {1e307, 0, 0, 0, 1e307, 0, 0, 0, 1e307};
    a.surfaceArea = 1;  // with no area there is no surface centroid (NaN)
    const Result r = combine({Part{a}, Part{a}});
    expectFiniteResult(r, "2 x 1e307");
    EXPECT_NEAR(r.value.principalMoments[0], 2e307, 1e292);
}

// Cause: the parallel-axis term m |d|^2 for a point 1e160 away overflows to Infinity (and
// Infinity - Infinity = NaN off the diagonal); the tensor was returned as ok.
TEST(Range, InertiaAboutAFarPointIsAnInvalidTransform) {
    const Outcome<Mat3> far = inertiaAbout(unitBox(), {1e160, 0, 0}, {0, 0, 0, 1});
    EXPECT_EQ(far.status, Status::InvalidTransform) << far.message;
    EXPECT_FALSE(far.ok());
    // 1e150 away gives m |d|^2 = 1e300: representable. About the x axis through that point
    // only y^2 + z^2 counts: I_xx stays 1/6, I_yy = I_zz = 1/6 + 1e300.
    const Outcome<Mat3> near = inertiaAbout(unitBox(), {1e150, 0, 0}, {0, 0, 0, 1});
    ASSERT_TRUE(near.ok()) << near.message;
    EXPECT_TRUE(finite(near.value));
    EXPECT_NEAR(near.value[0], 1.0 / 6, 1e-15);
    EXPECT_NEAR(near.value[4], 1e300, 1e285);
    EXPECT_NEAR(near.value[8], 1e300, 1e285);
}

// Cause: L = I w and the energy w.L/2 overflowed and the spin returned NaN orientations.
TEST(Range, SpinWhoseMomentumOverflowsIsAnInvalidArgument) {
    SpinState start;
    SpinOptions options;
    options.duration = 1;
    start.angularVelocity = {1e160, 0, 0};  // energy 1e320
    EXPECT_EQ(simulateRotation({1, 2, 3}, start, options).status, Status::InvalidArgument);
    start.angularVelocity = {1e10, 0, 0};  // L = 1e310
    EXPECT_EQ(simulateRotation({1e300, 2e300, 2.5e300}, start, options).status, Status::InvalidArgument);
    // Large moments with a momentum well inside the range: 1e300 at 1e-150 rad/s about the first
    // axis (a steady spin), L = 1e150 and energy 1e300 * 1e-300 / 2.
    start.angularVelocity = {1e-150, 0, 0};
    const Outcome<Spin> r = simulateRotation({1e300, 2e300, 2.5e300}, start, options);
    ASSERT_TRUE(r.ok()) << r.message;
    EXPECT_NEAR(r.value.kineticEnergy, 0.5, 1e-15);
    EXPECT_NEAR(r.value.angularVelocity[0], 1e-150, 1e-165);
    EXPECT_TRUE(finite(r.value.angularVelocity));
    EXPECT_TRUE(finite(r.value.angularMomentum));
    for (double x : r.value.orientation) EXPECT_TRUE(std::isfinite(x));
}

// principalFrame works at any scale: tensors near the largest double (or the smallest) keep
// finite, accurate moments; the eigenvalues of diag(a, b, c) are a, b, c.
TEST(Range, PrincipalFrameOfDistinctMomentsAtAnyScale) {
    for (double s : {1e-300, 1e300, 1e308}) {
        const PrincipalFrame f = principalFrame({1.5 * s, 0, 0, 0, 0.5 * s, 0, 0, 0, 1.2 * s});
        EXPECT_NEAR(f.moments[0], 0.5 * s, 1e-15 * s) << s;
        EXPECT_NEAR(f.moments[1], 1.2 * s, 1e-15 * s) << s;
        EXPECT_NEAR(f.moments[2], 1.5 * s, 1e-15 * s) << s;
    }
}

// Cause: repeated moments are averaged ((l0 + l1 + l2) / 3, (l1 + l2) / 2), and the sums overflow
// for moments above DBL_MAX / 3: a sphere-like tensor of 1e308 got Infinity moments, though its
// moments are 1e308 exactly.
TEST(Range, PrincipalFrameOfRepeatedMomentsNearTheLargestDouble) {
    for (double s : {1e308, 1.7e308}) {
        const PrincipalFrame iso = principalFrame({s, 0, 0, 0, s, 0, 0, 0, s});
        for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(iso.moments[i], s) << s;
        const PrincipalFrame axi = principalFrame({s, 0, 0, 0, 0.5 * s, 0, 0, 0, s});
        EXPECT_NEAR(axi.moments[0], 0.5 * s, 1e-15 * s) << s;
        EXPECT_NEAR(axi.moments[1], s, 1e-15 * s) << s;
        EXPECT_NEAR(axi.moments[2], s, 1e-15 * s) << s;
    }
}

// The same averaging made describe() refuse a physical body as "not physical (Infinity, ...)".
TEST(Range, DescribeAcceptsARepresentableBodyNearTheLargestDouble) {
    Body b;
    b.mass = 1;
    b.volume = 1;
    b.inertia = {8e307, 0, 0, 0, 8e307, 0, 0, 0, 8e307};
    const Result r = describe(b);
    expectFiniteResult(r, "isotropic 8e307");
    EXPECT_DOUBLE_EQ(r.value.principalMoments[2], 8e307);
}
