/* The soft-in/soft-out decoder of one constituent code on the CPU: forward and backward
 * recursions over one window of the block, extrinsic LLRs out.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_SISO_CPU_H
#define INCLUDED_GPUFEC_CORE_TURBO_SISO_CPU_H

#include <gnuradio/gpufec/lte_turbo_params.h>
#include <cstddef>

namespace gr {
namespace gpufec {
namespace turbo {

/*! One constituent's inputs over its K steps (in that constituent's bit order). */
struct siso_inputs {
    size_t K;
    const float* sa;     //!< K values: systematic + a priori LLR of each step
    const float* par;    //!< K parity LLRs
    const float* beta_K; //!< the 8 backward metrics at step K, from the tail (tail_beta)
};

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
struct siso_edges {
    size_t alpha_step; //!< record alpha at this step (in [train_begin, end])
    float* alpha;      //!< 8 values, or null
    size_t beta_step;  //!< record beta at this step (in [begin, train_end])
    float* beta;       //!< 8 values, or null
};

/*!
 * Decodes one window.
 * @param alpha_scratch 8 K floats (alpha(k) is kept at row k for k in [begin, end))
 * @param ext K floats: entries [begin, end) are written
 */
void siso_decode_window(turbo_algorithm algorithm,
                        const siso_inputs& in,
                        const siso_window& w,
                        const float* alpha_init,
                        const float* beta_init,
                        float* alpha_scratch,
                        float* ext,
                        const siso_edges& edges);

} // namespace turbo
} // namespace gpufec
} // namespace gr

#endif
