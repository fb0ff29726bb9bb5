/* The packed 16-bit DPX kernels (device code only): streaming tiles and framed codes, one tile
 * per thread (a team of 2 or 4 adjacent lanes for K = 8, 9), the arithmetic in
 * conv_viterbi_tile_dpx_core.h. The generators are template parameters, so each code is an
 * instantiation: nvcc compiles those of the catalogue (conv_viterbi_tile_dpx.cu), NVRTC any other
 * code at first use (viterbi_tile_dpx_jit.cc), from this same text, which
 * CMake embeds in the library. So it includes only headers that NVRTC is given (the repo's and
 * a <cstdint>), and names its kernels in a named namespace (NVRTC's name expressions).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_KERNELS_CUH
#define INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_KERNELS_CUH

#include "conv/common/conv_tile_window.h"
#include "conv_viterbi_tile_args.h"
#include "conv_viterbi_tile_dpx_core.h"

namespace gr {
namespace gpufec {
namespace cuda {
namespace dpx {

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
template <int K, int P = shape<K>::threads>
struct team_of {
    static __device__ __forceinline__ shuffle_team<P> make(size_t thread)
    {
        const int lane = int(thread & 31);
        const int base = lane & ~(P - 1);
        return shuffle_team<P>{ uint32_t(thread % P), ((1u << P) - 1u) << base, base };
    }
};
template <int K>
struct team_of<K, 1> {
    static __device__ __forceinline__ solo make(size_t) { return solo{}; }
};

/* Thread blocks of the tile kernel an SM must hold (0: no bound). K = 7 tiles take 4, which
 * lets ptxas give them 128 registers: the K=7 r1/2 ACS loop then needs 24 register moves per
 * block of 6 steps instead of 51, and 16 warps an SM decoded faster than 20 (H100, 2^28 steps,
 * an earlier form of the traceback: 97.2 against 93.4 Gbit/s; docs/viterbi.md). */
template <int K>
__host__ __device__ constexpr int tile_min_blocks()
{
    return K == 7 ? 4 : 0;
}

/* What the thread @p thread of a tile launch decodes (K = 8, 9: its part of the tile). */
template <int K, int N>
struct tile_of_thread {
    size_t job;         //!< the tile, from the launch's first
    uint32_t n, warm;   //!< steps decoded, of which warm-up
    uint32_t emit;      //!< bits written
    bool known;         //!< state 0 known at the first step (the stream's start)
    bool out_words;     //!< 4-byte stores of the bits
    const int8_t* llr;  //!< the first step's LLRs
    uint32_t* dec;      //!< this thread's decision words
    uint8_t* out;       //!< the tile's bits

    __device__ __forceinline__ tile_of_thread(const thread_tile_args& a, size_t thread)
    {
        constexpr int words = shape<K>::words, P = shape<K>::threads;
        job = thread / P;
        const conv::tile_window w =
            conv::tile_window_of(a.first_tile + job, a.payload, a.before, a.after, a.end_step);
        n = uint32_t(w.end - w.begin);
        warm = uint32_t(w.first - w.begin);
        emit = uint32_t(min(a.payload, w.end - w.first));
        known = w.begin == 0;
        out_words = (a.payload & 3) == 0 && (reinterpret_cast<uintptr_t>(a.bits) & 3) == 0;
        llr = a.llr + N * (w.begin - a.first_step);
        dec = a.dec + (thread >> 5) * size_t(a.dec_steps) * 32 * words + (thread & 31);
        out = a.bits + job * a.payload;
    }
};

/* The thread's index in the grid, read from %ctaid and %tid each time (volatile): see
 * tile_kernel. */
__device__ __forceinline__ size_t grid_thread()
{
    uint32_t block, tid;
    asm volatile("mov.u32 %0, %%ctaid.x;" : "=r"(block));
    asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tid));
    return size_t(block) * thread_tile_block_threads + tid;
}

template <int K, unsigned... G>
__global__ void __launch_bounds__(thread_tile_block_threads, tile_min_blocks<K>()) tile_kernel(thread_tile_args a)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
    // DPX runs in hardware from sm_90 on and the launchers take these kernels only there
    // (viterbi_tile_dpx_native): code for older GPUs (a build's PTX for them) is left empty.
