/* Generator forms: the octal form and gr-fec's, their names, and generators from text.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/conv/conv_code.h>
#include <cctype>
#include <climits>
#include <cstring>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

/* One number: a '-' or '~' prefix inverts its output (the result is negative), then a 0o, 0x
 * or 0b prefix names its base, and a bare number has its form's usual base. */
int parse_generator(const std::string& token, polys_order order, const std::string& text)
{
    int base = order == polys_order::OCTAL ? 8 : 10;
    const bool inverted = token[0] == '-' || token[0] == '~';
    std::string digits = inverted ? token.substr(1) : token;
    if (digits.size() > 2 && digits[0] == '0' && std::strchr("oOxXbB", digits[1])) {
        const char p = static_cast<char>(std::tolower(digits[1]));
        base = p == 'o' ? 8 : p == 'x' ? 16 : 2;
        digits = digits.substr(2);
    }
    // std::stoul alone would also take a sign, spaces or a trailing remainder.
    size_t used = 0;
    unsigned long value = 0;
    try {
        if (!digits.empty() && std::isxdigit(static_cast<unsigned char>(digits[0])))
            value = std::stoul(digits, &used, base);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != digits.size() || value > INT_MAX)
        throw std::invalid_argument("polys = '" + text + "': '" + token +
                                    "' is not a generator in base " + std::to_string(base) +
                                    " (the " + polys_order_name(order) + " form's numbers are " +
                                    (order == polys_order::OCTAL ? "octal" : "decimal") +
                                    " unless prefixed 0o, 0x or 0b; a '-' or '~' before it "
                                    "marks an inverted output)");
    return inverted ? -static_cast<int>(value) : static_cast<int>(value);
}

} // namespace

std::vector<int> parse_polys(const std::string& text, polys_order order)
{
    polys_order_name(order); // rejects values outside the enum
    std::vector<int> polys;
    std::string token;
    const auto flush = [&] {
        if (!token.empty())
            polys.push_back(parse_generator(token, order, text));
        token.clear();
    };
    for (char c : text) {
        if (std::strchr(",: \t[]()", c) && c != '\0')
            flush();
        else
            token += c;
    }
    flush();
    if (polys.empty())
        throw std::invalid_argument("polys = '" + text + "' has no generators: write them as "
                                    "\"171, 133\" (octal form) or \"79, 109\" (gr-fec form), "
                                    "\"~133\" or \"-109\" for an inverted output");
    return polys;
}

} // namespace gpufec
} // namespace gr
