/* The cluster kernel's device code (docs/turbo.md, "Cluster kernel"): one code block spread over
 * a cluster of C thread blocks, so that its P windows run on C multiprocessors instead of one.
 * Thread block r owns the windows and steps of cluster_split (the same in both constituents)
 * and keeps in its own shared memory, for its steps plus g training steps either side: the
 * channel values Ls, Ls(Pi), P1, P2 and the running constituent's sa; for its own steps: each
 * constituent's extrinsic (e1 by k, e2 by j); per window: checkpoints, group ends and the PIVI
 * edges. A half-iteration of constituent c:
 *
 *   prologue   sa(j) = Ls_c(j) + s e_other(m),  m = Pi^-1(j) (c = 0) or Pi(j) (c = 1), read
 *              from the thread block owning m through distributed shared memory (where m
 *              lives: a table made once a launch)
 *   phases     lte_turbo_phases.cuh on the local windows; an edge for a neighbour window owned by
 *              another thread block is written into that block's shared memory
 *   cluster barrier: every e_c and edge is written before anyone reads them
 *
 * The arithmetic and data flow are those of the BLOCK kernel (turbo_decode.cu), so decisions,
 * APP LLRs and iterations equal the CPU decoder's for the same P and g, bit for bit with
 * max-log-MAP. The early-stop verdict is the cluster's: each thread block votes (HARD: did any
 * of its decisions change; CRC: its share of the remainder) into every block's shared memory.
 *
 * Everything here also compiles as host code for the emulation test (qa_lte_turbo_cluster_emulated.cc),
 * which supplies threadIdx, the barriers, the warp votes and cooperative_groups' cluster.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_CLUSTER_DEVICE_CUH
#define INCLUDED_GPUFEC_CUDA_TURBO_CLUSTER_DEVICE_CUH

#include "lte_turbo_cluster_split.h"
#include "lte_turbo_crc.cuh"
#include "lte_turbo_phases.cuh"
#ifdef __CUDACC__
#include <cooperative_groups.h>
#endif

namespace gr {
namespace gpufec {
namespace cuda {
namespace turbo_dev {

namespace cg = cooperative_groups;

/* Thread block clusters exist from sm_90 on. Code for older GPUs (the PTX of a build for
 * several architectures) compiles against this stand-in and never runs: the launcher starts
 * the kernel only where cudaDevAttrClusterLaunch says clusters launch. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
struct cluster_group {
    __device__ unsigned block_rank() const { return 0; }
    template <class T>
    __device__ T* map_shared_rank(T* local, unsigned) const
    {
        return local;
    }
    __device__ void sync() const { __syncthreads(); }
};
__device__ inline cluster_group this_cluster() { return {}; }
#else
using cg::cluster_group;
using cg::this_cluster;
#endif


constexpr size_t cluster_round_up(size_t n, size_t m) { return (n + m - 1) / m * m; }

/* Remote extrinsics a thread reads at once in a prologue. */
constexpr unsigned prologue_batch = 4;

/* A thread block's shared memory, in floats from the start (each piece 16-byte aligned). */
struct cluster_smem {
    unsigned sa, ls, lspi, p1, p2; //!< halo steps, swizzled (rows of 32)
    unsigned ext0, ext1;           //!< owned steps, swizzled: e1 by k, e2 by j
    unsigned from0, from1;         //!< halo steps: where each prologue reads its extrinsic
    unsigned ckpt;                 //!< max_segments x 8 x W (W = max_windows: the stride)
    unsigned groups;               //!< T x 8 x W
    unsigned edges;                //!< [constituent][alpha, beta][parity] x 8 x W
    unsigned beta_K;               //!< 2 x 8
    unsigned votes;                //!< C words: each thread block's early-stop vote
    unsigned flag;                 //!< one int: a decision changed here (HARD)
    unsigned words;                //!< decision words: HARD the owned steps', CRC the share's
    unsigned total;

