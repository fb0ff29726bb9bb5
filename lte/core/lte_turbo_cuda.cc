/* The CUDA LTE turbo backend: each call is cut into chunks of code blocks that go round the slot
 * ring (two slots), so that one chunk's LLRs are copied in while another's kernel runs and a
 * third's decisions are copied out. Float input comes from host memory (pinned when it is the
 * backend's input_buffer, which the engine fills); int8 input is staged chunk by chunk into the
 * slot's pinned memory (while the other slot's kernel runs), copied as int8 and converted on the
 * device; with 16-bit metrics the kernel reads the int8 values themselves (from the engine's
 * pinned quantized_buffer, or staged); results come back through each slot's pinned memory. A call with fewer blocks than the
 * GPU has multiprocessors (one block, say) runs in the kernel's low-latency mode, which the
 * launcher picks by itself.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "skeleton/core/parallel_for.h"
#include "skeleton/cuda/device_buffer.h"
#include "skeleton/cuda/device_guard.h"
#include "skeleton/cuda/slot_ring.h"
#include "lte/cuda/lte_turbo_input.h"
#include "lte/cuda/lte_turbo_kernels.h"
#include "lte/cuda/lte_turbo_tables.h"
#include "lte_turbo_backend.h"
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

namespace {

/* LLRs per chunk, about: a chunk is a whole number of the kernel's waves (the blocks the GPU
 * decodes at once: a last, partial wave leaves multiprocessors idle, 454 blocks on an H100
 * that holds 396 took the time of 792), at least one, and small enough that the copies of one
 * chunk overlap the kernel of another. */
constexpr size_t chunk_llr = size_t(1) << 23;
/* Default batch: about 2^25 values a call (128 MiB of float LLRs; the engine's float staging
 * for rate de-matching is sized by it in either domain), at least two chunks. */
constexpr size_t batch_llr = size_t(1) << 25;

struct chunk_buffers {
    cuda::device_buffer<float> d_llr;
    cuda::device_buffer<int8_t> d_q; //!< int8 input
    cuda::pinned_buffer<int8_t> h_q; //!< int8 input staging (created on the first int8 call)
    cuda::device_buffer<uint8_t> d_bits;
    cuda::device_buffer<float> d_app;
    cuda::device_buffer<int> d_iterations;
    cuda::device_buffer<uint8_t> d_work;
    cuda::pinned_buffer<uint8_t> h_bits;
    cuda::pinned_buffer<float> h_app;
    cuda::pinned_buffer<int> h_iterations;
};

lte_turbo_params validated(const lte_turbo_params& p, size_t K)
{
    p.validate(K);
    return p;
}

class turbo_cuda final : public lte_turbo_backend
{
public:
    turbo_cuda(const lte_turbo_code& code, const lte_turbo_params& params, const decoder_options& opts)
        : m_device(opts.device),
          m_K(code.K()),
          m_block_llr(code.coded_bits_per_block()),
          m_tables(code),
          m_shape(m_tables.shape(validated(params, m_K))),
          m_chunk(chunk_blocks(opts.max_batch)),
          m_max_batch(opts.max_batch ? opts.max_batch : default_batch()),
          m_input(input_floats(m_max_batch * m_block_llr)),
          m_ring(2, [this](chunk_buffers& b) { allocate(b); })
    {
    }

    size_t max_batch() const override { return m_max_batch; }

    float* input_buffer(size_t n) override
    {
        if (m_input.size() < n) {
            cuda::device_guard on(m_device);
            m_input = cuda::pinned_buffer<float>(n);
        }
        return m_input.get();
    }

