/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "map_cpu.h"
#include "../parallel_for.h"
#include "common/turbo/siso_arith.h"
#include <gnuradio/gpufec/lte_chain.h>
#include <algorithm>
#include <cmath>
#include <thread>

namespace gr {
namespace gpufec {
namespace turbo {

namespace {

/* NaN is an erasure and +-Inf a certainty; both are counted. Finite values are clamped so that
 * metrics stay far from float overflow and from metric_unreachable. */
float sanitize(float v, size_t& nonfinite)
{
    if (std::isnan(v)) {
        ++nonfinite;
        return 0.0f;
    }
    if (std::isinf(v))
        ++nonfinite;
    return std::min(std::max(v, -lte_turbo_llr_limit), lte_turbo_llr_limit);
}

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

map_decoder_cpu::map_decoder_cpu(const lte_turbo_code& code,
                                 const lte_turbo_params& params,
                                 unsigned threads)
    : m_K(code.K()), m_pi(code.interleaver()), m_params(params.resolved_for(code.K(), backend_kind::CPU))
{
    m_params.validate(m_K);
    m_windows = make_windows(m_K, m_params.subblocks, m_params.guard);
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    m_work.resize(threads);
    const size_t edges = m_windows.size() * rsc_states;
    for (auto& w : m_work) {
        for (auto* v : { &w.sys, &w.sys_pi, &w.par1, &w.par2, &w.sa, &w.ext1, &w.ext2,
                         &w.apriori1, &w.app })
            v->assign(m_K, 0.0f);
        w.alpha.assign(rsc_states * m_K, 0.0f);
        w.hard.assign(m_K, 0);
        w.hard_prev.assign(m_K, 0);
        for (int c = 0; c < 2; ++c)
            for (auto* v : { &w.alpha_old[c], &w.alpha_new[c], &w.beta_old[c], &w.beta_new[c] })
                v->assign(edges, 0.0f);
    }
}

/* Splits one block's channel LLRs into the constituents' inputs. */
size_t map_decoder_cpu::load(workspace& w, const float* llr) const
{
    const size_t K = m_K, D = K + 4;
    size_t nonfinite = 0;
    for (size_t k = 0; k < K; ++k) {
        w.sys[k] = sanitize(llr[k], nonfinite);
        w.par1[k] = sanitize(llr[D + k], nonfinite);
        w.par2[k] = sanitize(llr[2 * D + k], nonfinite);
    }
    // The 12 tail values were dealt round robin to d(0), d(1), d(2) from position K on.
    for (size_t t = 0; t < 12; ++t)
        w.tail[t] = sanitize(llr[(t % 3) * D + K + t / 3], nonfinite);
    for (size_t j = 0; j < K; ++j)
        w.sys_pi[j] = w.sys[m_pi[j]];
    tail_beta(w.tail, w.beta_K[0]);
    tail_beta(w.tail + 6, w.beta_K[1]);
    return nonfinite;
}

/* One constituent over all its windows; w.sa holds its systematic + a priori inputs. The
 * windows read the edge metrics of the previous iteration only, as parallel windows would. */
void map_decoder_cpu::half_iteration(workspace& w, int c, const float* par, float* ext) const
{
    const siso_inputs in{ m_K, w.sa.data(), par, w.beta_K[c] };
    const size_t n = m_windows.size();
    for (size_t i = 0; i < n; ++i) {
        const siso_window& win = m_windows[i];
        siso_edges edges{ 0, nullptr, 0, nullptr };
        if (i + 1 < n) {
            edges.alpha_step = m_windows[i + 1].train_begin;
            edges.alpha = w.alpha_new[c].data() + rsc_states * (i + 1);
        }
        if (i > 0) {
            edges.beta_step = m_windows[i - 1].train_end;
            edges.beta = w.beta_new[c].data() + rsc_states * (i - 1);
        }
        siso_decode_window(m_params.algorithm, in, win,
                           w.alpha_old[c].data() + rsc_states * i,
                           w.beta_old[c].data() + rsc_states * i,
                           w.alpha.data(), ext, edges);
    }
    std::swap(w.alpha_old[c], w.alpha_new[c]);
    std::swap(w.beta_old[c], w.beta_new[c]);
}

bool map_decoder_cpu::converged(const workspace& w, int iteration) const
{
    switch (m_params.stop) {
    case early_stop::NONE:
        return false;
    case early_stop::CRC24B:
        return lte_crc_parity(w.hard.data(), m_K, lte_crc::CRC24B) == 0;
    case early_stop::CRC24A:
        return lte_crc_parity(w.hard.data(), m_K, lte_crc::CRC24A) == 0;
    case early_stop::HARD:
        return iteration > 1 && w.hard == w.hard_prev;
    }
    return false;
}

/* Runs the iterations on a loaded block; returns the iterations done. */
int map_decoder_cpu::iterate(workspace& w) const
{
    const size_t K = m_K;
    const float scale = m_params.scaling;
    std::fill(w.apriori1.begin(), w.apriori1.end(), 0.0f);
    for (int c = 0; c < 2; ++c)
        for (auto* v : { &w.alpha_old[c], &w.beta_old[c] })
            std::fill(v->begin(), v->end(), 0.0f); // first iteration: all states alike
    for (int it = 1;; ++it) {
        for (size_t k = 0; k < K; ++k)
            w.sa[k] = w.sys[k] + w.apriori1[k];
        half_iteration(w, 0, w.par1.data(), w.ext1.data());
        for (size_t j = 0; j < K; ++j)
            w.sa[j] = w.sys_pi[j] + scale * w.ext1[m_pi[j]];
        half_iteration(w, 1, w.par2.data(), w.ext2.data());
        w.hard.swap(w.hard_prev);
        for (size_t j = 0; j < K; ++j) {
            const uint32_t i = m_pi[j];
            w.app[i] = w.sa[j] + w.ext2[j];
            w.apriori1[i] = scale * w.ext2[j];
            w.hard[i] = w.app[i] > 0.0f;
        }
        if (it == m_params.iterations || converged(w, it))
            return it;
    }
}

size_t map_decoder_cpu::decode(
    const float* llr, size_t n_blocks, uint8_t* bits, float* app, int* iterations_used)
{
    const size_t K = m_K, N = 3 * (K + 4);
    for (auto& w : m_work)
        w.nonfinite = 0;
    parallel_for(n_blocks, m_work.size(), [&](size_t worker, size_t begin, size_t end) {
        workspace& w = m_work[worker];
        for (size_t b = begin; b < end; ++b) {
            w.nonfinite += load(w, llr + b * N);
            const int used = iterate(w);
            std::copy(w.hard.begin(), w.hard.end(), bits + b * K);
            if (app)
                std::copy(w.app.begin(), w.app.end(), app + b * K);
            if (iterations_used)
                iterations_used[b] = used;
        }
    });
    size_t total = 0;
    for (const auto& w : m_work)
        total += w.nonfinite;
    return total;
}

} // namespace turbo
} // namespace gpufec
} // namespace gr
