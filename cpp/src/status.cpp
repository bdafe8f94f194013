#include "status.h"

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

}  // namespace massprops
