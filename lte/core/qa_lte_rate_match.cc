/* Rate matching (TS 36.212 §5.1.4.1) against a literal model of the standard's matrices, and
 * de-matching back to the sent positions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_lte_turbo_util.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>

namespace gr {
namespace gpufec {

namespace {

/* §5.1.4.1 step by step: pad <NULL> (-1) in front, write the R x 32 matrix row by row,
 * permute its columns and read them out (d(0), d(1)); d(2) by the standard's index formula;
 * interlace into w; select E bits from k0. Returns d indices. */
std::vector<long> model_indices(size_t K, size_t E, int rv, size_t ncb, size_t F)
{
    const int P[32] = { 0, 16, 8, 24, 4, 20, 12, 28, 2, 18, 10, 26, 6, 22, 14, 30,
                        1, 17, 9, 25, 5, 21, 13, 29, 3, 19, 11, 27, 7, 23, 15, 31 };
    const size_t D = K + 4, R = (D + 31) / 32, K_pi = 32 * R, N_D = K_pi - D;
    std::vector<long> y[3];
    for (size_t i = 0; i < 3; ++i) {
        y[i].assign(K_pi, -1);
        for (size_t k = 0; k < D; ++k)
            y[i][N_D + k] = (i < 2 && k < F) ? -1 : long(i * D + k);
    }
    std::vector<long> v[3];
    for (size_t i = 0; i < 2; ++i) {
        std::vector<std::vector<long>> matrix(R, std::vector<long>(32));
        for (size_t r = 0; r < R; ++r)
            for (size_t c = 0; c < 32; ++c)
                matrix[r][c] = y[i][r * 32 + c];
        for (size_t c = 0; c < 32; ++c) // column c of the permuted matrix is column P[c]
            for (size_t r = 0; r < R; ++r)
                v[i].push_back(matrix[r][P[c]]);
    }
    for (size_t k = 0; k < K_pi; ++k)
        v[2].push_back(y[2][(P[k / R] + 32 * (k % R) + 1) % K_pi]);
    std::vector<long> w(3 * K_pi);
    for (size_t k = 0; k < K_pi; ++k) {
        w[k] = v[0][k];
        w[K_pi + 2 * k] = v[1][k];
        w[K_pi + 2 * k + 1] = v[2][k];
    }
    const size_t N_cb = ncb ? ncb : w.size();
    const size_t k0 = R * (2 * size_t(std::ceil(double(N_cb) / double(8 * R))) * rv + 2);
    std::vector<long> e;
    for (size_t j = 0; e.size() < E; ++j)
        if (w[(k0 + j) % N_cb] != -1)
            e.push_back(w[(k0 + j) % N_cb]);
    return e;
}

size_t buffer_size(size_t K) { return 3 * 32 * ((K + 4 + 31) / 32); }

} // namespace

