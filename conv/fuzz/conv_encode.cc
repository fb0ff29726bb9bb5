/* conv_code::encode on random bits (any byte values) against an encoder written from the
 * definition: coded bit j of step t is the parity of the generator's taps over the last k
 * inputs, then the pattern keeps or deletes it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <algorithm>

using namespace gr::gpufec;

namespace {

/* @p in points at the block; for streaming the k-1 bits before it are its history. */
std::vector<uint8_t> reference_block(const conv_code& c, const uint8_t* in)
{
    const size_t N = c.info_bits_per_block(), steps = c.steps_per_block();
    const int k = c.k();
    // Input bit at step t - i (i < k), as the termination defines what precedes bit 0.
    const auto input = [&](size_t t, int i) -> unsigned {
        const long long pos = static_cast<long long>(t) - i;
        if (c.term() == termination::TAILBITING)
            return in[((pos % static_cast<long long>(N)) + N) % N] != 0;
        if (pos >= static_cast<long long>(N))
            return 0; // the tail of a terminated frame
        if (pos < 0)
            return c.term() == termination::STREAMING ? in[pos] != 0 : 0;
        return in[pos] != 0;
    };
    const auto& pattern = c.puncture_pattern();
    std::vector<uint8_t> out;
    size_t mother = 0;
    for (size_t t = 0; t < steps; ++t)
        for (unsigned j = 0; j < c.n(); ++j, ++mother) {
            unsigned bit = c.inverted()[j] ? 1u : 0u; // an inverted output is complemented
            for (int i = 0; i < k; ++i) // bit k-1 of a generator taps the newest input
                bit ^= ((c.polys()[j] >> (k - 1 - i)) & 1u) & input(t, i);
            if (pattern[mother % pattern.size()])
                out.push_back(static_cast<uint8_t>(bit));
        }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const auto c = fuzz::conv_code(in,
                                   { termination::TERMINATED, termination::TRUNCATED,
                                     termination::TAILBITING, termination::STREAMING },
                                   300);
    if (!c)
        return 0;
    const size_t blocks = in.ConsumeIntegralInRange<size_t>(0, 6);
    const size_t hist = c->history_bits();
    const size_t info = c->info_bits_per_block(), coded = c->coded_bits_per_block();
    const std::vector<uint8_t> bits = fuzz::bit_bytes(in, hist + blocks * info);
    std::vector<uint8_t> out(blocks * coded + 1, 0xAA);
    c->encode(bits.data() + hist, out.data(), blocks);
    FUZZ_CHECK(out[blocks * coded] == 0xAA); // nothing written past the blocks
    for (size_t b = 0; b < blocks; ++b) {
        const auto ref = reference_block(*c, bits.data() + hist + b * info);
        FUZZ_CHECK(ref.size() == coded);
        FUZZ_CHECK(std::equal(ref.begin(), ref.end(), out.begin() + b * coded));
    }
    return 0;
}
