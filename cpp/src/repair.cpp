// The solid repair: close every boundary loop with a fan from the mean of its vertices (for a
// planar hole exactly the flat cap), wind each closed patch outward by the sign of its own
// volume, then let nesting decide (the even-odd rule slicers use): a patch inside an odd number
// of others is a cavity. Nesting is decided by the generalised winding number of each patch at
// a point on the other, never by the winding as given.
#include "repair.h"

#include <cmath>

#include "determinant.h"
#include "integrate.h"
#include "mesh_access.h"

namespace massprops {
namespace detail {

namespace {

constexpr double kPi = 3.14159265358979323846;

struct Patches {
    std::vector<double> volume6, scale6;  // signed 6V (as oriented by the walk) and the sum of |6V|
    std::vector<std::uint32_t> start;     // triangles of patch p: order[start[p] .. start[p + 1])
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
        for (std::size_t i = 0; i < n; ++i) {
            const Vec3 a = sub(position(v[i]), origin), b = sub(position(v[(i + 1) % n]), origin);
            plan.caps.push_back({b, a, mean});
            capPatch.push_back(s.loopPatch[loop]);
        }
    }
}

template <typename Positions, typename Indices>
Patches measurePatches(const Surface& s, Positions position, Indices index, const Vec3& origin,
                       const RepairPlan& plan, const std::vector<std::uint32_t>& capPatch) {
    Patches p;
    const std::size_t n = s.patchCount;
    p.volume6.assign(n, 0);
    p.scale6.assign(n, 0);
    p.lo.assign(n, {HUGE_VAL, HUGE_VAL, HUGE_VAL});
    p.hi.assign(n, {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL});
    p.start.assign(n + 1, 0);
    for (std::size_t t = 0; t < s.triangles; ++t)
        if (s.patch[t] != kNoPatch) ++p.start[s.patch[t] + 1];
    for (std::size_t i = 1; i <= n; ++i) p.start[i] += p.start[i - 1];
    p.order.resize(p.start[n]);
    std::vector<std::uint32_t> fill(p.start.begin(), p.start.end() - 1);
    for (std::size_t t = 0; t < s.triangles; ++t) {
        const std::uint32_t id = s.patch[t];
        if (id == kNoPatch) continue;
        p.order[fill[id]++] = static_cast<std::uint32_t>(t);
        const Triangle tri = triangleAt(position, index, t, origin);
        const double d = determinant(tri.a, tri.b, tri.c, tri.n, tri.e1e1, tri.e2e2);
        p.volume6[id] += s.flipped[t] ? -d : d;
        p.scale6[id] += std::abs(d);
        for (const Vec3& x : {tri.a, tri.b, tri.c})
            for (int k = 0; k < 3; ++k) {
                p.lo[id][k] = std::min(p.lo[id][k], x[k]);
                p.hi[id][k] = std::max(p.hi[id][k], x[k]);
            }
    }
    p.capStart.assign(n + 1, 0);
    for (std::uint32_t id : capPatch) ++p.capStart[id + 1];
    for (std::size_t i = 1; i <= n; ++i) p.capStart[i] += p.capStart[i - 1];
    p.capsByPatch.resize(capPatch.size());
    std::vector<std::uint32_t> capFill(p.capStart.begin(), p.capStart.end() - 1);
    for (std::size_t c = 0; c < capPatch.size(); ++c) {
        p.capsByPatch[capFill[capPatch[c]]++] = static_cast<std::uint32_t>(c);
        const auto& cap = plan.caps[c];
        const Triangle tri = triangleOf(cap[0], cap[1], cap[2]);
        const double d = determinant(tri.a, tri.b, tri.c, tri.n, tri.e1e1, tri.e2e2);
        p.volume6[capPatch[c]] += d;
        p.scale6[capPatch[c]] += std::abs(d);
    }
    return p;
}

// The solid angle of triangle (a, b, c) seen from the origin (Van Oosterom & Strackee 1983).
double solidAngle(const Vec3& a, const Vec3& b, const Vec3& c) {
    const double la = norm(a), lb = norm(b), lc = norm(c);
    const double numerator = dot(a, cross(b, c));
    const double denominator = la * lb * lc + dot(a, b) * lc + dot(b, c) * la + dot(c, a) * lb;
    return 2 * std::atan2(numerator, denominator);
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
        total += s.flipped[t] ? -omega : omega;
    }
    for (std::uint32_t i = p.capStart[id]; i < p.capStart[id + 1]; ++i) {
        const auto& cap = plan.caps[p.capsByPatch[i]];
        total += solidAngle(sub(cap[0], x), sub(cap[1], x), sub(cap[2], x));
    }
    return total / (4 * kPi);
}

bool contains(const Vec3& lo, const Vec3& hi, const Vec3& x) {
    return x[0] >= lo[0] && x[0] <= hi[0] && x[1] >= lo[1] && x[1] <= hi[1] && x[2] >= lo[2] && x[2] <= hi[2];
}

// Points on patch `id` that a shell nested in another must all have inside it: the centroid of
// its largest triangle and its extreme corners along each axis.
template <typename Positions, typename Indices>
std::vector<Vec3> pointsOn(const Patches& p, std::uint32_t id, Positions position, Indices index, const Vec3& origin) {
    double best = -1;
    std::vector<Vec3> points(7, Vec3{0, 0, 0});
    for (std::uint32_t i = p.start[id]; i < p.start[id + 1]; ++i) {
        const Triangle tri = triangleAt(position, index, p.order[i], origin);
        const double area2 = dot(tri.n, tri.n);
        if (area2 > best) {
            best = area2;
            points[0] = scale(add(add(tri.a, tri.b), tri.c), 1.0 / 3);
        }
        for (int k = 0; k < 3; ++k)
            for (const Vec3& x : {tri.a, tri.b, tri.c}) {
                if (i == p.start[id] || x[k] < points[1 + 2 * k][k]) points[1 + 2 * k] = x;
                if (i == p.start[id] || x[k] > points[2 + 2 * k][k]) points[2 + 2 * k] = x;
            }
    }
    return points;
}

enum class Nesting { Outside, Inside, Intersecting };

// Where patch `id` lies relative to patch `other`: judged at every sample point; a point on
// `other`'s surface (winding number near 1/2) says nothing.
template <typename Positions, typename Indices>
Nesting nesting(const Surface& s, const Patches& p, const RepairPlan& plan, std::uint32_t other,
                const std::vector<Vec3>& points, Positions position, Indices index, const Vec3& origin) {
    int inside = 0, outside = 0;
    for (const Vec3& x : points) {
        if (!contains(p.lo[other], p.hi[other], x)) {
            ++outside;
            continue;
        }
        const double w = std::abs(windingNumber(s, p, plan, other, x, position, index, origin));
        if (w > 0.75) ++inside;
        if (w < 0.25) ++outside;
    }
    if (inside > 0 && outside > 0) return Nesting::Intersecting;
    return inside > 0 ? Nesting::Inside : Nesting::Outside;
}

// The final sign of each patch: +1 keeps the walk's winding, -1 reverses it, 0 leaves it out.
template <typename Positions, typename Indices>
std::vector<int> patchSigns(const Surface& s, const Patches& p, const RepairPlan& plan, Positions position,
                            Indices index, const Vec3& origin, Repairs& repairs) {
    const std::size_t n = s.patchCount;
    std::vector<int> sign(n, 0);
    std::vector<std::uint8_t> solid(n, 0);  // closed and enclosing volume: takes part in nesting
    for (std::uint32_t id = 0; id < n; ++id) {
        if (!s.patchClosed[id]) {
            ++repairs.openShells;
            continue;
        }
        sign[id] = p.volume6[id] < 0 ? -1 : 1;
        solid[id] = std::abs(p.volume6[id]) > 1e-12 * p.scale6[id];
    }
    for (std::uint32_t id = 0; id < n; ++id) {
        if (!solid[id]) continue;
        const std::vector<Vec3> points = pointsOn(p, id, position, index, origin);
        int depth = 0;
        bool overlaps = false;
        for (std::uint32_t other = 0; other < n; ++other) {
            if (other == id || !solid[other] || std::abs(p.volume6[other]) <= std::abs(p.volume6[id])) continue;
            const Nesting where = nesting(s, p, plan, other, points, position, index, origin);
            depth += where == Nesting::Inside;
            overlaps = overlaps || where == Nesting::Intersecting;
        }
        repairs.intersectingShells += overlaps;
        if (depth % 2 == 1) {
            sign[id] = -sign[id];
            ++repairs.cavities;
        }
    }
    return sign;
}

}  // namespace

