// Meshes for the repair, surface, shell and convex tests: bodies built closed by hand (so the
// core's clean path can integrate them), the same bodies opened, flipped or nested, and the
// edits the invariance tests apply. Everything outward (counter-clockwise seen from outside).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "mass_properties/mass_properties.h"
#include "test_meshes.h"

namespace repairmesh {

using massprops::Vec3;
using testmesh::Mesh;

constexpr double kPi = 3.14159265358979323846;

inline std::uint32_t addVertex(Mesh& m, double x, double y, double z) {
    m.positions.insert(m.positions.end(), {x, y, z});
    return static_cast<std::uint32_t>(m.positions.size() / 3 - 1);
}

inline void addTriangle(Mesh& m, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    m.indices.insert(m.indices.end(), {a, b, c});
}

inline std::size_t triangleCount(const Mesh& m) { return m.indices.size() / 3; }

inline Vec3 vertex(const Mesh& m, std::uint32_t v) {
    return {m.positions[3 * v], m.positions[3 * v + 1], m.positions[3 * v + 2]};
}

// --- UV sphere ---------------------------------------------------------------------------------
// Rings k = 1 .. stacks - 1 at polar angle pi k / stacks from +z, `slices` vertices each; bands
// 0 .. stacks - 1 between them (band 0 the north fan, the last the south fan). `cutBands` leaves
// out the first bands, so that ring `cutBands` becomes a planar boundary loop.
struct UvSphere {
    Mesh mesh;
    std::vector<std::vector<std::uint32_t>> rings;  // rings[k], k = 1 .. stacks - 1 (rings[0] empty)
};

inline UvSphere uvSphere(double r, const Vec3& c, int stacks, int slices, int cutBands = 0) {
    UvSphere s;
    Mesh& m = s.mesh;
    s.rings.resize(stacks);
    const std::uint32_t north = addVertex(m, c[0], c[1], c[2] + r);
    for (int k = 1; k < stacks; ++k) {
        const double theta = kPi * k / stacks, z = r * std::cos(theta), rho = r * std::sin(theta);
        for (int j = 0; j < slices; ++j) {
            const double phi = 2 * kPi * j / slices;
            s.rings[k].push_back(addVertex(m, c[0] + rho * std::cos(phi), c[1] + rho * std::sin(phi), c[2] + z));
        }
    }
    const std::uint32_t south = addVertex(m, c[0], c[1], c[2] - r);
    for (int band = cutBands; band < stacks; ++band) {
        for (int j = 0; j < slices; ++j) {
            const int jn = (j + 1) % slices;
            if (band == 0) {
                addTriangle(m, north, s.rings[1][j], s.rings[1][jn]);
            } else if (band == stacks - 1) {
                addTriangle(m, south, s.rings[band][jn], s.rings[band][j]);
            } else {
                const auto& up = s.rings[band];
                const auto& down = s.rings[band + 1];
                addTriangle(m, up[j], down[j], down[jn]);
                addTriangle(m, up[j], down[jn], up[jn]);
            }
        }
    }
    return s;
}

// A flat polygon over a loop counter-clockwise seen from outside, as a fan from its first
// vertex: for a planar loop any fan covers the same region (signed), so this closes the body
// exactly as a flat cap does, with a triangulation unlike the repair's fan from the mean.
inline void fanFromFirst(Mesh& m, const std::vector<std::uint32_t>& loop) {
    for (std::size_t i = 1; i + 1 < loop.size(); ++i) addTriangle(m, loop[0], loop[i], loop[i + 1]);
}

inline std::vector<std::uint32_t> reversed(std::vector<std::uint32_t> loop) { return {loop.rbegin(), loop.rend()}; }

// --- prisms ------------------------------------------------------------------------------------
// A prism over a polygon counter-clockwise in xy, from z0 to z1. The caps are triangulated by
// the given triangles (indices into the polygon, counter-clockwise seen from +z), or left open.
struct Prism {
    Mesh mesh;
    std::vector<std::uint32_t> bottom, top;  // the polygon's vertices at z0 and z1
};

using Polygon = std::vector<std::array<double, 2>>;
using Triangulation = std::vector<std::array<int, 3>>;

inline Triangulation fanTriangulation(std::size_t n) {
    Triangulation t;
    for (std::size_t i = 1; i + 1 < n; ++i) t.push_back({0, static_cast<int>(i), static_cast<int>(i + 1)});
    return t;
}

inline Prism prism(const Polygon& polygon, double z0, double z1, const Triangulation* bottomCap,
                   const Triangulation* topCap) {
    Prism p;
    for (const auto& q : polygon) p.bottom.push_back(addVertex(p.mesh, q[0], q[1], z0));
    for (const auto& q : polygon) p.top.push_back(addVertex(p.mesh, q[0], q[1], z1));
    const std::size_t n = polygon.size();
    for (std::size_t j = 0; j < n; ++j) {
        const std::size_t k = (j + 1) % n;
        addTriangle(p.mesh, p.bottom[j], p.bottom[k], p.top[k]);
        addTriangle(p.mesh, p.bottom[j], p.top[k], p.top[j]);
    }
    if (bottomCap)
        for (const auto& t : *bottomCap) addTriangle(p.mesh, p.bottom[t[0]], p.bottom[t[2]], p.bottom[t[1]]);
    if (topCap)
        for (const auto& t : *topCap) addTriangle(p.mesh, p.top[t[0]], p.top[t[1]], p.top[t[2]]);
    return p;
}

// The regular n-gon of circumradius r, first vertex on +x.
inline Polygon regularPolygon(int n, double r) {
    Polygon p;
    for (int j = 0; j < n; ++j) p.push_back({r * std::cos(2 * kPi * j / n), r * std::sin(2 * kPi * j / n)});
    return p;
}

// --- voxel bodies --------------------------------------------------------------------------------
// The boundary of a union of unit cubes on the integer grid: one quad (two triangles) per cube
// face not shared with another cube, vertices shared through their grid point.
struct Quad {
    std::array<int, 3> cell;
    int axis, side;             // the face's normal is side * e_axis
    std::size_t firstTriangle;  // its two triangles are firstTriangle and firstTriangle + 1
};

struct VoxelBody {
    Mesh mesh;
    std::vector<Quad> quads;
    std::size_t quadAt(const std::array<int, 3>& cell, int axis, int side) const {
        for (std::size_t q = 0; q < quads.size(); ++q)
            if (quads[q].cell == cell && quads[q].axis == axis && quads[q].side == side) return q;
        return quads.size();
    }
};

inline VoxelBody voxels(const std::set<std::array<int, 3>>& cells) {
    VoxelBody body;
    std::map<std::array<int, 3>, std::uint32_t> ids;
    auto point = [&](std::array<int, 3> p) {
        auto it = ids.find(p);
        if (it != ids.end()) return it->second;
        const std::uint32_t id = addVertex(body.mesh, p[0], p[1], p[2]);
        ids.emplace(p, id);
        return id;
    };
    for (const auto& cell : cells)
        for (int axis = 0; axis < 3; ++axis)
            for (int side : {-1, 1}) {
                std::array<int, 3> neighbour = cell;
                neighbour[axis] += side;
                if (cells.count(neighbour)) continue;
                // Corners base, +e_u, +e_u+e_v, +e_v (u, v the next axes cyclically) turn about
                // e_u x e_v = e_axis: outward on the + side, reversed on the - side.
                const int u = (axis + 1) % 3, v = (axis + 2) % 3;
                std::array<int, 3> q[4] = {cell, cell, cell, cell};
                for (auto& c : q) c[axis] += side > 0 ? 1 : 0;
                q[1][u] += 1;
                q[2][u] += 1, q[2][v] += 1;
                q[3][v] += 1;
                std::uint32_t id[4] = {point(q[0]), point(q[1]), point(q[2]), point(q[3])};
                if (side < 0) std::swap(id[1], id[3]);
                body.quads.push_back({cell, axis, side, triangleCount(body.mesh)});
                addTriangle(body.mesh, id[0], id[1], id[2]);
                addTriangle(body.mesh, id[0], id[2], id[3]);
            }
    return body;
}

// The 3 x 3 x 1 block of unit cubes without its middle one: a square torus, genus 1.
inline VoxelBody squareTorus() {
    std::set<std::array<int, 3>> cells;
    for (int x = 0; x < 3; ++x)
        for (int y = 0; y < 3; ++y)
            if (x != 1 || y != 1) cells.insert({x, y, 0});
    return voxels(cells);
}

// A Moebius band appended to m: its centre line the circle of radius 2 about (cx, 0, 0), its
// cross segment (length 0.8) turning half a turn along it, so that no winding is consistent.
inline void addMobiusBand(Mesh& m, double cx, int n) {
    std::vector<std::uint32_t> a, b;
    for (int j = 0; j < n; ++j) {
        const double phi = 2 * kPi * j / n, twist = phi / 2;
        const double x = cx + 2 * std::cos(phi), y = 2 * std::sin(phi);
        const double dr = 0.4 * std::cos(twist), dz = 0.4 * std::sin(twist);
        a.push_back(addVertex(m, x - dr * std::cos(phi), y - dr * std::sin(phi), -dz));
        b.push_back(addVertex(m, x + dr * std::cos(phi), y + dr * std::sin(phi), dz));
    }
    for (int j = 0; j < n; ++j) {
        // After a full turn the segment is reversed: the last strip joins a to b and b to a.
        const bool last = j == n - 1;
        const std::uint32_t nextA = last ? b[0] : a[j + 1], nextB = last ? a[0] : b[j + 1];
        addTriangle(m, a[j], b[j], nextB);
        addTriangle(m, a[j], nextB, nextA);
    }
}

// --- edits ----------------------------------------------------------------------------------------
inline void flipTriangle(Mesh& m, std::size_t t) { std::swap(m.indices[3 * t + 1], m.indices[3 * t + 2]); }

// The mesh without the listed triangles.
inline Mesh withoutTriangles(const Mesh& m, const std::set<std::size_t>& drop) {
    Mesh out;
    out.positions = m.positions;
    for (std::size_t t = 0; t < triangleCount(m); ++t)
        if (!drop.count(t)) addTriangle(out, m.indices[3 * t], m.indices[3 * t + 1], m.indices[3 * t + 2]);
    return out;
}

// A small deterministic generator: mt19937's output is fixed by the standard, the
// distributions are not, so indices are drawn from its raw output.
struct Random {
    std::mt19937 engine{20240611u};
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(engine() % n); }
    bool coin() { return (engine() & 1u) != 0; }
};

