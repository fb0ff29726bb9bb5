/* The 16-bit kernel's packed recursions (lte_turbo_packed.cuh) run on the host, no GPU, against
 * lte_turbo_siso_arith.h's one-state-a-value functions in int32 (the CPU twin's arithmetic): alpha and
 * beta over runs of steps must equal the CPU's after normalisation to state 0, and every
 * extrinsic must equal the CPU's exactly, from the known start (its unreachable states
 * included), from all-alike starts, from beta(K) of a tail and from the metrics of another run
 * (a next iteration's edges), at every step offset modulo the normalisation period, on
 * adversarial inputs (|sa| = 1150, |par| = 127 in fixed, alternating, random and long-run sign
 * patterns) and random ones. A lane that wrapped would show as a different metric.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte/common/lte_turbo_metric_domains.h"
#include "lte/common/lte_turbo_siso_arith.h"
#include "lte_turbo_packed.cuh"
#include <cppunit/extensions/HelperMacros.h>
#include <array>
#include <random>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

using turbo::rsc_states;
using cuda::turbo_dev::packed_recursion;
using metrics = std::array<int32_t, rsc_states>;
using R = packed_recursion;

constexpr int32_t C = turbo::int16_metrics::channel_limit;
constexpr int32_t SA = C + turbo::int16_metrics::extrinsic_limit; // |sa| <= 1150

struct step_input {
    int32_t sa, par;
};

/* Inputs of n steps in one of several patterns. */
std::vector<step_input> make_inputs(int pattern, size_t n, std::mt19937& rng)
{
    std::uniform_int_distribution<int32_t> sa_any(-SA, SA), par_any(-C, C), coin(0, 1);
    std::vector<step_input> in(n);
    for (size_t k = 0; k < n; ++k) {
        step_input& x = in[k];
        switch (pattern) {
        case 0: // random values
            x = { sa_any(rng), par_any(rng) };
            break;
        case 1: // random extremes
            x = { coin(rng) ? SA : -SA, coin(rng) ? C : -C };
            break;
        case 2: // fixed extremes, the sign pair chosen once per run
            x = { in[0].sa, in[0].par };
            if (k == 0)
                x = { coin(rng) ? SA : -SA, coin(rng) ? C : -C };
            break;
        case 3: // alternating signs
            x = { (k & 1) ? SA : -SA, (k & 2) ? C : -C };
            break;
        default: // long runs of one sign pair
            x = (k % 37 == 0 || k == 0) ? step_input{ coin(rng) ? SA : -SA, coin(rng) ? C : -C } : in[k - 1];
            break;
        }
    }
    return in;
}

metrics normalised(const metrics& m)
{
    metrics n;
    for (int s = 0; s < rsc_states; ++s)
        n[s] = m[s] - m[0];
    return n;
}

std::string str(const metrics& m)
{
    std::string s;
    for (int32_t v : m)
        s += std::to_string(v) + " ";
    return s;
}

/* One run over steps [k0, k0 + n): alpha forward from its start, beta backward from its start,
 * both ways, every metric and extrinsic compared. */
void check_run(const std::vector<step_input>& in,
               unsigned k0,
               const metrics& alpha0,
               const R::state& alpha0_packed,
               const metrics& betaN,
               const R::state& betaN_packed,
               const std::string& what)
{
    const size_t n = in.size();
    std::vector<metrics> a(n + 1), b(n + 1);
    std::vector<R::state> pa(n + 1), pb(n + 1);
    a[0] = alpha0, pa[0] = alpha0_packed;
    R::normalise(pa[0]); // as the window code does with what it loads
    for (size_t i = 0; i < n; ++i) {
        turbo::alpha_step<turbo::max_log>(a[i].data(), turbo::branch_metrics<int32_t>(in[i].sa, in[i].par),
                                          a[i + 1].data());
        pa[i + 1] = pa[i];
        R::alpha_step(pa[i + 1], in[i].sa, in[i].par);
        if ((k0 + i + 1) % 4 == 0) // as the window code: at least every fourth step
            R::normalise(pa[i + 1]);
    }
    b[n] = betaN, pb[n] = betaN_packed;
    R::normalise(pb[n]);
    for (size_t i = n; i-- > 0;) {
        turbo::beta_step<turbo::max_log>(b[i + 1].data(), turbo::branch_metrics<int32_t>(in[i].sa, in[i].par),
                                         b[i].data());
        pb[i] = pb[i + 1];
        R::beta_step(pb[i], in[i].sa, in[i].par);
        if ((k0 + i) % 4 == 0)
            R::normalise(pb[i]);
    }
    for (size_t i = 0; i <= n; ++i) {
        metrics ga, gb;
        R::alpha_metrics(pa[i], ga.data());
        R::beta_metrics(pb[i], gb.data());
        const std::string at = what + ", step " + std::to_string(k0 + i);
        CPPUNIT_ASSERT_EQUAL_MESSAGE("alpha " + at + ": " + str(ga), str(normalised(a[i])), str(normalised(ga)));
        CPPUNIT_ASSERT_EQUAL_MESSAGE("beta " + at + ": " + str(gb), str(normalised(b[i])), str(normalised(gb)));
        if (i < n)
            CPPUNIT_ASSERT_EQUAL_MESSAGE("extrinsic " + at,
                                         turbo::extrinsic<turbo::max_log>(a[i].data(), b[i + 1].data(), in[i].par),
                                         R::extrinsic(pa[i], pb[i + 1], in[i].par));
    }
}

