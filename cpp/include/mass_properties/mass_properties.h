// mass-properties: volume, mass, center of mass and inertia of rigid bodies.
// Plain C++17, no exceptions across the API: every entry point returns a status.
//
// Conventions (shared with the JavaScript package):
// - Vectors are [x, y, z]; 3x3 matrices are 9 doubles, row-major.
// - `inertia` is the tensor about the center of mass: diagonal = integral (y^2 + z^2) dm etc.,
//   off-diagonals are the negated products of inertia (I_xy = -integral x*y dm).
// - Quaternions are [x, y, z, w].
// - Principal moments ascend; principal axis i (a unit column) belongs to moment i and the three
//   axes form a right-handed frame whose rotation is `principalRotation`.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace massprops {

using Vec3 = std::array<double, 3>;
using Mat3 = std::array<double, 9>;
using Quat = std::array<double, 4>;

// One list of error codes; the JavaScript error codes are these names.
#define MASSPROPS_STATUS_LIST(X)                                                                  \
    X(Ok, "OK")                                                                                   \
    X(InvalidType, "INVALID_TYPE")              /* an argument of the wrong type (JS only) */     \
    X(InvalidLength, "INVALID_LENGTH")          /* an array length that is not a multiple of 3 */ \
    X(EmptyMesh, "EMPTY_MESH")                  /* no triangles */                                \
    X(NonFinitePosition, "NON_FINITE_POSITION") /* NaN or Infinity in positions */                \
    X(IndexOutOfRange, "INDEX_OUT_OF_RANGE")                                                      \
    X(InvalidDensity, "INVALID_DENSITY")     /* zero, negative or non-finite density */           \
    X(InvalidMass, "INVALID_MASS")           /* zero, negative or non-finite mass */              \
    X(InvalidOptions, "INVALID_OPTIONS")     /* e.g. both density and mass given */               \
    X(InvalidDimension, "INVALID_DIMENSION") /* a shape size that is not finite and positive */   \
    X(ZeroVolume, "ZERO_VOLUME")             /* the mesh encloses no volume */                    \
    X(InvalidTransform, "INVALID_TRANSFORM")                                                      \
    X(InvalidBody, "INVALID_BODY")    /* not a physically valid rigid body */                     \
    X(MeshTooLarge, "MESH_TOO_LARGE") /* more than the WebAssembly heap can hold (JS) */          \
    X(InvalidArgument, "INVALID_ARGUMENT")                                                        \
    X(InvalidFile, "INVALID_FILE")                   /* malformed, or its decoder missing (JS) */ \
    X(TruncatedFile, "TRUNCATED_FILE")               /* shorter than it says (JS only) */         \
    X(ResourceRefused, "RESOURCE_REFUSED")           /* a resource outside the policy (JS) */     \
    X(ResourceNotFound, "RESOURCE_NOT_FOUND")        /* a resource not readable (JS only) */      \
    X(Sinks, "SINKS")                                /* denser than the water: it cannot float */ \
    X(FullModuleNotLoaded, "FULL_MODULE_NOT_LOADED") /* needs the full module: load it (JS) */    \
    X(Internal, "INTERNAL")                          /* the module failed; a bug to report (JS only) */

enum class Status {
#define MASSPROPS_ENUM_ENTRY(name, code) name,
    MASSPROPS_STATUS_LIST(MASSPROPS_ENUM_ENTRY)
#undef MASSPROPS_ENUM_ENTRY
};

// The stable string code of a status, e.g. "INDEX_OUT_OF_RANGE".
const char* statusCode(Status status);
// Every status code, in enum order.
std::vector<std::string> statusCodes();

enum class ScalarType { Float32, Float64 };
enum class IndexType { None, Uint8, Uint16, Uint32 };

// A triangle mesh borrowed from the caller. With IndexType::None every three consecutive
// vertices form a triangle (non-indexed geometry, STL).
struct MeshView {
    const void* positions = nullptr;
    std::size_t positionCount = 0;  // number of scalars (3 per vertex)
    ScalarType positionType = ScalarType::Float64;
    const void* indices = nullptr;
    std::size_t indexCount = 0;
    IndexType indexType = IndexType::None;
};

