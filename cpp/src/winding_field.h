// The caps' winding number w_C and its gradient, evaluated at many points: by the spanning caps
// (winding_correction.cpp) and by the integral of round(w_C) (winding_integral.cpp).
#pragma once

#include <cstddef>
#include <vector>

#include "linalg.h"
#include "winding_correction.h"

namespace massprops {
namespace detail {

// w_C and its gradient: w_C sums the caps' solid angles, its gradient only the loops' edges
// (the fans' inner edges cancel), both over 4 pi. A fan as buildCaps makes it (triangle i's a
// is triangle i + 1's b, one apex) is evaluated per loop, each corner's distance found once.
class Field {
public:
    // How a loop's solid angles are added: each by its own atan2, or (Products) as the argument
    // of the product of the complex numbers whose arguments they are, with the half-turns counted,
    // one atan2 a loop: the same up to rounding and natively 1.6 times faster; the integral of
    // round(w_C) uses it, the spanning caps keep the digits they had.
    enum class Sum { Angles, Products };
    Field(const std::vector<WeightedTriangle>& caps, const std::vector<std::size_t>& groups, Sum sum = Sum::Angles);
    // w_C at p, and its gradient.
    double value(const Vec3& p, Vec3& gradient) const;

private:
    struct Loop {
        std::size_t first, last;  // points_[first .. last): the corners, triangle i being (i + 1, i, apex)
        Vec3 apex;
        double weight;
    };
    std::vector<Vec3> points_;
    std::vector<Loop> loops_;
    std::vector<WeightedTriangle> other_;
    Sum sum_;
    mutable std::vector<Vec3> r_;  // per evaluation: the corners seen from p, their distances, r . c
    mutable std::vector<double> l_, d_;
};

}  // namespace detail
}  // namespace massprops
