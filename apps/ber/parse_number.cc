/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "parse_number.h"
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace gpufec_ber {

uint64_t parse_count(const std::string& option, const std::string& text, uint64_t min, uint64_t max)
{
    const auto fail = [&]() {
        return std::invalid_argument(option + " " + text + ": expected a whole number from " +
                                     std::to_string(min) + " to " + std::to_string(max));
    };
    if (text.empty())
        throw fail();
    uint64_t v = 0;
    for (char ch : text) {
        if (ch < '0' || ch > '9')
            throw fail();
        const uint64_t d = uint64_t(ch - '0');
        if (v > (std::numeric_limits<uint64_t>::max() - d) / 10)
            throw fail();
        v = v * 10 + d;
    }
    if (v < min || v > max)
        throw fail();
    return v;
}

double parse_real(const std::string& option, const std::string& text)
{
    const char* begin = text.c_str();
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(begin, &end);
    if (text.empty() || end != begin + text.size() || errno == ERANGE || !std::isfinite(v))
        throw std::invalid_argument(option + " " + text + ": expected a finite decimal number");
    return v;
}

} // namespace gpufec_ber
