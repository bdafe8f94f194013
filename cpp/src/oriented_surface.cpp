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
    // Candidate points: the welded vertices the counted triangles use, then the caps' corners;
    // corner c of the result refers to candidate `corner[c]`.
    std::vector<Vec3> candidates;
    std::vector<std::uint32_t> corner;
    withMeshTypes(mesh, [&](auto position, auto) {
        std::vector<std::uint32_t> candidateOf(vertexCount(mesh), kNoPatch);
        for (std::size_t t = 0; t < s.triangles; ++t) {
            if (plan.weight[t] == 0 || plan.piece[t] == kNoPatch) continue;
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t v = s.corners[3 * t + k];
                if (candidateOf[v] == kNoPatch) {
                    candidateOf[v] = static_cast<std::uint32_t>(candidates.size());
                    candidates.push_back(sub(position(v), origin));
                }
                corner.push_back(candidateOf[v]);
            }
            if (plan.weight[t] < 0) std::swap(corner[corner.size() - 1], corner[corner.size() - 2]);
            out.piece.push_back(plan.piece[t]);
            out.areaShare.push_back(1);
        }
        return 0;
    });
    for (std::size_t c = 0; c < plan.caps.size(); ++c) {
        if (plan.capWeight[c] == 0 || plan.capPiece[c] == kNoPatch) continue;
        const auto& cap = plan.caps[c];
        for (int k = 0; k < 3; ++k) {
            corner.push_back(static_cast<std::uint32_t>(candidates.size()));
            candidates.push_back(cap[k]);
        }
        if (plan.capWeight[c] < 0) std::swap(corner[corner.size() - 1], corner[corner.size() - 2]);
        out.piece.push_back(plan.capPiece[c]);
        const double twiceArea = norm(cross(sub(cap[1], cap[0]), sub(cap[2], cap[0])));
        out.areaShare.push_back(twiceArea > 0 ? plan.capTwiceArea[c] / twiceArea : 0);
    }
    // One point per position (a cap's corner is a vertex of the mesh, or its own).
    std::vector<std::uint32_t> order(candidates.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return candidates[a] < candidates[b] || (candidates[a] == candidates[b] && a < b);
    });
    std::vector<std::uint32_t> pointOf(candidates.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i == 0 || candidates[order[i]] != candidates[order[i - 1]]) out.points.push_back(candidates[order[i]]);
        pointOf[order[i]] = static_cast<std::uint32_t>(out.points.size() - 1);
    }
    out.triangles.resize(corner.size() / 3);
    for (std::size_t t = 0; t < out.triangles.size(); ++t)
        out.triangles[t] = {pointOf[corner[3 * t]], pointOf[corner[3 * t + 1]], pointOf[corner[3 * t + 2]]};
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
