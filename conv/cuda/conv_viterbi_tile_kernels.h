/* The streaming tile kernels behind launch_viterbi_tiles (internal): the general warp kernel,
 * and the one-thread-per-tile kernels (the fp32 register kernel for K=7 rate 1/2 171/133 in
 * either order, the packed DPX kernel for the codes of its catalogue), which share their
 * arguments, workspace layout and launch shape.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_TILE_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_VITERBI_TILE_KERNELS_H

#include "conv/common/conv_tile_window.h"
#include "conv_viterbi_kernels.h"
#include "conv_viterbi_tile_args.h"

namespace gr {
namespace gpufec {
namespace cuda {

size_t viterbi_warp_tiles_workspace_bytes(const conv::trellis& t,
                                          const viterbi_tile_shape& shape,
                                          size_t n_tiles);
void launch_viterbi_warp_tiles(const conv::trellis& t,
                               const viterbi_tile_shape& shape,
                               const int8_t* llr,
                               uint64_t first_step,
                               size_t n_steps,
                               uint64_t first_tile,
                               size_t n_tiles,
                               uint8_t* bits,
                               void* workspace,
                               cudaStream_t stream);

/*! The code the K=7 kernels decode: 171/133 in either order. */
inline bool k7_tile_code(const conv::trellis& t)
{
    return t.k == 7 && t.n == 2 &&
           ((t.polys[0] == 0171 && t.polys[1] == 0133) || (t.polys[0] == 0133 && t.polys[1] == 0171));
}

/*! @p words decision words of 32 bits per tile and decided step (2 for 64 states), 32 tiles
 *  per warp. */
inline size_t thread_tile_workspace_bytes(const viterbi_tile_shape& shape, size_t n_tiles, size_t words)
{
    const size_t warps = (n_tiles + 31) / 32;
    return warps * (shape.payload + shape.after) * 32 * words * sizeof(uint32_t);
}

inline thread_tile_args make_thread_tile_args(const viterbi_tile_shape& shape,
                                      const int8_t* llr,
                                      uint64_t first_step,
                                      size_t n_steps,
                                      uint64_t first_tile,
                                      size_t n_tiles,
                                      uint8_t* bits,
                                      void* workspace)
{
    thread_tile_args a{};
    a.payload = shape.payload;
    a.before = shape.before;
    a.after = shape.after;
    a.first_step = first_step;
    a.end_step = first_step + n_steps;
    a.first_tile = first_tile;
    a.n_tiles = n_tiles;
    a.llr = llr;
    a.bits = bits;
    a.dec = static_cast<uint32_t*>(workspace);
    a.dec_steps = uint32_t(shape.payload + shape.after);
    return a;
}

/* The warp kernel's framed decoding (conv_viterbi_warp.cu). */
size_t viterbi_warp_frames_workspace_bytes(const conv::trellis& t,
                                           termination term,
                                           size_t frame_bits,
                                           size_t n_frames);
void launch_viterbi_warp_frames(const conv::trellis& t,
                                termination term,
                                size_t frame_bits,
                                const int8_t* llr,
                                uint8_t* bits,
                                size_t n_frames,
                                void* workspace,
                                cudaStream_t stream);

/* fp32 metrics in registers (conv_viterbi_tile_reg.cu): any GPU, tiles up to 60000 steps. */
bool viterbi_tile_reg_supports(const conv::trellis& t, const viterbi_tile_shape& shape);
void launch_viterbi_tile_reg(const conv::trellis& t, const thread_tile_args& a, cudaStream_t stream);

/* Packed 16-bit metrics with DPX (conv_viterbi_tile_dpx.cu), K 3..9, n 2..4, any generators: the
 * catalogue's codes compiled by nvcc, any other code compiled by NVRTC at first use
 * (viterbi_tile_dpx_jit.h). Needs LLRs aligned to 2 bytes (n = 2) or 4 (n = 4),
 * nullptr meaning "aligned"; fast where DPX runs in hardware (viterbi_tile_dpx_native). */
/*! A code the DPX kernels take: in the catalogue, or JIT-compilable (and JIT not turned off). */
bool viterbi_tile_dpx_code(const conv::trellis& t);
/*! The DPX kernels of a code, as functions for cudaLaunchKernel. */
struct dpx_kernel_handles {
    const void* tile = nullptr;  //!< dpx::tile_kernel<K, G...>
    const void* frame = nullptr; //!< dpx::frame_kernel<K, G...>
};
/*! For @p t on the current device: the catalogue's (nvcc), else NVRTC's (compiled at the first
 *  call and cached); nulls where there is none (not a DPX code, the kernels cannot run on this
 *  device, or the JIT failed: logged once).
 *  A launch picks the warp kernel then. */
dpx_kernel_handles viterbi_tile_dpx_kernels(const conv::trellis& t);
bool viterbi_tile_dpx_supports(const conv::trellis& t, const viterbi_tile_shape& shape, const int8_t* llr);
/* Decision words per step and tile of the DPX kernel for @p t (2 for K=7, else 1). */
size_t viterbi_tile_dpx_words(const conv::trellis& t);
/*! The current device runs the DPX kernels: compute capability 9.0 or later and the loaded
 *  image has their code (machine code for sm_90 or later, not the PTX of an older GPU). */
bool viterbi_tile_dpx_available();
/*! Available, and DPX in hardware: where AUTO takes the DPX kernels. */
bool viterbi_tile_dpx_native();
void launch_viterbi_tile_dpx(const conv::trellis& t, const thread_tile_args& a, cudaStream_t stream);
/* Framed codes of the catalogue on the DPX kernel, one thread per frame. */
bool viterbi_frames_dpx_supports(const conv::trellis& t, termination term, size_t frame_bits, const int8_t* llr);
size_t viterbi_frames_dpx_workspace_bytes(const conv::trellis& t, termination term, size_t frame_bits, size_t n_frames);
void launch_viterbi_frames_dpx(const conv::trellis& t,
                               termination term,
                               size_t frame_bits,
                               const int8_t* llr,
                               uint8_t* bits,
                               size_t n_frames,
                               void* workspace,
                               cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_VITERBI_TILE_KERNELS_H */