inline void shuffleTriangles(Mesh& m, Random& random) {
    for (std::size_t t = triangleCount(m); t > 1; --t) {
        const std::size_t other = random.below(static_cast<std::uint32_t>(t));
        for (int k = 0; k < 3; ++k) std::swap(m.indices[3 * (t - 1) + k], m.indices[3 * other + k]);
    }
}

inline void rotateCorners(Mesh& m, Random& random) {
    for (std::size_t t = 0; t < triangleCount(m); ++t) {
        std::uint32_t* v = &m.indices[3 * t];
        for (std::uint32_t turn = random.below(3); turn > 0; --turn) std::swap(v[0], v[1]), std::swap(v[1], v[2]);
    }
}

// Gives the triangles for which `pick` holds their own copies of all their vertices, so the
// mesh is cut (until welded) along the border between them and the rest; each copy is moved by
// up to `offset` in every coordinate.
template <typename Pick>
void splitSeam(Mesh& m, Pick pick, double offset, Random& random) {
    std::map<std::uint32_t, std::uint32_t> copies;
    for (std::size_t t = 0; t < triangleCount(m); ++t) {
        if (!pick(t)) continue;
        for (int k = 0; k < 3; ++k) {
            std::uint32_t& v = m.indices[3 * t + k];
            auto it = copies.find(v);
            if (it == copies.end()) {
                const Vec3 p = vertex(m, v);
                auto jitter = [&] { return offset * ((random.engine() % 2001) / 1000.0 - 1); };
                it = copies.emplace(v, addVertex(m, p[0] + jitter(), p[1] + jitter(), p[2] + jitter())).first;
            }
            v = it->second;
        }
    }
}

