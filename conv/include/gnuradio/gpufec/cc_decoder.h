/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_CC_DECODER_H
#define INCLUDED_GPUFEC_CC_DECODER_H

#include <gnuradio/fec/cc_common.h>
#include <gnuradio/fec/generic_decoder.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/conv/viterbi_pairing.h>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * \brief gr-fec's cc_decoder with the module's Viterbi decoder: the same make() arguments,
 * meanings, sizes and input, so that a gr-fec flowgraph changes only the module name
 * (fec.cc_decoder.make -> gpufec.cc_decoder.make).
 * \ingroup gpufec
 *
 * \details
 * A gr-fec decoder object (FECAPI) for fec.extended_decoder (any puncpat, any threading),
 * fec.decoder, fec.tagged_decoder, fec.async_decoder and fec.bercurve_generator.
 *
 * Arguments as gr-fec's (GNU Radio 3.10): frame_size information bits per frame (the largest
 * set_frame_size() accepts), constraint length k, rate the inverse rate n (one polynomial
 * each), polys in gr-fec's form (bit 0 taps the newest bit: [79, 109] is 171/133), start_state
 * and end_state in gr-fec's numbering (the newest bit lowest; end_state -1: the best state),
 * mode fec.CC_STREAMING, CC_TERMINATED, CC_TRUNCATED or CC_TAILBITING, padded (a terminated
 * frame's tail rounded up to whole bytes of channel bits).
 *
 * Input as cc_decoder's: one byte per channel bit, 128 + 48 x saturated (gr-fec's blocks
 * convert floats so: get_input_conversion() "uchar", get_shift() 128), read as the int8 soft
 * value byte - 128 (positive: bit 1). Output: the frame's information bits.
 *
 * Per mode, per call (docs/migrating-from-gr-fec.md has the details and the differences):
 * - CC_TERMINATED: a frame that starts in start_state and ends through the tail; with
 *   end_state -1 the traceback starts from the best state after the tail, otherwise from
 *   end_state.
 * - CC_TRUNCATED: a frame from start_state, the traceback from the best end state.
 * - CC_TAILBITING: a tail-biting frame (start_state and end_state unused, as in gr-fec).
 * - CC_STREAMING: the call's frame_size steps and the k-1 steps after them (gr-fec's history:
 *   get_history() is n (k-1)), the traceback from the best state at the end; the frame's bits
 *   come out at once. Where gr-fec's decoder starts from the state it decided the previous
 *   frame ended in, this one warms up on the steps received before the frame (the module's
 *   streaming warm-up for the code, 16 steps for K=7 r1/2) from equal metrics, as gr-fec's
 *   first call starts: no decision is carried over.
 *
 * find_pairing (CC_STREAMING only; not one of gr-fec's arguments): the decoder finds which
 * channel value starts a trellis step and follows its changes (a receiver that joins a stream
 * mid-step, or whose symbol clock slips by one symbol), with viterbi_pairing_decoder, where
 * gr-satellites runs a second decoder one symbol later. The output is then the stream decoded
 * output_delay() bits late (the first output_delay() bits are zeros; the last ones of a finite
 * stream do not come out), since the decision needs the values after a slip; get_history()
 * stays gr-fec's. A change of pairing is logged, and pairing() and pairing_changes() tell it.
 *
 * A frame length no frame has (set_frame_size() of gr-fec's tagged and async decoders: a PDU
 * shorter than a frame's tail, 0, longer than the frame and not whole frames) drops that
 * frame with a log line, as viterbi_fec_decoder does, instead of ending async_decoder's
 * message handler.
 *
 * Not thread-safe: one object per gr-fec block (gr-fec's rule).
 */
class GPUFEC_API cc_decoder : public gr::fec::generic_decoder
{
public:
    typedef std::shared_ptr<cc_decoder> sptr;

    /*!
     * \param backend "cpu" (the default: one frame a call is latency-bound on a GPU), "cuda"
     *        or "auto"
     * \param device the CUDA device index
     * \param find_pairing CC_STREAMING: find the pairing of the code symbols (above)
     * \throws std::invalid_argument naming a bad argument
     */
    static sptr make(int frame_size,
                     int k,
                     int rate,
                     std::vector<int> polys,
                     int start_state = 0,
                     int end_state = -1,
                     cc_mode_t mode = CC_STREAMING,
                     bool padded = false,
                     const std::string& backend = "cpu",
                     int device = 0,
                     bool find_pairing = false);

    /*! \brief "cpu" or "cuda": the backend in use. */
    virtual std::string backend() const = 0;

    /*! \brief With find_pairing, the bits the output lags the decoded stream by (0 without):
     *  output bit i is stream bit i - output_delay(). */
    virtual size_t output_delay() const = 0;
    /*! \brief The pairing of the last output bit: the offset (0 .. rate-1) of the channel
     *  values, counted from the first the object received, at which its trellis step starts
     *  (0 without find_pairing). */
    virtual unsigned pairing() const = 0;
    /*! \brief The changes of pairing output since the previous call, oldest first: bit, the
     *  output position (counted from the object's first output bit) of the first bit decoded
     *  with the new offset. The latest max_pairing_changes are kept (each one is logged). */
    virtual std::vector<pairing_change> pairing_changes() = 0;
    static constexpr size_t max_pairing_changes = 1024;

protected:
    /* gr-fec's base names the object (its logger and alias). Single, non-virtual inheritance
     * keeps that base at offset 0, as pybind11 assumes when it passes the object to gr-fec. */
    cc_decoder() : gr::fec::generic_decoder("cc_decoder") {}
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CC_DECODER_H */