    void decode(const float* llr, size_t n_blocks, uint8_t* bits, float* app, int* iterations) override
    {
        float_only("decode");
        run_chunks(n_blocks, bits, app, iterations,
                   [&](chunk_buffers& c, size_t b, size_t cnt, cudaStream_t st) {
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(c.d_llr.get(), llr + b * m_block_llr,
                                              cnt * m_block_llr * sizeof(float),
                                              cudaMemcpyHostToDevice, st));
        });
    }

    bool takes_int8() const override { return m_shape.params.metrics == turbo_metrics::FLOAT; }

    void decode_int8(const int8_t* q,
                     const float* to_llr,
                     size_t n_blocks,
                     uint8_t* bits,
                     float* app,
                     int* iterations) override
    {
        float_only("decode_int8");
        cuda::int8_llr_map map;
        std::copy(to_llr, to_llr + 256, map.llr);
        run_chunks(n_blocks, bits, app, iterations,
                   [&](chunk_buffers& c, size_t b, size_t cnt, cudaStream_t st) {
            const size_t n = cnt * m_block_llr;
            stage_int8(c);
            // The slot's last chunk is done: its staging is free while the other slot decodes.
            parallel_copy(c.h_q.get(), q + b * m_block_llr, n);
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(c.d_q.get(), c.h_q.get(), n, cudaMemcpyHostToDevice, st));
            cuda::launch_int8_to_llr(map, c.d_q.get(), n, c.d_llr.get(), st);
        });
    }

    void decode_quantized(const int8_t* q,
                          float llr_scale,
                          size_t n_blocks,
                          uint8_t* bits,
                          float* app,
                          int* iterations) override
    {
        if (m_shape.params.metrics != turbo_metrics::INT16)
            throw std::logic_error("decode_quantized: this decoder runs float metrics");
        // The engine's quantized_buffer is pinned: copied from directly; other memory is staged.
        const int8_t* pinned = reinterpret_cast<const int8_t*>(m_input.get());
        const bool direct = q >= pinned && q + n_blocks * m_block_llr <= pinned + m_input.size() * sizeof(float);
        run_chunks(n_blocks, bits, app, iterations, [&](chunk_buffers& c, size_t b, size_t cnt, cudaStream_t st) {
            const size_t n = cnt * m_block_llr;
            const int8_t* from = q + b * m_block_llr;
            if (!direct) {
                stage_int8(c);
                parallel_copy(c.h_q.get(), from, n);
                from = c.h_q.get();
            }
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(c.d_q.get(), from, n, cudaMemcpyHostToDevice, st));
        }, llr_scale);
    }

