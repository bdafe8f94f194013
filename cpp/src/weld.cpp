// Welding by the rule stated on kWeldTolerance (mass_properties.h): vertices within `tol` of each
// other in every coordinate are one vertex, transitively, named by the cluster's lowest-numbered
// vertex. The answer is exact wherever grid cells fall: vertices are bucketed in cells many
// tolerances wide and compared exactly within a cell, and a vertex within tol of a cell's border
// also looks into the cell across it.
//
// Vertices are first partitioned by the hash of their cell's block into cache-sized groups (two
// sequential passes that keep only vertex numbers), then each group is gathered and welded with a
// small hash table. A cell across a border is nearly always in the same group; the few vertices
// whose neighbouring cell belongs to another group are welded in a last, small pass.
//
// Where vertices crowd within a few tolerances of each other (a stray far vertex makes tol as
// coarse as the spacing of the rest), comparing each with its cell's others would be quadratic:
// past a budget of comparisons, welding starts over with narrower cells, and at last with cells
// narrower than tol, whose vertices are one cluster without any comparison (weldCliques).
#include "weld.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <utility>

#include "mesh_access.h"

namespace massprops {
namespace detail {

namespace {

// Cell side in tolerances: wide, so that few vertices (about 5 %) lie within tol of a border and
// look up more cells, yet far below the vertex spacing of any sensible mesh, so that distinct
// vertices rarely share a cell.
constexpr double kCellTolerances = 128;
// Where a stray far vertex makes tol comparable to the spacing of the others, cells that wide
// hold many distinct vertices, each compared with all: past kComparisonsPerVertex comparisons
// per vertex, welding starts over with cells of kDenseCellTolerances (more border look-ups, but
// few vertices per cell), and past that budget again with cliques (below).
constexpr double kDenseCellTolerances = 4;
constexpr std::uint64_t kComparisonsPerVertex = 16;
// Cells of weldCliques: narrower than tol by more than the rounding of cell coordinates, so
// that any two vertices of a cell are within tol.
constexpr double kCliqueCellTolerances = 1 - 0x1p-8;
// At most this many cells per axis: cell coordinates stay exact integers in a double.
constexpr double kMaxCells = 0x1p40;
// Groups hash blocks of 2^kBlockBits cells per axis rather than single cells, so that the cell
// across a border is nearly always in the group at hand.
constexpr int kBlockBits = 4;
constexpr std::uint32_t kNone = 0xffffffffu;

struct Cell {
    std::int64_t x, y, z;
    unsigned near;  // bit 2k: within tol (+ slack) of the lower border along axis k; 2k+1: the upper
    bool sameAs(const Cell& o) const { return x == o.x && y == o.y && z == o.z; }
};

std::uint64_t hashOf(std::int64_t x, std::int64_t y, std::int64_t z) {
    // Multiplicative hashing (odd 64-bit constants) of each coordinate, folded so that both the
    // high bits (groups) and the low bits (table slots) depend on all three.
    std::uint64_t h = std::uint64_t(x) * 0x9e3779b97f4a7c15ULL;
    h ^= std::uint64_t(y) * 0xc2b2ae3d27d4eb4fULL;
    h ^= std::uint64_t(z) * 0x165667b19e3779f9ULL;
    return h ^ (h >> 31);
}

// How positions map to cells. Everything works on positions * the rule's scale (see weldRule),
// so the offsets from the grid's origin cannot overflow and the rule holds on scaled coordinates.
class Grid {
public:
    Grid(const Bounds& box, double cellTolerances, double extraTolerance) {
        const WeldRule rule = weldRule(box, extraTolerance);
        scale = rule.scale;
        tol = rule.tol;
        const double extent = rule.extent;
        double cell = std::max(cellTolerances * tol, extent / kMaxCells);
        if (!(cell > 0)) cell = 1;  // every vertex at 0: any cell will do
        inverseCell_ = 1 / cell;
        // A pair within tol is at most tol / cell apart in cell units, plus the rounding of two
        // operations on each cell coordinate (at most extent / cell + 1): 8 ulps of that covers it.
        margin_ = tol * inverseCell_ + 8 * DBL_EPSILON * (extent * inverseCell_ + 2);
        // Half a cell below lo: vertices on the bounding box (and round fractions of it) are
        // mid-cell, not on a border. A cell coordinate is one product, (p - origin) / cell, so
        // fused multiply-adds cannot make two computations of it differ.
        for (int k = 0; k < 3; ++k) origin_[k] = box.lo[k] * scale - 0.5 * cell;
    }

