/* The insertion/deletion MAP decoder (Briffa, equations 1-12): forward-backward over the drift
 * states of the BSID channel, with the corridor-constrained lattice for the receiver metric,
 * for time-varying block codes. GNU-Radio-free; the block, the numpy functions and the BER tool
 * wrap this. docs/bsid.md specifies the arithmetic the CPU and CUDA backends share.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BSID_MAP_H
#define INCLUDED_GPUFEC_BSID_MAP_H

#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/core/decoder.h>
// bsid_storage, bsid_lattice, bsid_precision: generated from bsid/bsid_options.yml.
#include <gnuradio/gpufec/bsid/bsid_options.h>
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*! @brief Probability, per frame and per codeword, that the true drift leaves the limits the
 *  decoder derives (bsid_derive_drift_limits). */
constexpr double bsid_default_drift_threshold = 1e-10;

/*!
 * @brief The drift states the decoder considers (Briffa's m_tau^-, m_tau^+, m_n^-, m_n^+).
 *
 * The drift at a codeword boundary is in [frame_min, frame_max]; over one codeword it changes
 * by [symbol_min, symbol_max], and the receiver-metric lattice keeps its paths within that
 * corridor. frame_min <= symbol_min <= 0 <= symbol_max <= frame_max.
 */
struct GPUFEC_CORE_API bsid_drift_limits {
    int frame_min = 0;
    int frame_max = 0;
    int symbol_min = 0;
    int symbol_max = 0;
    /*! @brief M_tau, the drift states at a codeword boundary. */
    size_t frame_states() const { return static_cast<size_t>(frame_max - frame_min + 1); }
    /*! @brief M_n, the drift changes over one codeword. */
    size_t symbol_states() const { return static_cast<size_t>(symbol_max - symbol_min + 1); }
};

/*!
 * @brief The exact distribution of the drift after @p T input bits (docs/bsid.md).
 * @return probabilities of drift lo .. hi, where [lo, hi] holds all but 1e-300 of it
 */
GPUFEC_CORE_API std::vector<double>
bsid_drift_distribution(const bsid_params& p, size_t T, int* lo, int* hi);

/*!
 * @brief Drift limits from the channel: the frame limits are the narrowest with at most
 * @p threshold / 2 of the drift distribution after tau = n N bits beyond each, the symbol
 * limits the same after n bits (each at least 1 wide on a side with a nonzero probability).
 * @param max_drift when >= 0, frame limits [-max_drift, max_drift] instead
 * @param max_symbol_drift when >= 0, symbol limits [-max_symbol_drift, max_symbol_drift]
 *        (clipped to the frame limits) instead
 * @throws std::invalid_argument on a threshold outside (0, 1)
 */
GPUFEC_CORE_API bsid_drift_limits bsid_derive_drift_limits(const bsid_params& p,
                                                           size_t n,
                                                           size_t N,
                                                           double threshold = bsid_default_drift_threshold,
                                                           int max_drift = -1,
                                                           int max_symbol_drift = -1);

/*! @brief The MAP decoder's options: every decoder's (backend, device, max_batch, threads),
 *  and its own. The soft-input options (input, llr_scale, invert) do not apply: the received
 *  sequence is hard bits. */
struct GPUFEC_CORE_API bsid_map_options : decoder_options {
    double drift_threshold = bsid_default_drift_threshold;
    int max_drift = -1;        //!< frame drift limit; -1: derived
    int max_symbol_drift = -1; //!< drift change per codeword; -1: derived
    bsid_storage storage = bsid_storage::AUTO;
    bsid_precision precision = bsid_precision::FLOAT;
    /*! POOLED has no stored gamma: storage applies to CORRIDOR only. The default on every
     *  backend (so that CPU and GPU decisions match): faster on both, the same symbol error
     *  rate as the paper's CORRIDOR (docs/bsid.md, "Lattice"). */
    bsid_lattice lattice = bsid_lattice::POOLED;
    /*! Codewords of the next frame that the stream decoder reads past a frame's end to place
     *  it (0 for decode_frames, which knows where each frame ends). */
    size_t lookahead = 0;

    /*! @throws std::invalid_argument naming the option, its value and what is allowed */
    void check() const;
};

/*!
 * @brief One received frame of a batch, as the decoder sees it.
 *
 * The window holds the received bits around the frame; drift d at codeword boundary i puts
 * the next received bit at window index origin + n i + d. The start drift is 0 unless the
 * batch gives start-drift priors; the end drift is length - origin - tau when end_known, and
 * otherwise free (the stream decoder's frames, which read lookahead codewords of the next
 * frame past the end).
 */
struct GPUFEC_CORE_API bsid_frame_window {
    size_t offset = 0; //!< first bit of the window in the batch's received buffer
    size_t length = 0; //!< bits in the window
    size_t origin = 0; //!< window index of the frame's first bit at drift 0
    bool end_known = true;
};

/*!
 * @brief The insertion/deletion MAP decoder for one code and channel, on the CPU or a GPU.
 * Buffers for a batch are allocated lazily and kept; not thread-safe (one per thread).
 */
class GPUFEC_CORE_API bsid_map_decoder_engine
{
public:
    /*! @throws std::invalid_argument on a null code or bad options or channel parameters */
    bsid_map_decoder_engine(tvb_code_sptr code,
                            const bsid_params& channel,
                            const bsid_map_options& opts = bsid_map_options());
    ~bsid_map_decoder_engine();
    bsid_map_decoder_engine(const bsid_map_decoder_engine&) = delete;
    bsid_map_decoder_engine& operator=(const bsid_map_decoder_engine&) = delete;

