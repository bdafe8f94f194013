// The only file that knows about Emscripten: exposes the core to JavaScript through embind.
//
// Every bound function takes numbers (and enums) only and returns a status number, so nothing
// here calls back into JavaScript: no JS exception can unwind through wasm frames (which would
// leak the wasm stack), and no JS object (a getter, a polluted Object.prototype) is read in C++.
// One convention at the boundary: every struct of the core crosses through a static slot, by its
// layout (the MeshView and options of a mesh, a Body, a Transform, every result), and only plain
// sizes and addresses cross as arguments. Bulk input is written by the JS into memory it
// allocates with _allocate. The JS reads the slots' addresses and layouts once at init, and the
// core's defaults from the input slots before it writes any (MassOptions{}, MeshOptions{}, ...).
// The layouts below are the one description of each value type: js/core/ decodes and encodes by
// them; a result's are made from MASSPROPS_RESULT_FIELDS (mass_properties.h).
//
// Two modules are built from this file (CMakeLists.txt): the full one, and with
// MASS_PROPERTIES_CORE_MODULE the core one that init() loads first (docs/size.md): the same
// layouts and slots, but only what a clean mesh, the shapes and the bodies need, so that the
// linker leaves out the analysis, repair, shells, hull, 2-D, poses, hydrostatics and spin.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <malloc.h>

#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <type_traits>

#include "mass_properties/hydrostatics.h"
#include "mass_properties/mass_properties.h"
#include "mesh.h"

using namespace emscripten;
using namespace massprops;

