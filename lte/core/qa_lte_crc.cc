/* CRC attachment and check (TS 36.212 §5.1.1).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_lte_turbo_util.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>

namespace gr {
namespace gpufec {

namespace {

/* The parity bits by long division over GF(2), with g(D) spelt as the list of exponents the
 * standard prints: (a(D) D^L) mod g(D), the coefficient of D^(L-1) first. */
std::vector<uint8_t> divide(const std::vector<uint8_t>& a, const std::vector<int>& exponents)
{
    const int L = exponents.front();
    std::vector<uint8_t> g(L + 1, 0); // g[j] = coefficient of D^(L-j)
    for (int e : exponents)
        g[L - e] = 1;
    std::vector<uint8_t> r(a);
    r.resize(a.size() + L, 0);
    for (size_t i = 0; i < a.size(); ++i)
        if (r[i])
            for (int j = 0; j <= L; ++j)
                r[i + j] ^= g[j];
    return std::vector<uint8_t>(r.end() - L, r.end());
}

const std::vector<int> g24a = { 24, 23, 18, 17, 14, 11, 10, 7, 6, 5, 4, 3, 1, 0 };
const std::vector<int> g24b = { 24, 23, 6, 5, 1, 0 };
const std::vector<int> g16 = { 16, 12, 5, 0 };
const std::vector<int> g8 = { 8, 7, 4, 3, 1, 0 };

uint32_t as_int(const std::vector<uint8_t>& bits, size_t from)
{
    uint32_t v = 0;
    for (size_t i = from; i < bits.size(); ++i)
        v = (v << 1) | bits[i];
    return v;
}

} // namespace

class lte_crc_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(lte_crc_test);
    CPPUNIT_TEST(catalogue_check_values);
    CPPUNIT_TEST(long_division);
    CPPUNIT_TEST(round_trip_and_flipped_bits);
    CPPUNIT_TEST(bad_input);
    CPPUNIT_TEST_SUITE_END();

    void catalogue_check_values()
    {
        // Check values (CRC of the ASCII string "123456789", bytes most significant bit first)
        // from Greg Cook's "Catalogue of parametrised CRC algorithms"
        // (reveng.sourceforge.io/crc-catalogue): CRC-24/LTE-A 0xCDE703, CRC-24/LTE-B 0x23EF52,
        // CRC-16/XMODEM (poly 0x1021, init 0: the LTE CRC16) 0x31C3, CRC-8/LTE 0xEA.
        const auto msg = qa::ascii_bits("123456789");
        const struct {
            const char* kind;
            uint32_t check;
        } rows[] = { { "24A", 0xCDE703 }, { "24B", 0x23EF52 }, { "16", 0x31C3 }, { "8", 0xEA } };
        for (const auto& r : rows) {
            const auto with = lte_crc_attach(msg, r.kind);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.kind, r.check, as_int(with, msg.size()));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.kind, r.check,
                                         lte_crc_parity(msg.data(), msg.size(), parse_lte_crc(r.kind)));
            CPPUNIT_ASSERT(lte_crc_check(with, r.kind));
        }
    }

    void long_division()
    {
        std::mt19937 rng(5);
        const std::pair<const char*, const std::vector<int>*> kinds[] = {
            { "24A", &g24a }, { "24B", &g24b }, { "16", &g16 }, { "8", &g8 }
        };
        for (size_t n : { 0, 1, 7, 24, 40, 100, 1000, 6120 })
            for (const auto& k : kinds) {
                const auto a = qa::random_bits(n, rng);
                const auto with = lte_crc_attach(a, k.first);
                const auto p = divide(a, *k.second);
                CPPUNIT_ASSERT(std::equal(a.begin(), a.end(), with.begin()));
                CPPUNIT_ASSERT_MESSAGE(std::string(k.first) + " n=" + std::to_string(n),
                                       std::equal(p.begin(), p.end(), with.begin() + n));
            }
    }

    void round_trip_and_flipped_bits()
    {
        std::mt19937 rng(9);
        for (const char* kind : { "24A", "24B", "16", "8", "crc24a", "CRC24B" }) {
            const auto a = qa::random_bits(200, rng);
            auto with = lte_crc_attach(a, kind);
            CPPUNIT_ASSERT(lte_crc_check(with, kind));
            // Every single-bit error is detected (g(D) has more than one term), data or CRC.
            for (size_t i = 0; i < with.size(); ++i) {
                with[i] ^= 1;
                CPPUNIT_ASSERT_MESSAGE(std::string(kind) + " bit " + std::to_string(i),
                                       !lte_crc_check(with, kind));
                with[i] ^= 1;
            }
            // And every burst of L bits or fewer.
            const size_t L = lte_crc_length(parse_lte_crc(kind));
            for (int t = 0; t < 50; ++t) {
                const size_t start = rng() % (with.size() - L);
                with[start] ^= 1;
                with[start + L - 1] ^= 1;
                for (size_t j = start + 1; j + 1 < start + L; ++j)
                    with[j] ^= rng() & 1;
                CPPUNIT_ASSERT(!lte_crc_check(with, kind));
                with = lte_crc_attach(a, kind);
            }
        }
        // Nonzero bytes count as ones.
        const std::vector<uint8_t> ones = { 1, 0, 1, 1 }, bytes = { 7, 0, 255, 2 };
        CPPUNIT_ASSERT(lte_crc_attach(ones, "24A") == lte_crc_attach(bytes, "24A"));
    }

    void bad_input()
    {
        for (const char* kind : { "24C", "", "32", "24", "A24" })
            qa::expect_invalid([&] { lte_crc_attach({ 1, 0 }, kind); },
                               "use '24A', '24B', '16' or '8'");
        qa::expect_invalid([&] { lte_crc_check(std::vector<uint8_t>(23), "24B"); },
                           "got 23 bits: a CRC24B check needs at least 24");
        CPPUNIT_ASSERT(lte_crc_check(std::vector<uint8_t>(8), "8")); // 0...0 is a codeword
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(lte_crc_test);

} // namespace gpufec
} // namespace gr
