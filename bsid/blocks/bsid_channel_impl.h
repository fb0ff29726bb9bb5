/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef INCLUDED_GPUFEC_BSID_CHANNEL_IMPL_H
#define INCLUDED_GPUFEC_BSID_CHANNEL_IMPL_H

#include <gnuradio/gpufec/bsid_channel.h>
#include <atomic>
#include <deque>

namespace gr {
namespace gpufec {

class bsid_channel_impl : public bsid_channel
{
public:
    bsid_channel_impl(bsid_channel_model_sptr channel, const std::string& backend);

    bsid_channel_model_sptr model() const override { return d_model; }
    std::string backend() const override;
    int64_t drift() const override { return d_drift.load(); }

    bool start() override;
    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;

private:
    void transmit(const uint8_t* in, size_t n);

    const bsid_channel_model_sptr d_model;
    bsid_channel_simulator d_sim;
    std::deque<uint8_t> d_queue; //!< received bits not yet written
    uint64_t d_sent = 0;         //!< input bits transmitted in this run
    uint64_t d_received = 0;     //!< output bits made in this run (written or queued)
    std::atomic<int64_t> d_drift{ 0 };
};

} // namespace gpufec
} // namespace gr

#endif
