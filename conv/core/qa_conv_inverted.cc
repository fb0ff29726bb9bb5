/* Inverted outputs (gr-fec's negative generators): the encoder complements exactly those
 * outputs' bits, the decoder reads their soft values negated, in every termination, punctured
 * or not; the signed and text forms, the name and copies of the code keep the inversion.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/qa_expect.h"
#include "qa_conv_viterbi_util.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/gpufec/conv/viterbi.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

using qa::expect_invalid;

const termination all_terms[] = { termination::TERMINATED, termination::TRUNCATED,
                                  termination::TAILBITING, termination::STREAMING };

/* The generator (0..n-1) of each sent bit of one block: the pattern restarts at every block,
 * and sent bits are the pattern's '1' positions in order (docs/conventions.md). */
std::vector<unsigned> generator_of_sent_bits(const conv_code& c)
{
    const auto& p = c.puncture_pattern();
    std::vector<unsigned> g;
    for (size_t m = 0; m < c.mother_bits_per_block(); ++m)
        if (p[m % p.size()])
            g.push_back(static_cast<unsigned>(m % c.n()));
    return g;
}

/* The same code without inversion. */
conv_code_sptr plain(const conv_code& c)
{
    std::string pattern;
    for (uint8_t b : c.puncture_pattern())
        pattern += b ? '1' : '0';
    return conv_code::make(c.k(), c.polys(), pattern, c.term(),
                           c.term() == termination::STREAMING ? 2048 : c.frame_bits());
}

} // namespace

