/* AWGN/BPSK generation kernels.
 *
 *   y[s] = (b[s] ? +1 : -1) + sigma * z[s],   out[s] = scale * y[s]
 *
 * z[s] is lane s % 4 of Box-Muller on Philox block s / 4 of the noise stream, b[s] bit s % 128
 * of Philox block s / 128 of the bit stream (uncoded source) or an input byte (channel).
 * Memory-bound by design: every thread writes 4 samples as one 16-byte store.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "awgn_bpsk_kernels.h"
#include "awgn/common/awgn_sample.h"
#include "skeleton/common/quantize.h"

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr int threads_per_block = 256;

__device__ __forceinline__ void store_vec4(float* out, const float v[4])
{
    *reinterpret_cast<float4*>(out) = make_float4(v[0], v[1], v[2], v[3]);
}

__device__ __forceinline__ void store_vec4(int8_t* out, const int8_t v[4])
{
    *reinterpret_cast<char4*>(out) = make_char4(v[0], v[1], v[2], v[3]);
}

/* Writes samples 4g..4g+3 (those inside [first, first + n)) at out[s - first]. */
template <typename T>
__device__ __forceinline__ void store4(T* out, uint64_t g, uint64_t first, size_t n, const T v[4])
{
    const uint64_t s0 = 4 * g;
    if (s0 >= first && s0 + 4 <= first + n && ((s0 - first) & 3) == 0) {
        store_vec4(out + (s0 - first), v);
        return;
    }
#pragma unroll
    for (int lane = 0; lane < 4; ++lane) {
        const uint64_t s = s0 + lane;
        if (s >= first && s < first + n)
            out[s - first] = v[lane];
    }
}

/* The channel's output as float, or quantized to int8 on the way out (common/quantize.h):
 * the same value the float path then launch_quantize_llr give, without the float round trip
 * through memory. */
struct as_float {
    __device__ float operator()(float v) const { return v; }
};
struct as_int8 {
    float scale;
    __device__ int8_t operator()(float v) const { return quantize_llr(v, scale); }
};

template <typename T, typename Convert>
__global__ void awgn_bpsk_kernel(const uint8_t* __restrict__ bits,
                                 T* __restrict__ soft,
                                 size_t n,
                                 uint64_t first,
                                 uint64_t seed,
                                 detail::awgn_sample_params p,
                                 Convert convert)
{
    const uint64_t g0 = first >> 2;
    const uint64_t groups = ((first + n + 3) >> 2) - g0;
    for (uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; t < groups;
         t += uint64_t(gridDim.x) * blockDim.x) {
        const uint64_t g = g0 + t;
        float z[4];
        T v[4];
        detail::gaussian4(seed, g, z);
#pragma unroll
        for (int lane = 0; lane < 4; ++lane) {
            const uint64_t s = 4 * g + lane;
            const bool inside = s >= first && s < first + n;
            v[lane] = convert(
                detail::awgn_bpsk_sample(inside ? bits[s - first] != 0 : 0u, z[lane], p));
        }
        store4(soft, g, first, n, v);
    }
}

/* One warp per tile of 4096 samples (32 bit blocks): lane l draws bit block l of the tile up
 * front, then in step j every lane takes its 4 bits of block j with a shuffle, so each Philox
 * output is computed once. */
