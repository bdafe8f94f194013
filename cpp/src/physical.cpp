#include "physical.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "linalg.h"
#include "status.h"

namespace massprops {
namespace detail {

bool physicalMoments(const Vec3& moments, double tol) {
    Vec3 l = moments;
    std::sort(l.begin(), l.end());
    return l[0] >= -tol && l[0] + l[1] >= l[2] - tol;
}

bool physicalBody(const Body& body, std::string& message, PrincipalFrame* frame) {
    if (!std::isfinite(body.mass) || body.mass <= 0) {
        message = "mass must be a finite number > 0 (got " + formatNumber(body.mass) + ")";
        return false;
    }
    if (!std::isfinite(body.volume) || body.volume < 0) {
        message = "volume must be a finite number >= 0 (got " + formatNumber(body.volume) + ")";
        return false;
    }
    if (body.surfaceArea < 0) {  // NaN: not known, which is allowed
        message = "surface area must be >= 0 (got " + formatNumber(body.surfaceArea) + ")";
        return false;
    }
    if (!allFinite(body.centerOfMass) || !allFinite(body.inertia)) {
        message = "center of mass and inertia tensor must be finite";
        return false;
    }
    const double scale = tensorScale(body.inertia);
    if (scale > 0 && scale < DBL_MIN) {
        message = "inertia tensor is below double's normal range (trace " + formatNumber(scale) +
                  "): its digits are lost; measure in smaller units";
        return false;
    }
    const PrincipalFrame principal = principalFrame(body.inertia);
    if (frame) *frame = principal;
    const Vec3& l = principal.moments;
    if (!allFinite(l) || !physicalMoments(l, tensorTolerance(body.inertia))) {
        message = "inertia tensor is not that of a physical body (principal moments " + formatNumber(l[0]) + ", " +
                  formatNumber(l[1]) + ", " + formatNumber(l[2]) +
                  "; each must be >= 0 and at most the sum of the other two)";
        return false;
    }
    return true;
}

bool unitQuaternion(const Quat& q, const char* name, std::string& message) {
    const double n = quaternionNorm(q);
    if (!std::isfinite(n)) {
        message = std::string(name) + " must be finite";
        return false;
    }
    if (std::abs(n - 1) > 1e-6) {
        message = std::string(name) + " must have unit length (got length " + formatNumber(n) + ")";
        return false;
    }
    return true;
}

}  // namespace detail
}  // namespace massprops
