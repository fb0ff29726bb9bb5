/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lte_turbo_encoder_impl.h"
#include <gnuradio/io_signature.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {
lte_turbo_code_sptr checked(lte_turbo_code_sptr c)
{
    if (!c)
        throw std::invalid_argument(
            "code is None: pass an LTE turbo code, e.g. gpufec.lte_turbo_code(6144)");
    return c;
}
} // namespace

lte_turbo_encoder::sptr lte_turbo_encoder::make(lte_turbo_code_sptr code)
{
    return gnuradio::make_block_sptr<lte_turbo_encoder_impl>(code);
}

lte_turbo_encoder_impl::lte_turbo_encoder_impl(lte_turbo_code_sptr code)
    : gr::block("lte_turbo_encoder",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      code_encoder_block<lte_turbo_encoder>(checked(code))
{
}

} // namespace gpufec
} // namespace gr