    // Coordinate k of a scaled position in cell units (its integer part is the cell's).
    double cellCoordinate(double p, int k) const {
        const double u = (p - origin_[k]) * inverseCell_;
        // u is in [0.5, kMaxCells + 1] by construction; the clamps only keep the conversion to an
        // integer defined for any input (NaN fails the first comparison).
        const double positive = u > 0 ? u : 0;
        return positive < 2 * kMaxCells ? positive : 2 * kMaxCells;
    }

    // The cell of a scaled position.
    Cell cellOf(const double* p) const {
        Cell c;
        std::int64_t* out[3] = {&c.x, &c.y, &c.z};
        c.near = 0;
        for (int k = 0; k < 3; ++k) {
            const double u = cellCoordinate(p[k], k);
            const double whole = std::floor(u), fraction = u - whole;
            *out[k] = static_cast<std::int64_t>(whole);
            c.near |= (fraction < margin_ ? 1u : 0u) << (2 * k);
            c.near |= (fraction > 1 - margin_ ? 1u : 0u) << (2 * k + 1);
        }
        return c;
    }

    template <typename T>
    void scaled(const T* p, double* out) const {
        for (int k = 0; k < 3; ++k) out[k] = static_cast<double>(p[k]) * scale;
    }

    // The rule, on scaled positions.
    bool within(const double* a, const double* b) const { return weldsTogether(a, b, tol); }

    double scale, tol;
    double margin() const { return margin_; }

private:
    double inverseCell_, margin_;
    Vec3 origin_;
};

// Finite doubles as integers in the same order (-0 and +0 alike), to search among them.
std::int64_t orderedKey(double x) {
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    const std::int64_t magnitude = static_cast<std::int64_t>(bits & 0x7fffffffffffffffULL);
    return bits >> 63 ? -magnitude : magnitude;
}
double fromOrderedKey(std::int64_t key) {
    const std::uint64_t bits = key < 0 ? (std::uint64_t(-key) | 0x8000000000000000ULL) : std::uint64_t(key);
    double x;
    std::memcpy(&x, &bits, sizeof x);
    return x;
}

// The smallest double a with fl(b - a) <= tol: the rule along one axis as a bound on a. Near
// fl(b - tol) but not always it (b - a rounds on the scale of tol, a may be far finer), so it
// is searched for: galloping away from there, then bisecting between doubles.
double lowestWithin(double b, double tol) {
    auto within = [&](std::int64_t key) { return b - fromOrderedKey(key) <= tol; };
    const std::int64_t start = orderedKey(b - tol);
    std::int64_t no, yes;  // !within(no), within(yes)
    if (within(start)) {
        yes = start;
        for (std::int64_t step = 1;; step *= 2)
            if (!within(yes - step)) {
                no = yes - step;
                break;
            }
    } else {
        no = start;
        for (std::int64_t step = 1;; step *= 2)
            if (within(no + step)) {
                yes = no + step;
                break;
            }
    }
    while (yes - no > 1) {
        const std::int64_t mid = no + (yes - no) / 2;
        (within(mid) ? yes : no) = mid;
    }
    return fromOrderedKey(yes);
}

// Union-find over `parent` with parent[v] <= v always (a root joins the smaller root), so the
// root of a cluster is its lowest-numbered vertex whatever the order of the joins.
std::uint32_t rootOf(std::uint32_t* parent, std::uint32_t v) {
    while (parent[v] != v) {
        parent[v] = parent[parent[v]];  // path halving
        v = parent[v];
    }
    return v;
}

void join(std::uint32_t* parent, std::uint32_t a, std::uint32_t b) {
    a = rootOf(parent, a);
    b = rootOf(parent, b);
    if (a < b) parent[b] = a;
    if (b < a) parent[a] = b;
}

// Distinct points of one group (or of the last pass) by cell: scaled positions, their vertices,
// and a hash table of chains. Sized once for the largest group and reused.
class CellTable {
public:
    explicit CellTable(std::size_t capacity)
        : position_(new double[3 * capacity]),
          vertex_(new std::uint32_t[capacity]),
          next_(new std::uint32_t[capacity]),
          slots_(new std::uint32_t[2 * capacity + 1]) {}

