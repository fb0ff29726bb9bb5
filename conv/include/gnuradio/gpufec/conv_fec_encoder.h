/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_CONV_FEC_ENCODER_H
#define INCLUDED_GPUFEC_CONV_FEC_ENCODER_H

#include <gnuradio/fec/generic_encoder.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/conv/conv_code.h>

namespace gr {
namespace gpufec {

/*!
 * \brief The convolutional encoder as a gr-fec encoder object (FECAPI), for
 * fec.extended_encoder, fec.encoder, fec.tagged_encoder, fec.async_encoder and gr-fec's BER
 * curve generator.
 * \ingroup gpufec
 *
 * \details
 * Encodes one frame of a framed convolutional code per generic_work() call with the code's
 * encoder (conv_code::encode): information bits in, the frame's coded bits out, tail and
 * puncturing included (leave the gr-fec blocks' puncpat at '11'); unpacked bits (0/1 bytes)
 * both ways. set_frame_size() takes 1 up to the code's frame_bits() information bits (larger
 * sizes encode frames of frame_bits() and return false, as gr-fec's cc_encoder does).
 * Streaming codes are refused, as by gpufec.viterbi_fec_decoder; use gpufec.conv_encoder for
 * streams.
 */
class GPUFEC_API conv_fec_encoder : public gr::fec::generic_encoder
{
public:
    typedef std::shared_ptr<conv_fec_encoder> sptr;

    /*!
     * \param code a framed convolutional code (terminated, truncated or tail-biting)
     * \throws std::invalid_argument for a streaming code
     */
    static sptr make(conv_code_sptr code);

    /*! \brief The code, with the frame length in use. */
    virtual conv_code_sptr code() const = 0;

protected:
    /* gr-fec's base names the object (its logger and alias). Single, non-virtual inheritance
     * keeps that base at offset 0, as pybind11 assumes when it passes the object to gr-fec. */
    conv_fec_encoder() : gr::fec::generic_encoder("conv_fec_encoder") {}
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CONV_FEC_ENCODER_H */
