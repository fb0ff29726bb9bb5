/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_VITERBI_DECODER_IMPL_H
#define INCLUDED_GPUFEC_VITERBI_DECODER_IMPL_H

#include <gnuradio/gpufec/viterbi.h>
#include <gnuradio/gpufec/viterbi_decoder.h>
#include <atomic>

namespace gr {
namespace gpufec {

class viterbi_decoder_impl : public viterbi_decoder
{
public:
    viterbi_decoder_impl(conv_code_sptr code,
                         const viterbi_options& opts,
                         bool float_input);

    std::string backend() const override;
    uint64_t frames_decoded() const override { return d_frames; }
    uint64_t nonfinite_count() const override { return d_nonfinite; }

    bool start() override;
    bool stop() override;
    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;

private:
    int work_frames(int noutput_items, int ninput_items, const void* in, uint8_t* out);
    int work_stream(int noutput_items, int ninput_items, const void* in, uint8_t* out);
    void check_float_input(const float* in, size_t n);

    viterbi_decoder_engine d_engine;
    const bool d_float_input;
    const bool d_streaming;
    const size_t d_info_per_block;  //!< frame bits, or the steps of one puncturing period
    const size_t d_coded_per_block; //!< soft values per frame (or per puncturing period)
    const size_t d_item_size;
    int d_work_multiple;            //!< output multiple while running
    int d_alloc_multiple;           //!< output multiple while buffers are allocated
    std::atomic<uint64_t> d_frames{ 0 };
    std::atomic<uint64_t> d_nonfinite{ 0 };
};

} // namespace gpufec
} // namespace gr

#endif
