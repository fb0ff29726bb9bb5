/* CRC, turbo encoder and rate matching against test vectors of another LTE implementation:
 * the MATLAB models of microsoft/OTP4LTE-U (lte/core/vectors/otp4lte-u/README.md names
 * the files, the commit and the scripts that wrote them).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_lte_turbo_util.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <gnuradio/gpufec/lte/lte_transport.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cctype>
#include <cmath>
#include <fstream>
#include <iterator>
#include <string>

namespace gr {
namespace gpufec {

namespace {

/* The file's bits: it holds single digits 0 and 1 separated by commas and white space. */
std::vector<uint8_t> read_vector(const std::string& name)
{
    const std::string path = std::string(GPUFEC_TURBO_VECTORS_DIR) + "/otp4lte-u/" + name;
    std::ifstream f(path);
    if (!f)
        CPPUNIT_FAIL("cannot open " + path);
    std::vector<uint8_t> bits;
    for (std::istreambuf_iterator<char> it(f), end; it != end; ++it) {
        if (*it == '0' || *it == '1')
            bits.push_back(static_cast<uint8_t>(*it - '0'));
        else if (*it != ',' && !std::isspace(static_cast<unsigned char>(*it)))
            CPPUNIT_FAIL(path + ": unexpected character '" + std::string(1, *it) + "'");
    }
    return bits;
}

/* The scripts' input x: this 32-bit pattern repeated (x = repmat(pattern, n, 1)). */
std::vector<uint8_t> pattern(size_t from, size_t n)
{
    static const uint8_t p[32] = { 0, 0, 1, 0, 1, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0, 0,
                                   1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0 };
    std::vector<uint8_t> x(n);
    for (size_t i = 0; i < n; ++i)
        x[i] = p[(from + i) % 32];
    return x;
}

std::vector<uint8_t> slice(const std::vector<uint8_t>& v, size_t from, size_t n)
{
    CPPUNIT_ASSERT(from + n <= v.size());
    return std::vector<uint8_t>(v.begin() + from, v.begin() + from + n);
}

std::vector<uint8_t> parity_bits(const std::vector<uint8_t>& msg, const std::string& kind)
{
    const auto with = lte_crc_attach(msg, kind);
    return std::vector<uint8_t>(with.begin() + msg.size(), with.end());
}

} // namespace