__global__ void uncoded_source_kernel(uint8_t* __restrict__ info,
                                      float* __restrict__ soft,
                                      size_t n,
                                      uint64_t first,
                                      uint64_t seed,
                                      detail::awgn_sample_params p)
{
    const unsigned lane = threadIdx.x & 31u;
    const uint64_t warp = (blockIdx.x * uint64_t(blockDim.x) + threadIdx.x) >> 5;
    const uint64_t warps = (uint64_t(gridDim.x) * blockDim.x) >> 5;
    const uint64_t tile0 = first >> 12;
    const uint64_t tiles = ((first + n + 4095) >> 12) - tile0;
    for (uint64_t t = warp; t < tiles; t += warps) {
        const uint64_t tile = tile0 + t;
        const philox4x32_ctr mine = detail::info_bits128(seed, 32 * tile + lane);
        for (unsigned j = 0; j < 32; ++j) {
            const uint32_t w0 = __shfl_sync(0xffffffffu, mine.v[0], j);
            const uint32_t w1 = __shfl_sync(0xffffffffu, mine.v[1], j);
            const uint32_t w2 = __shfl_sync(0xffffffffu, mine.v[2], j);
            const uint32_t w3 = __shfl_sync(0xffffffffu, mine.v[3], j);
            const unsigned word = lane >> 3;
            const uint32_t w = word == 0 ? w0 : word == 1 ? w1 : word == 2 ? w2 : w3;
            const uint32_t nib = (w >> ((4 * lane) & 31u)) & 0xfu;
            const uint64_t g = (tile * 4096 + j * 128) / 4 + lane;
            const uint64_t s0 = 4 * g;
            if (s0 + 4 <= first || s0 >= first + n)
                continue;
            float z[4], v[4];
            detail::gaussian4(seed, g, z);
#pragma unroll
            for (int k = 0; k < 4; ++k)
                v[k] = detail::awgn_bpsk_sample((nib >> k) & 1u, z[k], p);
            store4(soft, g, first, n, v);
            if (s0 >= first && s0 + 4 <= first + n && ((s0 - first) & 3) == 0) {
                const uint32_t bytes = (nib & 1u) | ((nib & 2u) << 7) | ((nib & 4u) << 14) |
                                       ((nib & 8u) << 21);
                *reinterpret_cast<uint32_t*>(info + (s0 - first)) = bytes;
            } else {
                for (int k = 0; k < 4; ++k) {
                    const uint64_t s = s0 + k;
                    if (s >= first && s < first + n)
                        info[s - first] = (nib >> k) & 1u;
                }
            }
        }
    }
}

__global__ void info_bits_kernel(uint8_t* __restrict__ bits, size_t n, uint64_t first, uint64_t seed)
{
    const uint64_t b0 = first >> 7;
    const uint64_t blocks = ((first + n + 127) >> 7) - b0;
    for (uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; t < blocks * 4;
         t += uint64_t(gridDim.x) * blockDim.x) {
        const uint64_t block = b0 + t / 4;
        const unsigned word = t % 4;
        const philox4x32_ctr w = detail::info_bits128(seed, block);
        const uint32_t x = w.v[word];
        for (unsigned k = 0; k < 32; ++k) {
            const uint64_t s = 128 * block + 32 * word + k;
            if (s >= first && s < first + n)
                bits[s - first] = (x >> k) & 1u;
        }
    }
}

unsigned grid_for(uint64_t work_items)
{
    // Enough blocks to fill any current GPU several times over; grid-stride loops do the rest.
    const uint64_t blocks = (work_items + threads_per_block - 1) / threads_per_block;
    return static_cast<unsigned>(blocks < 65536 ? (blocks ? blocks : 1) : 65536);
}

} // namespace

void launch_awgn_bpsk(const uint8_t* bits,
                      float* soft,
                      size_t n,
                      uint64_t first,
                      uint64_t seed,
                      detail::awgn_sample_params p,
                      cudaStream_t stream)
{
    if (!n)
        return;
    const uint64_t groups = ((first + n + 3) >> 2) - (first >> 2);
    awgn_bpsk_kernel<<<grid_for(groups), threads_per_block, 0, stream>>>(
        bits, soft, n, first, seed, p, as_float{});
    GPUFEC_CUDA_CHECK_LAUNCH();
}

void launch_awgn_bpsk_int8(const uint8_t* bits,
                           int8_t* llr,
                           size_t n,
                           uint64_t first,
                           uint64_t seed,
                           detail::awgn_sample_params p,
                           float llr_scale,
                           cudaStream_t stream)
{
    if (!n)
        return;
    const uint64_t groups = ((first + n + 3) >> 2) - (first >> 2);
    awgn_bpsk_kernel<<<grid_for(groups), threads_per_block, 0, stream>>>(
        bits, llr, n, first, seed, p, as_int8{ llr_scale });
    GPUFEC_CUDA_CHECK_LAUNCH();
}

void launch_uncoded_source(uint8_t* info,
                           float* soft,
                           size_t n,
                           uint64_t first,
                           uint64_t seed,
                           detail::awgn_sample_params p,
                           cudaStream_t stream)
{
    if (!n)
        return;
    const uint64_t tiles = ((first + n + 4095) >> 12) - (first >> 12);
    uncoded_source_kernel<<<grid_for(tiles * 32), threads_per_block, 0, stream>>>(
        info, soft, n, first, seed, p);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

void launch_info_bits(uint8_t* bits, size_t n, uint64_t first, uint64_t seed, cudaStream_t stream)
{
    if (!n)
        return;
    const uint64_t words = (((first + n + 127) >> 7) - (first >> 7)) * 4;
    info_bits_kernel<<<grid_for(words), threads_per_block, 0, stream>>>(bits, n, first, seed);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
