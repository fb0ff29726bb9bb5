/* A code family and a channel registered in this file, as their own files register them,
 * reach gpufec_ber's --code and --channel parsers; the built-in ones parse and reject specs.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel_registry.h"
#include "code_registry.h"
#include "skeleton/test/qa_expect.h"
#include "options.h"
#include "qa_ber_scripted.h"
#include "simulate.h"
#include <cppunit/extensions/HelperMacros.h>
#include <stdexcept>

namespace gpufec_ber {

namespace {

code_under_test make_scripted(const std::string& args, size_t frame_bits)
{
    code_under_test cut;
    cut.coded = gr::gpufec::uncoded();
    cut.frame_bits = frame_bits;
    cut.frames = "scripted frames";
    cut.decoder = "script " + args;
    cut.cpu = [](const sim_setup& s) {
        return std::make_unique<scripted_simulator>(s.max_batch_frames ? s.max_batch_frames : 10, 1);
    };
    return cut;
}

const register_code_family registration({
    "qa-scripted",
    "  qa-scripted[:ANY]     a test family with scripted errors\n",
    make_scripted,
});

/* A channel whose points are the swept value plus its argument. */
const register_channel channel_registration({
    "qa-channel",
    "  qa-channel:X         a test channel\n",
    [](const std::string&) { return point_axis{ "qa", "", "qa", {}, { 0, 1, 1 } }; },
    [](const std::string& args, double value, double) {
        channel_point p;
        p.channel = "qa-channel";
        p.value = value + std::stod(args);
        return p;
    },
});

} // namespace

