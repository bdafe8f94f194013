// How a body floats: the draft at which it displaces its own mass (a safeguarded Newton iteration
// on the displaced volume, whose derivative is the waterplane area), and the orientations at
// which the center of buoyancy lies on the vertical through the center of mass.
//
// The search minimizes the potential energy over the directions n (the water's up in the body's
// frame), with the draft solved for each: U(n) = m g dot(n, G - B(n)). The buoyancy surface's
// normal is n (Dupin), so dU = m g dot(G - B, dn): U is stationary exactly where G - B is
// vertical, and its Hessian in the waterplane's principal axes is diag(GM) (GM = I/V +
// dot(n, B - G)): a Newton step reads the metacentric heights the section already gives.
#include <algorithm>
#include <cmath>

#include "buoyancy.h"
#include "linalg.h"
#include "mass_properties/hydrostatics.h"
#include "status.h"
#include "waterline.h"

namespace massprops {

namespace {

using detail::Floater;
using detail::formatNumber;

struct Draft {
    double height = 0;
    Hydrostatics hydrostatics;
};

// The height of the plane with normal n below which the floater displaces `volume`. V(height)
// is continuous and nondecreasing, 0 at the lowest point and the whole volume at the highest;
// Newton steps that leave the bracket (or a zero waterplane) fall back to bisection.
Draft solveDraft(const Floater& f, const Vec3& n, double volume, const double* guess) {
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& tri : f.surface.triangles)
        for (const Vec3& p : tri) {
            const double s = detail::dot(n, p);
            lo = std::min(lo, s), hi = std::max(hi, s);
        }
    const double shift = detail::dot(n, f.surface.origin);
    lo += shift, hi += shift;
    const double total = f.body.volume;
    const double tolerance = 1e-13 * total;
    double h = guess && *guess > lo && *guess < hi ? *guess : lo + (hi - lo) * (volume / total);
    Draft best;
    for (int iteration = 0; iteration < 200; ++iteration) {
        best = {h, detail::hydrostaticsBelow(f, n, h)};
        const double excess = best.hydrostatics.volume - volume;
        if (std::abs(excess) <= tolerance) break;
        (excess < 0 ? lo : hi) = h;
        const double area = best.hydrostatics.waterplaneArea;
        const double step = area > 0 ? h - excess / area : NAN;
        h = step > lo && step < hi ? step : lo + (hi - lo) / 2;
        if (!(hi - lo > 1e-15 * f.surface.extent)) break;
    }
    return best;
}

// The least rotation taking the unit vector a onto the unit vector b.
Mat3 leastRotation(const Vec3& a, const Vec3& b) {
    const double c = detail::dot(a, b);
    if (c < -1 + 1e-12) {  // opposite: half a turn about any axis perpendicular to a
        const Vec3 axis = detail::planeFrame(a, 0).u;
        return detail::rotationMatrix({axis[0], axis[1], axis[2], 0});
    }
    const Vec3 axis = detail::cross(a, b);
    const Quat q{axis[0], axis[1], axis[2], 1 + c};
    const double length = detail::quaternionNorm(q);
    return detail::rotationMatrix({q[0] / length, q[1] / length, q[2] / length, q[3] / length});
}

Vec3 times(const Mat3& m, const Vec3& x) {
    return {m[0] * x[0] + m[1] * x[1] + m[2] * x[2], m[3] * x[0] + m[4] * x[1] + m[5] * x[2],
            m[6] * x[0] + m[7] * x[1] + m[8] * x[2]};
}

// The horizontal offset of G from B, in the waterplane's principal axes: the gradient of U / (m g).
Vec2 lever(const Hydrostatics& h) {
    const Vec3 d = detail::sub(h.centerOfMass, h.centerOfBuoyancy);
    return {detail::dot(h.waterplaneAxes[0], d), detail::dot(h.waterplaneAxes[1], d)};
}

// U / (m g): the height of G above B.
double potential(const Draft& d, const Vec3& n) {
    return detail::dot(n, detail::sub(d.hydrostatics.centerOfMass, d.hydrostatics.centerOfBuoyancy));
}

struct Search {
    const Floater& floater;
    double volume;  // to displace
    double leverTolerance;
    double gmTolerance;
    Vec3 up;
};

FloatingPose poseOf(const Search& s, const Vec3& n, const Draft& d) {
    FloatingPose pose;
    pose.plane = {n, d.height};
    pose.hydrostatics = d.hydrostatics;
    const Mat3 r = leastRotation(n, {0, 1, 0});
    pose.rotation = detail::quaternionFromMatrix(r);
    const Vec3& g = d.hydrostatics.centerOfMass;
    const Vec3 turned = times(r, g);
    pose.position = {-turned[0], detail::dot(n, g) - d.height - turned[1], -turned[2]};
    const Mat3 frame = leastRotation({0, 1, 0}, s.up);  // columns: the body's axes turned so +Y is up
    const Vec3 x{frame[0], frame[3], frame[6]}, z{frame[2], frame[5], frame[8]};
    pose.heel = std::atan2(detail::dot(n, x), detail::dot(n, s.up));
    pose.trim = std::asin(std::clamp(detail::dot(n, z), -1.0, 1.0));
    const Vec2 l = lever(d.hydrostatics);
    pose.equilibrium = std::hypot(l[0], l[1]) <= s.leverTolerance;
    const Vec2& gm = d.hydrostatics.metacentricHeights;
    pose.stable = pose.equilibrium && gm[0] > s.gmTolerance && gm[1] > s.gmTolerance;
    return pose;
}

Vec3 normalized(const Vec3& v) { return detail::scale(v, 1 / detail::norm(v)); }

// Newton's method on the sphere of directions from `start`, each step checked to lower U (else
// halved). At an equilibrium that is not a minimum it is recorded, and the search goes on down
// the direction of negative curvature; it ends at a minimum or where U is flat (a sphere).
void descend(const Search& s, Vec3 n, std::vector<FloatingPose>& found) {
    constexpr double kMaxStep = 0.5;  // radians, about
    Draft d = solveDraft(s.floater, n, s.volume, nullptr);
    for (int iteration = 0; iteration < 60; ++iteration) {
        const Hydrostatics& h = d.hydrostatics;
        const Vec2 g = lever(h);
        // Tilting n towards axis i turns the body about the other axis: its GM is the curvature.
        const Vec2 curvature{h.metacentricHeights[1], h.metacentricHeights[0]};
        Vec2 step{0, 0};
        if (std::hypot(g[0], g[1]) <= s.leverTolerance) {
            found.push_back(poseOf(s, n, d));
            if (found.back().stable) return;
            // A saddle or a maximum: leave it along the axis of least curvature, if it curves down.
            const int i = curvature[0] <= curvature[1] ? 0 : 1;
            if (!(curvature[i] < -s.gmTolerance)) return;
            step[i] = kMaxStep / 4;
        } else {
            for (int i = 0; i < 2; ++i)
                step[i] = curvature[i] > s.gmTolerance ? -g[i] / curvature[i] : (g[i] > 0 ? -kMaxStep : kMaxStep);
            const double length = std::hypot(step[0], step[1]);
            if (length > kMaxStep) step = {step[0] * kMaxStep / length, step[1] * kMaxStep / length};
        }
        // Halved until U goes down; a step too small to lower U beyond its rounding ends the search.
        const double u0 = potential(d, n);
        bool moved = false;
        for (int halving = 0; halving < 12 && !moved; ++halving, step = {step[0] / 2, step[1] / 2}) {
            const Vec3 next = normalized(detail::add(n, detail::add(detail::scale(h.waterplaneAxes[0], step[0]),
                                                                    detail::scale(h.waterplaneAxes[1], step[1]))));
            const Draft e = solveDraft(s.floater, next, s.volume, &d.height);
            if (potential(e, next) < u0) {
                n = next;
                d = e;
                moved = true;
            }
        }
        if (!moved) return;
        // Downhill to within 3 degrees of a minimum already found: the rest of the way is known.
        for (const FloatingPose& pose : found)
            if (pose.stable && detail::norm(detail::sub(pose.plane.normal, n)) < 0.05) return;
    }
}

// Deterministic starts: the 14 directions to the faces and corners of a cube (the body's axes
// and the diagonals between them).
std::vector<Vec3> startDirections() {
    std::vector<Vec3> out;
    for (int x = -1; x <= 1; ++x)
        for (int y = -1; y <= 1; ++y)
            for (int z = -1; z <= 1; ++z)
                if (std::abs(x) + std::abs(y) + std::abs(z) == 1 || (x && y && z))
                    out.push_back(normalized({double(x), double(y), double(z)}));
    return out;
}

bool sameDirection(const Vec3& a, const Vec3& b) { return detail::norm(detail::sub(a, b)) < 1e-6; }

}  // namespace

