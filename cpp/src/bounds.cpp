#include "bounds.h"

#include <algorithm>

#include "mesh_access.h"

namespace massprops {
namespace detail {

Bounds bounds(const MeshView& mesh) {
    return withMeshTypes(mesh, [&](auto position, auto) {
        Bounds b{position(0), position(0)};
        for (std::size_t v = 1, n = vertexCount(mesh); v < n; ++v) {
            const Vec3 p = position(v);
            for (int k = 0; k < 3; ++k) {
                b.lo[k] = std::min(b.lo[k], p[k]);
                b.hi[k] = std::max(b.hi[k], p[k]);
            }
        }
        return b;
    });
}

}  // namespace detail
}  // namespace massprops
