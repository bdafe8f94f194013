// Welding: vertices that share a cell of a fine grid are one vertex. Vertices are partitioned
// by hash into cache-sized groups, then grouped by a small hash table per partition, so no pass
// jumps around the whole mesh.
#include "weld.h"

#include <algorithm>
#include <cmath>

#include "mesh_access.h"

namespace massprops {
namespace detail {

namespace {

// Vertices are welded when they fall in the same cell of a grid this fine relative to the
// mesh's size: generated geometry puts seam copies a rounding apart (three.js writes sin(2*pi)
// = -2.4e-16 where the first column has 0), which must not read as a hole.
constexpr double kGrid = 1e-9;

// A vertex with its grid cell. Cells are < 2^31 per axis: offsets are at most 1 / kGrid.
struct CellRecord {
    std::int32_t x, y, z;
    std::uint32_t vertex;
};

std::uint64_t cellHash(const CellRecord& r) {
    // Multiplicative hashing (odd 64-bit constants) of each coordinate, folded so that both the
    // high bits (partitions) and the low bits (table slots) depend on all three.
    std::uint64_t h = std::uint64_t(std::uint32_t(r.x)) * 0x9e3779b97f4a7c15ULL;
    h ^= std::uint64_t(std::uint32_t(r.y)) * 0xc2b2ae3d27d4eb4fULL;
    h ^= std::uint64_t(std::uint32_t(r.z)) * 0x165667b19e3779f9ULL;
    return h ^ (h >> 31);
}

// weld[v]: the lowest-numbered vertex in the same grid cell as v. Vertices are first partitioned
// by hash into cache-sized groups (two sequential passes), then grouped by a small hash table per
// partition, so no pass jumps around the whole mesh.
template <typename Positions>
std::vector<std::uint32_t> weldWith(Positions position, std::size_t vertices, const Bounds& box) {
    const Vec3 &lo = box.lo, &hi = box.hi;
    const double extent = std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
    // Offsets scale to [0, 1] first, so even a tiny mesh's cells stay finite (an extent below the
    // normal range, ~1e-308, has no finite inverse: then it is one cell).
    const double inverseExtent = extent > 0 && std::isfinite(1 / extent) ? 1 / extent : 0;
    auto cellIndex = [&](double offset) {
        // Offsets from `lo` are >= 0, so adding 1/2 and truncating rounds to the nearest cell.
        return static_cast<std::int32_t>(offset * inverseExtent * (1 / kGrid) + 0.5);
    };
    auto recordOf = [&](std::size_t v) {
        const Vec3 p = position(v);
        return CellRecord{cellIndex(p[0] - lo[0]), cellIndex(p[1] - lo[1]), cellIndex(p[2] - lo[2]),
                          static_cast<std::uint32_t>(v)};
    };

    // About 16 K vertices per partition (its table stays in L2), and at most 2^10 partitions so
    // the scatter writes few enough streams at once.
    int partitionBits = 0;
    while (partitionBits < 10 && (vertices >> (partitionBits + 14)) > 0) ++partitionBits;
    const int shift = 64 - partitionBits;
    auto partitionOf = [&](const CellRecord& r) {
        return partitionBits == 0 ? std::size_t(0) : static_cast<std::size_t>(cellHash(r) >> shift);
    };
    std::vector<std::uint32_t> starts((std::size_t(1) << partitionBits) + 1, 0);
    for (std::size_t v = 0; v < vertices; ++v) ++starts[partitionOf(recordOf(v)) + 1];
    for (std::size_t b = 1; b < starts.size(); ++b) starts[b] += starts[b - 1];
    std::vector<CellRecord> records(vertices);
    {
        std::vector<std::uint32_t> fill(starts.begin(), starts.end() - 1);
        for (std::size_t v = 0; v < vertices; ++v) {
            const CellRecord r = recordOf(v);
            records[fill[partitionOf(r)]++] = r;  // stable: ascending vertices within a partition
        }
    }

    std::vector<std::uint32_t> weld(vertices);
    std::vector<std::uint32_t> table;
    constexpr std::uint32_t kEmpty = 0xffffffffu;
    for (std::size_t b = 0; b + 1 < starts.size(); ++b) {
        const std::uint32_t first = starts[b], count = starts[b + 1] - first;
        std::size_t size = 16;
        while (size < 2 * std::size_t(count)) size <<= 1;
        table.assign(size, kEmpty);
        for (std::uint32_t i = first; i < first + count; ++i) {
            const CellRecord& r = records[i];
            for (std::size_t slot = cellHash(r) & (size - 1);; slot = (slot + 1) & (size - 1)) {
                if (table[slot] == kEmpty) {
                    table[slot] = i;
                    weld[r.vertex] = r.vertex;
                    break;
                }
                const CellRecord& q = records[table[slot]];
                if (q.x == r.x && q.y == r.y && q.z == r.z) {
                    weld[r.vertex] = q.vertex;
                    break;
                }
            }
        }
    }
    return weld;
}

}  // namespace

std::vector<std::uint32_t> weldVertices(const MeshView& mesh, const Bounds& box) {
    return withMeshTypes(mesh, [&](auto position, auto) { return weldWith(position, vertexCount(mesh), box); });
}

std::size_t weldWorkingBytes(std::size_t vertexCount) {
    return (sizeof(CellRecord) + 2 * sizeof(std::uint32_t)) * vertexCount + (std::size_t(1) << 20);
}

}  // namespace detail
}  // namespace massprops
