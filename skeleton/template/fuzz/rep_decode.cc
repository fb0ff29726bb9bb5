/* The repetition code and its CPU decoder: any K and n (absurd ones included), any options,
 * soft values with NaN, Inf, huge and tiny ones, float or int8, decoded whole and in pieces.
 * Properties: bad parameters are std::invalid_argument; the bits are 0/1; pieces decide as the
 * whole does; non-finite values are counted where they are; a clean encoded frame decodes
 * exactly.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/rep/rep.h>
#include <cmath>

using namespace gr::gpufec;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    rep_code_sptr c;
    rep_options o;
    try {
        const bool sane = in.ConsumeIntegralInRange<int>(0, 7) != 0;
        c = rep_code::make(sane ? in.ConsumeIntegralInRange<long long>(1, 40) : in.ConsumeIntegral<long long>(),
                           sane ? in.ConsumeIntegralInRange<long long>(1, 9) : in.ConsumeIntegral<long long>());
        o.backend = backend_kind::CPU;
        o.combining = static_cast<rep_combining>(in.ConsumeIntegralInRange<int>(0, 1));
        o.invert = in.ConsumeBool();
        o.llr_scale = in.ConsumeBool() ? 8.0f : fuzz::soft_value(in);
        o.max_batch = in.ConsumeIntegralInRange<size_t>(0, 5);
        o.check();
    } catch (const std::invalid_argument&) {
        return 0;
    }
    if (c->coded_bits_per_block() > 4096)
        return 0;
    const size_t per = c->coded_bits_per_block(), frames = in.ConsumeIntegralInRange<size_t>(0, 6);
    std::vector<float> soft;
    std::vector<uint8_t> sent;
    const bool clean = in.ConsumeBool();
    if (clean) {
        sent = fuzz::bit_bytes(in, frames * c->K());
        std::vector<uint8_t> coded(frames * per);
        c->encode(sent.data(), coded.data(), frames);
        for (uint8_t b : coded)
            soft.push_back((b != 0) != o.invert ? 1.5f : -1.5f);
    } else {
        soft = fuzz::soft_values(in, frames * per);
    }
    rep_decoder_engine whole(c, o), pieces(c, o);
    std::vector<uint8_t> a(frames * c->K()), b(a.size());
    whole.decode_frames(soft.data(), a.data(), frames);
    for (size_t done = 0; done < frames;) {
        const size_t n = in.ConsumeIntegralInRange<size_t>(1, frames - done);
        pieces.decode_frames(soft.data() + done * per, b.data() + done * c->K(), n);
        done += n;
    }
    FUZZ_CHECK(a == b);
    for (uint8_t bit : a)
        FUZZ_CHECK(bit <= 1);
    for (size_t i = 0; clean && i < sent.size(); ++i)
        FUZZ_CHECK(a[i] == (sent[i] != 0));
    size_t nonfinite = 0, first = soft.size();
    for (size_t i = 0; i < soft.size(); ++i)
        if (!std::isfinite(soft[i])) {
            first = std::min(first, i);
            ++nonfinite;
        }
    FUZZ_CHECK(whole.nonfinite().count == nonfinite && pieces.nonfinite().count == nonfinite);
    FUZZ_CHECK(nonfinite == 0 || whole.nonfinite().first == first);
    return 0;
}
