/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "siso_cpu.h"
#include "common/turbo/siso_arith.h"
#include <cstring>

namespace gr {
namespace gpufec {
namespace turbo {

namespace {

void copy8(const float* from, float* to) { std::memcpy(to, from, rsc_states * sizeof(float)); }

template <class M>
void decode_window(const siso_inputs& in,
                   const siso_window& w,
                   const float* alpha_init,
                   const float* beta_init,
                   float* alpha_store,
                   float* ext,
                   const siso_edges& edges)
{
    float a[rsc_states], b[rsc_states];
    if (w.train_begin == 0) {
        for (unsigned s = 0; s < rsc_states; ++s)
            a[s] = s == 0 ? 0.0f : metric_unreachable;
    } else {
        copy8(alpha_init, a);
    }
    for (size_t k = w.train_begin;; ++k) {
        if (edges.alpha && k == edges.alpha_step)
            copy8(a, edges.alpha);
        if (k >= w.begin && k < w.end)
            copy8(a, alpha_store + rsc_states * k);
        if (k == w.end)
            break;
        alpha_step<M>(a, branch_metrics(in.sa[k], in.par[k]), a);
    }

    copy8(w.train_end == in.K ? in.beta_K : beta_init, b);
    for (size_t k = w.train_end;; --k) {
        if (edges.beta && k == edges.beta_step)
            copy8(b, edges.beta);
        if (k == w.begin)
            break;
        // b holds beta(k); step k-1 goes from alpha(k-1) to beta(k).
        if (k - 1 < w.end)
            ext[k - 1] = extrinsic<M>(alpha_store + rsc_states * (k - 1), b, in.par[k - 1]);
        beta_step<M>(b, branch_metrics(in.sa[k - 1], in.par[k - 1]), b);
    }
}

} // namespace

void siso_decode_window(turbo_algorithm algorithm,
                        const siso_inputs& in,
                        const siso_window& w,
                        const float* alpha_init,
                        const float* beta_init,
                        float* alpha_scratch,
                        float* ext,
                        const siso_edges& edges)
{
    if (algorithm == turbo_algorithm::LOG_MAP)
        decode_window<log_map>(in, w, alpha_init, beta_init, alpha_scratch, ext, edges);
    else
        decode_window<max_log>(in, w, alpha_init, beta_init, alpha_scratch, ext, edges);
}

} // namespace turbo
} // namespace gpufec
} // namespace gr
