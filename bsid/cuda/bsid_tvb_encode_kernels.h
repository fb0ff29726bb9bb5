/* Launcher of the time-varying block code's encoder on the GPU (tvb_code.h): information bits
 * in, log2(q) per symbol, most significant first, N symbols per frame; each symbol's codeword
 * out, n bits in transmission order. Device pointers and a stream; errors thrown.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_BSID_TVB_ENCODE_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_BSID_TVB_ENCODE_KERNELS_H

#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! @param codewords device: N * q packed codewords (tvb_code::packed())
 *  @param info n_frames * N * bits_per_symbol bits (0/1 bytes)
 *  @param coded n_frames * N * n bits out */
void launch_tvb_encode(const uint32_t* codewords,
                       unsigned n,
                       unsigned q,
                       unsigned N,
                       unsigned bits_per_symbol,
                       const uint8_t* info,
                       uint8_t* coded,
                       size_t n_frames,
                       cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
