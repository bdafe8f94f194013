// The solid repair: close every boundary loop with a fan from the mean of its vertices (for a
// planar hole exactly the flat cap), wind each closed patch outward by the sign of its own
// volume, then let nesting decide by winding number: a patch inside another keeps its winding
// as given (outward: part of the solid, the overlap resolved by the arrangement; inward: a
// cavity). Which patch lies inside which is decided by the generalised winding number of each
// patch at points on the other.
#include "repair.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "closed_winding.h"
#include "determinant.h"
#include "enclosed_volume.h"
#include "integrate.h"
#include "mesh_access.h"
#include "winding_correction.h"
#include "winding_integral.h"

namespace massprops {
namespace detail {

namespace {

constexpr double kPi = 3.14159265358979323846;

struct Patches {
    std::vector<double> volume6, abs6, area2;  // signed 6V (as oriented by the walk), sum |6V|, twice the area
    std::vector<std::uint32_t> start;          // triangles of patch p: order[start[p] .. start[p + 1])
    std::vector<std::uint32_t> order;
    std::vector<Vec3> lo, hi;             // bounding boxes, relative to the origin
    std::vector<std::uint32_t> capStart;  // caps of patch p: capsByPatch[capStart[p] .. capStart[p + 1])
    std::vector<std::uint32_t> capsByPatch;
};

// The caps of every loop, wound like its patch: for the boundary edge a -> b the cap triangle
// (b, a, m), m the mean of the loop's vertices.
template <typename Positions>
void buildCaps(const Surface& s, Positions position, const Vec3& origin, RepairPlan& plan,
               std::vector<std::uint32_t>& capPatch) {
    for (std::size_t loop = 0; loop + 1 < s.loopStart.size(); ++loop) {
        const std::uint32_t* v = s.loopVertices.data() + s.loopStart[loop];
        const std::size_t n = s.loopStart[loop + 1] - s.loopStart[loop];
        Vec3 mean{0, 0, 0};
        for (std::size_t i = 0; i < n; ++i) mean = add(mean, sub(position(v[i]), origin));
        mean = scale(mean, 1.0 / static_cast<double>(n));
        const std::size_t first = plan.caps.size();
        Vec3 normal{0, 0, 0};
        for (std::size_t i = 0; i < n; ++i) {
            const Vec3 a = sub(position(v[i]), origin), b = sub(position(v[(i + 1) % n]), origin);
            plan.caps.push_back({b, a, mean});
            capPatch.push_back(s.loopPatch[loop]);
            normal = add(normal, cross(sub(a, b), sub(mean, b)));
        }
        double sum = 0;
        for (std::size_t c = first; c < plan.caps.size(); ++c) {
            const auto& cap = plan.caps[c];
            const Vec3 n2 = cross(sub(cap[1], cap[0]), sub(cap[2], cap[0]));
            plan.capTwiceArea.push_back(dot(n2, normal) >= 0 ? norm(n2) : -norm(n2));
            sum += plan.capTwiceArea.back();
        }
        plan.capStart.push_back(static_cast<std::uint32_t>(plan.caps.size()));
        const double length = norm(normal);
        double size = 0, away = 0;  // the loop's largest distance from its mean, and from its mean plane
        for (std::size_t i = 0; i < n; ++i) {
            const Vec3 d = sub(sub(position(v[i]), origin), mean);
            size = std::max(size, norm(d));
            if (length > 0) away = std::max(away, std::abs(dot(d, normal)) / length);
        }
        plan.loopPlanar.push_back(away <= 1e-12 * size);
        // A fan folded so badly that its signed shares fall below the loop's own vector area:
        // take the projection on the mean normal instead, which adds up to exactly that area.
        if (sum < length)
            for (std::size_t c = first; c < plan.caps.size(); ++c) {
                const auto& cap = plan.caps[c];
                plan.capTwiceArea[c] =
                    length > 0 ? dot(cross(sub(cap[1], cap[0]), sub(cap[2], cap[0])), normal) / length : 0;
            }
    }
}

// Whether triangle t runs against the way its patch is measured (see Surface::patchReversed).
bool reversed(const Surface& s, std::size_t t) { return (s.flipped[t] != 0) != (s.patchReversed[s.patch[t]] != 0); }

// The pieces measured as one closed solid: a patch that closes alone, the patches of a shell
// that closes only as a whole (solids touching along a shared edge or face), or the open patches
// of a shell, closed by the loops of their unbalanced edges; kNoPatch for a patch that is not
// orientable. Returns the number of units.
std::uint32_t assignUnits(const Surface& s, std::vector<std::uint32_t>& unitOf) {
    unitOf.assign(s.patchCount, kNoPatch);
    std::vector<std::uint32_t> shellUnit(s.shellCount, kNoPatch);
    std::uint32_t units = 0;
    for (std::uint32_t id = 0; id < s.patchCount; ++id) {
        if (s.patchClosed[id]) {
            unitOf[id] = units++;
        } else if (s.shellClosed[s.patchShell[id]] || s.patchOpen[id]) {
            std::uint32_t& shared = shellUnit[s.patchShell[id]];
            if (shared == kNoPatch) shared = units++;
            unitOf[id] = shared;
        }
    }
    return units;
}

// Per unit: signed volume, scale, bounding box, and its triangles and caps grouped.
template <typename Positions, typename Indices>
Patches measurePatches(const Surface& s, Positions position, Indices index, const Vec3& origin, const RepairPlan& plan,
                       const std::vector<std::uint32_t>& capPatch, const std::vector<std::uint32_t>& unitOf,
                       std::uint32_t units) {
    Patches p;
    const std::size_t n = units;
    p.volume6.assign(n, 0);
    p.abs6.assign(n, 0);
    p.area2.assign(n, 0);
    p.lo.assign(n, {HUGE_VAL, HUGE_VAL, HUGE_VAL});
    p.hi.assign(n, {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL});
    p.start.assign(n + 1, 0);
    auto unitOfTriangle = [&](std::size_t t) { return s.patch[t] == kNoPatch ? kNoPatch : unitOf[s.patch[t]]; };
    for (std::size_t t = 0; t < s.triangles; ++t)
        if (unitOfTriangle(t) != kNoPatch) ++p.start[unitOfTriangle(t) + 1];
    for (std::size_t i = 1; i <= n; ++i) p.start[i] += p.start[i - 1];
    p.order.resize(p.start[n]);
    std::vector<std::uint32_t> fill(p.start.begin(), p.start.end() - 1);
    for (std::size_t t = 0; t < s.triangles; ++t) {
        const std::uint32_t id = unitOfTriangle(t);
        if (id == kNoPatch) continue;
        p.order[fill[id]++] = static_cast<std::uint32_t>(t);
        const Triangle tri = triangleAt(position, index, t, origin);
        const double d = determinant(tri.a, tri.b, tri.c, tri.n, tri.e1e1, tri.e2e2);
        p.volume6[id] += reversed(s, t) ? -d : d;
        p.abs6[id] += std::abs(d);
        p.area2[id] += norm(tri.n);
        for (const Vec3& x : {tri.a, tri.b, tri.c})
            for (int k = 0; k < 3; ++k) {
                p.lo[id][k] = std::min(p.lo[id][k], x[k]);
                p.hi[id][k] = std::max(p.hi[id][k], x[k]);
            }
    }
    p.capStart.assign(n + 1, 0);
    for (std::uint32_t id : capPatch)
        if (unitOf[id] != kNoPatch) ++p.capStart[unitOf[id] + 1];
    for (std::size_t i = 1; i <= n; ++i) p.capStart[i] += p.capStart[i - 1];
    p.capsByPatch.resize(p.capStart[n]);
    std::vector<std::uint32_t> capFill(p.capStart.begin(), p.capStart.end() - 1);
    for (std::size_t c = 0; c < capPatch.size(); ++c) {
        const std::uint32_t unit = unitOf[capPatch[c]];
        if (unit == kNoPatch) continue;
        p.capsByPatch[capFill[unit]++] = static_cast<std::uint32_t>(c);
        const auto& cap = plan.caps[c];
        const Triangle tri = triangleOf(cap[0], cap[1], cap[2]);
        const double d = determinant(tri.a, tri.b, tri.c, tri.n, tri.e1e1, tri.e2e2);
        p.volume6[unit] += d;
        p.abs6[unit] += std::abs(d);
        p.area2[unit] += norm(tri.n);
    }
    return p;
}

// How many times patch `id` (closed, as oriented by the walk) winds around point x.
template <typename Positions, typename Indices>
double windingNumber(const Surface& s, const Patches& p, const RepairPlan& plan, std::uint32_t id, const Vec3& x,
                     Positions position, Indices index, const Vec3& origin) {
    double total = 0;
    for (std::uint32_t i = p.start[id]; i < p.start[id + 1]; ++i) {
        const std::uint32_t t = p.order[i];
        const Triangle tri = triangleAt(position, index, t, origin);
        const double omega = solidAngle(sub(tri.a, x), sub(tri.b, x), sub(tri.c, x));
        total += reversed(s, t) ? -omega : omega;
    }
    for (std::uint32_t i = p.capStart[id]; i < p.capStart[id + 1]; ++i) {
        const auto& cap = plan.caps[p.capsByPatch[i]];
        total += solidAngle(sub(cap[0], x), sub(cap[1], x), sub(cap[2], x));
    }
    return total / (4 * kPi);
}

// The triangles and caps of unit `id`, as the walk wound them.
template <typename Positions, typename Indices>
std::vector<std::array<Vec3, 3>> unitTriangles(const Surface& s, const Patches& p, const RepairPlan& plan,
                                               std::uint32_t id, Positions position, Indices index,
                                               const Vec3& origin) {
    std::vector<std::array<Vec3, 3>> out;
    for (std::uint32_t i = p.start[id]; i < p.start[id + 1]; ++i) {
        const Triangle tri = triangleAt(position, index, p.order[i], origin);
        out.push_back(s.flipped[p.order[i]] ? std::array<Vec3, 3>{tri.a, tri.c, tri.b}
                                            : std::array<Vec3, 3>{tri.a, tri.b, tri.c});
    }
    for (std::uint32_t i = p.capStart[id]; i < p.capStart[id + 1]; ++i) out.push_back(plan.caps[p.capsByPatch[i]]);
    return out;
}

bool contains(const Vec3& lo, const Vec3& hi, const Vec3& x) {
    return x[0] >= lo[0] && x[0] <= hi[0] && x[1] >= lo[1] && x[1] <= hi[1] && x[2] >= lo[2] && x[2] <= hi[2];
}

// Where patch `id` is sampled: the centroids of its largest triangle and of the triangles whose
// centroids reach furthest along each axis (points inside its faces), and its extreme corners.
struct Samples {
    std::vector<Vec3> centroids, corners;
};

template <typename Positions, typename Indices>
Samples samplesOf(const Patches& p, std::uint32_t id, Positions position, Indices index, const Vec3& origin) {
    double best = -1;
    Samples out{std::vector<Vec3>(7), std::vector<Vec3>(6)};
    for (std::uint32_t i = p.start[id]; i < p.start[id + 1]; ++i) {
        const Triangle tri = triangleAt(position, index, p.order[i], origin);
        const Vec3 centroid = scale(add(add(tri.a, tri.b), tri.c), 1.0 / 3);
        const double area2 = dot(tri.n, tri.n);
        if (area2 > best) {
            best = area2;
            out.centroids[0] = centroid;
        }
        const bool first = i == p.start[id];
        for (int k = 0; k < 3; ++k) {
            if (first || centroid[k] < out.centroids[1 + 2 * k][k]) out.centroids[1 + 2 * k] = centroid;
            if (first || centroid[k] > out.centroids[2 + 2 * k][k]) out.centroids[2 + 2 * k] = centroid;
            for (const Vec3& x : {tri.a, tri.b, tri.c}) {
                if (first || x[k] < out.corners[2 * k][k]) out.corners[2 * k] = x;
                if (first || x[k] > out.corners[2 * k + 1][k]) out.corners[2 * k + 1] = x;
            }
        }
    }
    return out;
}

enum class Nesting { Outside, Inside, Intersecting };

// Where patch `id` lies relative to patch `other`, from its samples' winding numbers w about
// `other`. A centroid counts when w is near 0 or 1 (w = 1/2: it lies in one of other's faces);
// a corner only when w is very near 0 or 1, since a corner on other's edge or vertex sees a
// fraction (1/4, 1/8) of it. Inside: some sample in, none out; crossing: some of each.
template <typename Positions, typename Indices>
Nesting nesting(const Surface& s, const Patches& p, const RepairPlan& plan, std::uint32_t other, const Samples& at,
                const ClosedWinding& rays, Positions position, Indices index, const Vec3& origin) {
    int inside = 0, outside = 0;
    auto judge = [&](const Vec3& x, double margin) {
        if (!contains(p.lo[other], p.hi[other], x)) {
            ++outside;
            return;
        }
        // Exact ray crossings where a ray decides; the solid angles where x lies on the surface.
        int crossings = 0;
        const double w = rays.at(x, crossings) ? std::abs(crossings)
                                               : std::abs(windingNumber(s, p, plan, other, x, position, index, origin));
        if (w > 1 - margin) ++inside;
        if (w < margin) ++outside;
    };
    for (const Vec3& x : at.centroids) judge(x, 0.25);
    for (const Vec3& x : at.corners) judge(x, 0.05);
    if (inside > 0 && outside > 0) return Nesting::Intersecting;
    return inside > 0 ? Nesting::Inside : Nesting::Outside;
}

// The final sign of each unit: +1 keeps the walk's winding, -1 reverses it, 0 leaves it out.
template <typename Positions, typename Indices>
std::vector<int> unitSigns(const Surface& s, const Patches& p, const RepairPlan& plan, Positions position,
                           Indices index, const Vec3& origin, double extent, Repairs& repairs) {
    const std::size_t n = p.volume6.size();
    std::vector<int> sign(n, 0);
    std::vector<std::uint8_t> solid(n, 0);  // enclosing volume: takes part in nesting
    for (std::uint32_t id = 0; id < n; ++id) {
        solid[id] = enclosesVolume(std::abs(p.volume6[id]), p.abs6[id], p.area2[id], extent);
        if (!solid[id]) continue;  // a piece that encloses nothing even closed (a sheet, a fin)
        sign[id] = p.volume6[id] < 0 ? -1 : 1;
    }
    // Nesting needs two solid units; one alone (the common case) skips the sampling pass.
    if (std::count(solid.begin(), solid.end(), 1) < 2) return sign;
    // How deep each unit lies in larger ones (0: top level), and its winding as given: the walk's
    // (+1) when most of its triangles kept theirs.
    std::vector<int> depth(n, 0), given(n, 1);
    std::vector<ClosedWinding> rays;
    rays.reserve(n);
    for (std::uint32_t id = 0; id < n; ++id)
        rays.emplace_back(solid[id] ? unitTriangles(s, p, plan, id, position, index, origin)
                                    : std::vector<std::array<Vec3, 3>>());
    for (std::uint32_t id = 0; id < n; ++id) {
        if (!solid[id]) continue;
        std::uint32_t flipped = 0;
        for (std::uint32_t i = p.start[id]; i < p.start[id + 1]; ++i) flipped += s.flipped[p.order[i]];
        given[id] = 2 * flipped > p.start[id + 1] - p.start[id] ? -1 : 1;
        const Samples points = samplesOf(p, id, position, index, origin);
        for (std::uint32_t other = 0; other < n; ++other) {
            if (other == id || !solid[other]) continue;
            // Only a larger shell can hold this one.
            if (std::abs(p.volume6[other]) <= std::abs(p.volume6[id])) continue;
            depth[id] += nesting(s, p, plan, other, points, rays[other], position, index, origin) == Nesting::Inside;
        }
    }
    // Top-level units are turned outward. Whether the mesh was given inside-out as a whole is
    // read from them (their volume as given), and a nested unit keeps its winding relative to
    // that: outward it adds to the solid around it (the overlap counts once), inward it is a
    // cavity. The winding number decides, not the parity of the depth.
    double topGiven = 0;
    for (std::uint32_t id = 0; id < n; ++id)
        if (solid[id] && depth[id] == 0) topGiven += given[id] * p.volume6[id];
    const int whole = topGiven < 0 ? -1 : 1;
    for (std::uint32_t id = 0; id < n; ++id) {
        if (!solid[id] || depth[id] == 0) continue;
        sign[id] = whole * given[id];
        if (sign[id] * p.volume6[id] < 0) ++repairs.cavities;
    }
    return sign;
}

}  // namespace

RepairPlan planRepair(const MeshView& mesh, const Surface& s, const Vec3& origin, double extent) {
    RepairPlan plan;
    plan.weight.assign(s.triangles, 1);
    Repairs& repairs = plan.repairs;
    repairs.duplicateTriangles = s.duplicateTriangles;
    withMeshTypes(mesh, [&](auto position, auto index) {
        std::vector<std::uint32_t> capPatch, unitOf;
        buildCaps(s, position, origin, plan, capPatch);
        const std::uint32_t units = assignUnits(s, unitOf);
        const Patches p = measurePatches(s, position, index, origin, plan, capPatch, unitOf, units);
        const std::vector<int> unitSign = unitSigns(s, p, plan, position, index, origin, extent, repairs);
        std::vector<int> sign(s.patchCount, 0);
        for (std::uint32_t id = 0; id < s.patchCount; ++id)
            sign[id] = unitOf[id] == kNoPatch ? 0 : unitSign[unitOf[id]];
        const auto pieceOf = [&](std::uint32_t id) { return id == kNoPatch || sign[id] == 0 ? kNoPatch : unitOf[id]; };
        plan.piece.assign(s.triangles, kNoPatch);
        for (std::size_t t = 0; t < s.triangles; ++t) plan.piece[t] = pieceOf(s.patch[t]);
        for (std::uint32_t id : capPatch) plan.capPiece.push_back(pieceOf(id));
        // Pieces left out are counted as shells are: a shell with any part left out counts once.
        std::vector<std::uint8_t> leftOut(s.shellCount, 0);
        for (std::uint32_t id = 0; id < s.patchCount; ++id)
            if (sign[id] == 0) leftOut[s.patchShell[id]] = 1;
        repairs.openShells = static_cast<std::uint32_t>(std::count(leftOut.begin(), leftOut.end(), 1));
        // And by kind, so that a person can tell a Moebius band from a fin: a shell with a patch
        // that is not orientable; else one kept in part (a fin on a body); else one left out whole.
        std::vector<std::uint8_t> twisted(s.shellCount, 0), kept(s.shellCount, 0);
        for (std::uint32_t id = 0; id < s.patchCount; ++id) {
            if (unitOf[id] == kNoPatch) twisted[s.patchShell[id]] = 1;
            if (sign[id] != 0) kept[s.patchShell[id]] = 1;
        }
        for (std::uint32_t shell = 0; shell < s.shellCount; ++shell) {
            if (!leftOut[shell]) continue;
            std::uint32_t& kind = twisted[shell] ? repairs.twistedPieces
                                  : kept[shell]  ? repairs.fins
                                                 : repairs.flatPieces;
            ++kind;
        }

        // Triangles flipped against the surface as given, per patch: a patch mostly flipped was
        // given inside-out as a whole; the rest were local flips.
        std::vector<std::uint32_t> flippedInPatch(s.patchCount, 0);
        double surfaceArea = 0;
        for (std::size_t t = 0; t < s.triangles; ++t) {
            if (s.inactive[t] == kRepeated) plan.weight[t] = 0;
            const std::uint32_t id = s.patch[t];
            if (id == kNoPatch) continue;
            const int w = sign[id] * (reversed(s, t) ? -1 : 1);
            plan.weight[t] = static_cast<std::int8_t>(w);
            if (w < 0) ++flippedInPatch[id];
            const Triangle tri = triangleAt(position, index, t, origin);
            surfaceArea += 0.5 * norm(tri.n);
        }
        for (std::uint32_t id = 0; id < s.patchCount; ++id) {
            if (sign[id] == 0) continue;
            const std::uint32_t size = s.patchSize[id];
            if (2 * flippedInPatch[id] > size) {
                ++repairs.invertedShells;
                repairs.flippedTriangles += size - flippedInPatch[id];
            } else {
                repairs.flippedTriangles += flippedInPatch[id];
            }
        }
        double capArea = 0;
        for (std::size_t c = 0; c < plan.caps.size(); ++c) {
            plan.capWeight.push_back(static_cast<std::int8_t>(sign[capPatch[c]]));
            if (sign[capPatch[c]] != 0) capArea += 0.5 * plan.capTwiceArea[c];
        }
        for (std::size_t loop = 0; loop < s.loopPatch.size(); ++loop) {
            plan.loopCapped.push_back(sign[s.loopPatch[loop]] != 0);
            repairs.cappedHoles += plan.loopCapped.back();
        }
        repairs.capArea = surfaceArea > 0 ? capArea / surfaceArea : 0;
        for (std::size_t loop = 0; loop < plan.loopCapped.size(); ++loop)
            if (plan.loopCapped[loop] && !plan.loopPlanar[loop]) repairs.exact = false;
        return 0;
    });
    for (std::size_t t = 0; t < s.triangles && plan.asGiven; ++t) plan.asGiven = plan.weight[t] == 1;
    plan.asGiven = plan.asGiven && plan.caps.empty();
    return plan;
}

CurvedCaps spanCurvedLoops(const RepairPlan& plan, double extent, double volume, bool overlapping) {
    CurvedCaps out;
    std::vector<WeightedTriangle> caps;
    std::vector<std::size_t> groups{0}, loopOf;
    std::vector<std::uint8_t> curved;
    for (std::size_t loop = 0; loop < plan.loopCapped.size(); ++loop) {
        if (!plan.loopCapped[loop]) continue;
        for (std::uint32_t c = plan.capStart[loop]; c < plan.capStart[loop + 1]; ++c) {
            const auto& cap = plan.caps[c];
            caps.push_back({cap[0], cap[1], cap[2], static_cast<double>(plan.capWeight[c])});
        }
        groups.push_back(caps.size());
        loopOf.push_back(loop);
        curved.push_back(!plan.loopPlanar[loop]);
    }
    if (std::find(curved.begin(), curved.end(), 1) == curved.end()) return out;
    out.any = true;
    // The tolerance is relative to the solid: Sigma moves it by a small fraction.
    // Closing a mesh's holes costs at most a multiple of measuring it: 15,000 solid angles per
    // triangle (2 s at most; a car shell of 2,000 triangles needs three levels of refinement, 3e7), and caps of at most
    // 64 triangles per triangle of the mesh, or 4 where the arrangement cuts them (a crossing plane cuts each). A small
    // mesh with a wild hole gets a coarser Sigma and says so in its error bound, rather than seconds of refinement.
    const double triangles = static_cast<double>(plan.weight.size());
    const double budget = std::min(6e7, 2e6 + 15000.0 * triangles);
    out.span = spanningCaps(caps, groups, curved, extent, 1e-7 * volume, budget,
                            overlapping ? 256 + 4 * triangles : 4096 + 64 * triangles);
    // Where Sigma fails (a loop left as a fan), the integral of round(w_C) near the curved caps
    // may do better; the smaller bound wins. (Where every loop is spanned, Sigma's bound was the
    // smaller on every mesh tried.) The arrangement needs triangles, which the integral has not:
    // not when pieces overlap. Its budget is 3,200 solid angles per triangle (at most 1.2e8, 3 s)
    // with no fixed part, so that a small mesh whose Sigma fails (the fuzzer's) pays little; the
    // car shell beetle-alt settles to 1e-5 of the reference from 1.2e8 on (at 6e7 it was 1.7e-3 off).
    if (!overlapping && out.span.unspanned > 0)
        closeByIntegral(caps, groups, curved, extent, 1e-7 * volume, std::min(1.2e8, 3200.0 * triangles), out.span);
    // The plan again, each spanned loop's fan replaced by its Sigma (same weight and piece): the
    // caps are rebuilt loop by loop, everything else stays.
    RepairPlan& p = out.plan;
    p = plan;
    p.caps.clear();
    p.capWeight.clear();
    p.capTwiceArea.clear();
    p.capPiece.clear();
    p.capStart = {0};
    std::vector<std::size_t> groupOf(plan.loopCapped.size(), SIZE_MAX);
    for (std::size_t g = 0; g < loopOf.size(); ++g) groupOf[loopOf[g]] = g;
    for (std::size_t loop = 0; loop + 1 < plan.capStart.size(); ++loop) {
        const std::uint32_t first = plan.capStart[loop], last = plan.capStart[loop + 1];
        const std::size_t g = groupOf[loop];
        if (g != SIZE_MAX && first < last && !out.span.surfaces[g].empty()) {
            for (const auto& tri : out.span.surfaces[g]) {
                p.caps.push_back(tri);
                p.capWeight.push_back(plan.capWeight[first]);
                p.capPiece.push_back(plan.capPiece[first]);
                p.capTwiceArea.push_back(norm(cross(sub(tri[1], tri[0]), sub(tri[2], tri[0]))));
            }
        } else {
            for (std::uint32_t c = first; c < last; ++c) {
                p.caps.push_back(plan.caps[c]);
                p.capWeight.push_back(plan.capWeight[c]);
                p.capPiece.push_back(plan.capPiece[c]);
                p.capTwiceArea.push_back(plan.capTwiceArea[c]);
            }
        }
        p.capStart.push_back(static_cast<std::uint32_t>(p.caps.size()));
    }
    return out;
}

}  // namespace detail
}  // namespace massprops
