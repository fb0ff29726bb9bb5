/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_VITERBI_FEC_DECODER_H
#define INCLUDED_GPUFEC_VITERBI_FEC_DECODER_H

#include <gnuradio/fec/generic_decoder.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/conv/conv_code.h>
#include <cstdint>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief The Viterbi decoder as a gr-fec decoder object (FECAPI), for fec.extended_decoder,
 * fec.decoder, fec.tagged_decoder, fec.async_decoder and gr-fec's BER curve generator.
 * \ingroup gpufec
 *
 * \details
 * Decodes one frame of a framed convolutional code per generic_work() call with the module's
 * Viterbi engine, on the CPU or a GPU: the same decisions as gpufec.viterbi_decoder.
 *
 * Input: the frame's channel values as floats (get_input_conversion() is "none": gr-fec
 * passes them through unchanged), positive meaning bit 1, the punctured stream when the code
 * punctures (leave the gr-fec blocks' puncpat at '11'). Floats are quantized as
 * round(x * llr_scale) clamped to +-127. Output: the frame's information bits (0/1 bytes).
 *
 * Frame sizes (set_frame_size(), called by the tagged and async decoders): a frame of
 * frame_size information bits, 1 up to the code's frame_bits() (larger sizes decode frames of
 * frame_bits() and return false, as gr-fec's cc_decoder does). gr-fec finds a frame's size
 * from its channel values with rate(), the puncturing rate without tails, as for cc_decoder;
 * that is exact for frames of whole puncturing periods, so a punctured code accepts only those
 * (or its own frame_bits()). Streaming codes are refused: gr-fec's framed interface would need
 * history and output that lags the input; use gpufec.viterbi_decoder for streams.
 *
 * Not thread-safe: one object per gr-fec block (gr-fec's rule); the threaded gr-fec decoders
 * take a list of objects.
 */
class GPUFEC_API viterbi_fec_decoder : public gr::fec::generic_decoder
{
public:
    typedef std::shared_ptr<viterbi_fec_decoder> sptr;

    /*! gr-fec's flowgraphs carry unit-energy symbols (+-1 plus noise), not LLRs: scaled by 32
     *  they fill the int8 range up to |x| of about 4 (cc_decoder saturates near 2.7). */
    static constexpr float default_llr_scale = 32.0f;

    /*!
     * \param code a framed convolutional code (terminated, truncated or tail-biting)
     * \param backend "auto" (the GPU when present), "cpu" or "cuda"
     * \param llr_scale int8 value = round(x * llr_scale), clamped to +-127 (> 0)
     * \param invert set when a positive soft value means bit 0
     * \param device the CUDA device index (machines with several GPUs)
     * \throws std::invalid_argument for a streaming code or a bad option
     */
    static sptr make(conv_code_sptr code,
                     const std::string& backend = "auto",
                     float llr_scale = default_llr_scale,
                     bool invert = false,
                     int device = 0);

    /*! \brief "cpu" or "cuda": the backend in use. */
    virtual std::string backend() const = 0;
    /*! \brief The code, with the frame length in use. */
    virtual conv_code_sptr code() const = 0;
    /*! \brief Non-finite float soft values seen so far (NaN decodes as an erasure). */
    virtual uint64_t nonfinite_count() const = 0;

protected:
    /* gr-fec's base names the object (its logger and alias). Single, non-virtual inheritance
     * keeps that base at offset 0, as pybind11 assumes when it passes the object to gr-fec. */
    viterbi_fec_decoder() : gr::fec::generic_decoder("viterbi_fec_decoder") {}
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_VITERBI_FEC_DECODER_H */
