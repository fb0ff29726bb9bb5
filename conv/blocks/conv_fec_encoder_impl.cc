/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "conv_fec_encoder_impl.h"

namespace gr {
namespace gpufec {

conv_fec_encoder::sptr conv_fec_encoder::make(conv_code_sptr code)
{
    return std::make_shared<conv_fec_encoder_impl>(code);
}

conv_fec_encoder_impl::conv_fec_encoder_impl(conv_code_sptr code)
    : d_frames(code, "conv_fec_encoder")
{
}

void conv_fec_encoder_impl::generic_work(void* in_buffer, void* out_buffer)
{
    if (d_frames.refused()) {
        d_frames.drop(d_logger);
        return;
    }
    d_frames.code()->encode(
        static_cast<const uint8_t*>(in_buffer), static_cast<uint8_t*>(out_buffer), 1);
}

/* gr-fec's encoder rate is channel bits per information bit (cc_encoder: 2 for rate 1/2),
 * the inverse of the decoder's, without tails. */
double conv_fec_encoder_impl::rate()
{
    return static_cast<double>(d_frames.period_sent()) /
           static_cast<double>(d_frames.period_steps());
}

int conv_fec_encoder_impl::get_input_size() { return d_frames.input_size(false); }

int conv_fec_encoder_impl::get_output_size() { return d_frames.output_size(false); }

/* async_encoder asks for the PDU's length: a length no whole number of frames has drops the
 * PDU (fecapi_frames.h) rather than throw from gr-fec's message handler. */
bool conv_fec_encoder_impl::set_frame_size(unsigned int frame_size)
{
    const std::string why = fecapi_encoder_refusal(frame_size, d_frames.max_frame_bits());
    if (!why.empty())
        return d_frames.refuse(why);
    return d_frames.set(frame_size, d_logger);
}

} // namespace gpufec
} // namespace gr
