/* One sub-block window of one constituent decoder on the GPU, as lte/core/lte_turbo_siso_cpu.cc
 * decodes it, but without storing alpha for every step: the forward pass keeps alpha only at
 * the start of each segment of turbo_segment steps (a checkpoint), and the backward pass
 * recomputes one segment's alphas into registers before it walks that segment backwards:
 *
 *   forward:  alpha(k+1) = alpha_step(alpha(k), sa(k), par(k))       checkpoints alpha(B + sC)
 *   backward: beta(k)    = beta_step(beta(k+1), sa(k), par(k))
 *             ext(k)     = extrinsic(alpha(k), beta(k+1), par(k))     for k in [B, E)
 *
 * The recursions are a policy R (a "recursion"): how the 8 state metrics of a step are held
 * and stepped. scalar_recursion below calls lte_turbo_siso_arith.h's functions on the same operands in
 * the same order as the CPU, so max-log-MAP gives the same bits; the 16-bit kernel's
 * packed_recursion (lte_turbo_packed.cuh) computes the same functions two states a register.
 * Windows, training and the previous iteration's edge metrics (PIVI, PIVI-DSTW) follow
 * docs/turbo.md, "Sub-blocks".
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_WINDOW_CUH
#define INCLUDED_GPUFEC_CUDA_TURBO_WINDOW_CUH

#include "skeleton/common/quantize.h"
#include "lte/common/lte_turbo_metric_domains.h"
#include "lte/common/lte_turbo_siso_arith.h"
#include <gnuradio/gpufec/lte/lte_turbo_params.h>
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

/* Whether every window of a split is whole segments and its edges fall on segment starts: P
 * divides K into windows of a multiple of turbo_segment steps, trained over a multiple of it
 * (the GPU's default split at K = 6144: 48 steps, g = 16). Kernels for such splits run the
 * segments unrolled without guards. */
__host__ __device__ constexpr bool whole_segments(unsigned K, unsigned P, unsigned g)
{
    return P != 0 && K % P == 0 && (K / P) % turbo_segment == 0 && g % turbo_segment == 0;
}

/*
 * A recursion policy holds the 8 state metrics of one step in a `state` and provides
 *   state known_start()                      alpha(0): state 0 known
 *   state zero()                             all equal (no knowledge)
 *   state load(from, stride), store(x, to, stride)
 *                                            a window's metrics in a strided array (stride
 *                                            apart: the windows of a warp touch consecutive
 *                                            words), in the policy's own format
 *   state beta_from_metrics(m)               beta from 8 plain metrics (tail_beta's)
 *   alpha_step(a, sa, par)                   alpha(k+1) from alpha(k) = a, in place
 *   beta_step(b, sa, par)                    beta(k) from beta(k+1) = b, in place
 *   normalise(x)                             every metric less state 0's (or nothing)
 *   metric extrinsic(a, b, par)              step k's L(1) - L(0) from alpha(k), beta(k+1)
 * Metrics may differ from the CPU's by a constant per state vector (max-log-MAP decisions
 * depend on differences only); scalar_recursion's are the CPU's exactly (its steps normalise).
 * The window code below normalises every vector it loads and at least every fourth step, which
 * bounds how far a policy's metrics drift between normalisations (lte_turbo_packed.cuh).
 */
template <class M, class D>
struct scalar_recursion {
    using T = typename D::metric;
    struct state {
        T m[rsc_states];
    };

