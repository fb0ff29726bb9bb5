/* CUDA backends of the AWGN/BPSK channel and generator, on the slot ring.
 *
 * The channel cuts a call into chunks that go round two slots, so that copies in and out
 * overlap the kernels. The generator runs ahead: the stream is a pure function of the seed, so
 * while the caller copies batch q out of pinned memory, batches q+1 .. q+S-1 are already being
 * generated and copied in their own slots. A noise change drops what was generated ahead.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "skeleton/core/gpu_encoder.h"
#include "awgn_bpsk_backends.h"
#include "awgn_coded_blocks_cuda.h"
#include "awgn/cuda/awgn_bpsk_kernels.h"
#include "skeleton/cuda/device_buffer.h"
#include "skeleton/cuda/slot_ring.h"
#include <algorithm>
#include <cstring>

namespace gr {
namespace gpufec {

namespace {

constexpr size_t channel_chunk = size_t(1) << 22; // samples per staged chunk

struct channel_buffers {
    cuda::pinned_buffer<uint8_t> h_bits;
    cuda::pinned_buffer<float> h_soft;
    cuda::device_buffer<uint8_t> d_bits;
    cuda::device_buffer<float> d_soft;
};

class channel_cuda final : public awgn_bpsk_channel_engine::backend_impl
{
public:
    explicit channel_cuda(uint64_t seed)
        : m_seed(seed), m_ring(2, [](channel_buffers& b) {
              b.h_bits = cuda::pinned_buffer<uint8_t>(channel_chunk);
              b.h_soft = cuda::pinned_buffer<float>(channel_chunk);
              b.d_bits = cuda::device_buffer<uint8_t>(channel_chunk);
              b.d_soft = cuda::device_buffer<float>(channel_chunk);
          })
    {
    }

    void apply(const uint8_t* bits,
               float* soft,
               size_t n,
               uint64_t first_sample,
               detail::awgn_sample_params p) override
    {
        uint64_t q = 0;
        for (size_t done = 0; done < n; done += channel_chunk, ++q) {
            const size_t m = std::min(channel_chunk, n - done);
            auto& s = m_ring.begin(q);
            auto& b = s.buffers;
            cudaStream_t st = s.stream.get();
            std::memcpy(b.h_bits.get(), bits + done, m);
            GPUFEC_CUDA_CHECK(
                cudaMemcpyAsync(b.d_bits.get(), b.h_bits.get(), m, cudaMemcpyHostToDevice, st));
            cuda::launch_awgn_bpsk(b.d_bits.get(), b.d_soft.get(), m, first_sample + done, m_seed,
                                   p, st);
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(b.h_soft.get(), b.d_soft.get(), m * sizeof(float),
                                              cudaMemcpyDeviceToHost, st));
            float* dest = soft + done;
            const float* from = b.h_soft.get();
            m_ring.end(s, [dest, from, m] { std::memcpy(dest, from, m * sizeof(float)); });
        }
        m_ring.drain();
    }

private:
    uint64_t m_seed;
    cuda::slot_ring<channel_buffers> m_ring;
};

struct generator_buffers {
    cuda::device_buffer<uint8_t> d_bits; // history + info bits (coded families only)
    cuda::device_buffer<uint8_t> d_coded;
    cuda::device_buffer<uint8_t> d_info;
    cuda::device_buffer<float> d_soft;
    cuda::pinned_buffer<uint8_t> h_info;
    cuda::pinned_buffer<float> h_soft;
};

class generator_cuda final : public awgn_bpsk_generator::backend_impl
{
    static constexpr size_t slots = 3;

public:
    generator_cuda(code_sptr c, uint64_t seed)
        : m_code(std::move(c)),
          m_seed(seed),
          m_k(m_code->info_bits_per_block()),
          m_n(m_code->coded_bits_per_block()),
          // About 4 M channel samples per batch: large enough to hide launch and copy latency.
          m_batch_blocks(std::max<size_t>(1, (size_t(1) << 22) / m_n)),
          // The uncoded source draws bits and noise in one kernel; coded ones encode between.
          m_fused(m_code->family() == "uncoded"),
          m_ring(slots, [this](generator_buffers& b) { allocate(b); })
    {
    }

    void invalidate() override { m_ring.invalidate(); }

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
            auto& s = ensure(q);
            for (uint64_t ahead = 1; ahead < slots; ++ahead)
                ensure(q + ahead);
            s.done.synchronize();
            const uint64_t batch_first = q * m_batch_blocks;
            const uint64_t upto = std::min<uint64_t>(end, batch_first + m_batch_blocks);
            const size_t off = block - batch_first, cnt = upto - block;
            std::memcpy(info, s.buffers.h_info.get() + off * m_k, cnt * m_k);
            std::memcpy(soft, s.buffers.h_soft.get() + off * m_n, cnt * m_n * sizeof(float));
            info += cnt * m_k;
            soft += cnt * m_n;
            block = upto;
        }
    }

private:
    using ring = cuda::slot_ring<generator_buffers>;

    void allocate(generator_buffers& b) const
    {
        if (!m_fused) {
            b.d_bits = cuda::device_buffer<uint8_t>(m_code->history_bits() + m_batch_blocks * m_k);
            b.d_coded = cuda::device_buffer<uint8_t>(m_batch_blocks * m_n);
        }
        b.d_info = cuda::device_buffer<uint8_t>(m_batch_blocks * m_k);
        b.d_soft = cuda::device_buffer<float>(m_batch_blocks * m_n);
        b.h_info = cuda::pinned_buffer<uint8_t>(m_batch_blocks * m_k);
        b.h_soft = cuda::pinned_buffer<float>(m_batch_blocks * m_n);
    }

    /* The slot of batch q, launched if it does not hold it yet. */
    ring::slot& ensure(uint64_t q)
    {
        if (m_ring.at(q).chunk == q)
            return m_ring.at(q);
        auto& s = m_ring.begin(q);
        auto& b = s.buffers;
        const uint64_t first_block = q * m_batch_blocks;
        const size_t nb = m_batch_blocks;
        cudaStream_t st = s.stream.get();
        if (m_fused) {
            cuda::launch_uncoded_source(
                b.d_info.get(), b.d_soft.get(), nb, first_block, m_seed, m_params, st);
        } else {
            cuda::launch_coded_blocks(*m_code, first_block, nb, m_seed, m_params, b.d_bits.get(),
                                      b.d_coded.get(), b.d_soft.get(), st);
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(b.d_info.get(), b.d_bits.get() + m_code->history_bits(),
                                              nb * m_k, cudaMemcpyDeviceToDevice, st));
        }
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(
            b.h_info.get(), b.d_info.get(), nb * m_k, cudaMemcpyDeviceToHost, st));
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(
            b.h_soft.get(), b.d_soft.get(), nb * m_n * sizeof(float), cudaMemcpyDeviceToHost, st));
        m_ring.end(s);
        return s;
    }

    code_sptr m_code;
    uint64_t m_seed;
    size_t m_k, m_n, m_batch_blocks;
    bool m_fused;
    detail::awgn_sample_params m_params{};
    ring m_ring;
};

std::unique_ptr<awgn_bpsk_channel_engine::backend_impl> make_awgn_channel_cuda(uint64_t seed)
{
    return std::make_unique<channel_cuda>(seed);
}

std::unique_ptr<awgn_bpsk_generator::backend_impl> make_awgn_generator_cuda(code_sptr c,
                                                                            uint64_t seed)
{
    // The stream is a pure function of the seed on both backends: a family without a GPU
    // encoder is generated on the host, with the same values.
    if (!has_gpu_encoder(*c))
        return make_awgn_generator_cpu(std::move(c), seed);
    return std::make_unique<generator_cuda>(std::move(c), seed);
}

const cuda_backend_registration<awgn_bpsk_channel_engine::backend_impl, uint64_t>
    channel_registration(make_awgn_channel_cuda);
const cuda_backend_registration<awgn_bpsk_generator::backend_impl, code_sptr, uint64_t>
    generator_registration(make_awgn_generator_cuda);

} // namespace

} // namespace gpufec
} // namespace gr
