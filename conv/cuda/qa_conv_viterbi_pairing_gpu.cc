/* The pairing decoder on the GPU switches at the same bits as on the CPU and decodes the same
 * bits: its decisions depend on the decoded bits only, which both backends decode alike.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/conv/viterbi_pairing.h>
#include <cppunit/extensions/HelperMacros.h>
#include <random>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

class viterbi_pairing_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_pairing_gpu_test);
    CPPUNIT_TEST(gpu_switches_where_the_cpu_does);
    CPPUNIT_TEST_SUITE_END();

    struct result {
        std::vector<uint8_t> bits;
        std::vector<uint64_t> at;
        std::vector<unsigned> offset;
        bool operator==(const result& o) const
        {
            return bits == o.bits && at == o.at && offset == o.offset;
        }
    };

    static result run(const conv_code_sptr& c, const std::vector<float>& y, backend_kind b, size_t chunk)
    {
        viterbi_options o;
        o.backend = b;
        viterbi_pairing_decoder dec(c, o);
        result r;
        std::vector<pairing_change> ch;
        const auto drain = [&] {
            const size_t have = r.bits.size();
            r.bits.resize(have + dec.available());
            ch.clear();
            dec.pull(r.bits.data() + have, r.bits.size() - have, ch);
            for (const auto& x : ch) {
                r.at.push_back(have + x.bit);
                r.offset.push_back(x.offset);
            }
        };
        for (size_t pos = 0; pos < y.size(); pos += chunk) {
            dec.push(y.data() + pos, std::min(chunk, y.size() - pos));
            drain();
        }
        dec.flush();
        drain();
        return r;
    }

    void gpu_switches_where_the_cpu_does()
    {
        std::mt19937 rng(31);
        for (unsigned n : { 2u, 3u }) {
            const auto c = conv_code::make(7, n == 2 ? std::vector<unsigned>{ 0171, 0133 }
                                                     : std::vector<unsigned>{ 0133, 0171, 0165 },
                                           "", termination::STREAMING);
            // Noisy BPSK of random bits with a slip (a value lost or gained) every 20000
            // values, and stretches of noise alone.
            std::vector<uint8_t> info(100000);
            for (auto& b : info)
                b = rng() & 1;
            std::vector<uint8_t> hist(c->history_bits(), 0);
            hist.insert(hist.end(), info.begin(), info.end());
            std::vector<uint8_t> coded(info.size() * n);
            c->encode(hist.data() + c->history_bits(), coded.data(), info.size());
            std::normal_distribution<float> z(0.0f, 0.8f);
            std::vector<float> y;
            for (size_t i = 0; i < coded.size(); ++i) {
                if (i % 20000 == 10000 && (i / 20000) % 2 == 0)
                    continue; // lost
                if (i % 20000 == 10000)
                    y.push_back(z(rng)); // gained
                if (i % 50000 >= 45000)
                    y.push_back(2.0f * z(rng)); // noise instead of the signal
                else
                    y.push_back((coded[i] ? 1.0f : -1.0f) + z(rng));
            }
            const result cpu = run(c, y, backend_kind::CPU, y.size());
            CPPUNIT_ASSERT(cpu.at.size() >= 8);
            for (size_t chunk : { y.size(), size_t(4097), size_t(100) })
                CPPUNIT_ASSERT_MESSAGE("n " + std::to_string(n) + " chunk " + std::to_string(chunk),
                                       run(c, y, backend_kind::CUDA, chunk) == cpu);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_pairing_gpu_test);

} // namespace gpufec
} // namespace gr
