/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_LTE_TRANSPORT_ENCODER_H
#define INCLUDED_GPUFEC_LTE_TRANSPORT_ENCODER_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/lte/lte_transport.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief LTE transport block encoder (TS 36.212 §5.1.1-5.1.5): packets of A bits in, G coded
 * bits out.
 * \ingroup gpufec
 *
 * \details
 * Input: a tagged stream of unpacked bits (uint8, any nonzero byte is a 1), one transport
 * block a packet; the length tag on its first bit gives A. Output: its G coded bits (CRC24A,
 * code block segmentation with CRC24B, turbo coding, rate matching, concatenation, as
 * lte_transport_encode), as one packet.
 *
 * Tags on a packet's first bit override the block's parameters for that packet: "G" (the
 * coded length) and "rv" (the redundancy version); "tb_size", when present, must equal the
 * packet's length. Every tag of a packet moves to its first coded bit, the length tag's value
 * becoming G, and a "tb_size" tag (A) is added when the packet has none, for the decoder.
 * Packets that cannot be encoded (no G, a length other than A, bad parameters, no length tag)
 * are dropped with a warning.
 */
class GPUFEC_API lte_transport_encoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<lte_transport_encoder> sptr;

    /*!
     * \param A the transport block size, or 0 for any (each packet's length)
     * \param G the coded bits per transport block, or 0: each packet's "G" tag
     * \param rv redundancy version 0..3 (a packet's "rv" tag overrides it)
     * \param Qm bits per modulation symbol: 1, 2, 4, 6 or 8
     * \param NL N_L: 1, 2 or 4
     * \param nsoft N_soft of the soft buffer, or 0: no limit (N_cb = K_w)
     * \param kc K_C: 1, 2 or 5 (with nsoft)
     * \param kmimo K_MIMO: 1 or 2 (with nsoft)
     * \param mdlharq M_DL_HARQ, at least 1 (with nsoft)
     * \param length_tag the key of the tag that gives each packet's length
     */
    static sptr make(size_t A = 0,
                     size_t G = 0,
                     int rv = lte_transport_params().rv,
                     int Qm = lte_transport_params().Qm,
                     int NL = lte_transport_params().NL,
                     size_t nsoft = lte_transport_params().nsoft,
                     int kc = lte_transport_params().kc,
                     int kmimo = lte_transport_params().kmimo,
                     int mdlharq = lte_transport_params().mdlharq,
                     const std::string& length_tag = "packet_len");

    /*! \brief Transport blocks encoded so far. */
    virtual uint64_t packets() const = 0;
    /*! \brief Packets dropped so far. */
    virtual uint64_t dropped() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_TRANSPORT_ENCODER_H */
