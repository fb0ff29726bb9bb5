/* What the code generated from the options descriptions (cmake/gpufec_options.py) shares:
 * names compared without case, values to and from text, errors that name the option.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_OPTIONS_SUPPORT_H
#define INCLUDED_GPUFEC_OPTIONS_SUPPORT_H

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace gr {
namespace gpufec {
namespace options_support {

inline std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

[[noreturn]] inline void bad_value(const std::string& name, const std::string& value, const std::string& allowed)
{
    throw std::invalid_argument(name + " = " + value + " is out of range: allowed is " + allowed);
}

/* A value as a spec and an error message write it: numbers as short as they read back exactly. */
template <typename T>
std::string text(const T& v)
{
    if constexpr (std::is_same_v<T, bool>) {
        return v ? "true" : "false";
    } else if constexpr (std::is_same_v<T, std::string>) {
        return v;
    } else {
        std::ostringstream s;
        if constexpr (std::is_floating_point_v<T>)
            s.precision(std::numeric_limits<T>::max_digits10);
        s << v;
        if constexpr (std::is_floating_point_v<T>) {
            // The shortest form that reads back the same value.
            for (int p = 1; p <= std::numeric_limits<T>::max_digits10; ++p) {
                std::ostringstream t;
                t.precision(p);
                t << v;
                if (static_cast<T>(std::strtod(t.str().c_str(), nullptr)) == v)
                    return t.str();
            }
        }
        return s.str();
    }
}

/* @p value read as a T, the whole text. @throws std::invalid_argument naming @p name */
template <typename T>
T from_text(const std::string& name, const std::string& value)
{
    const auto bad = [&](const char* what) {
        return std::invalid_argument(name + " = '" + value + "' is not " + what);
    };
    if constexpr (std::is_same_v<T, std::string>) {
        return value;
    } else if constexpr (std::is_same_v<T, bool>) {
        const std::string v = lower(value);
        if (v == "true" || v == "1" || v == "yes")
            return true;
        if (v == "false" || v == "0" || v == "no")
            return false;
        throw bad("a boolean (true or false)");
    } else {
        char* end = nullptr;
        errno = 0;
        if constexpr (std::is_floating_point_v<T>) {
            const double v = std::strtod(value.c_str(), &end);
            if (value.empty() || *end != '\0' || errno == ERANGE)
                throw bad("a number");
            return static_cast<T>(v);
        } else {
            const long long v = std::strtoll(value.c_str(), &end, 10);
            if (value.empty() || *end != '\0' || errno == ERANGE)
                throw bad("an integer");
            if (v < static_cast<long long>(std::numeric_limits<T>::min()) ||
                (v > 0 && static_cast<unsigned long long>(v) > std::numeric_limits<T>::max()))
                bad_value(name, value, "0 to " + std::to_string(std::numeric_limits<T>::max()));
            return static_cast<T>(v);
        }
    }
}

/* Calls @p f(key, value) for each "key=value" of "key=value,key=value,...". */
template <typename F>
void for_each_key_value(const std::string& spec, F f)
{
    std::istringstream fields(spec);
    for (std::string kv; std::getline(fields, kv, ',');) {
        if (kv.empty())
            continue;
        const size_t eq = kv.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument("'" + kv + "' is not KEY=VALUE");
        f(kv.substr(0, eq), kv.substr(eq + 1));
    }
}

} // namespace options_support
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_OPTIONS_SUPPORT_H */
