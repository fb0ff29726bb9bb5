/* lte_turbo_code: the 188 block sizes and their interleavers, and the encoder against a hand
 * worked vector and a plain shift-register model written from TS 36.212 §5.1.3.2.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_lte_turbo_util.h"
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>

namespace gr {
namespace gpufec {

namespace {

/* One constituent encoder as the standard draws it: a delay line a(k-1), a(k-2), a(k-3) with
 * the generators read off their octal form (bit 3 = D^0 ... bit 0 = D^3). */
struct shift_register_rsc {
    static constexpr unsigned g0 = 013; // feedback
    static constexpr unsigned g1 = 015; // feedforward
    uint8_t a[4] = { 0, 0, 0, 0 };      // a[j] = a(k - j); a[0] is the bit being formed

    static unsigned tap(unsigned g, int j) { return (g >> (3 - j)) & 1u; }

    unsigned feedback() const
    {
        unsigned f = 0;
        for (int j = 1; j <= 3; ++j)
            f ^= tap(g0, j) & a[j];
        return f;
    }
    /* Clocks in @p c; returns the parity bit. */
    unsigned clock(unsigned c)
    {
        a[0] = static_cast<uint8_t>(c ^ feedback());
        unsigned z = 0;
        for (int j = 0; j <= 3; ++j)
            z ^= tap(g1, j) & a[j];
        a[3] = a[2];
        a[2] = a[1];
        a[1] = a[0];
        return z;
    }
    bool zero() const { return !a[1] && !a[2] && !a[3]; }
};

/* The encoder written directly from §5.1.3.2: interleaver by the 64-bit formula, tails by
 * closing the switch to the feedback, the 12 tail bits placed by the standard's table. */
std::vector<uint8_t> reference_encode(const std::vector<uint8_t>& c, unsigned f1, unsigned f2)
{
    const size_t K = c.size();
    std::vector<uint8_t> x(K + 3), z(K + 3), xp(K + 3), zp(K + 3);
    shift_register_rsc e1, e2;
    for (size_t k = 0; k < K; ++k) {
        const uint64_t pi = (uint64_t(f1) * k + uint64_t(f2) * k * k) % K;
        x[k] = c[k];
        z[k] = static_cast<uint8_t>(e1.clock(c[k]));
        xp[k] = c[pi];
        zp[k] = static_cast<uint8_t>(e2.clock(c[pi]));
    }
    for (size_t k = K; k < K + 3; ++k) {
        x[k] = static_cast<uint8_t>(e1.feedback());
        z[k] = static_cast<uint8_t>(e1.clock(x[k]));
        xp[k] = static_cast<uint8_t>(e2.feedback());
        zp[k] = static_cast<uint8_t>(e2.clock(xp[k]));
    }
    CPPUNIT_ASSERT(e1.zero() && e2.zero());
    const size_t D = K + 4;
    std::vector<uint8_t> d(3 * D);
    for (size_t k = 0; k < K; ++k) {
        d[k] = x[k];
        d[D + k] = z[k];
        d[2 * D + k] = zp[k];
    }
    // TS 36.212 §5.1.3.2.2, written out position by position.
    d[K] = x[K];                 // d0(K)   = x_K
    d[K + 1] = z[K + 1];         // d0(K+1) = z_K+1
    d[K + 2] = xp[K];            // d0(K+2) = x'_K
    d[K + 3] = zp[K + 1];        // d0(K+3) = z'_K+1
    d[D + K] = z[K];             // d1(K)   = z_K
    d[D + K + 1] = x[K + 2];     // d1(K+1) = x_K+2
    d[D + K + 2] = zp[K];        // d1(K+2) = z'_K
    d[D + K + 3] = xp[K + 2];    // d1(K+3) = x'_K+2
    d[2 * D + K] = x[K + 1];     // d2(K)   = x_K+1
    d[2 * D + K + 1] = z[K + 2]; // d2(K+1) = z_K+2
    d[2 * D + K + 2] = xp[K + 1];// d2(K+2) = x'_K+1
    d[2 * D + K + 3] = zp[K + 2];// d2(K+3) = z'_K+2
    return d;
}

} // namespace