    __host__ __device__ cluster_smem(const cluster_split& sp, unsigned T, bool stop)
    {
        const size_t halo = cluster_round_up(sp.max_halo(), 32), owned = cluster_round_up(sp.max_owned(), 32);
        const size_t W = sp.max_windows();
        const size_t max_segments = ((sp.K + sp.P - 1) / sp.P + turbo_segment - 1) / turbo_segment;
        const size_t n_words = (sp.K + 31) / 32;
        const size_t share = (n_words + sp.C - 1) / sp.C;
        const size_t words_needed = !stop ? 0 : owned / 32 > share ? owned / 32 : share;
        size_t at = 0; // in floats: far below 2^32
        sa = at, at += halo;
        ls = at, at += halo;
        lspi = at, at += halo;
        p1 = at, at += halo;
        p2 = at, at += halo;
        ext0 = at, at += owned;
        ext1 = at, at += owned;
        from0 = at, at += halo;
        from1 = at, at += halo;
        ckpt = at, at += cluster_round_up(max_segments * rsc_states * W, 4);
        groups = at, at += T > 1 ? cluster_round_up(size_t(T) * rsc_states * W, 4) : 0;
        edges = at, at += cluster_round_up(8 * rsc_states * W, 4);
        beta_K = at, at += 2 * rsc_states;
        votes = at, at += cluster_round_up(sp.C, 4);
        flag = at, at += 4;
        words = at, at += cluster_round_up(words_needed, 4);
        total = unsigned(at);
    }
};

struct cluster_args {
    cluster_split sp;
    unsigned T, f1, f2;
    int iterations;
    float scaling;
    early_stop stop;
    const uint16_t* pi;
    const uint16_t* pi_inv;
    const float* llr;
    size_t n_blocks;
    uint8_t* bits;
    float* app;
    int* iterations_used;
};

/* One thread block of the cluster: its part of the block and the window store of
 * lte_turbo_phases.cuh (windows strided by max_windows; a neighbour's edge may be remote). */
struct cluster_ctx {
    const cluster_args& a;
    cluster_smem at;
    float* sm;
    unsigned rank;
    unsigned lo, hi, halo_lo, halo_hi; //!< owned steps [lo, hi), halo [halo_lo, halo_hi)
    unsigned w0, windows;              //!< its windows [w0, w0 + windows)
    using metric = float;              //!< float metrics only (docs/turbo.md, "16-bit metrics")
    size_t stride;

    __device__ cluster_ctx(const cluster_args& args, float* shared)
        : a(args),
          at(args.sp, args.T, args.stop != early_stop::NONE),
          sm(shared),
          rank(this_cluster().block_rank()),
          lo(args.sp.begin(rank)),
          hi(args.sp.begin(rank + 1)),
          halo_lo(args.sp.halo_begin(rank)),
          halo_hi(args.sp.halo_end(rank)),
          w0(args.sp.first_window(rank)),
          windows(args.sp.first_window(rank + 1) - w0),
          stride(args.sp.max_windows())
    {
    }
    /* A piece of thread block r's shared memory (this one's when r = rank). */
    template <class T>
    __device__ T* in(T* local, unsigned r) const
    {
        return r == rank ? local : this_cluster().map_shared_rank(local, r);
    }
    __device__ float* ckpt(unsigned w) const { return sm + at.ckpt + (w - w0); }
    __device__ float* groups(unsigned w) const { return sm + at.groups + (w - w0); }
    __device__ float* edge(int c, int kind, int parity, unsigned w) const
    {
        const unsigned r = a.sp.rank_of_window(w);
        float* local = sm + at.edges + size_t((c * 2 + kind) * 2 + parity) * rsc_states * stride +
                       (w - a.sp.first_window(r));
        return in(local, r);
    }
    __device__ const float* beta_K(int c) const { return sm + at.beta_K + c * rsc_states; }

