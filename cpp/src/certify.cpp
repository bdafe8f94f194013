// Two certificates, both exact (nothing is hashed, so nothing can collide):
//
// The weld, found cheaply. Each vertex gets a key: its scaled position (as the weld rule sees it)
// projected on a fixed direction u with positive, incommensurate components. Two vertices within
// tol of each other in every coordinate have keys within |u|_1 tol plus the keys' rounding (the
// window). Keys are cut into at most 2^24 buckets at least a window wide, and the vertices
// radix-sorted by bucket (two passes of 12 bits), so such a pair sits in one bucket or in two
// neighbouring ones; only those candidates are compared, by the rule itself, and the pairs within
// tol joined (the rule's clusters, named by their lowest vertex). A second projection, cut into
// 256 levels at least a window wide and carried in the sorted items, turns away most neighbours
// in key without reading their positions (random reads are what the weld costs). A generic
// direction leaves about n^2 / 2^24 candidates among n vertices, plus the pairs of copies of one
// point (seams, triangle soups); past a budget (crowds: a plane across u, a stray vertex making
// tol coarse) the proof gives up and the full analysis welds.
//
// One closed piece, on the welded vertices. Each corner of a non-collapsed triangle (a, b, c) is
// listed at its vertex a with the vertex after it (out: b) and the one before it (in: c),
// bucketed by vertex with a counting sort. At a vertex, let the outs be distinct and let "the
// corner whose out is my in" lead from every corner to another, visiting all of them in one
// cycle. Then every directed edge a -> b is used once and b -> a once (no boundary, non-manifold,
// inconsistent or repeated edge: the counts of surface.cpp are all zero), and the triangles around
// a form one fan joined across those edges. With every fan one piece, triangles that share a
// vertex share a patch, so the surface is one patch exactly when its vertices are connected
// (union-find over the edges). A pinched vertex (two fans) fails the proof though the surface may
// be clean: the full analysis decides it.
#include "certify.h"

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "mesh_access.h"
#include "parallel.h"
#include "weld.h"