class conv_inverted_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(conv_inverted_test);
    CPPUNIT_TEST(encoding_complements_the_inverted_outputs);
    CPPUNIT_TEST(signed_and_text_forms);
    CPPUNIT_TEST(copies_keep_the_inversion);
    CPPUNIT_TEST(bad_inversions_fail);
    CPPUNIT_TEST(decoding_is_the_plain_code_on_negated_values);
    CPPUNIT_TEST(noise_free_identity_every_termination);
    CPPUNIT_TEST_SUITE_END();

    void encoding_complements_the_inverted_outputs()
    {
        std::mt19937 rng(21);
        const std::vector<std::vector<int>> codes = { { 0171, -0133 }, { -0133, 0171 },
                                                      { -0171, -0133 }, { 0133, -0171, 0165 } };
        for (const auto& polys : codes)
            for (const char* p : { "", "3/4", "110111" })
                for (termination t : all_terms) {
                    if (polys.size() == 3 && *p)
                        continue;
                    const auto c = conv_code::make_signed(7, polys, p, t, 101);
                    const auto info = qa::random_bits(4 * c->info_bits_per_block(), rng);
                    const auto got = qa::encode(*c, info);
                    auto want = qa::encode(*plain(*c), info);
                    const auto gen = generator_of_sent_bits(*c);
                    CPPUNIT_ASSERT_EQUAL(want.size() / 4, gen.size());
                    for (size_t i = 0; i < want.size(); ++i)
                        want[i] ^= c->inverted()[gen[i % gen.size()]] ? 1 : 0;
                    CPPUNIT_ASSERT_MESSAGE(c->name(), got == want);
                }
    }

    void signed_and_text_forms()
    {
        // CCSDS in every form: gr-fec's [79, -109], octal [0171, -0133], text "171, ~133".
        const auto a = conv_code::make_signed(7, { 79, -109 }, "", termination::TERMINATED, 100,
                                              polys_order::GR_FEC);
        const auto b = conv_code::make_signed(7, { 0171, -0133 }, "", termination::TERMINATED, 100);
        const conv_code c(7, { 0171, 0133 }, "", termination::TERMINATED, 100, polys_order::OCTAL,
                          { false, true });
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [171,~133] r1/2 terminated N=100"), a->name());
        CPPUNIT_ASSERT_EQUAL(a->name(), b->name());
        CPPUNIT_ASSERT_EQUAL(a->name(), c.name());
        CPPUNIT_ASSERT(a->polys() == (std::vector<unsigned>{ 0171, 0133 }));
        CPPUNIT_ASSERT(a->inverted() == (std::vector<bool>{ false, true }));
        CPPUNIT_ASSERT(a->signed_polys() == (std::vector<int>{ 0171, -0133 }));
        CPPUNIT_ASSERT(a->any_inverted());
        CPPUNIT_ASSERT(!conv_code(7, { 0171, 0133 }).any_inverted());
        CPPUNIT_ASSERT(conv_code(7, { 0171, 0133 }).inverted() == std::vector<bool>(2, false));
        // NASA-DSN, gr-fec's [-109, 79].
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [~133,171] r1/2 streaming"),
                             conv_code::make_signed(7, { -109, 79 }, "", termination::STREAMING,
                                                    2048, polys_order::GR_FEC)
                                 ->name());
        const std::vector<int> ccsds = { 0171, -0133 };
        for (const char* t : { "171, ~133", "171 -133", "[0o171, ~0o133]", "171:~133" })
            CPPUNIT_ASSERT_MESSAGE(t, parse_polys(t, polys_order::OCTAL) == ccsds);
        CPPUNIT_ASSERT(parse_polys("79, -109", polys_order::GR_FEC) == (std::vector<int>{ 79, -109 }));
        CPPUNIT_ASSERT(parse_polys("~0x6d 79", polys_order::GR_FEC) == (std::vector<int>{ -109, 79 }));
    }

    void copies_keep_the_inversion()
    {
        const auto c = conv_code::make_signed(7, { -0171, 0133 }, "3/4", termination::TAILBITING, 300);
        CPPUNIT_ASSERT(conv_code_with_frame_bits(*c, 90)->inverted() == c->inverted());
        const auto d = conv_code_for_coded_length(*c, c->coded_bits_per_block());
        CPPUNIT_ASSERT(d->inverted() == c->inverted());
        CPPUNIT_ASSERT(d->signed_polys() == c->signed_polys());
        CPPUNIT_ASSERT_EQUAL(c->frame_bits(), d->frame_bits());
    }

    void bad_inversions_fail()
    {
        expect_invalid([] { conv_code c(7, { 0171, 0133 }, "", termination::TERMINATED, 10,
                                        polys_order::OCTAL, { true }); },
                       "inverted has 1 flags for 2 generators");
        expect_invalid([] { conv_code::make_signed(7, { 0171, -0171 }); }, "repeats polys[0]");
        expect_invalid([] { conv_code::make_signed(7, { 0171, -0200 }); },
                       "polys[1] = -0o200 is out of range for k = 7");
        expect_invalid([] { conv_code::make_signed(7, { 0171, -2147483647 - 1 }); }, "out of range");
        expect_invalid([] { conv_code::make_signed(7, { 79, -128 }, "", termination::TERMINATED,
                                                   100, polys_order::GR_FEC); },
                       "polys[1] = -128 is out of range");
        expect_invalid([] { parse_polys("171, ~~133", polys_order::OCTAL); }, "'~~133'");
        expect_invalid([] { parse_polys("171, -", polys_order::OCTAL); }, "'-'");
    }

    /* An inverted output is the plain code with that output's soft values negated: the same
     * decisions, ties included, on noisy float and full-range int8 input. */
    void decoding_is_the_plain_code_on_negated_values()
    {
        std::mt19937 rng(22);
        viterbi_options o;
        o.backend = backend_kind::CPU;
        for (termination t : all_terms)
            for (const char* p : { "", "3/4" }) {
                const auto c = conv_code::make_signed(7, { -0171, 0133 }, p, t, 200);
                const auto q = plain(*c);
                const auto gen = generator_of_sent_bits(*c);
                const size_t blocks = t == termination::STREAMING ? 900 / c->info_bits_per_block() : 4;
                const auto info = qa::random_bits(blocks * c->info_bits_per_block(), rng);
                std::vector<int8_t> y = qa::channel(qa::encode(*c, info), 20, 60, rng);
                y[0] = -128; // read as -127, so that negating it stays in range
                std::vector<int8_t> negated(y.size());
                for (size_t i = 0; i < y.size(); ++i)
                    negated[i] = c->inverted()[gen[i % gen.size()]]
                                     ? int8_t(-std::max<int>(y[i], -127))
                                     : y[i];
                const auto decode = [&](conv_code_sptr code, const std::vector<int8_t>& v) {
                    viterbi_decoder_engine dec(code, o);
                    if (!dec.streaming()) {
                        std::vector<uint8_t> bits(blocks * code->frame_bits());
                        dec.decode_frames(v.data(), bits.data(), blocks);
                        return bits;
                    }
                    dec.push(v.data(), v.size());
                    dec.flush();
                    std::vector<uint8_t> bits(dec.available());
                    dec.pull(bits.data(), bits.size());
                    return bits;
                };
                const auto got = decode(c, y);
                CPPUNIT_ASSERT_MESSAGE(c->name(), got == decode(q, negated));
                // Float input goes the same way.
                const std::vector<float> f(y.begin(), y.end());
                const std::vector<float> fn(negated.begin(), negated.end());
                CPPUNIT_ASSERT_MESSAGE(c->name() + " float",
                                       viterbi_decode(c, f, o) == viterbi_decode(q, fn, o));
                // Without the inversion the noisy input does not decode: the flip matters.
                CPPUNIT_ASSERT_MESSAGE(c->name(), decode(q, y) != info);
            }
    }

    void noise_free_identity_every_termination()
    {
        std::mt19937 rng(23);
        viterbi_options o;
        o.backend = backend_kind::CPU;
        const std::vector<std::vector<int>> codes = { { 0171, -0133 }, { -0133, 0171 },
                                                      { -0133, 0171, -0165 } };
        for (const auto& polys : codes)
            for (const char* p : { "", "2/3", "7/8" })
                for (termination t : all_terms) {
                    if (polys.size() == 3 && *p)
                        continue;
                    const auto c = conv_code::make_signed(7, polys, p, t, 300);
                    const auto info = qa::random_bits(2 * 300 / c->info_bits_per_block() *
                                                          c->info_bits_per_block(), rng);
                    const auto y = qa::channel(qa::encode(*c, info), 1, 0, rng);
                    const std::vector<float> soft(y.begin(), y.end());
                    CPPUNIT_ASSERT_MESSAGE(c->name(), viterbi_decode(c, soft, o) == info);
                }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(conv_inverted_test);

} // namespace gpufec
} // namespace gr
