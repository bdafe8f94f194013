// What makes a part of a combination a hole, in 3-D (combine) and in 2-D (combine2D): marked
// `subtract`, or given a negative mass. Its numbers may then come with either sign (a result
// with its mass negated, or everything negated), so they count by magnitude and its tensor by
// the sign of its trace.
#pragma once

namespace massprops {
namespace detail {

template <typename Part>
bool isHole(const Part& part) {
    return part.subtract || part.body.mass < 0;
}

// -1 for a tensor given negated (its trace, a sum of moments, is negative), else +1.
inline double tensorSign(double trace) { return trace < 0 ? -1.0 : 1.0; }

}  // namespace detail
}  // namespace massprops
