/* The stream decoder on the GPU at the full setting: 10,000 consecutive frames
 * (q = 32, n = 10, N = 210, pi = pd = 5e-3, ps = 0) sent back to back through the channel and
 * decoded frame after frame. Sync holds (no resynchronisation, every end drift tracked) and
 * the frame error rate stays at the single-frame level: that of the same frames decoded one
 * by one with their true boundaries. The CPU suite runs the same check on 24 frames.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/bsid_map.h>
#include <cppunit/extensions/HelperMacros.h>
#include <chrono>
#include <cstdio>
#include <random>

namespace gr {
namespace gpufec {

class bsid_stream_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(bsid_stream_gpu_test);
    CPPUNIT_TEST(ten_thousand_frames_stay_in_sync);
    CPPUNIT_TEST_SUITE_END();

public:
    void ten_thousand_frames_stay_in_sync()
    {
        const size_t F = 10000, N = 210;
        const auto code = tvb_code::make(10, 32, N, {}, "random", 3);
        bsid_params p;
        p.pi = p.pd = 5e-3;
        const size_t tau = code->tau();

        std::mt19937 g(17);
        std::vector<uint32_t> symbols(F * N);
        for (auto& x : symbols)
            x = static_cast<uint32_t>(g() % code->q());
        std::vector<uint8_t> sent(F * tau);
        code->encode_symbols(symbols.data(), sent.data(), F);
        const bsid_transmission tx = bsid_channel_model(p, 17).transmit(sent.data(), sent.size());

        bsid_map_options o;
        o.backend = backend_kind::CUDA;
        o.lookahead = 10;
        bsid_stream_decoder dec(code, p, o);
        std::vector<bsid_stream_frame> frames;
        const auto t0 = std::chrono::steady_clock::now();
        std::mt19937 chunks(18);
        for (size_t done = 0; done < tx.received.size();) {
            const size_t len = std::min<size_t>(tx.received.size() - done, 1 + chunks() % 50000);
            dec.push(tx.received.data() + done, len);
            done += len;
            bsid_stream_frame f;
            while (dec.pull(f))
                frames.push_back(std::move(f));
        }
        dec.flush();
        bsid_stream_frame f;
        while (dec.pull(f))
            frames.push_back(std::move(f));
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

        CPPUNIT_ASSERT_EQUAL(F, frames.size());
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), dec.resyncs());
        std::vector<size_t> ends(F);
        for (size_t k = 0; k < F; ++k)
            ends[k] = static_cast<size_t>(static_cast<long long>((k + 1) * tau) + tx.drift[(k + 1) * tau]);
        bsid_map_decoder_engine single(code, p, o);
        std::vector<uint32_t> one(F * N);
        single.decode_frames(tx.received.data(), ends.data(), F, nullptr, nullptr, one.data());
        size_t stream_fe = 0, single_fe = 0, drift_wrong = 0;
        for (size_t k = 0; k < F; ++k) {
            drift_wrong += frames[k].drift != int64_t(tx.drift[(k + 1) * tau]);
            const auto truth = symbols.begin() + static_cast<long>(k * N);
            stream_fe += !std::equal(frames[k].symbols.begin(), frames[k].symbols.end(), truth);
            single_fe += !std::equal(one.begin() + static_cast<long>(k * N),
                                     one.begin() + static_cast<long>((k + 1) * N), truth);
        }
        std::printf("\n  bsid stream on the GPU: %zu frames in %.1f s (%.0f frames/s), end drift wrong "
                    "in %zu, FER stream %.4f, single-frame %.4f\n",
                    F, s, F / s, drift_wrong, double(stream_fe) / F, double(single_fe) / F);
        // A wrong end drift that the next frame corrects costs at most the two frames around it.
        CPPUNIT_ASSERT(drift_wrong <= F / 1000);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(stream_fe) + " vs " + std::to_string(single_fe),
                               stream_fe <= single_fe + 2 * drift_wrong + 2);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(bsid_stream_gpu_test);

} // namespace gpufec
} // namespace gr