RepairPlan planRepair(const MeshView& mesh, const Surface& s, const Vec3& origin) {
    RepairPlan plan;
    plan.weight.assign(s.triangles, 1);
    Repairs& repairs = plan.repairs;
    repairs.duplicateTriangles = s.duplicateTriangles;
    withMeshTypes(mesh, [&](auto position, auto index) {
        std::vector<std::uint32_t> capPatch;
        buildCaps(s, position, origin, plan, capPatch);
        const Patches p = measurePatches(s, position, index, origin, plan, capPatch);
        const std::vector<int> sign = patchSigns(s, p, plan, position, index, origin, repairs);

        // Triangles flipped against the surface as given, per patch: a patch mostly flipped was
        // given inside-out as a whole; the rest were local flips.
        std::vector<std::uint32_t> flippedInPatch(s.patchCount, 0);
        double surfaceArea = 0;
        for (std::size_t t = 0; t < s.triangles; ++t) {
            if (s.inactive[t] == kRepeated) plan.weight[t] = 0;
            const std::uint32_t id = s.patch[t];
            if (id == kNoPatch) continue;
            const int w = sign[id] * (s.flipped[t] ? -1 : 1);
            plan.weight[t] = static_cast<std::int8_t>(w);
            if (w < 0) ++flippedInPatch[id];
            const Triangle tri = triangleAt(position, index, t, origin);
            surfaceArea += 0.5 * norm(tri.n);
        }
        for (std::uint32_t id = 0; id < s.patchCount; ++id) {
            if (sign[id] == 0) continue;
            const std::uint32_t size = p.start[id + 1] - p.start[id];
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
            if (sign[capPatch[c]] == 0) continue;
            const auto& cap = plan.caps[c];
            capArea += 0.5 * norm(cross(sub(cap[1], cap[0]), sub(cap[2], cap[0])));
        }
        for (std::size_t loop = 0; loop < s.loopPatch.size(); ++loop) {
            plan.loopCapped.push_back(sign[s.loopPatch[loop]] != 0);
            repairs.cappedHoles += plan.loopCapped.back();
        }
        repairs.capArea = surfaceArea > 0 ? capArea / surfaceArea : 0;
        return 0;
    });
    for (std::size_t t = 0; t < s.triangles && plan.asGiven; ++t) plan.asGiven = plan.weight[t] == 1;
    plan.asGiven = plan.asGiven && plan.caps.empty();
    return plan;
}

}  // namespace detail
}  // namespace massprops
