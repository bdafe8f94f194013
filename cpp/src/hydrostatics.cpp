// What lies below a water plane: the clipped solid's volume and centroid, the waterplane's area
// moments, and the metacentric radii and heights built from them.
#include "mass_properties/hydrostatics.h"

#include <cmath>

#include "buoyancy.h"
#include "linalg.h"
#include "physical.h"
#include "status.h"
#include "waterline.h"

namespace massprops {

namespace detail {

Status checkNormal(const Vec3& normal, const char* name, std::string& message, Vec3& unit) {
    const double length = norm(normal);
    // Float32 input rounds a unit vector's length by ~1e-7: that is still a unit vector.
    if (!allFinite(normal) || !(std::abs(length - 1) <= 1e-6)) {
        message = std::string(name) + " must be a unit vector pointing up, out of the water (got [" +
                  formatNumber(normal[0]) + ", " + formatNumber(normal[1]) + ", " + formatNumber(normal[2]) +
                  "], of length " + formatNumber(length) + ")";
        return Status::InvalidArgument;
    }
    unit = scale(normal, 1 / length);
    return Status::Ok;
}

Outcome<Floater> prepareFloater(const MeshView& mesh, const MassOptions& mass, const HydrostaticOptions& options) {
    if (options.mesh.mode != MeshMode::Solid)
        return Failure{Status::InvalidOptions, "hydrostatics needs the solid mode: water is displaced by a solid"};
    if (options.hasCenterOfMass && !allFinite(options.centerOfMass))
        return Failure{Status::InvalidArgument, "centerOfMass must be three finite numbers (got [" +
                                                    formatNumber(options.centerOfMass[0]) + ", " +
                                                    formatNumber(options.centerOfMass[1]) + ", " +
                                                    formatNumber(options.centerOfMass[2]) + "])"};
    Result measured = measureMesh(mesh, mass, options.mesh);
    if (!measured.ok()) return Failure{measured.status, std::move(measured.message)};
    Outcome<Floater> out;
    out.value.body = measured.value;
    out.value.centerOfMass = options.hasCenterOfMass ? options.centerOfMass : measured.value.centerOfMass;
    out.value.surface = outwardSurface(mesh, options.mesh);
    return out;
}

Hydrostatics hydrostaticsBelow(const Floater& floater, const Vec3& normal, double height) {
    const OutwardSurface& surface = floater.surface;
    const PlaneFrame plane = planeFrame(normal, height - dot(normal, surface.origin));
    const Section section = clipBelow(surface.triangles, plane);
    const Vec3 point = add(surface.origin, plane.point());  // the reference point, absolute
    const double nan = std::nan("");
    Hydrostatics h;
    h.centerOfMass = floater.centerOfMass;
    h.draft = -section.lowest;
    h.volume = section.below.d > 0 ? section.below.d / 6 : 0;
    h.centerOfBuoyancy =
        h.volume > 0 ? add(point, scale(section.below.first, 1 / (4 * section.below.d))) : Vec3{nan, nan, nan};
    const AreaMoments& w = section.waterplane;
    h.waterplaneArea = w.c > 0 ? w.c / 2 : 0;
    double theta = 0;
    if (h.waterplaneArea > 0) {
        const double a = h.waterplaneArea, cx = w.x / 6 / a, cy = w.y / 6 / a;
        h.waterplaneCentroid = add(point, add(scale(plane.u, cx), scale(plane.v, cy)));
        // Second moments about F (parallel-axis theorem), then their principal values.
        const double jxx = w.xx / 12 - a * cx * cx, jyy = w.yy / 12 - a * cy * cy, jxy = w.xy / 24 - a * cx * cy;
        const double mean = (jxx + jyy) / 2, radius = std::hypot((jxx - jyy) / 2, jxy);
        h.waterplaneMoments = {mean - radius, mean + radius};
        // M = [jxx jxy; jxy jyy] gives the moment about axis a as (a turned 90 degrees)^T M (a
        // turned): the smaller moment is about M's major eigenvector, at angle theta.
        theta = std::atan2(2 * jxy, jxx - jyy) / 2;
    } else {
        h.waterplaneCentroid = {nan, nan, nan};
    }
    const Vec3 major = add(scale(plane.u, std::cos(theta)), scale(plane.v, std::sin(theta)));
    h.waterplaneAxes = {major, cross(normal, major)};
    const double rise = h.volume > 0 ? dot(normal, sub(h.centerOfBuoyancy, floater.centerOfMass)) : nan;
    for (int i = 0; i < 2; ++i) {
        h.metacentricRadii[i] = h.volume > 0 ? h.waterplaneMoments[i] / h.volume : nan;
        h.metacentricHeights[i] = h.metacentricRadii[i] + rise;
    }
    return h;
}

}  // namespace detail

Outcome<WaterPlane> waterPlaneOfPose(const Quat& rotation, const Vec3& position) {
    std::string message;
    if (!detail::unitQuaternion(rotation, "pose quaternion", message))
        return detail::Failure{Status::InvalidTransform, message};
    if (!detail::allFinite(position)) return detail::Failure{Status::InvalidTransform, "pose position must be finite"};
    const double length = detail::quaternionNorm(rotation);
    const Mat3 r = detail::rotationMatrix(
        {rotation[0] / length, rotation[1] / length, rotation[2] / length, rotation[3] / length});
    // The world's up (0, 1, 0) in the body's frame is R's second row; y_world = n.x + p.y.
    Outcome<WaterPlane> out;
    out.value = WaterPlane{{r[3], r[4], r[5]}, -position[1]};
    return out;
}

Outcome<Hydrostatics> submerged(const MeshView& mesh, const WaterPlane& plane, const HydrostaticOptions& options) {
    std::string message;
    Vec3 normal;
    Status status = detail::checkNormal(plane.normal, "plane.normal", message, normal);
    if (status == Status::Ok && !std::isfinite(plane.height)) {
        message = "plane.height must be a finite number (got " + detail::formatNumber(plane.height) + ")";
        status = Status::InvalidArgument;
    }
    if (status != Status::Ok) return detail::Failure{status, message};
    Outcome<detail::Floater> floater = detail::prepareFloater(mesh, MassOptions{}, options);
    if (!floater.ok()) return detail::Failure{floater.status, std::move(floater.message)};
    Outcome<Hydrostatics> out;
    out.value = detail::hydrostaticsBelow(floater.value, normal, plane.height);
    return out;
}

}  // namespace massprops
