/* The soft-in/soft-out decoder of one constituent code on the CPU: forward and backward
 * recursions over one window of the block, extrinsic LLRs out. One implementation serves both
 * metric domains (lte_turbo_metric_domains.h): binary32, and 16-bit integers computed in int32.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_SISO_CPU_H
#define INCLUDED_GPUFEC_CORE_TURBO_SISO_CPU_H

#include "lte/common/lte_turbo_metric_domains.h"
#include <gnuradio/gpufec/lte/lte_turbo_params.h>
#include <cstddef>

namespace gr {
namespace gpufec {
namespace turbo {

/*! One constituent's inputs over its K steps (in that constituent's bit order), in domain D. */
template <class D>
struct basic_siso_inputs {
    size_t K;
    const typename D::stored* sa;     //!< K values: systematic + a priori value of each step
    const typename D::stored* par;    //!< K parity values
    const typename D::metric* beta_K; //!< the 8 backward metrics at step K, from the tail (tail_beta)
};
using siso_inputs = basic_siso_inputs<float_metrics>;

/*!
 * A window: extrinsics are produced for steps [begin, end). The forward recursion starts at
 * train_begin <= begin from alpha_init, the backward one at train_end >= end from beta_init;
 * a start at step 0 uses the known start state instead (alpha = 0, unreachable, ...), and a
 * start at step K uses beta_K.
 */
struct siso_window {
    size_t begin, end;
    size_t train_begin, train_end;
};

/*! Metrics a window hands to its neighbours' next iteration. */
template <typename T>
struct basic_siso_edges {
    size_t alpha_step; //!< record alpha at this step (in [train_begin, end])
    T* alpha;          //!< 8 values, or null
    size_t beta_step;  //!< record beta at this step (in [begin, train_end])
    T* beta;           //!< 8 values, or null
};
using siso_edges = basic_siso_edges<float>;

/*!
 * Decodes one window in the metric domain @p domain; each extrinsic is stored as
 * domain.extrinsic_out(value).
 * @param algorithm LOG_MAP only with float metrics (std::logic_error otherwise; validate()
 *        rejects it earlier)
 * @param alpha_scratch 8 K metrics (alpha(k) is kept at row k for k in [begin, end))
 * @param ext K values: entries [begin, end) are written
 */
template <class D>
void siso_decode_window(turbo_algorithm algorithm,
                        const D& domain,
                        const basic_siso_inputs<D>& in,
                        const siso_window& w,
                        const typename D::metric* alpha_init,
                        const typename D::metric* beta_init,
                        typename D::metric* alpha_scratch,
                        typename D::stored* ext,
                        const basic_siso_edges<typename D::metric>& edges);

/*! The float decoder, whose extrinsics are stored as they are (scaling is applied by the
 *  caller, when an extrinsic becomes the other constituent's a priori value). */
inline void siso_decode_window(turbo_algorithm algorithm,
                               const siso_inputs& in,
                               const siso_window& w,
                               const float* alpha_init,
                               const float* beta_init,
                               float* alpha_scratch,
                               float* ext,
                               const siso_edges& edges)
{
    siso_decode_window(algorithm, float_metrics{ 1.0f }, in, w, alpha_init, beta_init,
                       alpha_scratch, ext, edges);
}

} // namespace turbo
} // namespace gpufec
} // namespace gr

#endif
