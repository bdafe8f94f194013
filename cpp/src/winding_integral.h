// Curved holes closed without a spanning surface, for openings whose level set { w = 1/2 } is not
// a disc over the fan (folded back, nearly tangent to every line across the hole: the spanning
// caps of winding_correction.h fail there). With C the caps and S the surface, w_S = k - w_C
// with k = w_{S+C} an integer, so [w_S >= 1/2] = k - round(w_C) wherever k is 0 or 1: the solid's
// moments are the fan-closed solid's minus the integrals of round(w_C), x round(w_C) and
// x x^T round(w_C). round(w_C) is 0 farther than sqrt(A / 2 pi) from caps of area A (a surface
// of area A subtends at most A / d^2 of solid angle from distance d), so the integral runs over
// that neighbourhood only: along lines parallel to an axis, each exact up to where it crosses a
// cap or a level w_C = 1/2 (mod 1) (found by Newton's method inside a bracket), the lines placed
// by an adaptive quadtree across the other two axes.
#pragma once

#include <cstddef>
#include <vector>

#include "integrate.h"
#include "winding_correction.h"

namespace massprops {
namespace detail {

struct RoundedWinding {
    Moments moments;          // the integrals of round(w_C), in Moments' units (d: 6 times the volume, ...)
    double error = 0;         // estimated error, in SpanningCaps::error's units
    double solidAngles = 0;   // work done: cap triangles' solid angles evaluated
    std::uint32_t lines = 0;  // lines integrated
};

// `caps` and `groups` as for spanningCaps (every triangle's w_C counts); `length` the scale of
// the error's first and second moments. Refines the lines until the estimated error is below
// `tolerance` or the work would pass `budget` solid angles.
RoundedWinding roundedWinding(const std::vector<WeightedTriangle>& caps, const std::vector<std::size_t>& groups,
                              double length, double tolerance, double budget);

}  // namespace detail
}  // namespace massprops
