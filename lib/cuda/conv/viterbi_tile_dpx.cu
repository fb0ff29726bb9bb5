/* The packed 16-bit streaming kernel: one thread decodes one tile (viterbi_tile_dpx_core.h),
 * the 2^(K-1) path metrics in 2^(K-2) registers as unsigned 16-bit lanes, add-compare-select
 * with Hopper's VIADDMNMX. Decisions go to global memory laid out [warp][step][word][lane] as in
 * the fp32 register kernel, so a warp's stores are coalesced.
 *
 * The generators are template parameters (each butterfly's branch metric index is then a
 * compile-time constant, so the lane constants are built without any table in memory), so the
 * kernel exists for a catalogue of named codes (viterbi_tile_dpx_catalogue.h, docs/viterbi.md);
 * other codes take the warp kernel.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "../cuda_check.h"
#include "viterbi_tile_dpx_catalogue.h"
#include "viterbi_tile_dpx_core.h"
#include "viterbi_tile_kernels.h"
#include <stdexcept>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr int block_threads = thread_tile_block_threads;

template <int K, unsigned... G>
__global__ void __launch_bounds__(block_threads) viterbi_tile_dpx_kernel(thread_tile_args a)
{
    constexpr int N = int(sizeof...(G));
    constexpr int words = dpx::shape<K>::words;
    const size_t job = size_t(blockIdx.x) * block_threads + threadIdx.x;
    if (job >= a.n_tiles)
        return;
    const int lane = threadIdx.x & 31;
    const size_t warp = job >> 5;
    const conv::tile_window w =
        conv::tile_window_of(a.first_tile + job, a.payload, a.before, a.after, a.end_step);
    const uint64_t tp = w.first, begin = w.begin, end = w.end;
    uint8_t* out = a.bits + job * a.payload;
    const bool out_words = (a.payload & 3) == 0 && (reinterpret_cast<uintptr_t>(a.bits) & 3) == 0;
    dpx::decode_tile<K, G...>(a.llr + N * (begin - a.first_step),
                              uint32_t(end - begin),
                              uint32_t(tp - begin),
                              begin == 0,
                              a.dec + warp * size_t(a.dec_steps) * 32 * words + lane,
                              32 * words,
                              32,
                              out,
                              uint32_t(min(a.payload, end - tp)),
                              out_words);
}

template <int K, unsigned... G>
void launch_code(dpx_code<K, G...>, const thread_tile_args& a, cudaStream_t stream)
{
    const unsigned grid = unsigned((a.n_tiles + block_threads - 1) / block_threads);
    viterbi_tile_dpx_kernel<K, G...><<<grid, block_threads, 0, stream>>>(a);
}

} // namespace

bool viterbi_tile_dpx_supports(const conv::trellis& t, const viterbi_tile_shape& shape, const int8_t* llr)
{
    // LLRs of a step are loaded 16 (n = 2) or 32 (n = 4) bits at a time; tiles are indexed
    // with 32-bit steps.
    const uintptr_t align = t.n == 3 ? 1 : uintptr_t(t.n);
    return dpx_catalogue::find(t, [](auto) {}) && (reinterpret_cast<uintptr_t>(llr) & (align - 1)) == 0 &&
           shape.before + shape.payload + shape.after < (size_t(1) << 31);
}

size_t viterbi_tile_dpx_words(const conv::trellis& t) { return t.states() > 32 ? 2 : 1; }

bool viterbi_tile_dpx_native()
{
    int dev = 0, major = 0;
    GPUFEC_CUDA_CHECK(cudaGetDevice(&dev));
    GPUFEC_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
    return major == 9;
}

void launch_viterbi_tile_dpx(const conv::trellis& t, const thread_tile_args& a, cudaStream_t stream)
{
    if (a.n_tiles == 0)
        return;
    if (!dpx_catalogue::find(t, [&](auto code) { launch_code(code, a, stream); }))
        throw std::invalid_argument("launch_viterbi_tile_dpx: code not in the DPX catalogue");
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