class lte_turbo_code_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(lte_turbo_code_test);
    CPPUNIT_TEST(block_sizes_follow_the_standard);
    CPPUNIT_TEST(every_interleaver_is_a_permutation);
    CPPUNIT_TEST(table_spot_checks);
    CPPUNIT_TEST(pi_6144_two_ways);
    CPPUNIT_TEST(bad_block_sizes);
    CPPUNIT_TEST(sizes_and_name);
    CPPUNIT_TEST(impulse_worked_by_hand);
    CPPUNIT_TEST(encoder_matches_shift_register_model);
    CPPUNIT_TEST(encode_function_lengths);
    CPPUNIT_TEST_SUITE_END();

    void block_sizes_follow_the_standard()
    {
        std::vector<size_t> expected;
        for (size_t K = 40; K <= 512; K += 8)
            expected.push_back(K);
        for (size_t K = 528; K <= 1024; K += 16)
            expected.push_back(K);
        for (size_t K = 1056; K <= 2048; K += 32)
            expected.push_back(K);
        for (size_t K = 2112; K <= 6144; K += 64)
            expected.push_back(K);
        CPPUNIT_ASSERT_EQUAL(size_t(188), expected.size());
        CPPUNIT_ASSERT(lte_turbo_code::block_sizes() == expected);
        for (long long K = -8; K <= 6200; ++K) {
            const bool listed = std::binary_search(expected.begin(), expected.end(), size_t(K));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(std::to_string(K), K >= 0 && listed,
                                         lte_turbo_code::is_block_size(K));
        }
    }

    void every_interleaver_is_a_permutation()
    {
        for (size_t K : lte_turbo_code::block_sizes()) {
            const auto c = lte_turbo_code::make(K);
            const auto& pi = c->interleaver();
            CPPUNIT_ASSERT_EQUAL(K, pi.size());
            std::vector<uint8_t> seen(K, 0);
            for (size_t i = 0; i < K; ++i) {
                CPPUNIT_ASSERT_MESSAGE("K=" + std::to_string(K), pi[i] < K && !seen[pi[i]]);
                seen[pi[i]] = 1;
                // The table must also be the formula (64-bit products).
                const uint64_t direct = (uint64_t(c->f1()) * i + uint64_t(c->f2()) * i * i) % K;
                CPPUNIT_ASSERT_EQUAL(direct, uint64_t(pi[i]));
            }
        }
    }

    void table_spot_checks()
    {
        // (K, f1, f2) rows of TS 36.212 Table 5.1.3-3.
        const unsigned rows[][3] = { { 40, 3, 10 },     { 48, 7, 12 },     { 120, 103, 90 },
                                     { 512, 31, 64 },   { 528, 17, 66 },   { 1024, 31, 64 },
                                     { 1504, 49, 846 }, { 2048, 31, 64 },  { 3200, 111, 240 },
                                     { 5248, 113, 902 }, { 6080, 47, 190 }, { 6144, 263, 480 } };
        for (const auto& r : rows) {
            const auto c = lte_turbo_code::make(r[0]);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(std::to_string(r[0]), r[1], c->f1());
            CPPUNIT_ASSERT_EQUAL_MESSAGE(std::to_string(r[0]), r[2], c->f2());
        }
        // K = 40 by hand: Pi(1) = 3 + 10 = 13, Pi(2) = 6 + 40 = 46 = 6 (mod 40),
        // Pi(39) = 117 + 15210 = 15327 = 7 (mod 40).
        const auto c40 = lte_turbo_code::make(40);
        CPPUNIT_ASSERT_EQUAL(0u, c40->interleaver()[0]);
        CPPUNIT_ASSERT_EQUAL(13u, c40->interleaver()[1]);
        CPPUNIT_ASSERT_EQUAL(6u, c40->interleaver()[2]);
        CPPUNIT_ASSERT_EQUAL(7u, c40->interleaver()[39]);
    }

    void pi_6144_two_ways()
    {
        const auto c = lte_turbo_code::make(6144);
        const uint64_t K = 6144, f1 = 263, f2 = 480;
        for (uint64_t i = 0; i < K; ++i) {
            const uint64_t a = (f1 * i + f2 * i * i) % K;                 // 64-bit products
            const uint64_t b = (((f1 + (f2 * i) % K) % K) * i) % K;       // Horner form
            CPPUNIT_ASSERT_EQUAL(a, b);
            CPPUNIT_ASSERT_EQUAL(a, uint64_t(c->interleaver()[i]));
        }
        // By hand: Pi(1) = 743; Pi(6143) = Pi(-1) = 480 - 263 = 217.
        CPPUNIT_ASSERT_EQUAL(743u, c->interleaver()[1]);
        CPPUNIT_ASSERT_EQUAL(217u, c->interleaver()[6143]);
    }

    void bad_block_sizes()
    {
        const std::string allowed = "40..512 in steps of 8, 528..1024 in steps of 16, "
                                    "1056..2048 in steps of 32, 2112..6144 in steps of 64";
        for (long long K : { 41LL, 0LL, -40LL, 32LL, 520LL, 1040LL, 2080LL, 6208LL, 1LL << 40 }) {
            qa::expect_invalid([&] { lte_turbo_code::make(K); },
                               "K = " + std::to_string(K) + " is not an LTE code block size");
            qa::expect_invalid([&] { lte_turbo_code::make(K); }, allowed);
        }
    }

    void sizes_and_name()
    {
        const auto c = lte_turbo_code::make(6144);
        CPPUNIT_ASSERT_EQUAL(std::string("lte_turbo"), c->family());
        CPPUNIT_ASSERT_EQUAL(size_t(6144), c->info_bits_per_block());
        CPPUNIT_ASSERT_EQUAL(size_t(3 * 6148), c->coded_bits_per_block());
        CPPUNIT_ASSERT_EQUAL(size_t(6148), c->stream_bits());
        CPPUNIT_ASSERT_EQUAL(std::string("LTE turbo K=6144"), c->name());
        CPPUNIT_ASSERT_EQUAL(size_t(0), c->history_bits());
    }

    void impulse_worked_by_hand()
    {
        // K = 40, c = 1 0 0 ... 0. Worked on paper: registers (r1 r2 r3) go 100, 010, 101, 110,
        // 111, 011, 001, 100, ... (period 7, g0 is primitive), so the parity is 1 followed by
        // 1 1 1 0 0 1 0 repeated. Pi(0) = 0 and no other i maps to 0, so the interleaved input
        // is the same impulse. After bit 39 the register is 111 (39 = 4 mod 7); terminating:
        // 111 -> x 0 z 0 -> 011 -> x 0 z 1 -> 001 -> x 1 z 1 -> 000.
        const size_t K = 40, D = K + 4;
        std::vector<uint8_t> c(K, 0);
        c[0] = 1;
        const auto d = lte_turbo_encode(*lte_turbo_code::make(K), c);
        CPPUNIT_ASSERT_EQUAL(3 * D, d.size());
        const uint8_t cycle[7] = { 1, 1, 1, 0, 0, 1, 0 };
        for (size_t k = 0; k < K; ++k) {
            const uint8_t z = k == 0 ? 1 : cycle[(k - 1) % 7];
            CPPUNIT_ASSERT_EQUAL_MESSAGE("x " + std::to_string(k), c[k], d[k]);
            CPPUNIT_ASSERT_EQUAL_MESSAGE("z " + std::to_string(k), z, d[D + k]);
            CPPUNIT_ASSERT_EQUAL_MESSAGE("z' " + std::to_string(k), z, d[2 * D + k]);
        }
        // Tail x_K z_K x_K+1 z_K+1 x_K+2 z_K+2 = 0 0 0 1 1 1, the same for the second encoder,
        // dealt to d0, d1, d2: each stream ends 0 1 0 1.
        const uint8_t tail[4] = { 0, 1, 0, 1 };
        for (size_t s = 0; s < 3; ++s)
            for (size_t t = 0; t < 4; ++t)
                CPPUNIT_ASSERT_EQUAL(tail[t], d[s * D + K + t]);
    }

    void encoder_matches_shift_register_model()
    {
        std::mt19937 rng(11);
        std::vector<size_t> sizes = { 40, 48, 104, 512, 528, 1008, 1056, 2048, 2112, 6144 };
        for (int i = 0; i < 10; ++i)
            sizes.push_back(lte_turbo_code::block_sizes()[rng() % 188]);
        for (size_t K : sizes) {
            const auto code = lte_turbo_code::make(K);
            for (int rep = 0; rep < 3; ++rep) {
                auto c = qa::random_bits(K, rng);
                if (rep == 0)
                    std::fill(c.begin(), c.end(), 0); // the all-zero codeword
                const auto ref = reference_encode(c, code->f1(), code->f2());
                const auto d = lte_turbo_encode(*code, c);
                CPPUNIT_ASSERT_MESSAGE(code->name(), d == ref);
                if (rep == 0)
                    CPPUNIT_ASSERT(std::all_of(d.begin(), d.end(), [](uint8_t b) { return b == 0; }));
            }
        }
    }

    void encode_function_lengths()
    {
        const auto code = lte_turbo_code::make(48);
        std::mt19937 rng(3);
        const auto bits = qa::random_bits(3 * 48, rng);
        const auto all = lte_turbo_encode(*code, bits);
        CPPUNIT_ASSERT_EQUAL(size_t(3 * 156), all.size());
        for (size_t b = 0; b < 3; ++b) {
            const std::vector<uint8_t> one(bits.begin() + b * 48, bits.begin() + (b + 1) * 48);
            const auto d = lte_turbo_encode(*code, one);
            CPPUNIT_ASSERT(std::equal(d.begin(), d.end(), all.begin() + b * 156));
        }
        // Nonzero bytes count as ones.
        std::vector<uint8_t> bytes(bits);
        for (auto& v : bytes)
            v = v ? 0xff : 0;
        CPPUNIT_ASSERT(lte_turbo_encode(*code, bytes) == all);
        for (size_t n : { size_t(0), size_t(47), size_t(49), size_t(96 + 1) })
            qa::expect_invalid([&] { lte_turbo_encode(*code, std::vector<uint8_t>(n)); },
                               "got " + std::to_string(n) + " bits: allowed is a positive multiple of K = 48");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(lte_turbo_code_test);

} // namespace gpufec
} // namespace gr