class lte_turbo_vectors_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(lte_turbo_vectors_test);
    CPPUNIT_TEST(crc);
    CPPUNIT_TEST(encoder);
    CPPUNIT_TEST(rate_matching);
    CPPUNIT_TEST(rate_matching_random_streams);
    CPPUNIT_TEST(transport_blocks);
    CPPUNIT_TEST(transport_block_decoded);
    CPPUNIT_TEST_SUITE_END();

    /* test_crc.m: the parity bits (p0 first) of x(1:40) and x(41:83) with CRC16, then of
     * x(84:123), x(124:166) and x(167:3790) with CRC24A, concatenated. */
    void crc()
    {
        const auto ground = read_vector("test_crc.outfile.ground");
        CPPUNIT_ASSERT_EQUAL(size_t(2 * 16 + 3 * 24), ground.size());
        const struct {
            size_t from, n;
            const char* kind;
        } rows[] = { { 0, 40, "16" }, { 40, 43, "16" }, { 83, 40, "24A" }, { 123, 43, "24A" },
                     { 166, 3624, "24A" } };
        size_t at = 0;
        for (const auto& r : rows) {
            const auto p = parity_bits(pattern(r.from, r.n), r.kind);
            CPPUNIT_ASSERT_MESSAGE(std::string(r.kind) + " of " + std::to_string(r.n) + " bits",
                                   p == slice(ground, at, p.size()));
            at += p.size();
        }
    }

    /* test_turboCode.m: x(1:40) encoded, written as d(0) | d(1) | d(2), tails included. */
    void encoder()
    {
        const auto ground = read_vector("test_turboCode.outfile.ground");
        CPPUNIT_ASSERT_EQUAL(size_t(3 * 44), ground.size());
        CPPUNIT_ASSERT(lte_turbo_encode(*lte_turbo_code::make(40), pattern(0, 40)) == ground);
    }

    /* test_rateMatchTurbo.m: five cases; the first four rate-match streams of 8 and 24 bits
     * (no LTE block size: K + 4 would be 44 or more) and are left out. The fifth takes
     * x(193:2700) as d(0) | d(1) | d(2) of 836 bits each (K = 832) and selects E = 5796 bits
     * with rv 0 (repetition: the circular buffer holds 2508). Its output starts after the
     * 10 + 100 + 60 + 600 bits of the first four. */
    void rate_matching()
    {
        const auto ground = read_vector("test_rateMatchTurbo.outfile.ground");
        CPPUNIT_ASSERT_EQUAL(size_t(10 + 100 + 60 + 600 + 5796), ground.size());
        const auto code = lte_turbo_code::make(832);
        const auto e = lte_rate_match(*code, pattern(192, 3 * 836), 5796, 0);
        CPPUNIT_ASSERT(e == slice(ground, 770, 5796));
    }

    /* test_derateMatchTurbo.m: random d(0) | d(1) | d(2) (the .outfile.ground) and their rate
     * matching with rv 0 (the .infile) for K = 40 (E = 864), K = 232 (E = 2304) and a stream
     * of 1228 bits (K = 1224 is no LTE block size: left out). Both E repeat the whole buffer,
     * so de-matching the received bits as +-1 gives back every d bit by its sign, and as
     * magnitude how often it was sent. */
    void rate_matching_random_streams()
    {
        const auto d_all = read_vector("test_derateMatchTurbo.outfile.ground");
        const auto e_all = read_vector("test_derateMatchTurbo.infile");
        CPPUNIT_ASSERT_EQUAL(size_t(3 * (44 + 236 + 1228)), d_all.size());
        CPPUNIT_ASSERT_EQUAL(size_t(864 + 2304 + 4000), e_all.size());
        const struct {
            size_t K, E, d_from, e_from;
        } rows[] = { { 40, 864, 0, 0 }, { 232, 2304, 3 * 44, 864 } };
        for (const auto& r : rows) {
            const std::string what = "K = " + std::to_string(r.K);
            const auto code = lte_turbo_code::make(static_cast<long long>(r.K));
            const auto d = slice(d_all, r.d_from, 3 * (r.K + 4));
            const auto e = slice(e_all, r.e_from, r.E);
            CPPUNIT_ASSERT_MESSAGE(what, lte_rate_match(*code, d, r.E, 0) == e);
            const auto soft = lte_rate_dematch(*code, qa::clean_llrs(e, 1.0f), 0);
            float sent = 0;
            for (size_t i = 0; i < d.size(); ++i) {
                CPPUNIT_ASSERT_MESSAGE(what + " bit " + std::to_string(i),
                                       d[i] ? soft[i] >= 1.0f : soft[i] <= -1.0f);
                sent += std::abs(soft[i]);
            }
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, float(r.E), sent);
        }
    }

    /* test_dlsch.m: transport blocks of A bits of x, each with its CRC24A (A + 24 = K, one code
     * block without filler bits), turbo encoded and rate matched to E bits with rv, outputs
     * concatenated. The last case asks for rv 4, which LTE does not have: left out (its
     * output is the last 5796 bits). The transport block goes through lte_segment too. */
    void transport_blocks()
    {
        const auto ground = read_vector("test_dlsch.outfile.ground");
        CPPUNIT_ASSERT_EQUAL(size_t(4 * 72 + 4 * 5796), ground.size());
        const struct {
            size_t A, E;
            int rv;
        } rows[] = { { 32, 72, 0 }, { 32, 72, 0 }, { 808, 5796, 0 }, { 3624, 5796, 0 },
                     { 32, 72, 1 }, { 32, 72, 2 }, { 808, 5796, 3 } };
        size_t x_at = 0, e_at = 0;
        for (const auto& r : rows) {
            const std::string what = "A = " + std::to_string(r.A) + ", E = " +
                                     std::to_string(r.E) + ", rv " + std::to_string(r.rv);
            const auto b = lte_crc_attach(pattern(x_at, r.A), "24A");
            const auto blocks = lte_segment(b);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, size_t(1), blocks.size());
            CPPUNIT_ASSERT_MESSAGE(what, blocks[0] == b);
            const auto code = lte_turbo_code::make(static_cast<long long>(b.size()));
            const auto e = lte_rate_match(*code, lte_turbo_encode(*code, b), r.E, r.rv);
            CPPUNIT_ASSERT_MESSAGE(what, e == slice(ground, e_at, r.E));
            // The whole chain at once: G = E for one code block (QPSK, one layer).
            lte_transport_params p;
            p.G = r.E;
            p.rv = r.rv;
            CPPUNIT_ASSERT_MESSAGE(what, lte_transport_encode(pattern(x_at, r.A), p) == e);
            x_at += r.A;
            e_at += r.E;
        }
        CPPUNIT_ASSERT_EQUAL(ground.size() - 5796, e_at);
    }

    /* test_sch_decode.m: a random 16-bit transport block (the .outfile.ground) through the
     * same chain as test_dlsch.m, to E = 864 bits with rv 0 (the .infile; 3 resource blocks of
     * QPSK). Encoding it gives those bits; decoding them, as +-1 LLRs, gives it back. */
    void transport_block_decoded()
    {
        const auto a = read_vector("test_sch_decode.outfile.ground");
        const auto e = read_vector("test_sch_decode.infile");
        CPPUNIT_ASSERT_EQUAL(size_t(16), a.size());
        CPPUNIT_ASSERT_EQUAL(size_t(864), e.size());
        lte_transport_params p;
        p.A = a.size();
        p.G = e.size();
        CPPUNIT_ASSERT(lte_transport_encode(a, p) == e);
        lte_turbo_options o;
        o.backend = backend_kind::CPU;
        lte_transport_decoder_engine dec(o);
        std::vector<uint8_t> out(p.A);
        CPPUNIT_ASSERT(dec.decode(qa::clean_llrs(e, 1.0f).data(), p, out.data()).crc_pass);
        CPPUNIT_ASSERT(out == a);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(lte_turbo_vectors_test);

} // namespace gpufec
} // namespace gr
