/* The CPU decoder's decisions: equal to the plain reference of docs/viterbi.md bit for bit
 * (ties included), maximum likelihood against brute force, independent of threads and
 * batches, and the expected BER on AWGN.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_conv_viterbi_util.h"
#include "conv_viterbi_segment.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <cppunit/extensions/HelperMacros.h>
#include <string>

namespace gr {
namespace gpufec {

class viterbi_cpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_cpu_test);
    CPPUNIT_TEST(equals_reference_framed);
    CPPUNIT_TEST(maximum_likelihood_by_brute_force);
    CPPUNIT_TEST(ties_keep_zero_and_lowest_state);
    CPPUNIT_TEST(long_frame_metrics_stay_exact);
    CPPUNIT_TEST(clean_full_scale_input_decodes_exactly);
    CPPUNIT_TEST(segment_decoder_full_scale_metric_is_exact);
    CPPUNIT_TEST(tailbiting_noisy_known_answers);
    CPPUNIT_TEST(threads_and_batches_do_not_matter);
    CPPUNIT_TEST(ber_k7_at_4db);
    CPPUNIT_TEST_SUITE_END();

    static viterbi_options cpu(unsigned threads = 1, size_t batch = 0)
    {
        viterbi_options o;
        o.backend = backend_kind::CPU;
        o.threads = threads;
        o.max_batch = batch;
        return o;
    }

    static std::vector<uint8_t> decode(const conv_code_sptr& c, const std::vector<int8_t>& y,
                                       const viterbi_options& o)
    {
        viterbi_decoder_engine dec(c, o);
        const size_t frames = y.size() / c->coded_bits_per_block();
        std::vector<uint8_t> bits(frames * c->frame_bits());
        dec.decode_frames(y.data(), bits.data(), frames);
        return bits;
    }

    void equals_reference_framed()
    {
        // Small amplitudes and strong noise: many equal metrics, so the tie rules matter.
        std::mt19937 rng(10);
        for (int k = 3; k <= 9; ++k)
            for (unsigned n = 2; n <= 4; ++n)
                for (termination t : { termination::TERMINATED, termination::TRUNCATED,
                                       termination::TAILBITING })
                    for (const char* p : { "", "110110" }) {
                        if (*p && n != 2)
                            continue;
                        const auto c = conv_code::make(k, qa::random_polys(k, n, rng), p, t,
                                                       1 + rng() % 70);
                        const auto info = qa::random_bits(4 * c->frame_bits(), rng);
                        for (int amp : { 1, 3, 40 }) {
                            auto y = qa::channel(qa::encode(*c, info), amp, amp * 2, rng);
                            y[rng() % y.size()] = -128;
                            CPPUNIT_ASSERT_MESSAGE(c->name() + " amplitude " + std::to_string(amp),
                                                   decode(c, y, cpu(2)) == qa::reference_frames(*c, y));
                        }
                    }
    }

    void maximum_likelihood_by_brute_force()
    {
        // Terminated and truncated decoding is exact maximum likelihood: the decoded word's
        // correlation equals the best over all 2^N words. (Tailbiting wrap-around decoding is
        // not exactly ML; equals_reference_framed covers it.)
        std::mt19937 rng(11);
        for (int k = 3; k <= 5; ++k)
            for (unsigned n = 2; n <= 3; ++n)
                for (termination t : { termination::TERMINATED, termination::TRUNCATED })
                    for (size_t N = 1; N <= 10; N += 3) {
                        const auto c = conv_code::make(k, qa::random_polys(k, n, rng),
                                                       n == 2 && N > 5 ? "3/4" : "", t, N);
                        const auto y = qa::channel(qa::encode(*c, qa::random_bits(N, rng)), 10, 40, rng);
                        int64_t best = INT64_MIN;
                        for (uint32_t w = 0; w < (1u << N); ++w) {
                            std::vector<uint8_t> word;
                            for (size_t i = 0; i < N; ++i)
                                word.push_back((w >> i) & 1u);
                            best = std::max(best, qa::correlation(qa::encode(*c, word), y.data()));
                        }
                        const auto bits = decode(c, y, cpu());
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(c->name(), best,
                                                     qa::correlation(qa::encode(*c, bits), y.data()));
                        // The segment decoder reports that metric too (terminated: the path
                        // metric at state 0 counts the tail, which the correlation includes).
                        const auto llr = qa::depunctured(*c, y.data(), c->mother_bits_per_block());
                        conv::segment seg;
                        seg.llr = llr.data();
                        seg.n_steps = c->steps_per_block();
                        seg.start_known = true;
                        seg.end_state = t == termination::TERMINATED ? 0 : -1;
                        seg.n_out = N;
                        std::vector<uint8_t> seg_bits(N);
                        conv::segment_decoder sd(conv::make_trellis(*c), seg.n_steps);
                        CPPUNIT_ASSERT_EQUAL(best, sd.decode(seg, seg_bits.data()));
                        CPPUNIT_ASSERT(seg_bits == bits);
                    }
    }

    void ties_keep_zero_and_lowest_state()
    {
        // All erasures: every comparison ties, so every decision is 0 and the best state is 0:
        // the decoded bits are all 0 in every mode.
        for (termination t : { termination::TERMINATED, termination::TRUNCATED,
                               termination::TAILBITING }) {
            const auto c = conv_code::make(7, { 0171, 0133 }, "3/4", t, 50);
            const std::vector<int8_t> y(2 * c->coded_bits_per_block(), 0);
            CPPUNIT_ASSERT(decode(c, y, cpu()) == std::vector<uint8_t>(100, 0));
        }
        // One known step, then erasures: the truncated end states tie and the decoder breaks
        // the ties as the reference does.
        const auto c = conv_code::make(3, { 07, 05 }, "", termination::TRUNCATED, 4);
        const std::vector<int8_t> y = { 5, 5, 0, 0, 0, 0, 0, 0 };
        CPPUNIT_ASSERT(decode(c, y, cpu()) == qa::reference_frames(*c, y));
    }

    void long_frame_metrics_stay_exact()
    {
        // Full-scale values over a long frame: path metrics grow by up to n*127 per step and
        // the int16 renormalisation must keep them exact (compared with the int64 reference).
        std::mt19937 rng(12);
        const auto c = conv_code::make(9, { 0557, 0663, 0711, 0447 }, "", termination::TRUNCATED, 3000);
        const auto y = qa::channel(qa::encode(*c, qa::random_bits(3000, rng)), 127, 200, rng);
        CPPUNIT_ASSERT(decode(c, y, cpu()) == qa::reference_frames(*c, y));
    }

    void clean_full_scale_input_decodes_exactly()
    {
        // +-127 without noise: the survivor gains n*127 every step, the fastest the path
        // metrics can grow, which is what the int16 metrics' renormalisation interval must
        // allow for (viterbi_segment.cc). Every frame and stream must come back exactly; the
        // oracle is the sent bits themselves.
        std::mt19937 rng(14);
        const std::vector<std::pair<int, std::vector<unsigned>>> codes = {
            { 9, { 0557, 0663, 0711, 0447 } }, // rate 1/4: up to 508 per step
            { 7, { 0171, 0133, 0165, 0117 } },
            { 9, { 0557, 0663, 0711 } },
            { 7, { 0171, 0133 } },
        };
        for (const auto& code : codes) {
            for (termination t : { termination::TERMINATED, termination::TRUNCATED,
                                   termination::TAILBITING }) {
                const auto c = conv_code::make(code.first, code.second, "", t, 3000);
                const auto info = qa::random_bits(3 * 3000, rng);
                const auto y = qa::channel(qa::encode(*c, info), 127, 0, rng);
                CPPUNIT_ASSERT_MESSAGE(c->name(), decode(c, y, cpu(2)) == info);
            }
            const auto c = conv_code::make(code.first, code.second, "", termination::STREAMING);
            const auto info = qa::random_bits(20000, rng);
            const auto y = qa::channel(qa::encode(*c, info), 127, 0, rng);
            viterbi_options o = cpu(2);
            o.llr_scale = 1.0f;
            for (const viterbi_tiling& tiling : { viterbi_tiling{}, viterbi_tiling{ 5000, 100, 300 } }) {
                o.tiling = tiling;
                CPPUNIT_ASSERT_MESSAGE(c->name() + " payload " + std::to_string(tiling.payload),
                                       viterbi_decode(c, std::vector<float>(y.begin(), y.end()), o) ==
                                           info);
            }
        }
    }

    void segment_decoder_full_scale_metric_is_exact()
    {
        // The same fastest growth, given to segment_decoder itself: the frame decoders take
        // the SIMD kernels, which renormalise on their own, so only this test sees the scalar
        // pass's interval. Oracles: the sent bits, and the metric of the sent word, which is
        // every coded value's magnitude (127) summed.
        std::mt19937 rng(15);
        for (const std::vector<unsigned>& polys : { std::vector<unsigned>{ 0557, 0663, 0711, 0447 },
                                                    std::vector<unsigned>{ 0557, 0663, 0711 } }) {
            const size_t N = 3000;
            const auto c = conv_code::make(9, polys, "", termination::TRUNCATED, N);
            const auto info = qa::random_bits(N, rng);
            const auto y = qa::channel(qa::encode(*c, info), 127, 0, rng);
            for (bool start_known : { true, false }) {
                conv::segment seg;
                seg.llr = y.data();
                seg.n_steps = N;
                seg.start_known = start_known;
                seg.n_out = N;
                std::vector<uint8_t> bits(N);
                conv::segment_decoder sd(conv::make_trellis(*c), N);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(c->name(), int64_t(127) * int64_t(y.size()),
                                             sd.decode(seg, bits.data()));
                CPPUNIT_ASSERT_MESSAGE(c->name(), bits == info);
            }
        }
    }

    void tailbiting_noisy_known_answers()
    {
        // Noisy tail-biting frames (amplitude 20, uniform noise up to 40 or 45) whose sent word
        // is the maximum-likelihood word (checked here over all 2^N words) and which the
        // wrap-around decoder finds with its wrap of 6(k-1) steps per side; a wrap of 5(k-1)
        // steps decodes each of them wrongly.
        const struct {
            int k;
            std::vector<unsigned> polys;
            std::vector<int8_t> llr;
            const char* bits;
        } known[] = {
            { 7, { 0171, 0133 },
              { -1, -13, -16, -40, -43, -2, -56, 2, -48, 1, -7, -55, 1, 2, -27, 34,
                17, 30, -32, -49, -34, -57, 33, 2, -42, -1, 17, 11, 26, 41, 50, 41 },
              "1111100010000001" },
            { 7, { 0171, 0133 },
              { -47, -11, 62, 63, -57, 30, -22, 45, -18, -11, 64, 26, -41, 13, -53, -15,
                -57, 44, -65, -28, -9, -62, -33, 23, 49, 12, -45, -11, -16, -4, -61, -21 },
              "0111010001110010" },
            { 7, { 0171, 0133 },
              { 36, 20, -9, 5, -41, -6, 15, -13, 60, -25, -2, -30, 23, -1, 17, -58,
                35, 45, 60, 36, 39, 15, -46, -31, 54, 1, 23, -27, -34, -58, -44, -20 },
              "1011111111100100" },
            { 5, { 023, 035 },
              { -37, -30, 1, 31, -19, -52, 50, 18, -7, -31, -38, -16, -41, 18,
                14, 0, -14, -49, -33, -15, 35, 58, -47, -14, 26, -15, -26, -26 },
              "01110001100000" },
        };
        for (const auto& f : known) {
            const size_t N = std::string(f.bits).size();
            const auto c = conv_code::make(f.k, f.polys, "", termination::TAILBITING, N);
            std::vector<uint8_t> want(N);
            for (size_t i = 0; i < N; ++i)
                want[i] = f.bits[i] == '1';
            int64_t best = INT64_MIN;
            for (uint32_t w = 0; w < (1u << N); ++w) {
                std::vector<uint8_t> word(N);
                for (size_t i = 0; i < N; ++i)
                    word[i] = (w >> i) & 1u;
                best = std::max(best, qa::correlation(qa::encode(*c, word), f.llr.data()));
            }
            CPPUNIT_ASSERT_EQUAL(best, qa::correlation(qa::encode(*c, want), f.llr.data()));
            CPPUNIT_ASSERT_MESSAGE(std::string(f.bits), decode(c, f.llr, cpu()) == want);
        }
    }

    void threads_and_batches_do_not_matter()
    {
        std::mt19937 rng(13);
        for (termination t : { termination::TERMINATED, termination::TAILBITING }) {
            const auto c = conv_code::make(7, { 0171, 0133 }, "2/3", t, 200);
            const auto y = qa::channel(qa::encode(*c, qa::random_bits(23 * 200, rng)), 20, 40, rng);
            const auto one = decode(c, y, cpu(1));
            CPPUNIT_ASSERT(decode(c, y, cpu(3, 5)) == one);
            CPPUNIT_ASSERT(decode(c, y, cpu(0, 1)) == one);
        }
    }

    void ber_k7_at_4db()
    {
        // K=7 [171,133] r1/2 soft decoding: BER about 2e-5 at Eb/N0 = 4 dB (docs: FACTS).
        // 2^20 bits give about 20 bit errors in a few error events: a loose band.
        const auto c = conv_code::make(7, { 0171, 0133 }, "", termination::TERMINATED, 2048);
        awgn_bpsk_generator gen(c, awgn_noise::from_snr(4.0, snr_kind::EBN0, c->rate()),
                                soft_output::LLR, 4, backend_kind::CPU);
        const size_t frames = 512;
        std::vector<uint8_t> info(frames * 2048), bits(frames * 2048);
        std::vector<float> soft(frames * c->coded_bits_per_block());
        gen.generate(frames, info.data(), soft.data());
        viterbi_decoder_engine dec(c, cpu(0));
        dec.decode_frames(soft.data(), bits.data(), frames);
        size_t errors = 0;
        for (size_t i = 0; i < info.size(); ++i)
            errors += info[i] != bits[i];
        const double ber = double(errors) / info.size();
        CPPUNIT_ASSERT_MESSAGE("BER " + std::to_string(ber), ber > 2e-6 && ber < 1e-4);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_cpu_test);

} // namespace gpufec
} // namespace gr
