// Mass properties of a closed triangle mesh: every triangle and a reference point form a signed
// tetrahedron; summing their volumes, first and second moments integrates over the solid
// (divergence theorem), whatever its convexity or genus.
#include <algorithm>

#include "internal.h"
#include "determinant.h"
#include "mesh_access.h"

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
            const Vec3 a = detail::sub(position(index(3 * t)), origin);
            const Vec3 b = detail::sub(position(index(3 * t + 1)), origin);
            const Vec3 c = detail::sub(position(index(3 * t + 2)), origin);
            const Vec3 e1 = detail::sub(b, a), e2 = detail::sub(c, a);
            const Vec3 n = detail::cross(e1, e2);
            const double e1e1 = detail::dot(e1, e1), e2e2 = detail::dot(e2, e2);
            const double d = detail::determinant(a, b, c, n, e1e1, e2e2);
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
            if (detail::isDegenerate(twiceArea, e1e1, e2e2)) ++m.degenerate;
        }
        total.add(m);
    }
    return total;
}

}  // namespace

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

SurfaceSummary summarizeSurface(const MeshView& mesh, const Vec3& origin) {
    return withMeshTypes(mesh, [&](auto position, auto index) {
        SurfaceSummary out;
        for (std::size_t t = 0, triangles = cornerCount(mesh) / 3; t < triangles; ++t) {
            const Vec3 a = sub(position(index(3 * t)), origin);
            const Vec3 b = sub(position(index(3 * t + 1)), origin);
            const Vec3 c = sub(position(index(3 * t + 2)), origin);
            const Vec3 e1 = sub(b, a), e2 = sub(c, a);
            const Vec3 n = cross(e1, e2);
            const double e1e1 = dot(e1, e1), e2e2 = dot(e2, e2);
            out.sixVolume += determinant(a, b, c, n, e1e1, e2e2);
            if (isDegenerate(norm(n), e1e1, e2e2)) ++out.degenerateTriangles;
        }
        return out;
    });
}

}  // namespace detail

Result measureMesh(const MeshView& mesh, const MassOptions& options) {
    std::string message;
    Status status = detail::validateMesh(mesh, message);
    if (status == Status::Ok) status = detail::checkMassOptions(options, message);
    if (status != Status::Ok) return detail::failure(status, message);

    const detail::Bounds box = detail::bounds(mesh);
    const Vec3 origin = detail::center(box);
    const std::size_t triangles = detail::cornerCount(mesh) / 3;
    Moments m = detail::withMeshTypes(
        mesh, [&](auto position, auto index) { return integrate(position, index, triangles, origin); });

    Diagnostics diagnostics;
    status = detail::inspectValidMesh(mesh, box, diagnostics, message);
    if (status != Status::Ok) return detail::failure(status, message);
    diagnostics.degenerateTriangles = m.degenerate;

    if (!std::isfinite(m.dAbs) || !std::isfinite(m.xx + m.yy + m.zz))
        return detail::failure(Status::InvalidArgument,
                               "mesh coordinates are too large: its moments overflow double precision");
    if (!(std::abs(m.d) > 1e-12 * m.dAbs))
        return detail::failure(Status::ZeroVolume,
                               "mesh encloses no volume (" + std::to_string(triangles) +
                                   " triangles, flat or cancelling out); " +
                                   (diagnostics.closed ? "it is closed but degenerate"
                                                       : std::to_string(diagnostics.boundaryEdges) +
                                                             " boundary edges: it is open"));
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
    return detail::finishSolid(volume, detail::add(origin, c), unitInertia, area, areaCentroid, options,
                               diagnostics, Status::InvalidArgument);
}

}  // namespace massprops
