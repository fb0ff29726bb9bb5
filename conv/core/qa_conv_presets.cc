/* conv_code::preset against the standards: every preset and rate encodes what a direct
 * shift-register encoder built here from the standard's generators, inversions and puncturing
 * tables sends; and the encodings equal published vectors of other implementations
 * (conv/core/vectors/README.md): IEEE 802.11's Annex G example and OTP4LTE-U's LTE code.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/qa_expect.h"
#include "qa_conv_viterbi_util.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

using qa::expect_invalid;

/* A code as its standard prints it: generators in output order (octal, the first tap the
 * current input bit), which are inverted, and one puncturing row per output (1 = sent). */
struct standard_code {
    const char* preset;
    const char* rate;
    std::vector<unsigned> polys;
    std::vector<bool> inverted;
    std::vector<std::string> rows;
};

const std::vector<standard_code>& standard_codes()
{
    static const std::vector<standard_code> codes = {
        // CCSDS 131.0-B §3.3 (G2 inverted) and §3.4, table 3-1 (C1/C2 rows, no inversion).
        { "ccsds", "1/2", { 0171, 0133 }, { false, true }, { "1", "1" } },
        { "ccsds", "2/3", { 0171, 0133 }, { false, false }, { "10", "11" } },
        { "ccsds", "3/4", { 0171, 0133 }, { false, false }, { "101", "110" } },
        { "ccsds", "5/6", { 0171, 0133 }, { false, false }, { "10101", "11010" } },
        { "ccsds", "7/8", { 0171, 0133 }, { false, false }, { "1000101", "1111010" } },
        { "nasa-dsn", "1/2", { 0133, 0171 }, { true, false }, { "1", "1" } },
        // IEEE 802.11-2016 §17.3.5.6, figure 17-9 (A = 133 then B = 171); 5/6: §19.3.11.6.
        { "802.11", "1/2", { 0133, 0171 }, { false, false }, { "1", "1" } },
        { "802.11", "2/3", { 0133, 0171 }, { false, false }, { "11", "10" } },
        { "802.11", "3/4", { 0133, 0171 }, { false, false }, { "110", "101" } },
        { "802.11", "5/6", { 0133, 0171 }, { false, false }, { "11010", "10101" } },
        // ETSI EN 300 421 table 2 / EN 300 744 table 1 (X = 171, Y = 133).
        { "dvb", "1/2", { 0171, 0133 }, { false, false }, { "1", "1" } },
        { "dvb", "2/3", { 0171, 0133 }, { false, false }, { "10", "11" } },
        { "dvb", "3/4", { 0171, 0133 }, { false, false }, { "101", "110" } },
        { "dvb", "5/6", { 0171, 0133 }, { false, false }, { "10101", "11010" } },
        { "dvb", "7/8", { 0171, 0133 }, { false, false }, { "1000101", "1111010" } },
        // 3GPP TS 36.212 §5.1.3.1.
        { "lte", "1/3", { 0133, 0171, 0165 }, { false, false, false }, { "1", "1", "1" } },
    };
    return codes;
}

/* The direct encoder: output j of step t is the parity of the generator's taps over
 * u(t), u(t-1), ..., u(t-6) (zeros before the stream), complemented when inverted; step t
 * sends output j where row j has a 1 at t mod its length, outputs in order. */
std::vector<uint8_t> direct_encode(const standard_code& s, const std::vector<uint8_t>& u)
{
    std::vector<uint8_t> out;
    for (size_t t = 0; t < u.size(); ++t)
        for (size_t j = 0; j < s.polys.size(); ++j) {
            unsigned bit = s.inverted[j];
            for (int d = 0; d < 7; ++d)
                if ((s.polys[j] >> (6 - d)) & 1u)
                    bit ^= t >= size_t(d) ? u[t - d] : 0;
            const std::string& row = s.rows[j];
            if (row[t % row.size()] == '1')
                out.push_back(uint8_t(bit));
        }
    return out;
}

std::string vector_path(const std::string& name)
{
    return std::string(GPUFEC_CONV_VECTORS_DIR) + "/" + name;
}

/* Bits written as "0,1, 1,..." (OTP4LTE-U's files). */
std::vector<uint8_t> read_bit_list(const std::string& name)
{
    std::ifstream f(vector_path(name));
    CPPUNIT_ASSERT_MESSAGE("cannot read " + vector_path(name), f.good());
    std::vector<uint8_t> bits;
    for (char ch; f.get(ch);)
        if (ch == '0' || ch == '1')
            bits.push_back(uint8_t(ch - '0'));
    return bits;
}

/* annex_g.txt: "TABLE hex" lines, most significant bit first. */
std::map<std::string, std::vector<uint8_t>> read_annex_g()
{
    std::ifstream f(vector_path("ieee802.11/annex_g.txt"));
    CPPUNIT_ASSERT_MESSAGE("cannot read annex_g.txt", f.good());
    std::map<std::string, std::vector<uint8_t>> tables;
    for (std::string line; std::getline(f, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream s(line);
        std::string table, hex;
        s >> table >> hex;
        auto& bits = tables[table];
        for (char c : hex) {
            const int v = std::stoi(std::string(1, c), nullptr, 16);
            for (int b = 3; b >= 0; --b)
                bits.push_back(uint8_t((v >> b) & 1));
        }
    }
    return tables;
}

std::vector<uint8_t> encode_frame(conv_code_sptr c, const std::vector<uint8_t>& info)
{
    std::vector<uint8_t> coded(c->coded_bits_per_block());
    c->encode(info.data(), coded.data(), 1);
    return coded;
}

} // namespace

