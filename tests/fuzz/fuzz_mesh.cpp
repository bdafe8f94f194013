// libFuzzer target: measureMesh, inspectMesh and holeLoops on meshes built from fuzz bytes, in
// every mode and with any mesh options: Float32 or Float64 positions (raw bit patterns, small
// grids, huge and tiny scales, far from the origin, jittered near the weld tolerance), indices
// of every type (raw, so out-of-range ones occur) or none, lengths that are not multiples of 3.
// Besides "never crash, ok means physical": the three entry points agree with each other, the
// same mesh in another layout gives bit-identical outcomes, the edge counts match a simple
// reference that welds exactly what the documented rule welds, and a clean solid's volume and
// area match a plain sum over its triangles.
#include <map>
#include <utility>
#include <vector>

#include "fuzz_common.h"

namespace {

using namespace fuzz;

// The mesh as decoded from the input, in every layout the view can take.
struct FuzzMesh {
    bool float32 = false;
    IndexType indexType = IndexType::None;
    std::vector<float> f32;
    std::vector<double> f64;
    std::vector<std::uint8_t> i8;
    std::vector<std::uint16_t> i16;
    std::vector<std::uint32_t> i32;

    MeshView view() const {
        MeshView v;
        v.positionType = float32 ? ScalarType::Float32 : ScalarType::Float64;
        v.positions = float32 ? static_cast<const void*>(f32.data()) : f64.data();
        v.positionCount = float32 ? f32.size() : f64.size();
        v.indexType = indexType;
        switch (indexType) {
            case IndexType::Uint8: v.indices = i8.data(), v.indexCount = i8.size(); break;
            case IndexType::Uint16: v.indices = i16.data(), v.indexCount = i16.size(); break;
            case IndexType::Uint32: v.indices = i32.data(), v.indexCount = i32.size(); break;
            default: break;
        }
        return v;
    }
    double position(std::size_t i) const { return float32 ? f32[i] : f64[i]; }
    std::size_t positionCount() const { return float32 ? f32.size() : f64.size(); }
    std::size_t indexCount() const {
        return indexType == IndexType::Uint8 ? i8.size() : indexType == IndexType::Uint16 ? i16.size() : i32.size();
    }
    std::uint32_t index(std::size_t i) const {
        switch (indexType) {
            case IndexType::Uint8: return i8[i];
            case IndexType::Uint16: return i16[i];
            case IndexType::Uint32: return i32[i];
            default: return static_cast<std::uint32_t>(i);
        }
    }
};

// One coordinate in the mode chosen by the header (see LLVMFuzzerTestOneInput).
double coordinate(Bytes& in, int mode, int exponent, bool float32) {
    switch (mode) {
        case 0: return float32 ? in.raw<float>() : in.raw<double>();
        case 2: return std::ldexp(static_cast<std::int8_t>(in.u8()), exponent);  // subnormal .. overflow
        case 3: return float32 ? in.floatNumber() : in.number();
        case 4: return static_cast<std::int8_t>(in.u8()) * 0.25 + std::ldexp(1.0, (exponent & 63));  // far away
        case 5: {
            // A grid point plus a jitter around the weld tolerance relative to the grid's size.
            const double grid = static_cast<std::int8_t>(in.u8()) * 0.25;
            return grid + std::ldexp(static_cast<std::int8_t>(in.u8()), -30 - (exponent & 31));
        }
        default: return static_cast<std::int8_t>(in.u8()) * 0.25;  // small exact grid
    }
}

FuzzMesh decode(Bytes& in) {
    const std::uint8_t flags = in.u8();
    // Small meshes (up to 100 vertices, 128 triangles) keep the quadratic reference checks cheap;
    // every code path of the core is reachable at this size.
    const std::size_t vertices = in.u8() % 101;
    const std::uint8_t lengths = in.u8();
    const std::size_t triangles = in.u8() % 129;
    const int exponent = static_cast<std::int8_t>(in.u8()) * 9;
    FuzzMesh m;
    m.indexType = static_cast<IndexType>(flags & 3);  // None, Uint8, Uint16, Uint32
    m.float32 = flags & 4;
    const int mode = (flags >> 3) & 7;
    const bool rawIndices = flags & 64;
    // Lengths that are not multiples of 3 now and then.
    const std::size_t extraPositions = lengths & 3, extraIndices = (lengths >> 2) & 3;
    const std::size_t positionCount = 3 * vertices + (extraPositions == 3 ? 0 : extraPositions);
    const std::size_t indexCount = 3 * triangles + (extraIndices == 3 ? 0 : extraIndices);
    for (std::size_t i = 0; i < positionCount; ++i) {
        const double x = coordinate(in, mode, exponent, m.float32);
        if (m.float32)
            m.f32.push_back(static_cast<float>(x));
        else
            m.f64.push_back(x);
    }
    if (m.indexType == IndexType::None) return m;
    // Mostly in range: modulo a little more than the vertex count.
    const std::uint32_t modulus = static_cast<std::uint32_t>(vertices) + 1 + (lengths >> 4);
    for (std::size_t i = 0; i < indexCount; ++i) {
        std::uint32_t k = 0;
        switch (m.indexType) {
            case IndexType::Uint8: k = in.u8(); break;
            case IndexType::Uint16: k = in.raw<std::uint16_t>(); break;
            default: k = in.raw<std::uint32_t>(); break;
        }
        if (!rawIndices) k %= modulus;
        switch (m.indexType) {
            case IndexType::Uint8: m.i8.push_back(static_cast<std::uint8_t>(k)); break;
            case IndexType::Uint16: m.i16.push_back(static_cast<std::uint16_t>(k)); break;
            default: m.i32.push_back(k); break;
        }
    }
    return m;
}

MeshOptions meshOptions(Bytes& in) {
    MeshOptions o;
    const std::uint8_t b = in.u8();
    o.mode = static_cast<MeshMode>(b % 3);  // Solid, Shell, Convex
    if (b & 4) o.thickness = in.number();
    if (b & 8) o.weldDistance = in.number();
    if (b & 16) o.weldRelative = in.number();
    o.intersections = (b & 32) != 0;
    return o;
}

bool meshOptionsValid(const MeshOptions& o) {
    return isFinite(o.thickness) && o.thickness >= 0 && (o.thickness == 0 || o.mode == MeshMode::Shell) &&
           isFinite(o.weldDistance) && o.weldDistance >= 0 && isFinite(o.weldRelative) && o.weldRelative >= 0 &&
           (!o.intersections || o.mode == MeshMode::Solid);
}

constexpr std::initializer_list<Status> kMeshFailures = {Status::InvalidLength,     Status::EmptyMesh,
                                                         Status::NonFinitePosition, Status::IndexOutOfRange,
                                                         Status::InvalidArgument,   Status::InvalidOptions};

// What the surface looks like; the same whatever the mode (but the shell mode does not
// integrate the winding, so its `inverted` is not compared).
bool sameSurface(const Diagnostics& a, const Diagnostics& b, bool compareInverted = true) {
    return a.triangles == b.triangles && a.closed == b.closed && a.boundaryEdges == b.boundaryEdges &&
           a.nonManifoldEdges == b.nonManifoldEdges && a.inconsistentEdges == b.inconsistentEdges &&
           a.consistentWinding == b.consistentWinding && a.shells == b.shells && a.holes == b.holes &&
           a.weldedVertices == b.weldedVertices && a.degenerateTriangles == b.degenerateTriangles &&
           (!compareInverted || a.inverted == b.inverted);
}

bool sameRepairs(const Repairs& a, const Repairs& b) {
    return a.duplicateTriangles == b.duplicateTriangles && a.flippedTriangles == b.flippedTriangles &&
           a.invertedShells == b.invertedShells && a.cavities == b.cavities && a.cappedHoles == b.cappedHoles &&
           a.openShells == b.openShells && a.flatPieces == b.flatPieces && a.fins == b.fins &&
           a.twistedPieces == b.twistedPieces && a.intersectingShells == b.intersectingShells &&
           a.selfIntersectingShells == b.selfIntersectingShells && a.intersectingTriangles == b.intersectingTriangles &&
           same(a.overlapVolume, b.overlapVolume) && same(a.capArea, b.capArea);
}

std::size_t cornersOf(const FuzzMesh& m) {
    return m.indexType == IndexType::None ? m.positionCount() / 3 : m.indexCount();
}

// The counts of a mesh's own Diagnostics that must hang together, beyond checkDiagnostics.
// `repairs`: whether d.repairs were computed (always by inspectMesh; by measureMesh in Solid mode).
void checkMeshDiagnostics(const Diagnostics& d, const FuzzMesh& m, const char* where, bool repairs) {
    const std::string w(where), in = " in " + diagnosticsText(d);  // the detail first, then the counts
    checkDiagnostics(d, where);
    FUZZ_REQUIRE(d.triangles == cornersOf(m) / 3, w + ": triangles " + std::to_string(d.triangles) + in);
    FUZZ_REQUIRE(d.shells <= d.triangles, w + ": shells " + std::to_string(d.shells) + in);
    // Loops are traced in the pieces that can be closed: an open piece's boundary makes none.
    FUZZ_REQUIRE(!repairs || d.boundaryEdges == 0 || d.holes > 0 || d.repairs.openShells > 0,
                 w + ": boundary edges but no holes" + in);
    FUZZ_REQUIRE(d.weldedVertices < std::max<std::size_t>(1, m.positionCount() / 3),
                 w + ": welded vertices " + std::to_string(d.weldedVertices) + in);
    const Repairs& r = d.repairs;
    FUZZ_REQUIRE(r.duplicateTriangles < d.triangles && r.flippedTriangles <= d.triangles,
                 w + ": repaired triangles " + std::to_string(r.duplicateTriangles) + " " +
                     std::to_string(r.flippedTriangles) + in);
    FUZZ_REQUIRE(r.cappedHoles <= d.holes,
                 w + ": capped " + std::to_string(r.cappedHoles) + " of " + std::to_string(d.holes) + " holes" + in);
    // Shell repairs count orientation patches (a shell may hold several), so they are bounded by
    // the triangles, not by the shells.
    FUZZ_REQUIRE(r.invertedShells <= d.triangles && r.cavities <= d.triangles && r.openShells <= d.triangles &&
                     r.intersectingShells <= d.triangles,
                 w + ": shell repairs exceed the triangles" + in);
    FUZZ_REQUIRE(r.flatPieces + r.fins + r.twistedPieces == r.openShells,
                 w + ": the kinds of left-out pieces do not add up to openShells" + in);
    FUZZ_REQUIRE(r.selfIntersectingShells <= d.triangles, w + ": self-intersecting shells exceed the triangles" + in);
    FUZZ_REQUIRE(isFinite(r.overlapVolume) && r.overlapVolume >= 0,
                 w + ": overlap volume " + num(r.overlapVolume) + in);
    FUZZ_REQUIRE(isFinite(r.capArea) && r.capArea >= 0, w + ": cap area " + num(r.capArea) + in);
    FUZZ_REQUIRE(r.cappedHoles > 0 || r.capArea == 0, w + ": cap area without caps" + in);
}

void checkInspect(const Outcome<Diagnostics>& d, const FuzzMesh& m, const MeshOptions& o) {
    trace("inspectMesh", d);
    checkStatus(d, kMeshFailures, "inspectMesh");
    if (d.ok()) FUZZ_REQUIRE(meshOptionsValid(o), "inspectMesh accepted invalid mesh options");
    if (!d.ok()) return;
    checkMeshDiagnostics(d.value, m, "inspectMesh", true);
    FUZZ_REQUIRE(d.value.hullFaces == 0, "inspectMesh: hull faces");
}

void checkMeasure(const Result& r, const Outcome<Diagnostics>& inspected, const FuzzMesh& m, const MassOptions& options,
                  const MeshOptions& o) {
    trace("measureMesh", r);
    checkStatus(r,
                {Status::InvalidLength, Status::EmptyMesh, Status::NonFinitePosition, Status::IndexOutOfRange,
                 Status::InvalidArgument, Status::InvalidDensity, Status::InvalidMass, Status::ZeroVolume,
                 Status::InvalidOptions},
                "measureMesh");
    // The mesh is checked by the same rules as inspectMesh, then the mass options, then the
    // mesh options.
    const bool optionsValid = isFinite(options.value) && options.value > 0;
    const Status optionStatus =
        options.given == MassOptions::Given::Mass ? Status::InvalidMass : Status::InvalidDensity;
    if (!inspected.ok() && inspected.status != Status::InvalidOptions) {
        FUZZ_REQUIRE(r.status == inspected.status && r.message == inspected.message,
                     std::string("measureMesh and inspectMesh disagree: ") + statusCode(r.status) + " vs " +
                         statusCode(inspected.status));
        return;
    }
    FUZZ_REQUIRE(optionsValid == (r.status != optionStatus),
                 std::string("measureMesh: options ") + num(options.value) + " gave " + statusCode(r.status));
    if (optionsValid)
        FUZZ_REQUIRE((r.status == Status::InvalidOptions) == !meshOptionsValid(o),
                     std::string("measureMesh: mesh options gave ") + statusCode(r.status));
    if (!r.ok()) return;
    const MassProperties& v = r.value;
    checkResult(v, "measureMesh");
    FUZZ_REQUIRE(v.hasDiagnostics, "measureMesh: no diagnostics");
    checkMeshDiagnostics(v.diagnostics, m, "measureMesh", o.mode == MeshMode::Solid);
    FUZZ_REQUIRE(isFinite(v.surfaceArea) && allFinite(v.surfaceCentroid), "measureMesh: area unknown");
    const Diagnostics& d = v.diagnostics;
    FUZZ_REQUIRE(sameSurface(d, inspected.value, o.mode != MeshMode::Shell),
                 "measureMesh: diagnostics differ from inspectMesh: " + diagnosticsText(d) + " vs " +
                     diagnosticsText(inspected.value));
    if (o.mode == MeshMode::Solid)
        FUZZ_REQUIRE(sameRepairs(d.repairs, inspected.value.repairs), "measureMesh: repairs differ from inspectMesh");
    FUZZ_REQUIRE((o.mode == MeshMode::Convex) == (d.hullFaces > 0),
                 "measureMesh: hull faces " + std::to_string(d.hullFaces));
    if (o.mode == MeshMode::Convex) FUZZ_REQUIRE(d.hullFaces >= 4, "measureMesh: a hull of < 4 faces");
    if (options.given == MassOptions::Given::Mass)
        FUZZ_REQUIRE(v.mass == options.value, "measureMesh: mass " + num(v.mass) + " for " + num(options.value));
    else
        FUZZ_REQUIRE(std::abs(v.density - options.value) <= 1e-12 * options.value,
                     "measureMesh: density " + num(v.density) + " for " + num(options.value));
}

// The holes Solid mode caps: as many loops as it reports capping, each of vertices of the mesh.
void checkLoops(const Outcome<Loops>& loops, const Outcome<Diagnostics>& inspected, const FuzzMesh& m) {
    trace("holeLoops", loops);
    checkStatus(loops, kMeshFailures, "holeLoops");
    FUZZ_REQUIRE(loops.status == inspected.status, std::string("holeLoops and inspectMesh disagree: ") +
                                                       statusCode(loops.status) + " vs " +
                                                       statusCode(inspected.status));
    if (!loops.ok()) return;
    FUZZ_REQUIRE(loops.value.size() == inspected.value.repairs.cappedHoles,
                 "holeLoops: " + std::to_string(loops.value.size()) + " loops, " +
                     std::to_string(inspected.value.repairs.cappedHoles) + " capped holes");
    for (const auto& loop : loops.value) {
        FUZZ_REQUIRE(loop.size() >= 2, "holeLoops: a loop of " + std::to_string(loop.size()) + " vertices");
        for (const Vec3& p : loop) {
            bool found = false;
            for (std::size_t v = 0; v < m.positionCount() / 3 && !found; ++v)
                found = p[0] == m.position(3 * v) && p[1] == m.position(3 * v + 1) && p[2] == m.position(3 * v + 2);
            FUZZ_REQUIRE(found, "holeLoops: a point that is no vertex of the mesh");
        }
    }
}

// The first layout's outcomes of all three entry points, which a second layout must repeat.
struct Outcomes {
    const Result& measured;
    const Outcome<Diagnostics>& inspected;
    const Outcome<Loops>& loops;
};

// All three entry points on a second layout of the same mesh: the outcomes must be identical.
void checkSameOutcome(const Outcomes& a, const FuzzMesh& b, const MassOptions& options, const MeshOptions& o,
                      const char* what) {
    const Result& ra = a.measured;
    const Result rb = measureMesh(b.view(), options, o);
    FUZZ_REQUIRE(sameResult(ra, rb), std::string(what) + ": measureMesh differs (" + statusCode(ra.status) + " vs " +
                                         statusCode(rb.status) + ")");
    const Outcome<Diagnostics>& da = a.inspected;
    const Outcome<Diagnostics> db = inspectMesh(b.view(), o);
    FUZZ_REQUIRE(da.status == db.status &&
                     (!da.ok() || (sameSurface(da.value, db.value) && sameRepairs(da.value.repairs, db.value.repairs))),
                 std::string(what) + ": inspectMesh differs");
    const Outcome<Loops>& la = a.loops;
    const Outcome<Loops> lb = holeLoops(b.view(), o);
    FUZZ_REQUIRE(la.status == lb.status && la.value == lb.value, std::string(what) + ": holeLoops differs");
}

FuzzMesh asFloat64(const FuzzMesh& m) {
    FuzzMesh out = m;
    out.float32 = false;
    out.f64.assign(m.f32.begin(), m.f32.end());  // exact
    out.f32.clear();
    return out;
}

FuzzMesh asUint32(const FuzzMesh& m) {
    FuzzMesh out = m;
    out.indexType = IndexType::Uint32;
    out.i32.clear();
    for (std::size_t i = 0, n = cornersOf(m); i < n; ++i) out.i32.push_back(m.index(i));
    out.i8.clear();
    out.i16.clear();
    return out;
}

// ---- the reference surface ------------------------------------------------------------------

// The documented weld distance (kWeldTolerance in mass_properties.h): the larger of
// kWeldTolerance times the bounding box's largest side and 4 ulps of the largest coordinate
// magnitude, over every vertex (or those marked in `only`).
FUZZ_NO_COVERAGE double weldTolerance(const FuzzMesh& m, const std::vector<bool>* only = nullptr) {
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    double extent = 0, maxAbs = 0;
    for (std::size_t v = 0; v < m.positionCount() / 3; ++v) {
        if (only && !(*only)[v]) continue;
        for (int k = 0; k < 3; ++k) {
            const double x = m.position(3 * v + k);
            lo[k] = std::min(lo[k], x);
            hi[k] = std::max(hi[k], x);
            maxAbs = std::max(maxAbs, std::abs(x));
        }
    }
    // Half the extent, from halves: hi - lo overflows to infinity for coordinates near DBL_MAX, where
    // the core (which scales before it subtracts) still has a finite tolerance.
    for (int k = 0; k < 3; ++k)
        if (hi[k] >= lo[k]) extent = std::max(extent, 0.5 * hi[k] - 0.5 * lo[k]);
    return std::max(2 * kWeldTolerance * extent, 4 * DBL_EPSILON * maxAbs);
}

// Edge counts of a triangle list whose corners are welded vertex ids, the way Diagnostics
// counts the surface as given: collapsed triangles have no edges, repeated ones count.
FUZZ_NO_COVERAGE Diagnostics countEdges(const std::vector<std::uint32_t>& corners) {
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::pair<std::uint32_t, std::uint32_t>> edges;  // uses, forward
    for (std::size_t t = 0; t + 2 < corners.size(); t += 3) {
        const std::uint32_t* v = &corners[t];
        if (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) continue;
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t a = v[k], b = v[(k + 1) % 3];
            auto& e = edges[{std::min(a, b), std::max(a, b)}];
            ++e.first;
            e.second += a < b;
        }
    }
    Diagnostics d;
    d.triangles = static_cast<std::uint32_t>(corners.size() / 3);
    bool odd = false;
    for (const auto& kv : edges) {
        const std::uint32_t n = kv.second.first, forward = kv.second.second;
        d.boundaryEdges += n == 1;
        d.nonManifoldEdges += n > 2;
        d.inconsistentEdges += n >= 2 && 2 * forward != n;
        odd = odd || n % 2 == 1;
    }
    d.closed = !odd;
    d.consistentWinding = d.inconsistentEdges == 0;
    return d;
}

