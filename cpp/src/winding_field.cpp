// The caps' winding number and its gradient (see winding_field.h), out of line: one copy for its
// two users.
#include "winding_field.h"

#include <algorithm>
#include <cmath>

namespace massprops {
namespace detail {

namespace {

constexpr double kPi = 3.14159265358979323846;

}  // namespace

Field::Field(const std::vector<WeightedTriangle>& caps, const std::vector<std::size_t>& groups, Sum sum) : sum_(sum) {
    for (std::size_t g = 0; g + 1 < groups.size(); ++g) {
        const std::size_t first = groups[g], last = groups[g + 1];
        if (first == last || caps[first].weight == 0) continue;
        bool fan = true;
        for (std::size_t i = first; i < last && fan; ++i) {
            const WeightedTriangle& next = caps[i + 1 < last ? i + 1 : first];
            fan = caps[i].a == next.b && caps[i].c == caps[first].c && caps[i].weight == caps[first].weight;
        }
        if (!fan) {
            other_.insert(other_.end(), caps.begin() + static_cast<std::ptrdiff_t>(first),
                          caps.begin() + static_cast<std::ptrdiff_t>(last));
            continue;
        }
        loops_.push_back({points_.size(), points_.size() + (last - first), caps[first].c, caps[first].weight});
        for (std::size_t i = first; i < last; ++i) points_.push_back(caps[i].b);
    }
    r_.resize(points_.size());
    l_.resize(points_.size());
    d_.resize(points_.size());
}

double Field::value(const Vec3& p, Vec3& gradient) const {
    double total = 0;
    Vec3 g{0, 0, 0};
    for (const Loop& loop : loops_) {
        const Vec3 c = sub(loop.apex, p);
        const double lc = norm(c);
        for (std::size_t i = loop.first; i < loop.last; ++i) {
            r_[i] = sub(points_[i], p);
            l_[i] = norm(r_[i]);
            d_[i] = dot(r_[i], c);
        }
        double sum = 0;
        // The product re + i im of the terms (denominator + i numerator) so far, whose argument is
        // the sum of their atan2s less 2 pi `turns`. Each atan2 lies in (-pi, pi), so multiplying
        // by one crosses the negative real axis exactly when it turns counterclockwise from the
        // upper half-plane into the lower (or back, clockwise).
        double re = 1, im = 0;
        int turns = 0;
        Vec3 edges{0, 0, 0};
        for (std::size_t i = loop.first; i < loop.last; ++i) {
            const std::size_t j = i + 1 < loop.last ? i + 1 : loop.first;  // a = r_j, b = r_i
            const Vec3 ab = cross(r_[j], r_[i]);
            const double la = l_[j], lb = l_[i], ab2 = dot(r_[j], r_[i]);
            const double numerator = dot(ab, c);
            if (numerator != 0) {
                const double denominator = la * lb * lc + ab2 * lc + d_[i] * la + d_[j] * lb;
                if (sum_ == Sum::Angles) {
                    sum += std::atan2(numerator, denominator);
                } else {
                    // Kept within [1e-100, 1e100] (a term is about a length cubed), so that no
                    // product overflows or underflows: rescaling changes no argument.
                    double x = denominator, y = numerator;
                    const double size = std::max(std::abs(x), std::abs(y));
                    if (!(size > 1e-100 && size < 1e100)) x /= size, y /= size;
                    const double nextRe = re * x - im * y, nextIm = re * y + im * x;
                    turns += (y > 0 && im >= 0 && nextIm < 0) - (y < 0 && im < 0 && nextIm >= 0);
                    re = nextRe, im = nextIm;
                    const double largest = std::max(std::abs(re), std::abs(im));
                    if (!(largest > 1e-100 && largest < 1e100)) re /= largest, im /= largest;
                }
            }
            const double q = la * lb * (la * lb + ab2);
            if (q > 0) edges = add(edges, scale(ab, (la + lb) / q));
        }
        // (im + 0.0 turns -0 into +0: on the negative real axis the count above took the argument as pi.)
        if (sum_ == Sum::Products) sum = std::atan2(im + 0.0, re) + 2 * kPi * turns;
        total += loop.weight * 2 * sum;
        g = add(g, scale(edges, loop.weight));
    }
    for (const WeightedTriangle& t : other_) {
        const Vec3 a = sub(t.a, p), b = sub(t.b, p), c = sub(t.c, p);
        const double la = norm(a), lb = norm(b), lc = norm(c);
        const Vec3 ab = cross(a, b);
        const double numerator = dot(ab, c);
        if (numerator != 0) {
            const double denominator = la * lb * lc + dot(a, b) * lc + dot(b, c) * la + dot(c, a) * lb;
            total += t.weight * 2 * std::atan2(numerator, denominator);
        }
        // The edge a -> b seen from p: d(omega)/dp = (a x b)(|a| + |b|) / (|a||b|(|a||b| + a.b)).
        const double q = la * lb * (la * lb + dot(a, b));
        if (q > 0) g = add(g, scale(ab, t.weight * (la + lb) / q));
    }
    gradient = scale(g, 1 / (4 * kPi));
    return total / (4 * kPi);
}

}  // namespace detail
}  // namespace massprops
