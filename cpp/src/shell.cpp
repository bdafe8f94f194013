// Over a triangle (a, b, c) of area A, with s = a + b + c (exact for the linear parametrisation
// x = a + u (b - a) + v (c - a), where dA = 2A du dv on the unit triangle):
//   integral of 1 = A,   integral of x = A s / 3,
//   integral of x x^T = A / 12 (a a^T + b b^T + c c^T + s s^T)
// (the per-axis form A/6 (a^2 + b^2 + c^2 + ab + bc + ca) rewritten with s^2). Summed over the
// surface they give the area, the area centroid and the second moments; the inertia follows as
// for a solid: I = tr(C) 1 - C about the centroid.
#include "shell.h"

#include <cmath>

#include "integrate.h"
#include "mesh_access.h"

namespace massprops {
namespace detail {

UnitSolid shellOf(const MeshView& mesh, const Vec3& origin, const std::vector<std::int8_t>& weight, double thickness,
                  std::uint32_t& degenerate) {
    double area = 0, xx = 0, yy = 0, zz = 0, xy = 0, yz = 0, zx = 0;
    Vec3 first{0, 0, 0};
    degenerate = 0;
    withMeshTypes(mesh, [&](auto position, auto index) {
        for (std::size_t t = 0, triangles = cornerCount(mesh) / 3; t < triangles; ++t) {
            const Triangle tri = triangleAt(position, index, t, origin);
            const double twiceArea = std::sqrt(dot(tri.n, tri.n));
            if (isDegenerate(twiceArea, tri.e1e1, tri.e2e2)) ++degenerate;
            if (weight[t] == 0) continue;
            const Vec3 &a = tri.a, &b = tri.b, &c = tri.c;
            const Vec3 s = add(add(a, b), c);
            const double k = twiceArea / 24;  // A / 12
            area += twiceArea / 2;
            first = add(first, scale(s, twiceArea / 6));
            xx += k * (a[0] * a[0] + b[0] * b[0] + c[0] * c[0] + s[0] * s[0]);
            yy += k * (a[1] * a[1] + b[1] * b[1] + c[1] * c[1] + s[1] * s[1]);
            zz += k * (a[2] * a[2] + b[2] * b[2] + c[2] * c[2] + s[2] * s[2]);
            xy += k * (a[0] * a[1] + b[0] * b[1] + c[0] * c[1] + s[0] * s[1]);
            yz += k * (a[1] * a[2] + b[1] * b[2] + c[1] * c[2] + s[1] * s[2]);
            zx += k * (a[2] * a[0] + b[2] * b[0] + c[2] * c[0] + s[2] * s[0]);
        }
        return 0;
    });
    const Vec3 c = area > 0 ? scale(first, 1 / area) : Vec3{0, 0, 0};
    // Second moments about the centroid (parallel-axis theorem), then per unit of the density.
    const double t = thickness > 0 ? thickness : 1;
    const double sxx = t * (xx - area * c[0] * c[0]), syy = t * (yy - area * c[1] * c[1]);
    const double szz = t * (zz - area * c[2] * c[2]), sxy = t * (xy - area * c[0] * c[1]);
    const double syz = t * (yz - area * c[1] * c[2]), szx = t * (zx - area * c[2] * c[0]);
    UnitSolid shell;
    shell.volume = area * t;
    shell.centerOfMass = add(origin, c);
    shell.unitInertia = {syy + szz, -sxy, -szx, -sxy, sxx + szz, -syz, -szx, -syz, sxx + syy};
    shell.surfaceArea = area;
    shell.surfaceCentroid = shell.centerOfMass;
    return shell;
}

}  // namespace detail
}  // namespace massprops
