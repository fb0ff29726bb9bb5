/* The CPU backend of the insertion/deletion MAP decoder: the reference (docs/bsid.md,
 * "Arithmetic"). Per frame, with the corridor lattice: γ for every symbol of the window (the
 * lattice of common/bsid/receiver_metric.h), then α forwards, β backwards with the posteriors.
 * With the pooled lattice (common/bsid/pooled_lattice.h) no γ: each step of α and of β runs
 * the q lattices of its symbol. Frames are spread over threads; a batch of fewer frames than
 * threads spreads each frame's γ instead (corridor only).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/parallel_for.h"
#include "bsid_backend.h"
#include "bsid_flush_subnormals.h"
#include "bsid_lattice_cpu.h"
#include "bsid_pooled_cpu.h"
#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

/* Per-frame scratch; the real type is the decoder's precision. */
template <typename real>
struct frame_work {
    std::vector<real> gamma; // [i][a'][e][D]
    std::vector<real> gsum;  // [i][a'][e]: the sum over D
    std::vector<real> alpha; // [i][a], i = 0..S
    std::vector<real> beta;  // [i][a]
    std::vector<real> post;  // q
    std::vector<real> rows;  // pooled: [c][x], M * q
    std::vector<real> q0, q1, zero; // pooled: the symbol's transmission weights, q zeros
};

template <typename real>
class map_cpu final : public bsid_map_backend
{
public:
    explicit map_cpu(const bsid_decoder_setup& s)
        : m_code(*s.code),
          m_limits(s.limits),
          m_opts(s.opts),
          m_w(make_bsid_lattice_weights<real>(s.channel.pi, s.channel.pd, s.channel.ps)),
          m_n(static_cast<int>(s.code->n())),
          m_q(s.code->q()),
          m_N(s.code->N()),
          m_M(s.limits.frame_states()),
          m_Mn(s.limits.symbol_states()),
          m_pooled(s.opts.lattice == bsid_lattice::POOLED)
    {
        unsigned t = s.opts.threads;
        if (t == 0)
            t = std::max(1u, std::thread::hardware_concurrency());
        m_threads = t;
    }

    size_t bytes_per_frame(bsid_storage mode) const override
    {
        const size_t S = m_N + m_opts.lookahead;
        const size_t ab = 2 * (S + 1) * m_M * sizeof(real);
        if (m_pooled) // no γ: one row per codeword, and the posterior sums
            return ab + (m_M + 1) * m_q * sizeof(real);
        const size_t g = (mode == bsid_storage::LOCAL ? 1 : S) * m_M * (m_q + 1) * m_Mn * sizeof(real);
        return ab + g;
    }

    bsid_storage storage_for(size_t) const override
    {
        return m_opts.storage == bsid_storage::LOCAL ? bsid_storage::LOCAL : bsid_storage::GLOBAL;
    }

    void decode(const uint8_t* received,
                size_t,
                const bsid_frame_window* windows,
                size_t n_frames,
                const double* start_drift,
                const double* priors,
                double* posteriors,
                uint32_t* decisions,
                double* end_drift) override
    {
        const size_t workers = std::min<size_t>(m_threads, std::max<size_t>(n_frames, 1));
        if (m_work.size() < std::max<size_t>(workers, 1))
            m_work.resize(std::max<size_t>(workers, 1));
        auto one = [&](size_t f, frame_work<real>& w, size_t gamma_workers) {
            decode_frame(received + windows[f].offset, windows[f],
                         start_drift ? start_drift + f * m_M : nullptr,
                         priors ? priors + f * m_N * m_q : nullptr,
                         posteriors ? posteriors + f * m_N * m_q : nullptr,
                         decisions ? decisions + f * m_N : nullptr,
                         end_drift ? end_drift + f * m_M : nullptr, w, gamma_workers);
        };
        if (m_threads == 1 || n_frames >= m_threads || m_pooled) {
            parallel_for(n_frames, workers, [&](size_t worker, size_t b, size_t e) {
                for (size_t f = b; f < e; ++f)
                    one(f, m_work[worker], 1);
            });
        } else {
            // Fewer frames than threads: one frame at a time, its γ over all threads.
            for (size_t f = 0; f < n_frames; ++f)
                one(f, m_work[0], m_threads);
        }
    }

private:
    /* p(i, d): the window index of the next received bit at state a of boundary i. */
    long long position(const bsid_frame_window& w, size_t i, size_t a) const
    {
        return static_cast<long long>(w.origin) +
               static_cast<long long>(m_n) * static_cast<long long>(i) + m_limits.frame_min +
               static_cast<long long>(a);
    }
    /* State a of boundary i exists: 0 <= p(i, d) <= length. */
    bool exists(const bsid_frame_window& w, size_t i, size_t a) const
    {
        const long long p = position(w, i, a);
        return p >= 0 && p <= static_cast<long long>(w.length);
    }