metrics known_start()
{
    metrics m;
    for (int s = 0; s < rsc_states; ++s)
        m[s] = s == 0 ? 0 : turbo::unreachable_metric<int32_t>();
    return m;
}

} // namespace

class turbo_packed_host_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(turbo_packed_host_test);
    CPPUNIT_TEST(lanes_round_trip);
    CPPUNIT_TEST(known_and_zero_starts);
    CPPUNIT_TEST(tail_and_edge_starts);
    CPPUNIT_TEST_SUITE_END();

public:
    void lanes_round_trip()
    {
        for (int32_t lo : { -32768, -16384, -1, 0, 1, 32767 })
            for (int32_t hi : { -32768, -20469, 0, 15451, 32767 }) {
                const uint32_t r = R::lanes(lo, hi);
                CPPUNIT_ASSERT_EQUAL(lo, R::lo(r));
                CPPUNIT_ASSERT_EQUAL(hi, R::hi(r));
            }
    }

    /* Steps from 0 with alpha known (the block's first window) or all alike (a window's first
     * iteration), beta all alike; every start offset modulo 4. */
    void known_and_zero_starts()
    {
        std::mt19937 rng(5);
        const metrics zero{};
        for (int pattern = 0; pattern < 5; ++pattern)
            for (unsigned k0 = 0; k0 < 8; ++k0)
                for (int run = 0; run < 6; ++run) {
                    const auto in = make_inputs(pattern, 300, rng);
                    const std::string what = "pattern " + std::to_string(pattern) + ", run " + std::to_string(run);
                    if (k0 == 0)
                        check_run(in, 0, known_start(), R::known_start(), zero, R::zero(), what + ", known start");
                    check_run(in, k0, zero, R::zero(), zero, R::zero(), what + ", zero starts");
                }
    }

    /* beta from a tail's beta(K) (every tail sign pattern of extremes) and both recursions from
     * the metrics another run left at some step (the next iteration's edges), packed as the
     * window code stores and loads them. */
    void tail_and_edge_starts()
    {
        std::mt19937 rng(9);
        for (unsigned tail_signs = 0; tail_signs < 64; ++tail_signs) {
            int32_t tail[6];
            for (int t = 0; t < 6; ++t)
                tail[t] = ((tail_signs >> t) & 1) ? ((t & 1) ? C : SA) : ((t & 1) ? -C : -SA);
            metrics beta_K;
            turbo::tail_beta(tail, beta_K.data());
            // A previous run's alpha and beta at step k0 (normalised there or up to three steps
            // before: whatever the packed code stored).
            // The run checked covers steps [start, start + 40); alpha came from [k0, start),
            // beta from [start + 40, start + 80).
            const unsigned k0 = 8 * (tail_signs % 5) + tail_signs % 4, start = k0 + 40, end = start + 40;
            const auto before = make_inputs(int(tail_signs % 5), 40, rng);
            R::state pa = R::zero(), pb = R::beta_from_metrics(beta_K.data());
            metrics a{}, b = beta_K;
            for (size_t i = 0; i < before.size(); ++i) {
                const turbo::branch_metrics<int32_t> bm(before[i].sa, before[i].par);
                turbo::alpha_step<turbo::max_log>(a.data(), bm, a.data());
                R::alpha_step(pa, before[i].sa, before[i].par);
                if ((k0 + i + 1) % 4 == 0)
                    R::normalise(pa);
                turbo::beta_step<turbo::max_log>(b.data(), bm, b.data());
                R::beta_step(pb, before[i].sa, before[i].par);
                if ((end + 39 - i) % 4 == 0)
                    R::normalise(pb);
            }
            std::vector<int32_t> stored(8 * 3);
            R::store(pa, stored.data(), 3);
            const R::state edge_a = R::load(stored.data(), 3);
            R::store(pb, stored.data() + 1, 3);
            const R::state edge_b = R::load(stored.data() + 1, 3);
            const auto in = make_inputs(int(tail_signs % 5), 40, rng);
            const std::string what = "tail signs " + std::to_string(tail_signs);
            check_run(in, start, a, edge_a, beta_K, R::beta_from_metrics(beta_K.data()), what + ", beta(K)");
            check_run(in, start, a, edge_a, b, edge_b, what + ", edges");
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(turbo_packed_host_test);

} // namespace gpufec
} // namespace gr
