// The mesh entry points below the public API, with the path a solid takes: the proof that a mesh
// is clean (certify.h) and the full analysis must agree bit for bit, so tests run both.
#pragma once

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

// Proof: a clean mesh skips welding and the edge map; FullAnalysis: always weld and analyse.
enum class Path { Proof, FullAnalysis };

Result measureMeshBy(const MeshView& mesh, const MassOptions& options, const MeshOptions& meshOptions, Path path);
Outcome<Diagnostics> inspectMeshBy(const MeshView& mesh, const MeshOptions& meshOptions, Path path);

}  // namespace detail
}  // namespace massprops
