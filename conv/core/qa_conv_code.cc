/* conv_code: parameter checking, sizes, names, the puncturer, and the encoder against
 * reference vectors from GNU Radio's gr-fec.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/qa_expect.h"
#include "conv_puncture.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

using qa::expect_invalid;

std::vector<uint8_t> from_hex(const std::string& hex, size_t n_bits)
{
    std::vector<uint8_t> bits;
    for (char c : hex) {
        const int v = std::stoi(std::string(1, c), nullptr, 16);
        for (int b = 3; b >= 0; --b)
            bits.push_back((v >> b) & 1);
    }
    bits.resize(n_bits);
    return bits;
}


/*
 * K=7 [171,133] encodings of one 204-bit frame, made once with GNU Radio 3.10.5 gr-fec:
 *   enc = fec.cc_encoder_make(204, 7, 2, [79, 109], 0, mode, False)
 *   vector_source_b(info) -> fec.extended_encoder(enc, threading=None, puncpat=pattern)
 *   -> vector_sink_b
 * with info = 204 random bits (Python random.seed(7), getrandbits(1)). Bits are packed
 * MSB first in hex. gr-fec punctures (puncture_bb) whole pattern periods only, so where a
 * frame's coded bits are not whole periods its vector is a prefix of ours.
 */
const char* const ref_info = "49960135ec985738d4d30b2a99246fcaca66f96442460ab5681";
constexpr size_t ref_frame_bits = 204;
struct reference {
    const char* term;
    const char* puncture;
    size_t bits;
    const char* hex;
};
const reference references[] = {
        { "terminated", "1/2", 420,
          "3b2b4ce546c3b105118ef74f544df7127b5c606a3d525fa0c18cdeba32ef828a39fad8c32fba257d3cc9ca3236210fa9fea9dfbc7" },
        { "terminated", "2/3", 315,
          "3455b34b1a43266ed7697ec875e4143d87e0c66fac23782437cf311ec0df3b5d082811e5fa5fee6" },
        { "terminated", "3/4", 280,
          "3da2c651a4649b6362ff2ba6438e6af8c4d7b91b888cfa911d8a75d0d90f04f8f9b7b3" },
        { "terminated", "5/6", 252,
          "3a6d1bcf0693e8e45f236c0d396f0895d8af845be8cad81e3428a708dbe4ffb" },
        { "terminated", "7/8", 240,
          "29eb71141a4f766afab6d08663c2256525c48fc8c9d57ee8c29d279f8fdb" },
        { "truncated", "1/2", 408,
          "3b2b4ce546c3b105118ef74f544df7127b5c606a3d525fa0c18cdeba32ef828a39fad8c32fba257d3cc9ca3236210fa9fea9df" },
        { "truncated", "2/3", 306,
          "3455b34b1a43266ed7697ec875e4143d87e0c66fac23782437cf311ec0df3b5d082811e5fa5fc" },
        { "truncated", "3/4", 272,
          "3da2c651a4649b6362ff2ba6438e6af8c4d7b91b888cfa911d8a75d0d90f04f8f9b7" },
        { "truncated", "5/6", 240,
          "3a6d1bcf0693e8e45f236c0d396f0895d8af845be8cad81e3428a708dbe4" },
        { "truncated", "7/8", 232,
          "29eb71141a4f766afab6d08663c2256525c48fc8c9d57ee8c29d279f8f" },
        { "tailbiting", "1/2", 408,
          "875b4ce546c3b105118ef74f544df7127b5c606a3d525fa0c18cdeba32ef828a39fad8c32fba257d3cc9ca3236210fa9fea9df" },
        { "tailbiting", "2/3", 306,
          "8dd5b34b1a43266ed7697ec875e4143d87e0c66fac23782437cf311ec0df3b5d082811e5fa5fc" },
        { "tailbiting", "3/4", 272,
          "8ea2c651a4649b6362ff2ba6438e6af8c4d7b91b888cfa911d8a75d0d90f04f8f9b7" },
        { "tailbiting", "5/6", 240,
          "896d1bcf0693e8e45f236c0d396f0895d8af845be8cad81e3428a708dbe4" },
        { "tailbiting", "7/8", 232,
          "9beb71141a4f766afab6d08663c2256525c48fc8c9d57ee8c29d279f8f" },
        { "streaming", "1/2", 408,
          "3b2b4ce546c3b105118ef74f544df7127b5c606a3d525fa0c18cdeba32ef828a39fad8c32fba257d3cc9ca3236210fa9fea9df" },
        { "streaming", "2/3", 306,
          "3455b34b1a43266ed7697ec875e4143d87e0c66fac23782437cf311ec0df3b5d082811e5fa5fc" },
        { "streaming", "3/4", 272,
          "3da2c651a4649b6362ff2ba6438e6af8c4d7b91b888cfa911d8a75d0d90f04f8f9b7" },
        { "streaming", "5/6", 240,
          "3a6d1bcf0693e8e45f236c0d396f0895d8af845be8cad81e3428a708dbe4" },
        { "streaming", "7/8", 232,
          "29eb71141a4f766afab6d08663c2256525c48fc8c9d57ee8c29d279f8f" },
};

} // namespace

