/* The bounds of lte_turbo_metric_domains.h, driven: lte_turbo_siso_arith.h's alpha_step,
 * beta_step, extrinsic and tail_beta in int32 on adversarial inputs (|sa| = 1150 and |par| =
 * 127 in fixed, alternating, random and long-run sign patterns, codeword paths, random
 * magnitudes, greedy searches for the extremes), from the known start (the unreachable states
 * of the first three steps included), from all-alike starts and from the metrics of other runs
 * (the PIVI edges of a next iteration), and every tail sign pattern. Every alpha and beta must
 * stay in the stated ranges and every value the max-log operation compares inside int16, so
 * that the GPU's 16-bit storage never wraps.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte/common/lte_turbo_metric_domains.h"
#include "lte/common/lte_turbo_siso_arith.h"
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <array>
#include <climits>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

using turbo::rsc_states;
using metrics = std::array<int32_t, rsc_states>;

// The quantities of lte_turbo_metric_domains.h's file comment.
constexpr int32_t C = turbo::int16_metrics::channel_limit; // |channel value|
constexpr int32_t SA = C + turbo::int16_metrics::extrinsic_limit; // |sa| = 1150
constexpr int32_t D = SA + C; // spread of a step's branches: 1277
constexpr int32_t U = turbo::unreachable_metric<int32_t>(); // -16384
constexpr int32_t candidate_lo = -(16384 + 11 * D + 127), candidate_hi = 6 * D + 127;
static_assert(SA == 1150 && D == 1277, "the comment's numbers");
static_assert(candidate_lo == -30558 && candidate_hi == 7789, "the comment's numbers");

struct range {
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    void note(int32_t v)
    {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    std::string str() const { return "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]"; }
};

/* max-log-MAP that notes every value it compares: the sums metric + branch of alpha_step and
 * beta_step, and the candidates alpha + parity + beta of extrinsic (its accumulator is always
 * one of them). */
struct noting_max {
    static inline range* sink = nullptr;
    template <typename T>
    static T op(T a, T b)
    {
        sink->note(a);
        sink->note(b);
        return turbo::max_log::op(a, b);
    }
};

/* A forward metric vector and the states a path from the known start reaches (all of them
 * for an all-alike start). */
struct alpha_state {
    metrics m;
    uint8_t real;
};

uint8_t reached(uint8_t real)
{
    uint8_t next = 0;
    for (unsigned s = 0; s < rsc_states; ++s)
        if (real >> s & 1u)
            next |= uint8_t(1u << turbo::rsc_next(s, 0) | 1u << turbo::rsc_next(s, 1));
    return next;
}

struct steps {
    std::string name;
    std::vector<int32_t> sa, par;
};

/* The (sa, par) values of a step the greedy search chooses from: full magnitudes of either
 * sign, and zeros. */
const int32_t choice_sa[9] = { SA, SA, -SA, -SA, SA, -SA, 0, 0, 0 };
const int32_t choice_par[9] = { C, -C, C, -C, 0, 0, C, -C, 0 };

alpha_state known_start()
{
    alpha_state a{ {}, 1 };
    for (unsigned s = 0; s < rsc_states; ++s)
        a.m[s] = s == 0 ? 0 : U;
    return a;
}

alpha_state forward(const alpha_state& a, int32_t sa, int32_t par)
{
    alpha_state n{ {}, reached(a.real) };
    turbo::alpha_step<noting_max>(a.m.data(), turbo::branch_metrics<int32_t>(sa, par), n.m.data());
    return n;
}

metrics backward(const metrics& b, int32_t sa, int32_t par)
{
    metrics n;
    turbo::beta_step<noting_max>(b.data(), turbo::branch_metrics<int32_t>(sa, par), n.data());
    return n;
}

class bounds
{
public:
    range alpha_real, alpha_unreachable, beta, alpha_sums, beta_sums, candidates, ext;

