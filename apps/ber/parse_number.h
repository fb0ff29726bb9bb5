/* Strict number parsing for gpufec_ber's arguments: the whole text must be the number, and a
 * bad one is reported with the option's name and what is allowed.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_PARSE_NUMBER_H
#define INCLUDED_GPUFEC_BER_PARSE_NUMBER_H

#include <cstdint>
#include <string>

namespace gpufec_ber {

/*! Decimal digits only (no sign, no spaces), in [min, max].
 *  @throws std::invalid_argument "OPTION TEXT: expected a whole number from MIN to MAX" */
uint64_t parse_count(const std::string& option, const std::string& text, uint64_t min, uint64_t max);

/*! A finite decimal number (strtod syntax), nothing after it.
 *  @throws std::invalid_argument naming the option and the text */
double parse_real(const std::string& option, const std::string& text);

} // namespace gpufec_ber

#endif