class lte_rate_match_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(lte_rate_match_test);
    CPPUNIT_TEST(worked_example_k40);
    CPPUNIT_TEST(rv0_sends_systematic_bits_first);
    CPPUNIT_TEST(matches_model);
    CPPUNIT_TEST(dematch_puts_values_back);
    CPPUNIT_TEST(filler_bits);
    CPPUNIT_TEST(bad_input);
    CPPUNIT_TEST_SUITE_END();

    void worked_example_k40()
    {
        // K = 40: D = 44, R = 2, K_Pi = 64, 20 dummy bits; k0(rv 0) = 2 R = 4 is row 0 of
        // column P(2) = 8 (y8, a dummy), then y40 = d0(20), column 24: y24 = d0(4),
        // y56 = d0(36), column 4: y4 (dummy), y36 = d0(16).
        const auto code = lte_turbo_code::make(40);
        const auto idx = lte_rate_match_indices(*code, 4, 0);
        CPPUNIT_ASSERT((idx == std::vector<uint32_t>{ 20, 4, 36, 16 }));
        // rv 2: k0 = R (2 ceil(192 / 16) 2 + 2) = 100 = K_Pi + 36: w(100) = v1(18), column
        // P(9) = 18, row 0: y18, a dummy; w(101) = v2(18) = y(18 + 1) = y19, a dummy;
        // w(102) = v1(19) = y50 = d1(30); w(103) = v2(19) = y51 = d2(31).
        const auto idx2 = lte_rate_match_indices(*code, 2, 2);
        CPPUNIT_ASSERT((idx2 == std::vector<uint32_t>{ 44 + 30, 88 + 31 }));
    }

    void rv0_sends_systematic_bits_first()
    {
        for (size_t K : { 40, 1008, 6144 }) {
            const auto code = lte_turbo_code::make(K);
            const size_t D = K + 4, E = 3 * D;
            const auto idx = lte_rate_match_indices(*code, E, 0);
            // All systematic bits but those of columns P(0) = 0 and P(1) = 16 come first.
            size_t systematic = 0;
            while (systematic < E && idx[systematic] < D)
                ++systematic;
            const size_t R = (D + 31) / 32, N_D = 32 * R - D;
            const size_t skipped = 2 * R - (N_D > 0) - (N_D > 16);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(code->name(), D - skipped, systematic);
            // With E = 3 (K + 4) and no filler every bit is sent exactly once.
            std::vector<int> count(E, 0);
            for (auto i : idx)
                ++count[i];
            CPPUNIT_ASSERT(std::all_of(count.begin(), count.end(), [](int c) { return c == 1; }));
        }
    }

    void matches_model()
    {
        std::mt19937 rng(7);
        for (size_t K : { 40, 48, 128, 1008, 2048, 6144 }) {
            const auto code = lte_turbo_code::make(K);
            const size_t Kw = buffer_size(K);
            const auto d = qa::random_bits(3 * (K + 4), rng);
            for (int rv = 0; rv < 4; ++rv)
                for (size_t E : { size_t(1), size_t(K / 2), size_t(3 * (K + 4)), Kw, size_t(2.5 * Kw) })
                    for (size_t ncb : { size_t(0), Kw, Kw / 2 + 3, Kw * 2 / 3 })
                        for (size_t F : { size_t(0), size_t(1), size_t(23) }) {
                            const auto model = model_indices(K, E, rv, ncb, F);
                            const auto idx = lte_rate_match_indices(*code, E, rv, ncb, F);
                            const std::string m = code->name() + " E=" + std::to_string(E) +
                                                  " rv=" + std::to_string(rv) +
                                                  " ncb=" + std::to_string(ncb) +
                                                  " F=" + std::to_string(F);
                            CPPUNIT_ASSERT_MESSAGE(m, std::equal(idx.begin(), idx.end(), model.begin()));
                            const auto e = lte_rate_match(*code, d, E, rv, ncb, F);
                            for (size_t k = 0; k < E; ++k)
                                CPPUNIT_ASSERT_EQUAL_MESSAGE(m, d[model[k]], e[k]);
                        }
        }
    }

    void dematch_puts_values_back()
    {
        for (size_t K : { 40, 512, 6144 }) {
            const auto code = lte_turbo_code::make(K);
            const size_t Kw = buffer_size(K), N = 3 * (K + 4);
            for (int rv = 0; rv < 4; ++rv)
                for (size_t E : { size_t(K / 3), N, size_t(2.5 * Kw) })
                    for (size_t ncb : { size_t(0), Kw / 2 + 5 }) {
                        // The value sent for position p is p + 1: dematch must put it back at p,
                        // summed as often as p was sent, and 0 where nothing was sent.
                        const auto model = model_indices(K, E, rv, ncb, 0);
                        std::vector<float> e(E);
                        std::vector<float> expected(N, 0.0f);
                        for (size_t k = 0; k < E; ++k) {
                            e[k] = float(model[k] + 1);
                            expected[model[k]] += e[k];
                        }
                        const auto d = lte_rate_dematch(*code, e, rv, ncb);
                        CPPUNIT_ASSERT_EQUAL(N, d.size());
                        CPPUNIT_ASSERT_MESSAGE(code->name(), d == expected);
                        if (E == N && ncb == 0)
                            for (size_t p = 0; p < N; ++p)
                                CPPUNIT_ASSERT_EQUAL(float(p + 1), d[p]);
                        if (E > Kw && ncb == 0) // repetition: every position at least twice
                            for (size_t p = 0; p < N; ++p)
                                CPPUNIT_ASSERT(d[p] >= 2.0f * float(p + 1));
                    }
        }
    }

    void filler_bits()
    {
        const size_t K = 512, F = 37, D = K + 4;
        const auto code = lte_turbo_code::make(K);
        const auto idx = lte_rate_match_indices(*code, 5 * buffer_size(K), 1, 0, F);
        for (auto i : idx) // never a filler position of d(0) or d(1)
            CPPUNIT_ASSERT(!(i < F) && !(i >= D && i < D + F));
        // d(2) carries parity of interleaved bits: its first F positions are sent.
        CPPUNIT_ASSERT(std::find(idx.begin(), idx.end(), uint32_t(2 * D)) != idx.end());
        std::vector<float> e(3 * D - 2 * F, 1.0f);
        const auto d = lte_rate_dematch(*code, e, 0, 0, F);
        for (size_t k = 0; k < D; ++k) {
            CPPUNIT_ASSERT_EQUAL(k < F ? lte_filler_llr : 1.0f, d[k]);
            CPPUNIT_ASSERT_EQUAL(k < F ? lte_filler_llr : 1.0f, d[D + k]);
            CPPUNIT_ASSERT_EQUAL(1.0f, d[2 * D + k]);
        }
        const auto d2 = lte_rate_dematch(*code, e, 0, 0, F, -7.0f);
        CPPUNIT_ASSERT_EQUAL(-7.0f, d2[0]);
    }

    void bad_input()
    {
        const auto code = lte_turbo_code::make(40);
        const std::vector<uint8_t> d(132);
        qa::expect_invalid([&] { lte_rate_match(*code, d, 0, 0); }, "E = 0");
        qa::expect_invalid([&] { lte_rate_dematch(*code, {}, 0); }, "E = 0");
        // Regression (fuzz/lte_rate_match): an absurd E asked for its table at once.
        for (size_t E : { lte_rate_match_max_bits + 1, ~size_t(0) })
            qa::expect_invalid([&] { lte_rate_match_indices(*code, E, 0); },
                               "E = " + std::to_string(E) +
                                   " output bits is out of range: allowed is 1 to 16777216");
        CPPUNIT_ASSERT_EQUAL(lte_rate_match_max_bits,
                             lte_rate_match_indices(*code, lte_rate_match_max_bits, 0).size());
        for (int rv : { -1, 4 })
            qa::expect_invalid([&] { lte_rate_match(*code, d, 10, rv); },
                               "rv = " + std::to_string(rv) + " is not a redundancy version: allowed are 0, 1, 2, 3");
        qa::expect_invalid([&] { lte_rate_match(*code, std::vector<uint8_t>(131), 10, 0); },
                           "got 131 bits: a block of LTE turbo K=40 has 3 (K + 4) = 132");
        qa::expect_invalid([&] { lte_rate_match(*code, d, 10, 0, 193); },
                           "ncb = 193 exceeds the circular buffer: allowed are 0 (the whole buffer) and 1 to K_w = 192");
        qa::expect_invalid([&] { lte_rate_match(*code, d, 10, 0, 1); }, "holds only <NULL> bits");
        qa::expect_invalid([&] { lte_rate_match(*code, d, 10, 0, 0, 40); },
                           "filler = 40 bits: a block of K = 40 allows 0 to 39");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(lte_rate_match_test);

} // namespace gpufec
} // namespace gr
