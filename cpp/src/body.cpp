// Bodies moved, combined and measured about other points.
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "holes.h"
#include "linalg.h"
#include "physical.h"
#include "result.h"
#include "status.h"

namespace massprops {

using detail::Failure;
using detail::formatNumber;

Body toBody(const MassProperties& v) {
    Body b;
    b.mass = v.mass;
    b.volume = v.volume;
    b.centerOfMass = v.centerOfMass;
    b.inertia = v.inertia;
    b.surfaceArea = v.surfaceArea;
    b.surfaceCentroid = v.surfaceCentroid;
    b.hasDiagnostics = v.hasDiagnostics;
    b.diagnostics = v.diagnostics;
    b.hasBounds = v.hasBounds;
    b.bounds = v.bounds;
    return b;
}

namespace {

// The box of `box` mapped by x -> a * x + p, when `a` maps each axis onto one axis (a permutation
// with scales and signs, up to the rounding of a quaternion's 90-degree turns); false otherwise,
// where the box of the turned corners would only be an upper bound.
bool mapBounds(const Box3& box, const Mat3& a, const Vec3& p, Box3& out) {
    for (int i = 0; i < 3; ++i) {
        const double largest = std::max({std::abs(a[3 * i]), std::abs(a[3 * i + 1]), std::abs(a[3 * i + 2])});
        int axis = -1;
        for (int j = 0; j < 3; ++j) {
            if (std::abs(a[3 * i + j]) <= 1e-15 * largest) continue;
            if (axis >= 0) return false;
            axis = j;
        }
        const double x = a[3 * i + axis];
        const double lo = x * box.min[axis] + p[i], hi = x * box.max[axis] + p[i];
        out.min[i] = std::min(lo, hi);
        out.max[i] = std::max(lo, hi);
    }
    return true;
}

}  // namespace

Result describe(const Body& body) { return detail::describeBody(body, Status::InvalidBody); }

Result transform(const Body& body, const Transform& t) {
    std::string message;
    if (!detail::physicalBody(body, message)) return Failure{Status::InvalidBody, "body: " + message};
    if (!detail::allFinite(t.position) || !detail::allFinite(t.scale))
        return Failure{Status::InvalidTransform, "transform has a non-finite position or scale"};
    if (!detail::unitQuaternion(t.quaternion, "transform quaternion", message))
        return Failure{Status::InvalidTransform, message};
    if (t.scale[0] == 0 || t.scale[1] == 0 || t.scale[2] == 0)
        return Failure{Status::InvalidTransform, "transform scale has a zero component"};
    const Quat& q = t.quaternion;
    const double qn = detail::quaternionNorm(q);
    const Mat3 r = detail::rotationMatrix({q[0] / qn, q[1] / qn, q[2] / qn, q[3] / qn});
    const Vec3& s = t.scale;
    const Mat3 a{r[0] * s[0], r[1] * s[1], r[2] * s[2], r[3] * s[0], r[4] * s[1],
                 r[5] * s[2], r[6] * s[0], r[7] * s[1], r[8] * s[2]};  // R * diag(s)
    const double jacobian = std::abs(s[0] * s[1] * s[2]);

    // Move the second moments, not the inertia: C = tr(I)/2 * 1 - I maps as C' = |det A| A C A^T.
    const Mat3& in = body.inertia;
    const double half = 0.5 * (in[0] + in[4] + in[8]);
    Mat3 c;
    for (int i = 0; i < 9; ++i) c[i] = -in[i];
    c[0] += half;
    c[4] += half;
    c[8] += half;
    const Mat3 moved = detail::multiply(detail::multiply(a, c), detail::transpose(a));
    const double trace = jacobian * (moved[0] + moved[4] + moved[8]);
    Body out = body;
    for (int i = 0; i < 9; ++i) out.inertia[i] = -jacobian * moved[i];
    out.inertia[0] += trace;
    out.inertia[4] += trace;
    out.inertia[8] += trace;
    out.mass = body.mass * jacobian;
    out.volume = body.volume * jacobian;
    auto apply = [&](const Vec3& x) {
        return Vec3{a[0] * x[0] + a[1] * x[1] + a[2] * x[2] + t.position[0],
                    a[3] * x[0] + a[4] * x[1] + a[5] * x[2] + t.position[1],
                    a[6] * x[0] + a[7] * x[1] + a[8] * x[2] + t.position[2]};
    };
    out.centerOfMass = apply(body.centerOfMass);
    // The repairs' volumes are volumes of the body: they scale with it.
    out.diagnostics.repairs.overlapVolume *= jacobian;
    out.diagnostics.repairs.windingCorrection *= jacobian;
    out.hasBounds = body.hasBounds && mapBounds(body.bounds, a, t.position, out.bounds);
    const bool uniform = std::abs(s[0]) == std::abs(s[1]) && std::abs(s[1]) == std::abs(s[2]);
    if (uniform) {
        out.surfaceArea = body.surfaceArea * s[0] * s[0];
        out.surfaceCentroid = apply(body.surfaceCentroid);
    } else {
        // Area does not follow from the body under a non-uniform stretch.
        const double nan = std::nan("");
        out.surfaceArea = nan;
        out.surfaceCentroid = {nan, nan, nan};
    }
    return detail::describeBody(out, Status::InvalidTransform);
}

namespace {

using detail::isHole;

// A part's own solid, as a physical body: a hole taken by magnitude (holes.h).
Body solidOf(const Part& part) {
    const Body& b = part.body;
    if (!isHole(part)) return b;
    Body solid = b;
    solid.mass = std::abs(b.mass);
    solid.volume = std::abs(b.volume);
    if (detail::tensorSign(b.inertia[0] + b.inertia[4] + b.inertia[8]) < 0)
        for (double& x : solid.inertia) x = -x;
    return solid;
}

// Diagnostics of an aggregate: counts and the repairs' volumes add up, flags hold only if they
// hold for every part; the capped fraction of the surface is weighted by each part's area
// (`area` of `d`'s part, `total` of the parts merged before it). The relative error is combine's.
void mergeDiagnostics(Diagnostics& into, const Diagnostics& d, double area, double total) {
    into.triangles += d.triangles;
    into.closed = into.closed && d.closed;
    into.boundaryEdges += d.boundaryEdges;
    into.nonManifoldEdges += d.nonManifoldEdges;
    into.inconsistentEdges += d.inconsistentEdges;
    into.consistentWinding = into.consistentWinding && d.consistentWinding;
    into.inverted = into.inverted || d.inverted;
    into.degenerateTriangles += d.degenerateTriangles;
    into.shells += d.shells;
    into.holes += d.holes;
    into.weldedVertices += d.weldedVertices;
    into.hullFaces += d.hullFaces;
    Repairs& r = into.repairs;
    r.duplicateTriangles += d.repairs.duplicateTriangles;
    r.flippedTriangles += d.repairs.flippedTriangles;
    r.invertedShells += d.repairs.invertedShells;
    r.cavities += d.repairs.cavities;
    r.cappedHoles += d.repairs.cappedHoles;
    r.openShells += d.repairs.openShells;
    r.flatPieces += d.repairs.flatPieces;
    r.fins += d.repairs.fins;
    r.twistedPieces += d.repairs.twistedPieces;
    r.intersectingShells += d.repairs.intersectingShells;
    r.selfIntersectingShells += d.repairs.selfIntersectingShells;
    r.intersectingTriangles += d.repairs.intersectingTriangles;
    r.overlapVolume += d.repairs.overlapVolume;
    r.windingCorrection += d.repairs.windingCorrection;
    r.exact = r.exact && d.repairs.exact;
    const bool bothKnown = std::isfinite(area) && std::isfinite(total) && area + total > 0;
    r.capArea = bothKnown ? (r.capArea * total + d.repairs.capArea * area) / (total + area)
                          : std::max(r.capArea, d.repairs.capArea);
}

}  // namespace

Result combine(const std::vector<Part>& parts) {
    if (parts.empty()) return Failure{Status::InvalidArgument, "combine needs at least one body"};
    std::vector<Body> solids;
    std::vector<double> signs;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        std::string message;
        solids.push_back(solidOf(parts[i]));
        signs.push_back(isHole(parts[i]) ? -1.0 : 1.0);
        if (!detail::physicalBody(solids.back(), message))
            return Failure{Status::InvalidBody,
                           "part " + std::to_string(i) + (isHole(parts[i]) ? " (a hole): " : ": ") + message};
    }
    double mass = 0, volume = 0, absMass = 0, area = 0;
    Vec3 moment{0, 0, 0}, areaMoment{0, 0, 0};
    bool areaKnown = true, diagnosticsKnown = true;
    // The union of the solids' boxes; a hole may cut a box's extreme away, so then it is unknown.
    bool boundsKnown = true;
    Box3 box{solids[0].bounds.min, solids[0].bounds.max};
    double mergedArea = 0;
    double errorVolume = 0;  // the parts' error bounds as volumes: their sum bounds the whole's
    Body out;
    for (std::size_t i = 0; i < solids.size(); ++i) {
        const Body& p = solids[i];
        mass += signs[i] * p.mass;
        absMass += p.mass;
        volume += signs[i] * p.volume;
        moment = detail::add(moment, detail::scale(p.centerOfMass, signs[i] * p.mass));
        if (signs[i] < 0 || !std::isfinite(p.surfaceArea) || !detail::allFinite(p.surfaceCentroid)) {
            areaKnown = false;  // a hole adds its walls and removes faces: not derivable
        } else {
            area += p.surfaceArea;
            areaMoment = detail::add(areaMoment, detail::scale(p.surfaceCentroid, p.surfaceArea));
        }
        if (p.hasDiagnostics) mergeDiagnostics(out.diagnostics, p.diagnostics, p.surfaceArea, mergedArea);
        if (p.hasDiagnostics) errorVolume += p.diagnostics.repairs.relativeError * p.volume;
        mergedArea += p.surfaceArea;
        diagnosticsKnown = diagnosticsKnown && p.hasDiagnostics;
        boundsKnown = boundsKnown && p.hasBounds && signs[i] > 0;
        for (int k = 0; boundsKnown && k < 3; ++k) {
            box.min[k] = std::min(box.min[k], p.bounds.min[k]);
            box.max[k] = std::max(box.max[k], p.bounds.max[k]);
        }
    }
    // Cancellation in a subtraction leaves rounding of the size of the parts, not of the result.
    if (!(mass > 1e-12 * absMass) || !(volume > 0))
        return Failure{Status::InvalidBody, "combined mass (" + formatNumber(mass) + ") and volume (" +
                                                formatNumber(volume) + ") must be positive: the holes remove " +
                                                "more than the parts hold"};
    out.mass = mass;
    out.volume = volume;
    out.diagnostics.repairs.relativeError = errorVolume / volume;
    out.centerOfMass = detail::scale(moment, 1 / mass);
    Mat3 inertia{};
    double tolerance = 0;
    for (std::size_t i = 0; i < solids.size(); ++i) {
        const Body& p = solids[i];
        const Mat3 shifted = detail::parallelAxis(p.mass, detail::sub(p.centerOfMass, out.centerOfMass));
        const Mat3 about = detail::add(p.inertia, shifted);
        for (int k = 0; k < 9; ++k) inertia[k] += signs[i] * about[k];
        tolerance += detail::tensorTolerance(about);
    }
    out.inertia = inertia;
    const double nan = std::nan("");
    out.surfaceArea = areaKnown ? area : nan;
    out.surfaceCentroid = areaKnown && area > 0 ? detail::scale(areaMoment, 1 / area) : Vec3{nan, nan, nan};
    out.hasDiagnostics = diagnosticsKnown;
    if (!diagnosticsKnown) out.diagnostics = Diagnostics{};
    out.hasBounds = boundsKnown;
    out.bounds = boundsKnown ? box : Box3{};
    const Vec3 l = principalFrame(out.inertia).moments;
    if (!detail::allFinite(l) || !detail::physicalMoments(l, tolerance))
        return Failure{Status::InvalidBody, "combined body is not physical (principal moments " + formatNumber(l[0]) +
                                                ", " + formatNumber(l[1]) + ", " + formatNumber(l[2]) +
                                                "): a hole is not inside the parts it is cut from"};
    return detail::describeBody(out, Status::InvalidBody);
}

