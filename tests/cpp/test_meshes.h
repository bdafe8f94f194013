// Small meshes built by hand for the native tests.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "mass_properties/mass_properties.h"

namespace testmesh {

// A view of xyz positions (double or float) and 32-bit indices.
template <typename Scalar>
massprops::MeshView viewOf(const std::vector<Scalar>& positions, const std::vector<std::uint32_t>& indices) {
    static_assert(std::is_same_v<Scalar, double> || std::is_same_v<Scalar, float>);
    massprops::MeshView v;
    v.positions = positions.data();
    v.positionCount = positions.size();
    v.positionType = std::is_same_v<Scalar, float> ? massprops::ScalarType::Float32 : massprops::ScalarType::Float64;
    v.indices = indices.data();
    v.indexCount = indices.size();
    v.indexType = massprops::IndexType::Uint32;
    return v;
}

struct Mesh {
    std::vector<double> positions;
    std::vector<std::uint32_t> indices;

    massprops::MeshView view() const { return viewOf(positions, indices); }
};

// The same triangles with Float32 positions (check: false's plain sums take only these).
struct FloatMesh {
    std::vector<float> positions;
    std::vector<std::uint32_t> indices;

    explicit FloatMesh(const Mesh& m) : positions(m.positions.begin(), m.positions.end()), indices(m.indices) {}
    massprops::MeshView view() const { return viewOf(positions, indices); }
};

// Axis-aligned box [lo, hi], outward winding, 8 shared vertices.
inline Mesh box(const std::array<double, 3>& lo, const std::array<double, 3>& hi) {
    Mesh m;
    for (int i = 0; i < 8; ++i) {
        m.positions.push_back(i & 1 ? hi[0] : lo[0]);
        m.positions.push_back(i & 2 ? hi[1] : lo[1]);
        m.positions.push_back(i & 4 ? hi[2] : lo[2]);
    }
    // Faces as quads (counter-clockwise seen from outside), split into two triangles.
    const int quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    for (const auto& q : quads) {
        for (int k : {q[0], q[1], q[2], q[0], q[2], q[3]}) m.indices.push_back(static_cast<std::uint32_t>(k));
    }
    return m;
}

inline void flipAll(Mesh& m) {
    for (std::size_t t = 0; t < m.indices.size(); t += 3) std::swap(m.indices[t + 1], m.indices[t + 2]);
}

inline void append(Mesh& to, const Mesh& from) {
    const auto offset = static_cast<std::uint32_t>(to.positions.size() / 3);
    to.positions.insert(to.positions.end(), from.positions.begin(), from.positions.end());
    for (std::uint32_t i : from.indices) to.indices.push_back(i + offset);
}

}  // namespace testmesh
