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
#include <cstdint>
#include <vector>

#include "winding_correction.h"

namespace massprops {
namespace detail {

// The curved loops (`curved[i]`, caps and groups as for spanningCaps) closed by their fans less
// the integral of round(w_C), w_C being the curved caps' winding number (planar caps stay flat,
// part of the surface). Replaces `span`'s moments and error (and drops its surfaces: the fans
// stay in the plan) when the sum of its cells' errors is below span's error, reporting its
// estimated error (smaller: see winding_integral.cpp). Refines until the error is below
// `tolerance` or the work would pass `budget` solid angles; `length` scales the error's first
// and second moments (SpanningCaps::error).
void closeByIntegral(const std::vector<WeightedTriangle>& caps, const std::vector<std::size_t>& groups,
                     const std::vector<std::uint8_t>& curved, double length, double tolerance, double budget,
                     SpanningCaps& span);

}  // namespace detail
}  // namespace massprops
