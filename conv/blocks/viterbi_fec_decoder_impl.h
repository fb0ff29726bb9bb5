/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_VITERBI_FEC_DECODER_IMPL_H
#define INCLUDED_GPUFEC_VITERBI_FEC_DECODER_IMPL_H

#include "conv_fecapi_engines.h"
#include "conv_fecapi_frames.h"
#include <gnuradio/gpufec/conv/viterbi.h>
#include <gnuradio/gpufec/viterbi_fec_decoder.h>

namespace gr {
namespace gpufec {

class viterbi_fec_decoder_impl : public viterbi_fec_decoder
{
public:
    viterbi_fec_decoder_impl(conv_code_sptr code, const decoder_options& common);

    void generic_work(void* inbuffer, void* outbuffer) override;
    double rate() override;
    int get_input_size() override;
    int get_output_size() override;
    const char* get_input_conversion() override;
    bool set_frame_size(unsigned int frame_size) override;
    float get_iterations() override;

    std::string backend() const override;
    conv_code_sptr code() const override { return d_frames.code(); }
    uint64_t nonfinite_count() const override { return d_nonfinite; }

private:
    fecapi_frames d_frames;
    fecapi_engines d_engines;
    const float d_llr_scale;
    viterbi_decoder_engine* d_engine; //!< the frame length in use
    uint64_t d_nonfinite = 0;
    bool d_warned_erased = false;
    bool d_working = false; //!< a frame was decoded (the backend is logged then)
};

} // namespace gpufec
} // namespace gr

#endif
