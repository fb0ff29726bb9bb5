/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_AWGN_BPSK_SOURCE_H
#define INCLUDED_GPUFEC_AWGN_BPSK_SOURCE_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/core/code.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief Test source: random bits, encoded, BPSK-mapped, with AWGN, generated on the GPU.
 * \ingroup gpufec
 *
 * \details
 * Output 0: the information bits (uint8 0/1). Output 1: the channel's soft values (float),
 * LLRs 2y/sigma^2 or noisy symbols y, positive meaning bit 1 (GNU Radio's convention).
 * The outputs run at different rates (information bits vs. channel bits) and are produced in
 * whole code blocks. Eb/N0 uses the code's rate. The streams depend only on the seed, and
 * every run of the flowgraph starts them again from their first bit (a top_block run twice
 * gives the same output twice).
 */
class GPUFEC_API awgn_bpsk_source : virtual public gr::block
{
public:
    typedef std::shared_ptr<awgn_bpsk_source> sptr;

    /*!
     * \param code the code (gpufec.uncoded(), gpufec.conv_code(...))
     * \param ebn0_db Eb/N0 in dB, -30..60
     * \param seed seed of the bit and noise streams
     * \param output "llr" or "symbols"
     * \param backend "auto" (GPU when present), "cpu" or "cuda"
     */
    static sptr make(code_sptr code,
                     double ebn0_db = 4.0,
                     uint64_t seed = 0,
                     const std::string& output = "llr",
                     const std::string& backend = "auto");

    /*! \brief Changes Eb/N0; applies from the next batch. */
    virtual void set_ebn0_db(double ebn0_db) = 0;
    virtual double ebn0_db() const = 0;
    /*! \brief "cpu" or "cuda": the backend in use. */
    virtual std::string backend() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_AWGN_BPSK_SOURCE_H */
