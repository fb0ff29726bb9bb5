/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_CONV_ENCODER_H
#define INCLUDED_GPUFEC_CONV_ENCODER_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/conv/conv_code.h>

namespace gr {
namespace gpufec {

/*!
 * \brief Convolutional encoder: information bits in, (punctured) coded bits out.
 * \ingroup gpufec
 *
 * \details
 * Input and output are unpacked bits (uint8; any nonzero byte counts as 1, the output holds
 * 0 or 1). Framed codes encode whole frames: frame_bits() bits in, coded_bits_per_block() bits
 * out (tail and puncturing included; the puncturing pattern restarts at every frame).
 * Streaming codes encode one continuous stream from state 0: the encoder state and the
 * puncturing phase carry over from call to call, so the output does not depend on how the
 * scheduler cuts the input, and every run of the flowgraph starts again from state 0. A
 * "packet_len" tag moves to the first coded bit of its block with its value rescaled to coded
 * bits; bits at the end of a stream that make no whole frame or puncturing period are dropped
 * with a warning. The code's encoder (conv_code::encode) does the work.
 */
class GPUFEC_API conv_encoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<conv_encoder> sptr;

    /*!
     * \param code the convolutional code (gpufec.conv_code(...))
     */
    static sptr make(conv_code_sptr code);
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CONV_ENCODER_H */
