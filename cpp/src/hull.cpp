// The convex hull by quickhull (Barber, Dobkin & Huhdanpaa 1996): start from a tetrahedron,
// keep for every face the points outside it, and repeatedly add the farthest point of some face:
// the faces it sees are replaced by a cone from it to their horizon, and their outside points
// are handed to the cone's faces. Each point is read O(log n) times on typical inputs.
//
// Robustness comes from splitting two questions:
// - Which faces does the new point see? Decided exactly (a floating-point filter with a proven
//   error bound, exact expansion arithmetic when the filter cannot tell; Shewchuk 1997). The
//   surface is therefore always the boundary of a convex polytope: the seen faces form a disc
//   whose rim is a simple cycle (beneath-beyond, Grunbaum 5.2), the cone over it has no
//   degenerate triangle (the point is strictly above every seen face), and faces coplanar with
//   the point stay. No merging or repair is ever needed, whatever the rounding.
// - Is a point worth adding? Only if it is more than eps above a face's plane: the thick plane of
//   qhull, which drops duplicates and the rounding noise of flat regions cheaply. A dropped point
//   is within about eps of the hull, so the volume changes by at most about eps times the area.
// Coordinates are taken relative to the bounding box's center where that is exact (see frame), so
// a mesh far from the origin keeps its digits and the filters stay sharp, and scaled by a power of
// two to below 1, which keeps the exact arithmetic clear of overflow and underflow.
#include "hull.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <memory>

#include "determinant.h"
#include "linalg.h"
#include "mesh_access.h"

