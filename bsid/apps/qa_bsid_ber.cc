/* gpufec_ber over the insertion/deletion channel: --channel bsid and --code tvb parse, and a
 * simulated point's symbol, bit and frame errors agree with what they must be: none without
 * noise, and with substitutions only (pi = pd = 0) the MAP decoder decides each symbol from
 * its own n bits, so its error rates follow from the codebooks by enumerating the error
 * patterns (computed here, outside the decoder).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "apps/ber/channel_registry.h"
#include "apps/ber/code_registry.h"
#include "skeleton/test/qa_expect.h"
#include "apps/ber/report.h"
#include "apps/ber/simulate.h"
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <stdexcept>

namespace gpufec_ber {

namespace {

/* A code over a binary symmetric channel, symbol by symbol, as the decoder decides (the
 * nearest codeword, the lowest symbol on a tie, docs/bsid.md): per frame, the expected symbol
 * and bit errors and their variances, and the frame error rate. */
struct bsc_expectation {
    double symbols = 0, symbols_var = 0;
    double bits = 0, bits_var = 0;
    double fer = 0;
};

bsc_expectation expect_bsc(const gr::gpufec::tvb_code& c, double ps)
{
    const size_t n = c.n(), q = c.q();
    bsc_expectation x;
    double all_right = 1;
    for (size_t i = 0; i < c.N(); ++i) {
        double wrong = 0, bits = 0, bits2 = 0;
        for (size_t d = 0; d < q; ++d) {
            for (uint32_t e = 0; e < (1u << n); ++e) {
                const int w = __builtin_popcount(e);
                const double p = std::pow(ps, w) * std::pow(1 - ps, int(n) - w) / double(q);
                const uint32_t y = c.codeword(i, d) ^ e;
                size_t decided = 0;
                for (size_t k = 1; k < q; ++k)
                    if (__builtin_popcount(y ^ c.codeword(i, k)) <
                        __builtin_popcount(y ^ c.codeword(i, decided)))
                        decided = k;
                const int b = __builtin_popcount(uint32_t(decided ^ d));
                wrong += decided != d ? p : 0;
                bits += p * b;
                bits2 += p * b * b;
            }
        }
        x.symbols += wrong;
        x.symbols_var += wrong * (1 - wrong);
        x.bits += bits;
        x.bits_var += bits2 - bits * bits;
        all_right *= 1 - wrong;
    }
    x.fer = 1 - all_right;
    return x;
}

/* |observed - expected| within 5 standard deviations of a sum of F independent frames. */
void expect_near(const char* what, uint64_t observed, double mean, double var, double frames)
{
    const double sd = std::sqrt(frames * var);
    CPPUNIT_ASSERT_MESSAGE(std::string(what) + ": " + std::to_string(observed) + " observed, " +
                               std::to_string(frames * mean) + " +- " + std::to_string(sd) + " expected",
                           std::fabs(double(observed) - frames * mean) <= 5 * sd + 1);
}

point_result simulate(const std::string& code, const std::string& channel, double value, uint64_t frames)
{
    const code_under_test cut = make_code(code, 2048);
    stop_rule rule;
    rule.max_frames = frames;
    rule.min_frame_errors = frames + 1; // run them all
    const auto sim = cut.cpu(sim_setup{ make_channel(channel).at(value, cut.coded->rate()), 7, 0 });
    return simulate_point(*sim, cut.frame_bits, rule);
}

} // namespace

