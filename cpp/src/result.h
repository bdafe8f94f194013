// Results from measured quantities: the one place a MassProperties is filled.
#pragma once

#include <string>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

// Checks density/mass options; on failure fills `message`.
Status checkMassOptions(const MassOptions& options, std::string& message);

// The result of a physical body: density and principal frame added, every field finite and in
// range. A body whose numbers overflow or underflow double precision fails with `outOfRange`
// (the status that names the caller's input: a dimension, a transform, the coordinates).
Result describeBody(const Body& body, Status outOfRange);

// A solid measured at unit density (`unitInertia` about the center of mass), made heavy by the
// density or mass of `options` (already checked). With `perUnitMass`, `unitInertia` is instead
// per unit mass (radii of gyration squared): an analytic shape given by its mass then never
// passes through an overflowing or subnormal unit-density tensor.
struct UnitSolid {
    double volume = 0;
    Vec3 centerOfMass{0, 0, 0};
    Mat3 unitInertia{};
    double surfaceArea = 0;
    Vec3 surfaceCentroid{0, 0, 0};
    bool perUnitMass = false;
};
Result solidResult(const UnitSolid& solid, const MassOptions& options, const Diagnostics* diagnostics,
                   Status outOfRange);

}  // namespace detail
}  // namespace massprops
