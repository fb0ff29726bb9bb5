/* The GPU-resident simulation gives the host simulation's figures: the same errors frame for
 * frame for every family and termination, with the same or different batch sizes, and the
 * same point results under the stopping rule.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel_registry.h"
#include "code_registry.h"
#include "simulate.h"
#include <gnuradio/gpufec/core/backend.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <vector>

namespace gpufec_ber {

using namespace gr::gpufec;

class ber_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(ber_gpu_test);
    CPPUNIT_TEST(frames_equal_cpu);
    CPPUNIT_TEST(points_equal_cpu);
    CPPUNIT_TEST(large_streaming_batches_equal_cpu);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override
    {
        CPPUNIT_ASSERT_MESSAGE("the GPU suite needs a CUDA device", cuda_device_count() > 0);
    }

private:
    /* Per-frame errors of batches of the given sizes, up to depth() of them in flight as
     * simulate_point runs them; each batch's counts checked against its frames. */
    static std::vector<uint32_t> run(frame_simulator& sim, const std::vector<size_t>& batches)
    {
        std::vector<uint32_t> errors;
        for (size_t i = 0; i < batches.size();) {
            const size_t group = std::min(sim.depth(), batches.size() - i);
            for (size_t j = 0; j < group; ++j)
                sim.launch(batches[i + j]);
            for (size_t j = 0; j < group; ++j) {
                const frame_counts c = sim.wait();
                CPPUNIT_ASSERT_EQUAL(uint64_t(batches[i + j]), c.frames);
                const size_t at = errors.size();
                errors.resize(at + c.frames);
                sim.frame_bit_errors(0, c.frames, errors.data() + at);
                uint64_t bits = 0, frames = 0;
                for (size_t f = at; f < errors.size(); ++f) {
                    bits += errors[f];
                    frames += errors[f] != 0;
                }
                CPPUNIT_ASSERT_EQUAL(bits, c.bit_errors);
                CPPUNIT_ASSERT_EQUAL(frames, c.frame_errors);
            }
            i += group;
        }
        return errors;
    }

    static void compare(const std::string& spec, size_t frame_bits, double ebn0, const std::vector<size_t>& batches)
    {
        const code_under_test cut = make_code(spec, frame_bits);
        CPPUNIT_ASSERT_MESSAGE(spec + " has a GPU-resident simulation", bool(cut.cuda));
        const sim_setup setup{ make_channel("awgn").at(ebn0, cut.coded->rate()), 17, 64 };
        const auto cpu = cut.cpu(setup);
        const auto gpu = cut.cuda(setup);
        const std::vector<uint32_t> a = run(*cpu, batches), b = run(*gpu, batches);
        uint64_t errors = 0;
        for (uint32_t e : a)
            errors += e;
        CPPUNIT_ASSERT_MESSAGE(spec + ": the comparison needs errors", errors > 0);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, a.size(), b.size());
        for (size_t f = 0; f < a.size(); ++f)
            CPPUNIT_ASSERT_EQUAL_MESSAGE(spec + " frame " + std::to_string(f), a[f], b[f]);
    }

    void frames_equal_cpu()
    {
        const std::vector<size_t> batches = { 1, 64, 3, 17, 64, 40 };
        compare("uncoded", 1000, 3.0, batches);
        compare("uncoded", 1, 1.0, batches);
        compare("conv:term=streaming", 700, 2.0, batches);        // the DPX kernel on Hopper
        compare("conv:term=streaming", 2048, 1.5, batches);
        compare("conv:polys=133:171,puncture=3/4,term=streaming", 999, 3.0, batches);
        compare("conv:k=5,polys=23:35:37,term=streaming", 1500, 1.0, batches); // the warp kernel
        compare("conv:puncture=7/8,term=streaming", 64, 3.0, batches);
        compare("conv", 512, 2.0, batches);
        compare("conv:puncture=2/3,term=truncated", 300, 2.5, batches);
        compare("conv:k=9,polys=753:561,term=tailbiting", 200, 1.5, batches);
        compare("conv:preset=ccsds,term=streaming", 1000, 2.0, batches); // inverted output
        compare("conv:polys=~171:133,puncture=3/4", 300, 3.0, batches);
    }

    void points_equal_cpu()
    {
        stop_rule rule;
        rule.min_frame_errors = 50;
        rule.min_bit_errors = 200;
        rule.max_frames = 20000;
        for (const char* spec : { "uncoded", "conv:term=streaming", "conv:puncture=3/4" }) {
            const code_under_test cut = make_code(spec, 1024);
            for (double ebn0 : { 2.0, 4.0 }) {
                const sim_setup setup{ make_channel("awgn").at(ebn0, cut.coded->rate()), 3, 0 };
                const auto cpu = cut.cpu(setup);
                const auto gpu = cut.cuda(setup);
                const point_result a = simulate_point(*cpu, 1024, rule);
                const point_result b = simulate_point(*gpu, 1024, rule);
                const std::string what = std::string(spec) + " at " + std::to_string(ebn0);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, a.counts.frames, b.counts.frames);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, a.counts.bit_errors, b.counts.bit_errors);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, a.counts.frame_errors, b.counts.frame_errors);
                CPPUNIT_ASSERT_MESSAGE(what, a.reason == b.reason);
            }
        }
    }

    /* The sizes gpufec_ber runs: a batch of the automatic size (2^27 bits on a GPU with some
     * 12 GB free) and a small one in flight beside it, K=7 r1/2 streaming (the CPU side takes
     * some 10 s). */
    void large_streaming_batches_equal_cpu()
    {
        const code_under_test cut = make_code("conv:term=streaming", 2048);
        const sim_setup setup{ make_channel("awgn").at(3.0, 0.5), 5, 0 };
        const auto cpu = cut.cpu(setup);
        const auto gpu = cut.cuda(setup);
        const size_t m = gpu->max_batch_frames();
        CPPUNIT_ASSERT(m >= 4096);
        CPPUNIT_ASSERT(run(*cpu, { m, 3 }) == run(*gpu, { m, 3 }));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ber_gpu_test);

} // namespace gpufec_ber
