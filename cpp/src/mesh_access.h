// Typed access to a MeshView: positions as float or double, indices as none or uint32 (uint8 and
// uint16 are widened first: WideIndices).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "linalg.h"
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

// Uint8 and Uint16 indices widened to Uint32 once, at the entry points, so that every mesh
// algorithm is compiled for two index types instead of four: the narrow ones were a fifth of the
// wasm module's code (96 of 460 KB, though only 2 KB gzipped: docs/size.md).
// The cost is a pass and 4 bytes a corner for a narrow mesh. Below the entry points a MeshView's
// indices are None or Uint32.
class WideIndices {
public:
    explicit WideIndices(const MeshView& mesh) : view_(mesh) {
        if (mesh.indexType == IndexType::Uint8) widen(static_cast<const std::uint8_t*>(mesh.indices));
        if (mesh.indexType == IndexType::Uint16) widen(static_cast<const std::uint16_t*>(mesh.indices));
    }
    const MeshView& view() const { return view_; }

private:
    template <typename I>
    void widen(const I* indices) {
        storage_.assign(indices, indices + view_.indexCount);
        view_.indices = storage_.data();
        view_.indexType = IndexType::Uint32;
    }
    MeshView view_;
    std::vector<std::uint32_t> storage_;
};

// Calls f(positionReader, indexReader) with the concrete types of `mesh`, whose indices are None
// or Uint32 (see WideIndices).
template <typename F>
auto withMeshTypes(const MeshView& mesh, F&& f) {
    auto withIndices = [&](auto positions) {
        if (mesh.indexType == IndexType::None) return f(positions, SequentialIndex{});
        return f(positions, IndexReader<std::uint32_t>{static_cast<const std::uint32_t*>(mesh.indices)});
    };
    if (mesh.positionType == ScalarType::Float32)
        return withIndices(PositionReader<float>{static_cast<const float*>(mesh.positions)});
    return withIndices(PositionReader<double>{static_cast<const double*>(mesh.positions)});
}

inline std::size_t vertexCount(const MeshView& mesh) { return mesh.positionCount / 3; }
inline std::size_t cornerCount(const MeshView& mesh) {
    return mesh.indexType == IndexType::None ? vertexCount(mesh) : mesh.indexCount;
}

// One triangle relative to a reference point, with what both the integration and the surface
// summary need: edges, normal n = e1 x e2, squared edge lengths and d = det[a b c].
struct Triangle {
    Vec3 a, b, c, e1, e2, n;
    double e1e1, e2e2;
};

template <typename Positions, typename Indices>
[[gnu::always_inline]] inline Triangle triangleAt(Positions position, Indices index, std::size_t t,
                                                  const Vec3& origin) {
    Triangle tri;
    tri.a = sub(position(index(3 * t)), origin);
    tri.b = sub(position(index(3 * t + 1)), origin);
    tri.c = sub(position(index(3 * t + 2)), origin);
    tri.e1 = sub(tri.b, tri.a);
    tri.e2 = sub(tri.c, tri.a);
    tri.n = cross(tri.e1, tri.e2);
    tri.e1e1 = dot(tri.e1, tri.e1);
    tri.e2e2 = dot(tri.e2, tri.e2);
    return tri;
}

// Zero area up to rounding, relative to the triangle's own size (|e1 x e2|, |e1|^2, |e2|^2).
inline bool isDegenerate(double twiceArea, double e1e1, double e2e2) { return twiceArea <= 1e-12 * (e1e1 + e2e2); }

}  // namespace detail
}  // namespace massprops