    void decode_frame(const uint8_t* y,
                      const bsid_frame_window& win,
                      const double* start,
                      const double* prior,
                      double* post,
                      uint32_t* dec,
                      double* end,
                      frame_work<real>& w,
                      size_t gamma_workers)
    {
        const detail::flush_subnormals ftz(m_pooled); // bsid_flush_subnormals.h: why
        const size_t S = win.end_known ? m_N : m_N + m_opts.lookahead;
        const size_t M = m_M, Mn = m_Mn, q = m_q;
        const size_t per_a = Mn * q, per_i = M * per_a;
        if (!m_pooled) {
            w.gamma.resize(S * per_i); // every entry is written below
            w.gsum.resize(S * M * Mn);
        } else {
            w.rows.resize(M * q);
            w.q0.resize(m_n * q);
            w.q1.resize(m_n * q);
            w.zero.assign(q, real(0));
        }
        w.alpha.assign((S + 1) * M, real(0));
        w.beta.assign((S + 1) * M, real(0));

        // γ_i(a', e, D) = prior_i(D) R, and its sum over D: independent for every (i, a').
        auto gamma_range = [&](size_t, size_t b, size_t e) {
            std::vector<real> rows((Mn + 1) * q, real(0)), q0(m_n * q), q1(m_n * q);
            for (size_t i = b; i < e; ++i) {
                detail::bsid_lattice_q(codebook(i), m_n, q, m_w, q0.data(), q1.data());
                for (size_t a = 0; a < M; ++a) {
                    if (!exists(win, i, a)) {
                        std::fill_n(w.gamma.data() + i * per_i + a * per_a, per_a, real(0));
                        std::fill_n(w.gsum.data() + (i * M + a) * Mn, Mn, real(0));
                        continue;
                    }
                    const long long p = position(win, i, a);
                    const int avail = static_cast<int>(std::min<long long>(
                        static_cast<long long>(win.length) - p, 1LL << 30));
                    detail::bsid_receiver_metric_all(q0.data(), q1.data(), m_n, q, y + p, avail,
                                                     m_limits.symbol_min, m_limits.symbol_max, m_w,
                                                     rows.data());
                    real* g = w.gamma.data() + i * per_i + a * per_a;
                    real* gs = w.gsum.data() + (i * M + a) * Mn;
                    const bool with_prior = prior && i < m_N;
                    for (size_t e2 = 0; e2 < Mn; ++e2) {
                        const real* r = rows.data() + e2 * q;
                        real* ge = g + e2 * q;
                        real sum = real(0);
                        if (with_prior) {
                            const double* pr = prior + i * q;
                            for (size_t D = 0; D < q; ++D) {
                                ge[D] = static_cast<real>(pr[D]) * r[D];
                                sum += ge[D];
                            }
                        } else {
                            for (size_t D = 0; D < q; ++D) {
                                ge[D] = r[D];
                                sum += ge[D];
                            }
                        }
                        gs[e2] = sum;
                    }
                }
            }
        };
        if (!m_pooled && gamma_workers > 1)
            parallel_for(S, std::min(gamma_workers, S), gamma_range);
        else if (!m_pooled)
            gamma_range(0, 0, S);

        // α_0.
        real* a0 = w.alpha.data();
        if (start) {
            for (size_t a = 0; a < M; ++a)
                a0[a] = exists(win, 0, a) ? static_cast<real>(start[a]) : real(0);
        } else {
            const size_t a = static_cast<size_t>(-m_limits.frame_min);
            if (exists(win, 0, a))
                a0[a] = real(1);
        }
        normalise(a0, M);
        const long smin = m_limits.symbol_min;
        // The drift changes e that keep a' + smin + e within the frame limits.
        auto e_range = [&](size_t a, size_t* e0, size_t* e1) {
            const long lo = -(static_cast<long>(a) + smin);
            const long hi = static_cast<long>(M) - (static_cast<long>(a) + smin);
            *e0 = static_cast<size_t>(std::max(0L, lo));
            *e1 = static_cast<size_t>(std::max(0L, std::min(static_cast<long>(Mn), hi)));
        };
        // α forwards.
        for (size_t i = 0; i < S; ++i) {
            const real* ai = w.alpha.data() + i * M;
            real* an = w.alpha.data() + (i + 1) * M;
            if (m_pooled) {
                pooled_forward(y, win, i, prior, ai, an, w);
                normalise(an, M);
                continue;
            }
            for (size_t a = 0; a < M; ++a) {
                const real x = ai[a];
                if (x == real(0))
                    continue;
                const real* gs = w.gsum.data() + (i * M + a) * Mn;
                size_t e0, e1;
                e_range(a, &e0, &e1);
                real* dst = an + (static_cast<long>(a) + smin);
                for (size_t e = e0; e < e1; ++e)
                    dst[e] += x * gs[e];
            }
            normalise(an, M);
        }
        // β at the last boundary.
        real* bS = w.beta.data() + S * M;
        if (win.end_known) {
            const long long d = static_cast<long long>(win.length) - static_cast<long long>(win.origin) -
                                static_cast<long long>(m_N) * m_n;
            const long long a = d - m_limits.frame_min;
            if (a >= 0 && a < static_cast<long long>(M) && exists(win, S, static_cast<size_t>(a)))
                bS[a] = real(1);
        } else {
            for (size_t a = 0; a < M; ++a)
                bS[a] = exists(win, S, a) ? real(1) : real(0);
        }
        normalise(bS, M);
        // A frame with no path within the limits (a normaliser of 0): its priors, no end drift.
        real z = real(0);
        for (size_t a = 0; a < M; ++a)
            z += w.alpha[S * M + a] * bS[a];
        if (!(z > real(0))) {
            for (size_t i = 0; i < m_N; ++i)
                if (post || dec)
                    finish_posteriors(i, prior, post, dec, zeros(w));
            if (end)
                std::fill(end, end + M, 0.0);
            return;
        }
        // β backwards, and the posteriors of the frame's own symbols.
        w.post.resize(q);
        for (size_t i = S; i-- > 0;) {
            const real* bn = w.beta.data() + (i + 1) * M;
            real* bi = w.beta.data() + i * M;
            const real* ai = w.alpha.data() + i * M;
            const bool want = i < m_N && (post || dec);
            if (want)
                std::fill(w.post.begin(), w.post.end(), real(0));
            if (m_pooled) {
                pooled_backward(y, win, i, prior, ai, bn, bi, want, w);
                normalise(bi, M);
                if (want)
                    finish_posteriors(i, prior, post, dec, w.post);
                continue;
            }
            for (size_t a = 0; a < M; ++a) {
                size_t e0, e1;
                e_range(a, &e0, &e1);
                const real* src = bn + (static_cast<long>(a) + smin);
                const real* gs = w.gsum.data() + (i * M + a) * Mn;
                real b = real(0);
                for (size_t e = e0; e < e1; ++e)
                    b += gs[e] * src[e];
                bi[a] = b;
                if (want && ai[a] != real(0)) {
                    const real* g = w.gamma.data() + i * per_i + a * per_a;
                    real* L = w.post.data();
                    for (size_t e = e0; e < e1; ++e) {
                        const real c = ai[a] * src[e];
                        if (c == real(0))
                            continue;
                        const real* ge = g + e * q;
                        for (size_t D = 0; D < q; ++D)
                            L[D] += c * ge[D];
                    }
                }
            }
            normalise(bi, M);
            if (want)
                finish_posteriors(i, prior, post, dec, w.post);
        }
        if (end) {
            const real* aN = w.alpha.data() + m_N * M;
            const real* bN = w.beta.data() + m_N * M;
            double sum = 0.0;
            for (size_t a = 0; a < M; ++a) {
                end[a] = static_cast<double>(aN[a]) * static_cast<double>(bN[a]);
                sum += end[a];
            }
            for (size_t a = 0; a < M; ++a)
                end[a] = sum > 0.0 && std::isfinite(sum) ? end[a] / sum : 0.0;
        }
    }

