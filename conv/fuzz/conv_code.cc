/* conv_code from any parameters (absurd ones included) and conv_code_for_coded_length: either
 * std::invalid_argument or a code whose sizes agree with its pattern.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <algorithm>

using namespace gr::gpufec;

namespace {

size_t frame_bits(FuzzedDataProvider& in)
{
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
        return in.ConsumeIntegral<size_t>();
    case 1: // the limit, where sizes derived from it are largest
        return conv_code::max_frame_bits - in.ConsumeIntegralInRange<size_t>(0, 16) +
               in.ConsumeIntegralInRange<size_t>(0, 2);
    default:
        return in.ConsumeIntegralInRange<size_t>(0, 300);
    }
}

/* Channel bits of a frame, counted from the pattern (not with the library's puncturer). */
size_t expected_coded_bits(const conv_code& c)
{
    const auto& p = c.puncture_pattern();
    const size_t mother = c.steps_per_block() * c.n();
    const size_t per_period = static_cast<size_t>(std::count(p.begin(), p.end(), 1));
    size_t sent = mother / p.size() * per_period;
    for (size_t i = 0; i < mother % p.size(); ++i)
        sent += p[i];
    return sent;
}

/* The same code's channel bits for frames of @p frame_bits (0 when it refuses them). */
size_t coded_bits_of(const conv_code& c, size_t frame_bits)
{
    std::string pattern;
    for (uint8_t b : c.puncture_pattern())
        pattern += char('0' + b);
    try {
        return expected_coded_bits(conv_code(c.k(), c.polys(), pattern, c.term(), frame_bits));
    } catch (const std::invalid_argument&) {
        return 0;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const int k = in.ConsumeBool() ? in.ConsumeIntegral<int>() : in.ConsumeIntegralInRange<int>(1, 11);
    std::vector<unsigned> polys(in.ConsumeIntegralInRange<size_t>(0, 6));
    for (auto& p : polys)
        p = in.ConsumeBool() ? in.ConsumeIntegral<unsigned>() : in.ConsumeIntegralInRange<unsigned>(0, 1100);
    std::string puncture;
    if (in.ConsumeBool())
        puncture = in.ConsumeRandomLengthString(64);
    else
        puncture = fuzz::puncture_pattern(in, static_cast<unsigned>(std::max<size_t>(polys.size(), 1)));
    const auto term = static_cast<termination>(in.ConsumeIntegralInRange<int>(-2, 5));
    const size_t frame = frame_bits(in);

    conv_code_sptr c;
    try {
        c = conv_code::make(k, polys, puncture, term, frame);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    FUZZ_CHECK(c->k() >= conv_code::min_k && c->k() <= conv_code::max_k);
    FUZZ_CHECK(c->n() >= 2 && c->n() <= 4 && c->polys() == polys);
    FUZZ_CHECK(c->puncture_pattern().size() % c->n() == 0);
    FUZZ_CHECK(c->coded_bits_per_block() == expected_coded_bits(*c));
    FUZZ_CHECK(c->coded_bits_per_block() > 0 && c->info_bits_per_block() > 0);
    FUZZ_CHECK(!c->name().empty());

    if (c->term() == termination::STREAMING) {
        FUZZ_CHECK(c->frame_bits() == 0);
        try {
            conv_code_for_coded_length(*c, c->coded_bits_per_block());
            FUZZ_CHECK(!"a streaming code has no frame length");
        } catch (const std::invalid_argument&) {
        }
        return 0;
    }
    FUZZ_CHECK(c->frame_bits() == frame);
    // Its own channel length gives the code back, unless a neighbouring length has as many
    // channel bits.
    try {
        FUZZ_CHECK(conv_code_for_coded_length(*c, c->coded_bits_per_block())->frame_bits() == frame);
    } catch (const std::invalid_argument&) {
        FUZZ_CHECK(coded_bits_of(*c, frame - 1) == c->coded_bits_per_block() ||
                   coded_bits_of(*c, frame + 1) == c->coded_bits_per_block());
    }
    const size_t coded = fuzz::size_in(in, 0, 3 * c->coded_bits_per_block());
    try {
        const auto other = conv_code_for_coded_length(*c, coded);
        FUZZ_CHECK(other->coded_bits_per_block() == coded);
        FUZZ_CHECK(other->k() == c->k() && other->term() == c->term());
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