namespace massprops {
namespace detail {

namespace {

constexpr std::uint32_t kNone = 0xffffffffu;
constexpr std::size_t kChunk = 1024;  // points read per call of the caller's accessor

// The plane tolerance eps = kRelativeTolerance * size + kAbsoluteTolerance * maxAbs, where size is
// half the bounding box's largest side and maxAbs the largest coordinate magnitude.
// qhull's roundoff estimate for 3-d is ~10 DBL_EPSILON of the largest magnitude; the first term is
// wider so that the filter below (whose error is ~50 DBL_EPSILON |n| for a well-shaped face) settles
// nearly every test of a point lying in a face's plane, yet it moves the surface by only ~3e-14 of
// the body's size. The second is the input's own resolution: double coordinates far from the origin
// (a rotated CAD part at 1e3) are flat only to an ulp of their magnitude, noise not worth a vertex.
// Float32 input is exact in double, so its far-off flat faces are exactly flat already.
constexpr double kRelativeTolerance = 128 * DBL_EPSILON;
constexpr double kAbsoluteTolerance = 4 * DBL_EPSILON;

// A sum of doubles that is exact: the components do not overlap and grow in magnitude, so the
// sign of the sum is that of the last one (Shewchuk 1997, Grow-Expansion with zero elimination).
class Expansion {
public:
    void add(double b) {
        double q = b;
        int m = 0;
        for (int i = 0; i < size_; ++i) {
            double s, e;
            twoSum(q, c_[i], s, e);
            q = s;
            if (e != 0) c_[m++] = e;
        }
        if (q != 0) c_[m++] = q;
        size_ = m;
    }
    // x * y * z as four exact terms (Dekker's product twice).
    void addProduct(double x, double y, double z) {
        double p, e, p1, e1, p2, e2;
        twoProduct(x, Split(x), y, Split(y), p, e);
        const Split zs(z);
        twoProduct(p, Split(p), z, zs, p1, e1);
        twoProduct(e, Split(e), z, zs, p2, e2);
        add(e2);
        add(e1);
        add(p2);
        add(p1);
    }
    int sign() const { return size_ == 0 ? 0 : (c_[size_ - 1] > 0 ? 1 : -1); }

private:
    static constexpr int kCapacity = 6 * 8 * 4 + 1;  // see exactSign: every add grows it by at most 1
    double c_[kCapacity];
    int size_ = 0;
};

// The sign of det[b - a, c - a, q - a] - t, exactly: positive when q lies above the plane of the
// counter-clockwise triangle (a, b, c) by more than t / |(b - a) x (c - a)|. Called when a face's
// plane filter cannot tell, adaptively after Shewchuk 1997:
// - the determinant from the four points, with an error bound from their actual distances (the
//   face's filter bounds the distance by the whole body's size): settles a point near the face;
// - an estimate with an error of order DBL_EPSILON^2 (the determinant of the rounded differences to
//   about one rounding, plus the terms linear in the differences' rounding errors; stage C):
//   settles points coplanar only up to the rounding of their coordinates;
// - for exact degeneracies, the exact sum of every product of three entries.
int exactSign(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& q, double t) {
    {
        const Vec3 ba = sub(b, a), ca = sub(c, a), qa = sub(q, a);
        const double det = dot(ba, cross(ca, qa)) - t;
        // Shewchuk's orient3d bound, (7 + 56u) u times the permanent, plus the rounding of - t.
        const double permanent = std::abs(ba[0]) * (std::abs(ca[1] * qa[2]) + std::abs(ca[2] * qa[1])) +
                                 std::abs(ba[1]) * (std::abs(ca[2] * qa[0]) + std::abs(ca[0] * qa[2])) +
                                 std::abs(ba[2]) * (std::abs(ca[0] * qa[1]) + std::abs(ca[1] * qa[0]));
        const double bound = 4 * DBL_EPSILON * permanent + DBL_EPSILON * std::abs(t);
        if (det > bound) return 1;
        if (det < -bound) return -1;
    }
    double d[3][3][2];
    const Vec3* rows[3] = {&b, &c, &q};
    for (int r = 0; r < 3; ++r)
        for (int k = 0; k < 3; ++k) twoSum((*rows[r])[k], -a[k], d[r][k][0], d[r][k][1]);
    // det = sum over permutations s of sign(s) d[0][s0] d[1][s1] d[2][s2]
    static constexpr int kPermutation[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};

    const Vec3 u{d[0][0][0], d[0][1][0], d[0][2][0]}, v{d[1][0][0], d[1][1][0], d[1][2][0]},
        w{d[2][0][0], d[2][1][0], d[2][2][0]};
    const double hi = accurateDeterminant(u, v, w);
    double linear = 0, permanent = 0;
    for (int s = 0; s < 6; ++s) {
        const double(&x)[2] = d[0][kPermutation[s][0]];
        const double(&y)[2] = d[1][kPermutation[s][1]];
        const double(&z)[2] = d[2][kPermutation[s][2]];
        const double term = x[1] * y[0] * z[0] + x[0] * y[1] * z[0] + x[0] * y[0] * z[1];
        linear += s < 3 ? term : -term;
        permanent += std::abs(x[0] * y[0] * z[0]);
    }
    // |det - t - estimate| <= ~u |hi| (Dot2) + 2u |estimate| + ~100 u^2 permanent (the rounding of
    // the linear terms and the neglected quadratic ones), u = DBL_EPSILON / 2; bounded generously.
    const double estimate = (hi - t) + linear;
    const double bound = 2 * DBL_EPSILON * (std::abs(hi) + std::abs(t)) + 64 * DBL_EPSILON * DBL_EPSILON * permanent;
    if (estimate > bound) return 1;
    if (estimate < -bound) return -1;

    Expansion sum;
    for (int s = 0; s < 6; ++s) {
        const double sign = s < 3 ? 1.0 : -1.0;
        for (double x : d[0][kPermutation[s][0]]) {
            if (x == 0) continue;
            for (double y : d[1][kPermutation[s][1]]) {
                if (y == 0) continue;
                for (double z : d[2][kPermutation[s][2]])
                    if (z != 0) sum.addProduct(sign * x, y, z);
            }
        }
    }
    sum.add(-t);
    return sum.sign();
}

// A point outside some face, with its coordinates: the lists are walked again and again, and
// reading the caller's points by index there would be a cache miss per point.
struct OutsidePoint {
    Vec3 q;
    std::uint32_t id;
};

// Memory for the outside lists, whose capacities are powers of two: small ones are cut from large
// slabs and reused through a free list per size, so the millions of short lists a run creates and
// drops cost no allocator calls; the few long ones (the first faces') get their own allocation.
class OutsideArena {
public:
    static constexpr std::uint32_t kSmallest = 4;
    OutsidePoint* allocate(std::uint32_t capacity) {
        if (capacity > kLargestSmall) {
            large_.emplace_back(new OutsidePoint[capacity]);
            return large_.back().get();
        }
        std::vector<OutsidePoint*>& reuse = free_[sizeClass(capacity)];
        if (!reuse.empty()) {
            OutsidePoint* p = reuse.back();
            reuse.pop_back();
            return p;
        }
        if (left_ < capacity) {  // the old slab's tail, smaller than one list, is left unused
            slabs_.emplace_back(new OutsidePoint[kSlab]);
            cursor_ = slabs_.back().get();
            left_ = kSlab;
        }
        OutsidePoint* p = cursor_;
        cursor_ += capacity;
        left_ -= capacity;
        return p;
    }
    void release(OutsidePoint* p, std::uint32_t capacity) {
        if (capacity <= kLargestSmall) {
            free_[sizeClass(capacity)].push_back(p);
            return;
        }
        for (std::unique_ptr<OutsidePoint[]>& block : large_)
            if (block.get() == p) {
                block = std::move(large_.back());
                large_.pop_back();
                return;
            }
    }

private:
    static constexpr std::uint32_t kLargestSmall = 1u << 12;
    static constexpr std::uint32_t kSlab = 1u << 16;
    static int sizeClass(std::uint32_t capacity) {
        int k = 0;
        while ((kSmallest << k) < capacity) ++k;
        return k;
    }
    std::vector<std::unique_ptr<OutsidePoint[]>> slabs_, large_;
    std::vector<OutsidePoint*> free_[11];  // capacities 4 .. 4096
    OutsidePoint* cursor_ = nullptr;
    std::uint32_t left_ = 0;
};

struct Vertex {
    Vec3 q;                  // relative to the reference point, scaled
    std::uint32_t source;    // the caller's index
    std::uint32_t coneFace;  // the cone face whose horizon edge starts here, while coneEpoch is current
    std::uint32_t coneEpoch;
};

struct Face {
    Vec3 n;                           // (v1 - v0) x (v2 - v0), not normalised
    double offset;                    // n . v0
    float slack;                      // bound on |(n . q - offset) - det[v1 - v0, v2 - v0, q - v0]|
    float threshold;                  // eps |n|: how far det must exceed 0 for q to count as outside
    std::array<std::uint32_t, 3> v;   // counter-clockwise seen from outside
    std::array<std::uint32_t, 3> nb;  // nb[i]: the face across the edge v[i] -> v[i + 1]
    OutsidePoint* outside;            // the points more than eps above it (from OutsideArena)
    std::uint32_t size, capacity;
    std::uint32_t farthest;  // in outside, while size > 0
    float farthestHeight;
    std::uint32_t epoch;  // the last eye whose visibility walk reached this face
    bool visible;         // from that eye, while epoch is current
    bool alive;
};

struct HorizonEdge {
    std::uint32_t a, b;     // as in the seen face
    std::uint32_t outside;  // the unseen face across it
};

// A cone face's plane as distribute tests it, the cone's side by side in memory: outside when
// n . q - offset > above, not when <= below, else decided exactly (above and below are the face's
// threshold plus and minus its slack).
struct Plane {
    Vec3 n;
    double offset, above, below;
    Face* face;
};

struct List {
    OutsidePoint* points;
    std::uint32_t size, capacity;
};

class Quickhull {
public:
    explicit Quickhull(const PointSource& source) : source_(source) {}
    Hull run();

private:
    static constexpr int kBlockBits = 12;  // faces live in blocks of 4096 that never move