#else
    constexpr int N = int(sizeof...(G));
    constexpr int words = shape<K>::words;
    // The forward pass hands the traceback only its start: the tile's geometry is worked out
    // again afterwards from the thread index, read anew, instead of held in registers through
    // the add-compare-select loop (K=7 r1/2: 126 registers instead of 128, 0.5 % faster).
    uint32_t start;
    {
        const size_t thread = grid_thread();
        const tile_of_thread<K, N> t(a, thread);
        if (t.job >= a.n_tiles)
            return;
        start = forward_tile<K, G...>(linear_steps<N, words_for<K, N>()>{ t.llr, t.n }, t.n, t.warm, t.known, t.dec,
                                      32 * words, 32, false, team_of<K>::make(thread));
    }
    const size_t thread = grid_thread();
    const tile_of_thread<K, N> t(a, thread);
    trace_tile<K>(start, t.n, t.warm, t.dec, 32 * words, 32, t.out, t.emit, t.out_words, team_of<K>::make(thread));
#endif
}

/* The frame of thread @p thread when its steps come through a word_reader: the lanes of a warp
 * take frames whose LLRs start at the same byte offset mod 4, so that their readers load at the
 * same steps (warps whose frames alternated between two offsets ran the loads divergently: K=7
 * r1/3 terminated frames, 6162 bytes each, 45.7 Gbit/s against 47.5 with one offset a warp).
 * Each group of p warps (p = 1, 2 or 4 offsets, a divisor of a block's warps) takes 32 p
 * consecutive frames. */
__device__ __forceinline__ size_t frame_of_aligned(size_t thread, size_t frame_bytes)
{
    static_assert(thread_tile_block_threads % 128 == 0, "groups of up to 4 warps in a block");
    const uint32_t s = uint32_t(frame_bytes & 3u);
    const size_t p = s == 0 ? 1 : s == 2 ? 2 : 4;
    const size_t warp = thread >> 5, lane = thread & 31;
    return ((warp / p) * 32 + lane) * p + warp % p;
}

/* Thread blocks of the frame kernel an SM must hold (0: no bound; a bound of 1 is not the same,
 * ptxas then gave K = 8 156 registers instead of 128): with its two tiles (linear and circular)
 * ptxas gave K = 9 r1/3 214 registers, two thread blocks an SM, against the tile kernel's 166 and
 * three; bounded, it takes 168 (docs/viterbi.md). */
template <int K, int N>
__host__ __device__ constexpr int frame_min_blocks()
{
    return K == 9 && N >= 3 ? 3 : 0;
}

/* Framed codes: one thread per frame, the frame as a tile (docs/viterbi.md, framed modes):
 * terminated from state 0 to state 0, truncated from state 0 to the best state, tail-biting
 * over the circular extension from equal metrics, its middle frame_bits decisions kept. */
template <int K, unsigned... G>
__global__ void __launch_bounds__(thread_tile_block_threads, frame_min_blocks<K, int(sizeof...(G))>())
    frame_kernel(thread_frame_args a)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
    // As tile_kernel: only Hopper and later run it.
#else
    constexpr int N = int(sizeof...(G));
    constexpr int words = shape<K>::words, P = shape<K>::threads;
    const size_t thread = size_t(blockIdx.x) * thread_tile_block_threads + threadIdx.x;
    const size_t job = words_for<K, N>() ? frame_of_aligned(thread, size_t(N) * a.frame_steps) : thread / P;
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
    if (a.tailbiting) {
        const uint32_t W = uint32_t(conv::tailbiting_wrap(K));
        decode_tile<K, G...>(circular_steps<N, words_for<K, N>()>{ lp, F, (F - W % F) % F }, F + 2 * W, W, false, dec, 32 * words,
                             32, out, F, out_words, false, team);
    } else {
        decode_tile<K, G...>(linear_steps<N, words_for<K, N>()>{ lp, a.frame_steps }, a.frame_steps, 0, true, dec, 32 * words, 32, out, F,
                             out_words, a.terminated, team);
    }
#endif
}

} // namespace dpx
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_KERNELS_CUH */
