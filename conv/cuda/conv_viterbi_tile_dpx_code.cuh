/* The DPX kernels of one catalogue code (conv_viterbi_tile_dpx_catalogue.h), for the translation
 * units that conv/CMakeLists.txt generates, one a code: each includes this and instantiates
 * dpx_catalogue_kernels<I> for its I, so nvcc compiles one code's kernels a unit (cicc spends
 * most of the catalogue's build time there) and the launcher (conv_viterbi_tile_dpx.cu) none.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_CODE_CUH
#define INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_CODE_CUH

#include "conv_viterbi_tile_dpx_catalogue.h"
#include "conv_viterbi_tile_dpx_kernels.cuh"
#include "conv_viterbi_tile_kernels.h"

namespace gr {
namespace gpufec {
namespace cuda {

namespace detail {
template <int K, unsigned... G>
dpx_kernel_handles dpx_kernels_of(dpx_code<K, G...>)
{
    return { reinterpret_cast<const void*>(dpx::tile_kernel<K, G...>),
             reinterpret_cast<const void*>(dpx::frame_kernel<K, G...>) };
}
} // namespace detail

template <size_t I>
dpx_kernel_handles dpx_catalogue_kernels()
{
    return detail::dpx_kernels_of(dpx_catalogue::at<I>{});
}

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_CODE_CUH */