    __device__ __forceinline__ static state known_start()
    {
        state x;
#pragma unroll
        for (int s = 0; s < rsc_states; ++s)
            x.m[s] = s == 0 ? T(0) : unreachable_metric<T>();
        return x;
    }
    __device__ __forceinline__ static state zero()
    {
        state x;
#pragma unroll
        for (int s = 0; s < rsc_states; ++s)
            x.m[s] = T(0);
        return x;
    }
    __device__ __forceinline__ static state load(const T* from, size_t stride)
    {
        state x;
#pragma unroll
        for (int s = 0; s < rsc_states; ++s)
            x.m[s] = from[s * stride];
        return x;
    }
    __device__ __forceinline__ static void store(const state& x, T* to, size_t stride)
    {
#pragma unroll
        for (int s = 0; s < rsc_states; ++s)
            to[s * stride] = x.m[s];
    }
    __device__ __forceinline__ static state beta_from_metrics(const T* m) { return load(m, 1); }
    __device__ __forceinline__ static void normalise(state&) {}
    __device__ __forceinline__ static void alpha_step(state& a, T sa, T par)
    {
        gpufec::turbo::alpha_step<M>(a.m, branch_metrics<T>(sa, par), a.m);
    }
    __device__ __forceinline__ static void beta_step(state& b, T sa, T par)
    {
        gpufec::turbo::beta_step<M>(b.m, branch_metrics<T>(sa, par), b.m);
    }
    __device__ __forceinline__ static T extrinsic(const state& a, const state& b, T par)
    {
        return gpufec::turbo::extrinsic<M>(a.m, b.m, par);
    }
};

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
 * D (lte_turbo_metric_domains.h): arrays of D::stored, recursions in D::metric. A thread block that holds
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

/* Metrics a window loads (a start, a checkpoint, an edge) are normalised before use, and a
 * recursion normalises at least every fourth step: forwards at each segment's start and after
 * its step 3, backwards after steps 4 and 0 of a segment, elsewhere by a count. */
constexpr unsigned normalise_every = 4;

/*
 * The forward pass from train_begin to end: alpha starts from the known state 0 at step 0,
 * else from @p init (null: all zero, the first iteration). Records the checkpoints
 * (ckpt + s * 8 * stride) and the alpha edge. WHOLE: the window is whole segments and the edge
 * falls on a segment's start, so each segment runs unrolled (see whole_segments()).
 */
