/* The point loop stops exactly where its rule says, whatever the batches; the host simulation
 * gives fixed counts for a fixed seed (they are a pure function of it: recorded once, they
 * must not change unless the simulation's definition does), and those counts agree with
 * oracles that the simulation did not produce: uncoded BPSK with Q(sqrt(2 Eb/N0)), K=7 r1/2
 * with a published simulation (AFF3CT) and the union bound of its distance spectrum.
 * ber_simulation_slow_test (ctest label slow) checks more points of those curves with more
 * bits.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel_registry.h"
#include "code_registry.h"
#include "qa_ber_scripted.h"
#include "simulate.h"
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <sstream>
#include <utility>

namespace gpufec_ber {

using namespace gr::gpufec;

namespace {

/* The host simulation of @p spec at one point: every frame run, no error target. */
frame_counts run_cpu(const std::string& spec, double ebn0, size_t frame_bits, uint64_t frames, size_t max_batch = 0)
{
    const code_under_test cut = make_code(spec, frame_bits);
    const auto sim = cut.cpu({ make_channel("awgn").at(ebn0, cut.coded->rate()), 1, max_batch });
    stop_rule rule;
    rule.min_frame_errors = UINT64_MAX;
    rule.max_frames = frames;
    const point_result r = simulate_point(*sim, frame_bits, rule);
    CPPUNIT_ASSERT(r.reason == stop_reason::FRAMES);
    return r.counts;
}

/* Two-sided bands at 99.994% (z = 4): wide enough that a correct simulation stays inside at
 * any seed, narrow enough that a 0.3 dB error in the noise level leaves them. */
constexpr double z_band = 4.0;

/* @p errors in @p trials against the rate @p p: |errors - n p| <= z sqrt(n p (1-p)), the
 * binomial's normal band (n p is in the hundreds here). */
void expect_binomial(const std::string& what, uint64_t errors, uint64_t trials, double p)
{
    const double n = double(trials), sd = std::sqrt(n * p * (1 - p));
    std::ostringstream m;
    m << what << ": " << errors << " errors in " << trials << ", expected " << n * p << " +- " << z_band * sd;
    CPPUNIT_ASSERT_MESSAGE(m.str(), std::fabs(double(errors) - n * p) <= z_band * sd);
}

/* A measured rate against a published one, both from error counts: |ln(ours / theirs)| within
 * z sqrt(dispersion (1/k_ours + 1/k_theirs)), the k being independent error events (frame
 * errors) and @p dispersion the variance of the errors counted over that of a Poisson count of
 * events: 1 for frame errors; for bit errors, which come several to an errored frame, 1 plus
 * the squared coefficient of variation of the bits per errored frame, taken as 2. */
void expect_published(const std::string& what, double ours, double theirs, double k_ours, double k_theirs,
                      double dispersion)
{
    const double band = z_band * std::sqrt(dispersion * (1 / k_ours + 1 / k_theirs));
    std::ostringstream m;
    m << what << ": " << ours << " measured (" << k_ours << " error events), " << theirs << " published: a ratio of "
      << ours / theirs << ", allowed " << std::exp(-band) << " to " << std::exp(band);
    CPPUNIT_ASSERT_MESSAGE(m.str(), k_ours > 0 && std::fabs(std::log(ours / theirs)) <= band);
}

/* Uncoded BPSK, hard decisions: BER Q(sqrt(2 Eb/N0)) = erfc(sqrt(Eb/N0)) / 2. */
void expect_uncoded_theory(double ebn0_db, uint64_t bits)
{
    const frame_counts c = run_cpu("uncoded", ebn0_db, 1000, bits / 1000);
    const double p = 0.5 * std::erfc(std::sqrt(std::pow(10.0, ebn0_db / 10)));
    expect_binomial("uncoded at " + std::to_string(ebn0_db) + " dB", c.bit_errors, c.frames * 1000, p);
}