bool sameTopology(const Diagnostics& a, const Diagnostics& b) {
    return a.triangles == b.triangles && a.closed == b.closed && a.boundaryEdges == b.boundaryEdges &&
           a.nonManifoldEdges == b.nonManifoldEdges && a.inconsistentEdges == b.inconsistentEdges &&
           a.consistentWinding == b.consistentWinding && a.weldedVertices == b.weldedVertices;
}

std::string topologyText(const Diagnostics& d) {
    return "boundary " + std::to_string(d.boundaryEdges) + ", non-manifold " + std::to_string(d.nonManifoldEdges) +
           ", inconsistent " + std::to_string(d.inconsistentEdges) + ", closed " + std::to_string(d.closed) +
           ", welded " + std::to_string(d.weldedVertices);
}

// The documented weld rule as a reference: vertices within the tolerance (every coordinate)
// are one vertex, transitively (union-find, the lowest number representing). Only meshes where
// no pair sits near the tolerance (between 0.5 and 2 times it, where the rounding of the
// tolerance itself could decide) are checked, and only with the default weld options.
struct ReferenceWeld {
    bool unambiguous = false;
    bool nearPairs = false;  // distinct positions welded together
    std::vector<std::uint32_t> root;
};

FUZZ_NO_COVERAGE ReferenceWeld referenceWeld(const FuzzMesh& m) {
    ReferenceWeld r;
    const std::size_t vertices = m.positionCount() / 3;
    const double tolerance = weldTolerance(m);
    r.root.resize(vertices);
    for (std::size_t v = 0; v < vertices; ++v) r.root[v] = static_cast<std::uint32_t>(v);
    auto find = [&](std::uint32_t v) {
        while (r.root[v] != v) v = r.root[v] = r.root[r.root[v]];
        return v;
    };
    for (std::size_t v = 0; v < vertices; ++v)
        for (std::size_t u = 0; u < v; ++u) {
            double gap = 0;
            for (int k = 0; k < 3; ++k) gap = std::max(gap, std::abs(m.position(3 * u + k) - m.position(3 * v + k)));
            if (gap > 0.5 * tolerance && gap < 2 * tolerance) return r;
            if (gap > 0.5 * tolerance) continue;
            r.nearPairs = r.nearPairs || gap > 0;
            const std::uint32_t a = find(static_cast<std::uint32_t>(u)), b = find(static_cast<std::uint32_t>(v));
            r.root[std::max(a, b)] = std::min(a, b);
        }
    for (std::size_t v = 0; v < vertices; ++v) r.root[v] = find(static_cast<std::uint32_t>(v));
    r.unambiguous = true;
    return r;
}

