/* One sub-block window of one constituent decoder on the GPU, as lib/core/turbo/siso_cpu.cc
 * decodes it, but without storing alpha for every step: the forward pass keeps alpha only at
 * the start of each segment of turbo_segment steps (a checkpoint), and the backward pass
 * recomputes one segment's alphas into registers before it walks that segment backwards:
 *
 *   forward:  alpha(k+1) = alpha_step(alpha(k), bm(sa(k), par(k)))       checkpoints alpha(B + sC)
 *   backward: beta(k)    = beta_step(beta(k+1), bm(sa(k), par(k)))
 *             ext(k)     = extrinsic(alpha(k), beta(k+1), par(k))         for k in [B, E)
 *
 * Every metric comes from siso_arith.h's functions on the same operands in the same order as
 * on the CPU, so max-log-MAP gives the same bits. Windows, training and the previous
 * iteration's edge metrics (PIVI, PIVI-DSTW) follow docs/turbo.md, "Sub-blocks".
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_WINDOW_CUH
#define INCLUDED_GPUFEC_CUDA_TURBO_WINDOW_CUH

#include "common/quantize.h"
#include "common/turbo/metric_domains.h"
#include "common/turbo/siso_arith.h"
#include <gnuradio/gpufec/lte_turbo_params.h>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {
namespace turbo_dev {

using gpufec::turbo::branch_metrics;
using gpufec::turbo::float_metrics;
using gpufec::turbo::int16_metrics;
using gpufec::turbo::rsc_states;
using gpufec::turbo::unreachable_metric;

/* Steps per checkpoint: the backward pass holds 8 x turbo_segment alphas in registers. */
constexpr unsigned turbo_segment = 8;

/*
 * max-log-MAP's max* as one fmaxf. It equals max_log::op (a > b ? a : b) on every operand the
 * decoder meets: they differ only for NaN, which sanitised finite inputs never produce, and for
 * the pair (+0, -0), which cannot occur because no metric is ever -0 (docs/turbo.md, "CUDA
 * decoder"; the GPU tests feed -0 inputs).
 */
struct max_log_fmax {
    GPUFEC_HOST_DEVICE static float op(float a, float b) { return fmaxf(a, b); }
    GPUFEC_HOST_DEVICE static int32_t op(int32_t a, int32_t b) { return a > b ? a : b; }
};

/* What the CPU decoder reads for an input value (map_cpu.cc): NaN as 0, the rest clamped. */
__device__ __forceinline__ float sanitize(float v)
{
    return v != v ? 0.0f : fminf(fmaxf(v, -lte_turbo_llr_limit), lte_turbo_llr_limit);
}

/* The same for the 16-bit decoder's int8 values: -128 reads as -127; values it stored itself
 * are already in range. */
__device__ __forceinline__ int32_t sanitize(int8_t q) { return llr_value(q); }
__device__ __forceinline__ int32_t sanitize(int16_t v) { return v; }

/* Step k's place in a shared-memory array of whole rows of 32 words: each row is XOR-swizzled
 * by its index, so the windows of a warp, whose starts are 32 or more steps apart, spread over
 * the banks instead of meeting in one (no padding: the arrays stay 4 K bytes). */
__device__ __forceinline__ unsigned sk(unsigned k) { return k ^ ((k >> 5) & 31u); }

/* Window w of P over K steps, as map_cpu's make_windows (P = 1 gives the whole block). */
struct window {
    unsigned begin, end;             //!< extrinsics for steps [begin, end)
    unsigned train_begin, train_end; //!< the recursions start here
    unsigned segments;               //!< checkpoints: begin + s * turbo_segment, s < segments

    __device__ window(unsigned w, unsigned P, unsigned K, unsigned g)
    {
        begin = w * K / P;
        end = (w + 1) * K / P;
        train_begin = w == 0 ? 0 : begin - g;
        train_end = w + 1 == P ? K : end + g;
        segments = (end - begin + turbo_segment - 1) / turbo_segment;
    }
};

/* Eight metrics of one window in a strided array (stride apart: the windows of a warp then
 * touch consecutive words). */
template <typename T>
__device__ __forceinline__ void store8(const T* m, T* to, size_t stride)
{
#pragma unroll
    for (int s = 0; s < rsc_states; ++s)
        to[s * stride] = m[s];
}

template <typename T>
__device__ __forceinline__ void load8(const T* from, size_t stride, T* m)
{
#pragma unroll
    for (int s = 0; s < rsc_states; ++s)
        m[s] = from[s * stride];
}