    /* Where step m of a constituent lives: its thread block (high 16 bits) and its place in
     * that block's arrays of owned steps (low 16 bits). */
    __device__ uint32_t where(unsigned m) const
    {
        const unsigned r = a.sp.rank_of(m);
        return r << 16 | (m - a.sp.begin(r));
    }
    /* app of step j of the second constituent after it ran: sa2(j) + e2(j), wherever it is. */
    __device__ float app_of(unsigned j) const
    {
        const unsigned r = a.sp.rank_of(j);
        return __fadd_rn(in(sm + at.sa, r)[sk(j - a.sp.halo_begin(r))], in(sm + at.ext1, r)[sk(j - a.sp.begin(r))]);
    }
};

/* Constituent c's half-iteration over this thread block's windows, up to (not including) the
 * cluster barrier that publishes its extrinsics and edges. */
template <class M>
__device__ void half_iteration(const cluster_ctx& x, int c, int it)
{
    const cluster_args& a = x.a;
    float* sa = x.sm + x.at.sa;
    const float* sys = x.sm + (c == 0 ? x.at.ls : x.at.lspi);
    // The other constituent's extrinsic: e2(Pi^-1(j)) for the first, e1(Pi(j)) for the second.
    const uint32_t* from = reinterpret_cast<const uint32_t*>(x.sm + (c == 0 ? x.at.from0 : x.at.from1));
    float* other = x.sm + (c == 0 ? x.at.ext1 : x.at.ext0);
    // Remote reads take hundreds of cycles: each thread issues prologue_batch before it waits.
    const unsigned n = x.halo_hi - x.halo_lo;
    for (unsigned i0 = threadIdx.x; i0 < n; i0 += prologue_batch * blockDim.x) {
        float e[prologue_batch];
#pragma unroll
        for (unsigned u = 0; u < prologue_batch; ++u) {
            const unsigned i = i0 + u * blockDim.x;
            const uint32_t at = i < n ? from[i] : 0u;
            e[u] = i < n ? x.in(other, at >> 16)[sk(at & 0xffffu)] : 0.0f;
        }
#pragma unroll
        for (unsigned u = 0; u < prologue_batch; ++u) {
            const unsigned i = i0 + u * blockDim.x;
            if (i < n)
                sa[sk(i)] = __fadd_rn(sys[sk(i)], __fmul_rn(a.scaling, e[u]));
        }
    }
    __syncthreads();
    half_inputs<float_metrics> h{ sa,
                                  x.sm + (c == 0 ? x.at.p1 : x.at.p2),
                                  x.sm + (c == 0 ? x.at.ext0 : x.at.ext1),
                                  false,
                                  a.sp.K,
                                  a.f1,
                                  a.f2,
                                  float_metrics{ a.scaling } };
    h.in_origin = x.halo_lo;
    h.out_origin = x.lo;
    const window_split wsp{ a.sp.K, a.sp.P, a.sp.g, a.T };
    using R = scalar_recursion<M, float_metrics>;
    const unsigned tasks = unsigned(x.stride) * a.T;
    for (unsigned i = threadIdx.x; i < tasks; i += blockDim.x)
        if (i % x.stride < x.windows)
            phase_one<R, false>(x, wsp, h, x.w0 + unsigned(i % x.stride), unsigned(i / x.stride), c, it);
    __syncthreads();
    for (unsigned i = threadIdx.x; i < tasks; i += blockDim.x)
        if (i % x.stride < x.windows)
            phase_two<R, false>(x, wsp, h, x.w0 + unsigned(i % x.stride), unsigned(i / x.stride), c, it);
    __syncthreads();
}

/* HARD, before the barrier after the second constituent: this thread block's vote (did any of
 * its decisions change since the last iteration) into every thread block's votes[rank]. */