// How heavy the body is: a density (mass per unit volume) or a total mass.
struct MassOptions {
    enum class Given { Density, Mass };
    Given given = Given::Density;
    double value = 1.0;
};

// What the default (solid) measurement changed to obtain its numbers; all zero for a clean,
// closed, consistently wound mesh, whose numbers are then those of the surface as given.
struct Repairs {
    std::uint32_t duplicateTriangles =
        0;                               // copies of a face, left out (a pair wound oppositely inside a shell cancels)
    std::uint32_t flippedTriangles = 0;  // wound against the rest of their shell, flipped
    std::uint32_t invertedShells = 0;    // shells wound inside-out as a whole, turned outward
    std::uint32_t cavities = 0;          // closed shells inside another, wound inward: holes in the solid
    std::uint32_t cappedHoles = 0;       // boundary loops closed (where the winding number is 1/2)
    std::uint32_t openShells = 0;        // shells left out (wholly or in part): they bound nothing (sheets, fins,
                                         // Moebius bands); the sum of the three kinds below
    std::uint32_t flatPieces = 0;        // shells left out whole: closed, they would enclose no volume (a flat sheet)
    std::uint32_t fins = 0;              // shells kept in part: a piece enclosing nothing left out (a fin on a body)
    std::uint32_t twistedPieces = 0;     // shells with a piece that is not orientable (a Moebius band), left out
    std::uint32_t intersectingShells = 0;      // shells that cross another piece: their overlap counted once
    std::uint32_t selfIntersectingShells = 0;  // shells that pass through themselves (looked for with intersections)
    std::uint32_t intersectingTriangles = 0;   // triangles split along an intersection
    double overlapVolume = 0;  // >= 0: what overlapping pieces would have counted twice (or more), in mesh units^3
    double capArea = 0;        // the caps' area as a fraction of the surface area
    // Holes are closed where the surface's winding number is 1/2: for a non-planar hole that
    // differs from the fan cap by this signed volume (mesh units^3), found numerically (see relativeError).
    double windingCorrection = 0;
    bool exact = true;         // false when a numerical correction was applied
    double relativeError = 0;  // then: estimated bound on the relative error of volume, center and inertia
};

// What a mesh looks like as a surface, as given (after welding: see kWeldTolerance), and what
// was done to measure it.
struct Diagnostics {
    std::uint32_t triangles = 0;
    bool closed = true;                     // every edge is shared by an even number (>= 2) of triangles
    std::uint32_t boundaryEdges = 0;        // edges used by exactly one triangle
    std::uint32_t nonManifoldEdges = 0;     // edges used by more than two triangles
    std::uint32_t inconsistentEdges = 0;    // shared edges not traversed equally often in both directions
    bool consistentWinding = true;          // inconsistentEdges == 0
    bool inverted = false;                  // the winding as given encloses a negative volume
    std::uint32_t degenerateTriangles = 0;  // zero area (repeated or collinear vertices)
    std::uint32_t shells = 0;               // edge-connected pieces
    std::uint32_t holes = 0;                // boundary loops
    std::uint32_t weldedVertices = 0;       // vertices merged into another by welding
    std::uint32_t hullFaces = 0;            // triangles of the convex hull (mode Convex only)
    Repairs repairs;
};

// The welding rule, in one place: two vertices are the same vertex when every coordinate differs
// by at most tol = max(kWeldTolerance * extent, 4 * DBL_EPSILON * maxAbs), where extent is the
// largest side of the mesh's bounding box and maxAbs its largest coordinate magnitude. Welding is
// transitive (clusters are the connected components of such pairs: single linkage) and a
// cluster's representative is its lowest-numbered vertex, so the result depends neither on the
// vertex order nor on any grid. Generated geometry puts seam copies a rounding apart (three.js
// writes sin(2 pi) = -2.4e-16 where the first column has 0; far from the origin, coordinates
// round at ulps of maxAbs), which must not read as a hole, while real features (a plate 1e-10 of
// its size thick) stay apart; a plate thinner than tol welds flat.
constexpr double kWeldTolerance = 1e-12;