    void check_alpha(const alpha_state& a, const std::string& where)
    {
        for (unsigned s = 0; s < rsc_states; ++s) {
            const int32_t v = a.m[s];
            if (a.real >> s & 1u) {
                alpha_real.note(v);
                CPPUNIT_ASSERT_MESSAGE(where + ": alpha " + std::to_string(v),
                                       v >= -3 * D && v <= 3 * D);
            } else {
                // Above -16384 - 8D, and below every metric of a real path (it acts as -inf).
                alpha_unreachable.note(v);
                CPPUNIT_ASSERT_MESSAGE(where + ": unreachable alpha " + std::to_string(v),
                                       v >= U - 8 * D && v < -3 * D - D);
            }
        }
    }

    void check_beta(const metrics& b, const std::string& where)
    {
        for (int32_t v : b) {
            beta.note(v);
            CPPUNIT_ASSERT_MESSAGE(where + ": beta " + std::to_string(v),
                                   v >= -3 * D && v <= 3 * D);
        }
        CPPUNIT_ASSERT_EQUAL_MESSAGE(where, 0, b[0]);
    }

    /* alpha(k) for k = 0..n from @p start over the steps; every vector checked. */
    std::vector<alpha_state> run_alpha(alpha_state start, const steps& in, size_t from = 0)
    {
        std::vector<alpha_state> out{ start };
        noting_max::sink = &alpha_sums;
        check_alpha(start, in.name + " start");
        for (size_t k = from; k < in.sa.size(); ++k) {
            out.push_back(forward(out.back(), in.sa[k], in.par[k]));
            check_alpha(out.back(), in.name + " k=" + std::to_string(k + 1));
        }
        return out;
    }

    /* beta(k) for k = n..0 from @p end over the steps, returned in step order. */
    std::vector<metrics> run_beta(const metrics& end, const steps& in, size_t to)
    {
        std::vector<metrics> out(to + 1);
        out[to] = end;
        noting_max::sink = &beta_sums;
        check_beta(end, in.name + " end");
        for (size_t k = to; k > 0; --k) {
            out[k - 1] = backward(out[k], in.sa[k - 1], in.par[k - 1]);
            check_beta(out[k - 1], in.name + " k=" + std::to_string(k - 1));
        }
        return out;
    }

    /* The extrinsic of every step from alpha(k) and beta(k+1). */
    void run_extrinsic(const std::vector<alpha_state>& alpha, const std::vector<metrics>& beta,
                       const steps& in)
    {
        noting_max::sink = &candidates;
        for (size_t k = 0; k + 1 < alpha.size() && k + 1 < beta.size(); ++k) {
            const int32_t e =
                turbo::extrinsic<noting_max>(alpha[k].m.data(), beta[k + 1].data(), in.par[k]);
            ext.note(e);
            CPPUNIT_ASSERT_MESSAGE(in.name + ": extrinsic " + std::to_string(e),
                                   e >= -2 * (6 * D + 127) && e <= 2 * (6 * D + 127));
        }
        CPPUNIT_ASSERT_MESSAGE(in.name + ": candidates " + candidates.str(),
                               candidates.lo >= candidate_lo && candidates.hi <= candidate_hi);
    }

    void check_int16() const
    {
        for (const range* r : { &alpha_sums, &beta_sums, &candidates, &ext })
            CPPUNIT_ASSERT_MESSAGE(r->str(), r->lo >= INT16_MIN && r->hi <= INT16_MAX);
    }
};

metrics tail_metrics(const std::array<int32_t, 6>& tail)
{
    metrics b;
    turbo::tail_beta(tail.data(), b.data());
    return b;
}

/* The best value of @p score over the three vectors that look-ahead steps c1 c2 c3 reach. */
template <typename State, typename Step, typename Score>
int64_t look_ahead(const State& s, Step step, Score score, int depth)
{
    int64_t best = score(s);
    if (depth == 0)
        return best;
    for (size_t i = 0; i < std::size(choice_sa); ++i)
        best = std::max(best,
                        look_ahead(step(s, choice_sa[i], choice_par[i]), step, score, depth - 1));
    return best;
}

/* Steps chosen one at a time, each the choice whose three-step look-ahead scores highest. The
 * backward search returns its steps in step order (the first chosen is the last step). */