__device__ inline void vote_hard(const cluster_ctx& x, int it)
{
    int* flag = reinterpret_cast<int*>(x.sm + x.at.flag);
    uint32_t* words = reinterpret_cast<uint32_t*>(x.sm + x.at.words);
    const unsigned lane = threadIdx.x & 31u, owned = x.hi - x.lo;
    if (threadIdx.x == 0)
        *flag = 0;
    __syncthreads();
    for (unsigned base = threadIdx.x - lane; base < owned; base += blockDim.x) {
        const unsigned i = base + lane;
        const bool bit =
            i < owned && __fadd_rn(x.sm[x.at.sa + sk(x.lo + i - x.halo_lo)], x.sm[x.at.ext1 + sk(i)]) > 0.0f;
        const uint32_t word = __ballot_sync(0xffffffffu, bit);
        if (lane == 0) {
            if (it > 1 && words[base / 32] != word)
                *flag = 1;
            words[base / 32] = word;
        }
    }
    __syncthreads();
    if (threadIdx.x < x.a.sp.C)
        x.in(reinterpret_cast<uint32_t*>(x.sm + x.at.votes), threadIdx.x)[x.rank] = uint32_t(*flag);
}

/* CRC, after the barrier: this thread block's share of the decision words, gathered from the
 * whole cluster in natural order, divided by warp 0, its remainder voted into every thread
 * block. The caller then waits at a cluster barrier and XORs the votes. */
__device__ inline void vote_crc(const cluster_ctx& x, uint32_t poly, uint32_t crc_factor)
{
    const cluster_args& a = x.a;
    uint32_t* words = reinterpret_cast<uint32_t*>(x.sm + x.at.words);
    const unsigned lane = threadIdx.x & 31u, n_words = (a.sp.K + 31) / 32;
    const unsigned first = x.rank * n_words / a.sp.C, last = (x.rank + 1) * n_words / a.sp.C;
    for (unsigned base = 32 * first + threadIdx.x - lane; base < 32 * last; base += blockDim.x) {
        const unsigned k = base + lane;
        const uint32_t word = __ballot_sync(0xffffffffu, k < a.sp.K && x.app_of(a.pi_inv[k]) > 0.0f);
        if (lane == 0)
            words[base / 32 - first] = word;
    }
    __syncthreads();
    if (threadIdx.x < 32) {
        const uint32_t r = crc_remainder(words, first, last, a.sp.K, poly, crc_factor);
        if (threadIdx.x < a.sp.C)
            x.in(reinterpret_cast<uint32_t*>(x.sm + x.at.votes), threadIdx.x)[x.rank] = r;
    }
}

/* The cluster's verdict from the votes (all equal in every thread block after the barrier). */
__device__ inline bool votes_say_stop(const cluster_ctx& x, int it)
{
    const uint32_t* votes = reinterpret_cast<const uint32_t*>(x.sm + x.at.votes);
    uint32_t any = 0;
    for (unsigned r = 0; r < x.a.sp.C; ++r)
        any |= x.a.stop == early_stop::HARD ? votes[r] : 0u;
    if (x.a.stop == early_stop::HARD)
        return it > 1 && any == 0;
    uint32_t rem = 0;
    for (unsigned r = 0; r < x.a.sp.C; ++r)
        rem ^= votes[r];
    return rem == 0;
}

