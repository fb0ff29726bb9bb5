/* gpufec_ber's output: the table on stdout, the CSV, the warnings.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_REPORT_H
#define INCLUDED_GPUFEC_BER_REPORT_H

#include "simulate.h"
#include <string>

namespace gpufec_ber {

struct interval {
    double lo, hi;
};

/*! 95% Wilson score interval of k successes in n > 0 trials ([0, 3.84/(n+3.84)] for k = 0). */
interval wilson(uint64_t k, uint64_t n);

/*! BER of uncoded BPSK at @p ebn0_db: Q(sqrt(2 Eb/N0)). */
double uncoded_ber(double ebn0_db);

std::string table_header();
std::string table_row(double ebn0_db, size_t frame_bits, const point_result& r);

/*! The CSV's columns: those of earlier versions, then frame_bits and stopped_by. */
std::string csv_header();
std::string csv_row(const std::string& code_name, double ebn0_db, size_t frame_bits, const point_result& r);

/*! "" when the point reached its error target, else a warning saying which limit ended it. */
std::string limit_warning(double ebn0_db, const stop_rule& rule, const point_result& r);

} // namespace gpufec_ber

#endif
