/* The time-varying block code's encoder: one thread per symbol.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "bsid_tvb_encode_kernels.h"
#include <algorithm>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

__global__ void tvb_encode_kernel(const uint32_t* __restrict__ codewords, unsigned n, unsigned q, unsigned N,
                                  unsigned k, const uint8_t* __restrict__ info, uint8_t* __restrict__ coded,
                                  size_t symbols)
{
    for (size_t t = blockIdx.x * size_t(blockDim.x) + threadIdx.x; t < symbols; t += size_t(gridDim.x) * blockDim.x) {
        const uint8_t* in = info + t * k;
        uint32_t d = 0;
        for (unsigned j = 0; j < k; ++j)
            d = (d << 1) | (in[j] != 0 ? 1u : 0u);
        const uint32_t x = codewords[size_t(t % N) * q + d];
        uint8_t* out = coded + t * n;
        for (unsigned j = 0; j < n; ++j)
            out[j] = uint8_t((x >> (n - 1 - j)) & 1u);
    }
}

} // namespace

void launch_tvb_encode(const uint32_t* codewords, unsigned n, unsigned q, unsigned N, unsigned bits_per_symbol,
                       const uint8_t* info, uint8_t* coded, size_t n_frames, cudaStream_t stream)
{
    const size_t symbols = n_frames * N;
    if (!symbols)
        return;
    const size_t blocks = std::min<size_t>((symbols + 255) / 256, size_t(1) << 16);
    tvb_encode_kernel<<<unsigned(blocks), 256, 0, stream>>>(codewords, n, q, N, bits_per_symbol, info, coded,
                                                            symbols);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