// How the mass is spread: through the solid the surface bounds (repaired: see Repairs), over the
// surface itself (sheet metal, a hollow toy; MuJoCo's shell inertia), or through the solid convex
// hull of the vertices (what physics engines fall back to for messy assets).
enum class MeshMode { Solid, Shell, Convex };

struct MeshOptions {
    MeshMode mode = MeshMode::Solid;
    // Shell only: a wall thickness that makes `density` volumetric (areal density = density *
    // thickness); 0 means `density` is already mass per unit area.
    double thickness = 0;
    // Vertices this close (absolute, or relative to the mesh size) weld too, on top of the
    // default rule: seams a hair apart in scans and CAD exports.
    double weldDistance = 0;
    double weldRelative = 0;
    // false: the caller vouches that the mesh is one closed surface, consistently wound (a
    // procedural generator, a validated CAD export). Solid mode only, without weld: the mesh is
    // integrated as given (turned outward if its winding encloses a negative volume), with no
    // welding, analysis or repair and no diagnostics (hasDiagnostics false). A mesh that is not
    // closed gets numbers that mean nothing.
    bool check = true;
    // Solid mode: also look for places where one piece passes through itself (a search the clean
    // fast path skips) and count the overlap once. Pieces that cross each other are resolved
    // whatever this says.
    bool intersections = false;
};

// An axis-aligned box: the bounding box of what a mesh measurement used (the vertices its
// triangles reference), carried through transforms that keep axes axis-aligned and through
// combinations of solids (not holes). A unit mistake shows at once as a 1000 m cup.
struct Box3 {
    Vec3 min{0, 0, 0};
    Vec3 max{0, 0, 0};
};

// A rigid body as needed to place and combine it: what mass-properties results carry, without
// the derived principal frame.
struct Body {
    double mass = 0;
    double volume = 0;
    Vec3 centerOfMass{0, 0, 0};
    Mat3 inertia{0, 0, 0, 0, 0, 0, 0, 0, 0};  // about the center of mass
    double surfaceArea = 0;                   // NaN when it cannot be known (see transform, combine)
    Vec3 surfaceCentroid{0, 0, 0};            // NaN likewise
    bool hasDiagnostics = false;              // only a body measured from a mesh has them
    Diagnostics diagnostics;
    bool hasBounds = false;  // see Box3: unknown after a rotation that turns the axes, or a hole
    Box3 bounds;
};

struct PrincipalFrame {
    Vec3 moments{0, 0, 0};       // ascending
    std::array<Vec3, 3> axes{};  // axes[i] belongs to moments[i]; right-handed
    Quat rotation{0, 0, 0, 1};   // rotation matrix with axes as columns
};

using Axes3 = std::array<Vec3, 3>;

// The fields of a result, in the order results list them: the one description of a result. The
// struct below, the bindings' layout (so the JavaScript reader, js/core/), the unit scaling
// (convertUnits, through dist/result-fields.js, which the build writes from that layout) and the
// tests' field-by-field checks all follow it. A new field is added here, typed in js/index.d.ts
// and described, with its SI unit, in the docs' result table (tests/js/fields.test.js checks that
// the three agree); transform and combine carry only what Body holds.
//   FIELD(type, name, initial value, power of length, power of mass): always present.
//   OPTIONAL(type, name, present, power of length, power of mass): meaningful only when the
//   bool `present` is true (null in JavaScript otherwise).
// The powers say how the field scales with the units: a density is mass / length^3, so (-3, 1).
#define MASSPROPS_RESULT_FIELDS(FIELD, OPTIONAL)                                                                    \
    FIELD(double, mass, 0, 0, 1)                                                                                    \
    FIELD(double, volume, 0, 3, 0)                                                                                  \
    FIELD(double, density, 0, -3, 1)                                                                                \
    FIELD(Vec3, centerOfMass, {}, 1, 0)                                                                             \
    FIELD(Mat3, inertia, {}, 2, 1)                                                                                  \
    FIELD(Vec3, principalMoments, {}, 2, 1)                                                                         \
    FIELD(Axes3, principalAxes, {}, 0, 0)                                                                           \
    FIELD(Quat, principalRotation, (Quat{0, 0, 0, 1}), 0, 0)                                                        \
    FIELD(double, surfaceArea, 0, 2, 0)                      /* NaN when it cannot be known (transform, combine) */ \
    FIELD(Vec3, surfaceCentroid, {}, 1, 0)                   /* NaN likewise */                                     \
    OPTIONAL(Diagnostics, diagnostics, hasDiagnostics, 0, 0) /* only a body measured from a mesh */                 \
    OPTIONAL(Box3, bounds, hasBounds, 1, 0)                  /* see Box3 */