template <class M>
__device__ void decode_block(const cluster_ctx& x, size_t cb, uint32_t crc_factor)
{
    const cluster_args& a = x.a;
    const unsigned K = a.sp.K, D = K + 4;
    const float* in = a.llr + cb * 3 * size_t(D);
    for (unsigned i = threadIdx.x; i < x.halo_hi - x.halo_lo; i += blockDim.x) {
        const unsigned k = x.halo_lo + i;
        x.sm[x.at.ls + sk(i)] = sanitize(in[k]);
        x.sm[x.at.p1 + sk(i)] = sanitize(in[D + k]);
        x.sm[x.at.p2 + sk(i)] = sanitize(in[2 * D + k]);
        x.sm[x.at.lspi + sk(i)] = sanitize(in[a.pi[k]]);
    }
    for (unsigned i = threadIdx.x; i < x.hi - x.lo; i += blockDim.x)
        x.sm[x.at.ext1 + sk(i)] = 0.0f; // no a priori information before the first iteration
    if (threadIdx.x == 0) {
        // The 12 tail values were dealt round robin to d(0), d(1), d(2) from position K on.
        float tail[12];
        for (unsigned t = 0; t < 12; ++t)
            tail[t] = sanitize(in[(t % 3) * size_t(D) + K + t / 3]);
        gpufec::turbo::tail_beta(tail, x.sm + x.at.beta_K);
        gpufec::turbo::tail_beta(tail + 6, x.sm + x.at.beta_K + rsc_states);
    }
    cluster_group cluster = this_cluster();
    cluster.sync(); // every e2 is 0 before anyone reads one
    const bool crc = a.stop == early_stop::CRC24A || a.stop == early_stop::CRC24B;
    for (int it = 1;; ++it) {
        half_iteration<M>(x, 0, it);
        cluster.sync();
        half_iteration<M>(x, 1, it);
        const bool last = it == a.iterations;
        if (!last && a.stop == early_stop::HARD)
            vote_hard(x, it);
        cluster.sync();
        bool stop = last;
        if (!last && crc) {
            vote_crc(x, a.stop == early_stop::CRC24A ? crc24a_poly : crc24b_poly, crc_factor);
            cluster.sync();
        }
        if (!last && a.stop != early_stop::NONE)
            stop = votes_say_stop(x, it);
        if (stop) {
            for (unsigned i = threadIdx.x; i < x.hi - x.lo; i += blockDim.x) {
                const unsigned j = x.lo + i, k = a.pi[j];
                const float v = __fadd_rn(x.sm[x.at.sa + sk(j - x.halo_lo)], x.sm[x.at.ext1 + sk(i)]);
                a.bits[cb * K + k] = v > 0.0f; // an a-posteriori LLR of exactly 0 decides 0
                if (a.app)
                    a.app[cb * K + k] = v;
            }
            if (x.rank == 0 && threadIdx.x == 0 && a.iterations_used)
                a.iterations_used[cb] = it;
            break;
        }
    }
    // No thread block may leave (or start the next block) while another still reads its shared
    // memory.
    cluster.sync();
}

/* The kernel's work in thread block blockIdx.x of a grid of whole clusters, with its shared
 * memory. */
template <class M>
__device__ void cluster_kernel_body(const cluster_args& a, float* smem)
{
    const cluster_ctx x(a, smem);
    // Where the prologues read (the same for every code block); the first barrier of
    // decode_block orders these writes before their reads.
    uint32_t* from0 = reinterpret_cast<uint32_t*>(x.sm + x.at.from0);
    uint32_t* from1 = reinterpret_cast<uint32_t*>(x.sm + x.at.from1);
    for (unsigned i = threadIdx.x; i < x.halo_hi - x.halo_lo; i += blockDim.x) {
        from0[i] = x.where(a.pi_inv[x.halo_lo + i]);
        from1[i] = x.where(a.pi[x.halo_lo + i]);
    }
    uint32_t crc_factor = 0;
    if ((a.stop == early_stop::CRC24A || a.stop == early_stop::CRC24B) && threadIdx.x < 32) {
        const unsigned n_words = (a.sp.K + 31) / 32;
        crc_factor = crc_lane_factor(a.sp.K, a.stop == early_stop::CRC24A ? crc24a_poly : crc24b_poly, threadIdx.x,
                                     x.rank * n_words / a.sp.C, (x.rank + 1) * n_words / a.sp.C);
    }
    const unsigned clusters = gridDim.x / a.sp.C;
    for (size_t cb = blockIdx.x / a.sp.C; cb < a.n_blocks; cb += clusters)
        decode_block<M>(x, cb, crc_factor);
}

} // namespace turbo_dev
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