    /* Prior of symbol D at position i: 1 without priors and in the lookahead. */
    real prior_of(const double* prior, size_t i, size_t D) const
    {
        return prior && i < m_N ? static_cast<real>(prior[i * m_q + D]) : real(1);
    }

    const uint32_t* codebook(size_t i) const
    {
        return m_code.packed().data() + (i < m_N ? i : i - m_N) * m_q; // lookahead: the next frame's
    }

    /* an = Σ_x prior(x) F_x(n, ·): the pooled lattices of symbol i seeded with ai. Sums over
     * x in increasing order, as on the GPU. */
    void pooled_forward(const uint8_t* y,
                        const bsid_frame_window& win,
                        size_t i,
                        const double* prior,
                        const real* ai,
                        real* an,
                        frame_work<real>& w) const
    {
        const size_t M = m_M, q = m_q;
        detail::bsid_lattice_q(codebook(i), m_n, q, m_w, w.q0.data(), w.q1.data());
        detail::bsid_pooled_forward_all(w.q0.data(), w.q1.data(), m_n, q, y, position(win, i, 0),
                                        static_cast<long long>(win.length), static_cast<int>(M), m_w, ai,
                                        w.zero.data(), w.rows.data());
        for (size_t c = 0; c < M; ++c) {
            const real* r = w.rows.data() + c * q;
            real v = real(0);
            for (size_t x = 0; x < q; ++x)
                v += prior_of(prior, i, x) * r[x];
            an[c] = v;
        }
    }

