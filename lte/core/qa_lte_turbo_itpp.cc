/* The LTE turbo encoder and CRCs against IT++ (Debian's libitpp-dev), an implementation this
 * project did not write: its Turbo_Codec with the generators and QPP permutation of TS 36.212
 * §5.1.3.2 supplied, and its CRC_Code with the generator polynomials of §5.1.1.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_lte_turbo_util.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <itpp/comm/crc.h>
#include <itpp/comm/turbo.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>
#include <string>

namespace gr {
namespace gpufec {

namespace {

itpp::bvec to_bvec(const std::vector<uint8_t>& bits)
{
    itpp::bvec v(static_cast<int>(bits.size()));
    for (size_t i = 0; i < bits.size(); ++i)
        v(static_cast<int>(i)) = bits[i];
    return v;
}

std::vector<uint8_t> from_bvec(const itpp::bvec& v)
{
    std::vector<uint8_t> bits(static_cast<size_t>(v.size()));
    for (int i = 0; i < v.size(); ++i)
        bits[static_cast<size_t>(i)] = static_cast<uint8_t>(v(i) == itpp::bin(1));
    return bits;
}

/* IT++'s turbo codec set up as the LTE code of block size K: both constituents with the
 * feedback generator 13 and the feedforward generator 15 (octal, IT++'s "Proakis" form, the
 * recursive one first), constraint length 4, and the QPP sequence computed here in 64 bits from
 * the (f1, f2) of Table 5.1.3-3. IT++'s Sequence_Interleaver makes output(i) = input(seq(i)),
 * which is the standard's c'_i = c_Pi(i). */
void setup(itpp::Turbo_Codec& itc, const lte_turbo_code& code)
{
    const long long K = static_cast<long long>(code.K());
    itpp::ivec pi(static_cast<int>(K));
    for (long long i = 0; i < K; ++i)
        pi(static_cast<int>(i)) = static_cast<int>((code.f1() * i + code.f2() * i * i) % K);
    itpp::ivec gen(2);
    gen(0) = 013;
    gen(1) = 015;
    itc.set_parameters(gen, gen, 4, pi);
}

/* IT++'s Turbo_Codec::encode output for one block (turbo.h), rearranged as d(0) | d(1) | d(2).
 * IT++ writes, per block, x_k z_k z'_k for k = 0..K-1 (the systematic bit, then the one parity
 * bit of each constituent), then the tail of encoder 1 and then that of encoder 2, each as
 * (tail input, tail parity) three times:
 *     x_K z_K x_K+1 z_K+1 x_K+2 z_K+2 x'_K z'_K x'_K+1 z'_K+1 x'_K+2 z'_K+2.
 * That is the tail sequence of §5.1.3.2.2 in the standard's own order, which it deals to the
 * streams as d(0)_K = x_K, d(1)_K = z_K, d(2)_K = x_K+1, d(0)_K+1 = z_K+1, ...: tail bit t (0..11)
 * to stream t mod 3 at position K + t div 3. */
std::vector<uint8_t> itpp_as_streams(const std::vector<uint8_t>& itpp_block, size_t K)
{
    const size_t D = K + 4;
    std::vector<uint8_t> d(3 * D);
    for (size_t k = 0; k < K; ++k)
        for (size_t s = 0; s < 3; ++s)
            d[s * D + k] = itpp_block[3 * k + s];
    for (size_t t = 0; t < 12; ++t)
        d[(t % 3) * D + K + t / 3] = itpp_block[3 * K + t];
    return d;
}

/* The CRC generators of §5.1.1 as IT++'s CRC_Code takes them: coefficients from D^L down to
 * D^0, spelt here from the polynomials the standard prints. */
struct crc_row {
    const char* kind;
    const char* generator;
    uint32_t check; // CRC of "123456789", bytes MSB first (reveng.sourceforge.io/crc-catalogue)
};
const crc_row crc_rows[] = {
    // D^24+D^23+D^18+D^17+D^14+D^11+D^10+D^7+D^6+D^5+D^4+D^3+D+1 (CRC-24/LTE-A)
    { "24A", "1 1 0 0 0 0 1 1 0 0 1 0 0 1 1 0 0 1 1 1 1 1 0 1 1", 0xCDE703 },
    // D^24+D^23+D^6+D^5+D+1 (CRC-24/LTE-B)
    { "24B", "1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 0 0 0 1 1", 0x23EF52 },
    // D^16+D^12+D^5+1 (CRC-16/XMODEM)
    { "16", "1 0 0 0 1 0 0 0 0 0 0 1 0 0 0 0 1", 0x31C3 },
    // D^8+D^7+D^4+D^3+D+1 (CRC-8/LTE)
    { "8", "1 1 0 0 1 1 0 1 1", 0xEA },
};

itpp::CRC_Code itpp_crc(const crc_row& r)
{
    itpp::CRC_Code c;
    c.set_generator(itpp::bvec(r.generator));
    return c;
}

uint32_t as_int(const std::vector<uint8_t>& bits)
{
    uint32_t v = 0;
    for (uint8_t b : bits)
        v = (v << 1) | b;
    return v;
}

} // namespace

