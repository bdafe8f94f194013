// Mass properties of a closed triangle mesh: every triangle and a reference point form a signed
// tetrahedron; summing their volumes, first and second moments integrates over the solid
// (divergence theorem), whatever its convexity or genus.
#include <algorithm>

#include "bounds.h"
#include "determinant.h"
#include "mesh_access.h"
#include "result.h"
#include "status.h"
#include "topology.h"
#include "validate.h"

namespace massprops {

namespace {

// Sums of the signed tetrahedra (reference point, a, b, c), with d = det[a b c] = 6 * volume.
struct Moments {
    double d = 0;        // sum of d: 6 * volume
    double dAbs = 0;     // sum of |d|: the scale against which the volume is judged to be zero
    Vec3 first{0, 0, 0}; // sum of d * (a + b + c): 24 * first moment
    // sum of d * (a a^T + b b^T + c c^T + s s^T), s = a + b + c: 120 * second moment
    // (closed form for a tetrahedron with one vertex at the origin; Tonon 2004, Eberly).
    double xx = 0, yy = 0, zz = 0, xy = 0, yz = 0, zx = 0;
    double area2 = 0;              // sum of |n|: 2 * surface area
    Vec3 areaFirst{0, 0, 0};       // sum of |n| * s: 6 * area-weighted centroid sum
    std::uint32_t degenerate = 0;  // triangles of zero area

