/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_CC_ENCODER_IMPL_H
#define INCLUDED_GPUFEC_CC_ENCODER_IMPL_H

#include "conv_cc_mode.h"
#include "conv_fecapi_frames.h"
#include <gnuradio/gpufec/cc_encoder.h>

namespace gr {
namespace gpufec {

class cc_encoder_impl : public cc_encoder
{
public:
    explicit cc_encoder_impl(const cc_mode& cc);

    void generic_work(void* in_buffer, void* out_buffer) override;
    double rate() override { return static_cast<double>(d_cc.n()); }
    int get_input_size() override;
    int get_output_size() override;
    bool set_frame_size(unsigned int frame_size) override;

private:
    void use_frame(size_t frame);

    cc_mode d_cc;
    size_t d_frame;
    conv_code_sptr d_code;         //!< encoded per frame
    std::vector<uint32_t> d_flips; //!< framed modes: channel bits complemented in every frame
    std::vector<uint8_t> d_bits;   //!< the frame's bits, bit 0 of each byte (gr-fec reads that)
    unsigned d_state;              //!< streaming: gr-fec's state after the last bit
    fecapi_refusal d_refusal{ "cc_encoder" };
};

} // namespace gpufec
} // namespace gr

#endif