    const tvb_code& decoded_code() const { return *m_code; }
    const tvb_code_sptr& code() const { return m_code; }
    const bsid_params& channel() const { return m_channel; }
    const bsid_map_options& options() const { return m_opts; }
    const bsid_drift_limits& limits() const { return m_limits; }
    const backend_choice& backend() const { return m_choice; }
    /*! @brief The storage mode the CUDA backend uses for a batch of @p n_frames (LOCAL or
     *  GLOBAL; the CPU backend stores like GLOBAL per frame). */
    bsid_storage storage_for(size_t n_frames) const;
    /*! @brief Device (CUDA) or host (CPU) memory one frame needs in a mode, in bytes. */
    size_t bytes_per_frame(bsid_storage mode) const;

    /*!
     * @brief Decodes frames whose start and end are known: frame f is received bits
     * [ends[f-1], ends[f]) (ends[-1] = 0), drift 0 at its start, length - tau at its end.
     * @param priors n_frames * N * q symbol probabilities (each row sums to 1), or null
     *        for equiprobable symbols
     * @param posteriors n_frames * N * q out (each row sums to 1), or null
     * @param decisions n_frames * N most probable symbols out (the lowest on a tie), or null
     * @throws std::invalid_argument when a frame's end drift is outside the frame limits,
     *         naming the frame, its length and the lengths allowed
     */
    void decode_frames(const uint8_t* received,
                       const size_t* ends,
                       size_t n_frames,
                       const double* priors,
                       double* posteriors,
                       uint32_t* decisions);

    /*!
     * @brief The general form: windows, start-drift priors and the end-drift posteriors.
     * @param start_drift n_frames * frame_states() probabilities of the drift at the frame's
     *        start (index 0 is limits().frame_min), or null for drift 0
     * @param end_drift n_frames * frame_states() out: the posterior of the drift at codeword
     *        boundary N (the frame's end), or null
     */
    void decode_windows(const uint8_t* received,
                        const bsid_frame_window* windows,
                        size_t n_frames,
                        const double* start_drift,
                        const double* priors,
                        double* posteriors,
                        uint32_t* decisions,
                        double* end_drift);

private:
    struct backend_impl;
    tvb_code_sptr m_code;
    bsid_params m_channel;
    bsid_map_options m_opts;
    bsid_drift_limits m_limits;
    backend_choice m_choice;
    std::unique_ptr<backend_impl> m_impl;
};

/*! @brief One frame the stream decoder has decoded. */
struct GPUFEC_CORE_API bsid_stream_frame {
    uint64_t index = 0;          //!< frames decoded before it in this stream
    uint64_t start = 0;          //!< received bit at which the decoder placed its start
    int64_t drift = 0;           //!< its end drift estimate: received minus sent bits at its end
    double drift_confidence = 0; //!< posterior probability of that drift (given its start)
    bool resynchronised = false; //!< placed by a search after a loss of sync was detected
    std::vector<uint32_t> symbols;
    std::vector<double> posteriors; //!< N * q, when the decoder keeps them
};

/*!
 * @brief Frames sent back to back, received as one bit stream with drift: decodes frame after
 * frame, placing each from the previous one's end-drift posterior, which it estimates by
 * reading options().lookahead codewords of the next frame. A loss of sync (the drift estimate
 * at its limit, or its confidence low for several frames) is detected and followed by a wider
 * search; docs/bsid.md gives the rules. Received bits go in with push() in any chunking.
 */
class GPUFEC_CORE_API bsid_stream_decoder
{
public:
    /*! @param keep_posteriors whether the frames carry their posteriors */
    bsid_stream_decoder(tvb_code_sptr code,
                        const bsid_params& channel,
                        const bsid_map_options& opts,
                        bool keep_posteriors = false);
    ~bsid_stream_decoder();

    const bsid_map_decoder_engine& engine() const { return *m_engine; }
    void push(const uint8_t* bits, size_t n);
    /*! @brief Ends the stream: the last frame ends where the stream does. */
    void flush();
    /*! @brief Forgets the stream and starts anew. */
    void reset();
    size_t available() const { return m_ready.size(); }
    /*! @brief Moves the oldest decoded frame out; false when none is ready. */
    bool pull(bsid_stream_frame& frame);
    /*! @brief Losses of sync detected since the last reset(). */
    uint64_t resyncs() const { return m_resyncs; }
    /*! @brief Received bits that a flush() would still decode. */
    size_t pending() const;

    /*! @brief Where decoded frames go instead of pull()'s queue: the frame without its
     *  vectors, its N decided symbols and (when kept) its N q posteriors, else null; valid
     *  during the call. A block's stream engine writes them straight to its output. */
    using frame_sink =
        std::function<void(const bsid_stream_frame&, const uint32_t*, const double*)>;
    void set_sink(frame_sink sink) { m_sink = std::move(sink); }

private:
    struct state;
    std::unique_ptr<bsid_map_decoder_engine> m_engine;
    std::unique_ptr<state> m_state;
    std::deque<bsid_stream_frame> m_ready;
    bool m_keep_posteriors;
    uint64_t m_resyncs = 0;
    frame_sink m_sink;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_BSID_MAP_H */