template <class R, bool WHOLE, class H, typename T = typename H::T>
__device__ void alpha_pass(const H& h,
                           const window& w,
                           const T* init,
                           size_t init_stride,
                           T* ckpt,
                           size_t stride,
                           const edge_out<T>& edge)
{
    typename R::state a = w.train_begin == 0 ? R::known_start() : (init ? R::load(init, init_stride) : R::zero());
    R::normalise(a);
    unsigned n = 0;
    for (unsigned k = w.train_begin; k < w.begin; ++k) {
        if (edge.to && k == edge.step)
            R::store(a, edge.to, edge.stride);
        R::alpha_step(a, h.sa_at(k), h.par_at(k));
        if (++n % normalise_every == 0)
            R::normalise(a);
    }
    for (unsigned s = 0; s < w.segments; ++s) {
        const unsigned base = w.begin + s * turbo_segment;
        R::normalise(a);
        R::store(a, ckpt + size_t(s) * rsc_states * stride, stride);
        if constexpr (WHOLE) {
            if (edge.to && edge.step == base)
                R::store(a, edge.to, edge.stride);
#pragma unroll
            for (unsigned i = 0; i < turbo_segment; ++i) {
                R::alpha_step(a, h.sa_at(base + i), h.par_at(base + i));
                if (i == normalise_every - 1) // the next segment starts normalised
                    R::normalise(a);
            }
        } else {
            const unsigned len = min(turbo_segment, w.end - base);
            for (unsigned i = 0; i < len; ++i) {
                if (edge.to && base + i == edge.step)
                    R::store(a, edge.to, edge.stride);
                R::alpha_step(a, h.sa_at(base + i), h.par_at(base + i));
                if (i == normalise_every - 1)
                    R::normalise(a);
            }
        }
    }
    if (edge.to && edge.step == w.end)
        R::store(a, edge.to, edge.stride);
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
 * beta from step @p from down to step @p to (b holds beta(from), normalised, and ends as
 * beta(to)), no extrinsics; records the beta edge and the group ends met on the way.
 */
template <class R, class H, typename T = typename H::T>
__device__ void beta_run(const H& h,
                         const window& w,
                         typename R::state& b,
                         unsigned from,
                         unsigned to,
                         const edge_out<T>& edge,
                         const group_out<T>& groups)
{
    int t = groups.to ? int(groups.groups) - 1 : -1;
    unsigned n = 0;
    for (unsigned k = from;; --k) {
        if (edge.to && k == edge.step)
            R::store(b, edge.to, edge.stride);
        for (; t >= 0 && k == group_end_step(w, unsigned(t), groups.groups); --t)
            R::store(b, groups.to + size_t(t) * rsc_states * groups.stride, groups.stride);
        if (k == to)
            break;
        R::beta_step(b, h.sa_at(k - 1), h.par_at(k - 1));
        if (++n % normalise_every == 0)
            R::normalise(b);
    }
}

/* One segment backwards (see backward_segments); WHOLE: all turbo_segment steps and no edge
 * inside, so the unrolled loops need no guards. */
template <class R, bool WHOLE, class H, typename T = typename H::T>
__device__ __forceinline__ void backward_segment(const H& h,
                                                 typename R::state& b,
                                                 unsigned base,
                                                 unsigned len,
                                                 const T* ckpt,
                                                 size_t stride,
                                                 const edge_out<T>& edge,
                                                 qpp_walk& pi)
{
    typename R::state seg[turbo_segment];
    seg[0] = R::load(ckpt, stride); // stored normalised by alpha_pass
#pragma unroll
    for (unsigned i = 1; i < turbo_segment; ++i)
        if (WHOLE || i < len) {
            seg[i] = seg[i - 1];
            R::alpha_step(seg[i], h.sa_at(base + i - 1), h.par_at(base + i - 1));
            if (i % normalise_every == 0)
                R::normalise(seg[i]);
        }
#pragma unroll
    for (int i = turbo_segment - 1; i >= 0; --i) {
        if (WHOLE || unsigned(i) < len) {
            const unsigned k = base + unsigned(i); // b holds beta(k + 1)
            const T sa = h.sa_at(k), par = h.par_at(k);
            h.ext[sk(h.interleaved ? pi.value : k - h.out_origin)] =
                typename H::V(h.dom.extrinsic_out(R::extrinsic(seg[i], b, par)));
            if (h.interleaved)
                pi.down();
            R::beta_step(b, sa, par);
            if (i % normalise_every == 0)
                R::normalise(b);
            if (!WHOLE && edge.to && k == edge.step)
                R::store(b, edge.to, edge.stride);
        }
    }
    if (WHOLE && edge.to && edge.step == base)
        R::store(b, edge.to, edge.stride);
}

/*
 * Segments [s_lo, s_hi) backwards: b holds beta at the end of segment s_hi - 1 and ends as
 * beta(begin + s_lo * turbo_segment). Each segment's alphas are recomputed from its checkpoint
 * into registers (the unrolled loops index them with constants); the extrinsics are written.
 * One kernel holds either form of the segment code (WHOLE or guarded), not both: two inlined
 * forms made the compiler spill.
 */
template <class R, bool WHOLE, class H, typename T = typename H::T>
__device__ void backward_segments(const H& h,
                                  const window& w,
                                  typename R::state& b,
                                  unsigned s_lo,
                                  unsigned s_hi,
                                  const T* ckpt,
                                  size_t stride,
                                  const edge_out<T>& edge)
{
    if (s_lo >= s_hi)
        return;
    R::normalise(b);
    qpp_walk pi(min(w.begin + s_hi * turbo_segment, w.end) - 1, h.K, h.f1, h.f2);
    for (unsigned s = s_hi; s-- > s_lo;) {
        const unsigned base = w.begin + s * turbo_segment;
        backward_segment<R, WHOLE>(h, b, base, min(turbo_segment, w.end - base),
                                   ckpt + size_t(s) * rsc_states * stride, stride, edge, pi);
    }
}

} // namespace turbo_dev
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
