// The native core's side of `npm run bench`: times the mesh paths on meshes the Node benchmark
// wrote (so both measure the very same triangles) and prints one JSON object per mesh.
// Usage: mass_properties_bench <runs> <mesh.bin>...   (mesh.bin: u32 vertices, u32 triangles,
// float32 xyz per vertex, u32 indices)
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "bounds.h"
#include "certify.h"
#include "integrate.h"
#include "mass_properties/mass_properties.h"
#include "mesh.h"
#include "mesh_access.h"

namespace {

struct Mesh {
    std::vector<float> positions;
    std::vector<std::uint32_t> indices;
    massprops::MeshView view() const {
        massprops::MeshView m;
        m.positions = positions.data();
        m.positionCount = positions.size();
        m.positionType = massprops::ScalarType::Float32;
        m.indices = indices.data();
        m.indexCount = indices.size();
        m.indexType = massprops::IndexType::Uint32;
        return m;
    }
};

Mesh read(const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::uint32_t counts[2] = {0, 0};
    in.read(reinterpret_cast<char*>(counts), sizeof counts);
    Mesh m;
    m.positions.resize(3 * std::size_t(counts[0]));
    m.indices.resize(3 * std::size_t(counts[1]));
    in.read(reinterpret_cast<char*>(m.positions.data()), std::streamsize(m.positions.size() * sizeof(float)));
    in.read(reinterpret_cast<char*>(m.indices.data()), std::streamsize(m.indices.size() * sizeof(std::uint32_t)));
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path);
        std::exit(1);
    }
    return m;
}

// Median milliseconds of process CPU time of `runs` calls after one warm-up (CPU time, as the
// Node side measures: the machine is shared).
template <typename F>
double median(int runs, F&& f) {
    f();
    std::vector<double> times;
    for (int r = 0; r < runs; ++r) {
        const std::clock_t start = std::clock();
        f();
        times.push_back(1000.0 * double(std::clock() - start) / CLOCKS_PER_SEC);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

volatile double sink;

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s <runs> <mesh.bin>...\n", argv[0]);
        return 1;
    }
    const int runs = std::max(1, std::atoi(argv[1]));
    std::printf("[");
    for (int i = 2; i < argc; ++i) {
        const Mesh mesh = read(argv[i]);
        const massprops::MeshView view = mesh.view();
        massprops::MeshOptions trusted;
        trusted.check = false;
        using massprops::detail::Path;
        const massprops::Result result = massprops::measureMesh(view);
        const double fast = median(runs, [&] { sink = massprops::measureMesh(view).value.volume; });
        const double full = median(runs, [&] {
            sink = massprops::detail::measureMeshBy(view, {}, {}, Path::FullAnalysis).value.volume;
        });
        const double unchecked = median(runs, [&] { sink = massprops::measureMesh(view, {}, trusted).value.volume; });
        // The default's steps on their own: bounds, the proof, the integration.
        const massprops::detail::Bounds box = massprops::detail::bounds(view);
        const double bounds = median(runs, [&] { sink = massprops::detail::bounds(view).lo[0]; });
        bool proven = false;
        std::uint32_t welded = 0;
        const double proof = median(runs, [&] { proven = massprops::detail::provenClean(view, box, 0, welded); });
        const std::size_t triangles = mesh.indices.size() / 3;
        const massprops::Vec3 origin = massprops::detail::center(box);
        const double integration = median(runs, [&] {
            sink = massprops::detail::withMeshTypes(view, [&](auto position, auto index) {
                       return massprops::detail::integrate(position, index, triangles, mesh.positions.size() / 3,
                                                           origin, [](std::size_t) { return 1.0; });
                   }).d;
        });
        std::printf(
            "%s{\"file\":\"%s\",\"triangles\":%zu,\"ok\":%s,\"volume\":%.17g,\"proven\":%s,\"ms\":{\"default\":%.4f,"
            "\"fullAnalysis\":%.4f,\"checkFalse\":%.4f,\"bounds\":%.4f,\"proof\":%.4f,\"integration\":%.4f}}",
            i > 2 ? "," : "", argv[i], triangles, result.ok() ? "true" : "false", result.value.volume,
            proven ? "true" : "false", fast, full, unchecked, bounds, proof, integration);
    }
    std::printf("]\n");
    return 0;
}