namespace massprops {
namespace detail {

namespace {

// 1, rho^-1, rho^-2 for the plastic number rho: no simple ratio, so no common grid or plane of a
// mesh lines up across it.
constexpr double kDirection[3] = {1.0, 0.75487766624669276, 0.56984029099805327};
constexpr double kSecondDirection[3] = {0.56984029099805327, 1.0, 0.75487766624669276};
constexpr double kDirectionSum = 2.3248;  // rounded up
constexpr int kDigitBits = 12;
constexpr int kPasses = 2;
constexpr int kBucketBits = kPasses * kDigitBits;
constexpr std::uint64_t kComparisonsPerVertex = 8;
// Vertices per part below which a step of the proof is not shared among threads: the hand-over
// would cost more than it saves.
constexpr std::size_t kGrain = 1 << 14;

// Sorted items: bucket << 40 | level << 32 | vertex.
constexpr int kBucketShift = 40;
std::uint64_t bucketOf(std::uint64_t item) { return item >> kBucketShift; }
int levelOf(std::uint64_t item) { return static_cast<int>((item >> 32) & 0xff); }

// Counts of each digit of the buckets, taken while the items are made (no pass of its own).
class DigitCounts {
public:
    static constexpr std::size_t kBins = std::size_t(1) << kDigitBits;
    DigitCounts() : count_(new std::uint32_t[kPasses * kBins]()) {}
    void add(std::uint32_t bucket) {
        for (int pass = 0; pass < kPasses; ++pass)
            ++count_[pass * kBins + ((bucket >> (kDigitBits * pass)) & (kBins - 1))];
    }
    std::uint32_t* pass(int p) { return &count_[p * kBins]; }

private:
    std::unique_ptr<std::uint32_t[]> count_;
};

// Sorts n items by bucket: two stable counting passes of kDigitBits (4096 bins of each pass's
// counts, 16 KiB, stay in the L1 cache), ending in `items`.
void sortByBucket(std::uint64_t* items, std::uint64_t* scratch, std::size_t n, DigitCounts& counts) {
    static_assert(kPasses % 2 == 0, "the sorted items end where they started");
    for (int pass = 0; pass < kPasses; ++pass) {
        std::uint32_t* count = counts.pass(pass);
        std::uint32_t sum = 0;
        for (std::size_t b = 0; b < DigitCounts::kBins; ++b) {
            const std::uint32_t here = count[b];
            count[b] = sum;
            sum += here;
        }
        const int shift = kBucketShift + kDigitBits * pass;
        for (std::size_t i = 0; i < n; ++i) scratch[count[(items[i] >> shift) & (DigitCounts::kBins - 1)]++] = items[i];
        std::swap(items, scratch);
    }
}

// The same sort with the items cut into `parts` ranges, each counted and scattered by one thread:
// every range gets its place in every bin after the ranges before it, so each pass stays stable
// and the result is the one-thread sort's. `counts` (kBins per range) holds each range's counts
// of the first pass's digits, taken while the items were made.
void sortByBucketInParts(std::uint64_t* items, std::uint64_t* scratch, std::size_t n, std::size_t parts,
                         std::vector<std::uint32_t>& counts) {
    constexpr std::size_t kBins = DigitCounts::kBins;
    for (int pass = 0; pass < kPasses; ++pass) {
        const int shift = kBucketShift + kDigitBits * pass;
        if (pass > 0)
            parallelFor(parts, [&](std::size_t part) {
                std::uint32_t* count = &counts[part * kBins];
                std::fill(count, count + kBins, 0);
                for (std::size_t i = partBegin(n, parts, part), end = partBegin(n, parts, part + 1); i < end; ++i)
                    ++count[(items[i] >> shift) & (kBins - 1)];
            });
        std::uint32_t sum = 0;
        for (std::size_t bin = 0; bin < kBins; ++bin)
            for (std::size_t part = 0; part < parts; ++part) {
                std::uint32_t& c = counts[part * kBins + bin];
                const std::uint32_t here = c;
                c = sum;
                sum += here;
            }
        parallelFor(parts, [&](std::size_t part) {
            std::uint32_t* at = &counts[part * kBins];
            for (std::size_t i = partBegin(n, parts, part), end = partBegin(n, parts, part + 1); i < end; ++i)
                scratch[at[(items[i] >> shift) & (kBins - 1)]++] = items[i];
        });
        std::swap(items, scratch);
    }
}

// Vertices and corners of a mesh whose proof keeps its arrays in SmallArray's own storage: a
// 12-triangle box's call made 7 allocations there, a tenth of its time in WebAssembly.
constexpr std::size_t kSmallVertices = 64;
constexpr std::size_t kSmallCorners = 3 * 128;

// An array of n T (not initialised, or every byte `fill`): within the object when n <= N (on the
// stack: no allocation), else on the heap.
template <typename T, std::size_t N>
class SmallArray {
public:
    explicit SmallArray(std::size_t n) : heap_(n > N ? new T[n] : nullptr), data_(heap_ ? heap_.get() : local_) {}
    SmallArray(std::size_t n, unsigned char fill) : SmallArray(n) { std::memset(data_, fill, n * sizeof(T)); }
    SmallArray(const SmallArray&) = delete;
    SmallArray& operator=(const SmallArray&) = delete;
    T* data() { return data_; }
    T& operator[](std::size_t i) { return data_[i]; }

private:
    std::unique_ptr<T[]> heap_;
    T local_[N];
    T* data_;
};

std::uint32_t rootOf(std::uint32_t* parent, std::uint32_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
}

// Joins the clusters of a and b under the lower root, so parent[v] <= v always and a cluster's
// root is its lowest-numbered vertex, as weld.h names it.
void join(std::uint32_t* parent, std::uint32_t a, std::uint32_t b) {
    a = rootOf(parent, a), b = rootOf(parent, b);
    parent[std::max(a, b)] = std::min(a, b);
}

// The weld of weld.h, when the candidates stay within budget: `weld` is left empty when nothing
// welds, else weld[v] is v's cluster's lowest vertex. Every pair within tol is among the
// candidates, so the clusters are exactly the rule's. False: too crowded to tell cheaply.
// Not inlined: V8 optimises each wasm function on its own once it has run for a while, so the
// weld is optimised during init()'s warm-up; inlined into its caller (30 KB of code, 40-130 ms to
// optimise) it ran in baseline code through the first big mesh.
template <typename T>
[[gnu::noinline]] bool weldMap(const T* positions, std::size_t vertices, const Bounds& box, double extraTolerance,
                               std::vector<std::uint32_t>& weld) {
    weld.clear();
    if (vertices <= 1) return true;
    const WeldRule rule = weldRule(box, extraTolerance);
    const double origin[3] = {box.lo[0] * rule.scale, box.lo[1] * rule.scale, box.lo[2] * rule.scale};
    // Each key is within 4 roundings of |u|_1 extent of its exact value; 64 covers both keys' errors
    // many times over. Buckets 1 % wider than needed keep quotients that differ by the window
    // from landing two buckets apart after their own rounding.
    const double window = kDirectionSum * rule.tol * (1 + 0x1p-20) + 64 * DBL_EPSILON * kDirectionSum * rule.extent;
    const double width = 1.01 * std::max(window, kDirectionSum * rule.extent * 0x1p-24 * (1 + 0x1p-20));
    if (!(width > 0) || !std::isfinite(width)) return false;  // every vertex at one point: they weld
    const double inverse = 1 / width;
    constexpr double kLastBucket = double((1u << kBucketBits) - 1);
    const double levelInverse = 1 / (1.01 * std::max(window, kDirectionSum * rule.extent * 0x1p-8 * (1 + 0x1p-20)));
    auto scaled = [&](std::size_t v, double* p) {
        for (int k = 0; k < 3; ++k) p[k] = static_cast<double>(positions[3 * v + k]) * rule.scale;
    };

    auto itemOf = [&](std::size_t v) {
        double p[3];
        scaled(v, p);
        const double q[3] = {p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]};
        const double key = q[0] + kDirection[1] * q[1] + kDirection[2] * q[2];
        const double second = kSecondDirection[0] * q[0] + q[1] + kSecondDirection[2] * q[2];
        // key, second >= 0: coordinates >= their minimum
        const double bucket = std::min(key * inverse, kLastBucket), level = std::min(second * levelInverse, 255.0);
        return (std::uint64_t(static_cast<std::uint32_t>(bucket)) << kBucketShift) |
               (std::uint64_t(static_cast<std::uint32_t>(level)) << 32) | v;
    };
    // Two buffers, not zero-filled: the sort's scratch is the second.
    SmallArray<std::uint64_t, 2 * kSmallVertices> buffer(2 * vertices);
    std::uint64_t* items = buffer.data();
    const std::size_t parts = partsFor(vertices, kGrain);
    // Few vertices: a comparison sort beats the radix sort's histograms.
    if (vertices < 4096) {
        for (std::size_t v = 0; v < vertices; ++v) items[v] = itemOf(v);
        std::sort(items, items + vertices);
    } else if (parts == 1) {
        DigitCounts counts;
        for (std::size_t v = 0; v < vertices; ++v) {
            items[v] = itemOf(v);
            counts.add(static_cast<std::uint32_t>(bucketOf(items[v])));
        }
        sortByBucket(items, items + vertices, vertices, counts);
    } else {
        std::vector<std::uint32_t> counts(parts * DigitCounts::kBins, 0);
        parallelFor(parts, [&](std::size_t part) {
            std::uint32_t* count = &counts[part * DigitCounts::kBins];
            for (std::size_t v = partBegin(vertices, parts, part), end = partBegin(vertices, parts, part + 1); v < end;
                 ++v) {
                items[v] = itemOf(v);
                ++count[bucketOf(items[v]) & (DigitCounts::kBins - 1)];
            }
        });
        sortByBucketInParts(items, items + vertices, vertices, parts, counts);
    }

