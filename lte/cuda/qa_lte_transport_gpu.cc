/* Transport blocks on the GPU (label gpu): lte_transport_decoder_engine with the CUDA backend
 * takes the CPU backend's decisions, given the same sub-block split, for transport blocks of
 * one and of several code blocks (C- > 0 with filler bits, and 13 blocks), float and 16-bit
 * metrics, with and without early stop.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/lte/lte_transport.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

class lte_transport_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(lte_transport_gpu_test);
    CPPUNIT_TEST(cuda_takes_the_cpu_decisions);
    CPPUNIT_TEST_SUITE_END();

    void cuda_takes_the_cpu_decisions()
    {
        const struct {
            size_t A, G;
            int Qm, rv;
            double ebn0;
        } rows[] = { { 1000, 3000, 2, 0, 1.5 }, { 6208, 12006, 2, 1, 4.0 },
                     { 75376, 86400, 6, 0, 5.0 } };
        std::mt19937 rng(17);
        for (const auto& row : rows) {
            lte_transport_params p;
            p.A = row.A;
            p.G = row.G;
            p.Qm = row.Qm;
            p.rv = row.rv;
            std::vector<uint8_t> bits(p.A);
            for (auto& b : bits)
                b = rng() & 1u;
            const auto coded = lte_transport_encode(bits, p);
            awgn_bpsk_channel_engine channel(
                awgn_noise::from_snr(row.ebn0, snr_kind::EBN0, double(p.A) / double(p.G)),
                soft_output::LLR, row.A, backend_kind::CPU);
            std::vector<float> llr(coded.size());
            channel.apply(coded.data(), llr.data(), llr.size(), 0);
            for (auto metrics : { turbo_metrics::FLOAT, turbo_metrics::INT16 }) {
                for (auto stop : { early_stop::NONE, early_stop::CRC24B }) {
                    const std::string what = "A = " + std::to_string(row.A) + ", " +
                                             turbo_metrics_name(metrics) + ", stop " +
                                             early_stop_name(stop);
                    lte_turbo_options o;
                    o.turbo.metrics = metrics;
                    o.turbo.stop = stop;
                    o.turbo.subblocks = 8; // the same windows on both backends
                    o.turbo.guard = 16;
                    std::vector<uint8_t> out[2];
                    lte_transport_status st[2];
                    const backend_kind kinds[2] = { backend_kind::CPU, backend_kind::CUDA };
                    for (int k = 0; k < 2; ++k) {
                        o.backend = kinds[k];
                        lte_transport_decoder_engine dec(o);
                        out[k].assign(p.A, 0xAA);
                        st[k] = dec.decode(llr.data(), p, out[k].data());
                    }
                    CPPUNIT_ASSERT_MESSAGE(what, out[0] == out[1]);
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, st[0].crc_pass, st[1].crc_pass);
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, st[0].iterations, st[1].iterations);
                    CPPUNIT_ASSERT_MESSAGE(what, st[0].block_crc_pass == st[1].block_crc_pass);
                    CPPUNIT_ASSERT_MESSAGE(what, st[0].crc_pass && out[0] == bits);
                }
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(lte_transport_gpu_test);

} // namespace gpufec
} // namespace gr
