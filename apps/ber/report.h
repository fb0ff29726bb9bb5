/* gpufec_ber's output: the table on stdout, the CSV, the warnings.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_REPORT_H
#define INCLUDED_GPUFEC_BER_REPORT_H

#include "channel_registry.h"
#include "simulate.h"
#include <string>

namespace gpufec_ber {

struct interval {
    double lo, hi;
};

/*! 95% Wilson score interval of k successes in n > 0 trials ([0, 3.84/(n+3.84)] for k = 0). */
interval wilson(uint64_t k, uint64_t n);

/*! The columns of a run: the point's (named by the channel), the uncoded theory where the
 *  channel has one, the SER where the code has q-ary symbols. */
struct report_format {
    point_axis axis;
    size_t symbols_per_frame = 0; //!< codes of q-ary symbols: their SER too (0: none)
};

std::string table_header(const report_format& f);
std::string table_row(const report_format& f, double value, size_t frame_bits, const point_result& r);

/*! The CSV's columns: code, the point (axis.column: ebn0_db for AWGN), the counts and rates,
 *  uncoded_theory where the channel has a theory, frame_bits and stopped_by; for codes of
 *  q-ary symbols, then symbols, symbol_errors, ser, ser_lo and ser_hi. For AWGN these are the
 *  columns of earlier versions, with frame_bits and stopped_by added at the end. */
std::string csv_header(const report_format& f);
std::string csv_row(const report_format& f,
                    const std::string& code_name,
                    double value,
                    size_t frame_bits,
                    const point_result& r);

/*! "" when the point reached its error target, else a warning saying which limit ended it. */
std::string limit_warning(const point_axis& axis, double value, const stop_rule& rule, const point_result& r);

} // namespace gpufec_ber

#endif
