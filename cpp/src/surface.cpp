// Edges are bucketed by their lower welded vertex with a counting sort (linear time, no hash
// map), each entry packing the higher vertex with the triangle and which of its edges it is.
// Passes over those edge groups give the counts of the surface as given, the repeated
// triangles, the shells (union-find), the manifold neighbours that a breadth-first walk uses to
// wind each patch consistently, and the boundary edges that are then traced into loops.
#include "surface.h"

#include <algorithm>
#include <array>
#include <numeric>

#include "mesh_access.h"

namespace massprops {
namespace detail {

namespace {

constexpr std::uint32_t kNone = 0xffffffffu;

// An edge use: higher vertex << 32 | triangle << 3 | forward << 2 | which edge of the triangle
// (0..2), where forward says the triangle runs along it from the lower vertex to the higher: the
// passes over the edges read it here rather than from the triangle's corners (a random read).
using EdgeUse = std::uint64_t;
inline std::uint32_t useTriangle(EdgeUse e) { return static_cast<std::uint32_t>(e) >> 3; }
inline int useEdge(EdgeUse e) { return static_cast<int>(e & 3u); }
inline bool useForward(EdgeUse e) { return (e >> 2) & 1u; }
inline std::uint32_t useHigh(EdgeUse e) { return static_cast<std::uint32_t>(e >> 32); }

struct EdgeTable {
    std::vector<std::uint32_t> starts;  // uses of edges with lower vertex v: [starts[v], starts[v + 1])
    std::vector<EdgeUse> uses;          // sorted within each bucket, so equal edges are adjacent
};

bool collapsed(const std::uint32_t* v) { return v[0] == v[1] || v[1] == v[2] || v[2] == v[0]; }

EdgeTable buildEdges(const std::vector<std::uint32_t>& corners, std::size_t triangles, std::size_t vertices) {
    EdgeTable table;
    table.starts.assign(vertices + 1, 0);
    for (std::size_t t = 0; t < triangles; ++t) {
        const std::uint32_t* v = &corners[3 * t];
        if (collapsed(v)) continue;
        for (int k = 0; k < 3; ++k) ++table.starts[std::min(v[k], v[(k + 1) % 3]) + 1];
    }
    for (std::size_t b = 1; b < table.starts.size(); ++b) table.starts[b] += table.starts[b - 1];
    table.uses.resize(table.starts.back());
    std::vector<std::uint32_t> fill(table.starts.begin(), table.starts.end() - 1);
    for (std::size_t t = 0; t < triangles; ++t) {
        const std::uint32_t* v = &corners[3 * t];
        if (collapsed(v)) continue;
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t a = v[k], b = v[(k + 1) % 3];
            table.uses[fill[std::min(a, b)]++] =
                (EdgeUse(std::max(a, b)) << 32) | (EdgeUse(t) << 3) | (EdgeUse(a < b) << 2) | static_cast<EdgeUse>(k);
        }
    }
    // A handful of uses per vertex: insertion sort beats a general sort there. A vertex of high
    // valence (a pole, a fan-triangulated cap) gets the general one: insertion sort is quadratic.
    EdgeUse* uses = table.uses.data();
    for (std::size_t v = 0; v < vertices; ++v) {
        EdgeUse *first = uses + table.starts[v], *last = uses + table.starts[v + 1];
        if (last - first > 32) {
            std::sort(first, last);
            continue;
        }
        for (EdgeUse* i = first + (first != last); i < last; ++i)
            for (EdgeUse* j = i; j != first && *(j - 1) > *j; --j) std::swap(*(j - 1), *j);
    }
    return table;
}

// Calls f(first, last) for each run of uses of one edge.
template <typename F>
void forEachEdge(const EdgeTable& table, F&& f) {
    const std::size_t buckets = table.starts.size() - 1;
    for (std::size_t v = 0; v < buckets; ++v) {
        const EdgeUse* first = table.uses.data() + table.starts[v];
        const EdgeUse* last = table.uses.data() + table.starts[v + 1];
        while (first != last) {
            const EdgeUse* run = first;
            while (run != last && useHigh(*run) == useHigh(*first)) ++run;
            f(first, run);
            first = run;
        }
    }
}

// The vertex of triangle t opposite its edge k.
std::uint32_t opposite(const std::vector<std::uint32_t>& corners, std::uint32_t t, int k) {
    return corners[3 * t + (k + 2) % 3];
}

struct UnionFind {
    std::vector<std::uint32_t> parent;
    explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    std::uint32_t find(std::uint32_t x) {
        while (parent[x] != x) x = parent[x] = parent[parent[x]];
        return x;
    }
    void unite(std::uint32_t a, std::uint32_t b) {
        a = find(a), b = find(b);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
};

// The surface as given: every non-collapsed triangle counts, repeats included.
void countAsGiven(const EdgeTable& table, Surface& s) {
    forEachEdge(table, [&](const EdgeUse* first, const EdgeUse* last) {
        const auto n = static_cast<std::uint32_t>(last - first);
        std::uint32_t forwardUses = 0;
        for (const EdgeUse* e = first; e != last; ++e) forwardUses += useForward(*e);
        if (n == 1) ++s.boundaryEdges;
        if (n > 2) ++s.nonManifoldEdges;
        if (n % 2 == 1) ++s.oddEdges;
        if (n >= 2 && 2 * forwardUses != n) ++s.inconsistentEdges;
    });
}

bool sameWinding(const std::vector<std::uint32_t>& corners, std::uint32_t a, std::uint32_t b) {
    const std::uint32_t* x = &corners[3 * a];
    const std::uint32_t* y = &corners[3 * b];
    for (int k = 0; k < 3; ++k)
        if (x[0] == y[k] && x[1] == y[(k + 1) % 3]) return true;
    return false;
}

// Triangles on the same three welded vertices are copies of one face (repeats share every edge,
// so comparing the triangles of each edge finds them all). How many copies stay is decided by
// the edges: the rest of the surface uses each edge of the face an odd number of times when the
// face is needed to close it (a face listed twice, or a stray flipped copy: one copy stays, of
// the majority winding) and an even number when it is not (the inner wall of two solids that
// touch, given once by each: the pair cancels, as in the divergence sum). A shell made of copies
// only is a double-sided mesh: one copy of each face stays.
void markDuplicates(const EdgeTable& table, const std::vector<std::uint32_t>& corners, Surface& s) {
    UnionFind copies(s.triangles);
    bool any = false;
    forEachEdge(table, [&](const EdgeUse* first, const EdgeUse* last) {
        for (const EdgeUse* a = first; a != last; ++a) {
            // Two triangles on this edge are on the same three vertices when their third ones agree.
            for (const EdgeUse* b = first; b != a; ++b)
                if (opposite(corners, useTriangle(*a), useEdge(*a)) ==
                    opposite(corners, useTriangle(*b), useEdge(*b))) {
                    copies.unite(useTriangle(*a), useTriangle(*b));
                    any = true;
                }
        }
    });
    if (!any) return;
    // The shells as given (every use), needed only now that there are copies.
    UnionFind shells(s.triangles);
    forEachEdge(table, [&](const EdgeUse* first, const EdgeUse* last) {
        for (const EdgeUse* a = first + 1; a < last; ++a) shells.unite(useTriangle(*first), useTriangle(*a));
    });
    std::vector<std::uint32_t> size(s.triangles, 0);
    for (std::uint32_t t = 0; t < s.triangles; ++t)
        if (!s.inactive[t]) ++size[copies.find(t)];
    // Shells with a face of their own, and faces whose edges the rest uses an odd number of times.
    std::vector<std::uint8_t> mixed(s.triangles, 0), needed(s.triangles, 0);
    for (std::uint32_t t = 0; t < s.triangles; ++t)
        if (!s.inactive[t] && size[copies.find(t)] == 1) mixed[shells.find(t)] = 1;
    forEachEdge(table, [&](const EdgeUse* first, const EdgeUse* last) {
        std::uint32_t own = 0;
        for (const EdgeUse* e = first; e != last; ++e) own += size[copies.find(useTriangle(*e))] == 1;
        if (own % 2 == 0) return;
        for (const EdgeUse* e = first; e != last; ++e) needed[copies.find(useTriangle(*e))] = 1;
    });
    std::vector<std::uint32_t> forward(s.triangles, 0), reverse(s.triangles, 0);
    for (std::uint32_t t = 0; t < s.triangles; ++t) {
        const std::uint32_t root = copies.find(t);
        if (s.inactive[t] || size[root] < 2) continue;
        (sameWinding(corners, root, t) ? forward : reverse)[root] += 1;
    }
    std::vector<std::uint8_t> kept(s.triangles, 0);
    for (std::uint32_t t = 0; t < s.triangles; ++t) {
        const std::uint32_t root = copies.find(t);
        if (s.inactive[t] || size[root] < 2) continue;
        const bool along = sameWinding(corners, root, t);
        const bool majority = along ? forward[root] >= reverse[root] : reverse[root] > forward[root];
        const bool keep = !kept[root] && (mixed[shells.find(t)] ? needed[root] && majority : t == root);
        if (keep) {
            kept[root] = 1;
        } else {
            s.inactive[t] = kRepeated;
            ++s.duplicateTriangles;
        }
    }
}

struct Links {
    // neighbour[3t + k]: the triangle across edge k of t when that edge is manifold, shifted left
    // by one with the low bit set when both traverse the edge the same way (so one must flip).
    std::vector<std::uint32_t> neighbour;
    std::vector<std::pair<std::uint32_t, int>> boundary;  // (triangle, edge) used by one active triangle
};

// `shells` may be null: then shells are not tracked (a clean surface's shells are its patches).
Links linkActive(const EdgeTable& table, Surface& s, UnionFind* shells) {
    Links links;
    links.neighbour.assign(3 * s.triangles, kNone);
    forEachEdge(table, [&](const EdgeUse* first, const EdgeUse* last) {
        const EdgeUse* active[2] = {nullptr, nullptr};
        std::uint32_t count = 0, anchor = kNone;
        for (const EdgeUse* e = first; e != last; ++e) {
            const std::uint32_t t = useTriangle(*e);
            if (s.inactive[t]) continue;
            if (count < 2) active[count] = e;
            ++count;
            if (anchor == kNone) anchor = t;
            if (shells) shells->unite(anchor, t);
        }
        if (count == 1) links.boundary.emplace_back(useTriangle(*active[0]), useEdge(*active[0]));
        if (count != 2) return;
        const std::uint32_t t0 = useTriangle(*active[0]), t1 = useTriangle(*active[1]);
        const int k0 = useEdge(*active[0]), k1 = useEdge(*active[1]);
        const std::uint32_t same = useForward(*active[0]) == useForward(*active[1]) ? 1u : 0u;
        links.neighbour[3 * t0 + k0] = (t1 << 1) | same;
        links.neighbour[3 * t1 + k1] = (t0 << 1) | same;
    });
    return links;
}

// Breadth-first across manifold edges: each patch is wound like its first triangle.
void orientPatches(const Links& links, const std::vector<std::uint32_t>& shellOf, Surface& s) {
    std::vector<std::uint32_t> queue;
    for (std::uint32_t seed = 0; seed < s.triangles; ++seed) {
        if (s.inactive[seed] || s.patch[seed] != kNoPatch) continue;
        const std::uint32_t id = s.patchCount++;
        s.patchShell.push_back(shellOf[seed]);
        s.patchFlipped.push_back(0);
        s.patchSize.push_back(0);
        s.patch[seed] = id;
        queue.assign(1, seed);
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const std::uint32_t t = queue[head];
            ++s.patchSize[id];
            s.patchFlipped[id] += s.flipped[t];
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t link = links.neighbour[3 * t + k];
                if (link == kNone) continue;
                const std::uint32_t other = link >> 1;
                if (s.patch[other] != kNoPatch) continue;
                s.patch[other] = id;
                s.flipped[other] = static_cast<std::uint8_t>(s.flipped[t] ^ (link & 1u));
                queue.push_back(other);
            }
        }
    }
}

// After orientation: a patch is closed when, on every edge, its own uses run as often one way
// as the other (a non-orientable patch, or a fin on a shared edge, is not). An edge with a single
// use is a boundary edge, closed by its loop's cap if the loop can be traced.
void checkBalance(const EdgeTable& table, Surface& s) {
    s.patchClosed.assign(s.patchCount, 1);
    s.shellClosed.assign(s.shellCount, 1);
    s.patchTwisted.assign(s.patchCount, 0);
    std::vector<std::pair<std::uint32_t, int>> tally;
    forEachEdge(table, [&](const EdgeUse* first, const EdgeUse* last) {
        tally.clear();
        int active = 0, shellBalance = 0;
        for (const EdgeUse* e = first; e != last; ++e) {
            const std::uint32_t t = useTriangle(*e);
            if (s.inactive[t]) continue;
            ++active;
            const int along = useForward(*e) != (s.flipped[t] != 0) ? 1 : -1;
            shellBalance += along;  // the uses of one edge all belong to one shell
            auto it = std::find_if(tally.begin(), tally.end(), [&](const auto& p) { return p.first == s.patch[t]; });
            if (it == tally.end())
                tally.emplace_back(s.patch[t], along);
            else
                it->second += along;
        }
        if (active <= 1) return;
        for (const auto& [patch, balance] : tally)
            if (balance != 0) s.patchClosed[patch] = 0;
        if (active == 2 && tally.size() == 1 && tally.front().second != 0) s.patchTwisted[tally.front().first] = 1;
        if (shellBalance != 0) s.shellClosed[s.patchShell[tally.front().first]] = 0;
    });
}

// The boundary edges of the oriented surface joined into closed walks, each split at repeated
// vertices into simple loops. At a pinch (a vertex with several unused outgoing edges) the walk
// takes the edge whose far vertex comes first in lexicographic order of position, so the loops
// do not depend on the order of the triangles.
struct Directed {
    std::uint32_t from, to, patch;
};

// Joins directed edges, each the patch's own, into closed walks split into simple loops (above).
template <typename Positions>
void traceWalks(std::vector<Directed> edges, Positions position, std::size_t vertices, Surface& s) {
    auto before = [&](std::uint32_t u, std::uint32_t v) { return position(u) < position(v); };
    std::sort(edges.begin(), edges.end(), [&](const Directed& x, const Directed& y) {
        if (x.from != y.from) return x.from < y.from;
        return before(x.to, y.to);
    });
    std::vector<std::uint8_t> used(edges.size(), 0);
    auto nextFrom = [&](std::uint32_t v, std::uint32_t patch) -> std::size_t {
        auto it = std::lower_bound(edges.begin(), edges.end(), v,
                                   [](const Directed& e, std::uint32_t x) { return e.from < x; });
        for (; it != edges.end() && it->from == v; ++it) {
            const auto i = static_cast<std::size_t>(it - edges.begin());
            if (!used[i] && it->patch == patch) return i;
        }
        return edges.size();
    };
    std::vector<std::uint32_t> walk, stack;
    // Where each vertex stands on `stack` (+1; 0: not on it), only when there are loops at all.
    std::vector<std::uint32_t> onStack(edges.empty() ? 0 : vertices, 0);
    for (std::size_t start = 0; start < edges.size(); ++start) {
        if (used[start]) continue;
        const std::uint32_t patch = edges[start].patch;
        walk.clear();
        std::size_t e = start;
        bool closedWalk = false;
        while (e < edges.size()) {
            used[e] = 1;
            walk.push_back(edges[e].from);
            if (edges[e].to == edges[start].from) {
                closedWalk = true;
                break;
            }
            e = nextFrom(edges[e].to, patch);
        }
        if (!closedWalk) {
            s.patchClosed[patch] = 0;  // a chain that does not come back (a fin, an odd edge)
            s.shellClosed[s.patchShell[patch]] = 0;
            continue;
        }
        // Split at repeated vertices: a vertex seen before on the walk closes a simple loop.
        stack.clear();
        auto emitFrom = [&](std::size_t from) {
            if (stack.size() - from >= 3) {  // two vertices enclose nothing
                s.loopVertices.insert(s.loopVertices.end(), stack.begin() + from, stack.end());
                s.loopStart.push_back(static_cast<std::uint32_t>(s.loopVertices.size()));
                s.loopPatch.push_back(patch);
            }
            for (std::size_t i = from; i < stack.size(); ++i) onStack[stack[i]] = 0;
            stack.resize(from);
        };
        for (std::uint32_t v : walk) {
            if (onStack[v] != 0) emitFrom(onStack[v] - 1);  // v closes a simple loop; it starts the rest again
            stack.push_back(v);
            onStack[v] = static_cast<std::uint32_t>(stack.size());
        }
        emitFrom(0);
    }
}

template <typename Positions>
void traceLoops(const Links& links, const std::vector<std::uint32_t>& corners, Positions position, std::size_t vertices,
                Surface& s) {
    std::vector<Directed> edges;
    edges.reserve(links.boundary.size());
    for (const auto& [t, k] : links.boundary) {
        std::uint32_t a = corners[3 * t + k], b = corners[3 * t + (k + 1) % 3];
        if (s.flipped[t]) std::swap(a, b);
        edges.push_back({a, b, s.patch[t]});
    }
    traceWalks(std::move(edges), position, vertices, s);
}

// The open patches of each shell (see Surface::patchOpen) as one surface: its loops replace
// theirs, traced from every edge as often as its uses fail to balance, so that capping them
// closes the group whatever its manifoldness. The walks always close: each vertex has as many
// unbalanced edges in as out.
template <typename Positions>
void closeOpenShells(const EdgeTable& table, Positions position, std::size_t vertices, Surface& s) {
    s.patchOpen.assign(s.patchCount, 0);
    s.patchReversed.assign(s.patchCount, 0);
    std::vector<std::uint32_t> first(s.shellCount, kNone);  // the group's first patch
    for (std::uint32_t id = 0; id < s.patchCount; ++id) {
        const std::uint32_t shell = s.patchShell[id];
        if (s.patchClosed[id] || s.shellClosed[shell] || s.patchTwisted[id]) continue;
        s.patchOpen[id] = 1;
        s.patchReversed[id] = 2 * s.patchFlipped[id] > s.patchSize[id];
        if (first[shell] == kNone) first[shell] = id;
    }
    if (std::find(s.patchOpen.begin(), s.patchOpen.end(), 1) == s.patchOpen.end()) return;
    // Their patch loops go; the others stay as traced.
    std::vector<std::uint32_t> start{0}, vertex, patch;
    for (std::size_t loop = 0; loop < s.loopPatch.size(); ++loop) {
        if (s.patchOpen[s.loopPatch[loop]]) continue;
        vertex.insert(vertex.end(), s.loopVertices.begin() + s.loopStart[loop],
                      s.loopVertices.begin() + s.loopStart[loop + 1]);
        start.push_back(static_cast<std::uint32_t>(vertex.size()));
        patch.push_back(s.loopPatch[loop]);
    }
    s.loopStart = std::move(start), s.loopVertices = std::move(vertex), s.loopPatch = std::move(patch);
    std::vector<Directed> edges;
    forEachEdge(table, [&](const EdgeUse* use, const EdgeUse* last) {
        int balance = 0;  // uses from the lower vertex to the higher, less the others
        std::uint32_t group = kNone, low = 0, high = 0;
        for (const EdgeUse* e = use; e != last; ++e) {
            const std::uint32_t t = useTriangle(*e);
            if (s.inactive[t] || !s.patchOpen[s.patch[t]]) continue;
            const bool reversed = (s.flipped[t] != 0) != (s.patchReversed[s.patch[t]] != 0);
            balance += useForward(*e) != reversed ? 1 : -1;
            group = first[s.patchShell[s.patch[t]]];
            const std::uint32_t a = s.corners[3 * t + useEdge(*e)], b = s.corners[3 * t + (useEdge(*e) + 1) % 3];
            low = std::min(a, b), high = std::max(a, b);
        }
        for (int i = 0; i < std::abs(balance); ++i)
            edges.push_back(balance > 0 ? Directed{low, high, group} : Directed{high, low, group});
    });
    traceWalks(std::move(edges), position, vertices, s);
}

}  // namespace

