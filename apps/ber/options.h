/* gpufec_ber's command line.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_OPTIONS_H
#define INCLUDED_GPUFEC_BER_OPTIONS_H

#include "simulate.h"
#include <cstdint>
#include <string>
#include <vector>

namespace gpufec_ber {

constexpr uint64_t max_frame_bits = uint64_t(1) << 24;
constexpr uint64_t max_batch_frames = uint64_t(1) << 30;

struct options {
    std::string code = "uncoded";
    std::string channel = "awgn";
    double start = 0, stop = 8, step = 1; //!< Eb/N0 in dB
    uint64_t frame_bits = 2048;
    stop_rule stop_at;
    uint64_t batch = 0; //!< frames per batch at most; 0: the backend's choice
    std::string backend = "auto";
    uint64_t seed = 1;
    std::string csv;
    bool progress = false; //!< a progress line even when stderr is no terminal
    bool help = false;
};

/*! @throws std::invalid_argument naming the option, the value and what is allowed */
options parse_options(const std::vector<std::string>& args);

/*! The Eb/N0 points: start, start + step, ... up to stop. */
std::vector<double> ebn0_points(const options& o);

/*! --help: every option with its default, the code families, the stopping rules. */
std::string usage();

} // namespace gpufec_ber

#endif
