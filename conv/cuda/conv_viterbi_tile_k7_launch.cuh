/* Launch of a K=7 tile kernel (nvcc only): one thread per tile, the kernel instantiated for the
 * generator order of the code.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_TILE_K7_LAUNCH_CUH
#define INCLUDED_GPUFEC_CUDA_VITERBI_TILE_K7_LAUNCH_CUH

#include "skeleton/cuda/cuda_check.h"
#include "conv_viterbi_tile_kernels.h"

namespace gr {
namespace gpufec {
namespace cuda {

using k7_tile_kernel = void (*)(thread_tile_args);

inline void launch_k7_tiles(const conv::trellis& t,
                            const thread_tile_args& a,
                            k7_tile_kernel for_171_133,
                            k7_tile_kernel for_133_171,
                            cudaStream_t stream)
{
    if (a.n_tiles == 0)
        return;
    const unsigned grid = unsigned((a.n_tiles + thread_tile_block_threads - 1) / thread_tile_block_threads);
    const k7_tile_kernel kernel = t.polys[0] == 0171 ? for_171_133 : for_133_171;
    kernel<<<grid, thread_tile_block_threads, 0, stream>>>(a);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
