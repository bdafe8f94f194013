// Typed access to a MeshView: positions as float or double, indices as none, uint16 or uint32.
#pragma once

#include <cstdint>
#include <utility>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

template <typename T>
struct PositionReader {
    const T* data;
    Vec3 operator()(std::size_t vertex) const {
        const T* p = data + 3 * vertex;
        return {static_cast<double>(p[0]), static_cast<double>(p[1]), static_cast<double>(p[2])};
    }
};

template <typename I>
struct IndexReader {
    const I* data;
    std::uint32_t operator()(std::size_t i) const { return static_cast<std::uint32_t>(data[i]); }
};

struct SequentialIndex {
    std::uint32_t operator()(std::size_t i) const { return static_cast<std::uint32_t>(i); }
};

// Calls f(positionReader, indexReader) with the concrete types of `mesh`.
template <typename F>
auto withMeshTypes(const MeshView& mesh, F&& f) {
    auto withIndices = [&](auto positions) {
        switch (mesh.indexType) {
            case IndexType::Uint16:
                return f(positions, IndexReader<std::uint16_t>{static_cast<const std::uint16_t*>(mesh.indices)});
            case IndexType::Uint32:
                return f(positions, IndexReader<std::uint32_t>{static_cast<const std::uint32_t*>(mesh.indices)});
            default:
                return f(positions, SequentialIndex{});
        }
    };
    if (mesh.positionType == ScalarType::Float32)
        return withIndices(PositionReader<float>{static_cast<const float*>(mesh.positions)});
    return withIndices(PositionReader<double>{static_cast<const double*>(mesh.positions)});
}

inline std::size_t vertexCount(const MeshView& mesh) { return mesh.positionCount / 3; }
inline std::size_t cornerCount(const MeshView& mesh) {
    return mesh.indexType == IndexType::None ? vertexCount(mesh) : mesh.indexCount;
}

// Checks lengths, emptiness, finiteness and index range; fills `message` on failure.
Status validateMesh(const MeshView& mesh, std::string& message);

struct Bounds {
    Vec3 lo, hi;
};
Bounds bounds(const MeshView& mesh);  // of all vertices of a valid mesh

// Center of the bounding box: a reference point near the mesh keeps products well scaled
// (a mesh far from the origin would otherwise lose digits to cancellation).
inline Vec3 center(const Bounds& b) {
    return {0.5 * (b.lo[0] + b.hi[0]), 0.5 * (b.lo[1] + b.hi[1]), 0.5 * (b.lo[2] + b.hi[2])};
}

// The edge counts of inspectMesh() (all but `inverted` and `degenerateTriangles`) for a mesh that
// passed validateMesh(), with its bounds.
Status inspectValidMesh(const MeshView& mesh, const Bounds& box, Diagnostics& out, std::string& message);

// Zero area up to rounding, relative to the triangle's own size (|e1 x e2|, |e1|^2, |e2|^2).
inline bool isDegenerate(double twiceArea, double e1e1, double e2e2) { return twiceArea <= 1e-12 * (e1e1 + e2e2); }

struct SurfaceSummary {
    double sixVolume = 0;  // 6 * the signed volume the winding encloses (negative: inside-out)
    std::uint32_t degenerateTriangles = 0;
};
SurfaceSummary summarizeSurface(const MeshView& mesh, const Vec3& origin);  // of a valid mesh

}  // namespace detail
}  // namespace massprops
