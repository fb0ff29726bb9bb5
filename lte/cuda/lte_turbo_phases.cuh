/* The two phases of one window's half-iteration (docs/turbo.md, "Mapping"), for both kernels:
 * phase one runs the forward pass (thread 0 of the window) and, with T > 1 threads a window,
 * the whole backward pass recording beta at the ends of the T groups of segments (thread 1);
 * phase two walks the segments backwards (T groups at once) and writes the extrinsics. R is the
 * recursion policy (lte_turbo_window.cuh) that holds and steps the state metrics; WHOLE says that
 * the split is whole segments (whole_segments()).
 *
 * Where a window keeps its checkpoints, group ends and edge metrics is the kernel's choice, given
 * as a store S with
 *   using metric;                                the recursions' value type (float, int32_t)
 *   size_t stride;                               metrics of one window are stride values apart
 *   metric* ckpt(w), metric* groups(w);            window w's checkpoints and group ends (8 values
 *                                                each, in R's format)
 *   metric* edge(c, kind, parity, w);             window w's start metrics (ALPHA or BETA) for
 *                                                constituent c, double-buffered by iteration parity
 *   const metric* beta_K(c);                      constituent c's beta(K) from its tail (stride 1)
 * edge() may point into another thread block's shared memory (the cluster kernel): a window only
 * ever writes its neighbours' edges for the next iteration and reads its own of this one.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_PHASES_CUH
#define INCLUDED_GPUFEC_CUDA_TURBO_PHASES_CUH

#include "lte_turbo_window.cuh"

namespace gr {
namespace gpufec {
namespace cuda {
namespace turbo_dev {

enum { ALPHA = 0, BETA = 1 };

/* The split of a block into windows and the threads a window gets. */
struct window_split {
    unsigned K, P, g, T;
};

/* beta where window w's backward recursion starts: beta(K) from the tail at the block's end,
 * else the edge its right neighbour left in the previous iteration (all zero in the first). */
template <class R, class S>
__device__ typename R::state
beta_start(const S& st, const window_split& sp, const window& win, unsigned w, int c, int it)
{
    typename R::state b = win.train_end == sp.K
                              ? R::beta_from_metrics(st.beta_K(c))
                              : (it == 1 ? R::zero() : R::load(st.edge(c, BETA, it & 1, w), st.stride));
    R::normalise(b);
    return b;
}

/* The alpha and beta edges window w records for its neighbours' next iteration. */
template <class S>
__device__ auto alpha_edge(const S& st, const window_split& sp, unsigned w, int c, int it)
{
    using E = edge_out<typename S::metric>;
    if (w + 1 == sp.P)
        return E{ nullptr, 0, 0 };
    const window next(w + 1, sp.P, sp.K, sp.g);
    return E{ st.edge(c, ALPHA, (it & 1) ^ 1, w + 1), st.stride, next.train_begin };
}

template <class S>
__device__ auto beta_edge(const S& st, const window_split& sp, unsigned w, int c, int it)
{
    using E = edge_out<typename S::metric>;
    if (w == 0)
        return E{ nullptr, 0, 0 };
    const window prev(w - 1, sp.P, sp.K, sp.g);
    return E{ st.edge(c, BETA, (it & 1) ^ 1, w - 1), st.stride, prev.train_end };
}

/* Phase one of window w's thread t: the forward pass (t = 0) or, with T > 1, the whole
 * backward pass recording the group ends (t = 1). */
template <class R, bool WHOLE, class S, class H>
__device__ void phase_one(const S& st, const window_split& sp, const H& h, unsigned w, unsigned t, int c, int it)
{
    const window win(w, sp.P, sp.K, sp.g);
    if (t == 0)
        alpha_pass<R, WHOLE>(h, win, it == 1 ? nullptr : st.edge(c, ALPHA, it & 1, w), st.stride, st.ckpt(w),
                             st.stride, alpha_edge(st, sp, w, c, it));
    if (sp.T > 1 && t == 1) {
        typename R::state b = beta_start<R>(st, sp, win, w, c, it);
        beta_run<R>(h, win, b, win.train_end, win.begin, beta_edge(st, sp, w, c, it),
                    group_out<typename H::T>{ st.groups(w), st.stride, sp.T });
    }
}

/* Phase two of window w's thread t: its group of segments backwards, extrinsics out. */
template <class R, bool WHOLE, class S, class H>
__device__ void phase_two(const S& st, const window_split& sp, const H& h, unsigned w, unsigned t, int c, int it)
{
    using T = typename H::T;
    const window win(w, sp.P, sp.K, sp.g);
    if (sp.T == 1) {
        const edge_out<T> edge = beta_edge(st, sp, w, c, it);
        typename R::state b = beta_start<R>(st, sp, win, w, c, it);
        beta_run<R>(h, win, b, win.train_end, win.end, edge, group_out<T>{ nullptr, 0, 0 });
        backward_segments<R, WHOLE>(h, win, b, 0, win.segments, st.ckpt(w), st.stride, edge);
        return;
    }
    const unsigned s_lo = group_first_segment(win, t, sp.T), s_hi = group_first_segment(win, t + 1, sp.T);
    if (s_lo == s_hi)
        return;
    typename R::state b = R::load(st.groups(w) + size_t(t) * rsc_states * st.stride, st.stride);
    backward_segments<R, WHOLE>(h, win, b, s_lo, s_hi, st.ckpt(w), st.stride, edge_out<T>{ nullptr, 0, 0 });
}

} // namespace turbo_dev
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
