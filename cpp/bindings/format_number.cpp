// Numbers in the WebAssembly module's messages: each is written as its 64 bits in hex between two
// U+E000 marks, which js/index.js replaces with JavaScript's shortest round-trip text of the
// double (String(x): "0.1", "1e+300", "NaN"). The native library formats them itself
// (cpp/src/format.cpp); here printf and strtod would cost about 11 KB of the gzipped module.
#include <cstdint>
#include <cstring>

#include "status.h"

namespace massprops {
namespace detail {

std::string formatNumber(double value) {
    static const char kMark[] = "\xEE\x80\x80";  // U+E000 in UTF-8
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    std::string hex(16, '0');
    for (int i = 15; i >= 0; --i, bits >>= 4) hex[i] = "0123456789abcdef"[bits & 15];
    return kMark + hex + kMark;
}

}  // namespace detail
}  // namespace massprops
