/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "conv_encoder_impl.h"
#include <gnuradio/io_signature.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {
conv_code_sptr checked(conv_code_sptr c)
{
    if (!c)
        throw std::invalid_argument(
            "code is None: pass a convolutional code, e.g. gpufec.conv_code(7, [0o171, 0o133])");
    return c;
}
} // namespace

conv_encoder::sptr conv_encoder::make(conv_code_sptr code)
{
    return gnuradio::make_block_sptr<conv_encoder_impl>(code);
}

conv_encoder_impl::conv_encoder_impl(conv_code_sptr code)
    : gr::block("conv_encoder",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      code_encoder_block<conv_encoder>(checked(code))
{
}

} // namespace gpufec
} // namespace gr
