// Whether a closed surface encloses a volume, up to rounding: the one threshold of the integration
// (a flat or empty solid is refused) and of the repair (a closed piece that encloses nothing is
// left out), so that the two always agree.
#pragma once

#include <algorithm>
#include <cfloat>

namespace massprops {
namespace detail {

// What rounding can leave of every d (each a product of a corner's coordinates, at most
// `extent`, and the normal n): for a flat surface whose reference point lies in its own plane
// every d is rounding alone.
inline double roundingOf(double twiceArea, double extent) { return 256 * DBL_EPSILON * twiceArea * extent; }

// `volume6` is six times the volume (the sum of the triangles' d), `abs6` the sum of |d|,
// `twiceArea` the sum of |n|: a volume is more than 1e-12 of the summed |d| and more than rounding.
inline bool enclosesVolume(double volume6, double abs6, double twiceArea, double extent) {
    return volume6 > std::max(1e-12 * abs6, roundingOf(twiceArea, extent));
}

}  // namespace detail
}  // namespace massprops