/* AFF3CT's reference curve CONV_N140_K64_Viterbi_p32 (github.com/aff3ct/error_rate_references,
 * CONV/AWGN/BPSK/Viterbi): K=7 {171,133} r1/2, 64-bit frames terminated by 6 tail bits (N = 140,
 * rate 64/140 in Eb/N0), float Viterbi, BPSK/AWGN; each point ran to 500 frame errors. Ours
 * quantizes the LLRs to int8 (scale 8), a loss far inside the bands. */
struct published_point {
    double ebn0_db;
    uint64_t frames, bit_errors, frame_errors;
};
constexpr published_point aff3ct_k64[] = {
    { 2.0, 7321, 4054, 500 },     { 2.5, 19137, 3377, 533 },     { 3.0, 45687, 2834, 500 },
    { 3.5, 179545, 2430, 500 },   { 4.0, 679692, 2150, 500 },    { 4.5, 3307530, 2044, 500 },
};

/* conv K=7 r1/2 terminated 64-bit frames (the default code) against AFF3CT's point at @p ebn0_db. */
void expect_aff3ct(double ebn0_db, uint64_t frames)
{
    for (const published_point& p : aff3ct_k64) {
        if (p.ebn0_db != ebn0_db)
            continue;
        const frame_counts c = run_cpu("conv", ebn0_db, 64, frames);
        const std::string at = "K=7 N=140 K=64 at " + std::to_string(ebn0_db) + " dB: ";
        expect_published(at + "FER", double(c.frame_errors) / double(c.frames),
                         double(p.frame_errors) / double(p.frames), double(c.frame_errors), double(p.frame_errors), 1);
        expect_published(at + "BER", double(c.bit_errors) / double(c.frames * 64),
                         double(p.bit_errors) / double(p.frames * 64), double(c.frame_errors),
                         double(p.frame_errors), 2);
        return;
    }
    CPPUNIT_FAIL("no published point at " + std::to_string(ebn0_db) + " dB");
}

/* conv K=7 r1/2 streaming (one endless stream, no tail) against the union bound over the first
 * terms of the code's published distance spectrum (d_free = 10; information weights 36, 211,
 * 1404, 11633 at d = 10, 12, 14, 16), sum B_d Q(sqrt(2 d R Eb/N0)): 4.3e-4 at 3 dB, 1.7e-5 at
 * 4 dB. Truncated, it is an estimate more than a bound (close at 4 dB, loose below): the BER
 * must be within a factor of 2 of it, some 0.25 dB at these slopes. */
void expect_streaming_union_bound(double ebn0_db, uint64_t bits)
{
    const frame_counts c = run_cpu("conv:term=streaming", ebn0_db, 1000, bits / 1000);
    const double measured = double(c.bit_errors) / double(c.frames * 1000);
    const double ebn0 = std::pow(10.0, ebn0_db / 10);
    double bound = 0;
    for (const auto& [d, b] : { std::pair{ 10, 36 }, { 12, 211 }, { 14, 1404 }, { 16, 11633 } })
        bound += b * 0.5 * std::erfc(std::sqrt(d * 0.5 * ebn0)); // Q(x) = erfc(x / sqrt 2) / 2
    std::ostringstream m;
    m << "K=7 r1/2 streaming at " << ebn0_db << " dB: BER " << measured << " (" << c.bit_errors
      << " bit errors), union bound " << bound;
    CPPUNIT_ASSERT_MESSAGE(m.str(), measured >= bound / 2 && measured <= bound * 2);
}

} // namespace

