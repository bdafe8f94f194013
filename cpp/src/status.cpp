#include "status.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>

namespace massprops {

namespace {
const char* const kCodes[] = {
#define MASSPROPS_CODE_ENTRY(name, code) code,
    MASSPROPS_STATUS_LIST(MASSPROPS_CODE_ENTRY)
#undef MASSPROPS_CODE_ENTRY
};
}  // namespace

const char* statusCode(Status status) { return kCodes[static_cast<int>(status)]; }

std::vector<std::string> statusCodes() { return std::vector<std::string>(std::begin(kCodes), std::end(kCodes)); }

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
