/* tvb_code: limits, the three constructions as docs/bsid.md defines them, custom codebooks,
 * injectivity, packing, the encoders and the symbol/bit conversions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/qa_expect.h"
#include <gnuradio/gpufec/core/philox.h>
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <set>

namespace gr {
namespace gpufec {

namespace {

unsigned weight(uint32_t x)
{
    unsigned c = 0;
    for (; x; x &= x - 1)
        ++c;
    return c;
}

void check_injective(const tvb_code& c)
{
    for (size_t i = 0; i < c.N(); ++i) {
        std::set<uint32_t> s;
        for (size_t d = 0; d < c.q(); ++d) {
            const uint32_t x = c.codeword(i, d);
            CPPUNIT_ASSERT(c.n() == 32 || x < (1ull << c.n()));
            s.insert(x);
        }
        CPPUNIT_ASSERT_EQUAL(c.q(), s.size());
    }
}

} // namespace

class tvb_code_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(tvb_code_test);
    CPPUNIT_TEST(limits);
    CPPUNIT_TEST(random_construction);
    CPPUNIT_TEST(watermark_construction);
    CPPUNIT_TEST(marker_construction);
    CPPUNIT_TEST(custom_codebooks);
    CPPUNIT_TEST(encoders);
    CPPUNIT_TEST(symbol_bits);
    CPPUNIT_TEST_SUITE_END();

public:
    void limits()
    {
        using qa::expect_invalid;
        expect_invalid([] { tvb_code(0, 2, 1); }, "n = 0");
        expect_invalid([] { tvb_code(33, 2, 1); }, "n = 33");
        expect_invalid([] { tvb_code(4, 3, 1); }, "q = 3");
        expect_invalid([] { tvb_code(4, 1, 1); }, "q = 1");
        expect_invalid([] { tvb_code(20, 131072, 1); }, "q = 131072");
        expect_invalid([] { tvb_code(3, 16, 1); }, "exceeds 2^n");
        expect_invalid([] { tvb_code(4, 4, 0); }, "N = 0");
        expect_invalid([] { tvb_code(8, 2, size_t(1) << 28); }, "below 2^31");
        expect_invalid([] { tvb_code(16, 65536, 257); }, "at most 2^28");
        expect_invalid([] { tvb_code(4, 4, 2, {}, "fancy"); }, "'random', 'watermark' or 'marker'");
        tvb_code ok(32, 65536, 1);
        CPPUNIT_ASSERT_EQUAL(size_t(32), ok.tau());
        tvb_code edge(1, 2, 3, {}, "random", 9); // n = 1: both words
        check_injective(edge);
        tvb_code big(16, 65536, 8, {}, "watermark"); // 2^23 bits of codebooks
        CPPUNIT_ASSERT_EQUAL(size_t(128), big.tau());
    }

    void random_construction()
    {
        for (size_t n : { 4, 5, 10, 16, 32 })
            for (size_t q : { 2, 4, 16 }) {
                if (n < 32 && q > (size_t(1) << n))
                    continue;
                const tvb_code a(n, q, 20, {}, "random", 7);
                check_injective(a);
                const tvb_code b(n, q, 20, {}, "random", 7);
                CPPUNIT_ASSERT(a.packed() == b.packed());
                const tvb_code c(n, q, 20, {}, "random", 8);
                CPPUNIT_ASSERT(a.packed() != c.packed());
                CPPUNIT_ASSERT_EQUAL(std::string("random"), a.construction());
            }
        // Dense: every position a permutation of all 16 words.
        const tvb_code d(4, 16, 5, {}, "random", 3);
        check_injective(d);
        // Positions differ (time-varying).
        const tvb_code e(10, 32, 2, {}, "random", 1);
        bool differ = false;
        for (size_t x = 0; x < 32; ++x)
            differ = differ || e.codeword(0, x) != e.codeword(1, x);
        CPPUNIT_ASSERT(differ);
        // Symbol 0 of position 0: the first construction word masked to n bits (docs/bsid.md).
        const philox4x32_ctr w = philox_block(7, 0x54564243u, 0);
        CPPUNIT_ASSERT_EQUAL(w.v[0] & 0x3ffu, tvb_code(10, 32, 1, {}, "random", 7).codeword(0, 0));
    }

    /* The construction generated here from docs/bsid.md: the q sparsest n-bit words (sorted
     * by weight, then value), XORed at position i with word i of the construction stream
     * masked to n bits. Returns how many distinct watermarks the positions have. */
    static size_t check_watermark(size_t n, size_t q, size_t N, uint64_t seed)
    {
        const tvb_code c(n, q, N, {}, "watermark", seed);
        check_injective(c);
        std::vector<uint32_t> sparse(size_t(1) << n);
        for (uint32_t x = 0; x < sparse.size(); ++x)
            sparse[x] = x;
        std::stable_sort(sparse.begin(), sparse.end(),
                         [](uint32_t a, uint32_t b) { return weight(a) < weight(b); });
        std::set<uint32_t> watermarks;
        for (size_t i = 0; i < N; ++i) {
            const uint32_t wm =
                philox_block(seed, 0x54564243u, i / 4).v[i % 4] & ((uint32_t(1) << n) - 1);
            watermarks.insert(wm);
            for (size_t d = 0; d < q; ++d)
                CPPUNIT_ASSERT_EQUAL_MESSAGE("position " + std::to_string(i) + " symbol " +
                                                 std::to_string(d),
                                             sparse[d] ^ wm, c.codeword(i, d));
        }
        return watermarks.size();
    }

    void watermark_construction()
    {
        check_watermark(6, 16, 30, 5);
        // Independent 20-bit draws at 50 positions: distinct (a repeat has odds of about 1 in 850).
        CPPUNIT_ASSERT_EQUAL(size_t(50), check_watermark(20, 32, 50, 9));
        const tvb_code c(6, 16, 30, {}, "watermark", 5);
        for (size_t i = 0; i < c.N(); ++i) {
            const uint32_t wm = c.codeword(i, 0); // the sparsest word is 0
            // The sparse words: 0, the 6 of weight 1 in increasing order, then weight 2.
            CPPUNIT_ASSERT_EQUAL(1u, c.codeword(i, 1) ^ wm);
            CPPUNIT_ASSERT_EQUAL(32u, c.codeword(i, 6) ^ wm);
            CPPUNIT_ASSERT_EQUAL(3u, c.codeword(i, 7) ^ wm);
            CPPUNIT_ASSERT_EQUAL(5u, c.codeword(i, 8) ^ wm);
            CPPUNIT_ASSERT_EQUAL(6u, c.codeword(i, 9) ^ wm);
        }
        CPPUNIT_ASSERT_EQUAL(std::string("TVB n=6 q=16 N=30 watermark"), c.name());
        const tvb_code full(3, 8, 2, {}, "watermark", 1); // q = 2^n
        check_injective(full);
    }

    void marker_construction()
    {
        const tvb_code c(6, 4, 3, {}, "marker", 99);
        for (size_t i = 0; i < 3; ++i) {
            CPPUNIT_ASSERT_EQUAL(0x05u, c.codeword(i, 0)); // 00 0101
            CPPUNIT_ASSERT_EQUAL(0x25u, c.codeword(i, 2)); // 10 0101
            CPPUNIT_ASSERT_EQUAL(0x35u, c.codeword(i, 3)); // 11 0101
        }
        const std::vector<uint8_t>& cb = c.codebooks();
        const uint8_t sym2[6] = { 1, 0, 0, 1, 0, 1 };
        for (size_t k = 0; k < 6; ++k)
            CPPUNIT_ASSERT_EQUAL(sym2[k], cb[(1 * 4 + 2) * 6 + k]);
        const tvb_code no_marker(3, 8, 1, {}, "marker");
        for (uint32_t d = 0; d < 8; ++d)
            CPPUNIT_ASSERT_EQUAL(d, no_marker.codeword(0, d));
    }

    void custom_codebooks()
    {
        // n = 2, q = 2, N = 2: position 0 {01, 10}, position 1 {11, 00}.
        const std::vector<uint8_t> cb = { 0, 1, 1, 0, 1, 1, 0, 0 };
        const tvb_code c(2, 2, 2, cb, "ignored");
        CPPUNIT_ASSERT_EQUAL(std::string("custom"), c.construction());
        CPPUNIT_ASSERT_EQUAL(1u, c.codeword(0, 0));
        CPPUNIT_ASSERT_EQUAL(2u, c.codeword(0, 1));
        CPPUNIT_ASSERT_EQUAL(3u, c.codeword(1, 0));
        CPPUNIT_ASSERT_EQUAL(0u, c.codeword(1, 1));
        CPPUNIT_ASSERT(c.codebooks() == cb);
        // A code rebuilt from another's codebooks is the same code.
        const tvb_code r(10, 32, 7, {}, "random", 3);
        const tvb_code copy(10, 32, 7, r.codebooks());
        CPPUNIT_ASSERT(copy.packed() == r.packed());
        using qa::expect_invalid;
        expect_invalid([] { tvb_code(2, 2, 2, { 0, 1, 1 }); }, "8 are needed");
        expect_invalid([] { tvb_code(2, 2, 2, { 0, 1, 1, 0, 1, 1, 0, 2 }); }, "codebooks[7] = 2");
        expect_invalid([] { tvb_code(2, 2, 2, { 0, 1, 1, 0, 1, 1, 1, 1 }); },
                       "position 1 is not injective: symbols 0 and 1");
    }

    void encoders()
    {
        const tvb_code c(10, 16, 5, {}, "random", 2);
        CPPUNIT_ASSERT_EQUAL(size_t(20), c.info_bits_per_block());
        CPPUNIT_ASSERT_EQUAL(size_t(50), c.coded_bits_per_block());
        CPPUNIT_ASSERT_EQUAL(4u, c.bits_per_symbol());
        CPPUNIT_ASSERT_EQUAL(std::string("tvb"), c.family());
        const uint32_t sym[10] = { 0, 15, 3, 9, 4, 1, 2, 8, 7, 6 };
        std::vector<uint8_t> a(100), b(100);
        c.encode_symbols(sym, a.data(), 2);
        for (size_t s = 0; s < 10; ++s) {
            const uint32_t x = c.codeword(s % 5, sym[s]);
            for (size_t k = 0; k < 10; ++k)
                CPPUNIT_ASSERT_EQUAL(static_cast<uint8_t>((x >> (9 - k)) & 1u), a[s * 10 + k]);
        }
        const std::vector<uint8_t> info = tvb_bits_from_symbols(c, sym, 10);
        c.encode(info.data(), b.data(), 2);
        CPPUNIT_ASSERT(a == b);
        const uint32_t bad[5] = { 0, 1, 16, 0, 0 };
        qa::expect_invalid([&] { c.encode_symbols(bad, a.data(), 1); },
                           "symbol 16 at frame 0, position 2");
    }

    void symbol_bits()
    {
        const tvb_code c(8, 8, 4);
        const uint8_t bits[6] = { 1, 0, 1, 0, 1, 1 };
        const std::vector<uint32_t> s = tvb_symbols_from_bits(c, bits, 6);
        CPPUNIT_ASSERT_EQUAL(size_t(2), s.size());
        CPPUNIT_ASSERT_EQUAL(5u, s[0]);
        CPPUNIT_ASSERT_EQUAL(3u, s[1]);
        const std::vector<uint8_t> back = tvb_bits_from_symbols(c, s.data(), 2);
        CPPUNIT_ASSERT(std::vector<uint8_t>(bits, bits + 6) == back);
        qa::expect_invalid([&] { tvb_symbols_from_bits(c, bits, 5); }, "n_bits = 5");
        const uint32_t bad = 8;
        qa::expect_invalid([&] { tvb_bits_from_symbols(c, &bad, 1); }, "symbol 8 at index 0");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(tvb_code_test);

} // namespace gpufec
} // namespace gr
