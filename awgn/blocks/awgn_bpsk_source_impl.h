/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_AWGN_BPSK_SOURCE_IMPL_H
#define INCLUDED_GPUFEC_AWGN_BPSK_SOURCE_IMPL_H

#include "skeleton/blocks/pending_value.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/awgn_bpsk_source.h>

namespace gr {
namespace gpufec {

class awgn_bpsk_source_impl : public awgn_bpsk_source
{
public:
    awgn_bpsk_source_impl(code_sptr code,
                          double ebn0_db,
                          uint64_t seed,
                          const std::string& output,
                          const std::string& backend);

    void set_ebn0_db(double ebn0_db) override;
    double ebn0_db() const override { return d_ebn0_db.get(); }
    std::string backend() const override;

    bool start() override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;

private:
    pending_value<double> d_ebn0_db;
    awgn_bpsk_generator d_gen;
    const size_t d_info_per_block;
    const size_t d_coded_per_block;
};

} // namespace gpufec
} // namespace gr

#endif