// Every vertex copied: the mesh as a triangle soup of separate (welded later) corners.
inline std::vector<double> soup(const Mesh& m) {
    std::vector<double> out;
    for (std::uint32_t i : m.indices)
        for (int k = 0; k < 3; ++k) out.push_back(m.positions[3 * i + k]);
    return out;
}

}  // namespace repairmesh

// --- expected solids -------------------------------------------------------------------------------
namespace repairmesh {

// A unit-density solid by its raw moments about the world origin: volume, first moment and the
// inertia tensor about the origin. These add and subtract as solids do (a cavity subtracts).
struct Moments {
    double volume = 0;
    Vec3 first{0, 0, 0};
    massprops::Mat3 inertia{0, 0, 0, 0, 0, 0, 0, 0, 0};  // about the origin

    Moments plus(const Moments& o, double sign = 1) const {
        Moments m = *this;
        m.volume += sign * o.volume;
        for (int k = 0; k < 3; ++k) m.first[k] += sign * o.first[k];
        for (int k = 0; k < 9; ++k) m.inertia[k] += sign * o.inertia[k];
        return m;
    }
    Moments minus(const Moments& o) const { return plus(o, -1); }
    Vec3 center() const { return {first[0] / volume, first[1] / volume, first[2] / volume}; }
    // The tensor about the center: I_O = I_c + V (|c|^2 E - c c^T) (parallel-axis theorem).
    massprops::Mat3 centralInertia() const {
        const Vec3 c = center();
        const double cc = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
        massprops::Mat3 i = inertia;
        for (int r = 0; r < 3; ++r)
            for (int s = 0; s < 3; ++s) i[3 * r + s] -= volume * ((r == s ? cc : 0) - c[r] * c[s]);
        return i;
    }
};

// From a result at any density: the unit-density tensor is inertia / density.
inline Moments momentsOf(const massprops::MassProperties& p) {
    Moments m;
    m.volume = p.volume;
    const Vec3& c = p.centerOfMass;
    const double cc = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
    for (int k = 0; k < 3; ++k) m.first[k] = p.volume * c[k];
    for (int r = 0; r < 3; ++r)
        for (int s = 0; s < 3; ++s)
            m.inertia[3 * r + s] = p.inertia[3 * r + s] / p.density + p.volume * ((r == s ? cc : 0) - c[r] * c[s]);
    return m;
}

// Closed form of the box [lo, hi]: V = abc, I_c = V / 12 diag(b^2 + c^2, a^2 + c^2, a^2 + b^2).
inline Moments boxMoments(const Vec3& lo, const Vec3& hi) {
    const double a = hi[0] - lo[0], b = hi[1] - lo[1], c = hi[2] - lo[2];
    massprops::MassProperties p;
    p.volume = a * b * c;
    p.density = 1;
    for (int k = 0; k < 3; ++k) p.centerOfMass[k] = 0.5 * (lo[k] + hi[k]);
    p.inertia = {p.volume * (b * b + c * c) / 12, 0, 0, 0, p.volume * (a * a + c * c) / 12, 0, 0, 0,
                 p.volume * (a * a + b * b) / 12};
    return momentsOf(p);
}

}  // namespace repairmesh
