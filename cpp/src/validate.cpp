// Input checks shared by every mesh entry point: lengths, emptiness, finiteness, index range.
#include "validate.h"

#include <algorithm>
#include <cmath>

#include "mesh_access.h"
#include "scan.h"
#include "status.h"

namespace massprops {
namespace detail {

namespace {

// The first non-finite position, once the scan has found that there is one.
template <typename T>
std::size_t firstNonFinite(const T* p, std::size_t n) {
    std::size_t i = 0;
    while (i < n && std::isfinite(p[i])) ++i;
    return i;
}

// The first index out of range, once largestIndex has found that there is one.
template <typename I>
std::size_t firstOutOfRange(const I* idx, std::size_t n, std::size_t vertices) {
    std::size_t i = 0;
    while (i < n && static_cast<std::size_t>(idx[i]) < vertices) ++i;
    return i;
}

double positionAt(const MeshView& mesh, std::size_t i) {
    return mesh.positionType == ScalarType::Float32 ? static_cast<const float*>(mesh.positions)[i]
                                                    : static_cast<const double*>(mesh.positions)[i];
}

}  // namespace

Status indexOutOfRange(const MeshView& mesh, std::string& message) {
    const std::size_t vertices = vertexCount(mesh);
    const std::size_t at =
        mesh.indexType == IndexType::Uint8
            ? firstOutOfRange(static_cast<const std::uint8_t*>(mesh.indices), mesh.indexCount, vertices)
        : mesh.indexType == IndexType::Uint16
            ? firstOutOfRange(static_cast<const std::uint16_t*>(mesh.indices), mesh.indexCount, vertices)
            : firstOutOfRange(static_cast<const std::uint32_t*>(mesh.indices), mesh.indexCount, vertices);
    const std::size_t index = mesh.indexType == IndexType::Uint8 ? static_cast<const std::uint8_t*>(mesh.indices)[at]
                              : mesh.indexType == IndexType::Uint16
                                  ? static_cast<const std::uint16_t*>(mesh.indices)[at]
                                  : static_cast<const std::uint32_t*>(mesh.indices)[at];
    message = "index " + std::to_string(index) + " at triangle " + std::to_string(at / 3) + " is out of range (" +
              std::to_string(vertices) + " vertices)";
    return Status::IndexOutOfRange;
}

// Not inlined into the measuring calls, so that V8 optimises it on its own (certify.cpp's weldMap).
[[gnu::noinline]] Status validateMesh(const MeshView& mesh, std::string& message, Bounds* box, IndexCheck indices) {
    if (mesh.positionCount % 3 != 0) {
        message = "positions.length (" + std::to_string(mesh.positionCount) + ") is not a multiple of 3";
        return Status::InvalidLength;
    }
    const std::size_t vertices = vertexCount(mesh);
    if (mesh.indexType == IndexType::None) {
        if (vertices % 3 != 0) {
            message = "a non-indexed mesh needs 3 vertices per triangle, but positions hold " +
                      std::to_string(vertices) + " vertices";
            return Status::InvalidLength;
        }
    } else if (mesh.indexCount % 3 != 0) {
        message = "indices.length (" + std::to_string(mesh.indexCount) + ") is not a multiple of 3";
        return Status::InvalidLength;
    }
    if (cornerCount(mesh) == 0) {
        message = "mesh has no triangles";
        return Status::EmptyMesh;
    }
    // The analysis packs a triangle number into 29 bits (surface.cpp); wasm32's memory holds far fewer.
    if (cornerCount(mesh) / 3 >= (std::size_t(1) << 29)) {
        message = "mesh has " + std::to_string(cornerCount(mesh) / 3) + " triangles; at most " +
                  std::to_string((std::size_t(1) << 29) - 1) + " are supported";
        return Status::InvalidArgument;
    }
    if ((mesh.positionCount > 0 && mesh.positions == nullptr) ||
        (mesh.indexType != IndexType::None && mesh.indexCount > 0 && mesh.indices == nullptr)) {
        message = "mesh data pointer is null";
        return Status::InvalidArgument;
    }
    const PositionScan scan = scanPositions(mesh);
    if (!scan.finite) {
        const std::size_t at = mesh.positionType == ScalarType::Float32
                                   ? firstNonFinite(static_cast<const float*>(mesh.positions), mesh.positionCount)
                                   : firstNonFinite(static_cast<const double*>(mesh.positions), mesh.positionCount);
        message = "positions[" + std::to_string(at) + "] (vertex " + std::to_string(at / 3) + ", " + "xyz"[at % 3] +
                  ") is " + formatNumber(positionAt(mesh, at));
        return Status::NonFinitePosition;
    }
    if (indices == IndexCheck::Now && mesh.indexType != IndexType::None && largestIndex(mesh) >= vertices)
        return indexOutOfRange(mesh, message);
    if (box) *box = scan.box;
    return Status::Ok;
}

}  // namespace detail
}  // namespace massprops
