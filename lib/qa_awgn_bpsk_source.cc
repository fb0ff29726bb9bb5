/* The test-source blocks in a C++ flowgraph give exactly the core generator's streams.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/blocks/head.h>
#include <gnuradio/blocks/vector_sink.h>
#include <gnuradio/blocks/vector_source.h>
#include <gnuradio/gpufec/awgn_bpsk.h>
#include <gnuradio/gpufec/awgn_bpsk_channel.h>
#include <gnuradio/gpufec/awgn_bpsk_source.h>
#include <gnuradio/top_block.h>
#include <cppunit/extensions/HelperMacros.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

class awgn_bpsk_source_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(awgn_bpsk_source_test);
    CPPUNIT_TEST(source_equals_core_generator);
    CPPUNIT_TEST(channel_equals_core_engine);
    CPPUNIT_TEST(bad_parameters_throw);
    CPPUNIT_TEST_SUITE_END();

    void source_equals_core_generator()
    {
        const size_t n = 100003;
        auto tb = gr::make_top_block("source");
        auto src = awgn_bpsk_source::make(uncoded(), 3.0, 42, "llr", "cpu");
        auto h0 = blocks::head::make(sizeof(uint8_t), n);
        auto h1 = blocks::head::make(sizeof(float), n);
        auto bits = blocks::vector_sink_b::make();
        auto soft = blocks::vector_sink_f::make();
        tb->connect(src, 0, h0, 0);
        tb->connect(src, 1, h1, 0);
        tb->connect(h0, 0, bits, 0);
        tb->connect(h1, 0, soft, 0);
        tb->run();
        CPPUNIT_ASSERT_EQUAL(std::string("cpu"), src->backend());

        awgn_bpsk_generator gen(uncoded(), awgn_noise::from_snr(3.0, snr_kind::EBN0, 1.0),
                                soft_output::LLR, 42, backend_kind::CPU);
        std::vector<uint8_t> want_bits(n);
        std::vector<float> want_soft(n);
        gen.generate(n, want_bits.data(), want_soft.data());
        CPPUNIT_ASSERT(bits->data() == want_bits);
        CPPUNIT_ASSERT(soft->data() == want_soft);
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
