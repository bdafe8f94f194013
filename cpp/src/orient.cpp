// The exact branch of orient3d: every difference, product and sum kept as a nonoverlapping
// expansion (a sum of doubles, smallest first), whose largest term carries the sign.
#include "orient.h"

#include <algorithm>
#include <cmath>

#include "determinant.h"
#include "linalg.h"

namespace massprops {
namespace detail {

namespace {

// Expansions of a fixed capacity, sized for what each holds: no allocation on the exact path.
template <int N>
struct Expansion {
    double v[N];
    int n = 0;
    void push(double x) { v[n++] = x; }
    double top() const { return v[n - 1]; }
};

// e += b (Shewchuk's GROW-EXPANSION with zero elimination; each output term lands at or before
// the input term it came from, so it can overwrite e).
template <int N>
void grow(Expansion<N>& e, double b) {
    double q = b;
    int out = 0;
    for (int i = 0; i < e.n; ++i) {
        double s, err;
        twoSum(q, e.v[i], s, err);
        if (err != 0) e.v[out++] = err;
        q = s;
    }
    if (q != 0 || out == 0) e.v[out++] = q;
    e.n = out;
}

template <int N, int M>
void add(Expansion<N>& e, const Expansion<M>& f) {
    for (int i = 0; i < f.n; ++i) grow(e, f.v[i]);
}

template <int N>
Expansion<N> zero() {
    Expansion<N> e;
    e.push(0);
    return e;
}

// e * b (SCALE-EXPANSION with zero elimination).
template <int N>
Expansion<2 * N> scaleBy(const Expansion<N>& e, double b) {
    Expansion<2 * N> h;
    const Split bs(b);
    double q = 0;
    for (int i = 0; i < e.n; ++i) {
        double p, perr;
        twoProduct(e.v[i], Split(e.v[i]), b, bs, p, perr);
        if (i == 0) {
            if (perr != 0) h.push(perr);
            q = p;
            continue;
        }
        double s, err;
        twoSum(q, perr, s, err);
        if (err != 0) h.push(err);
        twoSum(p, s, q, err);
        if (err != 0) h.push(err);
    }
    if (q != 0 || h.n == 0) h.push(q);
    return h;
}

template <int N, int M>
Expansion<2 * N * M> product(const Expansion<N>& e, const Expansion<M>& f) {
    Expansion<2 * N* M> total = zero<2 * N * M>();
    for (int i = 0; i < f.n; ++i) add(total, scaleBy(e, f.v[i]));
    return total;
}

Expansion<2> difference(double x, double y) {
    double s, err;
    twoSum(x, -y, s, err);
    Expansion<2> e;
    if (err != 0) e.push(err);
    e.push(s);
    return e;
}

template <int N>
void negate(Expansion<N>& e) {
    for (int i = 0; i < e.n; ++i) e.v[i] = -e.v[i];
}

template <int N>
int signOf(const Expansion<N>& e) {
    return e.top() > 0 ? 1 : e.top() < 0 ? -1 : 0;
}

// det[b - a, c - a, d - a], exactly.
Expansion<192> orientation(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    Expansion<2> u[3], v[3], w[3];
    for (int k = 0; k < 3; ++k) {
        u[k] = difference(b[k], a[k]);
        v[k] = difference(c[k], a[k]);
        w[k] = difference(d[k], a[k]);
    }
    Expansion<192> det = zero<192>();
    for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        Expansion<16> minor = zero<16>();
        add(minor, product(v[j], w[k]));
        Expansion<8> other = product(v[k], w[j]);
        negate(other);
        add(minor, other);
        add(det, product(u[i], minor));
    }
    return det;
}

// The sign of (b_i - a_i)(c_j - a_j) - (b_j - a_j)(c_i - a_i): the orientation of the
// triangle's shadow on the plane of axes i and j.
int shadowSign(const Vec3& a, const Vec3& b, const Vec3& c, int i, int j) {
    const double plain = (b[i] - a[i]) * (c[j] - a[j]) - (b[j] - a[j]) * (c[i] - a[i]);
    const double bound = 1e-15 * (std::abs((b[i] - a[i]) * (c[j] - a[j])) + std::abs((b[j] - a[j]) * (c[i] - a[i])));
    if (plain > bound) return 1;
    if (plain < -bound) return -1;
    Expansion<16> det = zero<16>();
    add(det, product(difference(b[i], a[i]), difference(c[j], a[j])));
    Expansion<8> other = product(difference(b[j], a[j]), difference(c[i], a[i]));
    negate(other);
    add(det, other);
    return signOf(det);
}

}  // namespace

bool collinear(const Vec3& a, const Vec3& b, const Vec3& c) {
    return shadowSign(a, b, c, 0, 1) == 0 && shadowSign(a, b, c, 1, 2) == 0 && shadowSign(a, b, c, 2, 0) == 0;
}

int orientExact(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) { return signOf(orientation(a, b, c, d)); }

WeightedPoint weightedPoint(const Vec3& a, const Vec3& b, const Vec3& c, double wa, double wb, double wc) {
    WeightedPoint p{{a, b, c}, {wa, wb, wc}, {0, 0, 0}, 0};
    const double total = wa + wb + wc;
    double largest = 0;
    for (int k = 0; k < 3; ++k) {
        p.approx[k] = (wa * a[k] + wb * b[k] + wc * c[k]) / total;
        largest = std::max({largest, std::abs(a[k]), std::abs(b[k]), std::abs(c[k])});
    }
    p.slack = 1e-14 * largest;  // a few roundings of the largest coordinate, with room to spare
    return p;
}

int orient3d(const Vec3& a, const Vec3& b, const Vec3& c, const WeightedPoint& p) {
    // The orientation is affine in the last point: at the rounded point, widened by how far the
    // normal can carry the rounding, or else the weighted sum of the corners' exact orientations.
    const Vec3 u = sub(b, a), v = sub(c, a);
    const Vec3 n = cross(u, v);
    const double reach = std::abs(n[0]) + std::abs(n[1]) + std::abs(n[2]);
    const double det = dot(n, sub(p.approx, a));
    const Vec3 w = sub(p.approx, a);
    const double permanent = std::abs(u[0]) * (std::abs(v[1] * w[2]) + std::abs(v[2] * w[1])) +
                             std::abs(u[1]) * (std::abs(v[2] * w[0]) + std::abs(v[0] * w[2])) +
                             std::abs(u[2]) * (std::abs(v[0] * w[1]) + std::abs(v[1] * w[0]));
    const double bound = 2e-15 * permanent + 2 * reach * p.slack;
    if (det > bound) return 1;
    if (det < -bound) return -1;
    Expansion<3 * 384> total = zero<3 * 384>();
    for (int k = 0; k < 3; ++k)
        if (p.w[k] != 0) add(total, scaleBy(orientation(a, b, c, p.v[k]), p.w[k]));
    return signOf(total);
}

}  // namespace detail
}  // namespace massprops
