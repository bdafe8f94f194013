// libFuzzer target: arbitrary bytes as a mesh must never crash the core, and an accepted mesh
// must give finite, physical results.
//   clang++ -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -Icpp/include -Icpp/src \
//     -I/usr/include/eigen3 tests/fuzz/fuzz_mesh.cpp cpp/src/*.cpp -o fuzz_mesh && ./fuzz_mesh -max_total_time=60
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "mass_properties/mass_properties.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    // First byte: layout flags; second: vertex count; then small coordinates, then indices.
    const std::uint8_t flags = data[0];
    const std::size_t vertices = data[1] % 32;
    data += 2;
    size -= 2;
    std::vector<double> positions;
    for (std::size_t i = 0; i < 3 * vertices && i < size; ++i)
        positions.push_back((flags & 1) ? static_cast<std::int8_t>(data[i]) * 0.25 : static_cast<double>(data[i] % 4));
    const std::size_t used = std::min(size, 3 * vertices);
    std::vector<std::uint32_t> indices;
    for (std::size_t i = used; i < size; ++i) indices.push_back(data[i] % (vertices + 2));  // some out of range

    massprops::MeshView mesh;
    mesh.positions = positions.data();
    mesh.positionCount = positions.size();
    if (flags & 2) {
        mesh.indices = indices.data();
        mesh.indexCount = indices.size();
        mesh.indexType = massprops::IndexType::Uint32;
    }
    const massprops::Result r = massprops::measureMesh(mesh);
    massprops::Diagnostics d;
    const massprops::Status inspected = massprops::inspectMesh(mesh, d);
    if (r.ok()) {
        const auto& v = r.value;
        if (!(v.volume > 0) || !(v.mass > 0) || !std::isfinite(v.principalMoments[2]) || inspected != massprops::Status::Ok)
            std::abort();
        for (double x : v.inertia)
            if (!std::isfinite(x)) std::abort();
    }
    return 0;
}