class conv_presets_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(conv_presets_test);
    CPPUNIT_TEST(presets_encode_as_their_standards_say);
    CPPUNIT_TEST(lte_equals_otp4lte_u);
    CPPUNIT_TEST(ieee80211_equals_annex_g);
    CPPUNIT_TEST(names_and_bad_requests);
    CPPUNIT_TEST_SUITE_END();

    void presets_encode_as_their_standards_say()
    {
        std::mt19937 rng(31);
        std::map<std::string, size_t> rates_seen;
        for (const auto& s : standard_codes()) {
            const auto c = conv_code::preset(s.preset, s.rate, termination::STREAMING);
            const std::string what = std::string(s.preset) + " " + s.rate + ": " + c->name();
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, 7, c->k());
            CPPUNIT_ASSERT_MESSAGE(what, c->polys() == s.polys);
            CPPUNIT_ASSERT_MESSAGE(what, c->inverted() == s.inverted);
            // 840 steps: whole periods of every pattern (1, 2, 3, 5, 7 steps).
            const auto u = qa::random_bits(840, rng);
            CPPUNIT_ASSERT_MESSAGE(what, qa::encode(*c, u) == direct_encode(s, u));
            ++rates_seen[s.preset];
        }
        // Every preset is covered, each with all its rates, and "" is the mother code.
        for (const auto& name : conv_code::preset_names()) {
            CPPUNIT_ASSERT_MESSAGE(name, rates_seen.count(name));
            const auto first = std::find_if(standard_codes().begin(), standard_codes().end(),
                                            [&](const standard_code& s) { return name == s.preset; });
            CPPUNIT_ASSERT_EQUAL(conv_code::preset(name, first->rate)->name(),
                                 conv_code::preset(name)->name());
        }
        CPPUNIT_ASSERT_EQUAL(size_t(5), rates_seen["dvb"]);
        CPPUNIT_ASSERT_EQUAL(size_t(5), rates_seen["ccsds"]);
        CPPUNIT_ASSERT_EQUAL(size_t(4), rates_seen["802.11"]);
    }

    void lte_equals_otp4lte_u()
    {
        const auto in = read_bit_list("otp4lte-u/test_convCode.infile");
        const auto ground = read_bit_list("otp4lte-u/test_convCode.outfile.ground");
        CPPUNIT_ASSERT_EQUAL(size_t(32), in.size());
        CPPUNIT_ASSERT_EQUAL(size_t(96), ground.size());
        const auto coded =
            encode_frame(conv_code::preset("lte", "", termination::TAILBITING, 32), in);
        // Ours sends d(0) d(1) d(2) of each step; the file holds the three streams one after
        // the other.
        for (size_t t = 0; t < 32; ++t)
            for (size_t j = 0; j < 3; ++j)
                CPPUNIT_ASSERT_EQUAL_MESSAGE("d(" + std::to_string(j) + ") step " + std::to_string(t),
                                             ground[32 * j + t], coded[3 * t + j]);
    }

    void ieee80211_equals_annex_g()
    {
        auto g = read_annex_g();
        // SIGNAL: 18 bits and the 6 tail zeros, rate 1/2: a terminated frame of 18 bits.
        CPPUNIT_ASSERT_EQUAL(size_t(24), g["G7"].size());
        CPPUNIT_ASSERT(std::all_of(g["G7"].begin() + 18, g["G7"].end(), [](uint8_t b) { return !b; }));
        const std::vector<uint8_t> signal(g["G7"].begin(), g["G7"].begin() + 18);
        CPPUNIT_ASSERT(encode_frame(conv_code::preset("802.11", "1/2", termination::TERMINATED, 18),
                                    signal) == g["G8"]);
        // The first DATA symbol: 144 scrambled bits at rate 3/4 from state 0 are its 192 coded
        // bits, whatever follows.
        CPPUNIT_ASSERT_EQUAL(size_t(144), g["G16"].size());
        CPPUNIT_ASSERT_EQUAL(size_t(192), g["G18"].size());
        CPPUNIT_ASSERT(encode_frame(conv_code::preset("802.11", "3/4", termination::TRUNCATED, 144),
                                    g["G16"]) == g["G18"]);
        // DVB's 3/4 (the same generators, the other order and pattern) does not give them.
        CPPUNIT_ASSERT(encode_frame(conv_code::preset("dvb", "3/4", termination::TRUNCATED, 144),
                                    g["G16"]) != g["G18"]);
    }

    void names_and_bad_requests()
    {
        CPPUNIT_ASSERT(conv_code::preset_names() ==
                       (std::vector<std::string>{ "ccsds", "nasa-dsn", "802.11", "dvb", "lte" }));
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [171,~133] r1/2 terminated N=2048"),
                             conv_code::preset("ccsds")->name());
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [133,171,165] r1/3 tailbiting N=40"),
                             conv_code::preset("lte", "1/3", termination::TAILBITING, 40)->name());
        expect_invalid([] { conv_code::preset("voyager"); },
                       "preset = 'voyager' is not known: use one of ccsds, nasa-dsn, 802.11, dvb, lte");
        expect_invalid([] { conv_code::preset("802.11", "7/8"); },
                       "puncture = '7/8' is not a rate of preset '802.11': use '' or one of 1/2, "
                       "2/3, 3/4, 5/6");
        expect_invalid([] { conv_code::preset("lte", "110110"); }, "is not a rate of preset 'lte'");
        expect_invalid([] { conv_code::preset("dvb", "", termination::TERMINATED, 0); }, "frame_bits = 0");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(conv_presets_test);

} // namespace gpufec
} // namespace gr
