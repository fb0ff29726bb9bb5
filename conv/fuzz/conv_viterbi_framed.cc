/* The Viterbi engine on framed codes (CPU backend): random options, float or int8 frames with
 * NaN, Inf, -128 and the quantizer's edges, whole and partial frame counts. Properties: only
 * std::invalid_argument (std::runtime_error for a CUDA request in a build without CUDA),
 * 0/1 output, non-finite values counted where they are, and a noise-free unpunctured frame
 * decoded exactly.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/conv/viterbi.h>
#include <cmath>
#include <memory>

using namespace gr::gpufec;

namespace {

viterbi_options options(FuzzedDataProvider& in)
{
    viterbi_options o;
    o.backend = static_cast<backend_kind>(in.ConsumeIntegralInRange<int>(0, 3));
    o.device = in.ConsumeIntegralInRange<int>(0, 15) == 0 ? in.ConsumeIntegral<int>() : 0;
    o.llr_scale = in.ConsumeBool() ? 8.0f : fuzz::soft_value(in);
    o.invert = in.ConsumeBool();
    o.max_batch = fuzz::size_in(in, 0, 5);
    o.threads = in.ConsumeIntegralInRange<int>(0, 31) == 0 ? in.ConsumeIntegral<unsigned>()
                                                            : in.ConsumeIntegralInRange<unsigned>(1, 2);
    o.tiling.payload = fuzz::size_in(in, 0, 64); // ignored by framed codes
    return o;
}

/* The engine, or nullptr when it refused the options as documented. */
std::unique_ptr<viterbi_decoder_engine> make_engine(const conv_code_sptr& c, const viterbi_options& o)
{
    try {
        return std::make_unique<viterbi_decoder_engine>(c, o);
    } catch (const std::invalid_argument&) {
    } catch (const std::runtime_error&) {
        FUZZ_CHECK(o.backend == backend_kind::CUDA);
    }
    return nullptr;
}

/* A noise-free frame: random bits, encoded, sent as +-amplitude (bit 1 positive). */
void clean_frames(FuzzedDataProvider& in, const conv_code& c, size_t frames,
                  std::vector<uint8_t>& bits, std::vector<float>& soft, bool invert)
{
    bits = fuzz::bit_bytes(in, frames * c.frame_bits());
    for (auto& b : bits)
        b = b != 0;
    std::vector<uint8_t> coded(frames * c.coded_bits_per_block());
    c.encode(bits.data(), coded.data(), frames);
    const float amp = in.ConsumeFloatingPointInRange<float>(0.25f, 1e6f);
    soft.resize(coded.size());
    for (size_t i = 0; i < coded.size(); ++i)
        soft[i] = (coded[i] != invert) ? amp : -amp;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const auto c = fuzz::conv_code(
        in, { termination::TERMINATED, termination::TRUNCATED, termination::TAILBITING }, 400);
    if (!c)
        return 0;
    const viterbi_options o = options(in);
    const auto dec = make_engine(c, o);
    if (!dec)
        return 0;
    FUZZ_CHECK(dec->backend().kind == backend_kind::CPU);

    const size_t frames = in.ConsumeIntegralInRange<size_t>(0, 3);
    const size_t n = frames * c->coded_bits_per_block() +
                     (in.ConsumeIntegralInRange<int>(0, 7) == 0 ? in.ConsumeIntegralInRange<size_t>(1, 5) : 0);
    std::vector<uint8_t> out;
    if (in.ConsumeIntegralInRange<int>(0, 3) == 0) {
        const auto soft = fuzz::int8_values(in, n);
        try {
            out = decode_all(static_cast<frame_decoder&>(*dec), soft.data(), n);
        } catch (const std::invalid_argument&) {
            FUZZ_CHECK(n % c->coded_bits_per_block() != 0);
            return 0;
        }
        FUZZ_CHECK(dec->nonfinite().count == 0);
    } else if (in.ConsumeBool() && !c->punctured() && c->term() != termination::TAILBITING) {
        // Exact: the sent codeword is the only path of the largest metric (the newest input
        // bit is tapped, so different inputs give different codewords).
        std::vector<uint8_t> bits;
        std::vector<float> soft;
        clean_frames(in, *c, frames, bits, soft, o.invert);
        const float scale = o.llr_scale;
        if (!(std::fabs(soft.empty() ? 1.0f : soft[0]) * scale >= 0.5f))
            return 0; // quantized to 0: nothing to decode from
        out.resize(bits.size());
        dec->decode_frames(soft.data(), out.data(), frames);
        FUZZ_CHECK(out == bits);
        return 0;
    } else {
        const auto soft = fuzz::soft_values(in, n);
        size_t bad = 0, first = SIZE_MAX;
        for (size_t i = 0; i < n / c->coded_bits_per_block() * c->coded_bits_per_block(); ++i)
            if (!std::isfinite(soft[i])) {
                first = std::min(first, i);
                ++bad;
            }
        try {
            out = decode_all(static_cast<frame_decoder&>(*dec), soft.data(), n);
        } catch (const std::invalid_argument&) {
            FUZZ_CHECK(n % c->coded_bits_per_block() != 0);
            return 0;
        }
        FUZZ_CHECK(dec->nonfinite().count == bad);
        FUZZ_CHECK(bad == 0 || dec->nonfinite().first == first);
        dec->reset();
        FUZZ_CHECK(dec->nonfinite().count == 0);
    }
    FUZZ_CHECK(n % c->coded_bits_per_block() == 0);
    FUZZ_CHECK(out.size() == n / c->coded_bits_per_block() * c->frame_bits());
    for (uint8_t b : out)
        FUZZ_CHECK(b <= 1);
    return 0;
}
