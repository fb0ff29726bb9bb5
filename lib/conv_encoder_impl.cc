/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "conv_encoder_impl.h"
#include <gnuradio/io_signature.h>
#include <algorithm>
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
      d_code(checked(code)),
      d_info_per_block(d_code->info_bits_per_block()),
      d_coded_per_block(d_code->coded_bits_per_block()),
      d_history(d_code->history_bits()),
      d_scratch(d_history, 0) // a stream starts in state 0: as if zeros came before it
{
    // Whole blocks only: a frame, or (streaming) one puncturing period, so that the pattern's
    // phase is the same at every call boundary.
    set_output_multiple(static_cast<int>(d_coded_per_block));
    set_relative_rate(static_cast<uint64_t>(d_coded_per_block),
                      static_cast<uint64_t>(d_info_per_block));
    d_logger->debug("{}", d_code->name());
}

void conv_encoder_impl::forecast(int noutput_items, gr_vector_int& ninput_items_required)
{
    ninput_items_required[0] =
        static_cast<int>(noutput_items / d_coded_per_block * d_info_per_block);
}

int conv_encoder_impl::general_work(int noutput_items,
                                    gr_vector_int& ninput_items,
                                    gr_vector_const_void_star& input_items,
                                    gr_vector_void_star& output_items)
{
    const size_t blocks = std::min(static_cast<size_t>(noutput_items) / d_coded_per_block,
                                   static_cast<size_t>(ninput_items[0]) / d_info_per_block);
    if (blocks == 0)
        return 0;
    const auto* in = static_cast<const uint8_t*>(input_items[0]);
    auto* out = static_cast<uint8_t*>(output_items[0]);
    const size_t n_in = blocks * d_info_per_block;
    if (d_history == 0) {
        d_code->encode(in, out, blocks);
    } else {
        d_scratch.resize(d_history);
        d_scratch.insert(d_scratch.end(), in, in + n_in);
        d_code->encode(d_scratch.data() + d_history, out, blocks);
        // Keep the last d_history bits for the next call.
        std::copy(d_scratch.end() - d_history, d_scratch.end(), d_scratch.begin());
    }
    consume(0, static_cast<int>(n_in));
    return static_cast<int>(blocks * d_coded_per_block);
}

} // namespace gpufec
} // namespace gr
