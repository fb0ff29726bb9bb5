/* lte_turbo_code::make(K) for any K, and lte_turbo_encode on random bits of any length,
 * against the interleaver formula and an encoder written from TS 36.212 §5.1.3.2 with
 * explicit shift registers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <algorithm>

using namespace gr::gpufec;

namespace {

/* One constituent: parity of the data bits, then x z x z x z of its termination. */
void rsc(const std::vector<unsigned>& u, std::vector<unsigned>& z, unsigned tail[6])
{
    unsigned r1 = 0, r2 = 0, r3 = 0;
    for (unsigned b : u) {
        const unsigned a = b ^ r2 ^ r3;
        z.push_back(a ^ r1 ^ r3);
        r3 = r2, r2 = r1, r1 = a;
    }
    for (int t = 0; t < 3; ++t) { // the input that makes a = 0
        tail[2 * t] = r2 ^ r3;
        tail[2 * t + 1] = r1 ^ r3;
        r3 = r2, r2 = r1, r1 = 0;
    }
}

std::vector<uint8_t> reference_block(const lte_turbo_code& c, const uint8_t* bits)
{
    const size_t K = c.K(), D = K + 4;
    std::vector<unsigned> u(K), u2(K), z1, z2;
    for (size_t i = 0; i < K; ++i) {
        u[i] = bits[i] != 0;
        const uint64_t pi = (uint64_t(c.f1()) * i + uint64_t(c.f2()) * i % K * i) % K;
        u2[i] = bits[pi] != 0;
    }
    unsigned tail[12];
    rsc(u, z1, tail);
    rsc(u2, z2, tail + 6);
    std::vector<uint8_t> d(3 * D);
    for (size_t i = 0; i < K; ++i) {
        d[i] = static_cast<uint8_t>(u[i]);
        d[D + i] = static_cast<uint8_t>(z1[i]);
        d[2 * D + i] = static_cast<uint8_t>(z2[i]);
    }
    for (size_t t = 0; t < 12; ++t)
        d[(t % 3) * D + K + t / 3] = static_cast<uint8_t>(tail[t]);
    return d;
}

long long block_size(FuzzedDataProvider& in)
{
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
        return in.ConsumeIntegral<long long>();
    case 1:
        return in.ConsumeIntegralInRange<long long>(-8, 6200);
    default: { // a valid size, mostly a small one so that encoding stays fast
        const auto& sizes = lte_turbo_code::block_sizes();
        return static_cast<long long>(
            sizes[in.ConsumeIntegralInRange<size_t>(0, in.ConsumeBool() ? 40 : sizes.size() - 1)]);
    }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    const long long K = block_size(in);
    lte_turbo_code_sptr c;
    try {
        c = lte_turbo_code::make(K);
    } catch (const std::invalid_argument&) {
        FUZZ_CHECK(!lte_turbo_code::is_block_size(K));
        return 0;
    }
    FUZZ_CHECK(lte_turbo_code::is_block_size(K) && c->K() == static_cast<size_t>(K));
    const auto& pi = c->interleaver();
    FUZZ_CHECK(pi.size() == c->K());
    std::vector<uint8_t> seen(c->K(), 0);
    for (uint32_t p : pi) {
        FUZZ_CHECK(p < c->K() && !seen[p]);
        seen[p] = 1;
    }

    const size_t blocks = in.ConsumeIntegralInRange<size_t>(0, 3);
    const size_t extra = in.ConsumeBool() ? in.ConsumeIntegralInRange<size_t>(1, c->K() - 1) : 0;
    const std::vector<uint8_t> bits = fuzz::bit_bytes(in, blocks * c->K() + extra);
    std::vector<uint8_t> coded;
    try {
        coded = lte_turbo_encode(*c, bits);
    } catch (const std::invalid_argument&) {
        FUZZ_CHECK(blocks == 0 || extra != 0);
        return 0;
    }
    FUZZ_CHECK(blocks > 0 && extra == 0);
    const size_t N = c->coded_bits_per_block();
    FUZZ_CHECK(coded.size() == blocks * N);
    for (size_t b = 0; b < blocks; ++b) {
        const auto ref = reference_block(*c, bits.data() + b * c->K());
        FUZZ_CHECK(std::equal(ref.begin(), ref.end(), coded.begin() + b * N));
    }
    return 0;
}