template <typename State, typename Step, typename Score>
steps greedy(const std::string& name, State s, Step step, Score score, size_t n, bool reverse)
{
    range scratch;
    range* saved = noting_max::sink;
    noting_max::sink = &scratch; // the search's own steps are not checked
    steps out{ name, {}, {} };
    for (size_t k = 0; k < n; ++k) {
        int64_t best = INT64_MIN;
        size_t pick = 0;
        for (size_t i = 0; i < std::size(choice_sa); ++i) {
            const int64_t v = look_ahead(step(s, choice_sa[i], choice_par[i]), step, score, 2);
            if (v > best) {
                best = v;
                pick = i;
            }
        }
        out.sa.push_back(choice_sa[pick]);
        out.par.push_back(choice_par[pick]);
        s = step(s, choice_sa[pick], choice_par[pick]);
    }
    if (reverse) {
        std::reverse(out.sa.begin(), out.sa.end());
        std::reverse(out.par.begin(), out.par.end());
    }
    noting_max::sink = saved;
    return out;
}

std::vector<steps> adversarial_inputs(size_t n)
{
    std::vector<steps> all;
    std::mt19937 rng(77);
    const auto sign = [&] { return (rng() & 1u) ? 1 : -1; };
    for (int ss : { 1, -1 })
        for (int ps : { 1, -1 })
            all.push_back({ "constant " + std::to_string(ss) + "/" + std::to_string(ps),
                            std::vector<int32_t>(n, ss * SA), std::vector<int32_t>(n, ps * C) });
    for (size_t p1 = 1; p1 <= 4; ++p1)
        for (size_t p2 = 1; p2 <= 4; ++p2) {
            steps s{ "alternating " + std::to_string(p1) + "/" + std::to_string(p2), {}, {} };
            for (size_t k = 0; k < n; ++k) {
                s.sa.push_back((k / p1) % 2 ? -SA : SA);
                s.par.push_back((k / p2) % 2 ? -C : C);
            }
            all.push_back(s);
        }
    for (int seed = 0; seed < 40; ++seed) {
        steps r{ "random signs " + std::to_string(seed), {}, {} };
        steps runs{ "long runs " + std::to_string(seed), {}, {} };
        steps mags{ "random values " + std::to_string(seed), {}, {} };
        steps path{ "codeword path " + std::to_string(seed), {}, {} };
        std::uniform_int_distribution<int32_t> any_sa(-SA, SA), any_par(-C, C);
        std::uniform_int_distribution<size_t> run_length(1, 48);
        unsigned state = 0;
        const int polarity = seed % 2 ? -1 : 1; // the path, or every value against it
        while (runs.sa.size() < n) {
            const int32_t a = sign() * SA, p = sign() * C;
            for (size_t i = run_length(rng); i > 0 && runs.sa.size() < n; --i) {
                runs.sa.push_back(a);
                runs.par.push_back(p);
            }
        }
        for (size_t k = 0; k < n; ++k) {
            r.sa.push_back(sign() * SA);
            r.par.push_back(sign() * C);
            mags.sa.push_back(any_sa(rng));
            mags.par.push_back(any_par(rng));
            const unsigned u = rng() & 1u;
            path.sa.push_back(polarity * (u ? SA : -SA));
            path.par.push_back(polarity * (turbo::rsc_parity(state, u) ? C : -C));
            state = turbo::rsc_next(state, u);
        }
        all.insert(all.end(), { r, runs, mags, path });
    }
    // Greedy searches for each extreme: alpha's largest and smallest real value and smallest
    // unreachable one from the known start, beta's largest and smallest from a tail.
    const auto fwd = [](const alpha_state& a, int32_t sa, int32_t par) {
        return forward(a, sa, par);
    };
    const auto bwd = [](const metrics& b, int32_t sa, int32_t par) { return backward(b, sa, par); };
    const auto alpha_score = [](bool real, int sign) {
        return [real, sign](const alpha_state& a) {
            int64_t best = INT64_MIN;
            for (unsigned s = 0; s < rsc_states; ++s)
                if (bool(a.real >> s & 1u) == real)
                    best = std::max<int64_t>(best, int64_t(sign) * a.m[s]);
            return best;
        };
    };
    const auto beta_score = [](int sign) {
        return [sign](const metrics& b) {
            int64_t best = INT64_MIN;
            for (int32_t v : b)
                best = std::max<int64_t>(best, int64_t(sign) * v);
            return best;
        };
    };
    all.push_back(greedy("greedy alpha max", known_start(), fwd, alpha_score(true, 1), n, false));
    all.push_back(greedy("greedy alpha min", known_start(), fwd, alpha_score(true, -1), n, false));
    all.push_back(
        greedy("greedy unreachable min", known_start(), fwd, alpha_score(false, -1), n, false));
    all.push_back(
        greedy("greedy unreachable max", known_start(), fwd, alpha_score(false, 1), n, false));
    for (const std::array<int32_t, 6>& tail :
         { std::array<int32_t, 6>{ C, C, C, C, C, C },
           std::array<int32_t, 6>{ -C, -C, -C, -C, -C, -C } }) {
        all.push_back(greedy("greedy beta max", tail_metrics(tail), bwd, beta_score(1), n, true));
        all.push_back(greedy("greedy beta min", tail_metrics(tail), bwd, beta_score(-1), n, true));
    }
    return all;
}

} // namespace

