// The exact branch of orient3d: every difference, product and sum kept as a nonoverlapping
// expansion (a sum of doubles, smallest first), whose largest term carries the sign.
#include "orient.h"

#include <vector>

#include "determinant.h"

namespace massprops {
namespace detail {

namespace {

using Expansion = std::vector<double>;

// e + b (Shewchuk's GROW-EXPANSION with zero elimination).
Expansion grow(const Expansion& e, double b) {
    Expansion h;
    h.reserve(e.size() + 1);
    double q = b;
    for (double x : e) {
        double s, err;
        twoSum(q, x, s, err);
        if (err != 0) h.push_back(err);
        q = s;
    }
    if (q != 0 || h.empty()) h.push_back(q);
    return h;
}

Expansion sum(Expansion e, const Expansion& f) {
    for (double x : f) e = grow(e, x);
    return e;
}

// e * b (SCALE-EXPANSION with zero elimination).
Expansion scaleBy(const Expansion& e, double b) {
    Expansion h;
    h.reserve(2 * e.size());
    const Split bs(b);
    double q = 0;
    for (std::size_t i = 0; i < e.size(); ++i) {
        double p, perr;
        twoProduct(e[i], Split(e[i]), b, bs, p, perr);
        if (i == 0) {
            if (perr != 0) h.push_back(perr);
            q = p;
            continue;
        }
        double s, err;
        twoSum(q, perr, s, err);
        if (err != 0) h.push_back(err);
        twoSum(p, s, q, err);
        if (err != 0) h.push_back(err);
    }
    if (q != 0 || h.empty()) h.push_back(q);
    return h;
}

Expansion product(const Expansion& e, const Expansion& f) {
    Expansion total{0};
    for (double x : f) total = sum(total, scaleBy(e, x));
    return total;
}

Expansion difference(double x, double y) {
    double s, err;
    twoSum(x, -y, s, err);
    return err != 0 ? Expansion{err, s} : Expansion{s};
}

Expansion negated(Expansion e) {
    for (double& x : e) x = -x;
    return e;
}

// The sign of (b_i - a_i)(c_j - a_j) - (b_j - a_j)(c_i - a_i): the orientation of the
// triangle's shadow on the plane of axes i and j.
int shadowSign(const Vec3& a, const Vec3& b, const Vec3& c, int i, int j) {
    const double plain = (b[i] - a[i]) * (c[j] - a[j]) - (b[j] - a[j]) * (c[i] - a[i]);
    const double bound = 1e-15 * (std::abs((b[i] - a[i]) * (c[j] - a[j])) + std::abs((b[j] - a[j]) * (c[i] - a[i])));
    if (plain > bound) return 1;
    if (plain < -bound) return -1;
    const Expansion det = sum(product(difference(b[i], a[i]), difference(c[j], a[j])),
                              negated(product(difference(b[j], a[j]), difference(c[i], a[i]))));
    return det.back() > 0 ? 1 : det.back() < 0 ? -1 : 0;
}

}  // namespace

bool collinear(const Vec3& a, const Vec3& b, const Vec3& c) {
    return shadowSign(a, b, c, 0, 1) == 0 && shadowSign(a, b, c, 1, 2) == 0 && shadowSign(a, b, c, 2, 0) == 0;
}

int orientExact(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    Expansion u[3], v[3], w[3];
    for (int k = 0; k < 3; ++k) {
        u[k] = difference(b[k], a[k]);
        v[k] = difference(c[k], a[k]);
        w[k] = difference(d[k], a[k]);
    }
    Expansion det{0};
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        const Expansion minor = sum(product(v[j], w[k]), negated(product(v[k], w[j])));
        det = sum(det, product(u[i], minor));
    }
    const double top = det.back();
    return top > 0 ? 1 : top < 0 ? -1 : 0;
}

}  // namespace detail
}  // namespace massprops
