#include <cstdio>
#include <cstdlib>
#include <iterator>

#include "internal.h"

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

Result failure(Status status, std::string message) {
    Result r;
    r.status = status;
    r.message = std::move(message);
    return r;
}

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

Status checkMassOptions(const MassOptions& options, std::string& message) {
    const bool byMass = options.given == MassOptions::Given::Mass;
    if (!std::isfinite(options.value) || options.value <= 0) {
        message = std::string(byMass ? "mass" : "density") + " must be a finite number > 0 (got " +
                  formatNumber(options.value) + ")";
        return byMass ? Status::InvalidMass : Status::InvalidDensity;
    }
    return Status::Ok;
}

}  // namespace detail
}  // namespace massprops
