/* What a Viterbi backend (CPU or CUDA) implements. The engine (viterbi.cc) quantizes and
 * depunctures into the backend's staging buffer, so both backends see the same int8 steps.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CONV_VITERBI_BACKEND_H
#define INCLUDED_GPUFEC_CORE_CONV_VITERBI_BACKEND_H

#include "conv/common/conv_trellis.h"
#include <gnuradio/gpufec/conv/viterbi.h>
#include <memory>

namespace gr {
namespace gpufec {

class viterbi_decoder_engine::backend_impl
{
public:
    virtual ~backend_impl() = default;

    /*! Frames (or tiles) per decode call that the buffers were sized for: opts.max_batch, or
     *  the backend's choice when that is 0. The engine never passes more. */
    virtual size_t max_batch() const = 0;

    /*! A host buffer of at least @p n_llr LLRs for the engine to fill and pass back as a decode
     *  call's input (pinned memory on the GPU backend, so the copy to the device starts at
     *  once). A request no larger than an earlier one returns the same buffer, contents kept:
     *  the streaming engine holds its steps there between calls. Any other host pointer works
     *  as input too. */
    virtual int8_t* input_buffer(size_t n_llr) = 0;

    /*!
     * Framed codes: @p llr holds n_frames frames of steps_per_block() * n depunctured LLRs each;
     * writes frame_bits() decisions per frame to @p bits.
     */
    virtual void decode_frames(const int8_t* llr, size_t n_frames, uint8_t* bits) = 0;

    /*!
     * Streaming: @p llr holds steps [first_step, first_step + n_steps). Decodes tiles
     * [first_tile, first_tile + n_tiles), whose steps (warm-up and traceback included, clipped
     * at step 0) all lie inside; writes payload decisions per tile.
     */
    virtual void decode_tiles(const int8_t* llr,
                              uint64_t first_step,
                              size_t n_steps,
                              uint64_t first_tile,
                              size_t n_tiles,
                              uint8_t* bits) = 0;

    /*!
     * Streaming, end of the stream (flush): @p llr holds steps [first_step, first_step +
     * n_steps), the warm-up of the undecoded rest and the rest itself. ACS over all of them
     * (state 0 known when first_step is 0, else equal metrics), traceback from the best state
     * at the last step; writes the decisions of the last @p n_out steps.
     */
    virtual void decode_tail(
        const int8_t* llr, uint64_t first_step, size_t n_steps, size_t n_out, uint8_t* bits) = 0;
};

std::unique_ptr<viterbi_decoder_engine::backend_impl>
make_viterbi_cpu(const conv_code& code, const viterbi_tiling& tiling, const viterbi_options& opts);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CONV_VITERBI_BACKEND_H */
