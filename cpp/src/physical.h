// The rules a rigid body must obey, in one place for every entry point that takes or makes one.
#pragma once

#include <string>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

// Principal moments of a physical body: none negative and each at most the sum of the other two
// (the triangle inequality), up to `tol` for rounding.
bool physicalMoments(const Vec3& moments, double tol);

// A body with a finite positive mass, a finite volume >= 0, a finite center of mass and a
// finite tensor with physical principal moments (tolerance relative to the tensor's scale).
// Fills `message` (naming nothing: callers say which body) and returns false otherwise. `frame`,
// if given, receives principalFrame(body.inertia), which the test computes.
bool physicalBody(const Body& body, std::string& message, PrincipalFrame* frame = nullptr);

// A unit quaternion up to 1e-6 (rounding in whatever computed it); fills `message` with `name`.
bool unitQuaternion(const Quat& q, const char* name, std::string& message);

}  // namespace detail
}  // namespace massprops
