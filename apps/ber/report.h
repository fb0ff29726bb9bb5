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

/*! @param symbols codes of q-ary symbols: SER columns after the others */
std::string table_header(bool symbols = false);
/*! @param symbols_per_frame codes of q-ary symbols: their SER too (0: none) */
std::string table_row(double ebn0_db, size_t frame_bits, const point_result& r, size_t symbols_per_frame = 0);

/*! The CSV's columns: those of earlier versions, then frame_bits and stopped_by; for codes of
 *  q-ary symbols, then symbols, symbol_errors, ser, ser_lo and ser_hi. */
std::string csv_header(bool symbols = false);
std::string csv_row(const std::string& code_name,
                    double ebn0_db,
                    size_t frame_bits,
                    const point_result& r,
                    size_t symbols_per_frame = 0);

/*! "" when the point reached its error target, else a warning saying which limit ended it. */
std::string limit_warning(double ebn0_db, const stop_rule& rule, const point_result& r);

} // namespace gpufec_ber

#endif
