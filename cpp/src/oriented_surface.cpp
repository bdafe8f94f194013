// Corners are taken at their welded vertex's position, so that triangles sharing an edge share
// its end points exactly (the arrangement's predicates then see them meet, not cross), and caps
// join the mesh by position.
#include "oriented_surface.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "linalg.h"
#include "mesh_access.h"

namespace massprops {
namespace detail {

OrientedSurface orientedSurface(const MeshView& mesh, const Surface& s, const RepairPlan& plan, const Vec3& origin) {
    OrientedSurface out;
    std::vector<Vec3> corners;
    withMeshTypes(mesh, [&](auto position, auto) {
        for (std::size_t t = 0; t < s.triangles; ++t) {
            if (plan.weight[t] == 0 || plan.piece[t] == kNoPatch) continue;
            for (int k = 0; k < 3; ++k) corners.push_back(sub(position(s.corners[3 * t + k]), origin));
            if (plan.weight[t] < 0) std::swap(corners[corners.size() - 1], corners[corners.size() - 2]);
            out.piece.push_back(plan.piece[t]);
            out.areaShare.push_back(1);
        }
        return 0;
    });
    for (std::size_t c = 0; c < plan.caps.size(); ++c) {
        if (plan.capWeight[c] == 0 || plan.capPiece[c] == kNoPatch) continue;
        const auto& cap = plan.caps[c];
        corners.insert(corners.end(), {cap[0], cap[1], cap[2]});
        if (plan.capWeight[c] < 0) std::swap(corners[corners.size() - 1], corners[corners.size() - 2]);
        out.piece.push_back(plan.capPiece[c]);
        const double twiceArea = norm(cross(sub(cap[1], cap[0]), sub(cap[2], cap[0])));
        out.areaShare.push_back(twiceArea > 0 ? plan.capTwiceArea[c] / twiceArea : 0);
    }
    // One point per position: sort the corners by coordinates.
    std::vector<std::uint32_t> order(corners.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return corners[a] < corners[b] || (corners[a] == corners[b] && a < b);
    });
    std::vector<std::uint32_t> pointOf(corners.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i == 0 || corners[order[i]] != corners[order[i - 1]]) out.points.push_back(corners[order[i]]);
        pointOf[order[i]] = static_cast<std::uint32_t>(out.points.size() - 1);
    }
    out.triangles.resize(corners.size() / 3);
    for (std::size_t t = 0; t < out.triangles.size(); ++t)
        out.triangles[t] = {pointOf[3 * t], pointOf[3 * t + 1], pointOf[3 * t + 2]};
    return out;
}

bool piecesOverlap(const OrientedSurface& s) {
    std::uint32_t pieces = 0;
    for (std::uint32_t p : s.piece) pieces = std::max(pieces, p + 1);
    std::vector<Vec3> lo(pieces, {HUGE_VAL, HUGE_VAL, HUGE_VAL}), hi(pieces, {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL});
    for (std::size_t t = 0; t < s.triangles.size(); ++t)
        for (std::uint32_t v : s.triangles[t])
            for (int k = 0; k < 3; ++k) {
                lo[s.piece[t]][k] = std::min(lo[s.piece[t]][k], s.points[v][k]);
                hi[s.piece[t]][k] = std::max(hi[s.piece[t]][k], s.points[v][k]);
            }
    for (std::uint32_t a = 0; a < pieces; ++a)
        for (std::uint32_t b = a + 1; b < pieces; ++b) {
            if (lo[a][0] > hi[a][0] || lo[b][0] > hi[b][0]) continue;  // a piece number with no triangles
            bool overlap = true;
            for (int k = 0; k < 3; ++k) overlap = overlap && lo[a][k] <= hi[b][k] && lo[b][k] <= hi[a][k];
            if (overlap) return true;
        }
    return false;
}

}  // namespace detail
}  // namespace massprops
