/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_TVB_ENCODER_H
#define INCLUDED_GPUFEC_TVB_ENCODER_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/bsid/tvb_code.h>

namespace gr {
namespace gpufec {

/*!
 * \brief Time-varying block code encoder: messages of N q-ary symbols in, as log2(q) bits per
 * symbol (most significant first), frames of tau = n N bits out.
 * \ingroup gpufec
 *
 * \details
 * Input and output are unpacked bits (uint8; any nonzero byte counts as 1, the output holds 0
 * or 1). Symbol i of a message (position i mod N of the stream's symbols) is sent as the
 * codeword of codebook C_i, in transmission order, as tvb_code::encode does. Input tags move
 * to the first bit of their frame; a "packet_len" tag's value (a whole number of messages)
 * becomes the frame length in bits.
 */
class GPUFEC_API tvb_encoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<tvb_encoder> sptr;

    /*!
     * \param code the time-varying block code (gpufec.tvb_code(n, q, N))
     */
    static sptr make(tvb_code_sptr code);
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_TVB_ENCODER_H */