class ber_bsid_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(ber_bsid_test);
    CPPUNIT_TEST(specs_parse);
    CPPUNIT_TEST(bad_specs_fail);
    CPPUNIT_TEST(noise_free_point_has_no_errors);
    CPPUNIT_TEST(substitution_point_matches_the_enumeration);
    CPPUNIT_TEST(insertions_and_deletions_are_decoded);
    CPPUNIT_TEST(report_has_the_symbol_error_rate);
    CPPUNIT_TEST(points_are_named_after_the_swept_keys);
    CPPUNIT_TEST(tvb_runs_with_its_defaults);
    CPPUNIT_TEST_SUITE_END();

    void specs_parse()
    {
        const code_under_test cut = make_code("tvb:n=10,q=32,N=210,construction=watermark", 2048);
        CPPUNIT_ASSERT_EQUAL(size_t(210 * 5), cut.frame_bits);
        CPPUNIT_ASSERT_EQUAL(size_t(210), cut.symbols_per_frame);
        CPPUNIT_ASSERT_EQUAL(size_t(2100), cut.coded->coded_bits_per_block());
        CPPUNIT_ASSERT(cut.cpu);
        // N from --frame-bits
        CPPUNIT_ASSERT_EQUAL(size_t(40), make_code("tvb:n=6,q=8", 120).symbols_per_frame);
        const channel_point p = make_channel("bsid:pi=x,pd=0.01,ps=x").at(0.002, 0.5);
        CPPUNIT_ASSERT_EQUAL(std::string("bsid"), p.channel);
        CPPUNIT_ASSERT_EQUAL(0.002, p.bsid_channel("x").pi);
        CPPUNIT_ASSERT_EQUAL(0.01, p.bsid_channel("x").pd);
        CPPUNIT_ASSERT_EQUAL(0.002, p.bsid_channel("x").ps);
        CPPUNIT_ASSERT_EQUAL(0.0, make_channel("bsid").at(1, 1).bsid_channel("x").pi);
    }

    void bad_specs_fail()
    {
        for (const char* spec : { "tvb:n=0", "tvb:q=12", "tvb:n=3,q=16", "tvb:construction=x",
                                  "tvb:foo=1", "tvb:N", "tvb:precision=half", "tvb:threshold=2",
                                  "tvb:lattice=wide" })
            CPPUNIT_ASSERT_THROW_MESSAGE(spec, make_code(spec, 100), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(make_code("tvb:q=8", 100), std::invalid_argument); // 100 bits, 3 per symbol
        for (const char* spec : { "bsid:pi=-1", "bsid:pi=0.6,pd=0.6", "bsid:pz=0.1", "bsid:pi" })
            CPPUNIT_ASSERT_THROW_MESSAGE(spec, make_channel(spec).at(0, 1), std::invalid_argument);
        // Each simulation says which channel it needs.
        const code_under_test tvb = make_code("tvb:n=6,q=8,N=4", 2048);
        gr::gpufec::qa::expect_invalid([&] { tvb.cpu(sim_setup{ make_channel("awgn").at(3, 0.5), 1, 0 }); },
                                       "needs the insertion/deletion channel");
        const code_under_test conv = make_code("conv", 64);
        gr::gpufec::qa::expect_invalid([&] { conv.cpu(sim_setup{ make_channel("bsid").at(0, 0.5), 1, 0 }); },
                                       "cannot be simulated over channel 'bsid'");
    }

    void noise_free_point_has_no_errors()
    {
        for (const char* spec : { "tvb:n=8,q=16,N=20,construction=watermark,lattice=corridor",
                                  "tvb:n=8,q=16,N=20,construction=watermark,lattice=pooled" }) {
            const point_result r = simulate(spec, "bsid", 0, 50);
            CPPUNIT_ASSERT_EQUAL(uint64_t(50), r.counts.frames);
            CPPUNIT_ASSERT_EQUAL(uint64_t(0), r.counts.bit_errors);
            CPPUNIT_ASSERT_EQUAL(uint64_t(0), r.counts.symbol_errors);
            CPPUNIT_ASSERT_EQUAL(uint64_t(0), r.counts.frame_errors);
        }
    }

    void substitution_point_matches_the_enumeration()
    {
        const double ps = 0.06;
        const uint64_t F = 1500;
        const std::string spec = "tvb:n=7,q=8,N=6,seed=3,precision=double";
        const point_result r = simulate(spec, "bsid:ps=x", ps, F);
        const auto code = std::dynamic_pointer_cast<const gr::gpufec::tvb_code>(make_code(spec, 0).coded);
        const bsc_expectation x = expect_bsc(*code, ps);
        const double f = double(F);
        expect_near("symbol errors", r.counts.symbol_errors, x.symbols, x.symbols_var, f);
        expect_near("bit errors", r.counts.bit_errors, x.bits, x.bits_var, f);
        expect_near("frame errors", r.counts.frame_errors, x.fer, x.fer * (1 - x.fer), f);
        // A wrong symbol has 1 to log2(q) wrong bits.
        CPPUNIT_ASSERT(r.counts.bit_errors >= r.counts.symbol_errors);
        CPPUNIT_ASSERT(r.counts.bit_errors <= 3 * r.counts.symbol_errors);
        CPPUNIT_ASSERT(r.counts.symbol_errors > 0);
    }

    void insertions_and_deletions_are_decoded()
    {
        // At pi = pd = 1e-3 a watermark code of n = 8, q = 16 loses few symbols: far below
        // what an undecoded frame (a random guess: 15/16 of its symbols wrong) would give.
        const point_result r = simulate("tvb:n=8,q=16,N=20,construction=watermark", "bsid:pi=x,pd=x", 1e-3, 100);
        CPPUNIT_ASSERT(r.counts.frames == 100);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(r.counts.symbol_errors), r.counts.symbol_errors < 100 * 20 / 20);
    }

    void report_has_the_symbol_error_rate()
    {
        const point_result r{ { 10, 12, 3, 5 }, stop_reason::FRAMES };
        const report_format bsid{ make_channel("bsid:ps=x").axis(), 10 }, bits{ bsid.axis, 0 };
        CPPUNIT_ASSERT(table_header(bsid).find("SER") != std::string::npos);
        CPPUNIT_ASSERT(table_header(bits).find("SER") == std::string::npos);
        const std::string row = table_row(bsid, 0.01, 40, r);
        CPPUNIT_ASSERT_MESSAGE(row, row.find(" 5  5.000e-02 [") != std::string::npos);
        CPPUNIT_ASSERT(csv_header(bsid).find(",symbols,symbol_errors,ser,ser_lo,ser_hi\n") != std::string::npos);
        const std::string csv = csv_row(bsid, "tvb", 0.01, 40, r);
        CPPUNIT_ASSERT_MESSAGE(csv, csv.find(",frames,100,5,0.05,") != std::string::npos);
    }

    /* The points are those of the swept probabilities: the table, the CSV and the warnings
     * name them so, and BPSK theory has no column (issue 22). */
    void points_are_named_after_the_swept_keys()
    {
        const report_format f{ make_channel("bsid:pi=x,pd=x").axis(), 100 };
        CPPUNIT_ASSERT_EQUAL(std::string("pi=pd"), f.axis.name);
        CPPUNIT_ASSERT(!f.axis.uncoded_ber);
        const std::string head = table_header(f);
        CPPUNIT_ASSERT_MESSAGE(head, head.rfind("  pi=pd       frames ", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(head, head.find("uncoded") == std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(head, head.find("Eb/N0") == std::string::npos);
        CPPUNIT_ASSERT_EQUAL(std::string("code,pi=pd,frames,bits,bit_errors,ber,ber_lo,ber_hi,frame_errors,fer,fer_lo,"
                                         "fer_hi,frame_bits,stopped_by,symbols,symbol_errors,ser,ser_lo,ser_hi\n"),
                             csv_header(f));
        const point_result r{ { 10, 12, 3, 5 }, stop_reason::FRAMES };
        const std::string row = table_row(f, 0.0025, 40, r);
        CPPUNIT_ASSERT_MESSAGE(row, row.rfind(" 0.0025           10 ", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(row, row.find("]  frames ") != std::string::npos); // no uncoded column
        const std::string csv = csv_row(f, "tvb", 0.0025, 40, r);
        CPPUNIT_ASSERT_MESSAGE(csv, csv.rfind("\"tvb\",0.0025,10,400,12,0.03,", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(csv, csv.find(",40,frames,1000,5,") != std::string::npos);
        const std::string w = limit_warning(f.axis, 0.0025, stop_rule{}, r);
        CPPUNIT_ASSERT_MESSAGE(w, w.rfind("warning: pi=pd 0.0025 ended at --max-frames", 0) == 0);
        // Other keys, the last value of a key counting; no x: one channel, the points plain x.
        CPPUNIT_ASSERT_EQUAL(std::string("ps"), make_channel("bsid:pi=x,pd=0.01,ps=x,pi=0").axis().name);
        CPPUNIT_ASSERT_EQUAL(0.0, make_channel("bsid:pi=x,pi=0").at(0.3, 1).bsid_channel("x").pi);
        CPPUNIT_ASSERT_EQUAL(std::string("x"), make_channel("bsid:pi=0.01").axis().column);
        gr::gpufec::qa::expect_invalid([] { make_channel("bsid:pq=x").axis(); }, "unknown key 'pq'");
    }

    /* gpufec_ber --code tvb with no other option: the code's frame size, its channel, the
     * channel's points. */
    void tvb_runs_with_its_defaults()
    {
        const code_under_test cut = make_code("tvb", 0);
        CPPUNIT_ASSERT_EQUAL(size_t(409), cut.symbols_per_frame); // the 5-bit symbols in 2048 bits
        CPPUNIT_ASSERT_EQUAL(size_t(2045), cut.frame_bits);
        CPPUNIT_ASSERT_EQUAL(std::string("bsid:pi=x,pd=x"), cut.channel);
        const channel_spec ch = make_channel(cut.channel);
        const sweep d = ch.axis().defaults;
        for (double v = d.start; v <= d.stop + 1e-12; v += d.step)
            CPPUNIT_ASSERT_EQUAL(v, ch.at(v, cut.coded->rate()).bsid_channel("tvb").pd);
        stop_rule rule;
        rule.max_frames = 2;
        const auto sim = cut.cpu(sim_setup{ ch.at(d.start, cut.coded->rate()), 1, 0 });
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), simulate_point(*sim, cut.frame_bits, rule).counts.frames);
        // --frame-bits given: still whole symbols, or an error
        CPPUNIT_ASSERT_EQUAL(size_t(40), make_code("tvb:n=6,q=8", 120).symbols_per_frame);
        // The families of bits: 2048 bits and BPSK over AWGN.
        for (const char* spec : { "uncoded", "conv", "lte_turbo" }) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, size_t(2048), make_code(spec, 0).frame_bits);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, std::string("awgn"), make_code(spec, 0).channel);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ber_bsid_test);

} // namespace gpufec_ber
