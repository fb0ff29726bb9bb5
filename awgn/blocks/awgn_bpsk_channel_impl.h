/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_AWGN_BPSK_CHANNEL_IMPL_H
#define INCLUDED_GPUFEC_AWGN_BPSK_CHANNEL_IMPL_H

#include "skeleton/blocks/pending_value.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/awgn_bpsk_channel.h>

namespace gr {
namespace gpufec {

class awgn_bpsk_channel_impl : public awgn_bpsk_channel
{
public:
    awgn_bpsk_channel_impl(double snr_db,
                           const std::string& snr_kind,
                           double code_rate,
                           const std::string& output,
                           uint64_t seed,
                           const std::string& backend);

    void set_snr_db(double snr_db) override;
    double snr_db() const override { return d_snr_db.get(); }
    std::string backend() const override;

    int work(int noutput_items,
             gr_vector_const_void_star& input_items,
             gr_vector_void_star& output_items) override;

private:
    const gr::gpufec::snr_kind d_snr_kind;
    const double d_code_rate;
    pending_value<double> d_snr_db;
    awgn_bpsk_channel_engine d_engine;
};

} // namespace gpufec
} // namespace gr

#endif
