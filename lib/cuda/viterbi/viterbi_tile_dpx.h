/* The packed 16-bit streaming kernel (K=7 rate 1/2, 171/133 or 133/171) for Hopper's DPX
 * instructions, internal to the tile launcher (viterbi_kernels.cc picks it when it applies).
 * The tile decoder itself is a host-and-device function so that a host program can check it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_H
#define INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_H

#include "viterbi_kernels.h"

namespace gr {
namespace gpufec {
namespace cuda {

bool viterbi_tile_dpx_supports(const conv::trellis& t, const viterbi_tile_shape& shape, const int8_t* llr);
/*! True when the current device runs DPX in hardware (compute capability 9.x). */
bool viterbi_tile_dpx_native();
size_t viterbi_tile_dpx_workspace_bytes(const viterbi_tile_shape& shape, size_t n_tiles);
void launch_viterbi_tile_dpx(const conv::trellis& t,
                             const viterbi_tile_shape& shape,
                             const int8_t* llr,
                             uint64_t first_step,
                             size_t n_steps,
                             uint64_t first_tile,
                             size_t n_tiles,
                             uint8_t* bits,
                             void* workspace,
                             cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
