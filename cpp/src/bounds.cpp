#include "bounds.h"

#include <algorithm>

#include "mesh_access.h"
#include "scan.h"

namespace massprops {
namespace detail {

Bounds bounds(const MeshView& mesh) { return scanPositions(mesh).box; }

Box3 usedBounds(const MeshView& mesh) {
    return withMeshTypes(mesh, [&](auto position, auto index) {
        const Vec3 first = position(index(0));
        Box3 b{first, first};
        for (std::size_t c = 1, n = cornerCount(mesh) / 3 * 3; c < n; ++c) {
            const Vec3 p = position(index(c));
            for (int k = 0; k < 3; ++k) {
                b.min[k] = std::min(b.min[k], p[k]);
                b.max[k] = std::max(b.max[k], p[k]);
            }
        }
        return b;
    });
}

}  // namespace detail
}  // namespace massprops