    // Candidates of the sorted items [i, end): each pair within tol goes to onPair(a, b), and
    // `count` counts the comparisons. Returns where it stopped: `end`, or earlier once the count
    // passes the budget (then the caller gives up) or `full()` says so.
    const std::uint64_t budget = kComparisonsPerVertex * vertices + 4096;
    auto scan = [&](std::size_t i, std::size_t end, std::uint64_t& count, auto&& onPair, auto&& full) {
        for (; i < end && !full(); ++i) {
            const std::uint64_t last = bucketOf(items[i]) + 1;
            const int level = levelOf(items[i]);
            bool read = false;  // positions are read only for candidates
            double p[3];
            // A copy of the item before (same bucket and level, same point: a pole of a three.js
            // sphere, a soup's corners) has the same candidates after it, all joined to that item
            // by whoever scans it, so a crowd of k copies costs k comparisons, not k^2 / 2.
            if (i > 0 && (items[i] >> 32) == (items[i - 1] >> 32)) {
                double q[3];
                scaled(static_cast<std::uint32_t>(items[i]), p), read = true;
                scaled(static_cast<std::uint32_t>(items[i - 1]), q);
                if (p[0] == q[0] && p[1] == q[1] && p[2] == q[2]) continue;
            }
            for (std::size_t j = i + 1; j < vertices && bucketOf(items[j]) <= last; ++j) {
                if (++count > budget) return i;
                if (std::abs(levelOf(items[j]) - level) > 1) continue;
                if (!read) scaled(static_cast<std::uint32_t>(items[i]), p), read = true;
                double q[3];
                scaled(static_cast<std::uint32_t>(items[j]), q);
                if (weldsTogether(p, q, rule.tol))
                    onPair(static_cast<std::uint32_t>(items[i]), static_cast<std::uint32_t>(items[j]));
            }
        }
        return i;
    };
    auto joinPair = [&](std::uint32_t a, std::uint32_t b) {
        if (weld.empty()) {
            weld.resize(vertices);
            for (std::uint32_t v = 0; v < vertices; ++v) weld[v] = v;
        }
        join(weld.data(), a, b);
    };
    auto never = [] { return false; };
    std::uint64_t comparisons = 0;
    if (parts == 1) {
        scan(0, vertices, comparisons, joinPair, never);
    } else {
        // Each range of sorted items is scanned by one thread, which keeps its pairs (at most one
        // per item: a range with more, copies of copies, is finished by the joining thread) for
        // one thread to join afterwards: a cluster's root is its lowest vertex whatever the order,
        // and the comparisons add up to the one-thread scan's.
        std::vector<std::vector<std::uint64_t>> pairs(parts);
        std::vector<std::uint64_t> counts(parts, 0);
        std::vector<std::size_t> stops(parts);
        parallelFor(parts, [&](std::size_t part) {
            const std::size_t begin = partBegin(vertices, parts, part), end = partBegin(vertices, parts, part + 1);
            std::vector<std::uint64_t>& found = pairs[part];
            stops[part] = scan(
                begin, end, counts[part],
                [&](std::uint32_t a, std::uint32_t b) { found.push_back(std::uint64_t(a) << 32 | b); },
                [&] { return found.size() >= end - begin; });
        });
        for (std::size_t part = 0; part < parts; ++part) {
            comparisons += counts[part];
            for (std::uint64_t pair : pairs[part])
                joinPair(static_cast<std::uint32_t>(pair >> 32), static_cast<std::uint32_t>(pair));
            pairs[part] = std::vector<std::uint64_t>();
        }
        for (std::size_t part = 0; part < parts && comparisons <= budget; ++part)
            scan(stops[part], partBegin(vertices, parts, part + 1), comparisons, joinPair, never);
    }
    if (comparisons > budget) return false;
    // Parents are lower-numbered: one ascending pass leaves every vertex naming its root.
    for (std::size_t v = 0; v < weld.size(); ++v) weld[v] = weld[weld[v]];
    return true;
}

// Whether the corners of vertex v have distinct outs and form one cycle. `mark` (one entry per
// vertex, reused by every v: stale entries name another vertex) maps an out to its corner.
bool oneFan(std::uint32_t v, const std::uint64_t* first, std::uint32_t count, std::uint64_t* mark) {
    for (std::uint32_t i = 0; i < count; ++i) {
        std::uint64_t& m = mark[first[i] >> 32];
        if ((m >> 32) == v) return false;  // a repeated out: the edge is used twice one way
        m = (std::uint64_t(v) << 32) | i;
    }
    std::uint32_t at = 0, steps = 0;
    do {
        const std::uint64_t m = mark[static_cast<std::uint32_t>(first[at])];
        if ((m >> 32) != v || ++steps > count) return false;  // an in that is no out: a boundary
        at = static_cast<std::uint32_t>(m);
    } while (at != 0);
    return steps == count;
}

// `index(c)` is the welded vertex of corner c, `given(c)` the vertex as given; `used` (one per
// vertex, zero) gets a mark at every vertex as given.
template <typename Indices, typename Given>
bool oneClosedPiece(Indices index, Given given, std::size_t triangles, std::size_t vertices, std::uint8_t* used) {
    // start[v]: where vertex v's corners begin; after the scatter, where they end.
    SmallArray<std::uint32_t, kSmallVertices + 1> start(vertices + 1, 0);
    for (std::size_t t = 0; t < triangles; ++t) {
        used[given(3 * t)] = used[given(3 * t + 1)] = used[given(3 * t + 2)] = 1;
        const std::uint32_t a = index(3 * t), b = index(3 * t + 1), c = index(3 * t + 2);
        if (a == b || b == c || c == a) continue;
        ++start[a + 1], ++start[b + 1], ++start[c + 1];
    }
    for (std::size_t v = 1; v <= vertices; ++v) start[v] += start[v - 1];
    SmallArray<std::uint64_t, kSmallCorners> corners(start[vertices]);
    auto corner = [](std::uint32_t out, std::uint32_t in) { return (std::uint64_t(out) << 32) | in; };
    for (std::size_t t = 0; t < triangles; ++t) {
        const std::uint32_t a = index(3 * t), b = index(3 * t + 1), c = index(3 * t + 2);
        if (a == b || b == c || c == a) continue;
        corners[start[a]++] = corner(b, c);
        corners[start[b]++] = corner(c, a);
        corners[start[c]++] = corner(a, b);
    }

    SmallArray<std::uint32_t, kSmallVertices> parent(vertices);
    SmallArray<std::uint64_t, kSmallVertices> mark(vertices, 0xff);  // every entry ~0
    for (std::uint32_t v = 0; v < vertices; ++v) {
        parent[v] = v;
        const std::uint32_t from = v == 0 ? 0 : start[v - 1], count = start[v] - from;
        if (count == 0) continue;
        const std::uint64_t* first = &corners[from];
        if (!oneFan(v, first, count, mark.data())) return false;
        for (std::uint32_t i = 0; i < count; ++i) {
            // Each edge is in the lists of both its ends: joined from the higher one.
            const std::uint32_t w = static_cast<std::uint32_t>(first[i] >> 32);
            if (w > v) continue;
            join(parent.data(), v, w);
        }
    }
    std::size_t pieces = 0;
    for (std::uint32_t v = 0; v < vertices; ++v) pieces += parent[v] == v && start[v] != (v == 0 ? 0 : start[v - 1]);
    return pieces == 1;
}

// oneClosedPiece with the vertices cut into `parts` ranges, one thread each: the welded corners
// are listed once (by triangle ranges), then each thread lists, checks and joins the fans of its
// own vertices (the union-find entries of its range are its own: an edge within the range joins
// two roots in it); edges to lower ranges are joined by one thread at the end. Every step's
// answer is independent of the order it is found in, so the answer is oneClosedPiece's.
template <typename Indices, typename Given>
bool oneClosedPieceInParts(Indices index, Given given, std::size_t triangles, std::size_t vertices, std::uint8_t* used,
                           std::size_t atMost) {
    // Ranges of 2^shift vertices (the last shorter), at most `atMost` of them: a corner's range
    // is then a shift of its vertex, not a division.
    int shift = 0;
    while (((vertices - 1) >> shift) + 1 > atMost) ++shift;
    const std::size_t parts = ((vertices - 1) >> shift) + 1;
    auto range = [&](std::size_t part) {
        return std::make_pair(static_cast<std::uint32_t>(part << shift),
                              static_cast<std::uint32_t>(std::min(vertices, (part + 1) << shift)));
    };
    auto partOf = [&](std::uint32_t v) { return std::size_t(v >> shift); };
    // Calls f(vertex, out, in) for each corner of the non-collapsed triangles [begin, end).
    auto forEachCorner = [&](std::size_t begin, std::size_t end, auto&& f) {
        for (std::size_t t = begin; t < end; ++t) {
            const std::uint32_t a = index(3 * t), b = index(3 * t + 1), c = index(3 * t + 2);
            if (a == b || b == c || c == a) continue;
            f(a, b, c);
            f(b, c, a);
            f(c, a, b);
        }
    };
    // The corners (vertex, out, in) bucketed by their vertex's range, in two passes over ranges of
    // triangles: the counts of each (triangle range, vertex range), then the scatter, each
    // triangle range writing its corners of a bucket after those of the ranges before it.
    const std::size_t triangleParts = partsFor(triangles, 1 << 15);
    std::vector<std::uint32_t> at(triangleParts * parts, 0);
    {
        std::unique_ptr<std::atomic<std::uint8_t>[]> marks(new std::atomic<std::uint8_t>[vertices]());
        parallelFor(triangleParts, [&](std::size_t r) {
            const std::size_t begin = partBegin(triangles, triangleParts, r),
                              end = partBegin(triangles, triangleParts, r + 1);
            for (std::size_t c = 3 * begin; c < 3 * end; ++c) marks[given(c)].store(1, std::memory_order_relaxed);
            forEachCorner(begin, end,
                          [&](std::uint32_t v, std::uint32_t, std::uint32_t) { ++at[r * parts + partOf(v)]; });
        });
        for (std::size_t v = 0; v < vertices; ++v) used[v] = marks[v].load(std::memory_order_relaxed);
    }
    std::vector<std::uint32_t> bucketStart(parts + 1, 0);
    {
        std::uint32_t sum = 0;
        for (std::size_t p = 0; p < parts; ++p) {
            bucketStart[p] = sum;
            for (std::size_t r = 0; r < triangleParts; ++r) {
                const std::uint32_t here = at[r * parts + p];
                at[r * parts + p] = sum;
                sum += here;
            }
        }
        bucketStart[parts] = sum;
    }
    std::unique_ptr<std::uint32_t[]> records(new std::uint32_t[3 * std::size_t(bucketStart[parts])]);
    parallelFor(triangleParts, [&](std::size_t r) {
        forEachCorner(partBegin(triangles, triangleParts, r), partBegin(triangles, triangleParts, r + 1),
                      [&](std::uint32_t v, std::uint32_t out, std::uint32_t in) {
                          std::uint32_t* record = &records[3 * std::size_t(at[r * parts + partOf(v)]++)];
                          record[0] = v, record[1] = out, record[2] = in;
                      });
    });
    // start[v]: where vertex v's corners begin; after the scatter, where they end. Each range's
    // corners take the place of its bucket.
    std::vector<std::uint32_t> start(vertices + 1, 0);
    start[vertices] = bucketStart[parts];
    const std::vector<std::uint32_t>& rangeStart = bucketStart;
    std::unique_ptr<std::uint64_t[]> corners(new std::uint64_t[start[vertices]]);
    std::vector<std::uint32_t> parent(vertices);
    std::vector<std::vector<std::uint64_t>> crossing(parts);  // edges (v << 32 | w) to a lower range
    std::vector<char> oneFans(parts, 0);
    // oneFan's marks, one array per thread, each filled by its thread on first use.
    std::vector<std::vector<std::uint64_t>> marks(parallelThreads());
    parallelFor(parts, [&](std::size_t part) {
        const auto [from, to] = range(part);
        const std::uint32_t* first = &records[3 * std::size_t(bucketStart[part])];
        const std::uint32_t* last = &records[3 * std::size_t(bucketStart[part + 1])];
        for (const std::uint32_t* r = first; r < last; r += 3) ++start[r[0]];
        for (std::uint32_t v = from, sum = bucketStart[part]; v < to; ++v) {
            const std::uint32_t here = start[v];
            start[v] = sum;
            sum += here;
        }
        for (const std::uint32_t* r = first; r < last; r += 3)
            corners[start[r[0]]++] = (std::uint64_t(r[1]) << 32) | r[2];
        std::vector<std::uint64_t>& mark = marks[parallelThreadIndex()];
        if (mark.empty()) mark.assign(vertices, ~std::uint64_t(0));
        for (std::uint32_t v = from; v < to; ++v) {
            parent[v] = v;
            const std::uint32_t first = v == from ? rangeStart[part] : start[v - 1], count = start[v] - first;
            if (count == 0) continue;
            if (!oneFan(v, &corners[first], count, mark.data())) return;
            for (std::uint32_t i = 0; i < count; ++i) {
                const std::uint32_t w = static_cast<std::uint32_t>(corners[first + i] >> 32);
                if (w > v) continue;
                if (w >= from)
                    join(parent.data(), v, w);
                else
                    crossing[part].push_back(std::uint64_t(v) << 32 | w);
            }
        }
        oneFans[part] = 1;
    });
    if (std::find(oneFans.begin(), oneFans.end(), 0) != oneFans.end()) return false;
    for (const std::vector<std::uint64_t>& edges : crossing)
        for (std::uint64_t e : edges)
            join(parent.data(), static_cast<std::uint32_t>(e >> 32), static_cast<std::uint32_t>(e));
    std::size_t pieces = 0;
    for (std::uint32_t v = 0; v < vertices; ++v) pieces += parent[v] == v && start[v] != (v == 0 ? 0 : start[v - 1]);
    return pieces == 1;
}

}  // namespace

// Not inlined, for the reason weldMap is not.
[[gnu::noinline]] bool provenClean(const MeshView& mesh, const Bounds& box, double extraTolerance,
                                   std::uint32_t& weldedVertices, Box3* usedBox, std::vector<std::uint32_t>* weldOut) {
    const std::size_t vertices = vertexCount(mesh), triangles = cornerCount(mesh) / 3;
    // Vertex numbers and corner offsets are 32-bit here.
    if (vertices >= std::numeric_limits<std::uint32_t>::max() / 2 ||
        triangles >= std::numeric_limits<std::uint32_t>::max() / 3)
        return false;
    std::vector<std::uint32_t> weld;
    const bool welded = mesh.positionType == ScalarType::Float32
                            ? weldMap(static_cast<const float*>(mesh.positions), vertices, box, extraTolerance, weld)
                            : weldMap(static_cast<const double*>(mesh.positions), vertices, box, extraTolerance, weld);
    if (!welded) return false;
    SmallArray<std::uint8_t, kSmallVertices> used(vertices, 0);
    const bool clean = withMeshTypes(mesh, [&](auto, auto index) {
        const std::size_t parts = partsFor(vertices, kGrain);
        if (parts > 1) {
            if (weld.empty()) return oneClosedPieceInParts(index, index, triangles, vertices, used.data(), parts);
            return oneClosedPieceInParts([&](std::size_t c) { return weld[index(c)]; }, index, triangles, vertices,
                                         used.data(), parts);
        }
        if (weld.empty()) return oneClosedPiece(index, index, triangles, vertices, used.data());
        return oneClosedPiece([&](std::size_t c) { return weld[index(c)]; }, index, triangles, vertices, used.data());
    });
    if (!clean) {
        if (weldOut) {
            if (weld.empty()) {
                weld.resize(vertices);
                for (std::uint32_t v = 0; v < vertices; ++v) weld[v] = v;
            }
            *weldOut = std::move(weld);
        }
        return false;
    }
    weldedVertices = 0;
    for (std::size_t v = 0; v < weld.size(); ++v) weldedVertices += weld[v] != v;
    if (usedBox) {
        // Every vertex used (the common case): the bounds of the mesh; else one pass over the vertices.
        if (std::find(used.data(), used.data() + vertices, 0) == used.data() + vertices) {
            *usedBox = Box3{box.lo, box.hi};
        } else {
            withMeshTypes(mesh, [&](auto position, auto) {
                bool first = true;
                for (std::size_t v = 0; v < vertices; ++v) {
                    if (!used[v]) continue;
                    const Vec3 p = position(v);
                    if (first) *usedBox = Box3{p, p}, first = false;
                    for (int k = 0; k < 3; ++k) {
                        usedBox->min[k] = std::min(usedBox->min[k], p[k]);
                        usedBox->max[k] = std::max(usedBox->max[k], p[k]);
                    }
                }
                return 0;
            });
        }
    }
    return true;
}

std::uint64_t provenCleanWorkingBytes(std::uint64_t vertexCount, std::uint64_t cornerCount) {
    // Welding: two sort buffers and the weld map (20 per vertex). Then the weld map, use marks,
    // corner lists (8 per corner), their offsets, the union-find parents and the fan marks
    // (21 per vertex).
    const std::uint64_t threads = parallelThreads();
    if (threads == 1)
        return std::max(20 * vertexCount, 8 * cornerCount + 21 * vertexCount + 4) + (std::uint64_t(1) << 16);
    // With threads, the sort's counts of each range (16 KiB, 4 ranges a thread) and the pairs found
    // before they are joined (8 per vertex); the corners bucketed by vertex range (12 per corner),
    // the edges between ranges (at most one per two corners, 8 each) and the fan marks of each
    // thread (8 per vertex).
    return std::max(28 * vertexCount, 24 * cornerCount + (14 + 8 * threads) * vertexCount + 4) +
           (std::uint64_t(1) << 16) * (1 + threads);
}

}  // namespace detail
}  // namespace massprops
