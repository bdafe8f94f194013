// The only file that knows about Emscripten: exposes the core to JavaScript through embind.
// Results cross as plain value objects (nothing to .delete()); bulk arrays cross with one
// TypedArray.set into the wasm heap, never element by element.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "mass_properties/mass_properties.h"

using namespace emscripten;
using namespace massprops;

namespace {

struct JsResult {
    std::string code;
    std::string message;
    MassProperties value;
};

struct JsDiagnosticsResult {
    std::string code;
    std::string message;
    Diagnostics value;
};

struct JsMatrixResult {
    std::string code;
    std::string message;
    Mat3 value{};
};

struct JsSpinResult {
    std::string code;
    std::string message;
    SpinState state;
    double kineticEnergy = 0;
    Vec3 angularMomentum{0, 0, 0};
};

JsResult wrap(const Result& r) { return {statusCode(r.status), r.message, r.value}; }

MassOptions massOptions(double value, bool byMass) {
    MassOptions o;
    o.given = byMass ? MassOptions::Given::Mass : MassOptions::Given::Density;
    o.value = value;
    return o;
}

// Typed array -> heap copy. The view is made and used at once: the heap cannot grow in between.
template <typename T>
std::vector<T> copyIn(const val& array) {
    const std::size_t n = array["length"].as<std::size_t>();
    std::vector<T> data(n);
    if (n > 0) val(typed_memory_view(n, data.data())).call<void>("set", array);
    return data;
}

// positionKind: 0 Float32Array, 1 Float64Array; indexKind: 0 none, 1 Uint16Array, 2 Uint32Array.
template <typename F>
auto withMesh(const val& positions, int positionKind, const val& indices, int indexKind, F&& f) {
    std::vector<float> p32;
    std::vector<double> p64;
    std::vector<std::uint16_t> i16;
    std::vector<std::uint32_t> i32;
    MeshView mesh;
    if (positionKind == 0) {
        p32 = copyIn<float>(positions);
        mesh.positions = p32.data();
        mesh.positionCount = p32.size();
        mesh.positionType = ScalarType::Float32;
    } else {
        p64 = copyIn<double>(positions);
        mesh.positions = p64.data();
        mesh.positionCount = p64.size();
        mesh.positionType = ScalarType::Float64;
    }
    if (indexKind == 1) {
        i16 = copyIn<std::uint16_t>(indices);
        mesh.indices = i16.data();
        mesh.indexCount = i16.size();
        mesh.indexType = IndexType::Uint16;
    } else if (indexKind == 2) {
        i32 = copyIn<std::uint32_t>(indices);
        mesh.indices = i32.data();
        mesh.indexCount = i32.size();
        mesh.indexType = IndexType::Uint32;
    }
    return f(mesh);
}

JsResult measureMeshJs(val positions, int positionKind, val indices, int indexKind, double value, bool byMass) {
    return withMesh(positions, positionKind, indices, indexKind,
                    [&](const MeshView& mesh) { return wrap(measureMesh(mesh, massOptions(value, byMass))); });
}

JsDiagnosticsResult inspectMeshJs(val positions, int positionKind, val indices, int indexKind) {
    return withMesh(positions, positionKind, indices, indexKind, [&](const MeshView& mesh) {
        JsDiagnosticsResult r;
        const Status status = inspectMesh(mesh, r.value, &r.message);
        r.code = statusCode(status);
        return r;
    });
}

JsResult boxJs(double w, double h, double d, double value, bool byMass) { return wrap(box(w, h, d, massOptions(value, byMass))); }
JsResult sphereJs(double r, double value, bool byMass) { return wrap(sphere(r, massOptions(value, byMass))); }
JsResult ellipsoidJs(double a, double b, double c, double value, bool byMass) {
    return wrap(ellipsoid(a, b, c, massOptions(value, byMass)));
}
JsResult cylinderJs(double r, double h, double value, bool byMass) { return wrap(cylinder(r, h, massOptions(value, byMass))); }
JsResult capsuleJs(double r, double l, double value, bool byMass) { return wrap(capsule(r, l, massOptions(value, byMass))); }
JsResult coneJs(double r, double h, double value, bool byMass) { return wrap(cone(r, h, massOptions(value, byMass))); }

JsResult transformJs(Body body, Transform t) { return wrap(transform(body, t)); }

JsResult combineJs(val parts) {
    const std::size_t n = parts["length"].as<std::size_t>();
    std::vector<Body> bodies;
    bodies.reserve(n);
    for (std::size_t i = 0; i < n; ++i) bodies.push_back(parts[i].as<Body>());
    return wrap(combine(bodies));
}

JsResult fromBodyJs(Body body) { return wrap(fromBody(body)); }

JsMatrixResult inertiaAboutJs(Body body, Vec3 point, Quat rotation) {
    JsMatrixResult r;
    const Status status = inertiaAbout(body, point, rotation, r.value, &r.message);
    r.code = statusCode(status);
    return r;
}

JsSpinResult simulateRotationJs(Vec3 moments, SpinState start, double duration, double timeStep) {
    SpinOptions options;
    options.duration = duration;
    options.timeStep = timeStep;
    const SpinResult s = simulateRotation(moments, start, options);
    return {statusCode(s.status), s.message, s.state, s.kineticEnergy, s.angularMomentum};
}

val statusCodesJs() {
    val out = val::array();
    for (const std::string& code : statusCodes()) out.call<void>("push", code);
    return out;
}

template <typename T, std::size_t N>
void registerArray(const char* name) {
    auto a = value_array<std::array<T, N>>(name);
    if constexpr (N > 0) a.element(emscripten::index<0>());
    if constexpr (N > 1) a.element(emscripten::index<1>());
    if constexpr (N > 2) a.element(emscripten::index<2>());
    if constexpr (N > 3) a.element(emscripten::index<3>());
    if constexpr (N > 4) a.element(emscripten::index<4>());
    if constexpr (N > 5) a.element(emscripten::index<5>());
    if constexpr (N > 6) a.element(emscripten::index<6>());
    if constexpr (N > 7) a.element(emscripten::index<7>());
    if constexpr (N > 8) a.element(emscripten::index<8>());
}

}  // namespace

