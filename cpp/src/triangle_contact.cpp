// Separating planes first (all corners of one strictly on one side of the other's plane), then the
// common corners and edges, then whether the two chords on the planes' common line overlap.
#include "triangle_contact.h"

#include <algorithm>
#include <array>
#include <utility>

#include "linalg.h"
#include "orient.h"

namespace massprops {
namespace detail {

namespace {

bool oneSide(const int* o) { return (o[0] > 0 && o[1] > 0 && o[2] > 0) || (o[0] < 0 && o[1] < 0 && o[2] < 0); }

bool bothSides(const int* o) { return (o[0] > 0 || o[1] > 0 || o[2] > 0) && (o[0] < 0 || o[1] < 0 || o[2] < 0); }

// Two triangles in one plane: a repeat of the same face, a fold over a common edge (the far
// corners on the same side of it), or any other pair whose boxes overlap (kept: splitting by the
// edges of one that does not overlap only makes more cells).
Contact coplanarContact(const OrientedSurface& s, std::uint32_t i, std::uint32_t j, int shared) {
    if (shared != 2) return Contact::Coplanar;
    const auto &ti = s.triangles[i], &tj = s.triangles[j];
    std::uint32_t common[2], farI = 0, farJ = 0;
    int c = 0;
    for (std::uint32_t v : ti) {
        if (std::find(tj.begin(), tj.end(), v) != tj.end())
            common[c++] = v;
        else
            farI = v;
    }
    for (std::uint32_t v : tj)
        if (v != common[0] && v != common[1]) farJ = v;
    const Vec3 &p = s.points[common[0]], &q = s.points[common[1]];
    const Vec3 n = normalOf(s, i);
    const Vec3 off = add(p, scale(n, norm(sub(q, p)) / norm(n)));  // a point off the plane, beside the edge
    const int a = orient3d(p, q, off, s.points[farI]), b = orient3d(p, q, off, s.points[farJ]);
    return a * b > 0 ? Contact::Coplanar : Contact::None;
}

// Two triangles, each with one corner alone on one side of the other's plane (no corner in it):
// whether their chords on the common line overlap by more than a point (Guigue & Devillers 2003:
// with each alone corner first, the other triangle wound so that it faces it, two orientations
// order the chords' ends). `onI`: i's corners against j's plane; `onJ`: j's against i's.
bool overlapOnTheLine(const OrientedSurface& s, std::uint32_t i, std::uint32_t j, const int* onI, const int* onJ) {
    const int a = onI[0] == onI[1] ? 2 : onI[0] == onI[2] ? 1 : 0;
    const int b = onJ[0] == onJ[1] ? 2 : onJ[0] == onJ[2] ? 1 : 0;
    const Vec3 &p1 = cornerOf(s, i, a), &p2 = cornerOf(s, j, b);
    const Vec3 *q1 = &cornerOf(s, i, (a + 1) % 3), *r1 = &cornerOf(s, i, (a + 2) % 3);
    const Vec3 *q2 = &cornerOf(s, j, (b + 1) % 3), *r2 = &cornerOf(s, j, (b + 2) % 3);
    if (onI[a] < 0) std::swap(q2, r2);
    if (onJ[b] < 0) std::swap(q1, r1);
    return orient3d(*q1, p2, p1, *q2) < 0 && orient3d(p1, p2, *r1, *r2) < 0;
}

}  // namespace

Contact contact(const OrientedSurface& s, std::uint32_t i, std::uint32_t j) {
    const auto &ti = s.triangles[i], &tj = s.triangles[j];
    int shared = 0;
    for (std::uint32_t a : ti) shared += std::count(tj.begin(), tj.end(), a);
    // j's corners against i's plane, i's corners against j's; a common corner lies in both.
    const auto in = [](const std::array<std::uint32_t, 3>& t, std::uint32_t v) {
        return v == t[0] || v == t[1] || v == t[2];
    };
    int onI[3], onJ[3];
    for (int k = 0; k < 3; ++k)
        onI[k] =
            in(ti, tj[k]) ? 0 : orient3d(cornerOf(s, i, 0), cornerOf(s, i, 1), cornerOf(s, i, 2), cornerOf(s, j, k));
    if (onI[0] == 0 && onI[1] == 0 && onI[2] == 0) return coplanarContact(s, i, j, shared);
    if (oneSide(onI)) return Contact::None;
    for (int k = 0; k < 3; ++k)
        onJ[k] =
            in(tj, ti[k]) ? 0 : orient3d(cornerOf(s, j, 0), cornerOf(s, j, 1), cornerOf(s, j, 2), cornerOf(s, i, k));
    if (oneSide(onJ)) return Contact::None;
    if (shared >= 2) return Contact::None;  // not coplanar: they meet on the common edge only
    const bool strict = onI[0] != 0 && onI[1] != 0 && onI[2] != 0 && onJ[0] != 0 && onJ[1] != 0 && onJ[2] != 0;
    if (strict) return overlapOnTheLine(s, i, j, onJ, onI) ? Contact::Crossing : Contact::None;
    if (shared == 1) {
        // They meet at the common corner, and beyond it only if neither has its two other
        // corners strictly on one side of the other's plane.
        int farI[2], farJ[2], a = 0, b = 0;
        for (int k = 0; k < 3; ++k) {
            if (std::find(tj.begin(), tj.end(), ti[k]) == tj.end()) farJ[a++] = onJ[k];
            if (std::find(ti.begin(), ti.end(), tj[k]) == ti.end()) farI[b++] = onI[k];
        }
        if (farJ[0] * farJ[1] > 0 || farI[0] * farI[1] > 0) return Contact::None;
    }
    return bothSides(onI) && bothSides(onJ) ? Contact::Crossing : Contact::Touching;
}

}  // namespace detail
}  // namespace massprops
