/* The constituent SISO decoder against exhaustive search over all input sequences (max-log:
 * best path; log-MAP: log-sum over paths), and its windows against the whole-block run.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte/common/lte_turbo_rsc_trellis.h"
#include "lte/common/lte_turbo_siso_arith.h"
#include "lte_turbo_siso_cpu.h"
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

struct problem {
    size_t K;
    std::vector<float> sa, par, tail; // tail: x z x z x z of the terminating steps
};

problem random_problem(size_t K, std::mt19937& rng, float spread)
{
    std::normal_distribution<float> n(0.0f, spread);
    problem p{ K, std::vector<float>(K), std::vector<float>(K), std::vector<float>(6) };
    for (auto* v : { &p.sa, &p.par, &p.tail })
        for (auto& x : *v)
            x = n(rng);
    return p;
}

/* For every input sequence: the path metric sum of (u sa + p par) along the path plus the
 * terminating steps from its end state. Returns the extrinsic LLR of every step, in double,
 * by max (max-log) or log-sum-exp (log-MAP) over the sequences with u_k = 1 and u_k = 0. */
std::vector<double> exhaustive(const problem& p, bool log_map)
{
    const size_t K = p.K;
    std::vector<double> best[2];
    best[0].assign(K, -1e300);
    best[1].assign(K, -1e300);
    std::vector<std::vector<double>> metrics;
    for (uint32_t seq = 0; seq < (1u << K); ++seq) {
        double m = 0;
        unsigned s = 0;
        for (size_t k = 0; k < K; ++k) {
            const unsigned u = (seq >> k) & 1u;
            m += u * double(p.sa[k]) + turbo::rsc_parity(s, u) * double(p.par[k]);
            s = turbo::rsc_next(s, u);
        }
        for (int t = 0; t < 3; ++t) {
            m += turbo::rsc_tail_input(s) * double(p.tail[2 * t]) +
                 turbo::rsc_tail_parity(s) * double(p.tail[2 * t + 1]);
            s >>= 1;
        }
        CPPUNIT_ASSERT_EQUAL(0u, s);
        for (size_t k = 0; k < K; ++k) {
            double& b = best[(seq >> k) & 1u][k];
            if (log_map)
                b = std::max(b, m) + std::log1p(std::exp(-std::fabs(b - m)));
            else
                b = std::max(b, m);
        }
    }
    std::vector<double> ext(K);
    for (size_t k = 0; k < K; ++k)
        ext[k] = best[1][k] - best[0][k] - p.sa[k];
    return ext;
}

std::vector<float> run_siso(const problem& p, turbo_algorithm alg)
{
    float beta_K[8];
    turbo::tail_beta(p.tail.data(), beta_K);
    const turbo::siso_inputs in{ p.K, p.sa.data(), p.par.data(), beta_K };
    std::vector<float> alpha(8 * p.K), ext(p.K, NAN);
    turbo::siso_decode_window(alg, in, { 0, p.K, 0, p.K }, nullptr, nullptr, alpha.data(),
                              ext.data(), { 0, nullptr, 0, nullptr });
    return ext;
}

/* The 16-bit SISO on the problem's values times 8, rounded (scaling 1). */
std::vector<int16_t> run_siso16(const problem& p)
{
    const auto ints = [](const std::vector<float>& v) {
        std::vector<int16_t> r(v.size());
        for (size_t i = 0; i < v.size(); ++i)
            r[i] = static_cast<int16_t>(std::lround(v[i] * 8.0f));
        return r;
    };
    const std::vector<int16_t> sa = ints(p.sa), par = ints(p.par), tail16 = ints(p.tail);
    int32_t tail[6], beta_K[8];
    std::copy(tail16.begin(), tail16.end(), tail);
    turbo::tail_beta(tail, beta_K);
    const turbo::basic_siso_inputs<turbo::int16_metrics> in{ p.K, sa.data(), par.data(), beta_K };
    std::vector<int32_t> alpha(8 * p.K);
    std::vector<int16_t> ext(p.K, 0x7fff);
    turbo::siso_decode_window(turbo_algorithm::MAX_LOG, turbo::int16_metrics(1.0f), in,
                              { 0, p.K, 0, p.K }, nullptr, nullptr, alpha.data(), ext.data(),
                              turbo::basic_siso_edges<int32_t>{ 0, nullptr, 0, nullptr });
    return ext;
}

} // namespace