    // Forgets all points; `count` will be added.
    void reset(std::size_t count) {
        size_ = 2 * std::uint64_t(count) + 1;  // at most half full: short probe runs
        std::fill(slots_.get(), slots_.get() + size_, kNone);
    }
    double* position(std::uint32_t i) { return &position_[3 * std::size_t(i)]; }
    std::uint32_t& vertex(std::uint32_t i) { return vertex_[i]; }

    // The slot heading cell c's chain, or the empty slot where it would go.
    std::uint32_t* slotOf(const Cell& c, const Grid& grid) {
        std::uint64_t slot = (std::uint64_t(std::uint32_t(hashOf(c.x, c.y, c.z))) * size_) >> 32;
        while (slots_[slot] != kNone && !grid.cellOf(position(slots_[slot])).sameAs(c))
            slot = slot + 1 == size_ ? 0 : slot + 1;
        return &slots_[slot];
    }
    // Stores point i at the head of the chain at `slot`.
    void insert(std::uint32_t* slot, std::uint32_t i) {
        next_[i] = *slot;
        *slot = i;
    }
    // Joins vertex v at p with each point of the chain from `first` within tol; true when one
    // has p's very coordinates (only in v's own cell, while v is not stored anywhere yet).
    bool joinChain(std::uint32_t first, const double* p, std::uint32_t v, const Grid& grid, std::uint32_t* parent) {
        bool joined = false;
        for (std::uint32_t i = first; i != kNone; i = next_[i]) {
            ++comparisons;
            const double* q = position(i);
            if (!grid.within(p, q)) continue;
            if (p[0] == q[0] && p[1] == q[1] && p[2] == q[2]) {
                // v is still alone: hang it below the copy without reading any parent (the common
                // case of duplicated seams and soups, where reads would miss the cache).
                if (joined)
                    join(parent, vertex_[i], v);
                else
                    parent[v] = vertex_[i];
                return true;
            }
            join(parent, vertex_[i], v);
            joined = true;
        }
        return false;
    }