class ber_registry_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(ber_registry_test);
    CPPUNIT_TEST(family_of_this_file_reaches_the_parser);
    CPPUNIT_TEST(help_lists_every_family);
    CPPUNIT_TEST(unknown_family_names_the_known_ones);
    CPPUNIT_TEST(builtin_families_parse);
    CPPUNIT_TEST(bad_specs_fail);
    CPPUNIT_TEST(second_registration_of_a_name_fails);
    CPPUNIT_TEST(channel_of_this_file_reaches_the_parser);
    CPPUNIT_TEST(awgn_channel_gives_the_noise);
    CPPUNIT_TEST_SUITE_END();

    void family_of_this_file_reaches_the_parser()
    {
        const code_under_test cut = make_code("qa-scripted:xyz", 64);
        CPPUNIT_ASSERT_EQUAL(std::string("script xyz"), cut.decoder);
        CPPUNIT_ASSERT_EQUAL(size_t(64), cut.frame_bits);
        CPPUNIT_ASSERT(!cut.cuda);
        CPPUNIT_ASSERT_EQUAL(std::string("script "), make_code("qa-scripted", 1).decoder);
        // ... and its simulation runs under gpufec_ber's stopping rule.
        const auto sim = cut.cpu(sim_setup{ make_channel("awgn").at(0.0, 1.0), 1, 0 });
        stop_rule rule;
        rule.min_frame_errors = 2;
        const point_result r = simulate_point(*sim, cut.frame_bits, rule);
        CPPUNIT_ASSERT_EQUAL(uint64_t(11), r.counts.frames); // errors at frames 3 and 10
    }

    void channel_of_this_file_reaches_the_parser()
    {
        const channel_spec spec = make_channel("qa-channel:0.25");
        const channel_point p = spec.at(7.0, 0.5);
        CPPUNIT_ASSERT_EQUAL(std::string("qa-channel"), p.channel);
        CPPUNIT_ASSERT_EQUAL(7.25, p.value);
        CPPUNIT_ASSERT(usage().find("qa-channel") != std::string::npos);
        // A code whose simulation needs AWGN/BPSK says so for another channel.
        const code_under_test cut = make_code("conv", 64);
        gr::gpufec::qa::expect_invalid([&] { cut.cpu(sim_setup{ p, 1, 0 }); }, "cannot be simulated over channel 'qa-channel'");
        gr::gpufec::qa::expect_invalid([] { make_channel("bsc"); }, "known: awgn");
        gr::gpufec::qa::expect_invalid([] { make_channel("awgn:esn0").at(1.0, 0.5); }, "no arguments");
    }

    void awgn_channel_gives_the_noise()
    {
        const channel_point p = make_channel("awgn").at(3.0, 0.5);
        const auto want = gr::gpufec::awgn_noise::from_snr(3.0, gr::gpufec::snr_kind::EBN0, 0.5);
        CPPUNIT_ASSERT_EQUAL(want.sigma, p.awgn_noise("x").sigma);
        CPPUNIT_ASSERT_EQUAL(3.0, p.value);
    }

    void help_lists_every_family()
    {
        const std::string help = usage();
        for (const char* name : { "qa-scripted", "uncoded", "conv[:KEY=VALUE", "lte_turbo[:KEY=VALUE", "tvb[:KEY=VALUE", "bsid[:pi=" })
            CPPUNIT_ASSERT_MESSAGE(name, help.find(name) != std::string::npos);
    }

    void unknown_family_names_the_known_ones()
    {
        try {
            make_code("turbo:lte", 100);
            CPPUNIT_FAIL("an unknown family was accepted");
        } catch (const std::invalid_argument& e) {
            const std::string what = e.what();
            CPPUNIT_ASSERT(what.find("'turbo'") != std::string::npos);
            CPPUNIT_ASSERT(what.find("conv, lte_turbo, qa-scripted, tvb, uncoded") != std::string::npos);
        }
    }

    void builtin_families_parse()
    {
        CPPUNIT_ASSERT_EQUAL(std::string("uncoded"), make_code("uncoded", 10).coded->name());
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [171,133] r1/2 terminated N=2048"),
                             make_code("conv", 2048).coded->name());
        const code_under_test s = make_code("conv:k=5,polys=23:35,puncture=3/4,term=streaming,scale=4", 500);
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=5 [23,35] r3/4 streaming"), s.coded->name());
        // Inverted outputs in the code's own syntax, and the presets.
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [171,~133] r1/2 streaming"),
                             make_code("conv:polys=171:~133,term=streaming", 100).coded->name());
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [~133,171] r1/2 terminated N=100"),
                             make_code("conv:polys=-133:171", 100).coded->name());
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [171,~133] r1/2 streaming"),
                             make_code("conv:preset=ccsds,term=streaming", 100).coded->name());
        // The block's option names, the old keys too.
        CPPUNIT_ASSERT_EQUAL(make_code("conv:preset=ccsds,term=streaming,scale=4", 100).coded->name(),
                             make_code("conv:preset=ccsds,termination=streaming,llr_scale=4", 100)
                                 .coded->name());
        CPPUNIT_ASSERT_EQUAL(std::string("conv K=7 [133,171] r3/4 (111001) truncated N=96"),
                             make_code("conv:preset=802.11,puncture=3/4,term=truncated", 96).coded->name());
        CPPUNIT_ASSERT(s.frames.find("stream") != std::string::npos);
        CPPUNIT_ASSERT(s.cpu);
        const code_under_test t = make_code("lte_turbo:iterations=4,algorithm=log-map,subblocks=8,guard=4", 1056);
        // The old keys name the same options.
        CPPUNIT_ASSERT_EQUAL(t.decoder, make_code("lte_turbo:it=4,alg=log-map,P=8,g=4", 1056).decoder);
        CPPUNIT_ASSERT_EQUAL(std::string("log-map, float metrics, 4 iterations, P = 8, g = 4"),
                             t.decoder.substr(0, t.decoder.find(';')));
        CPPUNIT_ASSERT_EQUAL(size_t(3 * (1056 + 4)), t.coded->coded_bits_per_block());
        // A few frames through the host simulation: noise-free enough to decode exactly.
        stop_rule rule;
        rule.max_frames = 3;
        const auto sim = t.cpu(sim_setup{ make_channel("awgn").at(6.0, t.coded->rate()), 1, 0 });
        const point_result r = simulate_point(*sim, t.frame_bits, rule);
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), r.counts.frames);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), r.counts.bit_errors);
        // 16-bit metrics: named in the description, and decoding as well.
        const code_under_test i16 = make_code("lte_turbo:metrics=int16,it=4", 1056);
        CPPUNIT_ASSERT_EQUAL(std::string("max-log, int16 metrics, 4 iterations"),
                             i16.decoder.substr(0, i16.decoder.find(", the backend")));
        const auto sim16 = i16.cpu(sim_setup{ make_channel("awgn").at(6.0, i16.coded->rate()), 1, 0 });
        const point_result r16 = simulate_point(*sim16, i16.frame_bits, rule);
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), r16.counts.frames);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), r16.counts.bit_errors);
    }

    void bad_specs_fail()
    {
        for (const char* spec : { "uncoded:x", "conv:k=10", "conv:k=x", "conv:k=-7", "conv:k",
                                  "conv:foo=1", "conv:polys=9:133", "conv:polys=171:", "conv:polys=1711111",
                                  "conv:polys=171:133:165:117:3", "conv:term=endless", "conv:scale=0", "conv:llr_scale=0",
                                  "conv:scale=nan", "conv:puncture=0000", "conv:puncture=12",
                                  "conv:polys=171:~~133", "conv:preset=voyager", "conv:preset=ccsds,k=7",
                                  "conv:polys=171:133,preset=dvb", "conv:preset=lte,puncture=3/4",
                                  "lte_turbo:it=0", "lte_turbo:alg=exact", "lte_turbo:stop=x",
                                  "lte_turbo:P=-1", "lte_turbo:foo=1", "lte_turbo:g",
                                  "lte_turbo:backend=cuda", "lte_turbo:E=120", "lte_turbo:iterations=0",
                                  "lte_turbo:metrics=double", "lte_turbo:metrics=int16,alg=log-map" }) {
            CPPUNIT_ASSERT_THROW_MESSAGE(spec, make_code(spec, 104), std::invalid_argument);
        }
        CPPUNIT_ASSERT_THROW(make_code("lte_turbo", 100), std::invalid_argument); // no LTE size
    }

    void second_registration_of_a_name_fails()
    {
        CPPUNIT_ASSERT_THROW(register_code_family({ "qa-scripted", "", make_scripted }), std::logic_error);
        CPPUNIT_ASSERT_THROW(register_code_family({ "a:b", "", make_scripted }), std::logic_error);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ber_registry_test);

} // namespace gpufec_ber
