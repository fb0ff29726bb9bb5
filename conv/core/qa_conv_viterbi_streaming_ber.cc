/* The streaming decoder with the default tiling loses less than 0.1 dB to exact framed
 * decoding near BER 1e-5 (K=7 171/133 r1/2): streaming at 4.0 dB makes no more bit errors than
 * terminated 2048-bit frames at 3.9 dB.
 *
 * Near 4 dB this code's BER falls about 20x per dB, so 0.1 dB is a factor of about 1.35
 * (2^25 bits: ~570 errors streaming vs ~770 framed expected, a gap of about 2.5 standard
 * deviations with error bursts of ~5 bits counted in). The seed is fixed: the test is
 * deterministic, and it fails if the tiling costs 0.1 dB or more.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/conv/viterbi.h>
#include <cppunit/extensions/HelperMacros.h>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

class viterbi_streaming_ber_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_streaming_ber_test);
    CPPUNIT_TEST(streaming_within_a_tenth_of_a_db_of_framed);
    CPPUNIT_TEST_SUITE_END();

    static size_t bit_errors(conv_code_sptr code, double ebn0, size_t blocks, uint64_t seed)
    {
        awgn_bpsk_generator gen(code, awgn_noise::from_snr(ebn0, snr_kind::EBN0, code->rate()),
                                soft_output::LLR, seed, backend_kind::CPU);
        std::vector<uint8_t> info(blocks * code->info_bits_per_block());
        std::vector<float> soft(blocks * code->coded_bits_per_block());
        gen.generate(blocks, info.data(), soft.data());
        viterbi_options o;
        o.backend = backend_kind::CPU;
        viterbi_decoder_engine dec(code, o);
        std::vector<uint8_t> bits(info.size());
        size_t n = 0;
        if (code->term() == termination::STREAMING) {
            dec.push(soft.data(), soft.size());
            n = dec.pull(bits.data(), bits.size()); // complete tiles only
        } else {
            dec.decode_frames(soft.data(), bits.data(), blocks);
            n = bits.size();
        }
        size_t errors = 0;
        for (size_t i = 0; i < n; ++i)
            errors += bits[i] != info[i];
        // Scale to the same number of bits when the stream's last tile is still open.
        return n ? errors * info.size() / n : errors;
    }

    void streaming_within_a_tenth_of_a_db_of_framed()
    {
        const size_t n_bits = size_t(1) << 25;
        const auto framed = conv_code::make(7, { 0171, 0133 }, "", termination::TERMINATED, 2048);
        const auto stream = conv_code::make(7, { 0171, 0133 }, "", termination::STREAMING);
        const size_t e_framed = bit_errors(framed, 3.9, n_bits / 2048, 31);
        const size_t e_stream = bit_errors(stream, 4.0, n_bits, 32);
        CPPUNIT_ASSERT_MESSAGE("streaming at 4.0 dB: " + std::to_string(e_stream) +
                                   " bit errors; framed at 3.9 dB: " + std::to_string(e_framed),
                               e_stream <= e_framed);
        // Both in the expected range (BER 1e-5 .. 5e-5), so the comparison means something.
        CPPUNIT_ASSERT(e_stream > n_bits / 100000 && e_framed < n_bits / 20000);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_streaming_ber_test);

} // namespace gpufec
} // namespace gr
