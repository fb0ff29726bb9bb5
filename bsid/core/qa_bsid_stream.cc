/* The stream decoder: a clean stream in any chunking, a noisy stream whose drift estimates
 * follow the channel's true drift, a burst that loses sync and the search that finds it again,
 * flush (the last frame ends where the stream does; a short remainder is dropped), pending()
 * and reset(); the stream engine the block runs: the decoder's frames written once, as bits or
 * posteriors, with an event a frame.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bsid/core/bsid_stream_engine.h"
#include "skeleton/test/qa_expect.h"
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cstring>
#include <random>

namespace gr {
namespace gpufec {

namespace {

bsid_params params(double pi, double pd, double ps)
{
    bsid_params p;
    p.pi = pi;
    p.pd = pd;
    p.ps = ps;
    return p;
}

struct stream {
    std::vector<uint32_t> symbols; // F * N
    std::vector<uint8_t> sent;
    bsid_transmission tx;
};

stream make_stream(const tvb_code& c, const bsid_params& p, size_t F, uint64_t seed)
{
    stream s;
    std::mt19937 g(static_cast<unsigned>(seed));
    s.symbols.resize(F * c.N());
    for (auto& x : s.symbols)
        x = static_cast<uint32_t>(g() % c.q());
    s.sent.resize(F * c.tau());
    c.encode_symbols(s.symbols.data(), s.sent.data(), F);
    s.tx = bsid_channel_model(p, seed).transmit(s.sent.data(), s.sent.size());
    return s;
}

/* The received bits of @p s with @p burst random bits from @p g inserted where frame
 * @p frame (of @p frame_bits sent bits) starts: a loss of sync far beyond the drift limits. */
std::vector<uint8_t>
with_burst(const stream& s, size_t frame, size_t frame_bits, size_t burst, std::mt19937& g)
{
    const auto cut = s.tx.received.begin() +
                     static_cast<long>(frame * frame_bits + s.tx.drift[frame * frame_bits]);
    std::vector<uint8_t> rx(s.tx.received.begin(), cut);
    for (size_t k = 0; k < burst; ++k)
        rx.push_back(g() & 1u);
    rx.insert(rx.end(), cut, s.tx.received.end());
    return rx;
}

std::vector<bsid_stream_frame> run(bsid_stream_decoder& dec,
                                   const std::vector<uint8_t>& rx,
                                   std::mt19937* chunks)
{
    std::vector<bsid_stream_frame> out;
    size_t done = 0;
    while (done < rx.size()) {
        const size_t len = chunks ? std::min<size_t>(rx.size() - done, 1 + (*chunks)() % 700)
                                  : rx.size() - done;
        dec.push(rx.data() + done, len);
        done += len;
        bsid_stream_frame f;
        while (dec.pull(f))
            out.push_back(std::move(f));
    }
    dec.flush();
    bsid_stream_frame f;
    while (dec.pull(f))
        out.push_back(std::move(f));
    return out;
}

/* The lattice the suite's decoders use: pooled_lattice() runs every test again with POOLED. */
bsid_lattice lattice_under_test = bsid_lattice::CORRIDOR;

bsid_map_options options(size_t lookahead)
{
    bsid_map_options o;
    o.backend = backend_kind::CPU;
    o.lookahead = lookahead;
    o.lattice = lattice_under_test;
    return o;
}

/* The engine fed in pieces as the block feeds it (pull what is there, push, flush at the end):
 * its output items and events. */
std::vector<uint8_t> run_engine(bsid_stream_engine& e,
                                const std::vector<uint8_t>& rx,
                                std::mt19937& chunks,
                                std::vector<stream_event>& events)
{
    const size_t item = e.shape().out_item_bytes;
    std::vector<uint8_t> out;
    const auto pull = [&] {
        const size_t n = e.available();
        std::vector<uint8_t> buf(n * item);
        CPPUNIT_ASSERT_EQUAL(n, e.pull(buf.data(), n + 5));
        out.insert(out.end(), buf.begin(), buf.end());
        for (stream_event ev; e.next_event(ev);)
            events.push_back(ev);
    };
    for (size_t done = 0; done < rx.size();) {
        const size_t len = std::min<size_t>(rx.size() - done, 1 + chunks() % 700);
        e.push(rx.data() + done, len);
        done += len;
        pull();
    }
    CPPUNIT_ASSERT_EQUAL(size_t(0), e.flush());
    pull();
    return out;
}

} // namespace

