// The caps' winding number summed as the argument of a product of complex numbers (one atan2 a
// loop, the half-turns counted) against the sum of each triangle's own solid angle, written here:
// on a cone whose inside sees more than half the sphere (so the product passes the negative real
// axis), from points around it, at lengths near the ends of the double range.
#include "winding_field.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace massprops;
using massprops::detail::Field;
using massprops::detail::WeightedTriangle;

namespace {

constexpr double kPi = 3.14159265358979323846;

// Van Oosterom and Strackee's solid angle of (a, b, c) seen from the origin, over 4 pi.
double share(const Vec3& a, const Vec3& b, const Vec3& c) {
    auto dot = [](const Vec3& x, const Vec3& y) { return x[0] * y[0] + x[1] * y[1] + x[2] * y[2]; };
    const Vec3 bc{b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2], b[0] * c[1] - b[1] * c[0]};
    const double la = std::sqrt(dot(a, a)), lb = std::sqrt(dot(b, b)), lc = std::sqrt(dot(c, c));
    return 2 * std::atan2(dot(a, bc), la * lb * lc + dot(a, b) * lc + dot(b, c) * la + dot(c, a) * lb) / (4 * kPi);
}

// A fan as the repair builds it (triangle i's a is triangle i + 1's b, one apex): a wavy loop of
// `sides` corners at height `height` and radius 0.3 around the z axis, its apex at the origin.
std::vector<WeightedTriangle> cone(int sides, double height, double scale, double weight) {
    std::vector<Vec3> loop;
    for (int i = 0; i < sides; ++i) {
        const double t = 2 * kPi * i / sides;
        loop.push_back(
            {scale * 0.3 * std::cos(t), scale * 0.3 * std::sin(t), scale * (height + 0.1 * std::sin(5 * t))});
    }
    std::vector<WeightedTriangle> caps;
    for (int i = 0; i < sides; ++i) caps.push_back({loop[(i + 1) % sides], loop[i], {0, 0, 0}, weight});
    return caps;
}

double bruteForce(const std::vector<WeightedTriangle>& caps, const Vec3& p) {
    double w = 0;
    for (const WeightedTriangle& t : caps) {
        const Vec3 a{t.a[0] - p[0], t.a[1] - p[1], t.a[2] - p[2]}, b{t.b[0] - p[0], t.b[1] - p[1], t.b[2] - p[2]},
            c{t.c[0] - p[0], t.c[1] - p[1], t.c[2] - p[2]};
        w += t.weight * share(a, b, c);
    }
    return w;
}

}  // namespace

TEST(WindingField, ProductOfTermsIsTheSumOfSolidAngles) {
    for (double scale : {1.0, 1e-90, 1e90}) {
        for (double weight : {1.0, -1.0}) {
            const std::vector<WeightedTriangle> caps = cone(200, 1, scale, weight);
            const std::vector<std::size_t> groups{0, caps.size()};
            const Field angles(caps, groups), products(caps, groups, Field::Sum::Products);
            double largest = 0;
            for (int i = 0; i < 400; ++i) {
                // Along the axis inside the cone (|w| up to 0.9), and around it, near the loop.
                const double s = i / 400.0;
                const Vec3 p = i % 2 == 0 ? Vec3{0.01 * std::sin(i), 0.02 * std::cos(i), 1.4 * s - 0.2}
                                          : Vec3{0.6 * std::cos(7 * s) * s, 0.6 * std::sin(7 * s), 1.3 * s};
                const Vec3 at{scale * p[0], scale * p[1], scale * p[2]};
                Vec3 g1, g2;
                const double want = bruteForce(caps, at);
                largest = std::max(largest, std::abs(want));
                EXPECT_NEAR(products.value(at, g2), want, 1e-12) << "scale " << scale << ", point " << i;
                EXPECT_NEAR(angles.value(at, g1), want, 1e-12) << "scale " << scale << ", point " << i;
                for (int k = 0; k < 3; ++k) EXPECT_EQ(g1[k], g2[k]);  // the gradient is summed the same way
            }
            EXPECT_GT(largest, 0.75);  // the product went past the negative real axis
        }
    }
}