// A body with its density and principal frame: what every measuring function returns.
struct MassProperties {
#define MASSPROPS_DECLARE_FIELD(type, name, initial, length, mass) type name = initial;
#define MASSPROPS_DECLARE_OPTIONAL(type, name, present, length, mass) \
    bool present = false;                                             \
    type name{};
    MASSPROPS_RESULT_FIELDS(MASSPROPS_DECLARE_FIELD, MASSPROPS_DECLARE_OPTIONAL)
#undef MASSPROPS_DECLARE_FIELD
#undef MASSPROPS_DECLARE_OPTIONAL
};

// What every entry point returns: a status, a message naming what is wrong (empty when ok),
// and the value (meaningful only when ok). Every ok value is finite.
template <typename T>
struct Outcome {
    Status status = Status::Ok;
    std::string message;
    T value{};
    bool ok() const { return status == Status::Ok; }
};

using Result = Outcome<MassProperties>;

// --- meshes ----------------------------------------------------------------------------------
// In Solid mode: welded, repaired (duplicates, winding, inside-out and nested shells, holes) and
// integrated; a clean closed mesh is integrated as given. In Shell mode `volume` is the surface
// area (times the thickness if one is given) and `density` its mass per unit of that volume, so
// mass = density * volume in every mode.
Result measureMesh(const MeshView& mesh, const MassOptions& options = {}, const MeshOptions& meshOptions = {});

// Only the surface checks behind Diagnostics, without integration; `repairs` says what Solid
// mode would change.
Outcome<Diagnostics> inspectMesh(const MeshView& mesh, const MeshOptions& meshOptions = {});

// The holes Solid mode closes: for each capped boundary loop, the (welded) positions of its
// vertices in order. Empty for a closed mesh.
using Loops = std::vector<std::vector<Vec3>>;
Outcome<Loops> holeLoops(const MeshView& mesh, const MeshOptions& meshOptions = {});

// Bytes of scratch memory measureMesh and inspectMesh allocate at most for a mesh of this size
// (beyond the caller's own arrays), so a caller with a bounded heap can refuse it beforehand.
// Uint8 and Uint16 indices add 4 bytes a corner: they are widened to Uint32 first.
std::uint64_t meshWorkingBytes(std::uint64_t vertexCount, std::uint64_t cornerCount);

// --- threads ---------------------------------------------------------------------------------
// The mesh paths (the proof's weld and fans, the integration) can share a large mesh's work among
// threads; the numbers are the same bit for bit whatever the count. 1, the default, runs
// everything on the calling thread. setThreadCount starts or stops the pool's threads (call it
// between measurements, never during one) and returns the count now in use: always 1 in a build
// without threads (the single-thread WebAssembly modules).
constexpr unsigned kMaxThreads = 64;
unsigned setThreadCount(unsigned count);
unsigned threadCount();

