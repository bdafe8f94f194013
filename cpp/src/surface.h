// The welded surface of a mesh: how triangles meet at edges, which of them repeat, which pieces
// hang together (shells), how each piece is wound (orientation patches) and where it is open
// (boundary loops). Everything Diagnostics reports and the solid repair needs comes from here.
#pragma once

#include <cstdint>
#include <vector>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

constexpr std::uint32_t kNoPatch = 0xffffffffu;
constexpr std::uint8_t kCollapsed = 1;  // two corners welded together: no edges, no area
constexpr std::uint8_t kRepeated = 2;   // the same three welded vertices as an earlier triangle

struct Surface {
    std::size_t triangles = 0;
    std::vector<std::uint32_t> corners;  // welded vertex of every corner
    // Per triangle: kCollapsed, kRepeated (either winding), or 0 for a triangle of the surface.
    std::vector<std::uint8_t> inactive;
    std::vector<std::uint8_t> flipped;  // wound against its patch's first triangle
    std::vector<std::uint32_t> patch;   // orientation patch, or kNoPatch when inactive

    // Orientation patches: triangles joined across manifold edges (two active triangles),
    // consistently wound by flipping. A shell (edge-connected component) holds one or more.
    std::uint32_t patchCount = 0;
    std::vector<std::uint32_t> patchShell;
    std::vector<std::uint32_t> patchFlipped;  // triangles of the patch with flipped set
    std::vector<std::uint32_t> patchSize;
    std::vector<std::uint8_t> patchClosed;  // every edge balanced within the patch once its loops are capped
    std::uint32_t shellCount = 0;
    // Every edge balanced within the shell (its patches as wound): patches that meet at
    // non-manifold edges (solids touching along an edge or a face) may close only together.
    std::vector<std::uint8_t> shellClosed;
    // A manifold edge both of whose triangles run along it the same way after the walk: the patch
    // is not orientable (a Moebius band) and bounds nothing.
    std::vector<std::uint8_t> patchTwisted;
    // Patches that close neither alone nor with their whole shell (fins, panels meeting at
    // non-manifold edges, a shell that is open where they meet) are measured together, one group
    // per shell, each kept the way most of its triangles are given (reversed here if most were
    // flipped by the walk); see closeOpenShells.
    std::vector<std::uint8_t> patchOpen, patchReversed;

    // Boundary loops of the oriented surface, split at pinch vertices into simple loops: the
    // welded vertices of loop i are loopVertices[loopStart[i] .. loopStart[i + 1]), in the
    // direction the patch's (oriented) triangles traverse them. For the open patches of a shell
    // they are the edges whose uses do not balance (boundary and non-manifold edges alike), each
    // as often as it is unbalanced, so that the surface with every loop capped is balanced on
    // every edge: its winding number is an integer everywhere. loopPatch is then the group's
    // first patch.
    std::vector<std::uint32_t> loopStart{0};
    std::vector<std::uint32_t> loopVertices;
    std::vector<std::uint32_t> loopPatch;

    std::uint32_t duplicateTriangles = 0;
    // Counts of the surface as given (duplicates included), as Diagnostics reports them.
    std::uint32_t boundaryEdges = 0, nonManifoldEdges = 0, inconsistentEdges = 0, oddEdges = 0;
};

// Analyses a valid mesh given the welded vertex of each of its corners (see weld.h).
Surface analyzeSurface(const MeshView& mesh, std::vector<std::uint32_t> corners);

// The welded vertex of every corner of a valid mesh.
std::vector<std::uint32_t> weldedCorners(const MeshView& mesh, const std::vector<std::uint32_t>& weld);

}  // namespace detail
}  // namespace massprops
