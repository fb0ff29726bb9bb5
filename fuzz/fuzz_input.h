/* What the harnesses share: turning fuzzer bytes into the values a user could pass (soft
 * values with their special cases, codes that the constructor accepts), and the check that
 * stops a run on a broken property.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_FUZZ_INPUT_H
#define INCLUDED_GPUFEC_FUZZ_INPUT_H

#include <gnuradio/gpufec/conv/conv_code.h>
#include <fuzzer/FuzzedDataProvider.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace fuzz {

/* A broken property is a crash, so that libFuzzer keeps the input (abort, not an exception:
 * the harnesses catch the documented exceptions). */
#define FUZZ_CHECK(cond)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            std::fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond); \
            std::abort();                                                                  \
        }                                                                                  \
    } while (0)

template <typename T>
T pick(FuzzedDataProvider& in, std::initializer_list<T> values)
{
    return *(values.begin() + in.ConsumeIntegralInRange<size_t>(0, values.size() - 1));
}

/* A size: mostly in [lo, hi], sometimes any 64-bit value (absurd ones included). */
inline size_t size_in(FuzzedDataProvider& in, size_t lo, size_t hi)
{
    if (in.ConsumeIntegralInRange<int>(0, 15) == 0)
        return in.ConsumeIntegral<size_t>();
    return in.ConsumeIntegralInRange<size_t>(lo, hi);
}

/* A float soft value: the specials a broken upstream sends, the quantizer's rounding and
 * clamping edges at the default scale 8 (x.0625 is a half step), and ordinary values. */
inline float soft_value(FuzzedDataProvider& in)
{
    constexpr float inf = std::numeric_limits<float>::infinity();
    switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
        return pick<float>(in, { std::numeric_limits<float>::quiet_NaN(), inf, -inf, -0.0f,
                                 std::numeric_limits<float>::max(),
                                 -std::numeric_limits<float>::max(),
                                 std::numeric_limits<float>::denorm_min(), 1e-30f });
    case 1:
        return pick<float>(in, { 0.0625f, -0.0625f, 0.1875f, -0.1875f, 15.875f, -15.875f,
                                 15.9375f, -15.9375f, 16.0f, -16.0f, 1024.0f, -1024.0f });
    case 2: {
        uint32_t u = in.ConsumeIntegral<uint32_t>();
        float f;
        std::memcpy(&f, &u, sizeof f);
        return f;
    }
    default:
        return in.ConsumeFloatingPointInRange<float>(-40.0f, 40.0f);
    }
}

inline std::vector<float> soft_values(FuzzedDataProvider& in, size_t n)
{
    std::vector<float> v(n);
    for (auto& x : v)
        x = soft_value(in);
    return v;
}

inline std::vector<int8_t> int8_values(FuzzedDataProvider& in, size_t n)
{
    std::vector<int8_t> v(n);
    for (auto& x : v)
        x = in.ConsumeBool() ? pick<int8_t>(in, { -128, -127, 127, 0, 1, -1 })
                             : in.ConsumeIntegral<int8_t>();
    return v;
}

/* Bytes as bits: any nonzero byte is a 1, so other values must read as 1 too. */
inline std::vector<uint8_t> bit_bytes(FuzzedDataProvider& in, size_t n)
{
    std::vector<uint8_t> v(n);
    for (auto& b : v)
        b = in.ConsumeBool() ? in.ConsumeIntegral<uint8_t>() : uint8_t(in.ConsumeBool());
    return v;
}

/* A puncturing pattern string for a code with n generators: none, a named one, or 0/1 over
 * 1 to 6 steps (valid or not). */
inline std::string puncture_pattern(FuzzedDataProvider& in, unsigned n)
{
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
        return "";
    case 1:
        return pick<std::string>(in, { "1/2", "2/3", "3/4", "5/6", "7/8" });
    default: {
        std::string p(n * in.ConsumeIntegralInRange<size_t>(1, 6), '1');
        for (auto& c : p)
            c = in.ConsumeBool() ? '1' : '0';
        return p;
    }
    }
}

/* A convolutional code that the constructor accepts (nullptr when it refused the drawn
 * parameters): known good generators or random ones, frames of 1 to max_frame bits.
 * @p terms lists the terminations to draw from. */
inline gr::gpufec::conv_code_sptr
conv_code(FuzzedDataProvider& in,
          std::initializer_list<gr::gpufec::termination> terms,
          size_t max_frame)
{
    using gr::gpufec::conv_code;
    struct good {
        int k;
        std::vector<unsigned> polys;
    };
    static const good known[] = { { 3, { 05, 07 } },         { 5, { 023, 035 } },
                                  { 7, { 0171, 0133 } },     { 7, { 0133, 0171, 0165 } },
                                  { 9, { 0753, 0561 } },     { 9, { 0557, 0663, 0711 } },
                                  { 4, { 013, 015, 017 } },  { 7, { 0117, 0127, 0155, 0171 } } };
    int k;
    std::vector<unsigned> polys;
    if (in.ConsumeBool()) {
        const good& g = known[in.ConsumeIntegralInRange<size_t>(0, std::size(known) - 1)];
        k = g.k;
        polys = g.polys;
    } else {
        k = in.ConsumeIntegralInRange<int>(conv_code::min_k, conv_code::max_k);
        polys.resize(in.ConsumeIntegralInRange<size_t>(2, 4));
        for (auto& p : polys)
            p = in.ConsumeIntegralInRange<unsigned>(1, (1u << k) - 1);
    }
    const std::string punct = puncture_pattern(in, static_cast<unsigned>(polys.size()));
    const auto term = *(terms.begin() + in.ConsumeIntegralInRange<size_t>(0, terms.size() - 1));
    const size_t frame_bits = in.ConsumeIntegralInRange<size_t>(1, max_frame);
    std::vector<bool> inverted(polys.size()); // gr-fec's negative generators
    for (size_t j = 0; j < inverted.size(); ++j)
        inverted[j] = in.ConsumeBool();
    try {
        return conv_code::make(k, polys, punct, term, frame_bits, gr::gpufec::polys_order::OCTAL,
                               inverted);
    } catch (const std::invalid_argument&) {
        return nullptr;
    }
}

} // namespace fuzz

#endif