// --- analytic shapes, in the frames of the matching three.js geometries ------------------------
// Centered at the origin; Y is the long axis of cylinder, capsule and cone. Every size must be
// finite and > 0, except a capsule's length, which may be 0 (a sphere, as three.js draws it).
Result box(double width, double height, double depth, const MassOptions& options = {});
Result sphere(double radius, const MassOptions& options = {});
Result ellipsoid(double rx, double ry, double rz, const MassOptions& options = {});
Result cylinder(double radius, double height, const MassOptions& options = {});
// `length` is the straight part between the two hemispheres (three.js CapsuleGeometry).
Result capsule(double radius, double length, const MassOptions& options = {});
// Apex at +height/2, base disk at -height/2 (three.js ConeGeometry); the base is part of the surface.
Result cone(double radius, double height, const MassOptions& options = {});
// KHR_implicit_shapes' tapered cylinder and capsule, axis Y, centred: radiusBottom at -height/2,
// radiusTop at +height/2 (either may be 0, not both). A frustum's end disks are part of its
// surface; a tapered capsule is the convex hull of the two balls. Tapered, the center of mass is
// off the origin.
Result frustum(double radiusBottom, double radiusTop, double height, const MassOptions& options = {});
Result taperedCapsule(double radiusBottom, double radiusTop, double height, const MassOptions& options = {});

// --- compound bodies -------------------------------------------------------------------------
struct Transform {
    Vec3 position{0, 0, 0};
    Quat quaternion{0, 0, 0, 1};
    Vec3 scale{1, 1, 1};  // applied first, in the body's frame; negative entries mirror
};

// The same body mapped by x -> R * S * x + p (density unchanged, so mass scales with |det S|).
// Under a non-uniform scale the surface area cannot be derived and becomes NaN; the bounding box
// is kept where R * S maps each axis onto an axis (within rounding), and dropped otherwise.
Result transform(const Body& body, const Transform& t);

// One part of a compound body. A hole (subtract, or a negative mass) removes its solid: its
// mass, volume and inertia count negatively whichever sign they are given with.
struct Part {
    Body body;
    bool subtract = false;
};

// The aggregate of several parts in one frame; the result must still be a valid body. The
// surface area is NaN if a part was subtracted; diagnostics are merged when every part has them.
Result combine(const std::vector<Part>& parts);

// The inertia tensor of `body` about `point`, expressed in the axes of a frame rotated by
// `rotation` (its columns are the frame's axes in the body's coordinates).
Outcome<Mat3> inertiaAbout(const Body& body, const Vec3& point, const Quat& rotation);

// The full result (density, principal frame) of a body, or why it is not a physical one.
Result describe(const Body& body);
Body toBody(const MassProperties& value);

// Principal moments and axes of a symmetric tensor, canonical for repeated moments.
PrincipalFrame principalFrame(const Mat3& inertia);

// --- torque-free rotation (Euler's equations) ---------------------------------------------------
struct SpinState {
    Quat orientation{0, 0, 0, 1};   // rotation from the principal (body) frame to the world frame
    Vec3 angularVelocity{0, 0, 0};  // in the body's principal frame
};

struct SpinOptions {
    double duration = 0;          // seconds to advance
    double timeStep = 1.0 / 240;  // largest internal step (one display frame at 240 Hz)
};

// At most this many internal steps per call (about 0.1 s of work): a longer spin is advanced
// in several calls. A symmetric body is solved exactly in one step, for any duration.
constexpr double kMaxSpinSteps = 1e6;

struct Spin {
    Quat orientation{0, 0, 0, 1};
    Vec3 angularVelocity{0, 0, 0};
    double kineticEnergy = 0;       // 1/2 w.Iw
    Vec3 angularMomentum{0, 0, 0};  // in the world frame
};

// Advances a freely spinning body with the given principal moments.
Outcome<Spin> simulateRotation(const Vec3& principalMoments, const SpinState& start, const SpinOptions& options);

