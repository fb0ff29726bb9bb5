/* The Viterbi engine on streaming codes (CPU backend): random tiling and batch, a stream of
 * float and int8 pieces (NaN, Inf, -128 included) pushed in random chunks with pull, flush,
 * reset and pending interleaved. Properties: the bits of a stream do not depend on the
 * chunking, the batch or the threads (a second engine gets each piece whole); a flush
 * decodes exactly the whole trellis steps received and reports the values after them;
 * pull never hands out more than available().
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/conv/viterbi.h>
#include <memory>

using namespace gr::gpufec;

namespace {

struct piece {
    std::vector<float> f; //!< float values, or
    std::vector<int8_t> q; //!< int8 values
};

void push(stream_decoder& d, const piece& p, size_t from, size_t n)
{
    if (p.f.empty())
        d.push(p.q.data() + from, n);
    else
        d.push(p.f.data() + from, n);
}

size_t pull_all(stream_decoder& d, std::vector<uint8_t>& out)
{
    const size_t n = d.available(), at = out.size();
    out.resize(at + n + 3);
    FUZZ_CHECK(d.pull(out.data() + at, n + 3) == n);
    out.resize(at + n);
    return n;
}

/* Whole steps in, and values after the last whole step, of a stream of @p sent punctured
 * values: the mother positions they cover run to the next sent position (none without a
 * value). */
void expected_flush(const conv_code& c, uint64_t sent, uint64_t& steps, uint64_t& dropped)
{
    const auto& p = c.puncture_pattern();
    std::vector<uint64_t> kept;
    for (size_t i = 0; i < p.size(); ++i)
        if (p[i])
            kept.push_back(i);
    const auto position = [&](uint64_t s) { return s / kept.size() * p.size() + kept[s % kept.size()]; };
    steps = sent ? position(sent) / c.n() : 0;
    dropped = 0;
    while (dropped < sent && position(sent - dropped - 1) >= steps * c.n())
        ++dropped;
}

viterbi_options options(FuzzedDataProvider& in)
{
    viterbi_options o;
    o.llr_scale = in.ConsumeBool() ? 8.0f : fuzz::soft_value(in);
    o.invert = in.ConsumeBool();
    o.max_batch = fuzz::size_in(in, 0, 4);
    o.threads = in.ConsumeIntegralInRange<unsigned>(1, 2);
    o.tiling.payload = fuzz::size_in(in, 0, 200);
    o.tiling.before = fuzz::size_in(in, 0, 300);
    o.tiling.after = fuzz::size_in(in, 0, 300);
    return o;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const auto c = fuzz::conv_code(in, { termination::STREAMING }, 1);
    if (!c)
        return 0;
    viterbi_options o = options(in);
    const size_t payload = o.tiling.payload ? o.tiling.payload : viterbi_tiling::defaults(*c).payload;
    if (payload <= (size_t(1) << 20) &&
        o.max_batch <= viterbi_decoder_engine::max_batch_llr / (payload * c->n()) &&
        o.max_batch * payload > (size_t(1) << 20))
        return 0; // valid, but a batch too large for milliseconds per input
    std::unique_ptr<viterbi_decoder_engine> dec;
    try {
        dec = std::make_unique<viterbi_decoder_engine>(c, o);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    const viterbi_tiling t = dec->tiling();
    FUZZ_CHECK(t.payload > 0 && t.before + t.payload + t.after <= (size_t(1) << 20));
    // The reference: the same tiling, another batch and thread count, whole pieces.
    o.tiling = t;
    o.max_batch = o.max_batch == 1 ? 0 : 1;
    o.threads = 3 - o.threads;
    viterbi_decoder_engine ref(c, o);
    FUZZ_CHECK(ref.tiling().payload == t.payload);

    std::vector<piece> stream; // since the last flush or reset
    std::vector<uint8_t> got;
    uint64_t sent = 0;
    const auto end_stream = [&] {
        const size_t dropped = dec->flush();
        FUZZ_CHECK(dec->pending() == 0);
        pull_all(*dec, got);
        for (const piece& p : stream)
            push(ref, p, 0, p.f.empty() ? p.q.size() : p.f.size());
        FUZZ_CHECK(ref.flush() == dropped);
        std::vector<uint8_t> want;
        pull_all(ref, want);
        FUZZ_CHECK(got == want);
        uint64_t steps, drop;
        expected_flush(*c, sent, steps, drop);
        FUZZ_CHECK(got.size() == steps && dropped == drop);
        for (uint8_t b : got)
            FUZZ_CHECK(b <= 1);
        stream.clear();
        got.clear();
        sent = 0;
    };
    // Each step costs about (before + payload + after) / payload add-compare-selects of
    // every state, in both engines: a budget keeps an input to milliseconds.
    const double step_cost = 2.0 * double(t.before + t.payload + t.after) / double(t.payload) *
                             double(size_t(1) << (c->k() - 1));
    const size_t budget = static_cast<size_t>(2e7 / step_cost) * c->n() + 1;
    size_t total = 0;
    for (int op = 0; op < 64 && in.remaining_bytes() > 0; ++op) {
        switch (in.ConsumeIntegralInRange<int>(0, 9)) {
        case 0:
            end_stream();
            break;
        case 1:
            dec->reset();
            FUZZ_CHECK(dec->available() == 0 && dec->pending() == 0);
            stream.clear();
            got.clear();
            sent = 0;
            break;
        case 2: { // pull a few
            const size_t avail = dec->available();
            const size_t want = in.ConsumeIntegralInRange<size_t>(0, avail + 2);
            const size_t at = got.size();
            got.resize(at + want);
            FUZZ_CHECK(dec->pull(got.data() + at, want) == std::min(want, avail));
            got.resize(at + std::min(want, avail));
            FUZZ_CHECK(dec->available() == avail - std::min(want, avail));
            break;
        }
        default: { // a piece of the stream, pushed in random chunks
            piece p;
            const size_t n = std::min(budget - total,
                                      in.ConsumeIntegralInRange<size_t>(0, in.ConsumeBool() ? 40 : 1500));
            total += n;
            if (in.ConsumeIntegralInRange<int>(0, 3) == 0)
                p.q = fuzz::int8_values(in, n);
            else
                p.f = fuzz::soft_values(in, n);
            for (size_t done = 0; done < n;) {
                const size_t len = std::min(n - done, in.ConsumeIntegralInRange<size_t>(0, 400));
                push(*dec, p, done, len);
                done += len;
                if (len == 0 && in.remaining_bytes() == 0)
                    push(*dec, p, done, n - done), done = n; // out of bytes: the rest at once
            }
            sent += n;
            stream.push_back(std::move(p));
        }
        }
    }
    end_stream();
    return 0;
}