std::vector<std::uint32_t> weldedCorners(const MeshView& mesh, const std::vector<std::uint32_t>& weld) {
    return withMeshTypes(mesh, [&](auto, auto index) {
        std::vector<std::uint32_t> corners(cornerCount(mesh));
        for (std::size_t c = 0; c < corners.size(); ++c) corners[c] = weld[index(c)];
        return corners;
    });
}

Surface analyzeSurface(const MeshView& mesh, std::vector<std::uint32_t> corners) {
    Surface s;
    s.triangles = corners.size() / 3;
    s.corners = std::move(corners);
    const std::size_t vertices = vertexCount(mesh);
    s.inactive.assign(s.triangles, 0);
    for (std::size_t t = 0; t < s.triangles; ++t) s.inactive[t] = collapsed(&s.corners[3 * t]) ? kCollapsed : 0;

    const EdgeTable table = buildEdges(s.corners, s.triangles, vertices);
    countAsGiven(table, s);
    // Every edge used twice, in opposite directions: no repeats can hide (a repeat adds uses to
    // its edges, unless a pair of them is a whole two-triangle shell, flat and harmless), every
    // patch is closed and every shell is one patch. Only a rough surface needs the other passes.
    const bool rough = s.boundaryEdges > 0 || s.nonManifoldEdges > 0 || s.inconsistentEdges > 0;
    if (rough) markDuplicates(table, s.corners, s);

    s.flipped.assign(s.triangles, 0);
    s.patch.assign(s.triangles, kNoPatch);
    std::vector<std::uint32_t> shellOf(s.triangles, kNone);
    if (rough) {
        UnionFind shells(s.triangles);
        const Links links = linkActive(table, s, &shells);
        std::vector<std::uint32_t> shellId(s.triangles, kNone);
        for (std::uint32_t t = 0; t < s.triangles; ++t) {
            if (s.inactive[t]) continue;
            const std::uint32_t root = shells.find(t);
            if (shellId[root] == kNone) shellId[root] = s.shellCount++;
            shellOf[t] = shellId[root];
        }
        orientPatches(links, shellOf, s);
        checkBalance(table, s);
        withMeshTypes(mesh, [&](auto position, auto) {
            traceLoops(links, s.corners, position, vertices, s);
            closeOpenShells(table, position, vertices, s);
            return 0;
        });
    } else {
        const Links links = linkActive(table, s, nullptr);
        orientPatches(links, shellOf, s);
        s.shellCount = s.patchCount;
        for (std::uint32_t id = 0; id < s.patchCount; ++id) s.patchShell[id] = id;
        s.patchClosed.assign(s.patchCount, 1);
        s.shellClosed.assign(s.shellCount, 1);
        s.patchTwisted.assign(s.patchCount, 0);
        s.patchOpen.assign(s.patchCount, 0);
        s.patchReversed.assign(s.patchCount, 0);
    }
    return s;
}

}  // namespace detail
}  // namespace massprops