// --- resting poses on a horizontal floor ----------------------------------------------------------
// The floor is y = 0 and +Y is up (three.js). A body rests on a face of its convex hull (coplanar
// hull triangles are one face) when its center of mass projects strictly inside that face.
// `probability` is the share of uniformly random orientations that come to rest on the face under
// the quasi-static model: the body touches down with its lowest point and rolls (about a vertex,
// then an edge) the way its center of mass goes down fastest, never gaining energy, until it
// rests on a face. Exact: the solid angles of the regions of the sphere of directions that roll
// to each face (docs/poses.md). The probabilities of the poses add up to 1.
struct RestingPose {
    double probability = 0;
    Vec3 normal{0, 0, 0};       // outward unit normal of the face, in the body's frame (points down once set)
    Quat rotation{0, 0, 0, 1};  // the shortest rotation turning `normal` to -Y
    Vec3 position{0, 0, 0};     // then this translation: the face on y = 0, the center of mass above the origin
    double centerOfMassHeight = 0;
    double supportMargin = 0;           // distance from the center of mass's foot to the nearest edge of the face
    double tippingAngle = 0;            // radians, atan(supportMargin / centerOfMassHeight): the tilt that tips it
    std::array<Vec3, 2> tippingEdge{};  // that nearest edge's ends, in the body's frame
    std::vector<Vec3> supportPolygon;   // the face's corners set down (y = 0), counter-clockwise seen from above
};
using RestingPoses = std::vector<RestingPose>;

// The stable poses of the solid hull of the mesh's vertices (those its triangles use) with its
// center of mass at `centerOfMass`, most probable first. ZeroVolume for a flat body (no pose),
// InvalidArgument for a center of mass not strictly inside the hull.
Outcome<RestingPoses> restingPoses(const MeshView& mesh, const Vec3& centerOfMass);

// --- 2-D polygons (uniform plates: planck.js/Box2D, matter.js, Phaser, cross-sections) ---------
// A 2-D body is a plate in the xy plane. Its `inertia` is the in-plane block of the 3-D tensor of
// that plate, in the 3-D convention: I_xx = integral y^2 dm, I_yy = integral x^2 dm, and the
// off-diagonals are the negated product, I_xy = -integral x*y dm (2x2, row-major). Its trace is
// the polar moment about the centroid, integral (x^2 + y^2) dm: Box2D's and planck.js's `I` about
// the center of mass. With density 1 the diagonal is the second moment of area (I_x = int y^2 dA).
using Vec2 = std::array<double, 2>;
using Mat2 = std::array<double, 4>;

// One closed ring borrowed from the caller: `count` doubles, x y pairs; the last point joins the
// first (repeating the first point at the end is allowed). Either winding.
struct Ring {
    const double* xy = nullptr;
    std::size_t count = 0;
};

// A simple polygon with holes. The outer ring counts positive and each hole negative, whatever
// their windings. measurePolygon refuses rings whose edges cross (properly: touching at a vertex
// or along an edge is allowed) and holes with a vertex certainly outside the outer ring or inside
// another hole; the orientation tests are exact where they decide.
struct PolygonView {
    Ring outer;
    std::vector<Ring> holes;
};

// A 2-D body as needed to place and combine it.
struct Body2D {
    double mass = 0;
    double area = 0;
    Vec2 centroid{0, 0};       // the center of mass (the area centroid of a uniform plate)
    Mat2 inertia{0, 0, 0, 0};  // about the centroid, convention above
};

struct MassProperties2D {
    double mass = 0;
    double area = 0;
    double density = 0;  // mass per unit area (the mean, for a combination)
    Vec2 centroid{0, 0};
    Mat2 inertia{0, 0, 0, 0};     // about the centroid
    double polarMoment = 0;       // inertia[0] + inertia[3]: about the axis through the centroid normal to the plane
    Vec2 principalMoments{0, 0};  // ascending; they add up to polarMoment
    std::array<Vec2, 2> principalAxes{};  // unit; axis 2 is axis 1 turned +90 degrees
    double principalAngle = 0;            // of axis 1 from +x, counter-clockwise, in (-pi/2, pi/2]
};

using Result2D = Outcome<MassProperties2D>;

// Area, mass, centroid and second moments of a polygon; `options` gives mass per unit area.
Result2D measurePolygon(const PolygonView& polygon, const MassOptions& options = {});

// x' = R(angle) * x + position (angle in radians, counter-clockwise).
struct Transform2D {
    Vec2 position{0, 0};
    double angle = 0;
};
Result2D transform2D(const Body2D& body, const Transform2D& t);

// One part of a compound plate; a hole (subtract, or a negative mass) counts negatively.
struct Part2D {
    Body2D body;
    bool subtract = false;
};
Result2D combine2D(const std::vector<Part2D>& parts);

}  // namespace massprops
