/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "gpu_simulator.h"
#include "apps/ber/cuda/ber_kernels.h"
#include "skeleton/cuda/device_buffer.h"
#include "skeleton/cuda/slot_ring.h"
#include <stdexcept>

namespace gpufec_ber {

namespace cuda = gr::gpufec::cuda;

namespace {

constexpr size_t batch_bits_cap = size_t(1) << 27;

size_t counting_bytes(size_t n_frames) { return n_frames * sizeof(uint32_t); }

/* Batch q runs on the ring's slot q mod lanes (the pipeline's lane of the same index); the
 * ring's destructor lets a batch launched ahead finish before the buffers go. */
class gpu_simulator final : public frame_simulator
{
    struct counts {
        cuda::device_buffer<uint32_t> per_frame;
        cuda::device_buffer<unsigned long long> totals;
        cuda::pinned_buffer<unsigned long long> h_totals;
        size_t frames = 0;
    };
    using ring = cuda::slot_ring<counts>;

public:
    gpu_simulator(std::unique_ptr<gpu_pipeline> p, size_t frame_bits)
        : m_pipeline(std::move(p)),
          m_frame_bits(frame_bits),
          m_ring(gpu_pipeline::lanes, [this](counts& c) {
              c.per_frame = cuda::device_buffer<uint32_t>(m_pipeline->max_batch_frames());
              c.totals = cuda::device_buffer<unsigned long long>(2);
              c.h_totals = cuda::pinned_buffer<unsigned long long>(2);
          })
    {
    }

    size_t max_batch_frames() const override { return m_pipeline->max_batch_frames(); }
    size_t depth() const override { return gpu_pipeline::lanes; }

    void launch(size_t n_frames) override
    {
        if (m_launched - m_waited >= gpu_pipeline::lanes)
            throw std::logic_error("gpu_simulator::launch: every lane is busy, wait() first");
        if (n_frames == 0 || n_frames > max_batch_frames())
            throw std::invalid_argument("gpu_simulator::launch: " + std::to_string(n_frames) +
                                        " frames, allowed 1 to " + std::to_string(max_batch_frames()));
        ring::slot& s = m_ring.begin(m_launched); // free: its last batch was waited for
        if (m_last == &s) // its per-frame counts are about to be overwritten
            m_last = nullptr;
        counts& c = s.buffers;
        cudaStream_t st = s.stream.get();
        const auto bits =
            m_pipeline->enqueue(unsigned(m_launched % gpu_pipeline::lanes), m_next_frame, n_frames, st);
        cuda::launch_count_frame_errors(bits.info, bits.decoded, m_frame_bits, n_frames,
                                        c.per_frame.get(), c.totals.get(), st);
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(c.h_totals.get(), c.totals.get(),
                                          2 * sizeof(unsigned long long), cudaMemcpyDeviceToHost, st));
        m_ring.end(s);
        c.frames = n_frames;
        m_next_frame += n_frames;
        ++m_launched;
    }

    frame_counts wait() override
    {
        if (m_waited == m_launched)
            throw std::logic_error("gpu_simulator::wait: nothing in flight");
        ring::slot& s = m_ring.at(m_waited);
        m_ring.finish(s);
        ++m_waited;
        m_last = &s;
        const counts& c = s.buffers;
        return frame_counts{ c.frames, c.h_totals.get()[0], c.h_totals.get()[1] };
    }

    void frame_bit_errors(size_t first, size_t n, uint32_t* out) override
    {
        if (!m_last || first + n > m_last->buffers.frames)
            throw std::out_of_range("frame_bit_errors: past the batch");
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(out, m_last->buffers.per_frame.get() + first, n * sizeof(uint32_t),
                                          cudaMemcpyDeviceToHost, m_last->stream.get()));
        m_last->stream.synchronize();
    }

private:
    std::unique_ptr<gpu_pipeline> m_pipeline;
    size_t m_frame_bits;
    ring m_ring;
    uint64_t m_next_frame = 0, m_launched = 0, m_waited = 0;
    const ring::slot* m_last = nullptr;
};

} // namespace

size_t gpu_batch_frames(size_t requested, size_t frame_bits, const std::function<size_t(size_t)>& lane_bytes)
{
    if (requested)
        return requested;
    size_t free_bytes = 0, total_bytes = 0;
    GPUFEC_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    size_t n = std::max<size_t>(1, batch_bits_cap / frame_bits);
    while (n > 1 && gpu_pipeline::lanes * (lane_bytes(n) + counting_bytes(n)) > free_bytes / 2)
        n /= 2;
    return n;
}

std::unique_ptr<frame_simulator> make_gpu_simulator(std::unique_ptr<gpu_pipeline> pipeline, size_t frame_bits)
{
    return std::make_unique<gpu_simulator>(std::move(pipeline), frame_bits);
}

} // namespace gpufec_ber
