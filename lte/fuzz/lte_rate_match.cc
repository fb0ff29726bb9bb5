/* LTE rate matching and de-matching with random E, rv, N_cb and filler counts (absurd values
 * included) and soft values with NaN and Inf. Properties: only std::invalid_argument; the
 * output bits are the encoder bits the indices name; no index names a <NULL> (filler) bit;
 * the circular buffer is read without repeats until every sendable bit has been sent once;
 * de-matching puts each received value where its bit came from.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <cmath>
#include <cstring>

using namespace gr::gpufec;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const auto& sizes = lte_turbo_code::block_sizes();
    const auto code = lte_turbo_code::make(static_cast<long long>(
        sizes[in.ConsumeIntegralInRange<size_t>(0, in.ConsumeBool() ? 30 : sizes.size() - 1)]));
    const size_t K = code->K(), D = K + 4, K_w = 3 * 32 * ((D + 31) / 32);
    const size_t E = fuzz::size_in(in, 0, in.ConsumeBool() ? 2 * K_w + 5 : 64);
    const int rv = in.ConsumeBool() ? in.ConsumeIntegralInRange<int>(0, 3) : in.ConsumeIntegral<int>();
    const size_t ncb = in.ConsumeBool() ? 0 : fuzz::size_in(in, 0, K_w + 2);
    const size_t filler = in.ConsumeBool() ? 0 : fuzz::size_in(in, 0, K + 1);

    if (E > (size_t(1) << 16) && E <= lte_rate_match_max_bits)
        return 0; // valid, but too long for milliseconds per input
    std::vector<uint32_t> idx;
    try {
        idx = lte_rate_match_indices(*code, E, rv, ncb, filler);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    FUZZ_CHECK(E >= 1 && E <= lte_rate_match_max_bits && rv >= 0 && rv <= 3 && ncb <= K_w &&
               filler < K);
    FUZZ_CHECK(idx.size() == E);
    const auto is_filler = [&](uint32_t i) { return i % D < filler && i < 2 * D; };
    std::vector<uint8_t> seen(3 * D, 0);
    size_t distinct = 0;
    bool repeating = false;
    for (uint32_t i : idx) {
        FUZZ_CHECK(i < 3 * D && !is_filler(i));
        if (seen[i])
            repeating = true;
        else
            FUZZ_CHECK(!repeating); // a bit comes again only after all have come once
        distinct += !seen[i];
        seen[i] = 1;
    }

    // Bits: the encoder's output for data with fillers as 0, or any bits.
    std::vector<uint8_t> d;
    if (in.ConsumeBool()) {
        std::vector<uint8_t> info = fuzz::bit_bytes(in, K);
        std::fill(info.begin(), info.begin() + filler, 0);
        d = lte_turbo_encode(*code, info);
    } else {
        d = fuzz::bit_bytes(in, 3 * D);
    }
    const auto e = lte_rate_match(*code, d, E, rv, ncb, filler);
    FUZZ_CHECK(e.size() == E);
    for (size_t k = 0; k < E; ++k)
        FUZZ_CHECK(e[k] == (d[idx[k]] != 0));
    try {
        d.push_back(0);
        lte_rate_match(*code, d, E, rv, ncb, filler);
        FUZZ_CHECK(!"a block of the wrong size");
    } catch (const std::invalid_argument&) {
    }

    // De-matching: without repeats, each value lands where its bit came from.
    const std::vector<float> llrs = fuzz::soft_values(in, E);
    const float filler_llr = in.ConsumeBool() ? lte_filler_llr : fuzz::soft_value(in);
    const auto back = lte_rate_dematch(*code, llrs, rv, ncb, filler, filler_llr);
    FUZZ_CHECK(back.size() == 3 * D);
    const auto same = [](float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0 || (a != a && b != b); };
    for (uint32_t i = 0; i < 3 * D; ++i) {
        if (is_filler(i))
            FUZZ_CHECK(same(back[i], filler_llr));
        else if (!seen[i])
            FUZZ_CHECK(back[i] == 0.0f);
    }
    if (distinct == E)
        for (size_t k = 0; k < E; ++k)
            FUZZ_CHECK(same(back[idx[k]], llrs[k] + 0.0f));
    return 0;
}
