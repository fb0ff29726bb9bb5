/* -*- c++ -*- */
/*
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#ifndef INCLUDED_GPUFEC_BSID_MAP_DECODER_H
#define INCLUDED_GPUFEC_BSID_MAP_DECODER_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief Insertion/deletion MAP decoder (Briffa) for a stream of frames sent back to back
 * over a BSID channel, on the GPU or the CPU.
 * \ingroup gpufec
 *
 * \details
 * Input: the received bits (uint8; any nonzero byte counts as 1), one stream with drift.
 * The decoder places frame after frame (bsid_stream_decoder), each from the previous one's
 * end-drift estimate, reading lookahead codewords of the next frame past its end; a loss of
 * sync is detected, re-acquired and logged.
 * Output, per frame of N symbols: with output "bits", the decided symbols as log2(q) bits each
 * (uint8 0/1, most significant first), as tvb_encoder takes them; with output "posteriors",
 * one vector of q floats per symbol (the symbol's posterior probabilities, summing to 1).
 * Tags on the first item of every frame: "frame_start" (uint64: its index from 0), "drift"
 * (long: its estimated end drift, received minus sent bits at its end), "drift_confidence"
 * (double: the posterior probability of that drift) and "resync" (bool: the frame was placed
 * by a search after a loss of sync). Input tags are not carried (a received bit has no fixed
 * place in the decoded frames). At the end of a finite stream the decoder flushes: the last
 * frame ends where the stream does, so a recorded stream comes out whole. Each run of the
 * flowgraph starts a new stream.
 */
class GPUFEC_API bsid_map_decoder : virtual public gr::block
{
public:
    typedef std::shared_ptr<bsid_map_decoder> sptr;

    /*!
     * \param code the time-varying block code (gpufec.tvb_code)
     * \param channel the channel model the decoder assumes (gpufec.bsid_channel_model)
     * \param output "bits" (decided symbols as bits) or "posteriors" (q floats per symbol)
     * \param backend "auto" (the GPU when present), "cpu" or "cuda"
     * \param device the CUDA device index (machines with several GPUs)
     * \param max_drift the frame drift limit, or -1 to derive it from the channel
     * \param lookahead codewords of the next frame read past a frame's end to place it
     * \param storage the CUDA backend's gamma storage: "auto", "global" or "local"
     * \param precision "float" or "double"
     * \param threads CPU worker threads, 0 for one per hardware thread
     * \param drift_threshold the probability, per frame and codeword, that the true drift
     *        leaves the derived limits, in (0, 1)
     * \param max_symbol_drift the drift change per codeword, or -1 to derive it
     * \param lattice the receiver metric's lattice: "corridor" (the paper's) or "pooled"
     */
    static sptr
    make(tvb_code_sptr code,
         bsid_channel_model_sptr channel,
         const std::string& output = "bits",
         const std::string& backend = backend_name(bsid_map_options().backend),
         int device = bsid_map_options().device,
         int max_drift = bsid_map_options().max_drift,
         size_t lookahead = bsid_map_options().lookahead,
         const std::string& storage = bsid_storage_name(bsid_map_options().storage),
         const std::string& precision = bsid_precision_name(bsid_map_options().precision),
         unsigned threads = bsid_map_options().threads,
         double drift_threshold = bsid_map_options().drift_threshold,
         int max_symbol_drift = bsid_map_options().max_symbol_drift,
         const std::string& lattice = bsid_lattice_name(bsid_map_options().lattice));

    /*! \brief "cpu" or "cuda": the backend in use. */
    virtual std::string backend() const = 0;
    /*! \brief The drift limits the decoder works within. */
    virtual bsid_drift_limits limits() const = 0;
    /*! \brief Frames decoded so far in this run. */
    virtual uint64_t frames_decoded() const = 0;
    /*! \brief Losses of sync detected so far in this run. */
    virtual uint64_t resyncs() const = 0;
    /*! \brief The end drift of the last frame decoded (0 before the first). */
    virtual int64_t drift() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_BSID_MAP_DECODER_H */
