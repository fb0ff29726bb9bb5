/* The test-source blocks in a C++ flowgraph: the source's stream against its definition
 * (Philox words, Box-Muller, sigma from Eb/N0 and the code rate), the channel block equal to
 * the core engine, bad parameters.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/test/awgn_reference.h"
#include <gnuradio/blocks/head.h>
#include <gnuradio/blocks/vector_sink.h>
#include <gnuradio/blocks/vector_source.h>
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/awgn_bpsk_channel.h>
#include <gnuradio/gpufec/awgn_bpsk_source.h>
#include <gnuradio/top_block.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace gr {
namespace gpufec {

class awgn_bpsk_source_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(awgn_bpsk_source_test);
    CPPUNIT_TEST(source_equals_philox_box_muller);
    CPPUNIT_TEST(coded_llrs_have_the_sigma_of_the_rate);
    CPPUNIT_TEST(channel_equals_core_engine);
    CPPUNIT_TEST(bad_parameters_throw);
    CPPUNIT_TEST_SUITE_END();

    /* The first @p n_info bits and @p n_soft soft values of a CPU source (LLR output), with
     * set_ebn0_db(@p later) before the run unless it is NaN. */
    static std::pair<std::vector<uint8_t>, std::vector<float>> run_source(
        code_sptr code, double ebn0_db, uint64_t seed, size_t n_info, size_t n_soft, double later = NAN)
    {
        auto tb = gr::make_top_block("source");
        auto src = awgn_bpsk_source::make(code, ebn0_db, seed, "llr", "cpu");
        if (!std::isnan(later))
            src->set_ebn0_db(later);
        auto h0 = blocks::head::make(sizeof(uint8_t), n_info);
        auto h1 = blocks::head::make(sizeof(float), n_soft);
        auto bits = blocks::vector_sink_b::make();
        auto soft = blocks::vector_sink_f::make();
        tb->connect(src, 0, h0, 0);
        tb->connect(src, 1, h1, 0);
        tb->connect(h0, 0, bits, 0);
        tb->connect(h1, 0, soft, 0);
        tb->run();
        CPPUNIT_ASSERT_EQUAL(std::string("cpu"), src->backend());
        CPPUNIT_ASSERT_EQUAL(n_info, bits->data().size());
        CPPUNIT_ASSERT_EQUAL(n_soft, soft->data().size());
        return { bits->data(), soft->data() };
    }

    /* The source's stream, computed here from its definition (core/test/awgn_reference.h):
     * Philox words, Box-Muller in double, sigma from Eb/N0, LLR = 2 y / sigma^2. */
    void source_equals_philox_box_muller()
    {
        // Random123's kat_vectors: Philox4x32-10 of counter 0 under key 0.
        const philox4x32_ctr kat = philox4x32_10({ { 0, 0, 0, 0 } }, { { 0, 0 } });
        CPPUNIT_ASSERT(kat.v[0] == 0x6627e8d5 && kat.v[1] == 0xe169c58d &&
                       kat.v[2] == 0xbc57ac4c && kat.v[3] == 0x9b00dbd8);
        const size_t n = 100003;
        const uint64_t seed = 0x0123456789abcdefull; // both key words used
        const double ebn0_db = 3.0;
        const auto [bits, soft] = run_source(uncoded(), ebn0_db, seed, n, n);
        const double sigma = qa::bpsk_sigma(ebn0_db, 1.0), scale = 2.0 / (sigma * sigma);
        for (size_t i = 0; i < n; ++i) {
            CPPUNIT_ASSERT_EQUAL(qa::reference_info_bit(seed, i), bits[i]);
            const double want = scale * ((bits[i] ? 1.0 : -1.0) + sigma * qa::reference_noise(seed, i));
            // Float arithmetic and polynomial log, sin and cos: within a few ulp of the noise.
            CPPUNIT_ASSERT_DOUBLES_EQUAL_MESSAGE("sample " + std::to_string(i), want, soft[i],
                                                 2e-5 * (1.0 + std::fabs(want)));
        }
    }

    /* Coded streams: the soft values' mean and spread follow from sigma computed here from
     * Eb/N0 and the rate counted from the code's definition, whether Eb/N0 was given at
     * construction or set later. */
    void coded_llrs_have_the_sigma_of_the_rate()
    {
        const double ebn0_db = 1.5;
        for (const auto& c : qa::coded_cases())
            for (bool later : { false, true }) {
                const size_t k = c.code->info_bits_per_block(), n = c.code->coded_bits_per_block();
                const size_t blocks = (size_t(1) << 17) / n + 1;
                auto [info, llr] = run_source(c.code, later ? 8.0 : ebn0_db, 3, blocks * k,
                                              blocks * n, later ? ebn0_db : NAN);
                std::vector<uint8_t> coded(blocks * n);
                c.code->encode(info.data(), coded.data(), blocks);
                qa::check_llr_statistics(coded, llr, qa::bpsk_sigma(ebn0_db, c.rate),
                                         c.code->name() + (later ? " (set_ebn0_db)" : ""));
            }
    }

    void channel_equals_core_engine()
    {
        std::vector<uint8_t> in(5000);
        for (size_t i = 0; i < in.size(); ++i)
            in[i] = (i * 2654435761u >> 7) & 1;
        auto tb = gr::make_top_block("channel");
        auto src = blocks::vector_source_b::make(in);
        auto ch = awgn_bpsk_channel::make(2.0, "esn0", 1.0, "symbols", 9, "cpu");
        auto sink = blocks::vector_sink_f::make();
        tb->connect(src, 0, ch, 0);
        tb->connect(ch, 0, sink, 0);
        tb->run();
        awgn_bpsk_channel_engine eng(awgn_noise::from_snr(2.0, snr_kind::ESN0, 1.0),
                                     soft_output::SYMBOLS, 9, backend_kind::CPU);
        std::vector<float> want(in.size());
        eng.apply(in.data(), want.data(), in.size(), 0);
        CPPUNIT_ASSERT(sink->data() == want);
    }

    void bad_parameters_throw()
    {
        CPPUNIT_ASSERT_THROW(awgn_bpsk_source::make(nullptr, 3.0), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(awgn_bpsk_source::make(uncoded(), 3.0, 0, "bits"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(awgn_bpsk_source::make(uncoded(), 3.0, 0, "llr", "tpu"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(awgn_bpsk_channel::make(3.0, "snr"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(awgn_bpsk_channel::make(3.0, "ebn0", 2.0), std::invalid_argument);
        auto src = awgn_bpsk_source::make(uncoded(), 3.0);
        CPPUNIT_ASSERT_THROW(src->set_ebn0_db(NAN), std::invalid_argument);
        src->set_ebn0_db(5.0);
        CPPUNIT_ASSERT_EQUAL(5.0, src->ebn0_db());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(awgn_bpsk_source_test);

} // namespace gpufec
} // namespace gr
