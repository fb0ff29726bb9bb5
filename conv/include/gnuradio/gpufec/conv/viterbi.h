/* Viterbi decoding of convolutional codes, GNU-Radio-free (the block and the numpy function
 * wrap this). docs/viterbi.md specifies the decisions exactly, so that the CPU and the CUDA
 * backends agree bit for bit.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_VITERBI_H
#define INCLUDED_GPUFEC_VITERBI_H

#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/core/decoder.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace conv {
class puncturer;
}
class soft_input;

/*!
 * @brief How a stream is cut into independently decoded tiles, in trellis steps.
 *
 * Tile t decodes steps [t P, (t+1) P): its add-compare-select starts @p before steps earlier
 * from equal metrics (state 0 known at the stream's start) and runs @p after steps past the
 * end, where traceback starts from the best state; the last @p after decisions are dropped.
 */
struct GPUFEC_CORE_API viterbi_tiling {
    size_t payload = 0; //!< P: decoded steps per tile
    size_t before = 0;  //!< warm-up steps before the tile
    size_t after = 0;   //!< traceback steps after the tile (the traceback depth)

    /*! @brief The measured default for a code (docs/viterbi.md has the table). */
    static viterbi_tiling defaults(const conv_code& c);
    /*! @brief The shortest warm-up and traceback a streaming code accepts: shorter ones do not
     *  even decode a noise-free stream. */
    static viterbi_tiling minimum(const conv_code& c);
};

/*! @brief Viterbi decoder options: every decoder's, and the streaming tiling. */
struct GPUFEC_CORE_API viterbi_options : decoder_options {
    /*! Streaming tiling (all fields 0: viterbi_tiling::defaults; a field left 0 takes its
     *  default when others are set). */
    viterbi_tiling tiling{};

    viterbi_options() = default;
    viterbi_options(const decoder_options& common, const viterbi_tiling& t)
        : decoder_options(common), tiling(t)
    {
    }
};

/*!
 * @brief A Viterbi decoder for one code, on the CPU or a GPU.
 *
 * Framed codes decode whole frames (frame_decoder); streaming codes take soft values in any
 * chunking and hand out decoded bits as tiles complete, the same bits whatever the chunking
 * (stream_decoder). Buffers are allocated at construction; not thread-safe (one instance per
 * thread).
 */
class GPUFEC_CORE_API viterbi_decoder_engine final : public frame_decoder, public stream_decoder
{
public:
    /*! Most depunctured soft values that max_batch frames or tiles (payloads) may hold: the
     *  backends allocate a batch's buffers at construction. */
    static constexpr size_t max_batch_llr = size_t(1) << 30;

    /*! @throws std::invalid_argument on bad options (naming the option and what is allowed),
     *          a max_batch above max_batch_llr / (soft values per frame or tile) included */
    viterbi_decoder_engine(conv_code_sptr code, const viterbi_options& opts = viterbi_options());
    ~viterbi_decoder_engine() override;
    viterbi_decoder_engine(const viterbi_decoder_engine&) = delete;
    viterbi_decoder_engine& operator=(const viterbi_decoder_engine&) = delete;

    const conv_code& decoded_code() const { return *m_code; }
    const conv_code_sptr& code() const { return m_code; }
    const backend_choice& backend() const override { return m_choice; }
    const viterbi_tiling& tiling() const { return m_tiling; }
    bool streaming() const { return m_code->term() == termination::STREAMING; }
    nonfinite_report nonfinite() const override;

    /* frame_decoder: framed codes (a streaming code throws std::invalid_argument) */
    size_t soft_per_frame() const override { return m_code->coded_bits_per_block(); }
    size_t bits_per_frame() const override { return m_code->frame_bits(); }
    void decode_frames(const float* soft, uint8_t* bits, size_t n_frames) override;
    void decode_frames(const int8_t* soft, uint8_t* bits, size_t n_frames) override;

    /* stream_decoder: streaming codes (a framed code throws std::invalid_argument) */
    size_t soft_per_period() const override { return m_code->coded_bits_per_block(); }
    size_t bits_per_period() const override { return m_code->info_bits_per_block(); }
    void push(const float* soft, size_t n) override;
    void push(const int8_t* soft, size_t n) override;
    /*!
     * @brief Ends the stream: decodes every received step not yet decoded (traceback from the
     * best state at the last whole step received) and starts a new stream from state 0 and
     * puncturing phase 0 for the next push(). The decoded bits are pulled as usual.
     * @return soft values of an incomplete last step, which cannot be decoded and are dropped
     */
    size_t flush() override;
    void reset() override;
    size_t pending() const override;
    /* both shapes: forgets the stream and the counters */
    size_t available() const override { return m_ready_len - m_ready_head; }
    size_t pull(uint8_t* bits, size_t max) override;

    class backend_impl;

private:
    template <typename T>
    void decode_frames_t(const T* soft, uint8_t* bits, size_t n_frames);
    template <typename T>
    void push_t(const T* soft, size_t n);
    void check_streaming(const char* what) const;
    void decode_ready_tiles();
    uint8_t* make_ready(size_t n_bits);
    template <typename T>
    void append_steps(const T* soft, size_t n_soft, size_t n_mother);

    conv_code_sptr m_code;
    viterbi_options m_opts;
    viterbi_tiling m_tiling;
    backend_choice m_choice;
    std::unique_ptr<backend_impl> m_impl;
    std::unique_ptr<const conv::puncturer> m_puncturer;
    std::unique_ptr<soft_input> m_soft;
    std::vector<int8_t> m_quant;   //!< quantized (still punctured) soft values of one call
    // streaming state: the depunctured LLRs of steps [m_steps_first, ...) live in the
    // backend's input buffer, so a tile batch is decoded where it was written
    int8_t* m_steps = nullptr;     //!< the backend's input buffer
    size_t m_steps_cap = 0;        //!< LLRs it holds: max_batch tiles with warm-up and traceback
    size_t m_steps_len = 0;        //!< LLRs held
    uint64_t m_steps_first = 0;    //!< first step held
    uint64_t m_soft_seen = 0;      //!< punctured soft values consumed (puncturing phase)
    uint64_t m_next_tile = 0;      //!< first tile not yet decoded
    uint64_t m_frame_soft_seen = 0; //!< framed: soft values decoded (for non-finite positions)
    // decoded bits not yet pulled: [m_ready_head, m_ready_len) of m_ready (not a vector:
    // growing it must not zero-fill what the backend is about to write)
    std::unique_ptr<uint8_t[]> m_ready;
    size_t m_ready_cap = 0;
    size_t m_ready_len = 0;
    size_t m_ready_head = 0;
};

/*!
 * @brief Convenience for scripts: decodes a whole array (framed codes: whole frames; streaming
 * codes: the bits whose tiles are complete, followed by a final flush that decodes the rest
 * with traceback from the best state at the end).
 */
GPUFEC_CORE_API std::vector<uint8_t> viterbi_decode(conv_code_sptr code,
                                                    const std::vector<float>& soft,
                                                    const viterbi_options& opts = viterbi_options());

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_VITERBI_H */
