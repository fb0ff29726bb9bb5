/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lte_turbo_siso_cpu.h"
#include "lte/common/lte_turbo_siso_arith.h"
#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace gr {
namespace gpufec {
namespace turbo {

namespace {

template <typename T>
void copy8(const T* from, T* to)
{
    std::memcpy(to, from, rsc_states * sizeof(T));
}

template <class M, class D>
void decode_window(const D& domain,
                   const basic_siso_inputs<D>& in,
                   const siso_window& w,
                   const typename D::metric* alpha_init,
                   const typename D::metric* beta_init,
                   typename D::metric* alpha_store,
                   typename D::stored* ext,
                   const basic_siso_edges<typename D::metric>& edges)
{
    using T = typename D::metric;
    T a[rsc_states], b[rsc_states];
    if (w.train_begin == 0) {
        for (unsigned s = 0; s < rsc_states; ++s)
            a[s] = s == 0 ? T(0) : unreachable_metric<T>();
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
        alpha_step<M>(a, branch_metrics<T>(in.sa[k], in.par[k]), a);
    }

    copy8(w.train_end == in.K ? in.beta_K : beta_init, b);
    for (size_t k = w.train_end;; --k) {
        if (edges.beta && k == edges.beta_step)
            copy8(b, edges.beta);
        if (k == w.begin)
            break;
        // b holds beta(k); step k-1 goes from alpha(k-1) to beta(k). The stored type holds
        // every value extrinsic_out() returns (lte_turbo_metric_domains.h).
        if (k - 1 < w.end)
            ext[k - 1] = static_cast<typename D::stored>(domain.extrinsic_out(
                extrinsic<M>(alpha_store + rsc_states * (k - 1), b, T(in.par[k - 1]))));
        beta_step<M>(b, branch_metrics<T>(in.sa[k - 1], in.par[k - 1]), b);
    }
}

} // namespace

template <class D>
void siso_decode_window(turbo_algorithm algorithm,
                        const D& domain,
                        const basic_siso_inputs<D>& in,
                        const siso_window& w,
                        const typename D::metric* alpha_init,
                        const typename D::metric* beta_init,
                        typename D::metric* alpha_scratch,
                        typename D::stored* ext,
                        const basic_siso_edges<typename D::metric>& edges)
{
    if (algorithm == turbo_algorithm::LOG_MAP) {
        // log-MAP's max* is a float function: integer metrics have max-log-MAP only.
        if constexpr (std::is_same_v<typename D::metric, float>)
            decode_window<log_map>(domain, in, w, alpha_init, beta_init, alpha_scratch, ext, edges);
        else
            throw std::logic_error("siso_decode_window: log-MAP needs float metrics");
    } else {
        decode_window<max_log>(domain, in, w, alpha_init, beta_init, alpha_scratch, ext, edges);
    }
}

template void siso_decode_window<float_metrics>(turbo_algorithm,
                                                const float_metrics&,
                                                const basic_siso_inputs<float_metrics>&,
                                                const siso_window&,
                                                const float*,
                                                const float*,
                                                float*,
                                                float*,
                                                const basic_siso_edges<float>&);
template void siso_decode_window<int16_metrics>(turbo_algorithm,
                                                const int16_metrics&,
                                                const basic_siso_inputs<int16_metrics>&,
                                                const siso_window&,
                                                const int32_t*,
                                                const int32_t*,
                                                int32_t*,
                                                int16_t*,
                                                const basic_siso_edges<int32_t>&);

} // namespace turbo
} // namespace gpufec
} // namespace gr
