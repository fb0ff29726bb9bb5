/* tvb_code with any sizes, constructions, seeds and custom codebooks (bytes of any value), its
 * encoders and the symbol/bit conversions.
 * Properties: bad parameters are std::invalid_argument; every position's codebook is
 * injective and holds n-bit words; codebooks() and packed() agree; a code rebuilt from its
 * codebooks is the same code; encode(), encode_symbols() and the conversions agree with the
 * codewords; a symbol >= q is refused.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/bsid/tvb_code.h>
#include <algorithm>
#include <memory>

using namespace gr::gpufec;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const size_t n = in.ConsumeIntegralInRange<int>(0, 7) == 0 ? fuzz::size_in(in, 0, 40)
                                                                : in.ConsumeIntegralInRange<size_t>(1, 16);
    const size_t q = in.ConsumeBool() ? size_t(1) << in.ConsumeIntegralInRange<int>(1, 6)
                                      : fuzz::size_in(in, 0, 300);
    const size_t N = fuzz::size_in(in, 0, 12);
    const std::string cons = fuzz::pick<std::string>(in, { "random", "watermark", "marker", "x" });
    const uint64_t seed = in.ConsumeIntegral<uint64_t>();
    std::vector<uint8_t> cb;
    if (in.ConsumeIntegralInRange<int>(0, 3) == 0) {
        const size_t len = in.ConsumeBool() && n <= 16 && q <= 64 && N <= 12
                               ? n * q * N
                               : in.ConsumeIntegralInRange<size_t>(0, 2000);
        cb = in.ConsumeBool() ? fuzz::bit_bytes(in, len) : std::vector<uint8_t>(len, 0);
        for (auto& b : cb)
            if (in.ConsumeBool())
                b = b != 0;
    }
    // Valid but large codes are skipped (an input stays at milliseconds); absurd ones go on.
    if (n >= 1 && n <= 32 && q >= 2 && q <= 65536 && N >= 1 && N < (size_t(1) << 31) &&
        double(n) * double(q) * double(N) > 65536.0)
        return 0;
    std::shared_ptr<const tvb_code> c;
    try {
        c = tvb_code::make(n, q, N, cb, cons, seed);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    FUZZ_CHECK(n >= 1 && n <= 32 && q >= 2 && (q & (q - 1)) == 0 && N >= 1);
    FUZZ_CHECK(c->tau() == n * N && c->packed().size() == N * q && c->codebooks().size() == N * q * n);
    for (size_t i = 0; i < N; ++i) {
        std::vector<uint32_t> words(c->packed().begin() + i * q, c->packed().begin() + (i + 1) * q);
        for (size_t d = 0; d < q; ++d) {
            FUZZ_CHECK(n == 32 || words[d] < (uint64_t(1) << n));
            uint32_t x = 0;
            for (size_t k = 0; k < n; ++k)
                x = (x << 1) | c->codebooks()[(i * q + d) * n + k];
            FUZZ_CHECK(x == words[d]);
        }
        std::sort(words.begin(), words.end());
        FUZZ_CHECK(std::adjacent_find(words.begin(), words.end()) == words.end());
    }
    if (!cb.empty())
        FUZZ_CHECK(c->construction() == "custom");
    const tvb_code again(n, q, N, c->codebooks());
    FUZZ_CHECK(again.packed() == c->packed());

    const size_t frames = in.ConsumeIntegralInRange<size_t>(0, 3);
    std::vector<uint32_t> sym(frames * N);
    for (auto& s : sym)
        s = in.ConsumeIntegralInRange<int>(0, 15) == 0 ? in.ConsumeIntegral<uint32_t>()
                                                       : in.ConsumeIntegralInRange<uint32_t>(0, q - 1);
    const bool valid = std::all_of(sym.begin(), sym.end(), [&](uint32_t s) { return s < q; });
    std::vector<uint8_t> a(frames * c->tau());
    try {
        c->encode_symbols(sym.data(), a.data(), frames);
        FUZZ_CHECK(valid);
    } catch (const std::invalid_argument&) {
        FUZZ_CHECK(!valid);
        return 0;
    }
    for (size_t s = 0; s < sym.size(); ++s)
        for (size_t k = 0; k < n; ++k)
            FUZZ_CHECK(a[s * n + k] == ((c->codeword(s % N, sym[s]) >> (n - 1 - k)) & 1u));
    const std::vector<uint8_t> info = tvb_bits_from_symbols(*c, sym.data(), sym.size());
    FUZZ_CHECK(tvb_symbols_from_bits(*c, info.data(), info.size()) == sym);
    std::vector<uint8_t> b(a.size());
    c->encode(info.data(), b.data(), frames);
    FUZZ_CHECK(a == b);
    return 0;
}
