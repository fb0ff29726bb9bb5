/* CPU backends of the AWGN/BPSK channel and generator: the reference the GPU must equal.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "awgn_bpsk_backends.h"
#include "awgn_gaussian_batch.h"
#include <algorithm>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

/* soft[i] = sample(bits[i], noise sample first + i), four samples per Philox block: a partial
 * block at either end one sample at a time, the whole blocks between in batches. */
void add_noise(uint64_t seed,
               const uint8_t* bits,
               float* soft,
               size_t n,
               uint64_t first,
               detail::awgn_sample_params p)
{
    const auto partial = [&](size_t i, size_t end) {
        while (i < end) {
            const uint64_t index = first + i;
            float z[4];
            detail::gaussian4(seed, index >> 2, z);
            for (unsigned lane = index & 3u; lane < 4 && i < end; ++lane, ++i)
                soft[i] = detail::awgn_bpsk_sample(bits[i] != 0, z[lane], p);
        }
    };
    const size_t head = std::min<size_t>(n, (4 - (first & 3u)) & 3u);
    partial(0, head);
    const size_t whole = (n - head) / 4;
    detail::awgn_bpsk_blocks(seed, (first + head) >> 2, whole, bits + head, p, soft + head);
    partial(head + 4 * whole, n);
}

/* out[i] = information bit first + i of the stream: a partial Philox block at either end one
 * bit at a time, the whole blocks between in batches. */
void fill_info_bits(uint64_t seed, uint8_t* out, size_t n, uint64_t first)
{
    const auto partial = [&](size_t i, size_t end) {
        while (i < end) {
            const uint64_t index = first + i;
            const philox4x32_ctr w = detail::info_bits128(seed, index >> 7);
            for (unsigned b = index & 127u; b < 128 && i < end; ++b, ++i)
                out[i] = (w.v[b >> 5] >> (b & 31u)) & 1u;
        }
    };
    const size_t head = std::min<size_t>(n, (128 - (first & 127u)) & 127u);
    partial(0, head);
    const size_t whole = (n - head) / 128;
    detail::info_bits_blocks(seed, (first + head) >> 7, whole, out + head);
    partial(head + 128 * whole, n);
}

class channel_cpu final : public awgn_bpsk_channel_engine::backend_impl
{
public:
    explicit channel_cpu(uint64_t seed) : m_seed(seed) {}
    void apply(const uint8_t* bits,
               float* soft,
               size_t n,
               uint64_t first_sample,
               detail::awgn_sample_params p) override
    {
        add_noise(m_seed, bits, soft, n, first_sample, p);
    }

private:
    uint64_t m_seed;
};

class generator_cpu final : public awgn_bpsk_generator::backend_impl
{
public:
    generator_cpu(code_sptr c, uint64_t seed) : m_code(std::move(c)), m_seed(seed) {}

    void generate(uint64_t first_block,
                  size_t n_blocks,
                  uint8_t* info,
                  float* soft,
                  detail::awgn_sample_params p) override
    {
        // A bounded number of blocks at a time, so that the scratch bits stay small however
        // many blocks a caller asks for.
        const size_t k = m_code->info_bits_per_block();
        const size_t n = m_code->coded_bits_per_block();
        const size_t chunk = std::max<size_t>(1, chunk_bits / std::max(k, n));
        for (size_t done = 0; done < n_blocks;) {
            const size_t m = std::min(chunk, n_blocks - done);
            generate_chunk(first_block + done, m, info + done * k, soft + done * n, p);
            done += m;
        }
    }

private:
    static constexpr size_t chunk_bits = size_t(1) << 16;

    void generate_chunk(uint64_t first_block,
                        size_t n_blocks,
                        uint8_t* info,
                        float* soft,
                        detail::awgn_sample_params p)
    {
        const size_t k = m_code->info_bits_per_block();
        const size_t n = m_code->coded_bits_per_block();
        const size_t hist = m_code->history_bits();
        const uint64_t first_bit = first_block * k;
        // Bits before the stream's start are zero: the encoder starts in state 0.
        m_bits.resize(hist + n_blocks * k);
        const size_t hist_avail = first_bit < hist ? static_cast<size_t>(first_bit) : hist;
        std::fill(m_bits.begin(), m_bits.begin() + (hist - hist_avail), 0);
        fill_info_bits(m_seed,
                       m_bits.data() + hist - hist_avail,
                       hist_avail + n_blocks * k,
                       first_bit - hist_avail);
        std::copy(m_bits.begin() + hist, m_bits.end(), info);
        m_coded.resize(n_blocks * n);
        m_code->encode(m_bits.data() + hist, m_coded.data(), n_blocks);
        add_noise(m_seed, m_coded.data(), soft, n_blocks * n, first_block * n, p);
    }

    code_sptr m_code;
    uint64_t m_seed;
    std::vector<uint8_t> m_bits;
    std::vector<uint8_t> m_coded;
};

} // namespace

std::unique_ptr<awgn_bpsk_channel_engine::backend_impl> make_awgn_channel_cpu(uint64_t seed)
{
    return std::make_unique<channel_cpu>(seed);
}

std::unique_ptr<awgn_bpsk_generator::backend_impl> make_awgn_generator_cpu(code_sptr c,
                                                                           uint64_t seed)
{
    return std::make_unique<generator_cpu>(std::move(c), seed);
}

} // namespace gpufec
} // namespace gr
