// A measured solid ready to be cut by water planes again and again (the free-floating search
// asks hundreds of times): its outward surface once, its volume and center of mass.
#pragma once

#include "mass_properties/hydrostatics.h"
#include "mesh.h"

namespace massprops {
namespace detail {

struct Floater {
    OutwardSurface surface;
    MassProperties body;         // as measureMesh measures the solid (with the caller's mass options)
    Vec3 centerOfMass{0, 0, 0};  // G: the body's, or the one the caller gave
};

// Measures the mesh as measureMesh does (its failures are this call's) and prepares the surface.
Outcome<Floater> prepareFloater(const MeshView& mesh, const MassOptions& mass, const HydrostaticOptions& options);

// The hydrostatics of `floater` below the plane dot(normal, x) == height (normal unit).
Hydrostatics hydrostaticsBelow(const Floater& floater, const Vec3& normal, double height);

// The unit normal of a plane given by the caller, or a failure naming what is wrong with it.
Status checkNormal(const Vec3& normal, const char* name, std::string& message, Vec3& unit);

}  // namespace detail
}  // namespace massprops
