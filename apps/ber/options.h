/* gpufec_ber's command line.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_OPTIONS_H
#define INCLUDED_GPUFEC_BER_OPTIONS_H

#include "channel_registry.h"
#include "simulate.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpufec_ber {

constexpr uint64_t max_frame_bits = uint64_t(1) << 24;
constexpr uint64_t max_batch_frames = uint64_t(1) << 30;

struct options {
    std::string code = "uncoded";
    std::string channel;          //!< "": the code's (code_under_test::channel)
    std::optional<sweep> points;  //!< --ebn0 or --points; none: the channel's (point_axis::defaults)
    uint64_t frame_bits = 0;      //!< 0: the code's (default_frame_bits for most)
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

/*! The points: start, start + step, ... up to stop. */
std::vector<double> sweep_points(const sweep& s);

/*! --help: every option with its default, the code families, the stopping rules. */
std::string usage();

} // namespace gpufec_ber

#endif
