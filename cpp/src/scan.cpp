#include "scan.h"

#include <algorithm>
#include <cstring>
#include <limits>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "mesh_access.h"

namespace massprops {
namespace detail {

namespace {

// A float's bits as a signed integer in the float's order: negative floats' magnitudes reversed,
// so -0 is -1, just below +0 (0). The map is its own inverse. Infinities and NaNs sort beyond the
// finite floats, but a mesh with either is refused before its bounds are used.
template <typename Int>
Int orderedKey(Int bits) {
    return bits ^ ((bits >> (8 * sizeof(Int) - 1)) & std::numeric_limits<Int>::max());
}

// The bits of a finite float, sign cleared, are below those of infinity.
constexpr std::uint32_t kInfinity32 = 0x7f800000u;
constexpr std::uint64_t kInfinity64 = 0x7ff0000000000000ull;

template <typename Float, typename Int, typename UInt>
struct Scan {
    UInt magnitude = 0;  // the largest |bits|: all finite when below infinity's
    Int lo[3] = {std::numeric_limits<Int>::max(), std::numeric_limits<Int>::max(), std::numeric_limits<Int>::max()};
    Int hi[3] = {std::numeric_limits<Int>::min(), std::numeric_limits<Int>::min(), std::numeric_limits<Int>::min()};

    void add(const Float* p, std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i) {
            Int bits;
            std::memcpy(&bits, &p[i], sizeof bits);
            magnitude =
                std::max(magnitude, static_cast<UInt>(bits) & static_cast<UInt>(std::numeric_limits<Int>::max()));
            const Int key = orderedKey(bits);
            lo[i % 3] = std::min(lo[i % 3], key);
            hi[i % 3] = std::max(hi[i % 3], key);
        }
    }

    PositionScan result(UInt infinity) const {
        PositionScan out;
        out.finite = magnitude < infinity;
        for (int k = 0; k < 3; ++k) {
            Float low, high;
            const Int l = orderedKey(lo[k]), h = orderedKey(hi[k]);
            std::memcpy(&low, &l, sizeof low);
            std::memcpy(&high, &h, sizeof high);
            out.box.lo[k] = low;
            out.box.hi[k] = high;
        }
        return out;
    }
};

PositionScan scan(const float* p, std::size_t n) {
    Scan<float, std::int32_t, std::uint32_t> s;
    std::size_t i = 0;
#if defined(__wasm_simd128__)
    // Four vertices (12 floats) a step, in three vectors: lane l of vector k holds coordinate
    // (4 k + l) mod 3, so each vector keeps its own lanes' minima and maxima.
    const v128_t magnitudeMask = wasm_i32x4_splat(0x7fffffff);
    v128_t magnitude = wasm_i32x4_splat(0);
    v128_t lo[3], hi[3];
    for (int k = 0; k < 3; ++k) lo[k] = wasm_i32x4_splat(s.lo[0]), hi[k] = wasm_i32x4_splat(s.hi[0]);
    for (; i + 12 <= n; i += 12) {
        for (int k = 0; k < 3; ++k) {
            const v128_t bits = wasm_v128_load(p + i + 4 * k);
            magnitude = wasm_u32x4_max(magnitude, wasm_v128_and(bits, magnitudeMask));
            const v128_t key = wasm_v128_xor(bits, wasm_v128_and(wasm_i32x4_shr(bits, 31), magnitudeMask));
            lo[k] = wasm_i32x4_min(lo[k], key);
            hi[k] = wasm_i32x4_max(hi[k], key);
        }
    }
    std::int32_t lanes[3][2][4];
    std::uint32_t magnitudes[4];
    wasm_v128_store(magnitudes, magnitude);
    for (int k = 0; k < 3; ++k) wasm_v128_store(lanes[k][0], lo[k]), wasm_v128_store(lanes[k][1], hi[k]);
    for (int l = 0; l < 4; ++l) {
        s.magnitude = std::max(s.magnitude, magnitudes[l]);
        for (int k = 0; k < 3; ++k) {
            const int axis = (4 * k + l) % 3;
            s.lo[axis] = std::min(s.lo[axis], lanes[k][0][l]);
            s.hi[axis] = std::max(s.hi[axis], lanes[k][1][l]);
        }
    }
#endif
    s.add(p, i, n);
    return s.result(kInfinity32);
}

PositionScan scan(const double* p, std::size_t n) {
    Scan<double, std::int64_t, std::uint64_t> s;
    s.add(p, 0, n);
    return s.result(kInfinity64);
}

template <typename I>
std::uint32_t largest(const I* idx, std::size_t n) {
    I top = 0;
    for (std::size_t i = 0; i < n; ++i) top = std::max(top, idx[i]);
    return top;
}

std::uint32_t largest(const std::uint32_t* idx, std::size_t n) {
    std::uint32_t top = 0;
    std::size_t i = 0;
#if defined(__wasm_simd128__)
    v128_t tops[2] = {wasm_i32x4_splat(0), wasm_i32x4_splat(0)};
    for (; i + 8 <= n; i += 8) {
        tops[0] = wasm_u32x4_max(tops[0], wasm_v128_load(idx + i));
        tops[1] = wasm_u32x4_max(tops[1], wasm_v128_load(idx + i + 4));
    }
    std::uint32_t lanes[4];
    wasm_v128_store(lanes, wasm_u32x4_max(tops[0], tops[1]));
    for (const std::uint32_t lane : lanes) top = std::max(top, lane);
#endif
    for (; i < n; ++i) top = std::max(top, idx[i]);
    return top;
}

}  // namespace

PositionScan scanPositions(const MeshView& mesh) {
    return mesh.positionType == ScalarType::Float32
               ? scan(static_cast<const float*>(mesh.positions), mesh.positionCount / 3 * 3)
               : scan(static_cast<const double*>(mesh.positions), mesh.positionCount / 3 * 3);
}

std::uint32_t largestIndex(const MeshView& mesh) {
    switch (mesh.indexType) {
        case IndexType::Uint8: return largest(static_cast<const std::uint8_t*>(mesh.indices), mesh.indexCount);
        case IndexType::Uint16: return largest(static_cast<const std::uint16_t*>(mesh.indices), mesh.indexCount);
        case IndexType::Uint32: return largest(static_cast<const std::uint32_t*>(mesh.indices), mesh.indexCount);
        default: return 0;
    }
}

}  // namespace detail
}  // namespace massprops
