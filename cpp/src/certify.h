// A proof that a mesh is clean (what the full analysis calls clean: see mesh.cpp) that costs a few
// sequential passes instead of welding and building the edge map. It never calls a mesh clean
// that is not; when it cannot prove it, the caller runs the full analysis.
#pragma once

#include <cstdint>
#include <vector>

#include "bounds.h"

namespace massprops {
namespace detail {

// True only if, welded by the rule of weld.h (widened to `extraTolerance`), the surface of the
// non-collapsed triangles is one closed, consistently wound, edge-manifold piece without repeated
// faces: then the full analysis would find exactly that (one shell, no hole, no repair) and the
// mesh can be integrated as given. `weldedVertices` is then the count the full analysis reports,
// and `usedBox`, if given, the bounds of the vertices the triangles use (detail::usedBounds),
// found without another pass over the triangles. `box` is the mesh's bounds. When the proof welds
// the vertices but finds the surface rough, `weld`, if given, receives the weld (weld[v]: v's
// cluster's lowest vertex, as weldVertices gives it) for the full analysis to reuse.
bool provenClean(const MeshView& mesh, const Bounds& box, double extraTolerance, std::uint32_t& weldedVertices,
                 Box3* usedBox = nullptr, std::vector<std::uint32_t>* weld = nullptr);

// Bytes provenClean allocates at most (the corner lists dominate: 8 per corner).
std::uint64_t provenCleanWorkingBytes(std::uint64_t vertexCount, std::uint64_t cornerCount);

}  // namespace detail
}  // namespace massprops