/* Where a window's edge metrics go: the neighbour's start metrics for the next iteration. */
template <typename T>
struct edge_out {
    T* to;         //!< null: nothing to record
    size_t stride;
    unsigned step; //!< record the metric of this step
};

/* Pi(k) for k = start, start - 1, ... without a table: Pi(k) - Pi(k-1) = f1 + f2 (2k - 1),
 * and that difference falls by 2 f2 per step (all mod K). */
struct qpp_walk {
    unsigned value, diff, K, twice_f2;

    __device__ qpp_walk(unsigned k, unsigned K_, unsigned f1, unsigned f2) : K(K_)
    {
        const uint64_t kk = k;
        value = unsigned((f1 * kk + f2 * kk * kk) % K);
        diff = unsigned((f1 + 2 * f2 * kk + K - f2) % K);
        twice_f2 = (2 * f2) % K;
    }
    __device__ void down()
    {
        value = value >= diff ? value - diff : value + K - diff;
        diff = diff >= twice_f2 ? diff - twice_f2 : diff + K - twice_f2;
    }
};

/* One constituent's inputs and output in shared memory (indexed through sk), in metric domain
 * D (metric_domains.h): arrays of D::stored, recursions in D::metric. A thread block that holds
 * only part of the steps (the cluster kernel) keeps step k at k - origin. */
template <class D>
struct half_inputs {
    using T = typename D::metric;
    using V = typename D::stored;
    const V* sa;  //!< systematic + a priori, in this constituent's order
    const V* par;
    V* ext;       //!< extrinsic out: at step k, or at Pi(k) for the second constituent
    bool interleaved;
    unsigned K, f1, f2;
    D dom;
    unsigned in_origin = 0;  //!< sa and par hold step k at k - in_origin
    unsigned out_origin = 0; //!< ext holds its value for k at k - out_origin (not interleaved)

    __device__ __forceinline__ T sa_at(unsigned k) const { return T(sa[sk(k - in_origin)]); }
    __device__ __forceinline__ T par_at(unsigned k) const { return T(par[sk(k - in_origin)]); }
};

/*
 * The forward pass from train_begin to end: alpha starts from the known state 0 at step 0,
 * else from @p init (null: all zero, the first iteration). Records the checkpoints
 * (ckpt + s * 8 * stride) and the alpha edge.
 */
template <class M, class H, typename T = typename H::T>
__device__ void alpha_pass(const H& h,
                           const window& w,
                           const T* init,
                           size_t init_stride,
                           T* ckpt,
                           size_t stride,
                           const edge_out<T>& edge)
{
    T a[rsc_states];
#pragma unroll
    for (int s = 0; s < rsc_states; ++s)
        a[s] = w.train_begin == 0 ? (s == 0 ? T(0) : unreachable_metric<T>())
                                  : (init ? init[s * init_stride] : T(0));
    unsigned next_ckpt = w.begin, s = 0;
    for (unsigned k = w.train_begin;; ++k) {
        if (edge.to && k == edge.step)
            store8(a, edge.to, edge.stride);
        if (k == next_ckpt && s < w.segments) {
            store8(a, ckpt + size_t(s) * rsc_states * stride, stride);
            ++s;
            next_ckpt += turbo_segment;
        }
        if (k == w.end)
            break;
        gpufec::turbo::alpha_step<M>(a, branch_metrics(h.sa_at(k), h.par_at(k)), a);
    }
}

/* Where the backward pass of phase one leaves beta for phase two's threads: at the end of each
 * of @p groups groups of segments (group t: segments [t S / groups, (t + 1) S / groups)). */
template <typename T>
struct group_out {
    T* to; //!< group t at to + t * 8 * stride; null: none
    size_t stride;
    unsigned groups;
};

__device__ __forceinline__ unsigned group_first_segment(const window& w, unsigned t, unsigned groups)
{
    return t * w.segments / groups;
}

__device__ __forceinline__ unsigned group_end_step(const window& w, unsigned t, unsigned groups)
{
    return min(w.begin + group_first_segment(w, t + 1, groups) * turbo_segment, w.end);
}

/*
 * beta from step @p from down to step @p to (b holds beta(from) and ends as beta(to)), no
 * extrinsics; records the beta edge and the group ends met on the way.
 */