    void add(const Moments& o) {
        d += o.d;
        dAbs += o.dAbs;
        first = detail::add(first, o.first);
        xx += o.xx, yy += o.yy, zz += o.zz, xy += o.xy, yz += o.yz, zx += o.zx;
        area2 += o.area2;
        areaFirst = detail::add(areaFirst, o.areaFirst);
        degenerate += o.degenerate;
    }
};

template <typename Positions, typename Indices>
Moments integrate(Positions position, Indices index, std::size_t triangles, const Vec3& origin) {
    Moments total;
    // Sum in blocks so rounding grows with the block count, not the triangle count.
    constexpr std::size_t kBlock = 1024;
    for (std::size_t start = 0; start < triangles; start += kBlock) {
        Moments m;
        const std::size_t end = std::min(triangles, start + kBlock);
        for (std::size_t t = start; t < end; ++t) {
            const detail::Triangle tri = detail::triangleAt(position, index, t, origin);
            const Vec3 &a = tri.a, &b = tri.b, &c = tri.c, &n = tri.n;
            const double d = detail::determinant(a, b, c, n, tri.e1e1, tri.e2e2);
            const Vec3 s = detail::add(detail::add(a, b), c);
            m.d += d;
            m.dAbs += std::abs(d);
            m.first = detail::add(m.first, detail::scale(s, d));
            m.xx += d * (a[0] * a[0] + b[0] * b[0] + c[0] * c[0] + s[0] * s[0]);
            m.yy += d * (a[1] * a[1] + b[1] * b[1] + c[1] * c[1] + s[1] * s[1]);
            m.zz += d * (a[2] * a[2] + b[2] * b[2] + c[2] * c[2] + s[2] * s[2]);
            m.xy += d * (a[0] * a[1] + b[0] * b[1] + c[0] * c[1] + s[0] * s[1]);
            m.yz += d * (a[1] * a[2] + b[1] * b[2] + c[1] * c[2] + s[1] * s[2]);
            m.zx += d * (a[2] * a[0] + b[2] * b[0] + c[2] * c[0] + s[2] * s[0]);
            const double twiceArea = std::sqrt(detail::dot(n, n));
            m.area2 += twiceArea;
            m.areaFirst = detail::add(m.areaFirst, detail::scale(s, twiceArea));
            if (detail::isDegenerate(twiceArea, tri.e1e1, tri.e2e2)) ++m.degenerate;
        }
        total.add(m);
    }
    return total;
}

// 6 * the signed volume the winding encloses (negative: inside-out) and the degenerate count,
// without the moments: what inspectMesh needs beyond the edge counts.
struct SurfaceSummary {
    double sixVolume = 0;
    std::uint32_t degenerateTriangles = 0;
};

SurfaceSummary summarizeSurface(const MeshView& mesh, const Vec3& origin) {
    return detail::withMeshTypes(mesh, [&](auto position, auto index) {
        SurfaceSummary out;
        for (std::size_t t = 0, triangles = detail::cornerCount(mesh) / 3; t < triangles; ++t) {
            const detail::Triangle tri = detail::triangleAt(position, index, t, origin);
            out.sixVolume += detail::determinant(tri.a, tri.b, tri.c, tri.n, tri.e1e1, tri.e2e2);
            if (detail::isDegenerate(detail::norm(tri.n), tri.e1e1, tri.e2e2)) ++out.degenerateTriangles;
        }
        return out;
    });
}

}  // namespace

Result measureMesh(const MeshView& mesh, const MassOptions& options) {
    std::string message;
    Status status = detail::validateMesh(mesh, message);
    if (status == Status::Ok) status = detail::checkMassOptions(options, message);
    if (status != Status::Ok) return detail::Failure{status, message};

    const detail::Bounds box = detail::bounds(mesh);
    const Vec3 origin = detail::center(box);
    const std::size_t triangles = detail::cornerCount(mesh) / 3;
    Moments m = detail::withMeshTypes(
        mesh, [&](auto position, auto index) { return integrate(position, index, triangles, origin); });

    Diagnostics diagnostics;
    status = detail::inspectValidMesh(mesh, box, diagnostics, message);
    if (status != Status::Ok) return detail::Failure{status, message};
    diagnostics.degenerateTriangles = m.degenerate;

    if (!std::isfinite(m.dAbs) || !std::isfinite(m.xx + m.yy + m.zz))
        return detail::Failure{Status::InvalidArgument,
                               "mesh coordinates are too large: its moments overflow double precision"};
    if (!(std::abs(m.d) > 1e-12 * m.dAbs))
        return detail::Failure{Status::ZeroVolume,
                               "mesh encloses no volume (" + std::to_string(triangles) +
                                   " triangles, flat or cancelling out); " +
                                   (diagnostics.closed ? "it is closed but degenerate"
                                                       : std::to_string(diagnostics.boundaryEdges) +
                                                             " boundary edges: it is open")};
    if (m.d < 0) {
        // Wound inside-out: measure the flipped surface and say so.
        diagnostics.inverted = true;
        m.d = -m.d;
        m.first = detail::scale(m.first, -1);
        m.xx = -m.xx, m.yy = -m.yy, m.zz = -m.zz, m.xy = -m.xy, m.yz = -m.yz, m.zx = -m.zx;
    }
    const double volume = m.d / 6;
    const Vec3 c = detail::scale(m.first, 1.0 / (4 * m.d));  // relative to origin
    // Second moments about the center of mass: subtract V c c^T (parallel-axis theorem).
    const double sxx = m.xx / 120 - volume * c[0] * c[0], syy = m.yy / 120 - volume * c[1] * c[1];
    const double szz = m.zz / 120 - volume * c[2] * c[2], sxy = m.xy / 120 - volume * c[0] * c[1];
    const double syz = m.yz / 120 - volume * c[1] * c[2], szx = m.zx / 120 - volume * c[2] * c[0];
    const Mat3 unitInertia{syy + szz, -sxy, -szx, -sxy, sxx + szz, -syz, -szx, -syz, sxx + syy};
    const double area = m.area2 / 2;
    const Vec3 areaCentroid = m.area2 > 0 ? detail::add(origin, detail::scale(m.areaFirst, 1 / (3 * m.area2)))
                                          : origin;
    const detail::UnitSolid solid{volume, detail::add(origin, c), unitInertia, area, areaCentroid};
    return detail::solidResult(solid, options, &diagnostics, Status::InvalidArgument);
}

Outcome<Diagnostics> inspectMesh(const MeshView& mesh) {
    std::string message;
    Outcome<Diagnostics> out;
    out.status = detail::validateMesh(mesh, message);
    if (out.status != Status::Ok) return detail::Failure{out.status, message};
    const detail::Bounds box = detail::bounds(mesh);
    out.status = detail::inspectValidMesh(mesh, box, out.value, message);
    if (out.status != Status::Ok) return detail::Failure{out.status, message};
    const SurfaceSummary summary = summarizeSurface(mesh, detail::center(box));
    out.value.inverted = summary.sixVolume < 0;
    out.value.degenerateTriangles = summary.degenerateTriangles;
    return out;
}

}  // namespace massprops
