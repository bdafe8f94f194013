// The mesh entry points: check the input, weld and analyse the surface, then measure it in the
// chosen mode (the repaired solid, the shell, or the convex hull).
#include "mesh.h"

#include <algorithm>
#include <cmath>

#include "arrangement.h"
#include "bounds.h"
#include "certify.h"
#include "hull.h"
#include "integrate.h"
#include "mesh_access.h"
#include "repair.h"
#include "result.h"
#include "scan.h"
#include "shell.h"
#include "status.h"
#include "surface.h"
#include "validate.h"
#include "weld.h"

namespace massprops {

namespace {

using detail::Failure;
using detail::formatNumber;

Status checkMeshOptions(const MeshOptions& o, std::string& message) {
    if (!std::isfinite(o.thickness) || o.thickness < 0) {
        message = "thickness must be a finite number > 0 (got " + formatNumber(o.thickness) + ")";
        return Status::InvalidOptions;
    }
    if (o.thickness > 0 && o.mode != MeshMode::Shell) {
        message = "thickness applies to the shell mode only (a solid's or a hull's walls are what they enclose)";
        return Status::InvalidOptions;
    }
    if (!o.check && o.mode != MeshMode::Solid) {
        message = "check: false applies to the solid mode only (a shell or a hull needs no proof of closure)";
        return Status::InvalidOptions;
    }
    if (o.intersections && (!o.check || o.mode != MeshMode::Solid)) {
        message =
            "intersections applies to the solid mode with the check (a shell, a hull or a trusted mesh is "
            "measured without looking for them)";
        return Status::InvalidOptions;
    }
    if (!o.check && (o.weldDistance != 0 || o.weldRelative != 0)) {
        message = "weld has no effect with check: false (nothing is welded or analysed)";
        return Status::InvalidOptions;
    }
    if (!std::isfinite(o.weldDistance) || o.weldDistance < 0 || !std::isfinite(o.weldRelative) || o.weldRelative < 0) {
        message = "weld must be a finite distance >= 0 (got " + formatNumber(o.weldDistance) + ", relative " +
                  formatNumber(o.weldRelative) + ")";
        return Status::InvalidOptions;
    }
    return Status::Ok;
}

// The input checks every mesh entry point makes; `box` gets the mesh's bounds.
Status checkMesh(const MeshView& mesh, const MeshOptions& options, std::string& message, detail::Bounds& box) {
    const Status status = detail::validateMesh(mesh, message, &box);
    return status == Status::Ok ? checkMeshOptions(options, message) : status;
}

// Whether check: false's integration tests the indices as it reads them (fusedIndexCheck), so that
// they are not checked first.
bool indicesCheckedByIntegration(const MeshView& mesh, const MeshOptions& meshOptions) {
    return !meshOptions.check && detail::fusedIndexCheck(mesh);
}

// The checks of the measuring entry points: input, then mass, then mesh options (the order every
// entry point reports problems in); `box` gets the mesh's bounds. Indices the integration tests
// are checked here only when an option is wrong, so that the first problem is the one reported.
Status checkMeasure(const MeshView& mesh, const MassOptions& options, const MeshOptions& meshOptions,
                    std::string& message, detail::Bounds& box) {
    const bool deferred = indicesCheckedByIntegration(mesh, meshOptions);
    Status status =
        detail::validateMesh(mesh, message, &box, deferred ? detail::IndexCheck::ByCaller : detail::IndexCheck::Now);
    if (status != Status::Ok) return status;
    status = detail::checkMassOptions(options, message);
    if (status == Status::Ok) status = checkMeshOptions(meshOptions, message);
    if (status != Status::Ok && deferred && detail::largestIndex(mesh) >= detail::vertexCount(mesh))
        return detail::indexOutOfRange(mesh, message);
    return status;
}

// The welded, analysed surface and the diagnostics of the mesh as given.
struct Analysis {
    detail::Bounds box;
    Vec3 origin;
    double extent = 0;  // the largest side of the box
    detail::Surface surface;
    Diagnostics diagnostics;
    bool proven = false;  // the proof found the mesh clean, and with it usedBox
    Box3 usedBox;
};

using detail::Path;

// The analysis's start: the box, its center and extent, and the proof where the mode allows it.
// True when the proof found the mesh clean: `a` then holds what the full analysis would find on
// it. Otherwise `weld` may hold the proof's weld (it welded but found the mesh rough).
bool proveClean(const MeshView& mesh, const detail::Bounds& box, const MeshOptions& options, Path path, Analysis& a,
                std::uint32_t& welded, std::vector<std::uint32_t>& weld) {
    a.box = box;
    a.origin = detail::center(a.box);
    a.extent = std::max({a.box.hi[0] - a.box.lo[0], a.box.hi[1] - a.box.lo[1], a.box.hi[2] - a.box.lo[2]});
    const double extra = std::max(options.weldDistance, options.weldRelative * a.extent);
    // Shell mode reads the per-triangle flags the proof does not make.
    if (path != Path::Proof || options.mode != MeshMode::Solid || options.intersections ||
        !detail::provenClean(mesh, a.box, extra, welded, &a.usedBox, &weld))
        return false;
    a.proven = true;
    // What the full analysis finds on a clean mesh: one shell of one patch, nothing to count.
    a.surface.triangles = detail::cornerCount(mesh) / 3;
    a.surface.patchCount = a.surface.shellCount = 1;
    return true;
}

// The diagnostics of the analysed surface.
void describe(Analysis& a, std::uint32_t welded) {
    const detail::Surface& s = a.surface;
    Diagnostics& d = a.diagnostics;
    d.triangles = static_cast<std::uint32_t>(s.triangles);
    d.boundaryEdges = s.boundaryEdges;
    d.nonManifoldEdges = s.nonManifoldEdges;
    d.inconsistentEdges = s.inconsistentEdges;
    d.closed = s.oddEdges == 0;
    d.consistentWinding = s.inconsistentEdges == 0;
    d.shells = s.shellCount;
    d.holes = static_cast<std::uint32_t>(s.loopPatch.size());
    d.weldedVertices = welded;
    d.repairs.duplicateTriangles = s.duplicateTriangles;
}

Analysis analyze(const MeshView& mesh, const detail::Bounds& box, const MeshOptions& options, Path path) {
    Analysis a;
    std::uint32_t welded = 0;
    std::vector<std::uint32_t> weld;  // the proof's weld, when it welded but found the mesh rough
    if (!proveClean(mesh, box, options, path, a, welded, weld)) {
        const double extra = std::max(options.weldDistance, options.weldRelative * a.extent);
        if (weld.empty()) weld = detail::weldVertices(mesh, a.box, extra);
        a.surface = detail::analyzeSurface(mesh, detail::weldedCorners(mesh, weld));
        welded = 0;
        for (std::size_t v = 0; v < weld.size(); ++v) welded += weld[v] != v;
    }
    describe(a, welded);
    return a;
}

// A clean surface (closed, consistently wound, manifold, no repeats, one piece) needs no plan:
// it is integrated as given, and turned outward if it was wound inside-out.
bool clean(const Analysis& a) {
    const Diagnostics& d = a.diagnostics;
    return d.boundaryEdges == 0 && d.nonManifoldEdges == 0 && d.inconsistentEdges == 0 &&
           a.surface.duplicateTriangles == 0 && a.surface.patchCount <= 1;
}

// What the left-out pieces were: "1 flat sheet, 2 Moebius bands".
std::string leftOutKinds(const Repairs& r) {
    std::string out;
    const auto add = [&](std::uint32_t n, const char* one, const char* many) {
        if (n == 0) return;
        out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + (n == 1 ? one : many);
    };
    add(r.flatPieces, "flat sheet", "flat sheets");
    add(r.fins, "fin", "fins");
    add(r.twistedPieces, "Moebius band", "Moebius bands");
    return out;
}

// Why nothing is left: every piece bounds nothing and was left out (flat sheets, fins, Moebius
// bands), or what was kept is flat or cancels out.
Failure noVolume(const Diagnostics& d, const char* what) {
    const bool allLeftOut = d.shells > 0 && d.repairs.openShells == d.shells;
    return Failure{Status::ZeroVolume, std::string(what) + " (" + std::to_string(d.triangles) + " triangles, " +
                                           std::to_string(d.shells) + " shell(s), " +
                                           std::to_string(d.repairs.cappedHoles) + " hole(s) closed): " +
                                           (allLeftOut ? "no piece bounds anything (" + leftOutKinds(d.repairs) + ")"
                                                       : "it is flat or cancels out") +
                                           "; measure it with mode 'shell' to put the mass on the surface"};
}

// Sums out of double's range (check: false's certified sums have no dAbs, and a finite d).
bool overflowed(const detail::Moments& m) { return !std::isfinite(m.dAbs) || !std::isfinite(m.xx + m.yy + m.zz); }

// A mesh so small that volumes of its size underflow (a 1e-110 cube has volume 1e-330; even its
// areas do) cannot be told from a flat one by its integrals: its extent says it is out of range.
bool underflowed(const detail::Bounds& box) {
    const double extent = std::max({box.hi[0] - box.lo[0], box.hi[1] - box.lo[1], box.hi[2] - box.lo[2]});
    return extent > 0 && extent < 1e-96;  // extent^3 < 1e-288; all points equal is flat, not small
}

Failure tooSmall() {
    return Failure{Status::InvalidArgument, "mesh coordinates are too small: its volume underflows double precision"};
}

Failure tooLarge() {
    return Failure{Status::InvalidArgument, "mesh coordinates are too large: its moments overflow double precision"};
}

// The sums of the repaired surface: the triangles by their weights, and the caps (`asGiven`: every
// triangle once, as given).
detail::Moments repairedSums(const MeshView& mesh, const Analysis& a, const detail::RepairPlan& plan, bool asGiven) {
    const std::size_t triangles = a.surface.triangles;
    detail::Moments m = detail::withMeshTypes(mesh, [&](auto position, auto index) {
        if (asGiven)
            return detail::integrate(position, index, triangles, detail::vertexCount(mesh), a.origin,
                                     detail::Unweighted{});
        return detail::integrate(position, index, triangles, detail::vertexCount(mesh), a.origin,
                                 [&](std::size_t t) { return static_cast<double>(plan.weight[t]); });
    });
    // Planar loops' fans here; curved loops are closed by their spanning caps (spanCurvedLoops).
    for (std::size_t loop = 0; loop + 1 < plan.capStart.size(); ++loop) {
        if (!plan.loopPlanar[loop]) continue;
        for (std::uint32_t c = plan.capStart[loop]; c < plan.capStart[loop + 1]; ++c) {
            if (plan.capWeight[c] == 0) continue;
            const auto& cap = plan.caps[c];
            const detail::Triangle tri = detail::triangleOf(cap[0], cap[1], cap[2]);
            detail::addTetrahedron(m, tri, plan.capWeight[c] * detail::determinantOf(tri), plan.capTwiceArea[c]);
        }
    }
    return m;
}

// Pieces that may cross or nest (their boxes overlap), or a search for self-intersections: the
// solid { w >= 1 } of the repaired surface by its mesh arrangement. Fills the repairs it finds and
// returns true when it ran; `m` (the pieces' sums) then holds the arrangement's sums (with the
// mesh's `given` and `degenerate` kept).
bool resolveOverlaps(const MeshView& mesh, const Analysis& a, const detail::RepairPlan& plan, bool intersections,
                     detail::Moments& m, Repairs& repairs) {
    const detail::OrientedSurface surface = detail::orientedSurface(mesh, a.surface, plan, a.origin);
    if (!intersections && !detail::piecesOverlap(surface)) return false;
    const detail::Arrangement arranged = detail::arrange(surface, intersections, a.extent);
    repairs.intersectingShells = arranged.intersectingShells;
    repairs.selfIntersectingShells = arranged.selfIntersectingShells;
    repairs.intersectingTriangles = arranged.intersectingTriangles;
    // What the pieces counted more than once (their sum, every piece's winding as repaired,
    // against the solid { w >= 1 }); 0 when they only touch or nest as cavities.
    repairs.overlapVolume = std::max(0.0, (m.d - arranged.moments.d) / 6);
    detail::Moments solid = arranged.moments;
    solid.given = m.given;
    solid.degenerate = m.degenerate;
    m = solid;
    return true;
}

// The repaired surface's solid: planar holes closed by their fans (exact), curved ones where the
// winding number is 1/2 (numerical), and pieces that overlap counted once. The arrangement sees
// the curved loops' finest spanning caps as triangles: the region between a fan and its Sigma may
// lie in another piece.
detail::Moments repairedSolid(const MeshView& mesh, const Analysis& a, const detail::RepairPlan& plan,
                              bool intersections, Repairs& repairs) {
    detail::Moments m = repairedSums(mesh, a, plan, false);
    const bool overlapping =
        !plan.repairs.exact &&
        (intersections || detail::piecesOverlap(detail::orientedSurface(mesh, a.surface, plan, a.origin)));
    const detail::CurvedCaps curved = plan.repairs.exact
                                          ? detail::CurvedCaps{}
                                          : detail::spanCurvedLoops(plan, a.extent, std::abs(m.d) / 6, overlapping);
    if (curved.any) m.add(curved.span.moments);
    const bool arranged = resolveOverlaps(mesh, a, curved.any ? curved.plan : plan, intersections, m, repairs);
    if (curved.any) {
        repairs.exact = false;
        repairs.windingCorrection = curved.span.moments.d / 6 - curved.span.fanVolume;
        const double volume = std::abs(m.d) / 6;
        const double error = arranged ? curved.span.surfaceError : curved.span.error;
        repairs.relativeError = volume > 0 ? error / volume : 0;
    }
    return m;
}

// The solid's numbers from its sums: `asGiven` when the surface was integrated as given (clean).
Result solidOf(detail::Moments m, Analysis& a, const MassOptions& options, bool asGiven) {
    Diagnostics& d = a.diagnostics;
    d.degenerateTriangles = m.degenerate;
    d.inverted = m.given < 0;
    if (overflowed(m)) return tooLarge();
    if (asGiven && m.d < 0) {
        m.negate();  // one closed shell wound inside-out: the same sums, turned outward
        d.repairs.invertedShells = 1;
        d.repairs.flippedTriangles = 0;
    }
    if (detail::enclosesNoVolume(m, a.extent)) {
        if (underflowed(a.box)) return tooSmall();
        return noVolume(d, "mesh encloses no volume even with its holes closed");
    }
    return detail::solidResult(detail::solidOf(m, a.origin), options, &d, Status::InvalidArgument);
}

Result measureSolid(const MeshView& mesh, Analysis& a, const MassOptions& options, bool intersections) {
    if (clean(a) && !intersections) return solidOf(repairedSums(mesh, a, {}, true), a, options, true);
    const detail::RepairPlan plan = detail::planRepair(mesh, a.surface, a.origin, a.extent);
    a.diagnostics.repairs = plan.repairs;
    return solidOf(repairedSolid(mesh, a, plan, intersections, a.diagnostics.repairs), a, options, false);
}

Result measureShell(const MeshView& mesh, Analysis& a, const MassOptions& options, double thickness) {
    Diagnostics& d = a.diagnostics;
    // Repeats would count their area twice; orientation does not matter on a surface.
    std::vector<std::int8_t> weight(a.surface.triangles, 1);
    for (std::size_t t = 0; t < weight.size(); ++t) weight[t] = a.surface.inactive[t] == detail::kRepeated ? 0 : 1;
    const detail::UnitSolid shell = detail::shellOf(mesh, a.origin, weight, thickness, d.degenerateTriangles);
    if (!(shell.surfaceArea > 0))
        return Failure{Status::ZeroVolume,
                       "mesh has no surface area (" + std::to_string(d.triangles) + " triangles, all degenerate)"};
    return detail::solidResult(shell, options, &d, Status::InvalidArgument);
}

Result measureHull(const MeshView& mesh, Analysis& a, const MassOptions& options) {
    Diagnostics& d = a.diagnostics;
    const detail::Hull hull = detail::hullOfUsedVertices(mesh, a.origin);
    d.hullFaces = static_cast<std::uint32_t>(hull.triangles.size());
    detail::Moments m;
    for (const auto& t : hull.triangles) {
        const detail::Triangle tri = detail::triangleOf(hull.points[t[0]], hull.points[t[1]], hull.points[t[2]]);
        detail::addTetrahedron(m, tri, detail::determinantOf(tri), detail::norm(tri.n));
    }
    // Degenerate triangles of the mesh as given, as in every mode.
    detail::withMeshTypes(mesh, [&](auto position, auto index) {
        for (std::size_t t = 0, n = detail::cornerCount(mesh) / 3; t < n; ++t) {
            const detail::Triangle tri = detail::triangleAt(position, index, t, a.origin);
            d.degenerateTriangles += detail::isDegenerate(detail::norm(tri.n), tri.e1e1, tri.e2e2);
            m.given += detail::determinantOf(tri);
        }
        return 0;
    });
    d.inverted = m.given < 0;
    if (overflowed(m)) return tooLarge();
    if (underflowed(a.box)) return tooSmall();
    if (hull.triangles.empty() || detail::enclosesNoVolume(m, a.extent))
        return noVolume(d, "the vertices span no volume: their convex hull is flat");
    return detail::solidResult(detail::solidOf(m, a.origin), options, &d, Status::InvalidArgument);
}

// An index of the last triangle past the positions (an odd count's last triangle is read unchecked
// by integrate(): fusedIndexCheck).
bool lastTriangleOutOfRange(const MeshView& mesh) {
    const std::size_t corners = detail::cornerCount(mesh);
    if (corners % 6 == 0) return false;
    const auto* index = static_cast<const std::uint32_t*>(mesh.indices);
    const std::size_t vertices = detail::vertexCount(mesh);
    return index[corners - 3] >= vertices || index[corners - 2] >= vertices || index[corners - 1] >= vertices;
}

// check: false: the mesh is taken to be one closed surface, as the caller promised: no welding, no
// analysis, no repair, no diagnostics and no surface area (NaN: null in JavaScript). The common
// mesh (Float32, 32-bit indices) modelled around the world origin gets integrateTrusted()'s sums,
// plain determinants certified for the whole mesh (plainDeterminantsSuffice); any other, or where
// they do not certify, the default's (integrate() about the box's centre, accurate determinants
// where they cancel: the default's numbers); turned outward if negative. `indicesChecked`: whether
// checkMeasure checked the index range; if not, the integration tests each index as it reads it,
// and an index past the positions is reported after it.
Result measureTrusted(const MeshView& mesh, const detail::Bounds& box, const MassOptions& options,
                      bool indicesChecked) {
    std::string message;
    if (!indicesChecked && lastTriangleOutOfRange(mesh))
        return Failure{detail::indexOutOfRange(mesh, message), message};
    const double extent = std::max({box.hi[0] - box.lo[0], box.hi[1] - box.lo[1], box.hi[2] - box.lo[2]});
    const std::size_t triangles = detail::cornerCount(mesh) / 3, vertices = detail::vertexCount(mesh);
    Vec3 origin{0, 0, 0};
    detail::Moments m;
    bool certified = false;
    if (mesh.positionType == ScalarType::Float32 && mesh.indexType == IndexType::Uint32 &&
        detail::nearWorldOrigin(box)) {
        m = detail::integrateTrusted(static_cast<const float*>(mesh.positions),
                                     static_cast<const std::uint32_t*>(mesh.indices), triangles, vertices);
        if (m.outOfRange) return Failure{detail::indexOutOfRange(mesh, message), message};
        // A certified volume is real (its rounding is below 2^-43 of it), so it encloses one.
        certified = !underflowed(box) && detail::plainDeterminantsSuffice(m, box, triangles);
    }
    if (!certified) {
        origin = detail::center(box);
        m = detail::withMeshTypes(mesh, [&](auto position, auto index) {
            return detail::integrate(position, index, triangles, vertices, origin, detail::Unweighted{});
        });
        if (m.outOfRange) return Failure{detail::indexOutOfRange(mesh, message), message};
    }
    if (overflowed(m)) return tooLarge();
    if (m.d < 0) m.negate();
    if (!certified && detail::enclosesNoVolume(m, extent)) {
        if (underflowed(box)) return tooSmall();
        return Failure{Status::ZeroVolume, "mesh encloses no volume (" + std::to_string(triangles) +
                                               " triangles measured as given, with check: false): it is flat, "
                                               "open or cancels out; measure it with the default check"};
    }
    detail::UnitSolid solid = detail::solidOf(m, origin);
    solid.surfaceArea = std::nan("");
    solid.surfaceCentroid = {solid.surfaceArea, solid.surfaceArea, solid.surfaceArea};
    return detail::solidResult(solid, options, nullptr, Status::InvalidArgument);
}

}  // namespace

namespace detail {

// What both measuring entry points do first: the checks, the indices widened to 32 bits, and the
// trusted path, which measures the triangles as given (no analysis, and no bounds reported);
// `measure(mesh, box)` does the rest.
template <typename Measure>
Result measureChecked(const MeshView& given, const MassOptions& options, const MeshOptions& meshOptions,
                      Measure measure) {
    std::string message;
    detail::Bounds box;
    const Status status = checkMeasure(given, options, meshOptions, message, box);
    if (status != Status::Ok) return Failure{status, message};
    const detail::WideIndices wide(given);
    if (!meshOptions.check)
        return measureTrusted(wide.view(), box, options, !indicesCheckedByIntegration(given, meshOptions));
    return measure(wide.view(), box);
}

Result measureMeshBy(const MeshView& given, const MassOptions& options, const MeshOptions& meshOptions, Path path) {
    return measureChecked(given, options, meshOptions, [&](const MeshView& mesh, const detail::Bounds& box) -> Result {
        Analysis a = analyze(mesh, box, meshOptions, path);
        Result result = meshOptions.mode == MeshMode::Shell ? measureShell(mesh, a, options, meshOptions.thickness)
                        : meshOptions.mode == MeshMode::Convex
                            ? measureHull(mesh, a, options)
                            : measureSolid(mesh, a, options, meshOptions.intersections);
        if (result.ok()) {
            result.value.hasBounds = true;
            result.value.bounds = a.proven ? a.usedBox : detail::usedBounds(mesh);
        }
        return result;
    });
}

Result measureCleanMesh(const MeshView& given, const MassOptions& options, const MeshOptions& meshOptions) {
    return measureChecked(given, options, meshOptions, [&](const MeshView& mesh, const detail::Bounds& box) -> Result {
        // Exactly what measureMeshBy does with a mesh the proof finds clean, and nothing else.
        Analysis a;
        std::uint32_t welded = 0;
        std::vector<std::uint32_t> weld;
        if (!proveClean(mesh, box, meshOptions, Path::Proof, a, welded, weld))
            return Failure{Status::FullModuleNotLoaded,
                           std::string(meshOptions.mode != MeshMode::Solid ? "the shell and convex modes are"
                                       : meshOptions.intersections         ? "the search for intersections is"
                                                                           : "this mesh is not clean (open, rough or "
                                                                             "in pieces), and its repair is") +
                               " in the full module, not loaded yet"};
        describe(a, welded);
        Result result = solidOf(repairedSums(mesh, a, {}, true), a, options, true);
        if (result.ok()) {
            result.value.hasBounds = true;
            result.value.bounds = a.usedBox;
        }
        return result;
    });
}

// What the entry points that only look at the surface do first: the checks, the indices widened
// to 32 bits and the analysis; `look(mesh, analysis)` does the rest.
template <typename T, typename Look>
Outcome<T> analyzedChecked(const MeshView& given, const MeshOptions& meshOptions, Path path, Look look) {
    std::string message;
    detail::Bounds box;
    const Status status = checkMesh(given, meshOptions, message, box);
    if (status != Status::Ok) return Failure{status, message};
    const detail::WideIndices wide(given);
    Analysis a = analyze(wide.view(), box, meshOptions, path);
    return look(wide.view(), a);
}

Outcome<Diagnostics> inspectMeshBy(const MeshView& given, const MeshOptions& meshOptions, Path path) {
    return analyzedChecked<Diagnostics>(given, meshOptions, path, [&](const MeshView& mesh, Analysis& a) {
        Outcome<Diagnostics> out;
        Diagnostics& d = a.diagnostics;
        const std::size_t triangles = a.surface.triangles;
        const detail::Moments m = detail::withMeshTypes(mesh, [&](auto position, auto index) {
            return detail::integrate(position, index, triangles, detail::vertexCount(mesh), a.origin,
                                     [](std::size_t) { return 0.0; });
        });
        if (!clean(a) || meshOptions.intersections) {
            const detail::RepairPlan plan = detail::planRepair(mesh, a.surface, a.origin, a.extent);
            d.repairs = plan.repairs;
            // The solid's sums are not reported; its repairs are (overlapVolume, windingCorrection).
            repairedSolid(mesh, a, plan, meshOptions.intersections, d.repairs);
        }
        d.degenerateTriangles = m.degenerate;
        d.inverted = m.given < 0;
        if (clean(a) && d.inverted) d.repairs.invertedShells = 1;
        out.value = d;
        return out;
    });
}

OutwardSurface outwardSurface(const MeshView& given, const MeshOptions& meshOptions) {
    const detail::WideIndices wide(given);
    const MeshView& mesh = wide.view();
    OutwardSurface out;
    const bool trusted = !meshOptions.check;
    Analysis a;
    if (trusted) {
        a.box = detail::bounds(mesh);
        a.origin = detail::center(a.box);
        a.extent = std::max({a.box.hi[0] - a.box.lo[0], a.box.hi[1] - a.box.lo[1], a.box.hi[2] - a.box.lo[2]});
        a.surface.triangles = detail::cornerCount(mesh) / 3;
    } else {
        a = analyze(mesh, detail::bounds(mesh), meshOptions, Path::Proof);
    }
    out.origin = a.origin;
    out.extent = a.extent;
    const bool asGiven = trusted || clean(a);
    const detail::RepairPlan plan =
        asGiven ? detail::RepairPlan{} : detail::planRepair(mesh, a.surface, a.origin, a.extent);
    double volume6 = 0;  // the sign says whether a surface integrated as given is inside-out
    detail::withMeshTypes(mesh, [&](auto position, auto index) {
        for (std::size_t t = 0; t < a.surface.triangles; ++t) {
            const int w = asGiven ? 1 : plan.weight[t];
            if (w == 0) continue;
            const detail::Triangle tri = detail::triangleAt(position, index, t, a.origin);
            out.triangles.push_back(w > 0 ? std::array<Vec3, 3>{tri.a, tri.b, tri.c}
                                          : std::array<Vec3, 3>{tri.a, tri.c, tri.b});
            if (asGiven) volume6 += detail::determinantOf(tri);
        }
        return 0;
    });
    // Curved holes closed by their spanning caps, as the solid is.
    const detail::CurvedCaps curved =
        asGiven || plan.repairs.exact ? detail::CurvedCaps{}
                                      : detail::spanCurvedLoops(plan, a.extent, a.extent * a.extent * a.extent, true);
    const detail::RepairPlan& closing = curved.any ? curved.plan : plan;
    // Pieces that overlap: the boundary of their union, as measureSolid integrates it.
    if (!asGiven) {
        const detail::OrientedSurface surface = detail::orientedSurface(mesh, a.surface, closing, a.origin);
        if (meshOptions.intersections || detail::piecesOverlap(surface)) {
            out.triangles = detail::arrange(surface, meshOptions.intersections, a.extent, true).faces;
            return out;
        }
    }
    for (std::size_t c = 0; c < closing.caps.size(); ++c) {
        const auto& cap = closing.caps[c];
        if (closing.capWeight[c] > 0) out.triangles.push_back(cap);
        if (closing.capWeight[c] < 0) out.triangles.push_back({cap[0], cap[2], cap[1]});
    }
    if (asGiven && volume6 < 0)
        for (auto& tri : out.triangles) std::swap(tri[1], tri[2]);
    return out;
}

}  // namespace detail

Result measureMesh(const MeshView& mesh, const MassOptions& options, const MeshOptions& meshOptions) {
    return detail::measureMeshBy(mesh, options, meshOptions, Path::Proof);
}

Outcome<Diagnostics> inspectMesh(const MeshView& mesh, const MeshOptions& meshOptions) {
    return detail::inspectMeshBy(mesh, meshOptions, Path::Proof);
}

Outcome<Loops> holeLoops(const MeshView& given, const MeshOptions& meshOptions) {
    return detail::analyzedChecked<Loops>(given, meshOptions, Path::Proof, [&](const MeshView& mesh, Analysis& a) {
        Outcome<Loops> out;
        if (clean(a)) return out;
        const detail::RepairPlan plan = detail::planRepair(mesh, a.surface, a.origin, a.extent);
        const detail::Surface& s = a.surface;
        detail::withMeshTypes(mesh, [&](auto position, auto) {
            for (std::size_t loop = 0; loop < plan.loopCapped.size(); ++loop) {
                if (!plan.loopCapped[loop]) continue;
                std::vector<Vec3>& points = out.value.emplace_back();
                for (std::uint32_t i = s.loopStart[loop]; i < s.loopStart[loop + 1]; ++i)
                    points.push_back(position(s.loopVertices[i]));
            }
            return 0;
        });
        return out;
    });
}

std::uint64_t meshWorkingBytes(std::uint64_t vertexCount, std::uint64_t cornerCount) {
    // The proof of a clean mesh (freed before the rest); the weld map; then the welded corners, the edge table (8 B a
    // use, 4 B a vertex bucket), per-triangle flags, patches and links (about 26 B a triangle), and the repair weights.
    const std::uint64_t weld = detail::weldWorkingBytes(vertexCount) + 4 * cornerCount;
    const std::uint64_t analysis = 4 * vertexCount + 4 * cornerCount + 8 * cornerCount + 4 * (vertexCount + 1) +
                                   (26 * cornerCount) / 3 + 4 * cornerCount + cornerCount / 3;
    return std::max({detail::provenCleanWorkingBytes(vertexCount, cornerCount), weld, 4 * vertexCount + analysis});
}

}  // namespace massprops
