/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tvb_encoder_impl.h"
#include <gnuradio/io_signature.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {
tvb_code_sptr checked(tvb_code_sptr c)
{
    if (!c)
        throw std::invalid_argument(
            "code is None: pass a time-varying block code, e.g. gpufec.tvb_code(10, 32, 210)");
    return c;
}
} // namespace

tvb_encoder::sptr tvb_encoder::make(tvb_code_sptr code)
{
    return gnuradio::make_block_sptr<tvb_encoder_impl>(code);
}

tvb_encoder_impl::tvb_encoder_impl(tvb_code_sptr code)
    : gr::block("tvb_encoder",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      code_encoder_block<tvb_encoder>(checked(code))
{
}

} // namespace gpufec
} // namespace gr