private:
    using ring = cuda::slot_ring<chunk_buffers>;

    /* Whole waves of the kernel, about chunk_llr values; with a caller's max_batch at most
     * half of it, so that two chunks overlap. */
    size_t chunk_blocks(size_t max_batch) const
    {
        const size_t wave = std::max<size_t>(1, cuda::turbo_resident_blocks(m_shape));
        const size_t waves = std::max<size_t>(1, chunk_llr / (m_block_llr * wave));
        if (max_batch)
            return std::max<size_t>(1, std::min((max_batch + 1) / 2, waves * wave));
        return waves * wave;
    }

    size_t default_batch() const
    {
        return m_chunk * std::max<size_t>(2, batch_llr / (m_block_llr * m_chunk));
    }

    /* Floats of pinned input: int8 values take a quarter (quantized_buffer). */
    size_t input_floats(size_t values) const
    {
        return m_shape.params.metrics == turbo_metrics::INT16 ? (values + 3) / 4 : values;
    }

    void float_only(const char* what) const
    {
        if (m_shape.params.metrics != turbo_metrics::FLOAT)
            throw std::logic_error(std::string(what) + ": this decoder runs 16-bit metrics (decode_quantized)");
    }

    /* The int8 buffers of a slot, made on the first int8 call (float-only users never pay). */
    void stage_int8(chunk_buffers& c) const
    {
        if (!c.h_q.get())
            c.h_q = cuda::pinned_buffer<int8_t>(m_chunk * m_block_llr);
    }

    /* The chunks of a call round the ring: @p load(buffers, first block, blocks, stream)
     * enqueues a chunk's LLRs into buffers.d_llr; the kernel and the copies back follow. */
    template <class Load>
    void run_chunks(size_t n_blocks, uint8_t* bits, float* app, int* iterations, Load load, float llr_scale = 0.0f)
    {
        cuda::device_guard on(m_device);
        // Chunks of equal size: a small last chunk would take the low-latency kernel, which
        // costs a whole block's latency (about 250 us) for a few blocks.
        const size_t chunks = (n_blocks + m_chunk - 1) / m_chunk;
        const size_t per = chunks ? (n_blocks + chunks - 1) / chunks : 0;
        size_t q = 0;
        for (size_t b = 0; b < n_blocks; b += per, ++q) {
            const size_t cnt = std::min(per, n_blocks - b);
            auto& s = m_ring.begin(q);
            chunk_buffers& c = s.buffers;
            cudaStream_t st = s.stream.get();
            load(c, b, cnt, st);
            uint8_t* d_bits = c.d_bits.get();
            float* d_app = app ? c.d_app.get() : nullptr;
            int* d_iterations = iterations ? c.d_iterations.get() : nullptr;
            if (m_shape.params.metrics == turbo_metrics::INT16)
                cuda::launch_turbo_decode(m_shape, c.d_q.get(), llr_scale, cnt, d_bits, d_app, d_iterations,
                                          c.d_work.get(), c.d_work.size(), st);
            else
                cuda::launch_turbo_decode(m_shape, c.d_llr.get(), cnt, d_bits, d_app, d_iterations, c.d_work.get(),
                                          c.d_work.size(), st);
            copy_back(s, cnt, bits + b * m_K, app ? app + b * m_K : nullptr,
                      iterations ? iterations + b : nullptr);
        }
        m_ring.drain();
    }

    void allocate(chunk_buffers& b) const
    {
        // int8 values on the device: the 16-bit decoder's input, the float decoder's before
        // conversion.
        b.d_q = cuda::device_buffer<int8_t>(m_chunk * m_block_llr);
        if (m_shape.params.metrics == turbo_metrics::FLOAT)
            b.d_llr = cuda::device_buffer<float>(m_chunk * m_block_llr);
        b.d_bits = cuda::device_buffer<uint8_t>(m_chunk * m_K);
        b.d_app = cuda::device_buffer<float>(m_chunk * m_K);
        b.d_iterations = cuda::device_buffer<int>(m_chunk);
        b.d_work = cuda::device_buffer<uint8_t>(cuda::turbo_workspace_bytes(m_shape, m_chunk));
        b.h_bits = cuda::pinned_buffer<uint8_t>(m_chunk * m_K);
        b.h_app = cuda::pinned_buffer<float>(m_chunk * m_K);
        b.h_iterations = cuda::pinned_buffer<int>(m_chunk);
    }

    /* The chunk's results to pinned memory, then (once done) to their destinations. */
    void copy_back(ring::slot& s, size_t cnt, uint8_t* bits, float* app, int* iterations)
    {
        chunk_buffers& c = s.buffers;
        cudaStream_t st = s.stream.get();
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(c.h_bits.get(), c.d_bits.get(), cnt * m_K,
                                          cudaMemcpyDeviceToHost, st));
        if (app)
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(c.h_app.get(), c.d_app.get(), cnt * m_K * sizeof(float),
                                              cudaMemcpyDeviceToHost, st));
        if (iterations)
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(c.h_iterations.get(), c.d_iterations.get(),
                                              cnt * sizeof(int), cudaMemcpyDeviceToHost, st));
        const uint8_t* h_bits = c.h_bits.get();
        const float* h_app = c.h_app.get();
        const int* h_iterations = c.h_iterations.get();
        const size_t K = m_K;
        m_ring.end(s, [=] {
            parallel_copy(bits, h_bits, cnt * K);
            if (app)
                parallel_copy(app, h_app, cnt * K * sizeof(float));
            if (iterations)
                std::memcpy(iterations, h_iterations, cnt * sizeof(int));
        });
    }

    int m_device;
    size_t m_K;
    size_t m_block_llr; //!< 3 (K + 4)
    cuda::turbo_tables m_tables;
    cuda::turbo_code_shape m_shape;
    size_t m_chunk;
    size_t m_max_batch;
    cuda::pinned_buffer<float> m_input;
    ring m_ring;
};

std::unique_ptr<lte_turbo_backend> make_lte_turbo_cuda(const lte_turbo_code& code,
                                                       const lte_turbo_params& params,
                                                       const decoder_options& opts)
{
    cuda::device_guard on(opts.device); // everything the backend allocates lives there
    return std::make_unique<turbo_cuda>(code, params.resolved_for(code.K(), backend_kind::CUDA), opts);
}

const cuda_backend_registration<lte_turbo_backend,
                                const lte_turbo_code&,
                                const lte_turbo_params&,
                                const decoder_options&>
    registration(make_lte_turbo_cuda);

} // namespace

} // namespace gpufec
} // namespace gr
