/* The register-resident streaming kernel (K=7 rate 1/2, 171/133 or 133/171), internal to the
 * tile launcher (viterbi_kernels.h picks it when it applies).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_TILE_REG_H
#define INCLUDED_GPUFEC_CUDA_VITERBI_TILE_REG_H

#include "viterbi_kernels.h"

namespace gr {
namespace gpufec {
namespace cuda {

bool viterbi_tile_reg_supports(const conv::trellis& t, const viterbi_tile_shape& shape);
size_t viterbi_tile_reg_workspace_bytes(const viterbi_tile_shape& shape, size_t n_tiles);
void launch_viterbi_tile_reg(const conv::trellis& t,
                             const viterbi_tile_shape& shape,
                             const int8_t* llr,
                             uint64_t first_step,
                             size_t n_steps,
                             uint64_t first_tile,
                             size_t n_tiles,
                             uint8_t* bits,
                             void* workspace,
                             cudaStream_t stream);

/* The general warp-per-tile kernel (viterbi_warp.cu). */
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

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
