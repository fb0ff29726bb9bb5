/* The BSID channel and the stream decoder (CPU): a few frames through the seeded channel (any
 * parameters), sent in pieces of any size at any stream position, and the received bits pushed
 * into the stream decoder in random chunks with pull(), pending(), flush() and reset()
 * interleaved.
 * Properties: only std::invalid_argument, and always for bits past the channel's stream; pieces
 * give the stream's output and drift record; the frames are the same as a second decoder's fed
 * everything at once; indices count up; symbols are below q; pending() is 0 after a flush.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <memory>

using namespace gr::gpufec;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    bsid_params p;
    p.pi = in.ConsumeBool() ? in.ConsumeFloatingPointInRange<double>(0.0, 0.05) : in.ConsumeFloatingPoint<double>();
    p.pd = in.ConsumeFloatingPointInRange<double>(0.0, 0.05);
    p.ps = in.ConsumeFloatingPointInRange<double>(0.0, 0.1);
    std::unique_ptr<bsid_channel_model> ch;
    try {
        ch = std::make_unique<bsid_channel_model>(p, in.ConsumeIntegral<uint64_t>());
    } catch (const std::invalid_argument&) {
        return 0;
    }
    const auto c = tvb_code::make(in.ConsumeIntegralInRange<size_t>(3, 8), 4,
                                  in.ConsumeIntegralInRange<size_t>(1, 5), {}, "watermark", 1);
    const size_t frames = in.ConsumeIntegralInRange<size_t>(0, 6);
    std::vector<uint8_t> bits = fuzz::bit_bytes(in, frames * c->tau());
    // Small, at the end of the channel's stream, or anywhere; past the end is refused.
    constexpr uint64_t stream_end = bsid_channel_model::max_stream_bits;
    const uint64_t first =
        in.ConsumeBool() ? in.ConsumeIntegralInRange<uint64_t>(0, 10000)
        : in.ConsumeBool()
            ? stream_end - in.ConsumeIntegralInRange<uint64_t>(0, 2 * bits.size() + 1)
            : in.ConsumeIntegral<uint64_t>() >> 16;
    if (first > stream_end - bits.size()) {
        bool refused = false;
        try {
            ch->transmit(bits.data(), bits.size(), first);
        } catch (const std::invalid_argument&) {
            refused = true;
        }
        FUZZ_CHECK(refused);
        return 0;
    }
    const bsid_transmission whole = ch->transmit(bits.data(), bits.size(), first);
    FUZZ_CHECK(whole.drift.size() == bits.size() + 1 && whole.drift[0] == 0);
    FUZZ_CHECK(static_cast<long long>(whole.received.size()) - static_cast<long long>(bits.size()) ==
               whole.drift.back());
    std::vector<uint8_t> joined;
    for (size_t done = 0; done < bits.size();) {
        const size_t len = in.ConsumeIntegralInRange<size_t>(0, bits.size() - done);
        const bsid_transmission part = ch->transmit(bits.data() + done, len, first + done);
        for (size_t t = 0; t <= len; ++t)
            FUZZ_CHECK(part.drift[t] == whole.drift[done + t] - whole.drift[done]);
        joined.insert(joined.end(), part.received.begin(), part.received.end());
        done += len;
        if (len == 0 && in.remaining_bytes() == 0)
            break;
    }
    if (joined.size() == whole.received.size())
        FUZZ_CHECK(joined == whole.received);

    bsid_map_options o;
    o.backend = backend_kind::CPU;
    o.lookahead = in.ConsumeIntegralInRange<size_t>(0, c->N());
    o.max_drift = in.ConsumeBool() ? -1 : in.ConsumeIntegralInRange<int>(0, 10);
    std::unique_ptr<bsid_stream_decoder> a, b;
    try {
        a = std::make_unique<bsid_stream_decoder>(c, p, o, in.ConsumeBool());
        b = std::make_unique<bsid_stream_decoder>(c, p, o);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    if (a->engine().limits().frame_states() > 80)
        return 0;
    const std::vector<uint8_t>& rx = whole.received;
    std::vector<bsid_stream_frame> fa, fb;
    bsid_stream_frame f;
    for (size_t done = 0; done < rx.size();) {
        const size_t len = in.ConsumeIntegralInRange<size_t>(1, rx.size() - done);
        a->push(rx.data() + done, len);
        done += len;
        if (in.ConsumeBool())
            while (a->pull(f))
                fa.push_back(std::move(f));
    }
    a->flush();
    FUZZ_CHECK(a->pending() == 0);
    while (a->pull(f))
        fa.push_back(std::move(f));
    b->push(rx.data(), rx.size());
    b->flush();
    while (b->pull(f))
        fb.push_back(std::move(f));
    FUZZ_CHECK(fa.size() == fb.size());
    for (size_t k = 0; k < fa.size(); ++k) {
        FUZZ_CHECK(fa[k].index == k && fb[k].index == k);
        FUZZ_CHECK(fa[k].symbols == fb[k].symbols && fa[k].start == fb[k].start &&
                   fa[k].drift == fb[k].drift && fa[k].resynchronised == fb[k].resynchronised);
        FUZZ_CHECK(fa[k].symbols.size() == c->N());
        for (uint32_t s : fa[k].symbols)
            FUZZ_CHECK(s < c->q());
    }
    FUZZ_CHECK(a->resyncs() == b->resyncs());
    a->reset();
    FUZZ_CHECK(a->available() == 0 && a->pending() == 0 && a->resyncs() == 0);
    return 0;
}
