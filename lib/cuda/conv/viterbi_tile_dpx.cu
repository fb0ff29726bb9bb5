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
#include <type_traits>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr int block_threads = thread_tile_block_threads;

/* The P threads of one tile (K = 8, 9), adjacent lanes of a warp: register exchange, the
 * traceback's words and the best-state reduction by warp shuffles among them only (the
 * warp's other tiles may have left or run other lengths). */
template <int P>
struct shuffle_team {
    uint32_t tid;  //!< thread in the tile
    unsigned mask; //!< the tile's lanes
    int base;      //!< its first lane
    template <int R>
    __device__ __forceinline__ void exchange(const uint32_t (&in)[R], uint32_t (&out)[R], int o) const
    {
#pragma unroll
        for (int j = 0; j < R; ++j)
            out[j] = __shfl_xor_sync(mask, in[j], o);
    }
    __device__ __forceinline__ uint32_t from(uint32_t v, uint32_t src) const
    {
        return __shfl_sync(mask, v, base + int(src));
    }
    __device__ __forceinline__ uint32_t xor_max(uint32_t v, int o) const
    {
        return max(v, __shfl_xor_sync(mask, v, o));
    }
};

/* Thread @p thread's tile and team: one thread per tile up to K=7, else P adjacent lanes. */
template <int K>
struct team_of {
    static constexpr int P = dpx::shape<K>::threads;
    using type = std::conditional_t<P == 1, dpx::solo, shuffle_team<P>>;
    static __device__ __forceinline__ type make(size_t thread)
    {
        if constexpr (P == 1) {
            return dpx::solo{};
        } else {
            const int lane = int(thread & 31);
            const int base = lane & ~(P - 1);
            return shuffle_team<P>{ uint32_t(thread % P), ((1u << P) - 1u) << base, base };
        }
    }
};

template <int K, unsigned... G>
__global__ void __launch_bounds__(block_threads) viterbi_tile_dpx_kernel(thread_tile_args a)
{
    constexpr int N = int(sizeof...(G));
    constexpr int words = dpx::shape<K>::words, P = dpx::shape<K>::threads;
    const size_t thread = size_t(blockIdx.x) * block_threads + threadIdx.x;
    const size_t job = thread / P;
    if (job >= a.n_tiles)
        return;
    const int lane = threadIdx.x & 31;
    const size_t warp = thread >> 5;
    const conv::tile_window w =
        conv::tile_window_of(a.first_tile + job, a.payload, a.before, a.after, a.end_step);
    const uint64_t tp = w.first, begin = w.begin, end = w.end;
    uint8_t* out = a.bits + job * a.payload;
    const bool out_words = (a.payload & 3) == 0 && (reinterpret_cast<uintptr_t>(a.bits) & 3) == 0;
    dpx::decode_tile<K, G...>(dpx::linear_steps<N>{ a.llr + N * (begin - a.first_step) },
                              uint32_t(end - begin),
                              uint32_t(tp - begin),
                              begin == 0,
                              a.dec + warp * size_t(a.dec_steps) * 32 * words + lane,
                              32 * words,
                              32,
                              out,
                              uint32_t(min(a.payload, end - tp)),
                              out_words,
                              false,
                              team_of<K>::make(thread));
}

/* Framed codes: one thread per frame, the frame as a tile (docs/viterbi.md, framed modes):
 * terminated from state 0 to state 0, truncated from state 0 to the best state, tail-biting
 * over the circular extension from equal metrics, its middle frame_bits decisions kept. */