// inspectMesh against the reference counts; then a triangle soup of the same mesh whose every
// corner is displaced by under a fifth of the tolerance (seam copies, as generated geometry has)
// must have the same topology, when no two distinct used positions were welded.
void checkTopology(const FuzzMesh& m, const Diagnostics& got, Bytes& in) {
    const ReferenceWeld weld = referenceWeld(m);
    if (!weld.unambiguous) return;
    const std::size_t corners = cornersOf(m);
    std::vector<std::uint32_t> welded(corners);
    for (std::size_t c = 0; c < corners; ++c) welded[c] = weld.root[m.index(c)];
    Diagnostics want = countEdges(welded);
    for (std::size_t v = 0; v < weld.root.size(); ++v) want.weldedVertices += weld.root[v] != v;
    FUZZ_REQUIRE(sameTopology(got, want), "inspectMesh topology: got " + topologyText(got) + "; reference " +
                                              topologyText(want) + " (weld tolerance " + num(weldTolerance(m)) + ")");

    if (m.float32 || weld.nearPairs || !in.flag()) return;
    std::vector<bool> used(m.positionCount() / 3, false);
    for (std::size_t c = 0; c < corners; ++c) used[m.index(c)] = true;
    // Up to 0.2 of the tolerance of the soup's own (smaller) box, so copies of one vertex stay
    // within about 0.4 of it after rounding, and copies of two stay over 1.2 apart.
    const double shift = 0.2 * weldTolerance(m, &used);
    FuzzMesh soup;
    for (std::size_t c = 0; c < corners; ++c)
        for (int k = 0; k < 3; ++k)
            soup.f64.push_back(m.position(3 * m.index(c) + k) + shift * (static_cast<std::int8_t>(in.u8()) / 128.0));
    const Outcome<Diagnostics> s = inspectMesh(soup.view());
    FUZZ_REQUIRE(s.ok(), std::string("soup: ") + statusCode(s.status) + ": " + s.message);
    // Every corner of the soup is a vertex: all but one of each welded cluster are welded away.
    std::vector<std::uint32_t> soupCorners(corners);
    for (std::size_t c = 0; c < corners; ++c) soupCorners[c] = static_cast<std::uint32_t>(c);
    std::map<std::uint32_t, std::uint32_t> clusters;
    for (std::size_t c = 0; c < corners; ++c) ++clusters[welded[c]];
    want.weldedVertices = static_cast<std::uint32_t>(corners - clusters.size());
    FUZZ_REQUIRE(sameTopology(s.value, want), "seam copies within the weld tolerance: got " + topologyText(s.value) +
                                                  "; reference " + topologyText(want) + " (weld tolerance " +
                                                  num(weldTolerance(m)) + ")");
}