Outcome<Mat3> inertiaAbout(const Body& body, const Vec3& point, const Quat& rotation) {
    std::string message;
    if (!detail::physicalBody(body, message)) return Failure{Status::InvalidBody, "body: " + message};
    if (!detail::allFinite(point)) return Failure{Status::InvalidTransform, "point must be finite"};
    if (!detail::unitQuaternion(rotation, "rotation", message)) return Failure{Status::InvalidTransform, message};
    const double qn = detail::quaternionNorm(rotation);
    const Quat unit{rotation[0] / qn, rotation[1] / qn, rotation[2] / qn, rotation[3] / qn};
    const Mat3 about =
        detail::add(body.inertia, detail::parallelAxis(body.mass, detail::sub(body.centerOfMass, point)));
    const Mat3 r = detail::rotationMatrix(unit);
    Outcome<Mat3> out;
    out.value = detail::symmetrized(detail::multiply(detail::multiply(detail::transpose(r), about), r));
    // Finite entries are not enough: the moments of a tensor whose entries near the largest
    // double may not be; they are at most its trace, which must be finite too.
    const double trace = detail::tensorScale(out.value);
    if (trace > 0 && trace < DBL_MIN)
        return Failure{Status::InvalidTransform, "the tensor about point is below double's normal range (trace " +
                                                     formatNumber(trace) + "): measure in smaller units"};
    if (!detail::allFinite(out.value) || !std::isfinite(trace))
        return Failure{Status::InvalidTransform,
                       "the tensor about point overflows double precision: the point is up to " +
                           formatNumber(std::max({std::abs(point[0] - body.centerOfMass[0]),
                                                  std::abs(point[1] - body.centerOfMass[1]),
                                                  std::abs(point[2] - body.centerOfMass[2])})) +
                           " from the center of mass along an axis"};
    return out;
}

}  // namespace massprops