template <int K, unsigned... G>
__global__ void __launch_bounds__(block_threads) viterbi_frame_dpx_kernel(thread_frame_args a)
{
    constexpr int N = int(sizeof...(G));
    constexpr int words = dpx::shape<K>::words, P = dpx::shape<K>::threads;
    const size_t thread = size_t(blockIdx.x) * block_threads + threadIdx.x;
    const size_t job = thread / P;
    if (job >= a.n_frames)
        return;
    const int lane = threadIdx.x & 31;
    const size_t warp = thread >> 5;
    const auto team = team_of<K>::make(thread);
    const uint32_t F = a.frame_bits;
    const int8_t* lp = a.llr + size_t(N) * a.frame_steps * job;
    uint8_t* out = a.bits + job * F;
    uint32_t* dec = a.dec + warp * size_t(a.dec_steps) * 32 * words + lane;
    const bool out_words = (F & 3) == 0 && (reinterpret_cast<uintptr_t>(a.bits) & 3) == 0;
    if (a.term == termination::TAILBITING) {
        const uint32_t W = uint32_t(conv::tailbiting_wrap(K));
        dpx::decode_tile<K, G...>(dpx::circular_steps<N>{ lp, F, (F - W % F) % F }, F + 2 * W, W, false, dec,
                                  32 * words, 32, out, F, out_words, false, team);
    } else {
        const bool terminated = a.term == termination::TERMINATED;
        dpx::decode_tile<K, G...>(dpx::linear_steps<N>{ lp }, a.frame_steps, 0, true, dec, 32 * words, 32, out,
                                  F, out_words, terminated, team);
    }
}

template <int K, unsigned... G>
void launch_code(dpx_code<K, G...>, const thread_frame_args& a, cudaStream_t stream)
{
    constexpr size_t P = dpx::shape<K>::threads;
    const unsigned grid = unsigned((a.n_frames * P + block_threads - 1) / block_threads);
    viterbi_frame_dpx_kernel<K, G...><<<grid, block_threads, 0, stream>>>(a);
}

template <int K, unsigned... G>
void launch_code(dpx_code<K, G...>, const thread_tile_args& a, cudaStream_t stream)
{
    constexpr size_t P = dpx::shape<K>::threads;
    const unsigned grid = unsigned((a.n_tiles * P + block_threads - 1) / block_threads);
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

size_t viterbi_tile_dpx_words(const conv::trellis& t)
{
    // Per tile: one word per 32 states (a K = 8 or 9 tile's threads occupy 2 or 4 lanes).
    return t.states() > 32 ? size_t(t.states()) / 32 : 1;
}

bool viterbi_frames_dpx_supports(const conv::trellis& t, termination term, size_t frame_bits, const int8_t* llr)
{
    const uintptr_t align = t.n == 3 ? 1 : uintptr_t(t.n);
    return term != termination::STREAMING && frame_bits >= 1 && dpx_catalogue::find(t, [](auto) {}) &&
           (reinterpret_cast<uintptr_t>(llr) & (align - 1)) == 0 && frame_bits < (size_t(1) << 30);
}

thread_frame_args make_thread_frame_args(const conv::trellis& t,
                                         termination term,
                                         size_t frame_bits,
                                         const int8_t* llr,
                                         uint8_t* bits,
                                         size_t n_frames,
                                         void* workspace)
{
    thread_frame_args a{};
    a.term = term;
    a.frame_bits = uint32_t(frame_bits);
    a.frame_steps = uint32_t(frame_bits + (term == termination::TERMINATED ? t.k - 1 : 0));
    a.dec_steps = uint32_t(term == termination::TAILBITING ? frame_bits + conv::tailbiting_wrap(t.k)
                                                            : a.frame_steps);
    a.n_frames = n_frames;
    a.llr = llr;
    a.bits = bits;
    a.dec = static_cast<uint32_t*>(workspace);
    return a;
}

size_t viterbi_frames_dpx_workspace_bytes(const conv::trellis& t, termination term, size_t frame_bits, size_t n_frames)
{
    const thread_frame_args a = make_thread_frame_args(t, term, frame_bits, nullptr, nullptr, n_frames, nullptr);
    return (n_frames + 31) / 32 * size_t(a.dec_steps) * 32 * viterbi_tile_dpx_words(t) * sizeof(uint32_t);
}

void launch_viterbi_frames_dpx(const conv::trellis& t,
                               termination term,
                               size_t frame_bits,
                               const int8_t* llr,
                               uint8_t* bits,
                               size_t n_frames,
                               void* workspace,
                               cudaStream_t stream)
{
    if (n_frames == 0)
        return;
    const thread_frame_args a = make_thread_frame_args(t, term, frame_bits, llr, bits, n_frames, workspace);
    if (!dpx_catalogue::find(t, [&](auto code) { launch_code(code, a, stream); }))
        throw std::invalid_argument("launch_viterbi_frames_dpx: code not in the DPX catalogue");
    GPUFEC_CUDA_CHECK_LAUNCH();
}

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
