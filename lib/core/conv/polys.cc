/* Generator forms: the octal form and gr-fec's, their names, and generators from text.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/conv_code.h>
#include <cctype>
#include <climits>
#include <cstring>
#include <stdexcept>

namespace gr {
namespace gpufec {

polys_order parse_polys_order(const std::string& name)
{
    if (name == "octal")
        return polys_order::OCTAL;
    if (name == "gr-fec")
        return polys_order::GR_FEC;
    throw std::invalid_argument("polys_order = '" + name +
                                "' is not known: use 'octal' (0o171, 0o133) or 'gr-fec' "
                                "(gr-fec's cc_encoder form, [79, 109])");
}

std::string polys_order_name(polys_order o)
{
    switch (o) {
    case polys_order::OCTAL:
        return "octal";
    case polys_order::GR_FEC:
        return "gr-fec";
    }
    throw std::invalid_argument("polys_order = " + std::to_string(int(o)) +
                                " is not known: allowed are 0 and 1");
}

namespace {

/* One number: a 0o, 0x or 0b prefix names its base, a bare number has its form's usual base. */
unsigned parse_generator(const std::string& token, polys_order order, const std::string& text)
{
    int base = order == polys_order::OCTAL ? 8 : 10;
    std::string digits = token;
    if (token.size() > 2 && token[0] == '0' && std::strchr("oOxXbB", token[1])) {
        const char p = static_cast<char>(std::tolower(token[1]));
        base = p == 'o' ? 8 : p == 'x' ? 16 : 2;
        digits = token.substr(2);
    }
    // std::stoul alone would also take a sign, spaces or a trailing remainder.
    size_t used = 0;
    unsigned long value = 0;
    try {
        if (std::isxdigit(static_cast<unsigned char>(digits[0])))
            value = std::stoul(digits, &used, base);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != digits.size() || value > UINT_MAX)
        throw std::invalid_argument("polys = '" + text + "': '" + token +
                                    "' is not a generator in base " + std::to_string(base) +
                                    " (the " + polys_order_name(order) + " form's numbers are " +
                                    (order == polys_order::OCTAL ? "octal" : "decimal") +
                                    " unless prefixed 0o, 0x or 0b)");
    return static_cast<unsigned>(value);
}

} // namespace

std::vector<unsigned> parse_polys(const std::string& text, polys_order order)
{
    polys_order_name(order); // rejects values outside the enum
    std::vector<unsigned> polys;
    std::string token;
    const auto flush = [&] {
        if (!token.empty())
            polys.push_back(parse_generator(token, order, text));
        token.clear();
    };
    for (char c : text) {
        if (c == ',' || c == ' ' || c == '\t' || c == '[' || c == ']' || c == '(' || c == ')')
            flush();
        else
            token += c;
    }
    flush();
    if (polys.empty())
        throw std::invalid_argument("polys = '" + text + "' has no generators: write them as "
                                    "\"171, 133\" (octal form) or \"79, 109\" (gr-fec form)");
    return polys;
}

} // namespace gpufec
} // namespace gr
