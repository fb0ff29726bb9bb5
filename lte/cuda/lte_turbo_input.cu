/* The int8-to-LLR table lookup: memory-bound, four values a thread per step.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "lte_turbo_input.h"
#include <algorithm>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr unsigned threads_per_block = 256;

__global__ void int8_to_llr_kernel(const __grid_constant__ int8_llr_map map,
                                   const int8_t* __restrict__ q,
                                   size_t n,
                                   float* __restrict__ llr)
{
    // The table in shared memory: lookups with data-dependent indices, 256 x 4 bytes.
    __shared__ float table[256];
    for (unsigned i = threadIdx.x; i < 256; i += blockDim.x)
        table[i] = map.llr[i];
    __syncthreads();
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    const size_t quads = n / 4; // device buffers are aligned: char4 in, float4 out
    const char4* q4 = reinterpret_cast<const char4*>(q);
    float4* llr4 = reinterpret_cast<float4*>(llr);
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < quads; i += stride) {
        const char4 v = q4[i];
        llr4[i] = make_float4(table[v.x + 128], table[v.y + 128], table[v.z + 128], table[v.w + 128]);
    }
    for (size_t i = quads * 4 + blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += stride)
        llr[i] = table[q[i] + 128];
}

} // namespace

void launch_int8_to_llr(const int8_llr_map& map, const int8_t* q, size_t n, float* llr, cudaStream_t stream)
{
    if (n == 0)
        return;
    const size_t blocks = (n / 4 + threads_per_block - 1) / threads_per_block;
    const unsigned grid = unsigned(std::min<size_t>(std::max<size_t>(blocks, 1), size_t(1) << 14));
    int8_to_llr_kernel<<<grid, threads_per_block, 0, stream>>>(map, q, n, llr);
    GPUFEC_CUDA_CHECK(cudaGetLastError());
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