EMSCRIPTEN_BINDINGS(mass_properties) {
    registerArray<double, 3>("Vec3");
    registerArray<double, 4>("Quat");
    registerArray<double, 9>("Mat3");
    registerArray<Vec3, 3>("Axes");

    value_object<Diagnostics>("Diagnostics")
        .field("triangles", &Diagnostics::triangles)
        .field("closed", &Diagnostics::closed)
        .field("boundaryEdges", &Diagnostics::boundaryEdges)
        .field("nonManifoldEdges", &Diagnostics::nonManifoldEdges)
        .field("inconsistentEdges", &Diagnostics::inconsistentEdges)
        .field("consistentWinding", &Diagnostics::consistentWinding)
        .field("inverted", &Diagnostics::inverted)
        .field("degenerateTriangles", &Diagnostics::degenerateTriangles);

    value_object<MassProperties>("MassProperties")
        .field("mass", &MassProperties::mass)
        .field("volume", &MassProperties::volume)
        .field("density", &MassProperties::density)
        .field("centerOfMass", &MassProperties::centerOfMass)
        .field("inertia", &MassProperties::inertia)
        .field("principalMoments", &MassProperties::principalMoments)
        .field("principalAxes", &MassProperties::principalAxes)
        .field("principalRotation", &MassProperties::principalRotation)
        .field("surfaceArea", &MassProperties::surfaceArea)
        .field("surfaceCentroid", &MassProperties::surfaceCentroid)
        .field("diagnostics", &MassProperties::diagnostics);

    value_object<Body>("Body")
        .field("mass", &Body::mass)
        .field("volume", &Body::volume)
        .field("centerOfMass", &Body::centerOfMass)
        .field("inertia", &Body::inertia)
        .field("surfaceArea", &Body::surfaceArea)
        .field("surfaceCentroid", &Body::surfaceCentroid);

    value_object<Transform>("Transform")
        .field("position", &Transform::position)
        .field("quaternion", &Transform::quaternion)
        .field("scale", &Transform::scale);

    value_object<SpinState>("SpinState")
        .field("orientation", &SpinState::orientation)
        .field("angularVelocity", &SpinState::angularVelocity);

    value_object<JsResult>("Result")
        .field("code", &JsResult::code)
        .field("message", &JsResult::message)
        .field("value", &JsResult::value);
    value_object<JsDiagnosticsResult>("DiagnosticsResult")
        .field("code", &JsDiagnosticsResult::code)
        .field("message", &JsDiagnosticsResult::message)
        .field("value", &JsDiagnosticsResult::value);
    value_object<JsMatrixResult>("MatrixResult")
        .field("code", &JsMatrixResult::code)
        .field("message", &JsMatrixResult::message)
        .field("value", &JsMatrixResult::value);
    value_object<JsSpinResult>("SpinResult")
        .field("code", &JsSpinResult::code)
        .field("message", &JsSpinResult::message)
        .field("state", &JsSpinResult::state)
        .field("kineticEnergy", &JsSpinResult::kineticEnergy)
        .field("angularMomentum", &JsSpinResult::angularMomentum);

    // The API, one line each.
    function("statusCodes", &statusCodesJs);
    function("measureMesh", &measureMeshJs);
    function("inspectMesh", &inspectMeshJs);
    function("box", &boxJs);
    function("sphere", &sphereJs);
    function("ellipsoid", &ellipsoidJs);
    function("cylinder", &cylinderJs);
    function("capsule", &capsuleJs);
    function("cone", &coneJs);
    function("transform", &transformJs);
    function("combine", &combineJs);
    function("fromBody", &fromBodyJs);
    function("inertiaAbout", &inertiaAboutJs);
    function("simulateRotation", &simulateRotationJs);
}
