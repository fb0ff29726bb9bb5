/* CUDA backends of the AWGN/BPSK channel and generator.
 *
 * The generator runs ahead: the stream is a pure function of the seed, so while the caller
 * copies batch q out of pinned memory, batches q+1 .. q+S-1 are already being generated and
 * copied on their own streams. A noise change drops what was generated ahead.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "../device_buffer.h"
#include "../encode_dispatch.h"
#include "awgn_bpsk_kernels.h"
#include "core/channel/awgn_bpsk_backends.h"
#include <algorithm>
#include <array>
#include <cstring>

namespace gr {
namespace gpufec {

namespace {

constexpr size_t channel_chunk = size_t(1) << 22; // samples per staged chunk

class channel_cuda final : public awgn_bpsk_channel_engine::backend_impl
{
public:
    explicit channel_cuda(uint64_t seed)
        : m_seed(seed),
          m_h_bits(channel_chunk),
          m_h_soft(channel_chunk),
          m_d_bits(channel_chunk),
          m_d_soft(channel_chunk)
    {
    }

    void apply(const uint8_t* bits,
               float* soft,
               size_t n,
               uint64_t first_sample,
               detail::awgn_sample_params p) override
    {
        for (size_t done = 0; done < n; done += channel_chunk) {
            const size_t m = std::min(channel_chunk, n - done);
            std::memcpy(m_h_bits.get(), bits + done, m);
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(
                m_d_bits.get(), m_h_bits.get(), m, cudaMemcpyHostToDevice, m_stream.get()));
            cuda::launch_awgn_bpsk(
                m_d_bits.get(), m_d_soft.get(), m, first_sample + done, m_seed, p, m_stream.get());
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(m_h_soft.get(),
                                              m_d_soft.get(),
                                              m * sizeof(float),
                                              cudaMemcpyDeviceToHost,
                                              m_stream.get()));
            m_stream.synchronize();
            std::memcpy(soft + done, m_h_soft.get(), m * sizeof(float));
        }
    }

private:
    uint64_t m_seed;
    cuda::stream m_stream;
    cuda::pinned_buffer<uint8_t> m_h_bits;
    cuda::pinned_buffer<float> m_h_soft;
    cuda::device_buffer<uint8_t> m_d_bits;
    cuda::device_buffer<float> m_d_soft;
};

class generator_cuda final : public awgn_bpsk_generator::backend_impl
{
    static constexpr size_t slots = 3;

    struct slot {
        cuda::stream stream;
        cuda::event done;
        cuda::device_buffer<uint8_t> d_bits; // history + info bits (coded families only)
        cuda::device_buffer<uint8_t> d_coded;
        cuda::device_buffer<uint8_t> d_info;
        cuda::device_buffer<float> d_soft;
        cuda::pinned_buffer<uint8_t> h_info;
        cuda::pinned_buffer<float> h_soft;
        uint64_t batch = ~uint64_t(0); // which batch it holds or is producing
    };

public:
    generator_cuda(code_sptr c, uint64_t seed) : m_code(std::move(c)), m_seed(seed)
    {
        m_k = m_code->info_bits_per_block();
        m_n = m_code->coded_bits_per_block();
        // About 4 M channel samples per batch: large enough to hide launch and copy latency.
        m_batch_blocks = std::max<size_t>(1, (size_t(1) << 22) / m_n);
        const bool fused = m_code->kind() == code::family::UNCODED;
        for (auto& s : m_slots) {
            if (!fused) {
                s.d_bits = cuda::device_buffer<uint8_t>(m_code->history_bits() + m_batch_blocks * m_k);
                s.d_coded = cuda::device_buffer<uint8_t>(m_batch_blocks * m_n);
            }
            s.d_info = cuda::device_buffer<uint8_t>(m_batch_blocks * m_k);
            s.d_soft = cuda::device_buffer<float>(m_batch_blocks * m_n);
            s.h_info = cuda::pinned_buffer<uint8_t>(m_batch_blocks * m_k);
            s.h_soft = cuda::pinned_buffer<float>(m_batch_blocks * m_n);
        }
    }

    void invalidate() override
    {
        for (auto& s : m_slots) {
            s.stream.synchronize();
            s.batch = ~uint64_t(0);
        }
    }

    void generate(uint64_t first_block,
                  size_t n_blocks,
                  uint8_t* info,
                  float* soft,
                  detail::awgn_sample_params p) override
    {
        m_params = p;
        uint64_t block = first_block;
        const uint64_t end = first_block + n_blocks;
        while (block < end) {
            const uint64_t q = block / m_batch_blocks;
            slot& s = ensure(q);
            for (uint64_t ahead = 1; ahead < slots; ++ahead)
                ensure(q + ahead);
            s.done.synchronize();
            const uint64_t batch_first = q * m_batch_blocks;
            const uint64_t upto = std::min<uint64_t>(end, batch_first + m_batch_blocks);
            const size_t off = block - batch_first, cnt = upto - block;
            std::memcpy(info, s.h_info.get() + off * m_k, cnt * m_k);
            std::memcpy(soft, s.h_soft.get() + off * m_n, cnt * m_n * sizeof(float));
            info += cnt * m_k;
            soft += cnt * m_n;
            block = upto;
        }
    }

private:
    /* The slot of batch q, launched if it does not hold it yet. */
    slot& ensure(uint64_t q)
    {
        slot& s = m_slots[q % slots];
        if (s.batch == q)
            return s;
        s.batch = q;
        const uint64_t first_block = q * m_batch_blocks;
        const size_t nb = m_batch_blocks;
        cudaStream_t st = s.stream.get();
        if (m_code->kind() == code::family::UNCODED) {
            cuda::launch_uncoded_source(
                s.d_info.get(), s.d_soft.get(), nb, first_block, m_seed, m_params, st);
        } else {
            const size_t hist = m_code->history_bits();
            const uint64_t first_bit = first_block * m_k;
            const size_t avail = first_bit < hist ? size_t(first_bit) : hist;
            if (avail < hist) // before the stream's start the encoder sees zeros
                GPUFEC_CUDA_CHECK(cudaMemsetAsync(s.d_bits.get(), 0, hist - avail, st));
            cuda::launch_info_bits(
                s.d_bits.get() + hist - avail, avail + nb * m_k, first_bit - avail, m_seed, st);
            cuda::launch_encode(*m_code, s.d_bits.get() + hist, s.d_coded.get(), nb, st);
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(s.d_info.get(),
                                              s.d_bits.get() + hist,
                                              nb * m_k,
                                              cudaMemcpyDeviceToDevice,
                                              st));
            cuda::launch_awgn_bpsk(
                s.d_coded.get(), s.d_soft.get(), nb * m_n, first_block * m_n, m_seed, m_params, st);
        }
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(
            s.h_info.get(), s.d_info.get(), nb * m_k, cudaMemcpyDeviceToHost, st));
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(
            s.h_soft.get(), s.d_soft.get(), nb * m_n * sizeof(float), cudaMemcpyDeviceToHost, st));
        s.done.record(st);
        return s;
    }

    code_sptr m_code;
    uint64_t m_seed;
    size_t m_k = 0, m_n = 0, m_batch_blocks = 0;
    detail::awgn_sample_params m_params{};
    std::array<slot, slots> m_slots;
};

} // namespace

std::unique_ptr<awgn_bpsk_channel_engine::backend_impl> make_awgn_channel_cuda(uint64_t seed)
{
    return std::make_unique<channel_cuda>(seed);
}

std::unique_ptr<awgn_bpsk_generator::backend_impl> make_awgn_generator_cuda(code_sptr c,
                                                                            uint64_t seed)
{
    return std::make_unique<generator_cuda>(std::move(c), seed);
}

} // namespace gpufec
} // namespace gr
