/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_VITERBI_DECODER_H
#define INCLUDED_GPUFEC_VITERBI_DECODER_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/gpufec/core/decoder.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief Soft-input Viterbi decoder for convolutional codes, on the GPU or the CPU.
 * \ingroup gpufec
 *
 * \details
 * Input: the received (punctured) stream of soft values, float or int8, positive meaning bit 1
 * (GNU Radio's convention, as from digital.constellation_soft_decoder_cf; set invert for the
 * opposite). Floats are quantized to int8 as round(x * llr_scale) clamped to +-127; NaN reads as
 * an erasure (0) and +-Inf as +-127; int8 input is used as it is (-128 reads as -127).
 * Output: decoded bits (uint8 0/1).
 *
 * Framed codes decode whole frames, coded_bits_per_block() values in, frame_bits() bits out,
 * and tag the first bit of every decoded frame with "frame_start" (value: the frame's index,
 * counted from 0); with a length tag, each frame's length comes from the tag on its first
 * soft value (GNU Radio's tagged-stream convention) and the frame length of the code is the
 * longest accepted. Streaming codes decode one continuous stream in tiles (docs/viterbi.md); the
 * output lags the input by up to one tile plus the traceback depth and does not depend on how
 * the scheduler cuts the input. At the end of a finite stream the decoder flushes: every
 * received trellis step is decoded (traceback from the best state at the end).
 *
 * With find_pairing (unpunctured streaming codes), the decoder finds the pairing of the code
 * symbols itself: it decodes the n pairings of the stream (steps starting at soft value 0, 1,
 * ... n-1 of a period) and switches to another when that one's decoded bits, encoded again,
 * clearly disagree less with the input (viterbi_pairing.h has the rule). The first bit decoded
 * with a new pairing carries a "pairing" tag (pmt long: the offset, 0 .. n-1); the stream
 * starts with offset 0. It costs n decoders and one more window (64 steps) of latency.
 *
 * Input tags move to the first output bit of the frame (or puncturing period) they fall in; a
 * "packet_len" tag's value becomes the decoded length. Each run of the flowgraph starts a new
 * stream. The CPU and CUDA backends take the same decisions. Parameters are fixed at
 * construction: changing them would restart the decoder's stream.
 */
class GPUFEC_API viterbi_decoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<viterbi_decoder> sptr;

    /*!
     * \param code the convolutional code (gpufec.conv_code(...))
     * \param backend "auto" (the GPU when present), "cpu" or "cuda"
     * \param input "float" or "int8": the input item type
     * \param llr_scale float input: int8 value = round(x * llr_scale), clamped to +-127 (> 0)
     * \param invert set when a positive soft value means bit 0
     * \param payload streaming tiles: decoded steps per tile (0: the default)
     * \param before streaming tiles: warm-up steps before a tile (0: the default)
     * \param after streaming tiles: traceback steps after a tile (0: the default)
     * \param device the CUDA device index (machines with several GPUs)
     * \param length_tag framed codes: "" for frames of the code's size, or the key of a tag
     *        (e.g. "packet_len") on each frame's first soft value giving its length in soft
     *        values; frames of any length up to the code's frame_bits() are then decoded
     * \param find_pairing unpunctured streaming codes: find the pairing of the code symbols
     *        (which soft value starts a trellis step) and follow its changes, tagged "pairing"
     */
    static sptr make(conv_code_sptr code,
                     const std::string& backend = "auto",
                     const std::string& input = "float",
                     float llr_scale = decoder_options().llr_scale,
                     bool invert = false,
                     size_t payload = 0,
                     size_t before = 0,
                     size_t after = 0,
                     int device = 0,
                     const std::string& length_tag = "",
                     bool find_pairing = false);

    /*! \brief "cpu" or "cuda": the backend in use. */
    virtual std::string backend() const = 0;
    /*! \brief Frames decoded so far (framed codes; 0 for streaming codes). */
    virtual uint64_t frames_decoded() const = 0;
    /*! \brief Non-finite float soft values seen so far (decoded as described above). */
    virtual uint64_t nonfinite_count() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_VITERBI_DECODER_H */
