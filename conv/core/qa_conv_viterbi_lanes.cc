/* The SIMD lane kernels and single-segment kernels against the scalar segment decoder
 * (docs/viterbi.md's decisions): every instruction set this CPU has, every k and n, symmetric
 * and other generators, mixed start states, end states and output windows, partial groups,
 * ties, saturated and -128 input, long runs through the renormalisation; and the thread pool
 * they run on.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/thread_pool.h"
#include "conv_viterbi_lanes.h"
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <atomic>
#include <random>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

class viterbi_lanes_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_lanes_test);
    CPPUNIT_TEST(best_is_available);
    CPPUNIT_TEST(equal_scalar_every_code_and_shape);
    CPPUNIT_TEST(equal_scalar_on_ties_and_extremes);
    CPPUNIT_TEST(equal_scalar_over_long_saturated_runs);
    CPPUNIT_TEST(rejects_mixed_shapes);
    CPPUNIT_TEST(long_segments_go_one_at_a_time);
    CPPUNIT_TEST(scalar_decodes_one_at_a_time);
    CPPUNIT_TEST(single_kernel_choice);
    CPPUNIT_TEST(single_equals_scalar_every_code_and_shape);
    CPPUNIT_TEST(single_equals_scalar_on_ties_and_long_runs);
    CPPUNIT_TEST(pool_runs_every_item_once);
    CPPUNIT_TEST(pool_rethrows_and_stays_usable);
    CPPUNIT_TEST_SUITE_END();

    static std::vector<simd> lane_kernels()
    {
        auto v = available_simd();
        v.erase(v.begin());
        return v;
    }

    static conv::trellis make(int k, int n, bool symmetric, std::mt19937& rng)
    {
        conv::trellis t{};
        t.k = k;
        t.n = n;
        const uint32_t ends = 1u | (1u << (k - 1));
        for (int j = 0; j < n; ++j) {
            t.polys[j] = 1u + rng() % ((1u << k) - 1);
            if (symmetric)
                t.polys[j] |= ends;
        }
        if (!symmetric) // at least one generator misses an end tap
            t.polys[0] &= ~(1u << (k - 1));
        if (t.polys[0] == 0)
            t.polys[0] = 1;
        return t;
    }

    /* Decodes `count` segments of one shape with `isa` and with the scalar decoder. */
    static void check(const conv::trellis& t,
                      simd isa,
                      size_t count,
                      size_t n_steps,
                      int end_state,
                      size_t out_first,
                      size_t n_out,
                      const std::vector<int8_t>& llr,
                      std::mt19937& rng,
                      const std::string& what)
    {
        std::vector<conv::segment> segs(count);
        std::vector<std::vector<uint8_t>> got(count, std::vector<uint8_t>(n_out, 7));
        std::vector<uint8_t*> out(count);
        for (size_t l = 0; l < count; ++l) {
            // Segments start anywhere in the input (lanes read their own memory).
            const size_t steps_in = llr.size() / t.n;
            segs[l].llr = llr.data() + (rng() % (steps_in - n_steps + 1)) * t.n;
            segs[l].n_steps = n_steps;
            segs[l].start_known = rng() & 1u;
            segs[l].end_state = end_state;
            segs[l].out_first = out_first;
            segs[l].n_out = n_out;
            out[l] = got[l].data();
        }
        conv::lane_decoder lanes(t, n_steps, isa, isa);
        lanes.decode(conv::lane_group{ segs.data(), count, out.data() });
        conv::segment_decoder scalar(t, n_steps);
        for (size_t l = 0; l < count; ++l) {
            std::vector<uint8_t> want(n_out);
            scalar.decode(segs[l], want.data());
            CPPUNIT_ASSERT_MESSAGE(what + " lane " + std::to_string(l), got[l] == want);
        }
    }

    void best_is_available()
    {
        const auto v = available_simd();
        CPPUNIT_ASSERT(std::find(v.begin(), v.end(), conv::best_simd()) != v.end());
#if defined(__x86_64__)
        CPPUNIT_ASSERT(v.size() >= 2); // SSE2 is part of x86-64
#endif
    }

    void equal_scalar_every_code_and_shape()
    {
        std::mt19937 rng(20);
        for (simd isa : lane_kernels())
            for (int k = 3; k <= 9; ++k)
                for (int n = 2; n <= 4; ++n)
                    for (bool symmetric : { true, false })
                        for (int shape = 0; shape < 3; ++shape) {
                            const conv::trellis t = make(k, n, symmetric, rng);
                            const size_t lanes = conv::lanes_of(isa);
                            const size_t count = 2 + rng() % (lanes - 1);
                            const size_t n_steps = 1 + rng() % 150;
                            const size_t out_first = rng() % n_steps;
                            const size_t n_out = 1 + rng() % (n_steps - out_first);
                            const int end_state = shape == 0 ? -1
                                                  : shape == 1 ? 0
                                                               : static_cast<int>(rng() % t.states());
                            // Amplitudes from tie-heavy to full scale, -128 included.
                            std::vector<int8_t> llr(t.n * 400);
                            const int amp = 1 + static_cast<int>(rng() % 128);
                            for (auto& x : llr)
                                x = static_cast<int8_t>(static_cast<int>(rng() % (2 * amp + 1)) - amp);
                            llr[rng() % llr.size()] = -128;
                            check(t, isa, count, n_steps, end_state, out_first, n_out, llr, rng,
                                  to_string(isa) + " k " + std::to_string(k) + " n " +
                                      std::to_string(n) + (symmetric ? " symmetric" : "") +
                                      " shape " + std::to_string(shape));
                        }
    }

    void equal_scalar_on_ties_and_extremes()
    {
        // All erasures (every comparison ties), +-1 (many ties), and +-127/-128 only.
        std::mt19937 rng(21);
        for (simd isa : lane_kernels())
            for (int k : { 3, 7, 9 })
                for (int kind = 0; kind < 3; ++kind) {
                    const conv::trellis t = make(k, 2, kind != 1, rng);
                    std::vector<int8_t> llr(t.n * 300);
                    for (auto& x : llr)
                        x = kind == 0 ? 0
                            : kind == 1 ? static_cast<int8_t>(rng() & 1u ? 1 : -1)
                                        : static_cast<int8_t>(rng() % 3 == 0 ? 127 : -128);
                    check(t, isa, conv::lanes_of(isa), 200, -1, 0, 200, llr, rng,
                          to_string(isa) + " kind " + std::to_string(kind));
                }
    }

    void equal_scalar_over_long_saturated_runs()
    {
        // +-127 over thousands of steps: metrics grow at the fastest rate, so each lane's
        // renormalisation must keep them exact (rate 1/4, K=9: 508 per step).
        std::mt19937 rng(22);
        for (simd isa : lane_kernels())
            for (int n : { 2, 4 }) {
                const conv::trellis t = make(9, n, true, rng);
                std::vector<int8_t> llr(t.n * 6000);
                for (auto& x : llr)
                    x = static_cast<int8_t>(rng() % 5 ? 127 : -127);
                check(t, isa, conv::lanes_of(isa) - 1, 5000, -1, 100, 4800, llr, rng,
                      to_string(isa) + " n " + std::to_string(n));
            }
    }

    void rejects_mixed_shapes()
    {
        std::mt19937 rng(23);
        const conv::trellis t = make(7, 2, true, rng);
        std::vector<int8_t> llr(2 * 100);
        std::vector<uint8_t> a(50), b(50);
        conv::segment segs[2];
        for (auto& s : segs) {
            s.llr = llr.data();
            s.n_steps = 50;
            s.n_out = 50;
        }
        segs[1].n_steps = 40;
        segs[1].n_out = 40;
        uint8_t* out[2] = { a.data(), b.data() };
        conv::lane_decoder d(t, 100);
        CPPUNIT_ASSERT_THROW(d.decode(conv::lane_group{ segs, 2, out }), std::logic_error);
        segs[1] = segs[0];
        segs[1].n_steps = 101;
        CPPUNIT_ASSERT_THROW(d.decode(conv::lane_group{ segs, 2, out }), std::logic_error);
    }

    void long_segments_go_one_at_a_time()
    {
        // Decisions of K=9 (256 states) in L lanes take 32 L bytes a step: past 64 MiB the
        // decoder takes one segment at a time.
        std::mt19937 rng(24);
        const conv::trellis t = make(9, 2, true, rng);
        const size_t L = conv::lanes_of(conv::best_simd()), steps = 150000;
        CPPUNIT_ASSERT_EQUAL(steps * 32 * L > (size_t(64) << 20) ? size_t(1) : L,
                             conv::lane_decoder(t, steps).lanes());
        CPPUNIT_ASSERT_EQUAL(L, conv::lane_decoder(t, 4096).lanes());
    }

    void scalar_decodes_one_at_a_time()
    {
        // The choice where no lane kernel is built (k = 3 once divided by zero sizing it).
        std::mt19937 rng(25);
        for (int k : { 3, 7, 9 }) {
            const conv::trellis t = make(k, 2, true, rng);
            std::vector<int8_t> llr(2 * 300);
            for (auto& x : llr)
                x = static_cast<int8_t>(static_cast<int>(rng() % 255) - 127);
            CPPUNIT_ASSERT_EQUAL(size_t(1), conv::lane_decoder(t, 100, simd::scalar).lanes());
            check(t, simd::scalar, 1, 100, -1, 10, 80, llr, rng, "scalar k " + std::to_string(k));
        }
    }

    void single_kernel_choice()
    {
        // The widest instruction set up to the one asked for whose lanes S/2 butterflies fill.
        std::mt19937 rng(26);
        const auto has = [](simd s) {
            const auto v = available_simd();
            return std::find(v.begin(), v.end(), s) != v.end();
        };
        const auto single = [&](int k, simd isa) {
            return conv::lane_decoder(make(k, 2, true, rng), 64, isa, isa).single_isa();
        };
        CPPUNIT_ASSERT(single(7, simd::scalar) == simd::scalar);
        const auto v = available_simd();
        CPPUNIT_ASSERT(std::find(v.begin(), v.end(), conv::best_single_simd()) != v.end());
        if (has(simd::sse2)) {
            CPPUNIT_ASSERT(single(4, simd::sse2) == simd::scalar); // 4 butterflies
            CPPUNIT_ASSERT(single(5, simd::sse2) == simd::sse2);
        }
        if (has(simd::avx2)) {
            CPPUNIT_ASSERT(single(5, simd::avx2) == simd::sse2);
            CPPUNIT_ASSERT(single(6, simd::avx2) == simd::avx2);
            CPPUNIT_ASSERT(single(9, simd::avx2) == simd::avx2);
        }
        if (has(simd::avx512)) {
            CPPUNIT_ASSERT(single(6, simd::avx512) == simd::avx2);
            CPPUNIT_ASSERT(single(7, simd::avx512) == simd::avx512);
        }
    }

    /* One segment (the single-segment kernel) against the scalar decoder, for each isa. */
    void single_equals_scalar_every_code_and_shape()
    {
        std::mt19937 rng(27);
        for (simd isa : lane_kernels())
            for (int k = 3; k <= 9; ++k)
                for (int n = 2; n <= 4; ++n)
                    for (bool symmetric : { true, false })
                        for (int shape = 0; shape < 3; ++shape) {
                            const conv::trellis t = make(k, n, symmetric, rng);
                            const size_t n_steps = 1 + rng() % 150;
                            const size_t out_first = rng() % n_steps;
                            const size_t n_out = 1 + rng() % (n_steps - out_first);
                            const int end_state = shape == 0 ? -1
                                                  : shape == 1 ? 0
                                                               : static_cast<int>(rng() % t.states());
                            std::vector<int8_t> llr(t.n * 400);
                            const int amp = 1 + static_cast<int>(rng() % 128);
                            for (auto& x : llr)
                                x = static_cast<int8_t>(static_cast<int>(rng() % (2 * amp + 1)) - amp);
                            llr[rng() % llr.size()] = -128;
                            check(t, isa, 1, n_steps, end_state, out_first, n_out, llr, rng,
                                  "single " + to_string(isa) + " k " + std::to_string(k) +
                                      " n " + std::to_string(n) + (symmetric ? " symmetric" : "") +
                                      " shape " + std::to_string(shape));
                        }
    }

    void single_equals_scalar_on_ties_and_long_runs()
    {
        // All erasures, +-1, +-127/-128 only; and +-127 over thousands of steps (rate 1/4, K=9:
        // the metrics grow fastest, so the renormalisation must keep them exact).
        std::mt19937 rng(28);
        for (simd isa : lane_kernels()) {
            for (int k : { 5, 6, 7, 9 })
                for (int kind = 0; kind < 3; ++kind) {
                    const conv::trellis t = make(k, 2, kind != 1, rng);
                    std::vector<int8_t> llr(t.n * 300);
                    for (auto& x : llr)
                        x = kind == 0 ? 0
                            : kind == 1 ? static_cast<int8_t>(rng() & 1u ? 1 : -1)
                                        : static_cast<int8_t>(rng() % 3 == 0 ? 127 : -128);
                    check(t, isa, 1, 200, -1, 0, 200, llr, rng,
                          "single " + to_string(isa) + " kind " + std::to_string(kind));
                }
            for (int n : { 2, 4 }) {
                const conv::trellis t = make(9, n, true, rng);
                std::vector<int8_t> llr(t.n * 6000);
                for (auto& x : llr)
                    x = static_cast<int8_t>(rng() % 5 ? 127 : -127);
                check(t, isa, 1, 5000, -1, 100, 4800, llr, rng,
                      "single " + to_string(isa) + " n " + std::to_string(n));
            }
        }
    }

    void pool_runs_every_item_once()
    {
        thread_pool pool(3);
        CPPUNIT_ASSERT_EQUAL(size_t(3), pool.workers());
        for (size_t n : { 0, 1, 2, 7, 1000 }) {
            std::vector<std::atomic<int>> seen(n);
            std::vector<std::atomic<int>> by_worker(3);
            pool.run(n, [&](size_t worker, size_t item) {
                CPPUNIT_ASSERT(worker < 3);
                ++seen[item];
                ++by_worker[worker];
            });
            for (auto& s : seen)
                CPPUNIT_ASSERT_EQUAL(1, s.load());
        }
    }

    void pool_rethrows_and_stays_usable()
    {
        thread_pool pool(4);
        CPPUNIT_ASSERT_THROW(pool.run(100,
                                      [](size_t, size_t item) {
                                          if (item == 37)
                                              throw std::runtime_error("item 37");
                                      }),
                             std::runtime_error);
        std::atomic<size_t> sum{ 0 };
        pool.run(100, [&](size_t, size_t item) { sum += item; });
        CPPUNIT_ASSERT_EQUAL(size_t(4950), sum.load());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_lanes_test);

} // namespace gpufec
} // namespace gr
