#include "result.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>

#include "linalg.h"
#include "physical.h"
#include "status.h"

namespace massprops {
namespace detail {

Status checkMassOptions(const MassOptions& options, std::string& message) {
    const bool byMass = options.given == MassOptions::Given::Mass;
    if (!std::isfinite(options.value) || options.value <= 0) {
        message = std::string(byMass ? "mass" : "density") + " must be a finite number > 0 (got " +
                  formatNumber(options.value) + ")";
        return byMass ? Status::InvalidMass : Status::InvalidDensity;
    }
    return Status::Ok;
}

namespace {

// Every number of an ok result is a finite, normal double: a result that overflowed, or
// underflowed to zero (a 1e-110 box has mass 1e-330), is no measurement.
bool inRange(const MassProperties& v) {
    auto normalPositive = [](double x) { return std::isfinite(x) && x >= DBL_MIN; };
    const double largestMoment =
        std::max({std::abs(v.principalMoments[0]), std::abs(v.principalMoments[1]), std::abs(v.principalMoments[2])});
    return normalPositive(v.mass) && normalPositive(v.volume) && normalPositive(v.density) &&
           normalPositive(largestMoment) && allFinite(v.centerOfMass) && allFinite(v.inertia) &&
           allFinite(v.principalMoments);
}

Failure rangeFailure(const MassProperties& v, Status outOfRange) {
    return Failure{outOfRange, "results are out of the range of double precision (volume " + formatNumber(v.volume) +
                                   ", mass " + formatNumber(v.mass) + ", moments up to " +
                                   formatNumber(v.principalMoments[2]) +
                                   "): the body is too large or too small for these units"};
}

}  // namespace

Result describeBody(const Body& body, Status outOfRange) {
    std::string message;
    // Non-finite numbers made by the caller's arithmetic (a transform, a sum) are a range problem
    // of that input; physicalBody then judges the shape of the numbers.
    const bool finiteBody = std::isfinite(body.mass) && std::isfinite(body.volume) && allFinite(body.centerOfMass) &&
                            allFinite(body.inertia);
    if (!finiteBody && outOfRange != Status::InvalidBody) {
        MassProperties attempted;
        attempted.volume = body.volume;
        attempted.mass = body.mass;
        attempted.principalMoments = {0, 0, tensorScale(body.inertia)};
        return rangeFailure(attempted, outOfRange);
    }
    PrincipalFrame frame;
    if (!physicalBody(body, message, &frame)) return Failure{Status::InvalidBody, message};
    Result result;
    MassProperties& v = result.value;
    v.mass = body.mass;
    v.volume = body.volume;
    v.density = body.mass / body.volume;
    v.centerOfMass = body.centerOfMass;
    v.inertia = symmetrized(body.inertia);
    // The test's frame is this tensor's when it was symmetric already, bit for bit (a measured
    // one is): one eigen-solve a call, not two.
    if (std::memcmp(&v.inertia, &body.inertia, sizeof(Mat3)) != 0) frame = principalFrame(v.inertia);
    v.principalMoments = frame.moments;
    v.principalAxes = frame.axes;
    v.principalRotation = frame.rotation;
    v.surfaceArea = body.surfaceArea;
    v.surfaceCentroid = body.surfaceCentroid;
    if (!std::isfinite(v.surfaceArea) || !allFinite(v.surfaceCentroid)) {
        // Unknown, or beyond double's range (a centroid near 1e308 moved or averaged): not known.
        v.surfaceArea = std::nan("");
        v.surfaceCentroid = {v.surfaceArea, v.surfaceArea, v.surfaceArea};
    }
    v.hasDiagnostics = body.hasDiagnostics;
    v.diagnostics = body.diagnostics;
    v.hasBounds = body.hasBounds && allFinite(body.bounds.min) && allFinite(body.bounds.max);
    v.bounds = v.hasBounds ? body.bounds : Box3{};
    // One object returned on every path after it is made, so that it is built in the caller's
    // (no copy of the 480-byte result: a tenth of a small mesh's call in WebAssembly).
    if (!inRange(v)) result = rangeFailure(v, outOfRange);
    return result;
}

Result solidResult(const UnitSolid& solid, const MassOptions& options, const Diagnostics* diagnostics,
                   Status outOfRange) {
    const bool byMass = options.given == MassOptions::Given::Mass;
    const double density = byMass ? options.value / solid.volume : options.value;
    Body body;
    body.volume = solid.volume;
    body.mass = byMass ? options.value : density * solid.volume;
    body.centerOfMass = solid.centerOfMass;
    const double factor = solid.perUnitMass ? body.mass : density;
    for (int i = 0; i < 9; ++i) body.inertia[i] = factor * solid.unitInertia[i];
    body.surfaceArea = solid.surfaceArea;
    body.surfaceCentroid = solid.surfaceCentroid;
    if (diagnostics) {
        body.hasDiagnostics = true;
        body.diagnostics = *diagnostics;
    }
    // A solid's own numbers are physical by construction: any failure here is a range problem.
    // (One object returned on every path, as in describeBody.)
    Result result = describeBody(body, outOfRange);
    // A solid has no zero or subnormal moment but by underflow, which has lost its digits.
    if (result.ok() && result.value.principalMoments[0] >= DBL_MIN) {
        if (!byMass) result.value.density = density;  // as given, not rounded through mass / volume
    } else {
        MassProperties attempted;
        attempted.volume = body.volume;
        attempted.mass = body.mass;
        attempted.principalMoments = {0, 0, tensorScale(body.inertia)};
        result = rangeFailure(attempted, outOfRange);
    }
    return result;
}

}  // namespace detail
}  // namespace massprops
