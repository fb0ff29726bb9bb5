/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lte_turbo_map_cpu.h"
#include "skeleton/core/parallel_for.h"
#include "skeleton/common/quantize.h"
#include "lte/common/lte_turbo_siso_arith.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <thread>

namespace gr {
namespace gpufec {
namespace turbo {

namespace {

/* A float channel value: NaN is an erasure and +-Inf a certainty; both are counted. Finite
 * values are clamped so that metrics stay far from float overflow and from metric_unreachable. */
float channel_value(float v, size_t& nonfinite)
{
    if (std::isnan(v)) {
        ++nonfinite;
        return 0.0f;
    }
    if (std::isinf(v))
        ++nonfinite;
    return std::min(std::max(v, -lte_turbo_llr_limit), lte_turbo_llr_limit);
}

/* An int8 channel value: -128 reads as -127, so that |value| <= 127 (lte_turbo_metric_domains.h). */
int32_t channel_value(int8_t q, size_t&) { return llr_value(q); }

/* An a-posteriori value as the caller gets it: float LLRs as they are, integers divided by
 * the scale their channel values were quantized with. */
float app_llr(float v, float) { return v; }
float app_llr(int32_t v, float llr_scale) { return static_cast<float>(v) / llr_scale; }

std::vector<siso_window> make_windows(size_t K, unsigned P, unsigned g)
{
    if (P == 1)
        return { siso_window{ 0, K, 0, K } };
    std::vector<siso_window> w(P);
    for (unsigned i = 0; i < P; ++i) {
        w[i].begin = K * i / P;
        w[i].end = K * (i + 1) / P;
        w[i].train_begin = i == 0 ? 0 : w[i].begin - g;
        w[i].train_end = i + 1 == P ? K : w[i].end + g;
    }
    return w;
}

} // namespace

template <>
std::vector<map_decoder_cpu::workspace<float_metrics>>& map_decoder_cpu::work<float_metrics>()
{
    return m_float_work;
}

template <>
std::vector<map_decoder_cpu::workspace<int16_metrics>>& map_decoder_cpu::work<int16_metrics>()
{
    return m_int16_work;
}

template <>
const float_metrics& map_decoder_cpu::domain<float_metrics>() const
{
    return m_float;
}

template <>
const int16_metrics& map_decoder_cpu::domain<int16_metrics>() const
{
    return m_int16;
}

map_decoder_cpu::map_decoder_cpu(const lte_turbo_code& code,
                                 const lte_turbo_params& params,
                                 unsigned threads)
    : m_K(code.K()),
      m_pi(code.interleaver()),
      m_params(params.resolved_for(code.K(), backend_kind::CPU)),
      m_float{ 1.0f },
      m_int16(1.0f)
{
    m_params.validate(m_K);
    m_float = float_metrics{ m_params.scaling };
    m_int16 = int16_metrics(m_params.scaling);
    m_windows = make_windows(m_K, m_params.subblocks, m_params.guard);
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    m_threads = threads;
    if (m_params.metrics == turbo_metrics::INT16)
        allocate<int16_metrics>(threads);
    else
        allocate<float_metrics>(threads);
}

template <class D>
void map_decoder_cpu::allocate(unsigned threads)
{
    auto& all = work<D>();
    all.resize(threads);
    const size_t edges = m_windows.size() * rsc_states;
    for (auto& w : all) {
        for (auto* v : { &w.sys, &w.sys_pi, &w.par1, &w.par2, &w.sa, &w.ext1, &w.ext2, &w.apriori1 })
            v->assign(m_K, 0);
        w.app.assign(m_K, 0);
        w.alpha.assign(rsc_states * m_K, 0);
        w.hard.assign(m_K, 0);
        w.hard_prev.assign(m_K, 0);
        for (int c = 0; c < 2; ++c)
            for (auto* v : { &w.alpha_old[c], &w.alpha_new[c], &w.beta_old[c], &w.beta_new[c] })
                v->assign(edges, 0);
    }
}

/* Splits one block's channel values into the constituents' inputs. */
template <class D, typename In>
size_t map_decoder_cpu::load(workspace<D>& w, const In* input) const
{
    using stored = typename D::stored;
    const size_t K = m_K, N = K + 4;
    size_t nonfinite = 0;
    for (size_t k = 0; k < K; ++k) {
        w.sys[k] = static_cast<stored>(channel_value(input[k], nonfinite));
        w.par1[k] = static_cast<stored>(channel_value(input[N + k], nonfinite));
        w.par2[k] = static_cast<stored>(channel_value(input[2 * N + k], nonfinite));
    }
    // The 12 tail values were dealt round robin to d(0), d(1), d(2) from position K on.
    for (size_t t = 0; t < 12; ++t)
        w.tail[t] = channel_value(input[(t % 3) * N + K + t / 3], nonfinite);
    for (size_t j = 0; j < K; ++j)
        w.sys_pi[j] = w.sys[m_pi[j]];
    tail_beta(w.tail, w.beta_K[0]);
    tail_beta(w.tail + 6, w.beta_K[1]);
    return nonfinite;
}

/* One constituent over all its windows; w.sa holds its systematic + a priori inputs. The
 * windows read the edge metrics of the previous iteration only, as parallel windows would. */
template <class D>
void map_decoder_cpu::half_iteration(workspace<D>& w,
                                     int c,
                                     const typename D::stored* par,
                                     typename D::stored* ext) const
{
    using metric = typename D::metric;
    const basic_siso_inputs<D> in{ m_K, w.sa.data(), par, w.beta_K[c] };
    const size_t n = m_windows.size();
    for (size_t i = 0; i < n; ++i) {
        const siso_window& win = m_windows[i];
        basic_siso_edges<metric> edges{ 0, nullptr, 0, nullptr };
        if (i + 1 < n) {
            edges.alpha_step = m_windows[i + 1].train_begin;
            edges.alpha = w.alpha_new[c].data() + rsc_states * (i + 1);
        }
        if (i > 0) {
            edges.beta_step = m_windows[i - 1].train_end;
            edges.beta = w.beta_new[c].data() + rsc_states * (i - 1);
        }
        siso_decode_window(m_params.algorithm, domain<D>(), in, win,
                           w.alpha_old[c].data() + rsc_states * i,
                           w.beta_old[c].data() + rsc_states * i,
                           w.alpha.data(), ext, edges);
    }
    std::swap(w.alpha_old[c], w.alpha_new[c]);
    std::swap(w.beta_old[c], w.beta_new[c]);
}

bool map_decoder_cpu::converged(const std::vector<uint8_t>& hard,
                                const std::vector<uint8_t>& hard_prev,
                                int iteration) const
{
    switch (m_params.stop) {
    case early_stop::NONE:
        return false;
    case early_stop::CRC24B:
        return lte_crc_parity(hard.data(), m_K, lte_crc::CRC24B) == 0;
    case early_stop::CRC24A:
        return lte_crc_parity(hard.data(), m_K, lte_crc::CRC24A) == 0;
    case early_stop::HARD:
        return iteration > 1 && hard == hard_prev;
    }
    return false;
}

/* Runs the iterations on a loaded block; returns the iterations done. The a priori value of
 * an extrinsic e is domain.apriori(e): s e in float, (n e + 8) >> 4 in 16-bit integers. Every
 * sum is taken in the metric type; the stored type holds every result (lte_turbo_metric_domains.h). */
template <class D>
int map_decoder_cpu::iterate(workspace<D>& w) const
{
    using stored = typename D::stored;
    using metric = typename D::metric;
    const D& dom = domain<D>();
    const size_t K = m_K;
    std::fill(w.apriori1.begin(), w.apriori1.end(), stored(0));
    for (int c = 0; c < 2; ++c)
        for (auto* v : { &w.alpha_old[c], &w.beta_old[c] })
            std::fill(v->begin(), v->end(), metric(0)); // first iteration: all states alike
    for (int it = 1;; ++it) {
        for (size_t k = 0; k < K; ++k)
            w.sa[k] = static_cast<stored>(metric(w.sys[k]) + metric(w.apriori1[k]));
        half_iteration(w, 0, w.par1.data(), w.ext1.data());
        for (size_t j = 0; j < K; ++j)
            w.sa[j] = static_cast<stored>(metric(w.sys_pi[j]) + dom.apriori(w.ext1[m_pi[j]]));
        half_iteration(w, 1, w.par2.data(), w.ext2.data());
        w.hard.swap(w.hard_prev);
        for (size_t j = 0; j < K; ++j) {
            const uint32_t i = m_pi[j];
            w.app[i] = metric(w.sa[j]) + metric(w.ext2[j]);
            w.apriori1[i] = static_cast<stored>(dom.apriori(w.ext2[j]));
            w.hard[i] = w.app[i] > metric(0);
        }
        if (it == m_params.iterations || converged(w.hard, w.hard_prev, it))
            return it;
    }
}

template <class D, typename In>
size_t map_decoder_cpu::run(
    const In* input, float llr_scale, size_t n_blocks, uint8_t* bits, float* app, int* iterations_used)
{
    const size_t K = m_K, N = 3 * (K + 4);
    auto& all = work<D>();
    for (auto& w : all)
        w.nonfinite = 0;
    parallel_for(n_blocks, all.size(), [&](size_t worker, size_t begin, size_t end) {
        workspace<D>& w = all[worker];
        for (size_t b = begin; b < end; ++b) {
            w.nonfinite += load(w, input + b * N);
            const int used = iterate(w);
            std::copy(w.hard.begin(), w.hard.end(), bits + b * K);
            if (app)
                std::transform(w.app.begin(), w.app.end(), app + b * K,
                               [llr_scale](typename D::metric v) { return app_llr(v, llr_scale); });
            if (iterations_used)
                iterations_used[b] = used;
        }
    });
    size_t total = 0;
    for (const auto& w : all)
        total += w.nonfinite;
    return total;
}

size_t map_decoder_cpu::decode(
    const float* llr, size_t n_blocks, uint8_t* bits, float* app, int* iterations_used)
{
    if (m_params.metrics != turbo_metrics::FLOAT)
        throw std::logic_error("map_decoder_cpu::decode takes float LLRs, but this decoder was made "
                               "with metrics = '" + turbo_metrics_name(m_params.metrics) +
                               "': use decode_quantized");
    return run<float_metrics>(llr, 1.0f, n_blocks, bits, app, iterations_used);
}

void map_decoder_cpu::decode_quantized(
    const int8_t* q, float llr_scale, size_t n_blocks, uint8_t* bits, float* app, int* iterations_used)
{
    if (m_params.metrics != turbo_metrics::INT16)
        throw std::logic_error("map_decoder_cpu::decode_quantized runs 16-bit metrics, but this "
                               "decoder was made with metrics = '" +
                               turbo_metrics_name(m_params.metrics) + "': use decode");
    if (!(std::isfinite(llr_scale) && llr_scale > 0.0f))
        throw std::invalid_argument("llr_scale = " + std::to_string(llr_scale) +
                                    " is not allowed: a finite value > 0 is needed");
    run<int16_metrics>(q, llr_scale, n_blocks, bits, app, iterations_used);
}

} // namespace turbo
} // namespace gpufec
} // namespace gr
