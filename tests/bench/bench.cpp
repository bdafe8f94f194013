// Speed of the mesh path: full measurement, diagnostics alone, and a bare signed-volume loop as
// the floor any integration must pay. Run: npm run bench (prints the ratios at the end).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "mass_properties/mass_properties.h"

namespace {

// A closed torus of about `triangles` triangles (shared vertices, Float32 like three.js).
struct Torus {
    std::vector<float> positions;
    std::vector<std::uint32_t> indices;
    explicit Torus(std::size_t triangles) {
        const std::size_t n = static_cast<std::size_t>(std::sqrt(triangles / 2.0));
        const std::size_t u = n, v = n;
        const double pi = std::acos(-1.0);
        for (std::size_t i = 0; i < u; ++i)
            for (std::size_t j = 0; j < v; ++j) {
                const double a = 2 * pi * i / u, b = 2 * pi * j / v;
                positions.push_back(static_cast<float>((2 + std::cos(b)) * std::cos(a)));
                positions.push_back(static_cast<float>((2 + std::cos(b)) * std::sin(a)));
                positions.push_back(static_cast<float>(std::sin(b)));
            }
        auto id = [&](std::size_t i, std::size_t j) { return static_cast<std::uint32_t>((i % u) * v + (j % v)); };
        for (std::size_t i = 0; i < u; ++i)
            for (std::size_t j = 0; j < v; ++j) {
                indices.insert(indices.end(), {id(i, j), id(i + 1, j), id(i + 1, j + 1)});
                indices.insert(indices.end(), {id(i, j), id(i + 1, j + 1), id(i, j + 1)});
            }
    }
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

const Torus& torus(std::size_t triangles) {
    static Torus small(100000), large(5000000);
    return triangles > 1000000 ? large : small;
}

void setCounters(benchmark::State& state, std::size_t triangles) {
    state.counters["Mtri/s"] =
        benchmark::Counter(static_cast<double>(triangles) * state.iterations() / 1e6, benchmark::Counter::kIsRate);
}

void BM_SignedVolumeLoop(benchmark::State& state) {
    const Torus& t = torus(state.range(0));
    for (auto _ : state) {
        double sum = 0;
        const float* p = t.positions.data();
        for (std::size_t k = 0; k < t.indices.size(); k += 3) {
            const float* a = p + 3 * t.indices[k];
            const float* b = p + 3 * t.indices[k + 1];
            const float* c = p + 3 * t.indices[k + 2];
            sum += double(a[0]) * (double(b[1]) * c[2] - double(b[2]) * c[1]) +
                   double(a[1]) * (double(b[2]) * c[0] - double(b[0]) * c[2]) +
                   double(a[2]) * (double(b[0]) * c[1] - double(b[1]) * c[0]);
        }
        benchmark::DoNotOptimize(sum);
    }
    setCounters(state, t.indices.size() / 3);
}

void BM_InspectMesh(benchmark::State& state) {
    const Torus& t = torus(state.range(0));
    massprops::Diagnostics d;
    for (auto _ : state) benchmark::DoNotOptimize(massprops::inspectMesh(t.view(), d));
    setCounters(state, t.indices.size() / 3);
}

void BM_MeasureMesh(benchmark::State& state) {
    const Torus& t = torus(state.range(0));
    for (auto _ : state) benchmark::DoNotOptimize(massprops::measureMesh(t.view()));
    setCounters(state, t.indices.size() / 3);
}

}  // namespace

BENCHMARK(BM_SignedVolumeLoop)->Arg(100000)->Arg(5000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_InspectMesh)->Arg(100000)->Arg(5000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MeasureMesh)->Arg(100000)->Arg(5000000)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