template <class M, class H, typename T = typename H::T>
__device__ void beta_run(const H& h,
                         const window& w,
                         T* b,
                         unsigned from,
                         unsigned to,
                         const edge_out<T>& edge,
                         const group_out<T>& groups)
{
    int t = groups.to ? int(groups.groups) - 1 : -1;
    for (unsigned k = from;; --k) {
        if (edge.to && k == edge.step)
            store8(b, edge.to, edge.stride);
        for (; t >= 0 && k == group_end_step(w, unsigned(t), groups.groups); --t)
            store8(b, groups.to + size_t(t) * rsc_states * groups.stride, groups.stride);
        if (k == to)
            break;
        gpufec::turbo::beta_step<M>(b, branch_metrics(h.sa_at(k - 1), h.par_at(k - 1)), b);
    }
}

/* A segment's recomputed alphas in registers: floats as they are; 16-bit metrics two to a
 * register (they fit: metric_domains.h), which keeps the 16-bit kernel 32 registers lighter
 * at the cost of a pack per state pair and step and an unpack per state and step. */
template <typename T>
struct packed_alphas {
    using word = T;
    static constexpr int words = rsc_states;
    __device__ __forceinline__ static void put(const T* x, word* to)
    {
#pragma unroll
        for (int s = 0; s < rsc_states; ++s)
            to[s] = x[s];
    }
    __device__ __forceinline__ static void get(const word* from, T* x)
    {
#pragma unroll
        for (int s = 0; s < rsc_states; ++s)
            x[s] = from[s];
    }
};
template <>
struct packed_alphas<int32_t> {
    using word = uint32_t;
    static constexpr int words = rsc_states / 2;
    __device__ __forceinline__ static void put(const int32_t* x, word* to)
    {
#pragma unroll
        for (int s = 0; s < words; ++s)
            to[s] = (uint32_t(x[2 * s]) & 0xffffu) | (uint32_t(x[2 * s + 1]) << 16);
    }
    __device__ __forceinline__ static void get(const word* from, int32_t* x)
    {
#pragma unroll
        for (int s = 0; s < words; ++s) {
            x[2 * s] = int32_t(from[s] << 16) >> 16;
            x[2 * s + 1] = int32_t(from[s]) >> 16;
        }
    }
};

/*
 * Segments [s_lo, s_hi) backwards: b holds beta at the end of segment s_hi - 1 and ends as
 * beta(begin + s_lo * turbo_segment). Each segment's alphas are recomputed from its checkpoint
 * into registers (the unrolled loops index them with constants); the extrinsics are written.
 */
template <class M, class H, typename T = typename H::T>
__device__ void backward_segments(const H& h,
                                  const window& w,
                                  T* b,
                                  unsigned s_lo,
                                  unsigned s_hi,
                                  const T* ckpt,
                                  size_t stride,
                                  const edge_out<T>& edge)
{
    if (s_lo >= s_hi)
        return;
    qpp_walk pi(min(w.begin + s_hi * turbo_segment, w.end) - 1, h.K, h.f1, h.f2);
    for (unsigned s = s_hi; s-- > s_lo;) {
        const unsigned base = w.begin + s * turbo_segment;
        const unsigned len = min(turbo_segment, w.end - base);
        using pack = packed_alphas<T>;
        typename pack::word seg[turbo_segment][pack::words];
        T a[rsc_states];
        load8(ckpt + size_t(s) * rsc_states * stride, stride, a);
        pack::put(a, seg[0]);
#pragma unroll
        for (unsigned i = 1; i < turbo_segment; ++i)
            if (i < len) {
                gpufec::turbo::alpha_step<M>(a, branch_metrics(h.sa_at(base + i - 1), h.par_at(base + i - 1)), a);
                pack::put(a, seg[i]);
            }
#pragma unroll
        for (int i = turbo_segment - 1; i >= 0; --i) {
            if (unsigned(i) < len) {
                const unsigned k = base + unsigned(i); // b holds beta(k + 1)
                const T sa = h.sa_at(k), par = h.par_at(k);
                pack::get(seg[i], a);
                h.ext[sk(h.interleaved ? pi.value : k - h.out_origin)] =
                    typename H::V(h.dom.extrinsic_out(gpufec::turbo::extrinsic<M>(a, b, par)));
                if (h.interleaved)
                    pi.down();
                gpufec::turbo::beta_step<M>(b, branch_metrics(sa, par), b);
                if (edge.to && k == edge.step)
                    store8(b, edge.to, edge.stride);
            }
        }
    }
}

} // namespace turbo_dev
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
