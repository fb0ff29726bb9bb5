/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_LTE_TURBO_ENCODER_IMPL_H
#define INCLUDED_GPUFEC_LTE_TURBO_ENCODER_IMPL_H

#include <gnuradio/gpufec/lte_turbo_encoder.h>

namespace gr {
namespace gpufec {

class lte_turbo_encoder_impl : public lte_turbo_encoder
{
public:
    explicit lte_turbo_encoder_impl(lte_turbo_code_sptr code);

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;

private:
    void move_tags(size_t n_in);

    const lte_turbo_code_sptr d_code;
    const size_t d_K; //!< information bits per block
    const size_t d_N; //!< coded bits per block
};

} // namespace gpufec
} // namespace gr

#endif
