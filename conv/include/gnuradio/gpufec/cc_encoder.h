/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_CC_ENCODER_H
#define INCLUDED_GPUFEC_CC_ENCODER_H

#include <gnuradio/fec/cc_common.h>
#include <gnuradio/fec/generic_encoder.h>
#include <gnuradio/gpufec/api.h>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * \brief gr-fec's cc_encoder on the module's convolutional codes: the same make() arguments,
 * meanings, sizes and output (fec.cc_encoder_make -> gpufec.cc_encoder_make).
 * \ingroup gpufec
 *
 * \details
 * A gr-fec encoder object (FECAPI) for fec.extended_encoder (any puncpat, any threading),
 * fec.encoder, fec.tagged_encoder, fec.async_encoder and fec.bercurve_generator. Arguments as
 * gpufec::cc_decoder's. Per call: frame_size information bits (one byte each, bit 0 read, as
 * gr-fec does) in, rate bits per step out (the tail's too when terminated, and with padded
 * the zero bits that round the tail up to whole bytes).
 * - CC_STREAMING: one stream across calls, from start_state.
 * - CC_TERMINATED: each frame from start_state, its tail the k-1 inputs that lead back to it.
 * - CC_TRUNCATED: each frame from start_state, no tail.
 * - CC_TAILBITING: each frame from the state its last k-1 bits make.
 */
class GPUFEC_API cc_encoder : public gr::fec::generic_encoder
{
public:
    typedef std::shared_ptr<cc_encoder> sptr;

    /*! \throws std::invalid_argument naming a bad argument */
    static sptr make(int frame_size,
                     int k,
                     int rate,
                     std::vector<int> polys,
                     int start_state = 0,
                     cc_mode_t mode = CC_STREAMING,
                     bool padded = false);

protected:
    /* As gpufec::cc_decoder: gr-fec's base at offset 0. */
    cc_encoder() : gr::fec::generic_encoder("cc_encoder") {}
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CC_ENCODER_H */
