/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_CONV_ENCODER_IMPL_H
#define INCLUDED_GPUFEC_CONV_ENCODER_IMPL_H

#include <gnuradio/gpufec/conv_encoder.h>
#include <vector>

namespace gr {
namespace gpufec {

class conv_encoder_impl : public conv_encoder
{
public:
    explicit conv_encoder_impl(conv_code_sptr code);

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;

private:
    const conv_code_sptr d_code;
    const size_t d_info_per_block;  //!< a frame, or one puncturing period when streaming
    const size_t d_coded_per_block;
    const size_t d_history;         //!< information bits before a block that it depends on
    /*! Streaming: the last d_history input bits, then this call's input (conv_code::encode
     *  reads the history just before its input pointer). */
    std::vector<uint8_t> d_scratch;
};

} // namespace gpufec
} // namespace gr

#endif
