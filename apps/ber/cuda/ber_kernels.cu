/* Kernels of the GPU-resident BER simulation: grid-stride loops, memory-bound.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "ber_kernels.h"
#include <algorithm>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr unsigned threads_per_block = 256;

/* Enough blocks to fill any current GPU several times over; grid-stride loops do the rest. */
unsigned grid_for(size_t threads)
{
    const size_t blocks = (threads + threads_per_block - 1) / threads_per_block;
    return unsigned(std::min<size_t>(std::max<size_t>(blocks, 1), size_t(1) << 16));
}

__global__ void hard_decisions_kernel(const float* __restrict__ soft, uint8_t* __restrict__ bits, size_t n)
{
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x)
        bits[i] = soft[i] > 0.0f;
}

/* One warp per frame; each warp adds its frames' totals once, at the end. */
__global__ void count_frame_errors_kernel(const uint8_t* __restrict__ info,
                                          const uint8_t* __restrict__ decoded,
                                          size_t frame_bits,
                                          size_t n_frames,
                                          uint32_t* __restrict__ per_frame,
                                          unsigned long long* __restrict__ totals)
{
    const unsigned lane = threadIdx.x & 31u;
    const size_t warp = (blockIdx.x * size_t(blockDim.x) + threadIdx.x) >> 5;
    const size_t warps = (size_t(gridDim.x) * blockDim.x) >> 5;
    unsigned long long bit_errors = 0, frame_errors = 0;
    for (size_t f = warp; f < n_frames; f += warps) {
        const uint8_t* a = info + f * frame_bits;
        const uint8_t* b = decoded + f * frame_bits;
        uint32_t e = 0;
        for (size_t i = lane; i < frame_bits; i += 32)
            e += a[i] != b[i];
        for (unsigned d = 16; d > 0; d >>= 1)
            e += __shfl_xor_sync(0xffffffffu, e, d);
        if (lane == 0)
            per_frame[f] = e;
        bit_errors += e;
        frame_errors += e != 0;
    }
    if (lane == 0 && bit_errors) {
        atomicAdd(&totals[0], bit_errors);
        atomicAdd(&totals[1], frame_errors);
    }
}

} // namespace

void launch_hard_decisions(const float* soft, uint8_t* bits, size_t n, cudaStream_t stream)
{
    if (n == 0)
        return;
    hard_decisions_kernel<<<grid_for(n), threads_per_block, 0, stream>>>(soft, bits, n);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

void launch_count_frame_errors(const uint8_t* info,
                               const uint8_t* decoded,
                               size_t frame_bits,
                               size_t n_frames,
                               uint32_t* per_frame,
                               unsigned long long* totals,
                               cudaStream_t stream)
{
    if (frame_bits == 0 || frame_bits > UINT32_MAX)
        throw std::invalid_argument("count_frame_errors: frame_bits = " +
                                    std::to_string(frame_bits) + ", allowed 1 to 2^32 - 1");
    GPUFEC_CUDA_CHECK(cudaMemsetAsync(totals, 0, 2 * sizeof(unsigned long long), stream));
    if (n_frames == 0)
        return;
    count_frame_errors_kernel<<<grid_for(32 * n_frames), threads_per_block, 0, stream>>>(
        info, decoded, frame_bits, n_frames, per_frame, totals);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
