/* The packed 16-bit streaming kernel for K=7 rate 1/2 (171/133, 133/171): one thread decodes
 * one tile (viterbi_tile_dpx_core.h), 64 path metrics in 32 registers as unsigned 16-bit lanes,
 * add-compare-select with Hopper's VIADDMNMX. Decisions go to global memory laid out
 * [warp][step][word][lane] as in the fp32 register kernel, so a warp's stores are coalesced.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "viterbi_tile_dpx_core.h"
#include "viterbi_tile_k7_launch.cuh"

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr int block_threads = k7_tile_block_threads;

template <unsigned G0, unsigned G1>
__global__ void __launch_bounds__(block_threads) viterbi_tile_dpx_kernel(k7_tile_args a)
{
    const size_t job = size_t(blockIdx.x) * block_threads + threadIdx.x;
    if (job >= a.n_tiles)
        return;
    const int lane = threadIdx.x & 31;
    const size_t warp = job >> 5;
    const conv::tile_window w =
        conv::tile_window_of(a.first_tile + job, a.payload, a.before, a.after, a.end_step);
    const uint64_t tp = w.first, begin = w.begin, end = w.end;
    uint8_t* out = a.bits + job * a.payload;
    const bool words = (a.payload & 3) == 0 && (reinterpret_cast<uintptr_t>(a.bits) & 3) == 0;
    dpx::decode_tile<G0, G1>(a.llr + 2 * (begin - a.first_step),
                             uint32_t(end - begin),
                             uint32_t(tp - begin),
                             begin == 0,
                             a.dec + warp * size_t(a.dec_steps) * 64 + lane,
                             64,
                             32,
                             out,
                             uint32_t(min(a.payload, end - tp)),
                             words);
}

} // namespace

bool viterbi_tile_dpx_supports(const conv::trellis& t, const viterbi_tile_shape& shape, const int8_t* llr)
{
    // LLR pairs are loaded 16 bits at a time; tiles are indexed with 32-bit steps.
    return k7_tile_code(t) && (reinterpret_cast<uintptr_t>(llr) & 1) == 0 &&
           shape.before + shape.payload + shape.after < (size_t(1) << 31);
}

bool viterbi_tile_dpx_native()
{
    int dev = 0, major = 0;
    GPUFEC_CUDA_CHECK(cudaGetDevice(&dev));
    GPUFEC_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
    return major == 9;
}

void launch_viterbi_tile_dpx(const conv::trellis& t, const k7_tile_args& a, cudaStream_t stream)
{
    launch_k7_tiles(t, a, viterbi_tile_dpx_kernel<0171, 0133>, viterbi_tile_dpx_kernel<0133, 0171>,
                    stream);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
