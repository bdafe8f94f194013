#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "mass_properties/mass_properties.h"
#include "test_meshes.h"

using massprops::Quat;
using massprops::RestingPose;
using massprops::Status;
using massprops::Vec3;

namespace {

const double kPi = std::acos(-1.0);

Vec3 sub(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Vec3 addv(const Vec3& a, const Vec3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
Vec3 mul(const Vec3& a, double s) { return {a[0] * s, a[1] * s, a[2] * s}; }
double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Vec3 unit(const Vec3& a) { return mul(a, 1 / std::sqrt(dot(a, a))); }

// v rotated by the unit quaternion q = [x, y, z, w]: v + 2 w (q x v) + 2 q x (q x v).
Vec3 rotated(const Quat& q, const Vec3& v) {
    const Vec3 axis{q[0], q[1], q[2]};
    const Vec3 t = mul(cross(axis, v), 2);
    return addv(addv(v, mul(t, q[3])), cross(axis, t));
}

std::vector<RestingPose> posesOf(const testmesh::Mesh& mesh, const Vec3& com) {
    const auto out = massprops::restingPoses(mesh.view(), com);
    EXPECT_EQ(out.status, Status::Ok) << out.message;
    return out.value;
}

// The pose resting on the face with this outward normal (in the body's frame), or null.
const RestingPose* poseWithNormal(const std::vector<RestingPose>& poses, const Vec3& n) {
    for (const RestingPose& p : poses)
        if (dot(p.normal, unit(n)) > 1 - 1e-9) return &p;
    return nullptr;
}

double sumOf(const std::vector<RestingPose>& poses) {
    double s = 0;
    for (const RestingPose& p : poses) s += p.probability;
    return s;
}

// The solid angle of a rectangle with half-sides a, b seen from distance c on its axis.
double rectangleSolidAngle(double a, double b, double c) {
    return 4 * std::asin(a * b / std::sqrt((a * a + c * c) * (b * b + c * c)));
}

testmesh::Mesh points(const std::vector<Vec3>& ps) {
    // Only the vertices matter: a triangle fan over them references each one.
    testmesh::Mesh m;
    for (const Vec3& p : ps) m.positions.insert(m.positions.end(), p.begin(), p.end());
    for (std::uint32_t i = 0; i + 2 < ps.size(); ++i) m.indices.insert(m.indices.end(), {0, i + 1, i + 2});
    return m;
}

// A closed prism of n sides around Y: radius r, half-height a.
testmesh::Mesh prism(int n, double r, double a) {
    std::vector<Vec3> ps;
    for (int i = 0; i < n; ++i) {
        const double t = 2 * kPi * i / n;
        ps.push_back({r * std::cos(t), -a, r * std::sin(t)});
        ps.push_back({r * std::cos(t), a, r * std::sin(t)});
    }
    return points(ps);
}

TEST(RestingPoses, BoxLandsOnEachFaceWithItsSolidAngleSeenFromTheCenter) {
    const double a = 1, b = 2, c = 3;  // half-sizes along x, y, z
    const auto poses = posesOf(testmesh::box({-a, -b, -c}, {a, b, c}), {0, 0, 0});
    ASSERT_EQ(poses.size(), 6u);
    const struct {
        Vec3 normal;
        double omega;
    } expected[] = {{{1, 0, 0}, rectangleSolidAngle(b, c, a)},
                    {{0, 1, 0}, rectangleSolidAngle(a, c, b)},
                    {{0, 0, 1}, rectangleSolidAngle(a, b, c)}};
    for (const auto& e : expected)
        for (double sign : {1.0, -1.0}) {
            const RestingPose* p = poseWithNormal(poses, mul(e.normal, sign));
            ASSERT_NE(p, nullptr);
            EXPECT_NEAR(p->probability, e.omega / (4 * kPi), 1e-14);
        }
    EXPECT_NEAR(sumOf(poses), 1, 1e-14);
}

TEST(RestingPoses, FairCubeLandsOnEachFaceOneSixth) {
    const auto poses = posesOf(testmesh::box({-1, -1, -1}, {1, 1, 1}), {0, 0, 0});
    ASSERT_EQ(poses.size(), 6u);
    for (const RestingPose& p : poses) EXPECT_NEAR(p.probability, 1.0 / 6, 1e-14);
}

// Tipping over the nearer edge of a box resting on its face z = -c: the center of mass passes
// above that edge after a turn of atan(min(a, b) / c).
TEST(RestingPoses, BoxTippingAnglesAndHeightsInClosedForm) {
    const double a = 1, b = 2, c = 3;
    const auto poses = posesOf(testmesh::box({-a, -b, -c}, {a, b, c}), {0, 0, 0});
    const RestingPose* p = poseWithNormal(poses, {0, 0, -1});
    ASSERT_NE(p, nullptr);
    EXPECT_NEAR(p->centerOfMassHeight, c, 1e-14);
    EXPECT_NEAR(p->supportMargin, a, 1e-14);
    EXPECT_NEAR(p->tippingAngle, std::atan(a / c), 1e-14);
    EXPECT_NEAR(std::fabs(p->tippingEdge[0][0]), a, 1e-14);  // an edge along y at x = +-a
    EXPECT_NEAR(p->tippingEdge[0][0], p->tippingEdge[1][0], 1e-14);
    const RestingPose* q = poseWithNormal(poses, {1, 0, 0});
    ASSERT_NE(q, nullptr);
    EXPECT_NEAR(q->tippingAngle, std::atan(b / a), 1e-14);
}

// The pose sets the body down: the face on y = 0, everything above, the center of mass over the origin.
TEST(RestingPoses, PoseSetsTheFaceOnTheFloor) {
    const auto mesh = testmesh::box({0, 1, 2}, {2, 5, 3});
    const Vec3 com{0.7, 2.2, 2.6};
    for (const RestingPose& p : posesOf(mesh, com)) {
        const Vec3 placedCom = addv(rotated(p.rotation, com), p.position);
        EXPECT_NEAR(placedCom[0], 0, 1e-12);
        EXPECT_NEAR(placedCom[1], p.centerOfMassHeight, 1e-12);
        EXPECT_NEAR(placedCom[2], 0, 1e-12);
        const Vec3 down = rotated(p.rotation, p.normal);
        EXPECT_NEAR(down[1], -1, 1e-12);
        double lowest = INFINITY;
        for (std::size_t i = 0; i < mesh.positions.size(); i += 3) {
            const Vec3 v{mesh.positions[i], mesh.positions[i + 1], mesh.positions[i + 2]};
            lowest = std::min(lowest, addv(rotated(p.rotation, v), p.position)[1]);
        }
        EXPECT_NEAR(lowest, 0, 1e-12);
        ASSERT_EQ(p.supportPolygon.size(), 4u);
        double area2 = 0;  // counter-clockwise seen from above (+Y): positive z x x area
        for (std::size_t i = 0; i < 4; ++i) {
            const Vec3 &s = p.supportPolygon[i], &t = p.supportPolygon[(i + 1) % 4];
            area2 += s[2] * t[0] - s[0] * t[2];
        }
        EXPECT_GT(area2, 0);
    }
}

// A thick coin: a cylinder of radius r and half-height a with its center of mass at the center.
// By symmetry the direction d rolls along its meridian, at angle theta from the axis, where the
// height of the center of mass is h(theta) = a cos(theta) + r sin(theta) (touching at the rim
// circle). h' = 0 at tan(theta*) = r / a: nearer the axis it falls onto the flat face, farther onto
// the rim. The two polar caps theta < theta* cover 2 * 2 pi (1 - cos theta*), so
// P(flat) = 1 - a / sqrt(a^2 + r^2) and P(rim) = a / sqrt(a^2 + r^2). The n-sided prism converges
// to it as 1/n^2.
TEST(RestingPoses, ThickCoinLandsOnItsRimWithTheClosedForm) {
    const double r = 1, a = 0.4;
    const int n = 720;
    const auto poses = posesOf(prism(n, r, a), {0, 0, 0});
    ASSERT_EQ(poses.size(), static_cast<std::size_t>(n + 2));
    double flat = 0, rim = 0;
    for (const RestingPose& p : poses) (std::fabs(p.normal[1]) > 0.5 ? flat : rim) += p.probability;
    EXPECT_NEAR(rim, a / std::hypot(a, r), 2e-5);
    EXPECT_NEAR(flat, 1 - a / std::hypot(a, r), 2e-5);
    EXPECT_NEAR(flat + rim, 1, 1e-12);
}

// --- an independent Monte Carlo of the quasi-static model --------------------------------------
// Drop in a uniformly random orientation (d: the way down, in the body's frame), touch at the
// lowest vertex, then roll step by step: about a vertex until a second one touches, about an edge
// until a third one does, and on a face either rest or tip over the edge or corner nearest to the
// foot of the center of mass. Each step turns d along a great circle in the direction in which
// the center of mass goes down, and finds the next contact among all vertices.
class Drop {
public:
    Drop(std::vector<Vec3> ps, const Vec3& com) {
        for (const Vec3& p : ps) v_.push_back(sub(p, com));
    }

    // The outward normal of the face it comes to rest on.
    Vec3 roll(Vec3 d) const {
        std::size_t a = lowest(d), b = kNone;  // touching at vertex a, or along edge ab
        for (int step = 0; step < 1000; ++step) {
            if (b == kNone) {  // about vertex a: d turns away from a until a second vertex touches
                const Vec3 u = unit(v_[a]);
                d = turn(d, unit(mul(sub(u, mul(d, dot(u, d))), -1)), a, a, b);
                continue;
            }
            // Along edge ab: pivots on it if the foot of c on its line lies between a and b, else on an end.
            const Vec3 e = sub(v_[b], v_[a]);
            const double t = -dot(v_[a], e) / dot(e, e);
            if (t <= 0 || t >= 1) {
                a = t <= 0 ? a : b;
                b = kNone;
                continue;
            }
            Vec3 tau = unit(cross(e, d));
            if (dot(addv(v_[a], mul(e, t)), tau) > 0) tau = mul(tau, -1);  // the way c goes down
            std::size_t third;
            d = turn(d, tau, a, b, third);
            const Face face = faceAlong(d);
            if (face.stable) return face.normal;
            a = face.a, b = face.b, d = face.normal;  // tips over edge ab or corner a
        }
        ADD_FAILURE() << "did not come to rest";
        return d;
    }

private:
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    struct Face {
        bool stable = false;
        Vec3 normal;
        std::size_t a = kNone, b = kNone;  // what it tips over: edge ab, or vertex a (b none)
    };

    std::size_t lowest(const Vec3& d) const {
        std::size_t best = 0;
        for (std::size_t i = 1; i < v_.size(); ++i)
            if (dot(v_[i], d) > dot(v_[best], d)) best = i;
        return best;
    }

    // Turns d towards tau about the contact (vertex p, or edge pq) until another vertex touches.
    Vec3 turn(const Vec3& d, const Vec3& tau, std::size_t p, std::size_t q, std::size_t& hit) const {
        double best = INFINITY;
        hit = kNone;
        for (std::size_t i = 0; i < v_.size(); ++i) {
            if (i == p || i == q) continue;
            const Vec3 w = sub(v_[i], v_[p]);
            const double A = dot(w, d), B = dot(w, tau);
            if (A > 1e-12) continue;
            const double theta = std::atan2(-A, B);
            if (theta > 1e-12 && theta < best) best = theta, hit = i;
        }
        return addv(mul(d, std::cos(best)), mul(tau, std::sin(best)));
    }

    // The face touching the floor along d, and whether the foot of c lies inside it.
    Face faceAlong(const Vec3& d) const {
        double h = -INFINITY;
        for (const Vec3& p : v_) h = std::max(h, dot(p, d));
        std::vector<std::size_t> on;
        for (std::size_t i = 0; i < v_.size(); ++i)
            if (dot(v_[i], d) > h - 1e-9) on.push_back(i);
        // Its exact normal, from three of its vertices.
        Vec3 n = unit(cross(sub(v_[on[1]], v_[on[0]]), sub(v_[on[2]], v_[on[0]])));
        if (dot(n, d) < 0) n = mul(n, -1);
        const double hn = dot(v_[on[0]], n);
        const Vec3 foot = mul(n, hn);
        // The face's boundary: pairs of its vertices with all the others on one side.
        Face face;
        face.normal = n;
        face.stable = true;
        double nearest = INFINITY;
        for (std::size_t i : on)
            for (std::size_t j : on) {
                if (i == j) continue;
                const Vec3 e = sub(v_[j], v_[i]);
                bool boundary = true;
                for (std::size_t k : on)
                    if (k != i && k != j && dot(cross(e, sub(v_[k], v_[i])), n) < -1e-12) boundary = false;
                if (!boundary) continue;  // now every other vertex lies left of i -> j
                const double side = dot(cross(e, sub(foot, v_[i])), n);
                if (side < 0) face.stable = false;
                const double t = dot(sub(foot, v_[i]), e) / dot(e, e);
                const double s = std::min(1.0, std::max(0.0, t));
                const double dist =
                    std::sqrt(dot(sub(foot, addv(v_[i], mul(e, s))), sub(foot, addv(v_[i], mul(e, s)))));
                if (dist < nearest) {
                    nearest = dist;
                    if (t <= 0 || t >= 1)
                        face.a = t <= 0 ? i : j, face.b = kNone;
                    else
                        face.a = i, face.b = j;
                }
            }
        return face;
    }

    std::vector<Vec3> v_;
};

Vec3 randomDirection(std::mt19937_64& rng) {
    std::normal_distribution<double> g;
    return unit(Vec3{g(rng), g(rng), g(rng)});
}

// Compares every pose's probability with the share of n simulated drops, within 4.5 standard
// errors, and checks that every simulated drop ended on a listed pose.
void expectMonteCarloAgrees(const std::vector<Vec3>& ps, const Vec3& com, int n, std::uint64_t seed) {
    const auto poses = posesOf(points(ps), com);
    ASSERT_FALSE(poses.empty());
    EXPECT_NEAR(sumOf(poses), 1, 1e-12);
    std::vector<int> counts(poses.size(), 0);
    const Drop drop(ps, com);
    std::mt19937_64 rng(seed);
    int unlisted = 0;
    for (int i = 0; i < n; ++i) {
        const Vec3 n0 = drop.roll(randomDirection(rng));
        std::size_t k = 0;
        while (k < poses.size() && dot(poses[k].normal, n0) < 1 - 1e-7) ++k;
        if (k == poses.size())
            ++unlisted;
        else
            ++counts[k];
    }
    EXPECT_EQ(unlisted, 0);
    for (std::size_t k = 0; k < poses.size(); ++k) {
        const double p = poses[k].probability;
        const double sigma = std::sqrt(p * (1 - p) / n);
        EXPECT_NEAR(counts[k] / double(n), p, 4.5 * sigma + 1e-12) << "pose " << k;
    }
}

TEST(RestingPoses, WeightedDieAgreesWithMonteCarlo) {
    std::vector<Vec3> cube;
    for (int i = 0; i < 8; ++i) cube.push_back({i & 1 ? 1.0 : -1.0, i & 2 ? 1.0 : -1.0, i & 4 ? 1.0 : -1.0});
    expectMonteCarloAgrees(cube, {0.45, -0.3, 0.2}, 100000, 1);
}

// A lopsided polytope with faces that cannot hold it: drops tip over edges and corners on the way.
TEST(RestingPoses, LopsidedPolytopeAgreesWithMonteCarlo) {
    std::mt19937_64 rng(7);
    std::vector<Vec3> ps;
    std::uniform_real_distribution<double> u(-1, 1);
    for (int i = 0; i < 14; ++i) ps.push_back({2.5 * u(rng), u(rng), 0.6 * u(rng)});
    expectMonteCarloAgrees(ps, {0.5, 0.1, 0.05}, 100000, 2);
}

TEST(RestingPoses, InvariantUnderMovingTheBody) {
    std::mt19937_64 rng(11);
    std::vector<Vec3> ps;
    std::uniform_real_distribution<double> u(-1, 1);
    for (int i = 0; i < 30; ++i) ps.push_back({2 * u(rng), u(rng), 0.7 * u(rng)});
    const Vec3 com{0.3, 0.1, -0.05};
    const auto before = posesOf(points(ps), com);
    const Quat q{0.3 / std::sqrt(1.38), 0.5 / std::sqrt(1.38), -0.2 / std::sqrt(1.38), 1.0 / std::sqrt(1.38)};
    const Vec3 shift{10, -3, 7};
    std::vector<Vec3> moved;
    for (const Vec3& p : ps) moved.push_back(addv(rotated(q, p), shift));
    const auto after = posesOf(points(moved), addv(rotated(q, com), shift));
    ASSERT_EQ(before.size(), after.size());
    for (const RestingPose& p : before) {
        const RestingPose* moved = poseWithNormal(after, rotated(q, p.normal));
        ASSERT_NE(moved, nullptr);
        EXPECT_NEAR(p.probability, moved->probability, 1e-12);
        EXPECT_NEAR(p.centerOfMassHeight, moved->centerOfMassHeight, 1e-12);
        EXPECT_NEAR(p.tippingAngle, moved->tippingAngle, 1e-12);
    }
}

// A body symmetric under x -> -x rests on mirror faces with equal probability, also when it rolls
// in its plane of symmetry onto an edge across it (balanced: half each way).
TEST(RestingPoses, MirrorSymmetricBodyRestsOnMirrorFacesEqually) {
    // A ridge of points on the plane x = 0 between mirror pairs: these seeds roll from faces
    // across the plane, over a vertex on it, straight onto an edge in it (found by search; before
    // the halving, each of them gave one of a mirror pair up to twice the other's probability).
    for (std::uint64_t seed : {14, 43, 49}) {
        std::mt19937_64 rng(seed);
        std::uniform_real_distribution<double> u(-1, 1);
        std::vector<Vec3> ps;
        for (int i = 0; i < 6; ++i) {
            const Vec3 p{0.8 + 0.7 * u(rng), 0.8 * u(rng), 0.6 * u(rng)};
            ps.push_back(p);
            ps.push_back({-p[0], p[1], p[2]});
            ps.push_back({0, 1.3 * u(rng), 1.1 * u(rng)});
        }
        const auto poses = posesOf(points(ps), {0, 0.15, -0.1});
        EXPECT_NEAR(sumOf(poses), 1, 1e-12);
        for (const RestingPose& p : poses) {
            const RestingPose* mirror = poseWithNormal(poses, {-p.normal[0], p.normal[1], p.normal[2]});
            ASSERT_NE(mirror, nullptr);
            EXPECT_NEAR(p.probability, mirror->probability, 1e-12) << "seed " << seed;
        }
    }
}

TEST(RestingPoses, UnstableFacesAreNotListed) {
    // A prism along y over the triangle (0, 0), (4, 0), (5, 1) in xz, the center of mass over the
    // overhang: inside the body, but beyond the bottom face's edge x = 4.
    const std::vector<Vec3> ps{{0, 0, 0}, {4, 0, 0}, {5, 0, 1}, {0, 1, 0}, {4, 1, 0}, {5, 1, 1}};
    const Vec3 com{4.2, 0.5, 0.3};
    const auto poses = posesOf(points(ps), com);
    for (const RestingPose& p : poses) EXPECT_GT(p.supportMargin, 0);
    EXPECT_EQ(poseWithNormal(poses, {0, 0, -1}), nullptr);  // the bottom cannot hold it
    EXPECT_GE(poses.size(), 1u);
    EXPECT_NEAR(sumOf(poses), 1, 1e-12);
}

TEST(RestingPoses, FlatBodyHasNoRestingPose) {
    const std::vector<Vec3> square{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    const auto out = massprops::restingPoses(points(square).view(), {0.5, 0.5, 0});
    EXPECT_EQ(out.status, Status::ZeroVolume);
    EXPECT_NE(out.message.find("flat"), std::string::npos);
}

TEST(RestingPoses, CenterOfMassOutsideTheHullIsRefused) {
    const auto box = testmesh::box({0, 0, 0}, {1, 1, 1});
    EXPECT_EQ(massprops::restingPoses(box.view(), {2, 0.5, 0.5}).status, Status::InvalidArgument);
    EXPECT_EQ(massprops::restingPoses(box.view(), {NAN, 0.5, 0.5}).status, Status::InvalidArgument);
    testmesh::Mesh bad = box;
    bad.indices[0] = 99;
    EXPECT_EQ(massprops::restingPoses(bad.view(), {0.5, 0.5, 0.5}).status, Status::IndexOutOfRange);
}

}  // namespace
