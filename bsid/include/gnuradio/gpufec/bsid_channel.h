/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_BSID_CHANNEL_H
#define INCLUDED_GPUFEC_BSID_CHANNEL_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief The binary substitution, insertion and deletion (BSID) channel: bits in, a different
 * number of bits out, on the GPU or the CPU.
 * \ingroup gpufec
 *
 * \details
 * Each input bit (uint8; any nonzero byte counts as 1) is preceded by insertions of random
 * bits (probability pi each), then deleted (pd) or transmitted (1 - pi - pd), a transmitted
 * bit flipped with probability ps; no insertion follows the last bit of a finite stream.
 * The output is what bsid_channel_model::transmit gives for the whole stream with the same
 * seed: the draws of input bit t depend on (seed, t) only (docs/bsid.md), so the output does
 * not depend on how the scheduler cuts the stream, nor on the backend. Each run of the
 * flowgraph starts a new stream. An input tag moves to the output bit of its input bit's
 * first event (an insertion before it, or the bit itself; a deleted bit's tag lands on the
 * next output bit).
 */
class GPUFEC_API bsid_channel : virtual public gr::block
{
public:
    typedef std::shared_ptr<bsid_channel> sptr;

    /*!
     * \param pi insertion probability, pd deletion, ps substitution (docs/bsid.md)
     * \param seed the channel's seed
     * \param backend "auto" (GPU when present), "cpu" or "cuda"
     */
    static sptr make(double pi,
                     double pd,
                     double ps,
                     uint64_t seed = 0,
                     const std::string& backend = "auto");

    /*!
     * \param channel a channel model (gpufec.bsid_channel_model), the one the insertion/deletion
     *        decoder is given too
     * \param backend "auto" (GPU when present), "cpu" or "cuda"
     */
    static sptr make(bsid_channel_model_sptr channel, const std::string& backend = "auto");

    /*! \brief The channel model the block draws from. */
    virtual bsid_channel_model_sptr model() const = 0;
    /*! \brief "cpu" or "cuda": the backend in use. */
    virtual std::string backend() const = 0;
    /*! \brief Received minus sent bits so far in this run (the drift after the last input
     *  bit transmitted). */
    virtual int64_t drift() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_BSID_CHANNEL_H */