class turbo_int16_bounds_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(turbo_int16_bounds_test);
    CPPUNIT_TEST(apriori_and_extrinsic_out);
    CPPUNIT_TEST(every_tail);
    CPPUNIT_TEST(recursions_stay_in_range);
    CPPUNIT_TEST_SUITE_END();

    /* |apriori(e)| <= 1023 for every stored extrinsic and every scaling: |sa| <= 127 + 1023. */
    void apriori_and_extrinsic_out()
    {
        CPPUNIT_ASSERT_EQUAL(12, turbo::int16_metrics::sixteenths(0.75f));
        CPPUNIT_ASSERT_EQUAL(16, turbo::int16_metrics::sixteenths(1.0f));
        CPPUNIT_ASSERT_EQUAL(1, turbo::int16_metrics::sixteenths(1e-6f));
        CPPUNIT_ASSERT_EQUAL(8, turbo::int16_metrics::sixteenths(0.5f));
        for (int32_t n = 1; n <= 16; ++n) {
            const turbo::int16_metrics m(float(n) / 16.0f);
            CPPUNIT_ASSERT_EQUAL(n, m.n16);
            for (int32_t e = -turbo::int16_metrics::extrinsic_limit;
                 e <= turbo::int16_metrics::extrinsic_limit; ++e) {
                const int32_t a = m.apriori(e);
                CPPUNIT_ASSERT(a >= -turbo::int16_metrics::extrinsic_limit &&
                               a <= turbo::int16_metrics::extrinsic_limit);
                // floor((n e + 8) / 16), whatever the sign.
                const int32_t num = n * e + 8;
                CPPUNIT_ASSERT_EQUAL(num >= 0 ? num / 16 : -((-num + 15) / 16), a);
            }
        }
        const turbo::int16_metrics m(0.75f);
        CPPUNIT_ASSERT_EQUAL(767, m.apriori(1023));
        CPPUNIT_ASSERT_EQUAL(-767, m.apriori(-1023));
        CPPUNIT_ASSERT_EQUAL(-1, m.apriori(-1));
        CPPUNIT_ASSERT_EQUAL(0, m.apriori(0));
        CPPUNIT_ASSERT_EQUAL(1023, m.extrinsic_out(20000));
        CPPUNIT_ASSERT_EQUAL(-1023, m.extrinsic_out(-1024));
        CPPUNIT_ASSERT_EQUAL(-1023, m.extrinsic_out(-1023));
        CPPUNIT_ASSERT_EQUAL(5, m.extrinsic_out(5));
    }

    /* beta(K) of every tail of +-127 values and of random ones: finite, state 0 at 0, within
     * +-6 * 127 (three steps of at most 2 * 127 each way), so inside [-3D, 3D]. */
    void every_tail()
    {
        std::mt19937 rng(5);
        std::uniform_int_distribution<int32_t> any(-C, C);
        for (unsigned pattern = 0; pattern < 64 + 200; ++pattern) {
            std::array<int32_t, 6> tail;
            for (unsigned t = 0; t < 6; ++t)
                tail[t] = pattern < 64 ? ((pattern >> t & 1u) ? C : -C) : any(rng);
            const metrics b = tail_metrics(tail);
            CPPUNIT_ASSERT_EQUAL(0, b[0]);
            for (int32_t v : b)
                CPPUNIT_ASSERT(v >= -6 * C && v <= 6 * C);
        }
    }

    void recursions_stay_in_range()
    {
        const size_t n = 96;
        const auto inputs = adversarial_inputs(n);
        bounds all;
        alpha_state alike{ {}, 0xFF };
        const metrics zeros{};
        std::mt19937 rng(6);
        for (size_t i = 0; i < inputs.size(); ++i) {
            const steps& in = inputs[i];
            // A random tail of +-127 values ends the steps, as the decoder's last window.
            std::array<int32_t, 6> tail;
            for (auto& t : tail)
                t = (rng() & 1u) ? C : -C;
            const auto alpha = all.run_alpha(known_start(), in);
            const auto beta = all.run_beta(tail_metrics(tail), in, n);
            all.run_extrinsic(alpha, beta, in);
            // The first iteration's windows start with all states alike.
            const auto alpha_alike = all.run_alpha(alike, in);
            const auto beta_alike = all.run_beta(zeros, in, n);
            all.run_extrinsic(alpha_alike, beta_alike, in);
            all.run_extrinsic(alpha, beta_alike, in);
            // A next iteration's windows start from metrics another input left at their edges
            // (PIVI): those of the first steps after the known start (unreachable states still
            // in them) and after a tail, and later ones; the steps go on with this input.
            const steps& other = inputs[(i * 7 + 3) % inputs.size()];
            const auto alpha_other = all.run_alpha(known_start(), other);
            const auto beta_other = all.run_beta(tail_metrics(tail), other, n);
            for (size_t at : { 1, 2, 3, 5, 40 }) {
                steps rest{ in.name + " from " + other.name + " at " + std::to_string(at), in.sa,
                            in.par };
                const auto a = all.run_alpha(alpha_other[at], rest, at);
                std::vector<alpha_state> aligned(at); // alpha(k) at index k
                aligned.insert(aligned.end(), a.begin(), a.end());
                const auto b = all.run_beta(beta_other[n - at], rest, n - at);
                for (size_t k = at; k + 1 < n - at; ++k) {
                    noting_max::sink = &all.candidates;
                    all.ext.note(turbo::extrinsic<noting_max>(aligned[k].m.data(), b[k + 1].data(),
                                                              rest.par[k]));
                }
                CPPUNIT_ASSERT(all.candidates.lo >= candidate_lo &&
                               all.candidates.hi <= candidate_hi);
            }
        }
        all.check_int16();
        std::cerr << "\n16-bit metrics over " << inputs.size() << " inputs of " << n
                  << " steps: alpha " << all.alpha_real.str() << " (unreachable "
                  << all.alpha_unreachable.str() << "), beta " << all.beta.str()
                  << ", alpha + branch " << all.alpha_sums.str() << ", beta + branch "
                  << all.beta_sums.str() << ", extrinsic candidates " << all.candidates.str()
                  << ", extrinsic " << all.ext.str() << "; stated: alpha, beta [" << -3 * D << ", "
                  << 3 * D << "], unreachable >= " << U - 8 * D << ", candidates [" << candidate_lo
                  << ", " << candidate_hi << "]\n";
        // The inputs reach far into the stated ranges: real alphas beyond +-2D (the known
        // start's first three steps give single paths 3 |sa| + 2 |par| apart), and the
        // unreachable states' exact extremes. Those lie well inside the stated bound: in the
        // first three steps state 0's best path is the all-zero one (its other predecessor,
        // state 1, is unreachable), so the normalisation subtracts 0; each step adds at most
        // D and lowers an unreachable value by at most |par| (of a state's two incoming
        // branches, the one with u = 0 scores 0 or par), and step 3 reaches every state.
        CPPUNIT_ASSERT(all.alpha_real.hi >= 2 * D && all.alpha_real.lo <= -2 * D);
        CPPUNIT_ASSERT_EQUAL(U - 2 * C, all.alpha_unreachable.lo);
        CPPUNIT_ASSERT_EQUAL(U + 2 * D, all.alpha_unreachable.hi);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(turbo_int16_bounds_test);

} // namespace gpufec
} // namespace gr
