// One pass over a mesh's positions (are they finite, and their bounds) and one over its indices
// (the largest): the input checks and the bounds of every mesh call, at the speed of memory.
#pragma once

#include <cstdint>

#include "bounds.h"

namespace massprops {
namespace detail {

struct PositionScan {
    bool finite = true;
    Bounds box;  // of all vertices; meaningful only when every position is finite and there is one
};

// WebAssembly SIMD where the build has it (f32x4 bit tests and lane-wise min/max), else the same
// comparisons in scalar loops. Both order floats by their bits, in one total order (-0 below +0),
// so that however the comparisons are grouped the bounds are the same, bit for bit.
PositionScan scanPositions(const MeshView& mesh);

// The largest index of an indexed mesh (0 for none).
std::uint32_t largestIndex(const MeshView& mesh);

}  // namespace detail
}  // namespace massprops
