/* The progress line on stderr: bits, errors, BER so far, speed and the time to the point's end,
 * rewritten in place ('\r') a few times a second.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_PROGRESS_H
#define INCLUDED_GPUFEC_BER_PROGRESS_H

#include "simulate.h"
#include <chrono>
#include <cstdio>
#include <string>

namespace gpufec_ber {

/*! The line for @p c after @p seconds of the point @p point ("Eb/N0 3 dB"; no '\r'). */
std::string progress_text(const std::string& point, const frame_counts& c, size_t frame_bits, double seconds,
                          const stop_rule& rule);

class progress_line
{
public:
    /*! Shows nothing unless @p enabled. */
    progress_line(bool enabled, std::FILE* out = stderr);
    void start(const std::string& point);
    /*! Rewrites the line, at most 4 times a second. */
    void update(const frame_counts& c, size_t frame_bits, const stop_rule& rule);
    /*! Clears the line (before the point's results are printed). */
    void finish();

private:
    using clock = std::chrono::steady_clock;
    bool m_enabled;
    std::FILE* m_out;
    std::string m_point;
    clock::time_point m_start, m_last;
    size_t m_width = 0;
};

} // namespace gpufec_ber

#endif
