/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_AWGN_BPSK_CHANNEL_H
#define INCLUDED_GPUFEC_AWGN_BPSK_CHANNEL_H

#include <gnuradio/gpufec/api.h>
#include <gnuradio/sync_block.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief BPSK over AWGN: bits (uint8 0/1) in, soft values (float) out, on the GPU or the CPU.
 * \ingroup gpufec
 *
 * \details
 * Bit 0 maps to -1 and bit 1 to +1 (GNU Radio's convention: a positive soft value means bit 1),
 * then Gaussian noise is added. The output is the LLR 2y/sigma^2 or the noisy symbol y.
 * Noise sample i of the stream depends only on (seed, i), so the output is the same on
 * every backend and however the scheduler cuts the stream.
 */
class GPUFEC_API awgn_bpsk_channel : virtual public gr::sync_block
{
public:
    typedef std::shared_ptr<awgn_bpsk_channel> sptr;

    /*!
     * \param snr_db Eb/N0 or Es/N0 in dB, -30..60
     * \param snr_kind "ebn0" or "esn0"
     * \param code_rate code rate in (0, 1], used with "ebn0"
     * \param output "llr" or "symbols"
     * \param seed noise seed
     * \param backend "auto" (GPU when present), "cpu" or "cuda"
     */
    static sptr make(double snr_db = 4.0,
                     const std::string& snr_kind = "ebn0",
                     double code_rate = 1.0,
                     const std::string& output = "llr",
                     uint64_t seed = 0,
                     const std::string& backend = "auto");

    /*! \brief Changes the SNR; applies from the next batch. */
    virtual void set_snr_db(double snr_db) = 0;
    virtual double snr_db() const = 0;
    /*! \brief "cpu" or "cuda": the backend in use. */
    virtual std::string backend() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_AWGN_BPSK_CHANNEL_H */
