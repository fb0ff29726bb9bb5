/* The CPU LTE turbo decoder (map_decoder_cpu) on small K with random parameters (absurd ones
 * included) and LLRs with NaN, Inf, huge and tiny values, or clean encoded blocks, in float
 * metrics or in 16-bit metrics (the LLRs quantized to int8 with a random scale, or int8 values
 * as they come).
 * Properties: bad parameters are std::invalid_argument; non-finite inputs are counted; the
 * outputs are 0/1 bits, finite a-posteriori LLRs whose sign is the bit (16-bit metrics:
 * integers over the scale, at most 127 + 2 * 1023), and 1..iterations iterations; a
 * noise-free block decodes exactly with one window.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/common/quantize.h"
#include "lte/core/lte_turbo_map_cpu.h"
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <cmath>
#include <memory>

using namespace gr::gpufec;

namespace {

lte_turbo_params params(FuzzedDataProvider& in)
{
    lte_turbo_params p;
    p.iterations = in.ConsumeIntegralInRange<int>(0, 15) == 0 ? in.ConsumeIntegral<int>()
                                                               : in.ConsumeIntegralInRange<int>(1, 8);
    p.algorithm = static_cast<turbo_algorithm>(in.ConsumeIntegralInRange<int>(0, 2));
    p.scaling = in.ConsumeBool() ? fuzz::pick<float>(in, { 0.75f, 1.0f, 0.5f }) : fuzz::soft_value(in);
    p.stop = static_cast<early_stop>(in.ConsumeIntegralInRange<int>(0, 4));
    p.subblocks = in.ConsumeBool() ? 1u : in.ConsumeIntegral<unsigned>() % 70;
    p.guard = in.ConsumeBool() ? 0u : in.ConsumeIntegral<unsigned>() % 40;
    p.metrics = static_cast<turbo_metrics>(in.ConsumeIntegralInRange<int>(0, 2));
    return p;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const auto& sizes = lte_turbo_code::block_sizes();
    const auto code = lte_turbo_code::make(static_cast<long long>(
        sizes[in.ConsumeIntegralInRange<size_t>(0, in.ConsumeIntegralInRange<int>(0, 7) ? 12 : 60)]));
    const lte_turbo_params p = params(in);
    std::unique_ptr<turbo::map_decoder_cpu> dec;
    try {
        dec = std::make_unique<turbo::map_decoder_cpu>(*code, p, in.ConsumeIntegralInRange<unsigned>(1, 2));
    } catch (const std::invalid_argument&) {
        return 0;
    }
    FUZZ_CHECK(p.iterations >= 1 && p.iterations <= 32 && p.scaling > 0 && p.scaling <= 1);

    const size_t K = code->K(), N = code->coded_bits_per_block();
    const size_t blocks = in.ConsumeIntegralInRange<size_t>(1, 3);
    std::vector<float> llr;
    std::vector<uint8_t> info;
    const bool clean = in.ConsumeBool();
    if (clean) {
        info = fuzz::bit_bytes(in, blocks * K);
        for (auto& b : info)
            b = b != 0;
        const auto d = lte_turbo_encode(*code, info);
        const float amp = in.ConsumeFloatingPointInRange<float>(1.0f, 5000.0f);
        for (uint8_t b : d)
            llr.push_back(b ? amp : -amp);
    } else {
        llr = fuzz::soft_values(in, blocks * N);
    }
    size_t bad = 0;
    for (float v : llr)
        bad += !std::isfinite(v);

    std::vector<uint8_t> bits(blocks * K, 0xAA);
    std::vector<float> app(blocks * K);
    std::vector<int> used(blocks);
    const bool want_app = in.ConsumeBool();
    int* used_out = in.ConsumeBool() ? used.data() : nullptr;
    bool exact = clean && p.subblocks == 1;
    float scale = 1.0f;
    if (p.metrics == turbo_metrics::INT16) {
        // Quantized LLRs, or int8 values straight from the input (-128 among them).
        std::vector<int8_t> q;
        if (in.ConsumeBool() || clean) {
            scale = in.ConsumeFloatingPointInRange<float>(1e-3f, 1e3f);
            for (float v : llr)
                q.push_back(quantize_llr(v, scale));
            exact = exact && quantize_llr(std::fabs(llr[0]), scale) != 0;
        } else {
            q = fuzz::int8_values(in, blocks * N);
        }
        dec->decode_quantized(q.data(), scale, blocks, bits.data(),
                              want_app ? app.data() : nullptr, used_out);
    } else {
        FUZZ_CHECK(dec->decode(llr.data(), blocks, bits.data(), want_app ? app.data() : nullptr,
                               used_out) == bad);
    }
    for (size_t i = 0; i < bits.size(); ++i) {
        FUZZ_CHECK(bits[i] <= 1);
        if (want_app)
            FUZZ_CHECK(std::isfinite(app[i]) && bits[i] == (app[i] > 0.0f));
        if (want_app && p.metrics == turbo_metrics::INT16) {
            const float n = app[i] * scale; // the integer a-posteriori value, back
            FUZZ_CHECK(std::fabs(n) <= 2173.5f &&
                       std::fabs(n - std::nearbyint(n)) <= 1e-3f * (1.0f + std::fabs(n)));
        }
    }
    for (int u : used)
        FUZZ_CHECK(u == 0 || (u >= 1 && u <= p.iterations));
    if (exact)
        FUZZ_CHECK(bits == info);
    return 0;
}