class turbo_siso_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(turbo_siso_test);
    CPPUNIT_TEST(max_log_equals_best_path);
    CPPUNIT_TEST(log_map_equals_log_sum);
    CPPUNIT_TEST(windows_with_exact_edges_equal_whole_block);
    CPPUNIT_TEST(extrinsic_leaves_out_the_systematic_value);
    CPPUNIT_TEST_SUITE_END();

    void compare(turbo_algorithm alg, bool log_map, double tol)
    {
        std::mt19937 rng(17);
        for (size_t K : { 1, 2, 3, 5, 8, 13 })
            for (float spread : { 0.5f, 2.0f, 8.0f }) {
                const problem p = random_problem(K, rng, spread);
                const auto ref = exhaustive(p, log_map);
                const auto ext = run_siso(p, alg);
                for (size_t k = 0; k < K; ++k)
                    CPPUNIT_ASSERT_DOUBLES_EQUAL_MESSAGE("K=" + std::to_string(K) + " k=" + std::to_string(k),
                                                         ref[k], double(ext[k]),
                                                         tol * (1.0 + std::fabs(ref[k])));
            }
    }

    void max_log_equals_best_path() { compare(turbo_algorithm::MAX_LOG, false, 1e-5); }
    void log_map_equals_log_sum() { compare(turbo_algorithm::LOG_MAP, true, 1e-4); }

    /* e(k) = L_1 - L_0 without sa(k) (docs/turbo.md): alpha_k depends on the steps before k,
     * beta_k+1 on those after, so a change of sa(k) alone leaves e(k) exactly as it was, in
     * every domain and algorithm, on a clean codeword with strong values and on noise. */
    void extrinsic_leaves_out_the_systematic_value()
    {
        std::mt19937 rng(29);
        const size_t K = 64;
        problem clean{ K, std::vector<float>(K), std::vector<float>(K), std::vector<float>(6) };
        unsigned s = 0;
        for (size_t k = 0; k < K; ++k) {
            const unsigned u = rng() & 1u;
            clean.sa[k] = u ? 8.0f : -8.0f;
            clean.par[k] = turbo::rsc_parity(s, u) ? 8.0f : -8.0f;
            s = turbo::rsc_next(s, u);
        }
        for (int t = 0; t < 3; ++t, s >>= 1) {
            clean.tail[2 * t] = turbo::rsc_tail_input(s) ? 8.0f : -8.0f;
            clean.tail[2 * t + 1] = turbo::rsc_tail_parity(s) ? 8.0f : -8.0f;
        }
        for (const problem& p : { clean, random_problem(K, rng, 2.0f) })
            for (size_t k : { size_t(0), size_t(1), size_t(31), K - 1 })
                for (float delta : { 5.0f, -20.0f }) {
                    problem q = p;
                    q.sa[k] += delta;
                    const std::string what = "k=" + std::to_string(k) + " delta " + std::to_string(delta);
                    for (auto alg : { turbo_algorithm::MAX_LOG, turbo_algorithm::LOG_MAP })
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, run_siso(p, alg)[k], run_siso(q, alg)[k]);
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " int16", run_siso16(p)[k], run_siso16(q)[k]);
                }
    }

    void windows_with_exact_edges_equal_whole_block()
    {
        // Windows started from the whole-block run's own metrics at their edges (g = 0, or
        // g > 0 with the metrics at the training starts) recompute the same floats.
        std::mt19937 rng(23);
        const size_t K = 200;
        const problem p = random_problem(K, rng, 3.0f);
        float beta_K[8];
        turbo::tail_beta(p.tail.data(), beta_K);
        const turbo::siso_inputs in{ K, p.sa.data(), p.par.data(), beta_K };
        for (auto alg : { turbo_algorithm::MAX_LOG, turbo_algorithm::LOG_MAP }) {
            std::vector<float> alpha(8 * K), whole(K), part(K, NAN);
            turbo::siso_decode_window(alg, in, { 0, K, 0, K }, nullptr, nullptr, alpha.data(),
                                      whole.data(), { 0, nullptr, 0, nullptr });
            const size_t bounds[] = { 0, 37, 90, 91, 150, K };
            for (size_t g : { 0, 1, 20 })
                for (size_t i = 0; i + 1 < std::size(bounds); ++i) {
                    turbo::siso_window w{ bounds[i], bounds[i + 1], 0, K };
                    w.train_begin = w.begin >= g ? w.begin - g : 0;
                    w.train_end = std::min(K, w.end + g);
                    // The whole-block metrics at the training starts.
                    float a0[8], b0[8];
                    std::vector<float> scratch(8 * K), ignore(K);
                    turbo::siso_decode_window(alg, in, { 0, K, 0, K }, nullptr, nullptr,
                                              scratch.data(), ignore.data(),
                                              { w.train_begin, a0, w.train_end, b0 });
                    turbo::siso_decode_window(alg, in, w, a0, b0, alpha.data(), part.data(),
                                              { 0, nullptr, 0, nullptr });
                    for (size_t k = w.begin; k < w.end; ++k)
                        CPPUNIT_ASSERT_EQUAL(whole[k], part[k]);
                }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(turbo_siso_test);

} // namespace gpufec
} // namespace gr
