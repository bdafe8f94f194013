// The bare SIMD kernel `npm run bench` compares check: false with: the volume, first and second
// moments of a closed Float32/Uint32 mesh in f64x2 lanes (two triangles at once, corners loaded
// as vectors), relative to the first vertex, and nothing else: no checks, no bounds, no surface
// area, no degenerate count, no accurate determinant. Compiled on its own (scripts/bench.sh) to
// a standalone module; the Node side copies the mesh into its memory and calls kernel().
#include <wasm_simd128.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

inline v128_t vertex(const float* p, std::uint32_t v) { return wasm_v128_load(p + 3 * std::size_t(v)); }

// Lanes (x, y, z) of two corners, relative to o.
inline void corners(v128_t* out, const float* p, std::uint32_t u, std::uint32_t w, const v128_t* o) {
    const v128_t a = vertex(p, u), b = vertex(p, w);
    const v128_t xy = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5), z = wasm_i32x4_shuffle(a, b, 2, 6, 2, 6);
    out[0] = wasm_f64x2_sub(wasm_f64x2_promote_low_f32x4(xy), o[0]);
    out[1] = wasm_f64x2_sub(wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(xy, xy, 2, 3, 2, 3)), o[1]);
    out[2] = wasm_f64x2_sub(wasm_f64x2_promote_low_f32x4(z), o[2]);
}

}  // namespace

extern "C" {

void* allocate(std::size_t bytes) { return std::malloc(bytes); }
void release(void* p) { std::free(p); }

// out: 6 volume, 24 first moment (3), 120 second moments (xx yy zz xy yz zx), about positions[0..2].
// The positions need one float of slack after the last vertex (the last corner's load reads it).
void kernel(const float* p, const std::uint32_t* idx, std::uint32_t triangles, double* out) {
    const auto mul = wasm_f64x2_mul;
    const auto add = wasm_f64x2_add;
    const v128_t o[3] = {wasm_f64x2_splat(p[0]), wasm_f64x2_splat(p[1]), wasm_f64x2_splat(p[2])};
    v128_t sum[10];
    for (v128_t& s : sum) s = wasm_f64x2_splat(0);
    std::uint32_t t = 0;
    for (; t + 1 < triangles; t += 2) {
        v128_t a[3], b[3], c[3];
        corners(a, p, idx[3 * t], idx[3 * t + 3], o);
        corners(b, p, idx[3 * t + 1], idx[3 * t + 4], o);
        corners(c, p, idx[3 * t + 2], idx[3 * t + 5], o);
        const v128_t d = add(add(mul(a[0], wasm_f64x2_sub(mul(b[1], c[2]), mul(b[2], c[1]))),
                                 mul(a[1], wasm_f64x2_sub(mul(b[2], c[0]), mul(b[0], c[2])))),
                             mul(a[2], wasm_f64x2_sub(mul(b[0], c[1]), mul(b[1], c[0]))));
        const v128_t s[3] = {add(add(a[0], b[0]), c[0]), add(add(a[1], b[1]), c[1]), add(add(a[2], b[2]), c[2])};
        sum[0] = add(sum[0], d);
        for (int k = 0; k < 3; ++k) sum[1 + k] = add(sum[1 + k], mul(d, s[k]));
        const int pairs[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {1, 2}, {2, 0}};
        for (int k = 0; k < 6; ++k) {
            const int i = pairs[k][0], j = pairs[k][1];
            sum[4 + k] = add(sum[4 + k],
                             mul(d, add(add(add(mul(a[i], a[j]), mul(b[i], b[j])), mul(c[i], c[j])), mul(s[i], s[j]))));
        }
    }
    for (int k = 0; k < 10; ++k) out[k] = wasm_f64x2_extract_lane(sum[k], 0) + wasm_f64x2_extract_lane(sum[k], 1);
    if (t < triangles) {  // an odd count: the last triangle alone, in lane 0
        v128_t a[3], b[3], c[3];
        corners(a, p, idx[3 * t], idx[3 * t], o);
        corners(b, p, idx[3 * t + 1], idx[3 * t + 1], o);
        corners(c, p, idx[3 * t + 2], idx[3 * t + 2], o);
        const double ax = wasm_f64x2_extract_lane(a[0], 0), ay = wasm_f64x2_extract_lane(a[1], 0),
                     az = wasm_f64x2_extract_lane(a[2], 0), bx = wasm_f64x2_extract_lane(b[0], 0),
                     by = wasm_f64x2_extract_lane(b[1], 0), bz = wasm_f64x2_extract_lane(b[2], 0),
                     cx = wasm_f64x2_extract_lane(c[0], 0), cy = wasm_f64x2_extract_lane(c[1], 0),
                     cz = wasm_f64x2_extract_lane(c[2], 0);
        const double d = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
        const double s[3] = {ax + bx + cx, ay + by + cy, az + bz + cz};
        const double A[3] = {ax, ay, az}, B[3] = {bx, by, bz}, C[3] = {cx, cy, cz};
        out[0] += d;
        for (int k = 0; k < 3; ++k) out[1 + k] += d * s[k];
        const int pairs[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {1, 2}, {2, 0}};
        for (int k = 0; k < 6; ++k) {
            const int i = pairs[k][0], j = pairs[k][1];
            out[4 + k] += d * (A[i] * A[j] + B[i] * B[j] + C[i] * C[j] + s[i] * s[j]);
        }
    }
}
}
