/* The stream decoder on the GPU at the full setting: 10,000 consecutive frames
 * (q = 32, n = 10, N = 210, pi = pd = 5e-3, ps = 0) sent back to back through the channel and
 * decoded frame after frame. Sync holds (no resynchronisation, no end-drift estimate off by
 * more than 2 bits) and the symbol and frame error rates stay at the single-frame level: that
 * of the same frames decoded one by one with their true boundaries. The CPU suite runs the
 * same check on 24 frames.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <cppunit/extensions/HelperMacros.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>

namespace gr {
namespace gpufec {

class bsid_stream_gpu_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(bsid_stream_gpu_test);
    CPPUNIT_TEST(ten_thousand_frames_stay_in_sync);
    CPPUNIT_TEST(ten_thousand_frames_stay_in_sync_pooled);
    CPPUNIT_TEST_SUITE_END();

public:
    void ten_thousand_frames_stay_in_sync() { run(bsid_lattice::CORRIDOR); }
    void ten_thousand_frames_stay_in_sync_pooled() { run(bsid_lattice::POOLED); }

private:
    static void run(bsid_lattice lattice)
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
        o.lattice = lattice;
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
        size_t stream_fe = 0, single_fe = 0, drift_wrong = 0, stream_se = 0, single_se = 0;
        int64_t worst = 0;
        for (size_t k = 0; k < F; ++k) {
            const int64_t err = frames[k].drift - int64_t(tx.drift[(k + 1) * tau]);
            drift_wrong += err != 0;
            worst = std::max<int64_t>(worst, err < 0 ? -err : err);
            const auto truth = symbols.begin() + static_cast<long>(k * N);
            const auto mine = one.begin() + static_cast<long>(k * N);
            size_t se_stream = 0, se_single = 0;
            for (size_t i = 0; i < N; ++i) {
                se_stream += frames[k].symbols[i] != truth[static_cast<long>(i)];
                se_single += mine[static_cast<long>(i)] != truth[static_cast<long>(i)];
            }
            stream_se += se_stream;
            single_se += se_single;
            stream_fe += se_stream > 0;
            single_fe += se_single > 0;
        }
        const double ser_stream = double(stream_se) / double(F * N), ser_single = double(single_se) / double(F * N);
        std::printf("\n  bsid stream on the GPU (%s lattice): %zu frames in %.1f s (%.0f frames/s); end drift wrong in "
                    "%zu (at most by %lld); SER stream %.5f, single-frame %.5f; FER stream %.4f, "
                    "single-frame %.4f\n",
                    bsid_lattice_name(lattice).c_str(), F, s, F / s, drift_wrong, static_cast<long long>(worst), ser_stream, ser_single,
                    double(stream_fe) / F, double(single_fe) / F);
        // An end drift can be ambiguous by a bit or two (a deletion at the end of one frame or at
        // the start of the next receives the same bits); the next frame's placement, which starts
        // from that frame's posterior, absorbs it. Losing sync would show as a growing error,
        // a resynchronisation, and error rates above the single-frame ones.
        CPPUNIT_ASSERT(worst <= 2);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(ser_stream) + " vs " + std::to_string(ser_single),
                               ser_stream <= ser_single * 1.01 + 1e-4);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(stream_fe) + " vs " + std::to_string(single_fe),
                               stream_fe <= single_fe + 2 * drift_wrong + 2);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(bsid_stream_gpu_test);

} // namespace gpufec
} // namespace gr
