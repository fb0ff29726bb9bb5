/* The AWGN/BPSK generator and channel (CPU backend) with random Eb/N0, rates, seeds, codes and
 * sizes. Properties: bad noise parameters are std::invalid_argument; a stream is the same
 * whichever calls cut it; information bits are 0/1 and values finite; the generator's soft
 * values are those of the channel applied to the encoded bits.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <cmath>
#include <cstring>
#include <memory>

using namespace gr::gpufec;

namespace {

code_sptr any_code(FuzzedDataProvider& in)
{
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
        return uncoded();
    case 1:
        return lte_turbo_code::make(static_cast<long long>(
            lte_turbo_code::block_sizes()[in.ConsumeIntegralInRange<size_t>(0, 20)]));
    default:
        return fuzz::conv_code(in,
                               { termination::TERMINATED, termination::TRUNCATED,
                                 termination::TAILBITING, termination::STREAMING },
                               300);
    }
}

double snr(FuzzedDataProvider& in)
{
    if (in.ConsumeBool())
        return in.ConsumeFloatingPointInRange<double>(-31.0, 61.0);
    return fuzz::pick<double>(in, { NAN, INFINITY, -INFINITY, -30.0, 60.0, 1e300, -0.0 });
}

bool same_floats(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const code_sptr c = any_code(in);
    if (!c)
        return 0;
    const auto kind = static_cast<snr_kind>(in.ConsumeIntegralInRange<int>(0, 1));
    const double rate = in.ConsumeBool() ? c->rate() : in.ConsumeFloatingPointInRange<double>(-0.5, 1.5);
    awgn_noise noise;
    try {
        noise = awgn_noise::from_snr(snr(in), kind, rate);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    FUZZ_CHECK(noise.sigma > 0 && std::isfinite(noise.sigma) && std::isfinite(noise.llr_scale));
    const auto out = static_cast<soft_output>(in.ConsumeIntegralInRange<int>(0, 1));
    const uint64_t seed = in.ConsumeIntegral<uint64_t>();
    const backend_kind cpu = in.ConsumeBool() ? backend_kind::CPU : backend_kind::AUTO;

    // The generator, one call against two.
    awgn_bpsk_generator whole(c, noise, out, seed, cpu), cut(c, noise, out, seed, cpu);
    const size_t info = c->info_bits_per_block(), coded = c->coded_bits_per_block();
    const size_t n1 = in.ConsumeIntegralInRange<size_t>(0, 4), n2 = in.ConsumeIntegralInRange<size_t>(0, 4);
    std::vector<uint8_t> bits((n1 + n2) * info), bits_cut(bits.size());
    std::vector<float> soft((n1 + n2) * coded), soft_cut(soft.size());
    whole.generate(n1 + n2, bits.data(), soft.data());
    cut.generate(n1, bits_cut.data(), soft_cut.data());
    cut.generate(n2, bits_cut.data() + n1 * info, soft_cut.data() + n1 * coded);
    FUZZ_CHECK(bits == bits_cut && same_floats(soft, soft_cut));
    FUZZ_CHECK(whole.next_block() == n1 + n2 && cut.next_block() == n1 + n2);
    for (uint8_t b : bits)
        FUZZ_CHECK(b <= 1);
    for (float v : soft)
        FUZZ_CHECK(std::isfinite(v));

    // The generator's values are the channel's (same seed) applied to the encoded bits.
    const size_t hist = c->history_bits();
    if (n1 + n2 > 0 && hist == 0) {
        std::vector<uint8_t> enc(soft.size());
        c->encode(bits.data(), enc.data(), n1 + n2);
        awgn_bpsk_channel_engine ch(noise, out, seed, cpu);
        std::vector<float> soft_ch(soft.size());
        ch.apply(enc.data(), soft_ch.data(), enc.size(), 0);
        FUZZ_CHECK(same_floats(soft, soft_ch));
    }

    // The channel at any sample index, one call against two.
    awgn_bpsk_channel_engine ch(noise, out, seed, cpu);
    const uint64_t first = in.ConsumeBool() ? in.ConsumeIntegral<uint64_t>() : in.ConsumeIntegralInRange<uint64_t>(0, 9);
    const std::vector<uint8_t> sent = fuzz::bit_bytes(in, in.ConsumeIntegralInRange<size_t>(0, 600));
    const size_t split = in.ConsumeIntegralInRange<size_t>(0, sent.size());
    std::vector<float> y(sent.size()), y_cut(sent.size());
    try {
        ch.apply(sent.data(), y.data(), sent.size(), first);
    } catch (const std::invalid_argument&) {
        FUZZ_CHECK(first > UINT64_MAX - sent.size());
        return 0;
    }
    ch.apply(sent.data(), y_cut.data(), split, first);
    ch.apply(sent.data() + split, y_cut.data() + split, sent.size() - split, first + split);
    FUZZ_CHECK(same_floats(y, y_cut));
    for (float v : y)
        FUZZ_CHECK(std::isfinite(v));

    // A noise level built by hand: accepted only when usable.
    awgn_noise odd{ in.ConsumeFloatingPointInRange<double>(-1.0, 1e300), fuzz::soft_value(in) };
    try {
        ch.set_noise(odd);
        FUZZ_CHECK(odd.sigma > 0 && std::isfinite(odd.sigma) && std::isfinite(odd.llr_scale));
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