class conv_code_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(conv_code_test);
    CPPUNIT_TEST(rejects_bad_parameters);
    CPPUNIT_TEST(rejects_oversized_frames);
    CPPUNIT_TEST(rejects_rate_one_or_more);
    CPPUNIT_TEST(rejects_repeated_generators);
    CPPUNIT_TEST(catastrophic_codes_by_state_diagram);
    CPPUNIT_TEST(accepts_standard_codes);
    CPPUNIT_TEST(encode_rejects_overflowing_block_count);
    CPPUNIT_TEST(termination_names);
    CPPUNIT_TEST(gr_fec_order_gives_the_same_code);
    CPPUNIT_TEST(gr_fec_order_rejects_bad_generators);
    CPPUNIT_TEST(generators_from_text);
    CPPUNIT_TEST(same_code_other_frame_length);
    CPPUNIT_TEST(sizes_and_names);
    CPPUNIT_TEST(frame_for_coded_length);
    CPPUNIT_TEST(puncturer_phases);
    CPPUNIT_TEST(puncture_map_reads_whole_blocks);
    CPPUNIT_TEST(encoder_matches_gr_fec);
    CPPUNIT_TEST(tailbiting_short_frame_is_circular);
    CPPUNIT_TEST(streaming_blocks_continue);
    CPPUNIT_TEST_SUITE_END();

    const std::vector<unsigned> p171 = { 0171, 0133 };

    void rejects_bad_parameters()
    {
        const auto make = [](int k, std::vector<unsigned> p, std::string punct = "",
                             termination t = termination::TERMINATED, size_t n = 100) {
            return [=] { conv_code c(k, p, punct, t, n); };
        };
        expect_invalid(make(2, { 3, 1 }), "k = 2");
        expect_invalid(make(10, { 01001, 01 }), "k = 10");
        expect_invalid(make(7, {}), "polys has 0 generators");
        expect_invalid(make(7, { 0171 }), "polys has 1");
        expect_invalid(make(7, { 0171, 0133, 0165, 0117, 0127 }), "polys has 5");
        expect_invalid(make(7, { 0171, 0 }), "polys[1] = 0o0");
        expect_invalid(make(7, { 0200, 0133 }), "polys[0] = 0o200");
        expect_invalid(make(7, { 0170, 0132 }), "oldest");
        expect_invalid(make(7, { 071, 033 }), "newest");
        expect_invalid(make(7, p171, "11x0"), "'11x0' has a character");
        expect_invalid(make(7, p171, "110"), "length 3");
        expect_invalid(make(7, p171, "0000"), "at least one '1'");
        expect_invalid(make(7, p171, "4/5"), "not a known named pattern");
        expect_invalid(make(7, { 0171, 0133, 0165 }, "3/4"), "rate-1/2");
        expect_invalid(make(7, p171, "", termination::TRUNCATED, 0), "frame_bits = 0");
        expect_invalid(make(3, { 7, 5 }, "001111", termination::TRUNCATED, 1), "sends none");
        expect_invalid([] { parse_termination("circular"); }, "termination = 'circular'");
        // Streaming ignores frame_bits.
        CPPUNIT_ASSERT_EQUAL(size_t(0),
                             conv_code(7, p171, "", termination::STREAMING, 0).frame_bits());
    }

    void rejects_oversized_frames()
    {
        const size_t max = conv_code::max_frame_bits;
        for (size_t n : { max + 1, size_t(1) << 31, size_t(1) << 63, ~size_t(0) })
            for (termination t : { termination::TERMINATED, termination::TAILBITING,
                                   termination::STREAMING })
                expect_invalid([=] { conv_code c(7, p171, "", t, n); },
                               "frame_bits = " + std::to_string(n) + " is out of range: allowed is 1 to " +
                                   std::to_string(max));
        // The longest frame works, with its sizes exact.
        const conv_code c(9, { 0557, 0663, 0711, 0447 }, "", termination::TERMINATED, max);
        CPPUNIT_ASSERT_EQUAL(max + 8, c.steps_per_block());
        CPPUNIT_ASSERT_EQUAL(4 * (max + 8), c.coded_bits_per_block());
    }

    void rejects_rate_one_or_more()
    {
        const auto make = [](std::vector<unsigned> p, std::string punct) {
            return [=] { conv_code c(7, p, punct, termination::TERMINATED, 100); };
        };
        expect_invalid(make(p171, "10"), "puncture = '10' sends 1 coded bits per 1 trellis steps (rate 1/1)");
        expect_invalid(make(p171, "01"), "rate 1/1");
        expect_invalid(make(p171, "1000"), "rate 2/1");
        expect_invalid(make(p171, "110000"), "rate 3/2");
        expect_invalid(make(p171, "10100110"), "rate 4/4");
        expect_invalid(make({ 0171, 0133, 0165 }, "100"), "rate 1/1");
        expect_invalid(make({ 0171, 0133, 0165, 0117 }, "10000010"), "rate 2/2");
        // Just below rate 1 is allowed.
        CPPUNIT_ASSERT_EQUAL(size_t(5), conv_code(7, p171, "1010101011", termination::STREAMING)
                                            .info_bits_per_block());
        CPPUNIT_ASSERT_EQUAL(size_t(2), conv_code(7, { 0171, 0133, 0165 }, "110", termination::STREAMING)
                                            .coded_bits_per_block());
    }

    void rejects_repeated_generators()
    {
        expect_invalid([] { conv_code c(7, { 0171, 0171 }); },
                       "polys[1] = 0o171 repeats polys[0]: the generators must be distinct");
        expect_invalid([] { conv_code c(7, { 0171, 0133, 0171 }); },
                       "polys[2] = 0o171 repeats polys[0]");
        expect_invalid([] { conv_code c(3, { 7, 5, 3, 5 }); }, "polys[3] = 0o5 repeats polys[1]");
    }

    /* The independent definition: a code is catastrophic when its state diagram has a loop,
     * other than state 0's zero-input self-loop, whose outputs are all zero (an input that
     * never dies out then costs no channel bits at all). */
    static bool zero_output_loop(int k, const std::vector<unsigned>& polys)
    {
        const unsigned states = 1u << (k - 1);
        // Depth-first search for a cycle among the zero-output edges.
        std::vector<int> mark(states, 0); // 0 new, 1 on the path, 2 done
        std::function<bool(unsigned)> visit = [&](unsigned s) {
            mark[s] = 1;
            for (unsigned u = 0; u < 2; ++u) {
                const unsigned r = (u << (k - 1)) | s;
                bool silent = true;
                for (unsigned g : polys)
                    silent = silent && __builtin_popcount(r & g) % 2 == 0;
                const unsigned next = r >> 1;
                if (!silent || (s == 0 && u == 0))
                    continue;
                if (mark[next] == 1 || (mark[next] == 0 && visit(next)))
                    return true;
            }
            mark[s] = 2;
            return false;
        };
        for (unsigned s = 0; s < states; ++s)
            if (mark[s] == 0 && visit(s))
                return true;
        return false;
    }

    void catastrophic_codes_by_state_diagram()
    {
        expect_invalid([] { conv_code c(3, { 5, 6 }); },
                       "polys = [0o5, 0o6] is a catastrophic code: the generators share the factor 0o3");
        expect_invalid([] { conv_code c(7, { 0105, 0177 }); }, "catastrophic");
        // Every rate-1/2 and a sample of rate-1/3 codes for k 3..6: conv_code accepts exactly
        // the non-catastrophic ones.
        size_t rejected = 0, accepted = 0;
        for (int k = 3; k <= 6; ++k)
            for (unsigned a = 1; a < (1u << k); ++a)
                for (unsigned b = a + 1; b < (1u << k); ++b)
                    for (unsigned c : { 0u, (a * 7 + b) % (1u << k) }) {
                        std::vector<unsigned> p = { a, b };
                        if (c != 0 && c != a && c != b)
                            p.push_back(c);
                        else if (c != 0)
                            continue;
                        const unsigned taps = a | b | c;
                        if (!(taps & 1u) || !(taps >> (k - 1)))
                            continue;
                        const bool bad = zero_output_loop(k, p);
                        try {
                            conv_code code(k, p);
                            ++accepted;
                            CPPUNIT_ASSERT_MESSAGE(code.name() + " is catastrophic", !bad);
                        } catch (const std::invalid_argument& e) {
                            ++rejected;
                            CPPUNIT_ASSERT_MESSAGE(e.what(), bad);
                            CPPUNIT_ASSERT_MESSAGE(e.what(), std::string(e.what()).find("catastrophic") !=
                                                                 std::string::npos);
                        }
                    }
        CPPUNIT_ASSERT(rejected > 100 && accepted > 1000);
    }

    void accepts_standard_codes()
    {
        // K=7 171/133 (DVB-T, 802.11, CCSDS), its LTE rate-1/3 133/171/165, the K=9 codes of
        // IS-95 / 3GPP (r1/2 753/561, r1/3 557/663/711) and the tests' K=9 r1/4 and K=5 codes.
        const std::vector<std::pair<int, std::vector<unsigned>>> codes = {
            { 7, { 0171, 0133 } },        { 7, { 0133, 0171 } },
            { 7, { 0133, 0171, 0165 } },  { 7, { 0171, 0133, 0165, 0117 } },
            { 9, { 0753, 0561 } },        { 9, { 0557, 0663, 0711 } },
            { 9, { 0557, 0663, 0711, 0447 } }, { 5, { 023, 035 } },
            { 5, { 023, 035, 027 } },     { 5, { 025, 033, 037 } },
            { 3, { 07, 05 } },
        };
        for (const auto& c : codes) {
            CPPUNIT_ASSERT(!zero_output_loop(c.first, c.second));
            conv_code(c.first, c.second, "", termination::TAILBITING, 10);
        }
        for (const char* p : { "2/3", "3/4", "5/6", "7/8" })
            conv_code(7, p171, p);
    }

    void encode_rejects_overflowing_block_count()
    {
        const conv_code c(7, p171, "", termination::TERMINATED, 100);
        uint8_t info = 0, coded = 0;
        expect_invalid([&] { c.encode(&info, &coded, size_t(1) << 62); },
                       "n_blocks = 4611686018427387904 is too large: at 100 information bits per block");
    }

    void termination_names()
    {
        for (termination t : { termination::TERMINATED, termination::TRUNCATED,
                               termination::TAILBITING, termination::STREAMING })
            CPPUNIT_ASSERT(parse_termination(termination_name(t)) == t);
        CPPUNIT_ASSERT(parse_termination("TailBiting") == termination::TAILBITING);
    }

    /* gr-fec's form of a generator, written independently of the implementation: the k-bit
     * binary string read backwards. */
    static unsigned gr_fec_form(unsigned p, int k)
    {
        std::string bits;
        for (int i = k - 1; i >= 0; --i)
            bits += char('0' + ((p >> i) & 1u));
        return static_cast<unsigned>(std::stoul(std::string(bits.rbegin(), bits.rend()), nullptr, 2));
    }

    void gr_fec_order_gives_the_same_code()
    {
        // The published pair: gr-fec's cc_encoder needs [79, 109] for 171/133 (FACTS.md).
        const conv_code a(7, { 79, 109 }, "3/4", termination::TERMINATED, 100, polys_order::GR_FEC);
        const conv_code b(7, p171, "3/4", termination::TERMINATED, 100);
        CPPUNIT_ASSERT(a.polys() == p171);
        CPPUNIT_ASSERT_EQUAL(b.name(), a.name());
        std::vector<uint8_t> info(100), ca(a.coded_bits_per_block()), cb(ca.size());
        for (size_t i = 0; i < info.size(); ++i)
            info[i] = uint8_t((i * 7 + i / 3) & 1);
        a.encode(info.data(), ca.data(), 1);
        b.encode(info.data(), cb.data(), 1);
        CPPUNIT_ASSERT(ca == cb);
        // Other codes: the order of the generators is kept, each one reversed over k bits.
        for (const auto& c : std::vector<std::pair<int, std::vector<unsigned>>>{
                 { 7, { 0133, 0171, 0165 } }, { 9, { 0753, 0561 } }, { 5, { 023, 035, 027 } } }) {
            std::vector<unsigned> theirs;
            for (unsigned g : c.second)
                theirs.push_back(gr_fec_form(g, c.first));
            CPPUNIT_ASSERT(conv_code(c.first, theirs, "", termination::TRUNCATED, 10,
                                     polys_order::GR_FEC).polys() == c.second);
        }
    }

    void gr_fec_order_rejects_bad_generators()
    {
        const auto make = [](std::vector<unsigned> p) {
            return [=] { conv_code c(7, p, "", termination::TERMINATED, 100, polys_order::GR_FEC); };
        };
        expect_invalid(make({ 128, 109 }),
                       "polys[0] = 128 is out of range for k = 7: each generator (negative: its "
                       "magnitude) must be in [1, 128) in gr-fec order");
        expect_invalid(make({ 79, 0 }), "polys[1] = 0 is out of range");
        expect_invalid(make({ 79, 79 }), "repeats polys[0]");
        expect_invalid([] { conv_code c(7, { 79, 109 }, "", termination::TERMINATED, 100,
                                        static_cast<polys_order>(2)); },
                       "polys_order = 2 is not known");
        CPPUNIT_ASSERT(parse_polys_order("gr-fec") == polys_order::GR_FEC);
        CPPUNIT_ASSERT(parse_polys_order(polys_order_name(polys_order::OCTAL)) == polys_order::OCTAL);
        expect_invalid([] { parse_polys_order("reversed"); }, "polys_order = 'reversed' is not known");
    }

    void generators_from_text()
    {
        const std::vector<int> k7 = { 0171, 0133 }, grfec = { 79, 109 };
        for (const char* t : { "171, 133", "[0o171, 0o133]", "171 133", "(0O171,133)" })
            CPPUNIT_ASSERT(parse_polys(t, polys_order::OCTAL) == k7);
        for (const char* t : { "79, 109", "[0x4f, 0o155]", "0b1001111 109" })
            CPPUNIT_ASSERT(parse_polys(t, polys_order::GR_FEC) == grfec);
        expect_invalid([] { parse_polys("179, 133", polys_order::OCTAL); },
                       "polys = '179, 133': '179' is not a generator in base 8");
        expect_invalid([] { parse_polys("79, 10f", polys_order::GR_FEC); }, "'10f' is not a generator in base 10");
        expect_invalid([] { parse_polys("-9, 7", polys_order::OCTAL); }, "'-9'");
        expect_invalid([] { parse_polys("~-5, 7", polys_order::OCTAL); }, "'~-5'");
        expect_invalid([] { parse_polys("~, 7", polys_order::OCTAL); }, "'~'");
        expect_invalid([] { parse_polys("0x, 7", polys_order::OCTAL); }, "'0x'");
        expect_invalid([] { parse_polys("7, 99999999999999999999", polys_order::GR_FEC); },
                       "'99999999999999999999'");
        expect_invalid([] { parse_polys(" [ ] ", polys_order::OCTAL); }, "has no generators");
    }

    void same_code_other_frame_length()
    {
        const conv_code a(7, p171, "110110", termination::TAILBITING, 2048);
        const auto b = conv_code_with_frame_bits(a, 300);
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [171,133] r3/4 (110110) tailbiting N=300"), b->name());
        expect_invalid([&] { conv_code_with_frame_bits(a, 0); }, "frame_bits = 0");
        expect_invalid([] { conv_code_with_frame_bits(conv_code(7, { 0171, 0133 }, "", termination::STREAMING), 10); },
                       "is streaming");
    }

    void sizes_and_names()
    {
        const conv_code a(7, p171, "3/4", termination::TERMINATED, 2048);
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [171,133] r3/4 terminated N=2048"), a.name());
        CPPUNIT_ASSERT_EQUAL(size_t(2054), a.steps_per_block());
        // 4108 mother bits = 684 periods of 6 (4 sent each) + "1101" (3 sent)
        CPPUNIT_ASSERT_EQUAL(size_t(684 * 4 + 3), a.coded_bits_per_block());
        CPPUNIT_ASSERT(a.punctured());

        const conv_code b(7, p171, "", termination::STREAMING);
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [171,133] r1/2 streaming"), b.name());
        CPPUNIT_ASSERT_EQUAL(size_t(1), b.info_bits_per_block());
        CPPUNIT_ASSERT_EQUAL(size_t(2), b.coded_bits_per_block());
        CPPUNIT_ASSERT_EQUAL(size_t(6), b.history_bits());

        const conv_code c(7, p171, "7/8", termination::STREAMING);
        CPPUNIT_ASSERT_EQUAL(size_t(7), c.info_bits_per_block());
        CPPUNIT_ASSERT_EQUAL(size_t(8), c.coded_bits_per_block());

        const conv_code d(5, { 025, 033, 037 }, "110011", termination::TAILBITING, 10);
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=5 [25,33,37] r1/2 (110011) tailbiting N=10"),
                             d.name());
        CPPUNIT_ASSERT_EQUAL(size_t(20), d.coded_bits_per_block());
        CPPUNIT_ASSERT_EQUAL(size_t(0), d.history_bits());

        // "1/2" and an all-ones pattern mean no puncturing.
        for (const char* p : { "1/2", "1111" }) {
            const conv_code e(3, { 7, 5 }, p, termination::TRUNCATED, 5);
            CPPUNIT_ASSERT(!e.punctured());
            CPPUNIT_ASSERT_EQUAL(size_t(2), e.puncture_pattern().size());
            CPPUNIT_ASSERT_EQUAL(std::string("conv K=3 [7,5] r1/2 truncated N=5"), e.name());
        }
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            5.0 / 14.0, conv_code(3, { 7, 5 }, "", termination::TERMINATED, 5).rate(), 1e-12);
    }

    /* Regressions of fuzz/conv_code findings; the channel bit counts are worked out by hand
     * from the patterns. */
    void frame_for_coded_length()
    {
        const size_t max = conv_code::max_frame_bits;
        // Near the frame limit: 2 (N + 6) channel bits for N = max - 3 (the search once tried
        // frames above the limit and failed).
        for (size_t N : { max - 3, max }) {
            const conv_code like(7, p171, "", termination::TERMINATED, 100);
            CPPUNIT_ASSERT_EQUAL(N, conv_code_for_coded_length(like, 2 * (N + 6))->frame_bits());
        }
        expect_invalid([&] { conv_code_for_coded_length(conv_code(7, p171), ~size_t(0)); },
                       "no frame of");
        // "00 00 11 11 11" (truncated): frames of 1 and 2 bits send nothing, 3 bits send 2,
        // 4 send 4, 5 and 6 send 6. Fewer channel bits than information bits must be found
        // too, and a length that two frames share names neither.
        const conv_code deleted(3, { 7, 5 }, "0000111111", termination::TRUNCATED, 10);
        CPPUNIT_ASSERT_EQUAL(size_t(3), conv_code_for_coded_length(deleted, 2)->frame_bits());
        CPPUNIT_ASSERT_EQUAL(size_t(4), conv_code_for_coded_length(deleted, 4)->frame_bits());
        expect_invalid([&] { conv_code_for_coded_length(deleted, 6); },
                       "frames of 5 and 6 information bits of 'conv K=3 [7,5] r5/6 (0000111111) "
                       "truncated N=10' both have 6 channel bits");
        expect_invalid([&] { conv_code_for_coded_length(deleted, 3); },
                       "no frame of 'conv K=3 [7,5] r5/6 (0000111111) truncated N=10' has 3 "
                       "channel bits (4 information bits give 4)");
        // The same for a tail-biting frame of the K=7 code, as the fuzzer found it.
        const conv_code tb(7, { 0144, 0151 }, "11110010", termination::TAILBITING, 187);
        expect_invalid([&] { conv_code_for_coded_length(tb, tb.coded_bits_per_block()); },
                       "frames of 186 and 187 information bits");
        expect_invalid([&] { conv_code_for_coded_length(conv_code(7, p171, "", termination::STREAMING), 4); },
                       "is streaming");
    }

    void puncturer_phases()
    {
        const conv::puncturer p({ 1, 1, 0, 1, 1, 0 });
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), p.mother_position(0));
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), p.mother_position(2));
        CPPUNIT_ASSERT_EQUAL(uint64_t(7), p.mother_position(5));
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), p.kept_count(5, 5)); // positions 5..9: 0 1 1 0 1
        const std::vector<uint8_t> mother = { 1, 2, 3, 4, 5, 6, 7, 8 };
        std::vector<uint8_t> out(8);
        CPPUNIT_ASSERT_EQUAL(size_t(5), p.puncture(mother.data(), 8, 4, out.data()));
        CPPUNIT_ASSERT(std::vector<uint8_t>({ 1, 3, 4, 6, 7 }) ==
                       std::vector<uint8_t>(out.begin(), out.begin() + 5));
        const std::vector<int8_t> sent = { 1, 3, 4, 6, 7 };
        std::vector<int8_t> back(8);
        CPPUNIT_ASSERT_EQUAL(size_t(5), p.depuncture(sent.data(), 8, 4, back.data()));
        CPPUNIT_ASSERT(std::vector<int8_t>({ 1, 0, 3, 4, 0, 6, 7, 0 }) == back);
    }

    /* The map's random access (what the device depuncturer reads, block by block) against a
     * hand-written block and the puncturer's sequential loop. */
    void puncture_map_reads_whole_blocks()
    {
        const std::vector<int8_t> sent = { 1, 2, 3, 4, 5, 6, 7, 8 };
        const conv::puncturer small({ 1, 1, 0, 1, 1, 0 }, { false, true });
        std::vector<int8_t> got(12);
        for (uint32_t m = 0; m < got.size(); ++m)
            got[m] = small.map().value(m, sent.data());
        CPPUNIT_ASSERT(std::vector<int8_t>({ 1, -2, 0, -3, 4, 0, 5, -6, 0, -7, 8, 0 }) == got);

        std::mt19937 rng(4);
        // Framed codes restart the pattern per frame (M not a multiple of the period here);
        // a streaming code's block is one period.
        for (const auto& c : { conv_code::make(7, p171, "3/4", termination::TERMINATED, 100),
                               conv_code::make(7, p171, "7/8", termination::TAILBITING, 33),
                               conv_code::make(5, { 023, 035 }, "110110", termination::STREAMING),
                               conv_code::make(7, p171, "", termination::TRUNCATED, 50),
                               conv_code::make_signed(7, { 0171, -0133 }, "", termination::STREAMING),
                               conv_code::make_signed(7, { -0133, 0171 }, "3/4", termination::TERMINATED, 70) }) {
            const size_t M = c->mother_bits_per_block(), C = c->coded_bits_per_block(), blocks = 9;
            std::vector<int8_t> in(blocks * C);
            for (auto& x : in)
                x = int8_t(int(rng() % 255) - 127);
            const conv::puncturer p(c->puncture_pattern(), c->inverted());
            std::vector<int8_t> expect(blocks * M), by_map(blocks * M);
            for (size_t b = 0; b < blocks; ++b) {
                CPPUNIT_ASSERT_EQUAL(C, p.depuncture(in.data() + b * C, M, 0, expect.data() + b * M));
                for (uint32_t m = 0; m < M; ++m)
                    by_map[b * M + m] = p.map().value(m, in.data() + b * C);
            }
            CPPUNIT_ASSERT_MESSAGE(c->name(), expect == by_map);
        }
    }

    void encoder_matches_gr_fec()
    {
        const std::vector<uint8_t> info = from_hex(ref_info, ref_frame_bits);
        for (const reference& r : references) {
            const conv_code c(7, p171, r.puncture, parse_termination(r.term), ref_frame_bits);
            std::vector<uint8_t> coded;
            if (c.term() == termination::STREAMING) {
                // 204 steps from state 0: whole blocks (periods), then one more for the rest.
                const size_t blocks =
                    (ref_frame_bits + c.info_bits_per_block() - 1) / c.info_bits_per_block();
                std::vector<uint8_t> bits(c.history_bits() + blocks * c.info_bits_per_block(), 0);
                std::copy(info.begin(), info.end(), bits.begin() + c.history_bits());
                coded.resize(blocks * c.coded_bits_per_block());
                c.encode(bits.data() + c.history_bits(), coded.data(), blocks);
            } else {
                coded.resize(c.coded_bits_per_block());
                c.encode(info.data(), coded.data(), 1);
                if (c.mother_bits_per_block() % c.puncture_pattern().size() == 0)
                    CPPUNIT_ASSERT_EQUAL(r.bits, coded.size());
            }
            const std::string what = std::string(r.term) + " " + r.puncture;
            CPPUNIT_ASSERT_MESSAGE(what, coded.size() >= r.bits);
            coded.resize(r.bits);
            CPPUNIT_ASSERT_MESSAGE(what, coded == from_hex(r.hex, r.bits));
        }
    }

    void tailbiting_short_frame_is_circular()
    {
        // A 2-bit frame of K=5 repeats: the start state is (b1 b0 b1 b0), newest first, so the
        // coded frame equals the second period of the encoded infinite repetition.
        const conv_code tb(5, { 023, 035 }, "", termination::TAILBITING, 2);
        const conv_code st(5, { 023, 035 }, "", termination::STREAMING);
        const std::vector<uint8_t> rep = { 0, 0, 0, 0, 1, 0, 1, 0, 1, 0 };
        std::vector<uint8_t> a(4), b(12);
        tb.encode(rep.data() + 4, a.data(), 1);
        st.encode(rep.data() + 4, b.data(), 6);
        CPPUNIT_ASSERT(std::vector<uint8_t>(b.end() - 4, b.end()) == a);
    }

    void streaming_blocks_continue()
    {
        // Blocks encoded one call each equal one call over all of them.
        const conv_code c(7, p171, "3/4", termination::STREAMING);
        std::vector<uint8_t> bits(6 + 30);
        for (size_t i = 0; i < bits.size(); ++i)
            bits[i] = (i * 7 + i / 3) % 5 < 2;
        std::vector<uint8_t> all(10 * 4), one(10 * 4);
        c.encode(bits.data() + 6, all.data(), 10);
        for (size_t b = 0; b < 10; ++b)
            c.encode(bits.data() + 6 + 3 * b, one.data() + 4 * b, 1);
        CPPUNIT_ASSERT(all == one);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(conv_code_test);

} // namespace gpufec
} // namespace gr