// A clean mesh (closed, consistently wound, manifold, one shell, no repeats) measured as a solid
// is integrated as given: its volume and area must match a plain sum over its triangles, when
// that sum does not cancel (relative to the origin at the box center, as the core's).
void checkCleanSolid(const FuzzMesh& m, const Result& r) {
    const Diagnostics& d = r.value.diagnostics;
    if (d.boundaryEdges || d.nonManifoldEdges || d.inconsistentEdges || d.repairs.duplicateTriangles || d.shells != 1)
        return;
    const std::size_t corners = cornersOf(m);
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (std::size_t v = 0; v < m.positionCount() / 3; ++v)
        for (int k = 0; k < 3; ++k) {
            lo[k] = std::min(lo[k], m.position(3 * v + k));
            hi[k] = std::max(hi[k], m.position(3 * v + k));
        }
    // Edges from the given coordinates (one rounding each, relative to the edge), the first corner
    // shifted to the box centre (a rounding relative to the box): det = p0 . (e1 x e2) is then off
    // by at most about 8u |p0| |e1| |e2|, which a sliver far from the centre makes much more than the
    // 1e-9 of its volume that the exact core meets.
    double six = 0, sixAbs = 0, sixError = 0, twiceArea = 0;
    auto length = [](const Vec3& v) { return std::hypot(v[0], std::hypot(v[1], v[2])); };
    for (std::size_t t = 0; t + 2 < corners; t += 3) {
        Vec3 q[3];
        for (int i = 0; i < 3; ++i)
            for (int k = 0; k < 3; ++k) q[i][k] = m.position(3 * m.index(t + i) + k);
        const Vec3 p0{q[0][0] - 0.5 * (lo[0] + hi[0]), q[0][1] - 0.5 * (lo[1] + hi[1]),
                      q[0][2] - 0.5 * (lo[2] + hi[2])};
        const Vec3 e1{q[1][0] - q[0][0], q[1][1] - q[0][1], q[1][2] - q[0][2]};
        const Vec3 e2{q[2][0] - q[0][0], q[2][1] - q[0][1], q[2][2] - q[0][2]};
        const Vec3 n{e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
        const double det = p0[0] * n[0] + p0[1] * n[1] + p0[2] * n[2];
        six += det;
        sixAbs += std::abs(det);
        sixError += 8 * DBL_EPSILON * length(p0) * length(e1) * length(e2);
        twiceArea += length(n);
    }
    if (!(std::abs(six) > 1e-6 * sixAbs) || !isFinite(sixAbs) || !isFinite(twiceArea) || !isFinite(sixError)) return;
    const double volume = std::abs(six) / 6, area = twiceArea / 2;
    FUZZ_REQUIRE(std::abs(r.value.volume - volume) <= 1e-9 * volume + sixError / 6,
                 "clean solid: volume " + num(r.value.volume) + ", sum over triangles " + num(volume) + " +- " +
                     num(sixError / 6));
    FUZZ_REQUIRE(std::abs(r.value.surfaceArea - area) <= 1e-9 * area,
                 "clean solid: area " + num(r.value.surfaceArea) + ", sum over triangles " + num(area));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in(data, size);
    const MassOptions options = in.massOptions();
    const MeshOptions o = meshOptions(in);
    const FuzzMesh m = decode(in);

    const Outcome<Diagnostics> inspected = inspectMesh(m.view(), o);
    checkInspect(inspected, m, o);
    const Result measured = measureMesh(m.view(), options, o);
    checkMeasure(measured, inspected, m, options, o);
    const Outcome<Loops> loops = holeLoops(m.view(), o);
    checkLoops(loops, inspected, m);

    // The other layouts are measured once each; the first layout's outcomes are those above.
    const Outcomes first{measured, inspected, loops};
    if (m.float32) checkSameOutcome(first, asFloat64(m), options, o, "Float32 as Float64");
    if (m.indexType != IndexType::Uint32) checkSameOutcome(first, asUint32(m), options, o, "as Uint32 indices");
    const bool defaultWeld = o.weldDistance == 0 && o.weldRelative == 0;
    if (inspected.ok() && defaultWeld) checkTopology(m, inspected.value, in);
    if (measured.ok() && o.mode == MeshMode::Solid) checkCleanSolid(m, measured);
    return 0;
}
