// Gauss-Legendre quadrature for the native tests' independent integrals.
#pragma once

#include <cmath>
#include <vector>

namespace testquad {

struct Rule {
    std::vector<double> x, w;
};

// n-point rule on [0, 1]: nodes are the roots of the Legendre polynomial P_n, found by Newton's
// method from the usual cosine guesses; on [-1, 1] the weights are 2 / ((1 - x^2) P_n'(x)^2).
inline Rule gaussLegendre(int n) {
    const double pi = std::acos(-1.0);
    auto legendre = [n](double x, double& p, double& dp) {
        double p0 = 1, p1 = x;
        for (int k = 2; k <= n; ++k) {
            const double p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
            p0 = p1;
            p1 = p2;
        }
        p = p1;
        dp = n * (x * p1 - p0) / (x * x - 1);
    };
    Rule rule;
    for (int i = 0; i < n; ++i) {
        double x = std::cos(pi * (i + 0.75) / (n + 0.5)), p = 0, dp = 1;
        for (int iteration = 0; iteration < 100; ++iteration) {
            legendre(x, p, dp);
            const double step = p / dp;
            x -= step;
            if (std::abs(step) < 1e-17) break;
        }
        legendre(x, p, dp);
        rule.x.push_back((1 + x) / 2);
        rule.w.push_back(1 / ((1 - x * x) * dp * dp));  // 2 / (...), halved for [0, 1]
    }
    return rule;
}

}  // namespace testquad
