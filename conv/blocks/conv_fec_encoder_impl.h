/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_CONV_FEC_ENCODER_IMPL_H
#define INCLUDED_GPUFEC_CONV_FEC_ENCODER_IMPL_H

#include "conv_fecapi_frames.h"
#include <gnuradio/gpufec/conv_fec_encoder.h>

namespace gr {
namespace gpufec {

class conv_fec_encoder_impl : public conv_fec_encoder
{
public:
    explicit conv_fec_encoder_impl(conv_code_sptr code);

    void generic_work(void* in_buffer, void* out_buffer) override;
    double rate() override;
    int get_input_size() override;
    int get_output_size() override;
    bool set_frame_size(unsigned int frame_size) override;

    conv_code_sptr code() const override { return d_frames.code(); }

private:
    fecapi_frames d_frames;
};

} // namespace gpufec
} // namespace gr

#endif
