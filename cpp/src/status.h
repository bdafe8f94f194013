// Failures and the numbers in their messages.
#pragma once

#include <string>
#include <utility>

#include "mass_properties/mass_properties.h"

namespace massprops {
namespace detail {

// A failed Outcome of any value type: `return Failure{Status::X, "what is wrong"};`
struct Failure {
    Status status;
    std::string message;
    template <typename T>
    operator Outcome<T>() && {  // NOLINT(google-explicit-constructor): converts like a return value
        Outcome<T> out;
        out.status = status;
        out.message = std::move(message);
        return out;
    }
};

// Shortest text that reads back as the same double ("0.1", "1e+300", "NaN").
std::string formatNumber(double value);

}  // namespace detail
}  // namespace massprops
