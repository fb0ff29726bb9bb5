/* Noise-free decoding for every kind of code: k 3..9, n 2..4, every puncturing, every
 * termination, random generators, odd and minimal frame lengths.
 *
 * Terminated and truncated decoding is maximum likelihood, so the decoded word re-encodes to
 * the sent codeword (the only word of maximum metric); where the code determines its
 * information (unpunctured: some generator taps the newest bit, so each step reveals its
 * input) the bits are the sent ones. Tailbiting and streaming decoding are not exactly ML: for
 * non-catastrophic unpunctured codes they still find the sent codeword, and for any other code
 * they must take the decisions of the reference (qa_conv_viterbi_util.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_conv_viterbi_util.h"
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <string>

namespace gr {
namespace gpufec {

class viterbi_identity_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_identity_test);
    CPPUNIT_TEST(framed_every_code);
    CPPUNIT_TEST(streaming_every_code);
    CPPUNIT_TEST(standard_codes_exact);
    CPPUNIT_TEST_SUITE_END();

    static std::vector<std::string> punctures(unsigned n, std::mt19937& rng)
    {
        std::vector<std::string> p = { "" };
        if (n == 2)
            p.insert(p.end(), { "2/3", "3/4", "5/6", "7/8" });
        // A random pattern of 1..3 steps that sends a bit of the first step (so that even a
        // 1-step frame has a channel bit) and more bits than steps (a rate below 1).
        const size_t steps = 1 + rng() % 3;
        std::string custom;
        do {
            custom.assign(n * steps, '0');
            for (auto& ch : custom)
                ch = (rng() % 3) ? '1' : '0';
            custom[rng() % n] = '1';
        } while (size_t(std::count(custom.begin(), custom.end(), '1')) <= steps);
        p.push_back(custom);
        return p;
    }

    /* Checks a noise-free decode: the codeword always, the bits when @p exact. */
    static void check(const conv_code& c, const std::vector<uint8_t>& info,
                      const std::vector<uint8_t>& decoded, bool exact)
    {
        CPPUNIT_ASSERT_EQUAL_MESSAGE(c.name(), info.size(), decoded.size());
        CPPUNIT_ASSERT_MESSAGE(c.name() + ": decoded word is not the sent codeword",
                               qa::encode(c, decoded) == qa::encode(c, info));
        if (exact)
            CPPUNIT_ASSERT_MESSAGE(c.name() + ": bits differ", decoded == info);
    }

    /* Whether tailbiting or streaming decoding must find the codeword of a clean input. */
    static bool finds_codeword(const conv_code& c)
    {
        return !c.punctured() && qa::non_catastrophic(c.polys());
    }

    void framed_every_code()
    {
        std::mt19937 rng(1);
        viterbi_options o;
        o.backend = backend_kind::CPU;
        o.threads = 2;
        for (int k = 3; k <= 9; ++k)
            for (unsigned n = 2; n <= 4; ++n) {
                const std::vector<unsigned> polys = qa::random_polys(k, n, rng);
                for (const std::string& p : punctures(n, rng))
                    for (termination t : { termination::TERMINATED, termination::TRUNCATED,
                                           termination::TAILBITING })
                        for (size_t N : { size_t(1), size_t(2), size_t(k - 1), size_t(2 * k + 1), size_t(97) }) {
                            const auto c = conv_code::make(k, polys, p, t, N);
                            const size_t frames = 3;
                            const auto info = qa::random_bits(frames * N, rng);
                            // Float input: +-1 at llr_scale 8.
                            const auto y = qa::channel(qa::encode(*c, info), 1, 0, rng);
                            const std::vector<float> soft(y.begin(), y.end());
                            const auto bits = viterbi_decode(c, soft, o);
                            if (t != termination::TAILBITING || finds_codeword(*c))
                                check(*c, info, bits, p.empty() && t != termination::TAILBITING);
                            else
                                CPPUNIT_ASSERT_MESSAGE(c->name(), bits == qa::reference_frames(*c, y));
                        }
            }
    }

    void streaming_every_code()
    {
        std::mt19937 rng(2);
        viterbi_options o;
        o.backend = backend_kind::CPU;
        const viterbi_tiling short_tiles{ 40, 8, 24 }; // many tiles, and the flush
        for (int k = 3; k <= 9; ++k)
            for (unsigned n = 2; n <= 4; ++n) {
                const std::vector<unsigned> polys = qa::random_polys(k, n, rng);
                for (const std::string& p : punctures(n, rng)) {
                    const auto c = conv_code::make(k, polys, p, termination::STREAMING);
                    o.tiling = qa::at_least(short_tiles, *c);
                    for (size_t blocks : { size_t(1), size_t(3), size_t(101) }) {
                        const auto info = qa::random_bits(blocks * c->info_bits_per_block(), rng);
                        const auto y = qa::channel(qa::encode(*c, info), 1, 0, rng);
                        const std::vector<float> soft(y.begin(), y.end());
                        const auto bits = viterbi_decode(c, soft, o);
                        if (finds_codeword(*c))
                            check(*c, info, bits, false);
                        else
                            CPPUNIT_ASSERT_MESSAGE(c->name(),
                                                   bits == qa::reference_stream(*c, o.tiling, y));
                    }
                }
            }
    }

    void standard_codes_exact()
    {
        // Textbook codes decode to the sent bits in every mode; the named patterns are those
        // of K=7 [171,133] (punctured K=3 [7,5] at 2/3, for one, is catastrophic).
        struct {
            int k;
            std::vector<unsigned> polys;
        } const codes[] = { { 3, { 07, 05 } },
                            { 5, { 023, 035 } },
                            { 7, { 0171, 0133 } },
                            { 7, { 0133, 0171, 0165 } },
                            { 9, { 0753, 0561 } },
                            { 9, { 0557, 0663, 0711 } } };
        std::mt19937 rng(3);
        viterbi_options o;
        o.backend = backend_kind::CPU;
        for (const auto& code : codes)
            for (const char* p : { "", "2/3", "3/4", "5/6", "7/8" }) {
                if (*p && code.polys != std::vector<unsigned>{ 0171, 0133 })
                    continue;
                for (termination t : { termination::TERMINATED, termination::TRUNCATED,
                                       termination::TAILBITING, termination::STREAMING }) {
                    const auto c = conv_code::make(code.k, code.polys, p, t, 300);
                    const auto info = qa::random_bits(2 * 300 / c->info_bits_per_block() *
                                                          c->info_bits_per_block(), rng);
                    const auto y = qa::channel(qa::encode(*c, info), 1, 0, rng);
                    check(*c, info, viterbi_decode(c, std::vector<float>(y.begin(), y.end()), o),
                          true);
                }
            }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_identity_test);

} // namespace gpufec
} // namespace gr
