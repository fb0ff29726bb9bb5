/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_CC_DECODER_IMPL_H
#define INCLUDED_GPUFEC_CC_DECODER_IMPL_H

#include "conv_cc_mode.h"
#include "conv_fecapi_engines.h"
#include "conv_fecapi_frames.h"
#include <gnuradio/gpufec/cc_decoder.h>
#include <deque>
#include <memory>

namespace gr {
namespace gpufec {

class cc_decoder_impl : public cc_decoder
{
public:
    cc_decoder_impl(const cc_mode& cc, const decoder_options& common, bool find_pairing);

    void generic_work(void* inbuffer, void* outbuffer) override;
    double rate() override { return 1.0 / d_cc.n(); }
    int get_input_size() override;
    int get_output_size() override;
    int get_history() override;
    float get_shift() override { return 128.0f; }
    int get_input_item_size() override { return 1; }
    const char* get_input_conversion() override { return "uchar"; }
    bool set_frame_size(unsigned int frame_size) override;
    float get_iterations() override;

    std::string backend() const override;
    size_t output_delay() const override { return d_delay; }
    unsigned pairing() const override { return d_offset; }
    std::vector<pairing_change> pairing_changes() override;

private:
    /* The code decoded per frame, its flips and the scratch for the frame length in use. */
    void use_frame(size_t frame);
    /* Input bytes of frames as int8 soft values, the flips negated. */
    void to_soft(const uint8_t* in, size_t stride, size_t n_frames, const std::vector<uint32_t>& flips);
    void work_streaming(const uint8_t* in, uint8_t* out);
    void work_pairing(const uint8_t* in, uint8_t* out);
    /* Channel values of a frame of @p frame bits (without the blocks of a refusal). */
    size_t frame_values(size_t frame) const;

    cc_mode d_cc;
    fecapi_engines d_engines;
    size_t d_frame;                 //!< information bits per frame
    size_t d_frames = 1;            //!< frames per call (an async PDU of several)
    conv_code_sptr d_code;          //!< decoded per frame (per call when streaming)
    std::vector<uint32_t> d_flips;  //!< framed modes: soft values negated in every frame
    std::vector<int8_t> d_soft;     //!< the call's soft values
    std::vector<uint8_t> d_bits;    //!< decoded bits, where the code decodes more than the frame
    // Streaming: each call decodes d_warm_up steps received before its frame (equal metrics
    // at their start; erasures before the stream's first call), the frame and the k-1 steps
    // after it; the traceback starts from the best state at the end.
    size_t d_warm_up = 0;
    std::vector<int8_t> d_history; //!< the soft values of the d_warm_up steps before the frame
    bool d_working = false; //!< a frame was decoded (the backend is logged then)
    fecapi_refusal d_refusal{ "cc_decoder" };
    // find_pairing: the stream through one decoder, output d_delay bits late
    static constexpr size_t pairing_payload = 128; //!< trellis steps per tile
    std::unique_ptr<viterbi_pairing_decoder> d_pairing;
    size_t d_delay = 0;
    uint64_t d_output = 0;                  //!< bits output so far
    unsigned d_offset = 0;                  //!< the pairing of the last output bit
    std::vector<pairing_change> d_pulled;   //!< scratch: the changes of one pull
    std::deque<pairing_change> d_changes;   //!< not yet asked for (pairing_changes())
};

} // namespace gpufec
} // namespace gr

#endif