Outcome<Flotation> floatMesh(const MeshView& mesh, const FloatOptions& options) {
    std::string message;
    if (!std::isfinite(options.waterDensity) || options.waterDensity <= 0)
        return detail::Failure{Status::InvalidDensity, "waterDensity must be a finite number > 0 (got " +
                                                           formatNumber(options.waterDensity) + ")"};
    Vec3 up;
    const Status status = detail::checkNormal(options.up, "up", message, up);
    if (status != Status::Ok) return detail::Failure{status, message};
    Outcome<Floater> prepared = detail::prepareFloater(mesh, options.mass, options.hydrostatics);
    if (!prepared.ok()) return detail::Failure{prepared.status, std::move(prepared.message)};
    const Floater& floater = prepared.value;
    const MassProperties& body = floater.body;
    const double volume = body.mass / options.waterDensity;
    if (!(volume < body.volume))
        return detail::Failure{Status::Sinks, "the body sinks: its mass (" + formatNumber(body.mass) +
                                                  ") is more than the " +
                                                  formatNumber(options.waterDensity * body.volume) +
                                                  " of water its whole volume (" + formatNumber(body.volume) +
                                                  ") displaces; its mean density " + formatNumber(body.density) +
                                                  " is not below the water's " + formatNumber(options.waterDensity)};
    Outcome<Flotation> out;
    Flotation& f = out.value;
    f.mass = body.mass;
    f.displacedVolume = volume;
    const double extent = floater.surface.extent;
    const Search search{floater, volume, 1e-9 * extent, 1e-9 * extent, up};
    f.upright = poseOf(search, up, solveDraft(floater, up, volume, nullptr));
    if (!options.searchOrientations) return out;
    std::vector<FloatingPose> found;
    for (const Vec3& start : startDirections()) descend(search, start, found);
    for (const FloatingPose& pose : found) {
        const bool seen = std::any_of(f.equilibria.begin(), f.equilibria.end(), [&](const FloatingPose& other) {
            return sameDirection(pose.plane.normal, other.plane.normal);
        });
        if (!seen) f.equilibria.push_back(pose);
    }
    const auto height = [](const FloatingPose& p) {
        return detail::dot(p.plane.normal, detail::sub(p.hydrostatics.centerOfMass, p.hydrostatics.centerOfBuoyancy));
    };
    std::stable_sort(f.equilibria.begin(), f.equilibria.end(), [&](const FloatingPose& a, const FloatingPose& b) {
        if (a.stable != b.stable) return a.stable;
        return height(a) < height(b);
    });
    return out;
}

}  // namespace massprops