class ber_simulation_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(ber_simulation_test);
    CPPUNIT_TEST(stops_at_the_frame_of_the_last_needed_error);
    CPPUNIT_TEST(both_error_targets_are_needed);
    CPPUNIT_TEST(frame_and_bit_limits);
    CPPUNIT_TEST(batches_grow_up_to_the_maximum);
    CPPUNIT_TEST(uncoded_counts_are_fixed);
    CPPUNIT_TEST(uncoded_ber_is_the_q_function);
    CPPUNIT_TEST(conv_counts_are_fixed);
    CPPUNIT_TEST(conv_k7_follows_the_published_curves);
    CPPUNIT_TEST(batch_size_does_not_change_the_figures);
    CPPUNIT_TEST_SUITE_END();

    /* Frames, bit errors and frame errors of the scripted simulation under @p rule, after
     * checking that every batch size and depth gives the same. */
    static point_result scripted(const stop_rule& rule, size_t frame_bits = 10)
    {
        scripted_simulator first(1, 1);
        const point_result r = simulate_point(first, frame_bits, rule);
        for (size_t batch : { 2, 7, 1000 }) {
            for (size_t depth : { 1, 2, 3 }) {
                scripted_simulator sim(batch, depth);
                const point_result s = simulate_point(sim, frame_bits, rule);
                CPPUNIT_ASSERT_EQUAL(r.counts.frames, s.counts.frames);
                CPPUNIT_ASSERT_EQUAL(r.counts.bit_errors, s.counts.bit_errors);
                CPPUNIT_ASSERT_EQUAL(r.counts.frame_errors, s.counts.frame_errors);
                CPPUNIT_ASSERT(r.reason == s.reason);
            }
        }
        return r;
    }

    void stops_at_the_frame_of_the_last_needed_error()
    {
        // Errors at frames 3, 10, 17, ...: the 5th is frame 31, with 2 bit errors (31 % 5 + 1).
        stop_rule rule;
        rule.min_frame_errors = 5;
        const point_result r = scripted(rule);
        CPPUNIT_ASSERT_EQUAL(uint64_t(32), r.counts.frames);
        CPPUNIT_ASSERT_EQUAL(uint64_t(5), r.counts.frame_errors);
        CPPUNIT_ASSERT_EQUAL(uint64_t(4 + 1 + 3 + 5 + 2), r.counts.bit_errors);
        CPPUNIT_ASSERT(r.reason == stop_reason::ERRORS);
    }

    void both_error_targets_are_needed()
    {
        stop_rule rule;
        rule.min_frame_errors = 2;
        rule.min_bit_errors = 9; // 4 + 1 + 3 + 5 = 13 at the 4th error frame (24)
        const point_result r = scripted(rule);
        CPPUNIT_ASSERT_EQUAL(uint64_t(25), r.counts.frames);
        CPPUNIT_ASSERT_EQUAL(uint64_t(13), r.counts.bit_errors);
        CPPUNIT_ASSERT(r.reason == stop_reason::ERRORS);
    }

    void frame_and_bit_limits()
    {
        stop_rule rule;
        rule.min_frame_errors = 1000;
        rule.max_frames = 40;
        point_result r = scripted(rule);
        CPPUNIT_ASSERT_EQUAL(uint64_t(40), r.counts.frames);
        CPPUNIT_ASSERT_EQUAL(uint64_t(6), r.counts.frame_errors);
        CPPUNIT_ASSERT(r.reason == stop_reason::FRAMES);
        rule.max_bits = 201; // rounded up to whole frames of 10 bits: 21 frames
        r = scripted(rule);
        CPPUNIT_ASSERT_EQUAL(uint64_t(21), r.counts.frames);
        CPPUNIT_ASSERT(r.reason == stop_reason::BITS);
        rule.max_bits = 400; // both limits at 40 frames: the frame limit is named
        CPPUNIT_ASSERT(scripted(rule).reason == stop_reason::FRAMES);
        rule.max_frames = 1;
        r = scripted(rule);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), r.counts.frames);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), r.counts.bit_errors);
        // The errors win over a limit reached at the same frame.
        rule.min_frame_errors = 1;
        rule.max_frames = 4;
        CPPUNIT_ASSERT(scripted(rule).reason == stop_reason::ERRORS);
    }

    void batches_grow_up_to_the_maximum()
    {
        stop_rule rule;
        rule.min_frame_errors = UINT64_MAX;
        rule.max_frames = 100000;
        scripted_simulator sim(5000, 2);
        CPPUNIT_ASSERT_EQUAL(uint64_t(100000), simulate_point(sim, 1024, rule).counts.frames);
        CPPUNIT_ASSERT_EQUAL(size_t(5000), sim.largest_batch);
    }

    static void assert_counts(uint64_t bit_errors, uint64_t frame_errors, const frame_counts& c)
    {
        CPPUNIT_ASSERT_EQUAL(bit_errors, c.bit_errors);
        CPPUNIT_ASSERT_EQUAL(frame_errors, c.frame_errors);
    }

    void uncoded_counts_are_fixed()
    {
        // 10^5 bits at 0 dB (theory: BER 0.0786, about 7865 errors).
        assert_counts(7991, 100, run_cpu("uncoded", 0.0, 1000, 100));
    }

    /* The oracle of the counts above: 2e5 to 2e6 bits, some 400 to 16000 errors. */
    void uncoded_ber_is_the_q_function()
    {
        expect_uncoded_theory(0.0, 200000);
        expect_uncoded_theory(4.0, 500000);
        expect_uncoded_theory(8.0, 2000000);
    }

    /* The oracles of the conv counts: the published curves of K=7 r1/2 at 3 dB (1.3e6 and
     * 1e6 bits, about 220 frame errors and 430 bit errors). */
    void conv_k7_follows_the_published_curves()
    {
        expect_aff3ct(3.0, 20000);
        expect_streaming_union_bound(3.0, 1000000);
    }

    void conv_counts_are_fixed()
    {
        // Recorded at the commit that introduced them (the streaming ones again when the
        // default tiling became 512/16/32); streaming codes: one endless stream.
        assert_counts(472, 53, run_cpu("conv:term=streaming", 2.0, 1000, 100));
        assert_counts(679, 39, run_cpu("conv:puncture=3/4,term=streaming", 3.0, 999, 100));
        assert_counts(666, 41, run_cpu("conv:puncture=3/4", 3.0, 1000, 100));
        assert_counts(2393, 308, run_cpu("conv:k=5,polys=23:35:37,term=tailbiting", 1.0, 200, 500));
        assert_counts(1531, 342, run_cpu("conv:k=4,polys=13:17,term=truncated", 2.0, 100, 1000));
    }

    void batch_size_does_not_change_the_figures()
    {
        for (const char* spec : { "uncoded", "conv:puncture=2/3,term=streaming", "conv:term=tailbiting" }) {
            const frame_counts a = run_cpu(spec, 2.5, 300, 200, 1);
            const frame_counts b = run_cpu(spec, 2.5, 300, 200, 7);
            const frame_counts c = run_cpu(spec, 2.5, 300, 200, 0);
            CPPUNIT_ASSERT_MESSAGE(spec, a.bit_errors > 0);
            CPPUNIT_ASSERT_MESSAGE(spec, a.bit_errors == b.bit_errors && a.bit_errors == c.bit_errors);
            CPPUNIT_ASSERT_MESSAGE(spec, a.frame_errors == b.frame_errors && a.frame_errors == c.frame_errors);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ber_simulation_test);

/* The published curves at more points, with more bits (ctest label slow). */
class ber_simulation_slow_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(ber_simulation_slow_test);
    CPPUNIT_TEST(conv_k7_terminated_follows_aff3ct);
    CPPUNIT_TEST(conv_k7_streaming_follows_the_union_bound);
    CPPUNIT_TEST_SUITE_END();

    void conv_k7_terminated_follows_aff3ct()
    {
        expect_aff3ct(2.0, 5000);
        expect_aff3ct(2.5, 10000);
        expect_aff3ct(3.5, 60000);
        expect_aff3ct(4.0, 200000);
        expect_aff3ct(4.5, 600000);
    }

    void conv_k7_streaming_follows_the_union_bound()
    {
        expect_streaming_union_bound(4.0, 30000000);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ber_simulation_slow_test);

} // namespace gpufec_ber
