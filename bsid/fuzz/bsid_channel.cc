/* The BSID channel (bsid_channel_model) with any probabilities and seeds, sent in pieces.
 * Properties: bad probabilities are std::invalid_argument; the output is bits; the drift
 * starts at 0, ends at received - sent, and falls by at most 1 a bit; pieces sent with their
 * stream position give the whole stream's output; without insertions and deletions the
 * output has the input's length, and without substitutions too it is the input.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <algorithm>
#include <limits>
#include <memory>

using namespace gr::gpufec;

namespace {

double probability(FuzzedDataProvider& in)
{
    switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
        return fuzz::pick<double>(in, { 0.0, 1.0, -0.0, 0.5, 1e-300, -1e-9, 1.0000001,
                                        std::numeric_limits<double>::quiet_NaN(),
                                        std::numeric_limits<double>::infinity() });
    case 1:
        return in.ConsumeFloatingPoint<double>();
    default:
        return in.ConsumeFloatingPointInRange<double>(0.0, 0.3);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    bsid_params p;
    p.pi = probability(in);
    p.pd = probability(in);
    p.ps = probability(in);
    const uint64_t seed = in.ConsumeIntegral<uint64_t>();
    std::unique_ptr<bsid_channel_model> ch;
    try {
        ch = std::make_unique<bsid_channel_model>(p, seed);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    FUZZ_CHECK(p.pi >= 0 && p.pd >= 0 && p.ps >= 0 && p.ps <= 1 && p.pi < 1 && p.pi + p.pd <= 1);
    // A long expected insertion run makes a big output: keep the harness fast.
    if (p.pi > 0.9)
        return 0;

    const uint64_t first = in.ConsumeBool() ? 0 : in.ConsumeIntegralInRange<uint64_t>(0, 1u << 20);
    const auto bits = fuzz::bit_bytes(in, in.ConsumeIntegralInRange<size_t>(0, 9000));
    const bsid_transmission whole = ch->transmit(bits.data(), bits.size(), first);
    FUZZ_CHECK(whole.drift.size() == bits.size() + 1 && whole.drift[0] == 0);
    FUZZ_CHECK(int64_t(whole.received.size()) - int64_t(bits.size()) == whole.drift.back());
    for (size_t t = 0; t < bits.size(); ++t)
        FUZZ_CHECK(whole.drift[t + 1] - whole.drift[t] >= -1);
    for (uint8_t b : whole.received)
        FUZZ_CHECK(b <= 1);
    if (p.pi == 0 && p.pd == 0) {
        FUZZ_CHECK(whole.received.size() == bits.size());
        if (p.ps == 0)
            for (size_t t = 0; t < bits.size(); ++t)
                FUZZ_CHECK(whole.received[t] == (bits[t] != 0));
    }

    // The same stream in pieces.
    std::vector<uint8_t> joined;
    size_t at = 0;
    while (at < bits.size()) {
        const size_t len = std::min(bits.size() - at, in.ConsumeIntegralInRange<size_t>(1, 5000));
        const bsid_transmission piece = ch->transmit(bits.data() + at, len, first + at);
        FUZZ_CHECK(piece.drift.size() == len + 1 && piece.drift[0] == 0);
        joined.insert(joined.end(), piece.received.begin(), piece.received.end());
        at += len;
    }
    FUZZ_CHECK(joined == whole.received);
    return 0;
}