    Face& face(std::uint32_t id) { return blockStarts_[id >> kBlockBits][id & ((1u << kBlockBits) - 1)]; }
    const Face& face(std::uint32_t id) const { return blockStarts_[id >> kBlockBits][id & ((1u << kBlockBits) - 1)]; }
    void read(const std::uint32_t* ids, std::size_t n, Vec3* out) const;
    template <typename F>
    void forEachPoint(F&& f);
    bool frame();
    bool simplex();
    std::uint32_t addVertex(std::uint32_t source, const Vec3& q);
    std::uint32_t makeFace(std::uint32_t a, std::uint32_t b, std::uint32_t c);
    bool above(const Face& f, const Vec3& q, double s, double t) const;
    bool outside(const Plane& p, const Vec3& q, double& height) const;
    std::uint32_t target(const Vec3& q, std::uint32_t& hint, double& height) const;
    void append(Face& f, const OutsidePoint& point, double height);
    void grow(Face& f);
    bool addPoint(std::uint32_t face);
    void distribute(std::uint32_t eyeId);
    Hull output() const;

    PointSource source_;
    Vec3 center_{0, 0, 0};
    double scale_ = 1;                         // a power of two: |coordinate - center| * scale_ < 1
    double eps_ = 0;                           // the plane tolerance, scaled
    std::array<std::uint32_t, 6> extremes_{};  // lowest and highest point on each axis

