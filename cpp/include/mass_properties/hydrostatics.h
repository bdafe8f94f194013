// Hydrostatics of a closed triangle mesh: what lies below a water plane, and how the body floats.
//
// Conventions (shared with the JavaScript package):
// - The water's surface is a plane in the body's frame: the points x with dot(normal, x) ==
//   height; `normal` is a unit vector pointing up, out of the water; water fills dot(normal, x) < height.
// - The world is the three.js one: +Y is up and the water's surface is y = 0. A body posed by a
//   rotation q and a translation p (world = R(q) x + p) sees the plane normal = R^T (0, 1, 0),
//   height = -p.y (waterPlaneOfPose).
// - The waterplane is the section of the body by the plane; its second moments are about its own
//   centroid (the center of flotation F). The metacentric radius about a horizontal axis is
//   BM = I / V (I the waterplane's moment about that axis, V the displaced volume) and the
//   metacentric height GM = KB + BM - KG = BM + dot(normal, B - G): positive is stable against a
//   small heel about that axis.
#pragma once

#include <vector>

#include "mass_properties/mass_properties.h"

namespace massprops {

struct WaterPlane {
    Vec3 normal{0, 1, 0};
    double height = 0;
};

// The plane a body posed by `rotation` (unit) and `position` in the world (+Y up, water at y = 0)
// sees; INVALID_TRANSFORM as transform() refuses a rotation that is not unit or not finite.
Outcome<WaterPlane> waterPlaneOfPose(const Quat& rotation, const Vec3& position);

// What lies below a water plane, in the body's frame. With nothing submerged (or no waterplane)
// the centroids and everything divided by them are NaN (null in JavaScript).
struct Hydrostatics {
    double volume = 0;                     // submerged (displaced) volume
    Vec3 centerOfBuoyancy{0, 0, 0};        // B: the centroid of the submerged volume
    double draft = 0;                      // depth of the body's lowest point below the surface
    double waterplaneArea = 0;             // area of the section by the plane
    Vec3 waterplaneCentroid{0, 0, 0};      // F, the center of flotation
    Vec2 waterplaneMoments{0, 0};          // principal second moments of area about F, ascending
    std::array<Vec3, 2> waterplaneAxes{};  // in-plane unit axes: moment i is about axis i
    Vec2 metacentricRadii{0, 0};           // BM about each waterplane axis: moments / volume
    Vec2 metacentricHeights{0, 0};         // GM about each axis: BM + dot(normal, B - G)
    Vec3 centerOfMass{0, 0, 0};            // G: the body's, unless given
};

struct HydrostaticOptions {
    MeshOptions mesh;  // the solid mode's welding and check (other modes are refused)
    // G for the metacentric heights; by default the center of mass of the uniform solid.
    bool hasCenterOfMass = false;
    Vec3 centerOfMass{0, 0, 0};
};

// The submerged volume, center of buoyancy, waterplane and metacentric numbers of the solid a
// mesh bounds (repaired as measureMesh repairs it), below `plane`.
Outcome<Hydrostatics> submerged(const MeshView& mesh, const WaterPlane& plane, const HydrostaticOptions& options = {});

// Sea water, kg/m^3.
constexpr double kSeaWaterDensity = 1025;

struct FloatOptions {
    MassOptions mass;  // the body's density or mass (a density means it is uniform)
    double waterDensity = kSeaWaterDensity;
    HydrostaticOptions hydrostatics;  // the mesh options and G
    Vec3 up{0, 1, 0};                 // the body's direction that is up when it floats upright
    bool searchOrientations = true;   // false: only the upright pose (no equilibria listed)
};

// One way of floating: the body turned by `rotation` and moved by `position` into the world (+Y
// up, water at y = 0, G on the vertical through the origin), where it displaces its own mass.
struct FloatingPose {
    Quat rotation{0, 0, 0, 1};
    Vec3 position{0, 0, 0};
    WaterPlane plane;  // the same water plane in the body's frame
    // Radians: where the water's up points in the body's frame, relative to `up`. In the frame
    // the body's axes take when turned by the least rotation from +Y to `up` (its own axes when
    // up is +Y), the water's up is (sin heel cos trim, cos heel cos trim, sin trim): heel turns
    // about the z axis (the length of a hull along z, as glTF models face +z), trim about x.
    double heel = 0;
    double trim = 0;
    bool equilibrium = false;  // B lies on the vertical through G (within rounding)
    bool stable = false;       // an equilibrium with GM > 0 about both waterplane axes
    Hydrostatics hydrostatics;
};

struct Flotation {
    double mass = 0;
    double displacedVolume = 0;  // mass / waterDensity
    FloatingPose upright;        // `up` held vertical, draft solved: an equilibrium or not
    // The equilibria the search over orientations found, stable ones first, each group by its
    // potential energy (m g times the height of G over B), lowest first. Deterministic.
    std::vector<FloatingPose> equilibria;
};

// How the solid a mesh bounds floats in water of `waterDensity` (SINKS if it cannot).
Outcome<Flotation> floatMesh(const MeshView& mesh, const FloatOptions& options = {});

}  // namespace massprops