    /* bi = Σ_x prior(x) B_x(0, ·) from the pooled lattices seeded with bn, and (when @p want)
     * w.post[x] = prior(x) Σ_c ai(c) B_x(0, c), summed from the last column down (the order in
     * which the GPU's column segments finish row 0, bsid_pooled_device.h). */
    void pooled_backward(const uint8_t* y,
                         const bsid_frame_window& win,
                         size_t i,
                         const double* prior,
                         const real* ai,
                         const real* bn,
                         real* bi,
                         bool want,
                         frame_work<real>& w) const
    {
        const size_t M = m_M, q = m_q;
        detail::bsid_lattice_q(codebook(i), m_n, q, m_w, w.q0.data(), w.q1.data());
        detail::bsid_pooled_backward_all(w.q0.data(), w.q1.data(), m_n, q, y, position(win, i, 0),
                                         static_cast<long long>(win.length), static_cast<int>(M), m_w, bn,
                                         w.zero.data(), w.rows.data());
        if (want) {
            std::fill(w.post.begin(), w.post.end(), real(0));
            for (size_t c = M; c-- > 0;) {
                const real* r = w.rows.data() + c * q;
                for (size_t x = 0; x < q; ++x)
                    w.post[x] += ai[c] * r[x];
            }
            for (size_t x = 0; x < q; ++x)
                w.post[x] *= prior_of(prior, i, x);
        }
        for (size_t c = 0; c < M; ++c) {
            const real* r = w.rows.data() + c * q;
            real v = real(0);
            for (size_t x = 0; x < q; ++x)
                v += prior_of(prior, i, x) * r[x];
            bi[c] = v;
        }
    }

    /* q zeros: posteriors that fall back to the priors. */
    std::vector<real>& zeros(frame_work<real>& w) const
    {
        w.post.assign(m_q, real(0));
        return w.post;
    }

    /* Divides by the sum; a zero (or non-finite) sum zeroes the row: no path. */
    static void normalise(real* v, size_t M)
    {
        real s = real(0);
        for (size_t a = 0; a < M; ++a)
            s += v[a];
        if (!(s > real(0)) || !std::isfinite(s)) {
            std::fill(v, v + M, real(0));
            return;
        }
        const real inv = real(1) / s;
        for (size_t a = 0; a < M; ++a)
            v[a] *= inv;
    }

    void finish_posteriors(size_t i,
                           const double* prior,
                           double* post,
                           uint32_t* dec,
                           const std::vector<real>& L) const
    {
        const size_t q = m_q;
        double sum = 0.0;
        for (size_t D = 0; D < q; ++D)
            sum += static_cast<double>(L[D]);
        double* out = post ? post + i * q : nullptr;
        std::vector<double> tmp;
        if (!out) {
            tmp.resize(q);
            out = tmp.data();
        }
        if (sum > 0.0 && std::isfinite(sum)) {
            for (size_t D = 0; D < q; ++D)
                out[D] = static_cast<double>(L[D]) / sum;
        } else if (prior) {
            double ps = 0.0;
            for (size_t D = 0; D < q; ++D)
                ps += prior[i * q + D];
            for (size_t D = 0; D < q; ++D)
                out[D] = prior[i * q + D] / ps;
        } else {
            for (size_t D = 0; D < q; ++D)
                out[D] = 1.0 / static_cast<double>(q);
        }
        if (dec) {
            size_t best = 0;
            for (size_t D = 1; D < q; ++D)
                if (out[D] > out[best])
                    best = D;
            dec[i] = static_cast<uint32_t>(best);
        }
    }

    const tvb_code& m_code;
    bsid_drift_limits m_limits;
    bsid_map_options m_opts;
    bsid_lattice_weights<real> m_w;
    int m_n;
    size_t m_q, m_N, m_M, m_Mn;
    bool m_pooled;
    size_t m_threads = 1;
    std::vector<frame_work<real>> m_work;
};

} // namespace

std::unique_ptr<bsid_map_backend> make_bsid_map_cpu(const bsid_decoder_setup& setup)
{
    if (setup.opts.precision == bsid_precision::DOUBLE)
        return std::make_unique<map_cpu<double>>(setup);
    return std::make_unique<map_cpu<float>>(setup);
}

} // namespace gpufec
} // namespace gr