class lte_turbo_itpp_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(lte_turbo_itpp_test);
    CPPUNIT_TEST(encoder_all_block_sizes);
    CPPUNIT_TEST(encoder_several_blocks_at_once);
    CPPUNIT_TEST(crc_check_values);
    CPPUNIT_TEST(crc_random_messages);
    CPPUNIT_TEST_SUITE_END();

    /* Every K of Table 5.1.3-3: random blocks, all zeros, all ones; each stream compared,
     * tails included. */
    void encoder_all_block_sizes()
    {
        std::mt19937 rng(36212);
        const auto& sizes = lte_turbo_code::block_sizes();
        CPPUNIT_ASSERT_EQUAL(size_t(188), sizes.size());
        for (size_t K : sizes) {
            const auto code = lte_turbo_code::make(static_cast<long long>(K));
            itpp::Turbo_Codec itc;
            setup(itc, *code);
            std::vector<std::vector<uint8_t>> inputs = { qa::random_bits(K, rng),
                                                         qa::random_bits(K, rng),
                                                         std::vector<uint8_t>(K, 0),
                                                         std::vector<uint8_t>(K, 1) };
            for (const auto& c : inputs) {
                itpp::bvec out;
                itc.encode(to_bvec(c), out);
                CPPUNIT_ASSERT_EQUAL(int(3 * K + 12), out.size());
                const auto theirs = itpp_as_streams(from_bvec(out), K);
                const auto ours = lte_turbo_encode(*code, c);
                const size_t D = K + 4;
                for (size_t i = 0; i < 3 * D; ++i)
                    if (ours[i] != theirs[i])
                        CPPUNIT_FAIL("K = " + std::to_string(K) + ": d(" +
                                     std::to_string(i / D) + ")_" + std::to_string(i % D) +
                                     " is " + std::to_string(ours[i]) + ", IT++ gives " +
                                     std::to_string(theirs[i]));
            }
        }
    }

    /* IT++ encodes consecutive blocks in one call; so does lte_turbo_encode. */
    void encoder_several_blocks_at_once()
    {
        std::mt19937 rng(7);
        for (size_t K : { size_t(40), size_t(1056), size_t(6144) }) {
            const auto code = lte_turbo_code::make(static_cast<long long>(K));
            itpp::Turbo_Codec itc;
            setup(itc, *code);
            const size_t n = 3;
            const auto c = qa::random_bits(n * K, rng);
            itpp::bvec out;
            itc.encode(to_bvec(c), out);
            const auto all = from_bvec(out);
            CPPUNIT_ASSERT_EQUAL(n * (3 * K + 12), all.size());
            const auto ours = lte_turbo_encode(*code, c);
            CPPUNIT_ASSERT_EQUAL(n * 3 * (K + 4), ours.size());
            for (size_t b = 0; b < n; ++b) {
                const std::vector<uint8_t> block(all.begin() + b * (3 * K + 12),
                                                 all.begin() + (b + 1) * (3 * K + 12));
                const auto theirs = itpp_as_streams(block, K);
                CPPUNIT_ASSERT_MESSAGE("K = " + std::to_string(K) + " block " + std::to_string(b),
                                       std::equal(theirs.begin(), theirs.end(),
                                                  ours.begin() + b * 3 * (K + 4)));
            }
        }
    }

    /* IT++ with the polynomials above gives the published check values, and so do we. */
    void crc_check_values()
    {
        const auto msg = qa::ascii_bits("123456789");
        for (const auto& r : crc_rows) {
            itpp::bvec p;
            itpp_crc(r).parity(to_bvec(msg), p);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.kind, r.check, as_int(from_bvec(p)));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(
                r.kind, r.check, lte_crc_parity(msg.data(), msg.size(), parse_lte_crc(r.kind)));
        }
    }

    /* Random messages of many lengths: the same parity bits in the same order (p0 first, as
     * both IT++ and §5.1.1 append them), each side accepting the other's output, and a
     * flipped bit rejected by both. */
    void crc_random_messages()
    {
        std::mt19937 rng(11);
        std::vector<size_t> lengths = { 1,  2,  7,  8,  9,   15,   16,   17,  23,
                                        24, 25, 40, 41, 100, 1000, 6120, 6144 };
        for (int i = 0; i < 40; ++i)
            lengths.push_back(1 + rng() % 8000);
        for (const auto& r : crc_rows) {
            const itpp::CRC_Code crc = itpp_crc(r);
            for (size_t n : lengths) {
                const auto msg = qa::random_bits(n, rng);
                const std::string what = std::string(r.kind) + ", " + std::to_string(n) + " bits";
                const auto theirs = from_bvec(crc.encode(to_bvec(msg)));
                const auto ours = lte_crc_attach(msg, r.kind);
                CPPUNIT_ASSERT_MESSAGE(what, theirs == ours);
                CPPUNIT_ASSERT_MESSAGE(what, crc.check_parity(to_bvec(ours)));
                CPPUNIT_ASSERT_MESSAGE(what, lte_crc_check(theirs, r.kind));
                auto bad = ours;
                bad[rng() % bad.size()] ^= 1u;
                CPPUNIT_ASSERT_MESSAGE(what, !crc.check_parity(to_bvec(bad)));
                CPPUNIT_ASSERT_MESSAGE(what, !lte_crc_check(bad, r.kind));
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(lte_turbo_itpp_test);

} // namespace gpufec
} // namespace gr
