/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "code_spec.h"
#include <stdexcept>

namespace gpufec_ber {

using namespace gr::gpufec;

std::string code_spec_help()
{
    return "codes (--code):\n"
           "  uncoded            BPSK hard decisions, frames of --frame-bits bits\n";
}

code_under_test make_code(const std::string& spec, size_t frame_bits, backend_kind)
{
    if (frame_bits == 0)
        throw std::invalid_argument("--frame-bits 0: a frame needs at least one bit");
    if (spec == "uncoded") {
        return { uncoded(), frame_bits,
                 [frame_bits](const float* soft, uint8_t* bits, size_t n_frames) {
                     for (size_t i = 0; i < n_frames * frame_bits; ++i)
                         bits[i] = soft[i] > 0;
                 },
                 "hard decisions" };
    }
    throw std::invalid_argument("--code '" + spec + "' is not known\n" + code_spec_help());
}

} // namespace gpufec_ber
