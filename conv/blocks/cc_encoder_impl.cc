/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cc_encoder_impl.h"
#include <algorithm>
#include <cstring>

namespace gr {
namespace gpufec {

cc_encoder::sptr cc_encoder::make(int frame_size,
                                  int k,
                                  int rate,
                                  std::vector<int> polys,
                                  int start_state,
                                  cc_mode_t mode,
                                  bool padded)
{
    return std::make_shared<cc_encoder_impl>(
        cc_mode("cc_encoder", frame_size, k, rate, polys, start_state, -1, mode, padded));
}

cc_encoder_impl::cc_encoder_impl(const cc_mode& cc)
    : d_cc(cc), d_frame(cc.max_frame()), d_state(cc.start_state())
{
    use_frame(d_frame);
}

void cc_encoder_impl::use_frame(size_t frame)
{
    const size_t k1 = static_cast<size_t>(d_cc.k() - 1);
    d_frame = frame;
    d_flips.clear();
    switch (d_cc.mode()) {
    case CC_STREAMING: // flips per call, from the state the stream is in
        d_code = d_cc.code(termination::TRUNCATED, frame);
        break;
    case CC_TERMINATED: // from start_state, the tail back to it
        d_code = d_cc.code(termination::TERMINATED, frame);
        d_flips = d_cc.flips(d_cc.start_state(), frame + k1, static_cast<int>(d_cc.start_state()));
        break;
    case CC_TRUNCATED:
        d_code = d_cc.code(termination::TRUNCATED, frame);
        d_flips = d_cc.flips(d_cc.start_state(), frame);
        break;
    default:
        d_code = d_cc.code(termination::TAILBITING, frame);
    }
    d_bits.resize(frame);
}

int cc_encoder_impl::get_input_size()
{
    return d_refusal.refused() ? fecapi_refusal::refused_input_size : static_cast<int>(d_frame);
}

int cc_encoder_impl::get_output_size()
{
    return d_refusal.refused()
               ? fecapi_refusal::refused_output_size
               : static_cast<int>(d_code->coded_bits_per_block() + d_cc.padding());
}

/* async_encoder asks for the PDU's length: a length no whole number of frames has drops the
 * PDU (fecapi_frames.h) rather than throw from gr-fec's message handler. */
bool cc_encoder_impl::set_frame_size(unsigned int frame_size)
{
    const std::string why = fecapi_encoder_refusal(frame_size, d_cc.max_frame());
    if (!why.empty())
        return d_refusal.refuse(why);
    d_refusal.resume();
    size_t frame = 0;
    const bool fits = d_cc.clamp_frame(frame_size, frame, d_logger);
    if (frame != d_frame)
        use_frame(frame);
    return fits;
}

void cc_encoder_impl::generic_work(void* in_buffer, void* out_buffer)
{
    if (d_refusal.refused()) {
        d_refusal.drop(d_logger);
        return;
    }
    const auto* in = static_cast<const uint8_t*>(in_buffer);
    auto* out = static_cast<uint8_t*>(out_buffer);
    for (size_t i = 0; i < d_frame; ++i)
        d_bits[i] = in[i] & 1u;
    d_code->encode(d_bits.data(), out, 1);
    const size_t coded = d_code->coded_bits_per_block();
    // gr-fec leaves the padding unwritten; zeros here.
    std::memset(out + coded, 0, d_cc.padding());
    if (d_cc.mode() != CC_STREAMING) {
        for (uint32_t p : d_flips)
            out[p] ^= 1u;
        return;
    }
    for (uint32_t p : d_cc.start_flips(d_state))
        if (p < coded)
            out[p] ^= 1u;
    const size_t k1 = static_cast<size_t>(d_cc.k() - 1);
    for (size_t i = d_frame - std::min(d_frame, k1); i < d_frame; ++i)
        d_state = d_cc.next_state(d_state, d_bits[i]);
}

} // namespace gpufec
} // namespace gr
