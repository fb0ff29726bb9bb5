/* The constituent (SISO) decoder's arithmetic, one operation at a time, for the CPU and GPU
 * decoders alike (docs/turbo.md, "Decoder arithmetic"), in either metric domain:
 *  - float: every expression is evaluated in the written order in binary32 with
 *    round-to-nearest and no fused multiply-add (the core builds with -ffp-contract=off);
 *    max-log-MAP results are then the same bit for bit on every backend. log-MAP calls
 *    expf/log1pf, whose last bit differs between math libraries.
 *  - 16-bit integers (lte_turbo_metric_domains.h): the same functions on int32_t values that provably
 *    stay within 16 bits; integer results do not depend on the order of evaluation.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_SISO_ARITH_H
#define INCLUDED_GPUFEC_CORE_TURBO_SISO_ARITH_H

#include "lte_turbo_rsc_trellis.h"
#include <gnuradio/gpufec/core/core_api.h>
#include <cmath>

namespace gr {
namespace gpufec {
namespace turbo {

/*! The metric of a state that cannot be reached: far below any real metric (inputs are
 *  clamped to +-1024), and absorbing: adding a branch metric leaves it unchanged. */
constexpr float metric_unreachable = -1.0e30f;

/*! The unreachable metric of each domain (lte_turbo_metric_domains.h argues the integer one). */
template <typename T>
GPUFEC_HOST_DEVICE constexpr T unreachable_metric();
template <>
GPUFEC_HOST_DEVICE constexpr float unreachable_metric<float>()
{
    return metric_unreachable;
}
template <>
GPUFEC_HOST_DEVICE constexpr int32_t unreachable_metric<int32_t>()
{
    return -16384;
}

/*! max-log-MAP. Ties return b; the two are then equal (or +-0), which changes no decision. */
struct max_log {
    template <typename T>
    GPUFEC_HOST_DEVICE static T op(T a, T b)
    {
        return a > b ? a : b;
    }
};

/*! log-MAP: the Jacobian logarithm ln(e^a + e^b). */
struct log_map {
    GPUFEC_HOST_DEVICE static float op(float a, float b)
    {
        const float m = a > b ? a : b;
        return m + log1pf(expf(-fabsf(a - b)));
    }
};

/*!
 * The branch metrics of one trellis step: a transition with input u and parity p scores
 * u * sa + p * par, where sa = systematic + a priori LLR and par = parity LLR (positive means
 * bit 1, so a path scores the sum of the LLRs of its ones). Four values per step.
 */
template <typename T>
struct branch_metrics {
    T g[2][2]; //!< [u][p]

    GPUFEC_HOST_DEVICE branch_metrics(T sa, T par)
    {
        g[0][0] = T(0);
        g[0][1] = par;
        g[1][0] = sa;
        g[1][1] = sa + par;
    }
};

/*! alpha(k+1) from alpha(k): both incoming branches, max*, then minus the new alpha of state 0. */
template <class M, typename T>
GPUFEC_HOST_DEVICE void alpha_step(const T* a, const branch_metrics<T>& bm, T* out)
{
    T t[rsc_states];
    for (unsigned s = 0; s < rsc_states; ++s) {
        const unsigned s0 = rsc_prev(s, 0), s1 = rsc_prev(s, 1);
        t[s] = M::op(a[s0] + bm.g[0][rsc_parity(s0, 0)], a[s1] + bm.g[1][rsc_parity(s1, 1)]);
    }
    for (unsigned s = 0; s < rsc_states; ++s)
        out[s] = t[s] - t[0];
}

/*! beta(k) from beta(k+1): both outgoing branches, max*, then minus the new beta of state 0. */
template <class M, typename T>
GPUFEC_HOST_DEVICE void beta_step(const T* b, const branch_metrics<T>& bm, T* out)
{
    T t[rsc_states];
    for (unsigned s = 0; s < rsc_states; ++s)
        t[s] = M::op(b[rsc_next(s, 0)] + bm.g[0][rsc_parity(s, 0)],
                     b[rsc_next(s, 1)] + bm.g[1][rsc_parity(s, 1)]);
    for (unsigned s = 0; s < rsc_states; ++s)
        out[s] = t[s] - t[0];
}

/*!
 * The extrinsic LLR of step k from alpha(k), beta(k+1) and the parity LLR:
 *   L(u) = max* over s = 0..7, folded left from s = 0, of (alpha(s) + p(s,u) par) + beta(next(s,u))
 *   extrinsic = L(1) - L(0).
 * The systematic and a priori terms are common to all u = 1 branches and cancel exactly in
 * max-log-MAP, so they are left out (this also keeps a huge known-bit LLR from cancelling
 * badly).
 */
template <class M, typename T>
GPUFEC_HOST_DEVICE T extrinsic(const T* a, const T* b_next, T par)
{
    T l[2];
    for (unsigned u = 0; u < 2; ++u) {
        T acc = T(0);
        for (unsigned s = 0; s < rsc_states; ++s) {
            const T c = (a[s] + (rsc_parity(s, u) ? par : T(0))) + b_next[rsc_next(s, u)];
            acc = s == 0 ? c : M::op(acc, c);
        }
        l[u] = acc;
    }
    return l[1] - l[0];
}

/*!
 * beta(K) of one constituent from its six tail LLRs x_K z_K x_K+1 z_K+1 x_K+2 z_K+2: each state
 * has one terminating path to state 0, scored like any branch, summed backwards from
 * beta(K+3) = (0, unreachable, ...), then minus beta(K)(0).
 */
template <typename T>
GPUFEC_HOST_DEVICE void tail_beta(const T* tail, T* beta_K)
{
    T b[rsc_states];
    for (unsigned s = 0; s < rsc_states; ++s)
        b[s] = s == 0 ? T(0) : unreachable_metric<T>();
    for (int t = rsc_memory - 1; t >= 0; --t) {
        const branch_metrics<T> bm(tail[2 * t], tail[2 * t + 1]);
        T nb[rsc_states];
        for (unsigned s = 0; s < rsc_states; ++s)
            nb[s] = b[s >> 1] + bm.g[rsc_tail_input(s)][rsc_tail_parity(s)];
        for (unsigned s = 0; s < rsc_states; ++s)
            b[s] = nb[s];
    }
    for (unsigned s = 0; s < rsc_states; ++s)
        beta_K[s] = b[s] - b[0];
}

} // namespace turbo
} // namespace gpufec
} // namespace gr

#endif
