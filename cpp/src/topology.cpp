// Surface checks behind Diagnostics: weld vertices (weld.cpp), then count how often, and in which
// directions, triangles use each edge. Edges are bucketed by their lower vertex with a counting
// sort: linear time with no comparison sort of the whole mesh.
#include "topology.h"

#include <algorithm>
#include <array>

#include "mesh_access.h"
#include "weld.h"

namespace massprops {

namespace {

template <typename Indices>
void countEdges(const MeshView& mesh, Indices index, std::size_t triangles, std::size_t vertices,
                const detail::Bounds& box, Diagnostics& out) {
    std::vector<std::uint32_t> corners(3 * triangles);
    {
        const std::vector<std::uint32_t> weld = detail::weldVertices(mesh, box);
        for (std::size_t c = 0; c < corners.size(); ++c) corners[c] = weld[index(c)];
    }
    auto collapsed = [](const std::uint32_t* v) { return v[0] == v[1] || v[1] == v[2] || v[2] == v[0]; };

    // Bucket every edge under its lower vertex; the entry is (higher vertex << 1 | direction).
    // Collapsed triangles (two corners welded together) have no edges.
    std::vector<std::uint32_t> starts(vertices + 1, 0);
    for (std::size_t t = 0; t < triangles; ++t) {
        const std::uint32_t* v = &corners[3 * t];
        if (collapsed(v)) continue;
        for (int k = 0; k < 3; ++k) ++starts[std::min(v[k], v[(k + 1) % 3]) + 1];
    }
    for (std::size_t b = 1; b < starts.size(); ++b) starts[b] += starts[b - 1];
    std::vector<std::uint32_t> entries(starts.back());
    {
        std::vector<std::uint32_t> fill(starts.begin(), starts.end() - 1);
        for (std::size_t t = 0; t < triangles; ++t) {
            const std::uint32_t* v = &corners[3 * t];
            if (collapsed(v)) continue;
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t a = v[k], b = v[(k + 1) % 3];
                const std::uint32_t lo = std::min(a, b), hi = std::max(a, b);
                entries[fill[lo]++] = (hi << 1) | (a < b ? 1u : 0u);
            }
        }
    }
    corners = std::vector<std::uint32_t>();
    std::uint32_t oddEdges = 0;
    for (std::size_t b = 0; b < vertices; ++b) {
        const auto first = entries.begin() + starts[b], last = entries.begin() + starts[b + 1];
        // A handful of entries per vertex: insertion sort beats a general sort here.
        for (auto i = first + (first != last); i < last; ++i)
            for (auto j = i; j != first && *(j - 1) > *j; --j) std::iter_swap(j - 1, j);
        for (auto run = first; run != last;) {
            const std::uint32_t hi = *run >> 1;
            std::uint32_t n = 0, forward = 0;
            for (; run != last && (*run >> 1) == hi; ++run) {
                ++n;
                forward += *run & 1u;
            }
            if (n == 1) ++out.boundaryEdges;
            if (n > 2) ++out.nonManifoldEdges;
            if (n % 2 == 1) ++oddEdges;
            if (n >= 2 && 2 * forward != n) ++out.inconsistentEdges;
        }
    }
    out.closed = oddEdges == 0;
    out.consistentWinding = out.inconsistentEdges == 0;
}

}  // namespace

namespace detail {

Status inspectValidMesh(const MeshView& mesh, const Bounds& box, Diagnostics& out, std::string& message) {
    const std::size_t vertices = detail::vertexCount(mesh);
    if (vertices >= (std::size_t(1) << 31)) {
        message = "mesh has too many vertices (" + std::to_string(vertices) + ")";
        return Status::InvalidLength;
    }
    out = Diagnostics{};
    const std::size_t triangles = detail::cornerCount(mesh) / 3;
    out.triangles = static_cast<std::uint32_t>(triangles);
    detail::withMeshTypes(mesh, [&](auto, auto index) {
        countEdges(mesh, index, triangles, vertices, box, out);
        return 0;
    });
    return Status::Ok;
}

}  // namespace detail

// Welding, then the corners and edge buckets of countEdges (the welding's scratch is freed
// before the buckets are filled).
std::size_t meshWorkingBytes(std::size_t vertexCount, std::size_t cornerCount) {
    const std::size_t weld = detail::weldWorkingBytes(vertexCount) + 4 * cornerCount;
    const std::size_t edges = 4 * cornerCount + 8 * (vertexCount + 1) + 4 * cornerCount;
    return std::max(weld, edges);
}

}  // namespace massprops