    std::vector<Vertex> vertices_;
    std::vector<std::unique_ptr<Face[]>> blocks_;
    std::vector<Face*> blockStarts_;  // blocks_[i].get()
    std::uint32_t faceCount_ = 0;
    std::vector<std::uint32_t> free_;     // dead faces to reuse
    std::vector<std::uint32_t> pending_;  // faces that may have outside points
    OutsideArena arena_;
    std::uint32_t epoch_ = 0;
    std::uint32_t firstCapacity_ = OutsideArena::kSmallest;  // of a list's first allocation
    static constexpr std::uint32_t kLargestFirst = 1024;
    // scratch, kept to avoid reallocating per point
    std::vector<std::uint32_t> visible_, cone_, chunkIds_;
    std::vector<Plane> planes_;  // cone_'s planes
    std::vector<HorizonEdge> horizon_;
    std::vector<Vec3> chunk_;
    std::vector<List> lists_;  // the seen faces' outside points, being handed on to the cone
};

void Quickhull::read(const std::uint32_t* ids, std::size_t n, Vec3* out) const {
    source_.gather(source_.context, ids, n, out);
    for (std::size_t k = 0; k < n; ++k)
        for (int i = 0; i < 3; ++i) out[k][i] = (out[k][i] - center_[i]) * scale_;
}

// f(id, q) for every point, read a chunk at a time.
template <typename F>
void Quickhull::forEachPoint(F&& f) {
    chunkIds_.resize(kChunk);
    chunk_.resize(kChunk);
    for (std::size_t start = 0; start < source_.count; start += kChunk) {
        const std::size_t n = std::min(kChunk, source_.count - start);
        for (std::size_t k = 0; k < n; ++k) chunkIds_[k] = static_cast<std::uint32_t>(start + k);
        read(chunkIds_.data(), n, chunk_.data());
        for (std::size_t k = 0; k < n; ++k) f(chunkIds_[k], chunk_[k]);
    }
}

// The bounding box: the reference point, the scale and the plane tolerance.
bool Quickhull::frame() {
    Vec3 lo, hi;
    lo.fill(std::numeric_limits<double>::infinity());
    hi.fill(-std::numeric_limits<double>::infinity());
    bool finite = true;
    forEachPoint([&](std::uint32_t id, const Vec3& p) {  // center_ = 0, scale_ = 1: raw coordinates
        for (int i = 0; i < 3; ++i) {
            if (!std::isfinite(p[i])) finite = false;
            if (p[i] < lo[i]) lo[i] = p[i], extremes_[2 * i] = id;
            if (p[i] > hi[i]) hi[i] = p[i], extremes_[2 * i + 1] = id;
        }
    });
    if (!finite) return false;
    // An axis is shifted to the box's center only where that is exact for every point: Sterbenz's
    // lemma, x - c is exact when c / 2 <= x <= 2c, holds when the box is far from the origin
    // compared with its size, which is exactly when shifting keeps digits. Elsewhere the box
    // reaches near or across zero and loses nothing unshifted. Exact shifting (and scaling by a
    // power of two) means every orientation the hull decides holds for the caller's coordinates
    // too: even a sliver face comes back wound outward.
    double size = 0, magnitude = 0, maxAbs = 0;
    for (int i = 0; i < 3; ++i) {
        const double c = 0.5 * lo[i] + 0.5 * hi[i];
        const bool exact = c > 0 ? lo[i] >= 0.5 * c && hi[i] <= 2 * c : hi[i] <= 0.5 * c && lo[i] >= 2 * c;
        center_[i] = exact ? c : 0;
        size = std::max(size, 0.5 * hi[i] - 0.5 * lo[i]);
        // The largest |coordinate - center| (rounding is monotonic, so no point's exceeds it).
        magnitude = std::max({magnitude, hi[i] - center_[i], center_[i] - lo[i]});
        maxAbs = std::max({maxAbs, -lo[i], hi[i]});
    }
    // A box below the normal range encloses no representable volume; it also could not be scaled.
    if (!(size >= DBL_MIN)) return false;
    int exponent = 0;
    std::frexp(magnitude, &exponent);  // magnitude < 2^exponent
    scale_ = std::ldexp(1.0, -exponent);
    eps_ = (kRelativeTolerance * size + kAbsoluteTolerance * maxAbs) * scale_;
    return true;
}

std::uint32_t Quickhull::addVertex(std::uint32_t source, const Vec3& q) {
    vertices_.push_back(Vertex{q, source, kNone, 0});
    return static_cast<std::uint32_t>(vertices_.size() - 1);
}

std::uint32_t Quickhull::makeFace(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    std::uint32_t id;
    if (free_.empty()) {
        id = faceCount_++;
        if ((id >> kBlockBits) == blocks_.size()) {
            blocks_.emplace_back(new Face[std::size_t{1} << kBlockBits]);
            blockStarts_.push_back(blocks_.back().get());
        }
    } else {
        id = free_.back();
        free_.pop_back();
    }
    Face& f = face(id);
    const Vec3 &pa = vertices_[a].q, &pb = vertices_[b].q, &pc = vertices_[c].q;
    const Vec3 e1 = sub(pb, pa), e2 = sub(pc, pa);
    f.n = cross(e1, e2);
    f.offset = dot(f.n, pa);
    // Error of the filter n . q - offset against the exact det[b - a, c - a, q - a], for every
    // |q_i|, |a_i| < 1: each rounded difference, product and sum perturbs n_i by at most ~4.1u P_i
    // (P_i = the two products behind n_i, u = DBL_EPSILON / 2), which moves the result by at most
    // 8.2u sum P_i; the two dot products and their difference add 8.2u |n|_1 <= 8.2u sum P_i.
    // 64u sum P_i, with sum P_i <= |e1|_1 |e2|_1, leaves a factor of four for the terms of order
    // u^2 and the rounding of t +- slack.
    const double p =
        (std::abs(e1[0]) + std::abs(e1[1]) + std::abs(e1[2])) * (std::abs(e2[0]) + std::abs(e2[1]) + std::abs(e2[2]));
    // Stored as float, rounded up: enlarged by more than float's rounding, plus its smallest step.
    f.slack = static_cast<float>(32 * DBL_EPSILON * p * (1 + 0x1p-20) + 0x1p-149);
    f.threshold = static_cast<float>(eps_ * norm(f.n));  // any value serves, used alike everywhere
    f.v = {a, b, c};                                     // nb is set by the caller; farthest once a point comes
    f.outside = nullptr;
    f.size = f.capacity = 0;
    f.epoch = 0;
    f.alive = true;
    return id;
}

// Whether det[v1 - v0, v2 - v0, q - v0] > t exactly, given s = n . q - offset.
inline bool Quickhull::above(const Face& f, const Vec3& q, double s, double t) const {
    if (s > t + f.slack) return true;
    if (s <= t - f.slack) return false;
    return exactSign(vertices_[f.v[0]].q, vertices_[f.v[1]].q, vertices_[f.v[2]].q, q, t) > 0;
}

// Whether q is more than eps above the plane: det[v1 - v0, v2 - v0, q - v0] > threshold, exactly.
inline bool Quickhull::outside(const Plane& p, const Vec3& q, double& height) const {
    height = dot(p.n, q) - p.offset;
    if (height > p.above) return true;
    if (height <= p.below) return false;
    const Face& f = *p.face;
    return exactSign(vertices_[f.v[0]].q, vertices_[f.v[1]].q, vertices_[f.v[2]].q, q, f.threshold) > 0;
}

// The cone face a point goes to: the first it is more than eps above (Barber et al.: any such face
// will do), trying first the one that took the previous point, since neighbours in a list tend to
// lie above the same face. kNone if none: the point is inside, give or take eps, and is dropped.
inline std::uint32_t Quickhull::target(const Vec3& q, std::uint32_t& hint, double& height) const {
    if (outside(planes_[hint], q, height)) return hint;
    const std::uint32_t n = static_cast<std::uint32_t>(planes_.size());
    for (std::uint32_t i = 0; i < n; ++i)
        if (i != hint && outside(planes_[i], q, height)) return hint = i;
    return kNone;
}

inline Plane planeOf(Face& f) {
    return Plane{f.n, f.offset, double{f.threshold} + f.slack, double{f.threshold} - f.slack, &f};
}

// Appends to a face's outside list, growing it as needed.
inline void Quickhull::append(Face& f, const OutsidePoint& point, double height) {
    if (f.size == f.capacity) grow(f);
    if (f.size == 0 || height > f.farthestHeight) f.farthest = f.size, f.farthestHeight = static_cast<float>(height);
    f.outside[f.size++] = point;
}

// Moves a full (or empty) outside list to one twice the size.
void Quickhull::grow(Face& f) {
    const std::uint32_t capacity = f.capacity == 0 ? firstCapacity_ : 2 * f.capacity;
    OutsidePoint* grown = arena_.allocate(capacity);
    if (f.size != 0) {
        for (std::uint32_t k = 0; k < f.size; ++k) grown[k] = f.outside[k];
        arena_.release(f.outside, f.capacity);
    }
    f.outside = grown;
    f.capacity = capacity;
}

// The first tetrahedron: the farthest pair of the six extreme points, the point farthest from
// their line, the point farthest from the plane of those three. False when the points span no
// volume (within the plane tolerance).
bool Quickhull::simplex() {
    std::array<Vec3, 6> e;
    read(extremes_.data(), 6, e.data());
    std::uint32_t ia = 0, ib = 0;
    double best = 0;
    for (int i = 0; i < 6; ++i)
        for (int j = i + 1; j < 6; ++j) {
            const Vec3 d = sub(e[j], e[i]);
            if (dot(d, d) > best) best = dot(d, d), ia = extremes_[i], ib = extremes_[j];
        }
    if (best == 0) return false;
    Vec3 a, b, c, d;
    read(&ia, 1, &a);
    read(&ib, 1, &b);
    const Vec3 ab = sub(b, a);

    std::uint32_t ic = kNone;
    best = 0;
    forEachPoint([&](std::uint32_t id, const Vec3& q) {
        const Vec3 m = cross(sub(q, a), ab);
        if (dot(m, m) > best) best = dot(m, m), ic = id, c = q;
    });
    if (ic == kNone || !(std::sqrt(best) > eps_ * norm(ab))) return false;  // collinear

    const Vec3 n = cross(ab, sub(c, a));
    std::uint32_t id4 = kNone;
    best = 0;
    forEachPoint([&](std::uint32_t id, const Vec3& q) {
        const double h = std::abs(dot(n, sub(q, a)));
        if (h > best) best = h, id4 = id, d = q;
    });
    if (id4 == kNone || !(best > eps_ * norm(n))) return false;  // coplanar
    const int side = exactSign(a, b, c, d, 0);
    if (side == 0) return false;

    // With d below the plane of (v0, v1, v2), these four faces are wound outward.
    const std::uint32_t v0 = addVertex(ia, a), v3 = addVertex(id4, d);
    const std::uint32_t v1 = side < 0 ? addVertex(ib, b) : addVertex(ic, c);
    const std::uint32_t v2 = side < 0 ? addVertex(ic, c) : addVertex(ib, b);
    const std::uint32_t f[4] = {makeFace(v0, v1, v2), makeFace(v0, v3, v1), makeFace(v1, v3, v2), makeFace(v2, v3, v0)};
    for (std::uint32_t g : f)
        for (std::uint32_t h : f)
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j)
                    if (face(g).v[i] == face(h).v[(j + 1) % 3] && face(g).v[(i + 1) % 3] == face(h).v[j])
                        face(g).nb[i] = h;
    return true;
}

// Adds the farthest outside point of `start`. False if the horizon is not a simple cycle, which
// exact visibility rules out; the check keeps a broken surface from ever being returned.
bool Quickhull::addPoint(std::uint32_t start) {
    Face& S = face(start);
    const OutsidePoint eye = S.outside[S.farthest];
    ++epoch_;

    // The faces the eye sees: a connected patch around `start`, found by walking neighbours.
    visible_.assign(1, start);
    horizon_.clear();
    S.epoch = epoch_;
    S.visible = true;  // the eye is above it by more than eps, exactly
    for (std::size_t k = 0; k < visible_.size(); ++k) {
        const Face& F = face(visible_[k]);
        for (int i = 0; i < 3; ++i) {
            const std::uint32_t g = F.nb[i];
            Face& G = face(g);
            if (G.epoch != epoch_) {
                G.epoch = epoch_;
                G.visible = above(G, eye.q, dot(G.n, eye.q) - G.offset, 0);
                if (G.visible) {
                    visible_.push_back(g);
                    continue;
                }
            } else if (G.visible) {
                continue;
            }
            horizon_.push_back(HorizonEdge{F.v[i], F.v[i == 2 ? 0 : i + 1], g});
        }
    }

    // Retire the seen faces, keeping their outside lists for the cone.
    for (std::uint32_t f : visible_) {
        Face& F = face(f);
        if (F.capacity != 0) lists_.push_back(List{F.outside, F.size, F.capacity});
        F.alive = false;
        free_.push_back(f);
    }

    // The cone from the eye over the horizon: face (a, b, eye) per horizon edge a -> b.
    const std::uint32_t p = addVertex(eye.id, eye.q);
    cone_.resize(horizon_.size());
    planes_.resize(horizon_.size());
    for (std::size_t k = 0; k < horizon_.size(); ++k) {
        const HorizonEdge& e = horizon_[k];
        const std::uint32_t h = makeFace(e.a, e.b, p);
        Face& H = face(h);
        cone_[k] = h;
        planes_[k] = planeOf(H);
        Face& G = face(e.outside);
        const int j = G.v[0] == e.b ? 0 : G.v[1] == e.b ? 1 : 2;
        if (G.v[j] != e.b || G.v[j == 2 ? 0 : j + 1] != e.a) return false;
        G.nb[j] = h;
        H.nb[0] = e.outside;
        Vertex& A = vertices_[e.a];
        if (A.coneEpoch == epoch_) return false;  // the rim passes here twice
        A.coneEpoch = epoch_;
        A.coneFace = h;
    }
    for (std::size_t k = 0; k < cone_.size(); ++k) {
        Face& H = face(cone_[k]);
        const Vertex& B = vertices_[H.v[1]];
        if (B.coneEpoch != epoch_) return false;
        H.nb[1] = B.coneFace;  // (b, c, eye) shares the edge eye -> b
        face(B.coneFace).nb[2] = cone_[k];
    }

    distribute(eye.id);
    return true;
}

// Hands the seen faces' outside points to the cone (a point outside the new hull that was above a
// seen face is above some cone face: Barber et al. 1996).
void Quickhull::distribute(std::uint32_t eyeId) {
    // A first list of about the share each cone face would get saves most regrowing.
    std::size_t total = 0;
    for (const List& list : lists_) total += list.size;
    firstCapacity_ = OutsideArena::kSmallest;
    while (firstCapacity_ < kLargestFirst && firstCapacity_ * planes_.size() < total) firstCapacity_ *= 2;
    std::uint32_t hint = 0;
    for (const List& list : lists_) {
        for (const OutsidePoint* p = list.points; p != list.points + list.size; ++p) {
            if (p->id == eyeId) continue;
            double height;
            const std::uint32_t t = target(p->q, hint, height);
            if (t != kNone) append(*planes_[t].face, *p, height);
        }
        arena_.release(list.points, list.capacity);
    }
    lists_.clear();
    for (std::size_t i = 0; i < cone_.size(); ++i)
        if (planes_[i].face->size != 0) pending_.push_back(cone_[i]);
}

Hull Quickhull::output() const {
    Hull hull;
    hull.triangles.reserve(faceCount_ - free_.size());
    std::vector<std::uint32_t> index(vertices_.size(), kNone), sources;
    for (std::uint32_t id = 0; id < faceCount_; ++id) {
        const Face& f = face(id);
        if (!f.alive) continue;
        std::array<std::uint32_t, 3> t;
        for (int i = 0; i < 3; ++i) {
            std::uint32_t& k = index[f.v[i]];
            if (k == kNone) k = static_cast<std::uint32_t>(sources.size()), sources.push_back(vertices_[f.v[i]].source);
            t[i] = k;
        }
        hull.triangles.push_back(t);
    }
    hull.points.resize(sources.size());  // the caller's coordinates, not the shifted ones
    source_.gather(source_.context, sources.data(), sources.size(), hull.points.data());
    return hull;
}

Hull Quickhull::run() {
    if (source_.count < 4 || source_.count > std::size_t{kNone}) return {};
    if (!frame() || !simplex()) return {};
    cone_ = {0, 1, 2, 3};  // the tetrahedron's faces take every point first
    planes_ = {planeOf(face(0)), planeOf(face(1)), planeOf(face(2)), planeOf(face(3))};
    std::uint32_t hint = 0;
    forEachPoint([&](std::uint32_t id, const Vec3& q) {
        double height = 0;
        const std::uint32_t t = target(q, hint, height);
        if (t != kNone) append(*planes_[t].face, OutsidePoint{q, id}, height);
    });
    for (std::uint32_t f : cone_)
        if (face(f).size != 0) pending_.push_back(f);
    while (!pending_.empty()) {
        const std::uint32_t f = pending_.back();
        pending_.pop_back();
        if (face(f).alive && face(f).size != 0 && !addPoint(f)) return {};
    }
    return output();
}

}  // namespace

Hull convexHull(const PointSource& source) { return Quickhull(source).run(); }

Hull hullOfUsedVertices(const MeshView& mesh, const Vec3& origin) {
    std::vector<std::uint8_t> used(vertexCount(mesh), 0);
    withMeshTypes(mesh, [&](auto, auto index) {
        for (std::size_t c = 0, n = cornerCount(mesh); c < n; ++c) used[index(c)] = 1;
        return 0;
    });
    std::vector<std::uint32_t> ids;
    for (std::size_t v = 0; v < used.size(); ++v)
        if (used[v]) ids.push_back(static_cast<std::uint32_t>(v));
    used = std::vector<std::uint8_t>();
    return withMeshTypes(mesh, [&](auto position, auto) {
        const auto point = [&](std::size_t i) { return sub(position(ids[i]), origin); };
        return convexHull(point, ids.size());
    });
}

}  // namespace detail
}  // namespace massprops
