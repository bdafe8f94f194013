// The mesh entry points below the public API, with the path a solid takes: the proof that a mesh
// is clean (certify.h) and the full analysis must agree bit for bit, so tests run both.
#pragma once

#include <array>
#include <vector>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

// Proof: a clean mesh skips welding and the edge map; FullAnalysis: always weld and analyse.
enum class Path { Proof, FullAnalysis };

Result measureMeshBy(const MeshView& mesh, const MassOptions& options, const MeshOptions& meshOptions, Path path);
Outcome<Diagnostics> inspectMeshBy(const MeshView& mesh, const MeshOptions& meshOptions, Path path);

// The core module's measureMesh (cpp/bindings/embind.cpp): the trusted path, and a solid the proof
// finds clean, with measureMesh's numbers bit for bit; FullModuleNotLoaded for every other mesh or
// mode, so that the module links no analysis, repair, shell or hull.
Result measureCleanMesh(const MeshView& mesh, const MassOptions& options, const MeshOptions& meshOptions);

// The closed, outward surface the Solid mode integrates (the mesh's triangles turned as the repair
// turns them, those it leaves out dropped, its caps added), relative to `origin`, for what clips
// the solid (hydrostatics). For a mesh measureMesh accepts in the Solid mode.
struct OutwardSurface {
    Vec3 origin{0, 0, 0};
    double extent = 0;  // the largest side of the mesh's bounding box
    std::vector<std::array<Vec3, 3>> triangles;
};
OutwardSurface outwardSurface(const MeshView& mesh, const MeshOptions& meshOptions);

}  // namespace detail
}  // namespace massprops