    std::uint64_t comparisons = 0;

private:
    std::unique_ptr<double[]> position_;
    std::unique_ptr<std::uint32_t[]> vertex_, next_, slots_;
    std::uint64_t size_ = 0;
};

// Calls f(neighbour cell) for each cell across a border c is near.
template <typename F>
void forEachNeighbour(const Cell& c, F&& f) {
    int from[3], to[3];
    for (int k = 0; k < 3; ++k) {
        from[k] = (c.near >> (2 * k)) & 1u ? -1 : 0;
        to[k] = (c.near >> (2 * k + 1)) & 1u ? 1 : 0;
    }
    for (int dx = from[0]; dx <= to[0]; ++dx)
        for (int dy = from[1]; dy <= to[1]; ++dy)
            for (int dz = from[2]; dz <= to[2]; ++dz)
                if (dx != 0 || dy != 0 || dz != 0) f(Cell{c.x + dx, c.y + dy, c.z + dz, 0});
}

// Welds with cells of `cellTolerances`; false (weld unfinished) once the comparisons exceed `budget`.
template <typename T>
bool weldWith(const T* positions, std::size_t vertices, const Bounds& box, double extraTolerance, double cellTolerances,
              std::uint64_t budget, std::vector<std::uint32_t>& weld) {
    const Grid grid(box, cellTolerances, extraTolerance);

    // About 8 K vertices per group (its table, positions and chains stay in L2), and at most 2^10
    // groups so the scatter writes few enough streams at once.
    int groupBits = 0;
    while (groupBits < 10 && (vertices >> (groupBits + 13)) > 0) ++groupBits;
    const int shift = 64 - groupBits;
    auto groupOf = [&](const Cell& c) {
        return groupBits == 0 ? std::uint32_t(0)
                              : static_cast<std::uint32_t>(
                                    hashOf(c.x >> kBlockBits, c.y >> kBlockBits, c.z >> kBlockBits) >> shift);
    };

    // weld holds each vertex's group until the scatter, then the union-find parents.
    weld.assign(vertices, 0);
    std::vector<std::uint32_t> starts((std::size_t(1) << groupBits) + 1, 0);
    for (std::size_t v = 0; v < vertices; ++v) {
        double p[3];
        grid.scaled(positions + 3 * v, p);
        weld[v] = groupOf(grid.cellOf(p));
        ++starts[weld[v] + 1];
    }
    std::uint32_t largest = 0;
    for (std::size_t b = 1; b < starts.size(); ++b) {
        largest = std::max(largest, starts[b]);
        starts[b] += starts[b - 1];
    }
    // order: the vertices of each group, ascending. Left uninitialized (all written below).
    std::unique_ptr<std::uint32_t[]> order(new std::uint32_t[vertices]);
    {
        std::vector<std::uint32_t> fill(starts.begin(), starts.end() - 1);
        for (std::size_t v = 0; v < vertices; ++v) {
            order[fill[weld[v]]++] = static_cast<std::uint32_t>(v);
            weld[v] = static_cast<std::uint32_t>(v);
        }
    }

    // Vertices whose cell has a neighbour within tol in another group are saved at the front of
    // `order` (never past the group being read, which is gathered before).
    std::size_t crossing = 0;
    {
        CellTable table(largest);
        for (std::uint32_t b = 0; b + 1 < starts.size(); ++b) {
            const std::uint32_t first = starts[b], count = starts[b + 1] - first;
            table.reset(count);
            for (std::uint32_t i = 0; i < count; ++i) {
                table.vertex(i) = order[first + i];
                grid.scaled(positions + 3 * std::size_t(table.vertex(i)), table.position(i));
            }
            for (std::uint32_t i = 0; i < count; ++i) {
                if (table.comparisons > budget) return false;
                const double* p = table.position(i);
                const std::uint32_t v = table.vertex(i);
                const Cell c = grid.cellOf(p);
                std::uint32_t* slot = table.slotOf(c, grid);
                // A copy of a point already stored has that point's neighbours: joining it is all.
                if (table.joinChain(*slot, p, v, grid, weld.data())) continue;
                table.insert(slot, i);
                if (c.near == 0) continue;
                // Of two points within tol in adjacent cells, both are near their common border;
                // the one stored later finds the other.
                bool crosses = false;
                forEachNeighbour(c, [&](const Cell& n) {
                    if (groupOf(n) == b)
                        table.joinChain(*table.slotOf(n, grid), p, v, grid, weld.data());
                    else
                        crosses = true;
                });
                if (crosses) order[crossing++] = v;
            }
        }
    }

    // The last pass: the crossing points, with the same table over all of them. Distinct points
    // of one cell are all in it, and each looks only into cells of other groups.
    if (crossing > 0) {
        CellTable table(crossing);
        table.reset(crossing);
        for (std::uint32_t i = 0; i < crossing; ++i) {
            const std::uint32_t v = order[i];
            double* p = table.position(i);
            grid.scaled(positions + 3 * std::size_t(v), p);
            table.vertex(i) = v;
            const Cell c = grid.cellOf(p);
            const std::uint32_t group = groupOf(c);
            forEachNeighbour(c, [&](const Cell& n) {
                if (groupOf(n) != group) table.joinChain(*table.slotOf(n, grid), p, v, grid, weld.data());
            });
            table.insert(table.slotOf(c, grid), i);
            if (table.comparisons > budget) return false;
        }
    }

    // Parents are lower-numbered, so one ascending pass leaves every vertex naming its root.
    for (std::size_t v = 0; v < vertices; ++v) weld[v] = weld[weld[v]];
    return true;
}

// The last resort for crowded vertices: cells narrower than tol, so each cell's vertices are one
// cluster, joined without comparisons. Then each pair of nearby cells is joined when some pair
// of their vertices is within tol, a question their bounding boxes mostly settle: the work is per
// cell, however many vertices crowd in one. Plain global tables: speed matters less here.
template <typename T>
void weldCliques(const T* positions, std::size_t vertices, const Bounds& box, double extraTolerance,
                 std::vector<std::uint32_t>& weld) {
    const Grid grid(box, kCliqueCellTolerances, extraTolerance);
    weld.resize(vertices);
    std::uint32_t* parent = weld.data();
    auto positionOf = [&](std::uint32_t v, double* p) { grid.scaled(positions + 3 * std::size_t(v), p); };
    auto cellOfVertex = [&](std::uint32_t v) {
        double p[3];
        positionOf(v, p);
        return grid.cellOf(p);
    };

    // Cells, numbered in the order of their lowest vertex, found through a hash table of numbers.
    std::vector<std::uint32_t> first;  // a cell's lowest vertex
    first.reserve(vertices);           // no regrowth: its bytes are counted in weldWorkingBytes
    std::unique_ptr<std::uint32_t[]> cellOf(new std::uint32_t[vertices]);
    const std::uint64_t size = 2 * std::uint64_t(vertices) + 1;
    std::unique_ptr<std::uint32_t[]> slots(new std::uint32_t[size]);
    std::fill(slots.get(), slots.get() + size, kNone);
    auto slotOf = [&](const Cell& c) {
        std::uint64_t slot = (std::uint64_t(std::uint32_t(hashOf(c.x, c.y, c.z))) * size) >> 32;
        while (slots[slot] != kNone && !cellOfVertex(first[slots[slot]]).sameAs(c))
            slot = slot + 1 == size ? 0 : slot + 1;
        return &slots[slot];
    };
    for (std::uint32_t v = 0; v < vertices; ++v) {
        std::uint32_t* slot = slotOf(cellOfVertex(v));
        if (*slot == kNone) {
            *slot = static_cast<std::uint32_t>(first.size());
            first.push_back(v);
        }
        cellOf[v] = *slot;
        parent[v] = first[*slot];  // v is still alone, and not below its cell's first vertex
    }

    // The vertices of each cell, ascending (a counting sort by cell).
    const std::size_t cells = first.size();
    std::vector<std::uint32_t> starts(cells + 1, 0);
    for (std::size_t v = 0; v < vertices; ++v) ++starts[cellOf[v] + 1];
    for (std::size_t c = 1; c <= cells; ++c) starts[c] += starts[c - 1];
    std::unique_ptr<std::uint32_t[]> members(new std::uint32_t[vertices]);
    {
        std::vector<std::uint32_t> fill(starts.begin(), starts.end() - 1);
        for (std::uint32_t v = 0; v < vertices; ++v) members[fill[cellOf[v]]++] = v;
    }
    cellOf.reset();

    struct Extent {
        double lo[3], hi[3];
    };
    auto extentOf = [&](std::size_t c) {
        Extent e{{HUGE_VAL, HUGE_VAL, HUGE_VAL}, {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL}};
        for (std::uint32_t i = starts[c]; i < starts[c + 1]; ++i) {
            double p[3];
            positionOf(members[i], p);
            for (int k = 0; k < 3; ++k) e.lo[k] = std::min(e.lo[k], p[k]), e.hi[k] = std::max(e.hi[k], p[k]);
        }
        return e;
    };
    // Whether some vertex of cell a is within tol of some vertex of cell b, exactly by the rule.
    // Along each axis either every pair is within tol (the cells share that axis's coordinate:
    // cells are narrower than tol), or no pair is, or (cells side by side) only the difference
    // one way can exceed tol: fl(b - a) <= tol in signed coordinates a = s * p, b = s * q, which
    // for a given q holds exactly for a >= threshold(b). One such axis: the extremes decide.
    // Two or three: a dominance question, swept along the first with a Fenwick tree of maxima
    // over the ranks of the second, in O(m log m) for m vertices.
    auto threshold = [&](double b) { return lowestWithin(b, grid.tol); };
    auto touches = [&](std::size_t a, const Extent& ea, std::size_t b) {
        const Extent eb = extentOf(b);
        int axes[3], count = 0;
        double sign[3] = {1, 1, 1};
        bool bothWays = false;
        for (int k = 0; k < 3; ++k) {
            if (eb.lo[k] - ea.hi[k] > grid.tol || ea.lo[k] - eb.hi[k] > grid.tol) return false;
            const bool up = eb.hi[k] - ea.lo[k] <= grid.tol, down = ea.hi[k] - eb.lo[k] <= grid.tol;
            if (up && down) continue;
            if (!up && !down) bothWays = true;
            sign[k] = down ? 1 : -1;  // p - q <= tol always: only q - p can exceed it
            axes[count++] = k;
        }
        auto signedOf = [&](std::uint32_t v, double* out) {
            positionOf(v, out);
            for (int k = 0; k < 3; ++k) out[k] *= sign[k];
        };
        if (bothWays) {  // cells side by side cannot overlap more than rounding: never in practice
            for (std::uint32_t i = starts[a]; i < starts[a + 1]; ++i)
                for (std::uint32_t j = starts[b]; j < starts[b + 1]; ++j) {
                    double p[3], q[3];
                    positionOf(members[i], p);
                    positionOf(members[j], q);
                    if (grid.within(p, q)) return true;
                }
            return false;
        }
        if (count == 0) return true;
        if (count == 1) {
            const int k = axes[0];
            return (sign[k] > 0 ? eb.lo[k] - ea.hi[k] : ea.lo[k] - eb.hi[k]) <= grid.tol;
        }
        const int k0 = axes[0], k1 = axes[1], k2 = count == 3 ? axes[2] : -1;
        const std::uint32_t na = starts[a + 1] - starts[a], nb = starts[b + 1] - starts[b];
        const std::uint32_t* ma = &members[starts[a]];
        const std::uint32_t* mb = &members[starts[b]];
        // Crowded neighbouring cells mostly touch, and then a few pairs spread over both show it.
        for (std::uint32_t t = 0; t < 64; ++t) {
            double p[3], q[3];
            positionOf(ma[std::uint64_t(t) * na / 64], p);
            positionOf(mb[std::uint64_t(t * 37 % 64) * nb / 64], q);
            if (grid.within(p, q)) return true;
        }
        // Cell a's vertices by descending first coordinate; its second coordinates, descending.
        std::vector<std::uint32_t> byFirst(ma, ma + na);
        std::vector<double> seconds(na);
        auto signedAt = [&](std::uint32_t v, int k) {
            double p[3];
            signedOf(v, p);
            return p[k];
        };
        std::sort(byFirst.begin(), byFirst.end(),
                  [&](std::uint32_t u, std::uint32_t v) { return signedAt(u, k0) > signedAt(v, k0); });
        for (std::uint32_t i = 0; i < na; ++i) seconds[i] = signedAt(ma[i], k1);
        std::sort(seconds.begin(), seconds.end(), std::greater<double>());
        // Cell b's vertices with their thresholds along the first axis, descending.
        std::vector<std::pair<double, std::uint32_t>> queries(nb);
        for (std::uint32_t j = 0; j < nb; ++j) queries[j] = {threshold(signedAt(mb[j], k0)), mb[j]};
        std::sort(queries.begin(), queries.end(), std::greater<std::pair<double, std::uint32_t>>());
        // Fenwick tree over ranks of the second coordinate: the largest third coordinate (or 0
        // with two axes) among the inserted vertices of each prefix.
        std::vector<double> tree(na + 1, -HUGE_VAL);
        std::uint32_t inserted = 0;
        for (std::uint32_t j = 0; j < nb; ++j) {
            for (; inserted < na && signedAt(byFirst[inserted], k0) >= queries[j].first; ++inserted) {
                const std::uint32_t v = byFirst[inserted];
                const double value = k2 >= 0 ? signedAt(v, k2) : 0;
                const double second = signedAt(v, k1);
                const std::size_t r =
                    std::lower_bound(seconds.begin(), seconds.end(), second, std::greater<double>()) - seconds.begin();
                for (std::size_t x = r + 1; x <= na; x += x & (~x + 1)) tree[x] = std::max(tree[x], value);
            }
            const std::uint32_t q = queries[j].second;
            const std::size_t r =
                std::upper_bound(seconds.begin(), seconds.end(), threshold(signedAt(q, k1)), std::greater<double>()) -
                seconds.begin();
            const double need = k2 >= 0 ? threshold(signedAt(q, k2)) : -HUGE_VAL;
            double best = -HUGE_VAL;
            for (std::size_t x = r; x > 0; x -= x & (~x + 1)) best = std::max(best, tree[x]);
            if (best > -HUGE_VAL && best >= need) return true;  // -HUGE_VAL: no vertex inserted there
        }
        return false;
    };

    for (std::size_t a = 0; a < cells; ++a) {
        const Extent ea = extentOf(a);
        const Cell c = cellOfVertex(first[a]);
        const std::int64_t at[3] = {c.x, c.y, c.z};
        // The cells any vertex within tol of this cell's extent can be in (two at most either
        // way: cells are nearly tol wide), each pair of cells looked at from one side only.
        std::int64_t from[3], to[3];
        for (int k = 0; k < 3; ++k) {
            from[k] = std::max<std::int64_t>(
                -2, static_cast<std::int64_t>(std::floor(grid.cellCoordinate(ea.lo[k], k) - grid.margin())) - at[k]);
            to[k] = std::min<std::int64_t>(
                2, static_cast<std::int64_t>(std::floor(grid.cellCoordinate(ea.hi[k], k) + grid.margin())) - at[k]);
        }
        for (std::int64_t dx = from[0]; dx <= to[0]; ++dx)
            for (std::int64_t dy = from[1]; dy <= to[1]; ++dy)
                for (std::int64_t dz = from[2]; dz <= to[2]; ++dz) {
                    if (dx < 0 || (dx == 0 && (dy < 0 || (dy == 0 && dz <= 0)))) continue;
                    const std::uint32_t b = *slotOf(Cell{c.x + dx, c.y + dy, c.z + dz, 0});
                    if (b == kNone || rootOf(parent, first[a]) == rootOf(parent, first[b])) continue;
                    if (touches(a, ea, b)) join(parent, first[a], first[b]);
                }
    }
    for (std::size_t v = 0; v < vertices; ++v) weld[v] = weld[weld[v]];
}

template <typename T>
std::vector<std::uint32_t> weldAll(const T* positions, std::size_t vertices, const Bounds& box, double extraTolerance) {
    std::vector<std::uint32_t> weld;
    const std::uint64_t budget = kComparisonsPerVertex * std::uint64_t(vertices) + 4096;
    if (!weldWith(positions, vertices, box, extraTolerance, kCellTolerances, budget, weld) &&
        !weldWith(positions, vertices, box, extraTolerance, kDenseCellTolerances, budget, weld))
        weldCliques(positions, vertices, box, extraTolerance, weld);
    return weld;
}

}  // namespace

WeldRule weldRule(const Bounds& box, double extraTolerance) {
    WeldRule rule;
    double maxAbs = 0;
    for (int k = 0; k < 3; ++k) maxAbs = std::max({maxAbs, std::abs(box.lo[k]), std::abs(box.hi[k])});
    rule.scale = maxAbs > 0x1p1000 ? 0.25 : maxAbs < 0x1p-500 ? 0x1p600 : 1;
    for (int k = 0; k < 3; ++k) rule.extent = std::max(rule.extent, box.hi[k] * rule.scale - box.lo[k] * rule.scale);
    rule.tol =
        std::max({kWeldTolerance * rule.extent, 4 * DBL_EPSILON * (maxAbs * rule.scale), extraTolerance * rule.scale});
    return rule;
}

std::vector<std::uint32_t> weldVertices(const MeshView& mesh, const Bounds& box, double extraTolerance) {
    const std::size_t vertices = vertexCount(mesh);
    if (mesh.positionType == ScalarType::Float32)
        return weldAll(static_cast<const float*>(mesh.positions), vertices, box, extraTolerance);
    return weldAll(static_cast<const double*>(mesh.positions), vertices, box, extraTolerance);
}

std::uint64_t weldWorkingBytes(std::uint64_t vertexCount) {
    // The result and `order` (4 + 4 per vertex), and at worst (one group holding every vertex)
    // a table of 40 bytes per vertex: a scaled position, vertex, chain link and two slots.
    // The group offsets (2^10 groups at most) fit in the 64 KiB. weldCliques needs less: the
    // result, cell numbers, slots, first vertices, offsets and members (24 per vertex), and for
    // two cells of m vertices together at most 20 bytes each.
    return (4 + 4 + 8 * 3 + 4 + 4 + 2 * 4) * vertexCount + (std::uint64_t(1) << 16);
}

}  // namespace detail
}  // namespace massprops
