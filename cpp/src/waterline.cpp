#include "waterline.h"

#include <algorithm>
#include <cmath>

namespace massprops {
namespace detail {

namespace {

void addEdge(AreaMoments& m, double xa, double ya, double xb, double yb) {
    const double c = xa * yb - xb * ya;
    m.c += c;
    m.x += c * (xa + xb);
    m.y += c * (ya + yb);
    m.xx += c * (xa * xa + xa * xb + xb * xb);
    m.yy += c * (ya * ya + ya * yb + yb * yb);
    m.xy += c * (xa * yb + 2 * xa * ya + 2 * xb * yb + xb * ya);
}

void addArea(AreaMoments& to, const AreaMoments& m) {
    to.c += m.c, to.x += m.x, to.y += m.y, to.xx += m.xx, to.yy += m.yy, to.xy += m.xy;
}

// Where the edge between a vertex below (b, at signed distance sb < 0) and one not below (a, sa
// >= 0) meets the plane. Computed from the vertex below whichever way the triangle runs, so the
// two triangles that share the edge cut it at the same point and the waterplane's boundary
// closes exactly; a vertex on the plane is its own cut.
Vec3 cut(const Vec3& b, double sb, const Vec3& a, double sa) {
    if (sa == 0) return a;
    return add(b, scale(sub(a, b), sb / (sb - sa)));
}

// One triangle: its part below the plane (s < 0) into `below`, the edge it cuts along the plane
// into `area`. Sutherland-Hodgman against one plane: a triangle leaves at most a quadrilateral.
void clipOne(Moments& below, AreaMoments& area, const std::array<Vec3, 3>& p, const PlaneFrame& plane,
             const Vec3& point) {
    const double s[3] = {dot(plane.normal, p[0]) - plane.offset, dot(plane.normal, p[1]) - plane.offset,
                         dot(plane.normal, p[2]) - plane.offset};
    if (s[0] >= 0 && s[1] >= 0 && s[2] >= 0) return;
    Vec3 polygon[4];
    int count = 0, exit = -1, entry = -1;
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3;
        const bool inI = s[i] < 0, inJ = s[j] < 0;
        if (inI && inJ) {
            polygon[count++] = p[j];
        } else if (inI) {
            exit = count;
            polygon[count++] = cut(p[i], s[i], p[j], s[j]);
        } else if (inJ) {
            entry = count;
            polygon[count++] = cut(p[j], s[j], p[i], s[i]);
            polygon[count++] = p[j];
        }
    }
    for (int k = 0; k < count; ++k) polygon[k] = sub(polygon[k], point);
    for (int k = 1; k + 1 < count; ++k) {
        const Triangle tri = triangleOf(polygon[0], polygon[k], polygon[k + 1]);
        addTetrahedron(below, tri, determinantOf(tri), 0);
    }
    // The clipped piece runs exit -> entry along the plane; the cap over the submerged solid
    // (outward normal up) runs it back, entry -> exit: counter-clockwise seen from above.
    if (exit >= 0 && entry >= 0) {
        const Vec3 &a = polygon[entry], &b = polygon[exit];
        addEdge(area, dot(a, plane.u), dot(a, plane.v), dot(b, plane.u), dot(b, plane.v));
    }
}

}  // namespace

PlaneFrame planeFrame(const Vec3& normal, double offset) {
    PlaneFrame f;
    f.normal = normal;
    f.offset = offset;
    // Any unit u perpendicular to the normal: cross with the axis it is least aligned with.
    const int k = std::abs(normal[0]) <= std::abs(normal[1]) && std::abs(normal[0]) <= std::abs(normal[2]) ? 0
                  : std::abs(normal[1]) <= std::abs(normal[2])                                             ? 1
                                                                                                           : 2;
    Vec3 axis{0, 0, 0};
    axis[k] = 1;
    const Vec3 u = cross(axis, normal);
    f.u = scale(u, 1 / norm(u));
    f.v = cross(normal, f.u);
    return f;
}

Section clipBelow(const std::vector<std::array<Vec3, 3>>& triangles, const PlaneFrame& plane) {
    Section section;
    const Vec3 point = plane.point();
    double lowest = INFINITY;
    // Sum in blocks so rounding grows with the block count, not the triangle count.
    constexpr std::size_t kBlock = 1024;
    for (std::size_t start = 0; start < triangles.size(); start += kBlock) {
        Moments below;
        AreaMoments area;
        const std::size_t end = std::min(triangles.size(), start + kBlock);
        for (std::size_t t = start; t < end; ++t) {
            clipOne(below, area, triangles[t], plane, point);
            for (const Vec3& p : triangles[t]) lowest = std::min(lowest, dot(plane.normal, p) - plane.offset);
        }
        section.below.add(below);
        addArea(section.waterplane, area);
    }
    section.lowest = lowest;
    return section;
}

}  // namespace detail
}  // namespace massprops