namespace {

// --- layouts: field names, offsets and kinds, as JSON ----------------------------------------

template <typename T, typename = void>
struct Kind;  // "type" and "shape" of a member type, in JSON
template <>
struct Kind<double> {
    static std::string json() { return R"("type":"f64","shape":[])"; }
};
template <>
struct Kind<std::uint32_t> {
    static std::string json() { return R"("type":"u32","shape":[])"; }
};
template <>
struct Kind<bool> {
    static std::string json() { return R"("type":"bool","shape":[])"; }
};
// Enums, sizes and addresses are 32-bit in wasm32.
template <typename T>
struct Kind<T, std::enable_if_t<std::is_enum_v<T> || std::is_pointer_v<T> || std::is_same_v<T, std::size_t>>> {
    static_assert(sizeof(T) == 4, "a 32-bit enum, size or address");
    static std::string json() { return R"("type":"u32","shape":[])"; }
};
template <std::size_t N>
struct Kind<std::array<double, N>> {
    static std::string json() { return R"("type":"f64","shape":[)" + std::to_string(N) + "]"; }
};
template <>
struct Kind<std::array<Vec3, 3>> {
    static std::string json() { return R"("type":"f64","shape":[3,3])"; }
};
template <>
struct Kind<std::array<Vec2, 2>> {
    static std::string json() { return R"("type":"f64","shape":[2,2])"; }
};
template <>
struct Kind<std::array<Vec3, 2>> {
    static std::string json() { return R"("type":"f64","shape":[2,3])"; }
};
template <>
struct Kind<WaterPlane> {
    static std::string json() { return R"("type":"WaterPlane")"; }
};
template <>
struct Kind<Hydrostatics> {
    static std::string json() { return R"("type":"Hydrostatics")"; }
};
template <>
struct Kind<FloatingPose> {
    static std::string json() { return R"("type":"FloatingPose")"; }
};
template <>
struct Kind<Body2D> {
    static std::string json() { return R"("type":"Body2D")"; }
};
template <>
struct Kind<Repairs> {
    static std::string json() { return R"("type":"Repairs")"; }
};
template <>
struct Kind<Diagnostics> {
    static std::string json() { return R"("type":"Diagnostics")"; }
};
template <>
struct Kind<Box3> {
    static std::string json() { return R"("type":"Box3")"; }
};
template <>
struct Kind<Body> {
    static std::string json() { return R"("type":"Body")"; }
};

template <typename S>
class Layout {
public:
    explicit Layout(const char* name)
        : json_(std::string("\"") + name + R"(":{"size":)" + std::to_string(sizeof(S)) + R"(,"fields":[)") {}

    template <typename M>
    Layout& field(const char* name, M S::*member) {
        return add(name, member, "");
    }
    // A member that exists only when `present` is true (null in JS otherwise).
    template <typename M>
    Layout& optional(const char* name, M S::*member, bool S::*present) {
        return add(name, member, R"(,"present":)" + std::to_string(offset(present)));
    }
    // A result field, with its powers of length and mass (how convertUnits scales it).
    template <typename M>
    Layout& result(const char* name, M S::*member, int length, int mass, bool S::*present = nullptr) {
        return add(name, member,
                   (present ? R"(,"present":)" + std::to_string(offset(present)) : std::string()) +
                       R"(,"dimension":[)" + std::to_string(length) + "," + std::to_string(mass) + "]");
    }
    std::string json() const { return json_ + "]}"; }

private:
    template <typename M>
    static std::size_t offset(M S::*member) {
        static const S probe{};
        return static_cast<std::size_t>(reinterpret_cast<const char*>(&(probe.*member)) -
                                        reinterpret_cast<const char*>(&probe));
    }
    template <typename M>
    Layout& add(const char* name, M S::*member, const std::string& extra) {
        json_ += std::string(first_ ? "" : ",") + R"({"name":")" + name + R"(","offset":)" +
                 std::to_string(offset(member)) + "," + Kind<M>::json() + extra + "}";
        first_ = false;
        return *this;
    }
    std::string json_;
    bool first_ = true;
};

std::string layouts() {
    const Layout<Repairs> repairs = Layout<Repairs>("Repairs")
                                        .field("duplicateTriangles", &Repairs::duplicateTriangles)
                                        .field("flippedTriangles", &Repairs::flippedTriangles)
                                        .field("invertedShells", &Repairs::invertedShells)
                                        .field("cavities", &Repairs::cavities)
                                        .field("cappedHoles", &Repairs::cappedHoles)
                                        .field("openShells", &Repairs::openShells)
                                        .field("flatPieces", &Repairs::flatPieces)
                                        .field("fins", &Repairs::fins)
                                        .field("twistedPieces", &Repairs::twistedPieces)
                                        .field("intersectingShells", &Repairs::intersectingShells)
                                        .field("selfIntersectingShells", &Repairs::selfIntersectingShells)
                                        .field("intersectingTriangles", &Repairs::intersectingTriangles)
                                        .field("overlapVolume", &Repairs::overlapVolume)
                                        .field("capArea", &Repairs::capArea)
                                        .field("windingCorrection", &Repairs::windingCorrection)
                                        .field("exact", &Repairs::exact)
                                        .field("relativeError", &Repairs::relativeError);
    const Layout<Diagnostics> diagnostics = Layout<Diagnostics>("Diagnostics")
                                                .field("triangles", &Diagnostics::triangles)
                                                .field("closed", &Diagnostics::closed)
                                                .field("boundaryEdges", &Diagnostics::boundaryEdges)
                                                .field("nonManifoldEdges", &Diagnostics::nonManifoldEdges)
                                                .field("inconsistentEdges", &Diagnostics::inconsistentEdges)
                                                .field("consistentWinding", &Diagnostics::consistentWinding)
                                                .field("inverted", &Diagnostics::inverted)
                                                .field("degenerateTriangles", &Diagnostics::degenerateTriangles)
                                                .field("shells", &Diagnostics::shells)
                                                .field("holes", &Diagnostics::holes)
                                                .field("weldedVertices", &Diagnostics::weldedVertices)
                                                .field("hullFaces", &Diagnostics::hullFaces)
                                                .field("repairs", &Diagnostics::repairs);
    const Layout<Box3> box3 = Layout<Box3>("Box3").field("min", &Box3::min).field("max", &Box3::max);
    Layout<MassProperties> massProperties("MassProperties");
#define MASSPROPS_LAYOUT_FIELD(type, name, initial, length, mass) \
    massProperties.result(#name, &MassProperties::name, length, mass);
#define MASSPROPS_LAYOUT_OPTIONAL(type, name, present, length, mass) \
    massProperties.result(#name, &MassProperties::name, length, mass, &MassProperties::present);
    MASSPROPS_RESULT_FIELDS(MASSPROPS_LAYOUT_FIELD, MASSPROPS_LAYOUT_OPTIONAL)
#undef MASSPROPS_LAYOUT_FIELD
#undef MASSPROPS_LAYOUT_OPTIONAL
    const Layout<Body> body = Layout<Body>("Body")
                                  .field("mass", &Body::mass)
                                  .field("volume", &Body::volume)
                                  .field("centerOfMass", &Body::centerOfMass)
                                  .field("inertia", &Body::inertia)
                                  .field("surfaceArea", &Body::surfaceArea)
                                  .field("surfaceCentroid", &Body::surfaceCentroid)
                                  .optional("diagnostics", &Body::diagnostics, &Body::hasDiagnostics)
                                  .optional("bounds", &Body::bounds, &Body::hasBounds);
    const Layout<Part> part = Layout<Part>("Part").field("body", &Part::body).field("subtract", &Part::subtract);
    const Layout<Transform> transform = Layout<Transform>("Transform")
                                            .field("position", &Transform::position)
                                            .field("quaternion", &Transform::quaternion)
                                            .field("scale", &Transform::scale);
    const Layout<SpinState> spinState = Layout<SpinState>("SpinState")
                                            .field("orientation", &SpinState::orientation)
                                            .field("angularVelocity", &SpinState::angularVelocity);
    const Layout<SpinOptions> spinOptions = Layout<SpinOptions>("SpinOptions")
                                                .field("duration", &SpinOptions::duration)
                                                .field("timeStep", &SpinOptions::timeStep);
    const Layout<Spin> spin = Layout<Spin>("Spin")
                                  .field("orientation", &Spin::orientation)
                                  .field("angularVelocity", &Spin::angularVelocity)
                                  .field("kineticEnergy", &Spin::kineticEnergy)
                                  .field("angularMomentum", &Spin::angularMomentum);
    const Layout<MassProperties2D> massProperties2D =
        Layout<MassProperties2D>("MassProperties2D")
            .field("mass", &MassProperties2D::mass)
            .field("area", &MassProperties2D::area)
            .field("density", &MassProperties2D::density)
            .field("centroid", &MassProperties2D::centroid)
            .field("inertia", &MassProperties2D::inertia)
            .field("polarMoment", &MassProperties2D::polarMoment)
            .field("principalMoments", &MassProperties2D::principalMoments)
            .field("principalAxes", &MassProperties2D::principalAxes)
            .field("principalAngle", &MassProperties2D::principalAngle);
    const Layout<Body2D> body2D = Layout<Body2D>("Body2D")
                                      .field("mass", &Body2D::mass)
                                      .field("area", &Body2D::area)
                                      .field("centroid", &Body2D::centroid)
                                      .field("inertia", &Body2D::inertia);
    const Layout<Part2D> part2D =
        Layout<Part2D>("Part2D").field("body", &Part2D::body).field("subtract", &Part2D::subtract);
    const Layout<Transform2D> transform2D = Layout<Transform2D>("Transform2D")
                                                .field("position", &Transform2D::position)
                                                .field("angle", &Transform2D::angle);
    const Layout<MeshView> meshView = Layout<MeshView>("MeshView")
                                          .field("positions", &MeshView::positions)
                                          .field("positionCount", &MeshView::positionCount)
                                          .field("positionType", &MeshView::positionType)
                                          .field("indices", &MeshView::indices)
                                          .field("indexCount", &MeshView::indexCount)
                                          .field("indexType", &MeshView::indexType);
    const Layout<MassOptions> massOptions =
        Layout<MassOptions>("MassOptions").field("given", &MassOptions::given).field("value", &MassOptions::value);
    const Layout<MeshOptions> meshOptions = Layout<MeshOptions>("MeshOptions")
                                                .field("mode", &MeshOptions::mode)
                                                .field("thickness", &MeshOptions::thickness)
                                                .field("weldDistance", &MeshOptions::weldDistance)
                                                .field("weldRelative", &MeshOptions::weldRelative)
                                                .field("check", &MeshOptions::check)
                                                .field("intersections", &MeshOptions::intersections);
    const Layout<WaterPlane> waterPlane =
        Layout<WaterPlane>("WaterPlane").field("normal", &WaterPlane::normal).field("height", &WaterPlane::height);
    const Layout<Hydrostatics> hydrostatics = Layout<Hydrostatics>("Hydrostatics")
                                                  .field("volume", &Hydrostatics::volume)
                                                  .field("centerOfBuoyancy", &Hydrostatics::centerOfBuoyancy)
                                                  .field("draft", &Hydrostatics::draft)
                                                  .field("waterplaneArea", &Hydrostatics::waterplaneArea)
                                                  .field("waterplaneCentroid", &Hydrostatics::waterplaneCentroid)
                                                  .field("waterplaneMoments", &Hydrostatics::waterplaneMoments)
                                                  .field("waterplaneAxes", &Hydrostatics::waterplaneAxes)
                                                  .field("metacentricRadii", &Hydrostatics::metacentricRadii)
                                                  .field("metacentricHeights", &Hydrostatics::metacentricHeights)
                                                  .field("centerOfMass", &Hydrostatics::centerOfMass);
    const Layout<FloatingPose> floatingPose = Layout<FloatingPose>("FloatingPose")
                                                  .field("rotation", &FloatingPose::rotation)
                                                  .field("position", &FloatingPose::position)
                                                  .field("plane", &FloatingPose::plane)
                                                  .field("heel", &FloatingPose::heel)
                                                  .field("trim", &FloatingPose::trim)
                                                  .field("equilibrium", &FloatingPose::equilibrium)
                                                  .field("stable", &FloatingPose::stable)
                                                  .field("hydrostatics", &FloatingPose::hydrostatics);
    const Layout<Flotation> flotation = Layout<Flotation>("Flotation")
                                            .field("mass", &Flotation::mass)
                                            .field("displacedVolume", &Flotation::displacedVolume)
                                            .field("upright", &Flotation::upright);
    struct Matrix {
        Mat3 value;
    };
    const Layout<Matrix> matrix = Layout<Matrix>("Mat3").field("value", &Matrix::value);
    return "{" + repairs.json() + "," + diagnostics.json() + "," + box3.json() + "," + massProperties.json() + "," +
           body.json() + "," + part.json() + "," + transform.json() + "," + spinState.json() + "," +
           spinOptions.json() + "," + spin.json() + "," + matrix.json() + "," + massProperties2D.json() + "," +
           body2D.json() + "," + part2D.json() + "," + transform2D.json() + "," + meshView.json() + "," +
           massOptions.json() + "," + meshOptions.json() + "," + waterPlane.json() + "," + hydrostatics.json() + "," +
           floatingPose.json() + "," + flotation.json() + "}";
}

// --- static slots ------------------------------------------------------------------------------

// The outcome of the last call of each value type; the JS reads the value by its layout.
template <typename T>
Outcome<T>& last() {
    static Outcome<T> outcome;
    return outcome;
}
std::string& lastMessage() {
    static std::string message;
    return message;
}

template <typename T>
int reply(Outcome<T>&& outcome) {
    lastMessage() = std::move(outcome.message);
    const int status = static_cast<int>(outcome.status);
    last<T>() = std::move(outcome);
    return status;
}

// reply(make()) with the outcome built in its slot: no copy of a mesh's 480-byte result through a
// temporary (a twentieth of a 12-triangle call in the core).
template <typename Make>
int replyInPlace(Make&& make) {
    using T = decltype(make().value);
    Outcome<T>& slot = last<T>();
    slot.~Outcome<T>();
    ::new (static_cast<void*>(&slot)) Outcome<T>(make());
    lastMessage() = std::move(slot.message);
    return static_cast<int>(slot.status);
}

// Fixed-size inputs, written by the JS before a call.
Body& inputBody() {
    static Body body;
    return body;
}
Transform& inputTransform() {
    static Transform transform;
    return transform;
}
SpinState& inputSpin() {
    static SpinState state;
    return state;
}
SpinOptions& inputSpinOptions() {
    static SpinOptions options;
    return options;
}
Body2D& inputBody2D() {
    static Body2D body;
    return body;
}
Transform2D& inputTransform2D() {
    static Transform2D transform;
    return transform;
}
MeshView& inputMesh() {
    static MeshView mesh;
    return mesh;
}
MassOptions& inputMassOptions() {
    static MassOptions options;
    return options;
}
MeshOptions& inputMeshOptions() {
    static MeshOptions options;
    return options;
}

template <typename T>
std::string address(const char* name, const T& slot) {
    return std::string("\"") + name + "\":" + std::to_string(reinterpret_cast<std::uintptr_t>(&slot));
}

std::string slots() {
    return "{" + address("MassProperties", last<MassProperties>().value) + "," +
           address("Diagnostics", last<Diagnostics>().value) + "," + address("Mat3", last<Mat3>().value) + "," +
           address("Spin", last<Spin>().value) + "," + address("Body", inputBody()) + "," +
           address("Transform", inputTransform()) + "," + address("SpinState", inputSpin()) + "," +
           address("SpinOptions", inputSpinOptions()) + "," +
           address("MassProperties2D", last<MassProperties2D>().value) + "," + address("Body2D", inputBody2D()) + "," +
           address("Transform2D", inputTransform2D()) + "," + address("MeshView", inputMesh()) + "," +
           address("MassOptions", inputMassOptions()) + "," + address("MeshOptions", inputMeshOptions()) + "," +
           address("WaterPlane", last<WaterPlane>().value) + "," + address("Hydrostatics", last<Hydrostatics>().value) +
           "," + address("Flotation", last<Flotation>().value) + "}";
}

std::string statusCodeList() {
    std::string out;
    for (const std::string& code : statusCodes()) out += (out.empty() ? "" : " ") + code;
    return out;
}

// --- the raw API: numbers in, a status out -----------------------------------------------------

std::uintptr_t allocate(double bytes) {
    return bytes > 0 && bytes < 4294967296.0 ? reinterpret_cast<std::uintptr_t>(std::malloc(std::size_t(bytes))) : 0;
}
void release(std::uintptr_t address) { std::free(reinterpret_cast<void*>(address)); }

// Doubles: the sizes of a wasm32 mesh's scratch may pass 2^32, beyond size_t here.
double workingBytes(double vertices, double corners) {
    return static_cast<double>(meshWorkingBytes(std::uint64_t(vertices), std::uint64_t(corners)));
}
double heapMax() { return static_cast<double>(emscripten_get_heap_max()); }
// Bytes malloc has handed out and not taken back: lets tests prove a failing call leaks nothing.
double heapInUse() { return static_cast<double>(mallinfo().uordblks); }

// A mesh: the MeshView, MassOptions and MeshOptions slots, as the JS wrote them. The core module
// measures what needs no analysis and answers FullModuleNotLoaded for the rest.
#ifdef MASS_PROPERTIES_CORE_MODULE
int measureMeshRaw() {
    return replyInPlace([] { return detail::measureCleanMesh(inputMesh(), inputMassOptions(), inputMeshOptions()); });
}
#else
int measureMeshRaw() {
    return replyInPlace([] { return massprops::measureMesh(inputMesh(), inputMassOptions(), inputMeshOptions()); });
}
#endif
int inspectMeshRaw() { return reply(inspectMesh(inputMesh(), inputMeshOptions())); }

// Loops cross as one flat array: [count, x, y, z, x, y, z, ..., count, ...].
std::vector<double>& loopBuffer() {
    static std::vector<double> buffer;
    return buffer;
}

int holeLoopsRaw() {
    Outcome<Loops> loops = holeLoops(inputMesh(), inputMeshOptions());
    std::vector<double>& out = loopBuffer();
    out.clear();
    for (const std::vector<Vec3>& loop : loops.value) {
        out.push_back(static_cast<double>(loop.size()));
        for (const Vec3& p : loop) out.insert(out.end(), p.begin(), p.end());
    }
    out.shrink_to_fit();  // the heap returns to where it was once the JS has read it
    lastMessage() = std::move(loops.message);
    return static_cast<int>(loops.status);
}
std::uintptr_t loopBufferAddress() { return reinterpret_cast<std::uintptr_t>(loopBuffer().data()); }
std::uint32_t loopBufferLength() { return static_cast<std::uint32_t>(loopBuffer().size()); }
void releaseLoopBuffer() { std::vector<double>().swap(loopBuffer()); }

// Resting poses cross as one flat array, pose after pose: probability, normal (3), rotation (4),
// position (3), centerOfMassHeight, supportMargin, tippingAngle, tippingEdge (6), the number of
// corners of the support polygon and their xyz.
std::vector<double>& poseBuffer() {
    static std::vector<double> buffer;
    return buffer;
}

int restingPosesRaw(double x, double y, double z) {
    Outcome<RestingPoses> poses = restingPoses(inputMesh(), {x, y, z});
    std::vector<double>& out = poseBuffer();
    out.clear();
    for (const RestingPose& p : poses.value) {
        out.push_back(p.probability);
        out.insert(out.end(), p.normal.begin(), p.normal.end());
        out.insert(out.end(), p.rotation.begin(), p.rotation.end());
        out.insert(out.end(), p.position.begin(), p.position.end());
        out.insert(out.end(), {p.centerOfMassHeight, p.supportMargin, p.tippingAngle});
        for (const Vec3& e : p.tippingEdge) out.insert(out.end(), e.begin(), e.end());
        out.push_back(static_cast<double>(p.supportPolygon.size()));
        for (const Vec3& c : p.supportPolygon) out.insert(out.end(), c.begin(), c.end());
    }
    out.shrink_to_fit();
    lastMessage() = std::move(poses.message);
    return static_cast<int>(poses.status);
}
std::uintptr_t poseBufferAddress() { return reinterpret_cast<std::uintptr_t>(poseBuffer().data()); }
std::uint32_t poseBufferLength() { return static_cast<std::uint32_t>(poseBuffer().size()); }
void releasePoseBuffer() { std::vector<double>().swap(poseBuffer()); }

// Shapes: their sizes as arguments, the MassOptions slot.
int boxRaw(double w, double h, double d) { return reply(box(w, h, d, inputMassOptions())); }
int sphereRaw(double r) { return reply(sphere(r, inputMassOptions())); }
int ellipsoidRaw(double a, double b, double c) { return reply(ellipsoid(a, b, c, inputMassOptions())); }
int cylinderRaw(double r, double h) { return reply(cylinder(r, h, inputMassOptions())); }
int capsuleRaw(double r, double l) { return reply(capsule(r, l, inputMassOptions())); }
int coneRaw(double r, double h) { return reply(cone(r, h, inputMassOptions())); }
int frustumRaw(double bottom, double top, double h) { return reply(frustum(bottom, top, h, inputMassOptions())); }
int taperedCapsuleRaw(double bottom, double top, double h) {
    return reply(taperedCapsule(bottom, top, h, inputMassOptions()));
}

int transformRaw() { return reply(transform(inputBody(), inputTransform())); }

int combineRaw(std::uintptr_t parts, std::uint32_t count) {
    const Part* first = reinterpret_cast<const Part*>(parts);
    return reply(combine(std::vector<Part>(first, first + count)));
}

int inertiaAboutRaw(double px, double py, double pz, double qx, double qy, double qz, double qw) {
    return reply(inertiaAbout(inputBody(), {px, py, pz}, {qx, qy, qz, qw}));
}

int simulateRotationRaw(double i1, double i2, double i3) {
    return reply(simulateRotation({i1, i2, i3}, inputSpin(), inputSpinOptions()));
}

// Rings cross as one block of doubles and a list of their lengths (in doubles): outer ring first.
int measurePolygonRaw(std::uintptr_t coordinates, std::uintptr_t ringLengths, std::uint32_t ringCount) {
    const double* xy = reinterpret_cast<const double*>(coordinates);
    const std::uint32_t* lengths = reinterpret_cast<const std::uint32_t*>(ringLengths);
    PolygonView polygon;
    for (std::uint32_t r = 0; r < ringCount; ++r) {
        const Ring ring{xy, lengths[r]};
        if (r == 0)
            polygon.outer = ring;
        else
            polygon.holes.push_back(ring);
        xy += lengths[r];
    }
    return reply(measurePolygon(polygon, inputMassOptions()));
}

int transform2DRaw() { return reply(transform2D(inputBody2D(), inputTransform2D())); }

int combine2DRaw(std::uintptr_t parts, std::uint32_t count) {
    const Part2D* first = reinterpret_cast<const Part2D*>(parts);
    return reply(combine2D(std::vector<Part2D>(first, first + count)));
}

// Hydrostatics: the MeshView and MeshOptions slots (and MassOptions to float), G as numbers
// (hasG 0: the body's own).
HydrostaticOptions hydrostaticOptions(bool hasG, double gx, double gy, double gz) {
    return HydrostaticOptions{inputMeshOptions(), hasG, {gx, gy, gz}};
}
int submergedRaw(double nx, double ny, double nz, double height, bool hasG, double gx, double gy, double gz) {
    return reply(submerged(inputMesh(), {{nx, ny, nz}, height}, hydrostaticOptions(hasG, gx, gy, gz)));
}
int waterPlaneOfPoseRaw(double qx, double qy, double qz, double qw, double px, double py, double pz) {
    return reply(waterPlaneOfPose({qx, qy, qz, qw}, {px, py, pz}));
}
// The equilibria cross as an array of FloatingPose, read by its layout at this address.
int floatMeshRaw(double waterDensity, double ux, double uy, double uz, bool search, bool hasG, double gx, double gy,
                 double gz) {
    FloatOptions options;
    options.mass = inputMassOptions();
    options.waterDensity = waterDensity;
    options.hydrostatics = hydrostaticOptions(hasG, gx, gy, gz);
    options.up = {ux, uy, uz};
    options.searchOrientations = search;
    return reply(floatMesh(inputMesh(), options));
}
double seaWaterDensity() { return kSeaWaterDensity; }
std::uintptr_t equilibriaAddress() {
    return reinterpret_cast<std::uintptr_t>(last<Flotation>().value.equilibria.data());
}
std::uint32_t equilibriaCount() { return static_cast<std::uint32_t>(last<Flotation>().value.equilibria.size()); }

std::string message() { return lastMessage(); }

}  // namespace

// The mesh call as a plain WebAssembly export (wasm._measureMesh, as the glue names C functions),
// not through embind: a 12-triangle mesh's whole call is about 2 µs, and embind's invoker (its
// arguments checked and converted in JavaScript, for a function that takes none) took 0.18 µs.
extern "C" EMSCRIPTEN_KEEPALIVE int measureMesh() { return measureMeshRaw(); }

// Raw functions start with '_' so they cannot be mistaken for the public ones of js/index.js.
EMSCRIPTEN_BINDINGS(mass_properties) {
    enum_<ScalarType>("ScalarType").value("Float32", ScalarType::Float32).value("Float64", ScalarType::Float64);
    enum_<IndexType>("IndexType")
        .value("None", IndexType::None)
        .value("Uint8", IndexType::Uint8)
        .value("Uint16", IndexType::Uint16)
        .value("Uint32", IndexType::Uint32);
    enum_<MeshMode>("MeshMode")
        .value("Solid", MeshMode::Solid)
        .value("Shell", MeshMode::Shell)
        .value("Convex", MeshMode::Convex);
    enum_<MassOptions::Given>("MassGiven")
        .value("Density", MassOptions::Given::Density)
        .value("Mass", MassOptions::Given::Mass);

    function("_statusCodes", &statusCodeList);
    function("_layouts", &layouts);
    function("_slots", &slots);
    function("_message", &message);
    function("_allocate", &allocate);
    function("_release", &release);
    function("_meshWorkingBytes", &workingBytes);
    function("_heapMax", &heapMax);
    function("_heapInUse", &heapInUse);
#ifdef __EMSCRIPTEN_PTHREADS__
    function("_setThreadCount", &setThreadCount);  // the threaded core module's (js/core/threads.js)
#endif

    function("_box", &boxRaw);
    function("_sphere", &sphereRaw);
    function("_ellipsoid", &ellipsoidRaw);
    function("_cylinder", &cylinderRaw);
    function("_capsule", &capsuleRaw);
    function("_cone", &coneRaw);
    function("_frustum", &frustumRaw);
    function("_taperedCapsule", &taperedCapsuleRaw);
    function("_transform", &transformRaw);
    function("_combine", &combineRaw);
    function("_inertiaAbout", &inertiaAboutRaw);

#ifndef MASS_PROPERTIES_CORE_MODULE
    function("_inspectMesh", &inspectMeshRaw);
    function("_holeLoops", &holeLoopsRaw);
    function("_loopBufferAddress", &loopBufferAddress);
    function("_loopBufferLength", &loopBufferLength);
    function("_releaseLoopBuffer", &releaseLoopBuffer);
    function("_restingPoses", &restingPosesRaw);
    function("_poseBufferAddress", &poseBufferAddress);
    function("_poseBufferLength", &poseBufferLength);
    function("_releasePoseBuffer", &releasePoseBuffer);
    function("_simulateRotation", &simulateRotationRaw);

    function("_submerged", &submergedRaw);
    function("_waterPlaneOfPose", &waterPlaneOfPoseRaw);
    function("_floatMesh", &floatMeshRaw);
    function("_seaWaterDensity", &seaWaterDensity);
    function("_equilibriaAddress", &equilibriaAddress);
    function("_equilibriaCount", &equilibriaCount);

    function("_measurePolygon", &measurePolygonRaw);
    function("_transform2D", &transform2DRaw);
    function("_combine2D", &combine2DRaw);
#endif
}