class bsid_stream_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(bsid_stream_test);
    CPPUNIT_TEST(clean_stream);
    CPPUNIT_TEST(noisy_stream);
    CPPUNIT_TEST(issue_setting);
    CPPUNIT_TEST(lost_sync);
    CPPUNIT_TEST(flush_and_reset);
    CPPUNIT_TEST(pooled_lattice);
    CPPUNIT_TEST(stream_engine_output);
    CPPUNIT_TEST(search_behind_still_moves_on);
    CPPUNIT_TEST_SUITE_END();

public:
    /* Every test above with the pooled lattice. */
    void pooled_lattice()
    {
        struct restore {
            ~restore() { lattice_under_test = bsid_lattice::CORRIDOR; }
        } r;
        lattice_under_test = bsid_lattice::POOLED;
        clean_stream();
        noisy_stream();
        issue_setting();
        lost_sync();
        flush_and_reset();
    }

    void clean_stream()
    {
        const auto code = tvb_code::make(6, 8, 10, {}, "random", 1);
        const bsid_params p = params(0, 0, 0);
        const stream s = make_stream(*code, p, 12, 2);
        std::mt19937 g(3);
        for (size_t la : { 0, 2 }) {
            bsid_stream_decoder dec(code, p, options(la), true);
            const auto frames = run(dec, s.tx.received, &g);
            CPPUNIT_ASSERT_EQUAL(size_t(12), frames.size());
            for (size_t k = 0; k < 12; ++k) {
                CPPUNIT_ASSERT_EQUAL(uint64_t(k), frames[k].index);
                CPPUNIT_ASSERT_EQUAL(uint64_t(k * 60), frames[k].start);
                CPPUNIT_ASSERT_EQUAL(int64_t(0), frames[k].drift);
                CPPUNIT_ASSERT_EQUAL(1.0, frames[k].drift_confidence);
                CPPUNIT_ASSERT(!frames[k].resynchronised);
                CPPUNIT_ASSERT_EQUAL(size_t(80), frames[k].posteriors.size());
                CPPUNIT_ASSERT(std::equal(frames[k].symbols.begin(), frames[k].symbols.end(),
                                          s.symbols.begin() + static_cast<long>(k * 10)));
            }
            CPPUNIT_ASSERT_EQUAL(uint64_t(0), dec.resyncs());
        }
    }

    void noisy_stream()
    {
        // pi = pd = 0.005 over 40 frames of 200 bits: the drift wanders by several bits; the
        // decoder follows it frame by frame and decodes nearly every symbol.
        const auto code = tvb_code::make(10, 16, 20, {}, "watermark", 4);
        const bsid_params p = params(0.005, 0.005, 0.0);
        const size_t F = 40;
        const stream s = make_stream(*code, p, F, 7);
        bsid_stream_decoder whole(code, p, options(5));
        const auto a = run(whole, s.tx.received, nullptr);
        std::mt19937 g(8);
        bsid_stream_decoder pieces(code, p, options(5));
        const auto b = run(pieces, s.tx.received, &g);
        CPPUNIT_ASSERT_EQUAL(F, a.size());
        CPPUNIT_ASSERT_EQUAL(F, b.size());
        size_t drift_right = 0, errors = 0;
        for (size_t k = 0; k < F; ++k) {
            // The same frames whatever the chunking.
            CPPUNIT_ASSERT(a[k].symbols == b[k].symbols);
            CPPUNIT_ASSERT_EQUAL(a[k].start, b[k].start);
            CPPUNIT_ASSERT_EQUAL(a[k].drift, b[k].drift);
            drift_right += a[k].drift == s.tx.drift[(k + 1) * code->tau()];
            for (size_t i = 0; i < 20; ++i)
                errors += a[k].symbols[i] != s.symbols[k * 20 + i];
        }
        // An insertion and a deletion near a frame's end can swap places: an estimate may be off
        // by one bit now and then, never for long.
        CPPUNIT_ASSERT_MESSAGE(std::to_string(drift_right), drift_right >= F - 4);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(errors), errors < F * 20 / 20);
        CPPUNIT_ASSERT_EQUAL(int64_t(s.tx.drift.back()), a.back().drift);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), whole.resyncs());
    }

    void issue_setting()
    {
        // The issue's stream setting, q = 32, n = 10, N = 210, pi = pd = 5e-3, ps = 0, with 24
        // frames instead of 10,000: no loss of sync, every end drift tracked, and the frame
        // error rate of the stream equal to that of the same frames decoded one by one with
        // their true boundaries (the single-frame level).
        const auto code = tvb_code::make(10, 32, 210, {}, "random", 3);
        const bsid_params p = params(5e-3, 5e-3, 0.0);
        const size_t F = 24, tau = code->tau();
        const stream s = make_stream(*code, p, F, 17);
        bsid_map_options o = options(10);
        o.precision = bsid_precision::FLOAT;
        bsid_stream_decoder dec(code, p, o);
        std::mt19937 g(18);
        const auto frames = run(dec, s.tx.received, &g);
        CPPUNIT_ASSERT_EQUAL(F, frames.size());
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), dec.resyncs());
        std::vector<size_t> ends(F);
        for (size_t k = 0; k < F; ++k)
            ends[k] = static_cast<size_t>(static_cast<long long>((k + 1) * tau) + s.tx.drift[(k + 1) * tau]);
        bsid_map_decoder_engine single(code, p, o);
        std::vector<uint32_t> one(F * 210);
        single.decode_frames(s.tx.received.data(), ends.data(), F, nullptr, nullptr, one.data());
        size_t stream_fe = 0, single_fe = 0;
        for (size_t k = 0; k < F; ++k) {
            CPPUNIT_ASSERT_EQUAL(int64_t(s.tx.drift[(k + 1) * tau]), frames[k].drift);
            const auto truth = s.symbols.begin() + static_cast<long>(k * 210);
            stream_fe += !std::equal(frames[k].symbols.begin(), frames[k].symbols.end(), truth);
            single_fe += !std::equal(one.begin() + static_cast<long>(k * 210),
                                     one.begin() + static_cast<long>((k + 1) * 210), truth);
        }
        CPPUNIT_ASSERT_MESSAGE(std::to_string(stream_fe) + " vs " + std::to_string(single_fe),
                               stream_fe <= single_fe + 1);
    }

    void lost_sync()
    {
        // A burst of 2 M_tau random bits between frames 9 and 10 of a clean stream: far beyond the
        // drift limits. The decoder notices and the search finds the frames again.
        const auto code = tvb_code::make(8, 16, 12, {}, "random", 5);
        const bsid_params p = params(0.002, 0.002, 0.0);
        const size_t F = 24;
        const stream s = make_stream(*code, p, F, 11);
        const bsid_drift_limits l = bsid_derive_drift_limits(p, 8, 12);
        std::mt19937 g(12);
        const size_t burst = static_cast<size_t>(2 * l.frame_states());
        const std::vector<uint8_t> rx = with_burst(s, 10, 96, burst, g);
        bsid_stream_decoder dec(code, p, options(4));
        const auto frames = run(dec, rx, &g);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), dec.resyncs());
        CPPUNIT_ASSERT_EQUAL(F, frames.size());
        // Frame 10, which the burst moved, is found by the search; every frame is placed right
        // and decoded with the few symbol errors of this channel.
        size_t errors = 0;
        for (size_t k = 0; k < F; ++k) {
            CPPUNIT_ASSERT_EQUAL(k == 10, frames[k].resynchronised);
            const int64_t drift = s.tx.drift[(k + 1) * 96] + (k >= 10 ? int64_t(burst) : 0);
            CPPUNIT_ASSERT_EQUAL(drift, frames[k].drift);
            for (size_t i = 0; i < 12; ++i)
                errors += frames[k].symbols[i] != s.symbols[k * 12 + i];
        }
        CPPUNIT_ASSERT_MESSAGE(std::to_string(errors), errors <= F * 12 / 50);

        // The other way: the first 2 M_tau - 3 bits of frame 10 are lost. Frame 10 cannot be
        // decoded; the frames after it are found again.
        const size_t cut = static_cast<size_t>(10 * 96 + s.tx.drift[10 * 96]);
        std::vector<uint8_t> cut_rx(s.tx.received.begin(), s.tx.received.begin() + static_cast<long>(cut));
        const size_t lost = burst - 3;
        cut_rx.insert(cut_rx.end(), s.tx.received.begin() + static_cast<long>(cut + lost),
                      s.tx.received.end());
        bsid_stream_decoder dec2(code, p, options(4));
        const auto frames2 = run(dec2, cut_rx, &g);
        CPPUNIT_ASSERT(dec2.resyncs() >= 1);
        CPPUNIT_ASSERT(frames2.size() >= F - 1 && frames2.size() <= F);
        errors = 0;
        for (size_t k = 1; k <= 12; ++k) {
            const auto& f = frames2[frames2.size() - k];
            const size_t t = F - k;
            CPPUNIT_ASSERT_EQUAL(int64_t(s.tx.drift[(t + 1) * 96]) - int64_t(lost),
                                 f.drift + int64_t(F - frames2.size()) * 96);
            for (size_t i = 0; i < 12; ++i)
                errors += f.symbols[i] != s.symbols[t * 12 + i];
        }
        CPPUNIT_ASSERT_MESSAGE(std::to_string(errors), errors <= 12 * 12 / 50);
    }

    /* A search may place a frame before the start it searched from (a candidate j < 0); the
     * next start must still lie beyond that start, or push() decodes the same bits forever
     * and emits a frame each time (a fuzzer's input: 6-bit frames, no insertions, 36 bits). */
    void search_behind_still_moves_on()
    {
        const auto code = tvb_code::make(6, 4, 1, {}, "watermark", 1);
        const bsid_params p = params(0.0, 3.0517578125000556e-05, 0.08039215686274509);
        std::vector<uint8_t> rx(36, 1);
        rx[14] = rx[20] = 0;
        const auto decode = [&](const std::vector<size_t>& cuts) {
            bsid_stream_decoder dec(code, p, options(0), true);
            std::vector<bsid_stream_frame> frames;
            bsid_stream_frame f;
            for (size_t k = 0; k + 1 < cuts.size(); ++k) {
                dec.push(rx.data() + cuts[k], cuts[k + 1] - cuts[k]);
                while (dec.pull(f))
                    frames.push_back(std::move(f));
            }
            dec.flush();
            while (dec.pull(f))
                frames.push_back(std::move(f));
            return frames;
        };
        const auto pieces = decode({ 0, 12, 31, 36 }); // the fuzzer's pieces
        const auto whole = decode({ 0, 36 });
        // Every frame moves the stream on by a bit at least.
        CPPUNIT_ASSERT(!pieces.empty() && pieces.size() <= rx.size());
        CPPUNIT_ASSERT_EQUAL(whole.size(), pieces.size());
        for (size_t k = 0; k < pieces.size(); ++k) {
            CPPUNIT_ASSERT_EQUAL(uint64_t(k), pieces[k].index);
            CPPUNIT_ASSERT_EQUAL(whole[k].start, pieces[k].start);
            CPPUNIT_ASSERT_EQUAL(whole[k].drift, pieces[k].drift);
            CPPUNIT_ASSERT(whole[k].symbols == pieces[k].symbols);
        }
    }

    /* The engine against the decoder's frames: the same frames, their symbols as bits (most
     * significant first) or their posteriors as floats, an event a frame with its tags and the
     * end of its received bits; through a burst that loses sync, so a resync warning too. */
    void stream_engine_output()
    {
        const auto code = tvb_code::make(8, 16, 12, {}, "random", 5);
        const bsid_params p = params(0.002, 0.002, 0.0);
        const size_t F = 24;
        const stream s = make_stream(*code, p, F, 11);
        // The burst of lost_sync: 2 M_tau random bits between frames 9 and 10.
        const bsid_drift_limits l = bsid_derive_drift_limits(p, 8, 12);
        std::mt19937 g(12);
        const std::vector<uint8_t> rx = with_burst(s, 10, 96, static_cast<size_t>(2 * l.frame_states()), g);
        for (bool post : { false, true }) {
            bsid_stream_decoder dec(code, p, options(4), post);
            const auto frames = run(dec, rx, &g);
            bsid_stream_engine e(code, p, options(4), post);
            CPPUNIT_ASSERT_EQUAL(size_t(post ? 16 * 4 : 1), e.shape().out_item_bytes);
            CPPUNIT_ASSERT_EQUAL(size_t(96), e.shape().in_per_period);
            std::vector<stream_event> events;
            const auto out = run_engine(e, rx, g, events);
            CPPUNIT_ASSERT(dec.resyncs() >= 1);
            CPPUNIT_ASSERT_EQUAL(dec.resyncs(), e.resyncs());
            CPPUNIT_ASSERT_EQUAL(uint64_t(frames.size()), e.frames());
            CPPUNIT_ASSERT_EQUAL(frames.size(), events.size());
            const size_t per = post ? 12 * 16 * 4 : 12 * 4;
            CPPUNIT_ASSERT_EQUAL(frames.size() * per, out.size());
            size_t warnings = 0;
            for (size_t k = 0; k < frames.size(); ++k) {
                const bsid_stream_frame& f = frames[k];
                const stream_event& ev = events[k];
                CPPUNIT_ASSERT_EQUAL(uint64_t(k * per / e.shape().out_item_bytes), ev.out_item);
                CPPUNIT_ASSERT_EQUAL(uint64_t(int64_t((k + 1) * 96) + f.drift), ev.in_end);
                CPPUNIT_ASSERT_EQUAL(std::string("frame_start"), std::string(ev.tags[0].key));
                CPPUNIT_ASSERT_EQUAL(f.index, ev.tags[0].u);
                CPPUNIT_ASSERT_EQUAL(f.drift, ev.tags[1].i);
                CPPUNIT_ASSERT_EQUAL(f.drift_confidence, ev.tags[2].f);
                CPPUNIT_ASSERT_EQUAL(int64_t(f.resynchronised), ev.tags[3].i);
                CPPUNIT_ASSERT_EQUAL(f.resynchronised, !ev.warning.empty());
                warnings += !ev.warning.empty();
                const uint8_t* o = out.data() + k * per;
                if (post) {
                    for (size_t i = 0; i < f.posteriors.size(); ++i) {
                        float v;
                        std::memcpy(&v, o + 4 * i, 4);
                        CPPUNIT_ASSERT_EQUAL(static_cast<float>(f.posteriors[i]), v);
                    }
                } else {
                    for (size_t i = 0; i < 12; ++i)
                        for (unsigned b = 0; b < 4; ++b)
                            CPPUNIT_ASSERT_EQUAL(uint8_t((f.symbols[i] >> (3 - b)) & 1u), o[i * 4 + b]);
                }
            }
            CPPUNIT_ASSERT(warnings >= 1);
            CPPUNIT_ASSERT_EQUAL(int64_t(frames.back().drift), e.drift());
            // reset() starts anew: no output, no events, counts at 0.
            e.push(rx.data(), 500);
            e.reset();
            stream_event ev;
            CPPUNIT_ASSERT(e.available() == 0 && !e.next_event(ev) && e.frames() == 0 && e.resyncs() == 0);
        }
    }

    void flush_and_reset()
    {
        const auto code = tvb_code::make(4, 4, 5, {}, "marker");
        const bsid_params p = params(0.01, 0.01, 0);
        const stream s = make_stream(*code, p, 3, 5);
        bsid_stream_decoder dec(code, p, options(0));
        const bsid_drift_limits& l = dec.engine().limits();
        // Two frames and a little: the pending bits are decoded at flush, the little dropped.
        std::vector<uint8_t> rx(s.sent.begin(), s.sent.begin() + 43);
        dec.push(rx.data(), rx.size());
        CPPUNIT_ASSERT(dec.available() >= 1);
        CPPUNIT_ASSERT(dec.pending() == 0 || dec.pending() >= size_t(20 + l.frame_min));
        dec.flush();
        CPPUNIT_ASSERT_EQUAL(size_t(2), dec.available());
        CPPUNIT_ASSERT_EQUAL(size_t(0), dec.pending());
        bsid_stream_frame f;
        CPPUNIT_ASSERT(dec.pull(f) && f.index == 0);
        CPPUNIT_ASSERT(dec.pull(f) && f.index == 1);
        CPPUNIT_ASSERT(!dec.pull(f));
        // After a flush a new stream starts at frame 0.
        dec.push(s.sent.data(), 20);
        dec.flush();
        CPPUNIT_ASSERT(dec.pull(f) && f.index == 0 && f.start == 0);
        // reset() forgets what was pushed and not pulled.
        dec.push(s.sent.data(), 50);
        dec.reset();
        CPPUNIT_ASSERT_EQUAL(size_t(0), dec.available());
        CPPUNIT_ASSERT_EQUAL(size_t(0), dec.pending());
        dec.flush();
        CPPUNIT_ASSERT_EQUAL(size_t(0), dec.available());
        qa::expect_invalid([&] { dec.push(nullptr, 3); }, "bits is null");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(bsid_stream_test);

} // namespace gpufec
} // namespace gr
