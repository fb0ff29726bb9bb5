/* The point loop stops exactly where its rule says, whatever the batches; the host simulation
 * gives fixed counts for a fixed seed (they are a pure function of it: recorded once, they
 * must not change unless the simulation's definition does).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel_registry.h"
#include "code_registry.h"
#include "qa_ber_scripted.h"
#include "simulate.h"
#include <cppunit/extensions/HelperMacros.h>

namespace gpufec_ber {

using namespace gr::gpufec;

class ber_simulation_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(ber_simulation_test);
    CPPUNIT_TEST(stops_at_the_frame_of_the_last_needed_error);
    CPPUNIT_TEST(both_error_targets_are_needed);
    CPPUNIT_TEST(frame_and_bit_limits);
    CPPUNIT_TEST(batches_grow_up_to_the_maximum);
    CPPUNIT_TEST(uncoded_counts_are_fixed);
    CPPUNIT_TEST(conv_counts_are_fixed);
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

    /* The host simulation of @p spec at one point: every frame run, no error target. */
    static frame_counts run_cpu(const std::string& spec, double ebn0, size_t frame_bits, uint64_t frames,
                                size_t max_batch = 0)
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

} // namespace gpufec_ber
