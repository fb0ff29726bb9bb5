/* Launchers of the CUDA Viterbi kernels: int8 depunctured LLRs in device memory (n per trellis
 * step, -128 read as -127) to unpacked decision bytes (0/1) in device memory, on a stream.
 * The caller owns every buffer, the workspace included (its size from the *_workspace_bytes
 * functions). The decisions are exactly those of docs/viterbi.md. Errors are thrown.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_VITERBI_KERNELS_H

#include "conv/common/conv_trellis.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! How a stream is tiled (the same fields as gr::gpufec::viterbi_tiling). */
struct viterbi_tile_shape {
    size_t payload; //!< P, >= 1
    size_t before;  //!< warm-up steps
    size_t after;   //!< traceback depth
};

/*! Workspace for launch_viterbi_frames (0 when the survivors fit in shared memory). */
size_t viterbi_frames_workspace_bytes(const conv::trellis& t,
                                      termination term,
                                      size_t frame_bits,
                                      size_t n_frames);

/*!
 * Framed decoding: one frame per thread on the DPX kernel (Hopper, K 3..9, n 2..4),
 * else one frame per warp. llr: n_frames frames of steps * t.n LLRs each, where
 * steps = frame_bits (+ k-1 when TERMINATED); bits: n_frames * frame_bits decisions.
 * @throws std::invalid_argument for STREAMING
 */
void launch_viterbi_frames(const conv::trellis& t,
                           termination term,
                           size_t frame_bits,
                           const int8_t* llr,
                           uint8_t* bits,
                           size_t n_frames,
                           void* workspace,
                           cudaStream_t stream);

/*! Which streaming kernel runs: AUTO takes the fastest that applies (DPX on Hopper for every
 *  code of K 3..9 and n 2..4, the catalogue's or compiled at run time; else REGISTER
 *  for K=7 r1/2 171/133; else GENERAL); the others force one where it applies (GENERAL
 *  otherwise). Tests and benchmarks compare them. */
enum class viterbi_tile_kernel { AUTO, GENERAL, REGISTER, DPX };

/*! The kernel AUTO stands for, for a code and tiling on the current device: a backend picks it
 *  once, at construction, and passes it to every launch. */
viterbi_tile_kernel pick_viterbi_tile_kernel(const conv::trellis& t, const viterbi_tile_shape& shape);

/*! Workspace for launch_viterbi_tiles with at most n_tiles tiles per launch. */
size_t viterbi_tiles_workspace_bytes(const conv::trellis& t,
                                     const viterbi_tile_shape& shape,
                                     size_t n_tiles,
                                     viterbi_tile_kernel which = viterbi_tile_kernel::AUTO);

/*!
 * Streaming tiles [first_tile, first_tile + n_tiles) of a stream whose steps
 * [first_step, first_step + n_steps) are at llr (n per step). Tile u's ACS runs over steps
 * [max(0, uP - before), min((u+1)P + after, first_step + n_steps)) (state 0 known when it
 * starts at step 0), traceback from the best state (lowest index on ties); its decisions for
 * steps [uP, min((u+1)P, end)) go to bits + (u - first_tile) * P. Every tile's first step
 * must be held (>= first_step).
 */
void launch_viterbi_tiles(const conv::trellis& t,
                          const viterbi_tile_shape& shape,
                          const int8_t* llr,
                          uint64_t first_step,
                          size_t n_steps,
                          uint64_t first_tile,
                          size_t n_tiles,
                          uint8_t* bits,
                          void* workspace,
                          cudaStream_t stream,
                          viterbi_tile_kernel which = viterbi_tile_kernel::AUTO);

/*! Workspace for launch_viterbi_segment. */
size_t viterbi_segment_workspace_bytes(const conv::trellis& t, size_t n_out);

/*!
 * One segment (the end of a stream): ACS over all n_steps steps at llr (state 0 known when
 * @p start_known, else equal metrics), traceback from the best state at the last step; the
 * decisions of the last n_out steps go to bits.
 */
void launch_viterbi_segment(const conv::trellis& t,
                            const int8_t* llr,
                            size_t n_steps,
                            bool start_known,
                            size_t n_out,
                            uint8_t* bits,
                            void* workspace,
                            cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_VITERBI_KERNELS_H */
