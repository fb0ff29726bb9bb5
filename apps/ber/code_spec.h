/* gpufec_ber's --code argument: which code to simulate and how to decode it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_CODE_SPEC_H
#define INCLUDED_GPUFEC_BER_CODE_SPEC_H

#include <gnuradio/gpufec/backend.h>
#include <gnuradio/gpufec/code.h>
#include <functional>
#include <string>

namespace gpufec_ber {

struct code_under_test {
    gr::gpufec::code_sptr coded;
    size_t frame_info_bits; //!< information bits a frame error is counted over
    /*! soft values of n frames -> decided information bits */
    std::function<void(const float* soft, uint8_t* bits, size_t n_frames)> decode;
    std::string decoder_backend; //!< what decodes, for the header line
};

/*! @throws std::invalid_argument for an unknown or malformed spec */
code_under_test make_code(const std::string& spec, size_t frame_bits, gr::gpufec::backend_kind backend);

std::string code_spec_help();

} // namespace gpufec_ber

#endif
