// Surface checks behind Diagnostics: weld vertices with equal coordinates, then count how often,
// and in which directions, triangles use each edge. Both steps are counting sorts into buckets
// (linear time, no comparison sort, no hash map of edges).
#include <algorithm>
#include <array>

#include "internal.h"
#include "mesh_access.h"

namespace massprops {

namespace {

std::uint64_t mix(std::uint64_t h) {
    // A 64-bit finaliser (splitmix64) spreads nearby cells over all buckets.
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebULL;
    return h ^ (h >> 31);
}

// Vertices are welded when they fall in the same cell of a grid this fine relative to the
// mesh's size: generated geometry puts seam copies a rounding apart (three.js writes sin(2*pi)
// = -2.4e-16 where the first column has 0), which must not read as a hole.
constexpr double kWeldTolerance = 1e-9;

using Cell = std::array<std::int64_t, 3>;

// weld[v]: the lowest-numbered vertex in the same grid cell as v.
template <typename Positions>
std::vector<std::uint32_t> weldVertices(Positions position, std::size_t vertices, const detail::Bounds& box) {
    const Vec3 &lo = box.lo, &hi = box.hi;
    const double extent = std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
    const double inverseCell = extent > 0 ? 1 / (kWeldTolerance * extent) : 0;  // all equal: one cell
    auto cellOf = [&](std::size_t v) {
        const Vec3 p = position(v);
        // Offsets from `lo` are >= 0, so adding 1/2 and truncating rounds to the nearest cell.
        return Cell{static_cast<std::int64_t>((p[0] - lo[0]) * inverseCell + 0.5),
                    static_cast<std::int64_t>((p[1] - lo[1]) * inverseCell + 0.5),
                    static_cast<std::int64_t>((p[2] - lo[2]) * inverseCell + 0.5)};
    };

    // Counting sort of the vertices by a hash of their cell, then grouping within buckets.
    std::uint32_t bits = 1;
    while ((std::size_t(1) << bits) < vertices) ++bits;
    const std::uint64_t mask = (std::uint64_t(1) << bits) - 1;
    std::vector<std::uint32_t> bucketOf(vertices);
    std::vector<std::uint32_t> starts(std::size_t(mask) + 2, 0);
    for (std::size_t v = 0; v < vertices; ++v) {
        const Cell c = cellOf(v);
        const std::uint64_t h = mix(std::uint64_t(c[0]) ^ mix(std::uint64_t(c[1]) ^ mix(std::uint64_t(c[2]))));
        bucketOf[v] = static_cast<std::uint32_t>(h & mask);
        ++starts[bucketOf[v] + 1];
    }
    for (std::size_t b = 1; b < starts.size(); ++b) starts[b] += starts[b - 1];
    std::vector<std::uint32_t> sorted(vertices);
    {
        std::vector<std::uint32_t> fill(starts.begin(), starts.end() - 1);
        for (std::size_t v = 0; v < vertices; ++v) sorted[fill[bucketOf[v]]++] = static_cast<std::uint32_t>(v);
    }
    bucketOf = std::vector<std::uint32_t>();  // release before the next allocation
    std::vector<std::uint32_t> weld(vertices);
    for (std::size_t b = 0; b + 1 < starts.size(); ++b) {
        // Buckets hold about one cell each; vertices are in ascending order within a bucket.
        for (std::uint32_t i = starts[b]; i < starts[b + 1]; ++i) {
            const std::uint32_t v = sorted[i];
            weld[v] = v;
            if (i == starts[b]) continue;
            const Cell c = cellOf(v);
            for (std::uint32_t j = starts[b]; j < i; ++j) {
                if (cellOf(sorted[j]) == c) {
                    weld[v] = weld[sorted[j]];
                    break;
                }
            }
        }
    }
    return weld;
}

template <typename Positions, typename Indices>
void countEdges(Positions position, Indices index, std::size_t triangles, std::size_t vertices,
                const detail::Bounds& box, Diagnostics& out) {
    const std::vector<std::uint32_t> weld = weldVertices(position, vertices, box);
    auto corner = [&](std::size_t t, int k) { return weld[index(3 * t + k)]; };

    // Bucket every edge under its lower vertex; the entry is (higher vertex << 1 | direction).
    std::vector<std::uint32_t> starts(vertices + 1, 0);
    for (std::size_t t = 0; t < triangles; ++t) {
        const std::uint32_t v[3] = {corner(t, 0), corner(t, 1), corner(t, 2)};
        const Vec3 a = position(v[0]);
        const Vec3 e1 = detail::sub(position(v[1]), a), e2 = detail::sub(position(v[2]), a);
        // Zero area up to rounding, relative to the triangle's own size.
        if (detail::norm(detail::cross(e1, e2)) <= 1e-12 * (detail::dot(e1, e1) + detail::dot(e2, e2)))
            ++out.degenerateTriangles;
        if (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) continue;  // collapsed: no edges
        for (int k = 0; k < 3; ++k) ++starts[std::min(v[k], v[(k + 1) % 3]) + 1];
    }
    for (std::size_t b = 1; b < starts.size(); ++b) starts[b] += starts[b - 1];
    std::vector<std::uint32_t> entries(starts.back());
    {
        std::vector<std::uint32_t> fill(starts.begin(), starts.end() - 1);
        for (std::size_t t = 0; t < triangles; ++t) {
            const std::uint32_t v[3] = {corner(t, 0), corner(t, 1), corner(t, 2)};
            if (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) continue;
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t a = v[k], b = v[(k + 1) % 3];
                const std::uint32_t lo = std::min(a, b), hi = std::max(a, b);
                entries[fill[lo]++] = (hi << 1) | (a < b ? 1u : 0u);
            }
        }
    }
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

Status inspectValidMesh(const MeshView& mesh, Diagnostics& out, std::string& message) {
    const std::size_t vertices = detail::vertexCount(mesh);
    if (vertices >= (std::size_t(1) << 31)) {
        message = "mesh has too many vertices (" + std::to_string(vertices) + ")";
        return Status::InvalidLength;
    }
    out = Diagnostics{};
    const std::size_t triangles = detail::cornerCount(mesh) / 3;
    out.triangles = static_cast<std::uint32_t>(triangles);
    const Bounds box = bounds(mesh);
    detail::withMeshTypes(mesh, [&](auto position, auto index) {
        countEdges(position, index, triangles, vertices, box, out);
        return 0;
    });
    return Status::Ok;
}

}  // namespace detail

Status inspectMesh(const MeshView& mesh, Diagnostics& out, std::string* message) {
    std::string text;
    Status status = detail::validateMesh(mesh, text);
    if (status == Status::Ok) status = detail::inspectValidMesh(mesh, out, text);
    if (status == Status::Ok) out.inverted = detail::signedVolumeTimesSix(mesh) < 0;
    if (message) *message = text;
    return status;
}

}  // namespace massprops
