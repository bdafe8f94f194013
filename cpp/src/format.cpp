// Numbers in messages, for the native library and its tests. The WebAssembly module has its own
// (cpp/bindings/format_number.cpp): there the JavaScript writes them, and printf and strtod stay
// out of the module.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "status.h"

namespace massprops {
namespace detail {

std::string formatNumber(double value) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
    char buffer[32];
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
        if (std::strtod(buffer, nullptr) == value) break;
    }
    return buffer;
}

}  // namespace detail
}  // namespace massprops
