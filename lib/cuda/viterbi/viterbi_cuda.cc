/* The CUDA Viterbi backend: the engine depunctures into pinned staging memory, and each call
 * is cut into chunks that alternate between two streams, so that the copy of one chunk in,
 * the kernel of another and the copy of a third out overlap. Results come back through
 * pinned memory; the only waits are on the streams' events, in order.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "../device_buffer.h"
#include "core/conv/code_trellis.h"
#include "core/parallel_for.h"
#include "core/conv/viterbi_backend.h"
#include "viterbi_kernels.h"
#include <algorithm>
#include <array>
#include <cstring>

namespace gr {
namespace gpufec {

namespace {

/* LLRs per chunk: large enough to amortise launches, small enough to overlap. */
constexpr size_t chunk_llr = size_t(1) << 23;
/* Default batch: about 64 Mi LLRs per call (the register kernel wants tens of thousands of
 * tiles in flight). */
constexpr size_t batch_llr = size_t(1) << 26;

/* Items (frames or tiles) per chunk: at most chunk_llr LLRs, and at least two chunks per full
 * batch so that copies and kernels overlap. */
size_t chunk_of(size_t max_batch, size_t item_llr)
{
    return std::max<size_t>(1, std::min((max_batch + 1) / 2, chunk_llr / item_llr));
}

class viterbi_cuda final : public viterbi_decoder_engine::backend_impl
{
    static constexpr size_t n_slots = 2;

    struct slot {
        cuda::stream stream;
        cuda::event done;
        cuda::device_buffer<int8_t> d_llr;
        cuda::device_buffer<uint8_t> d_bits;
        cuda::device_buffer<uint8_t> d_work;
        cuda::pinned_buffer<uint8_t> h_bits;
        uint8_t* dest = nullptr; //!< where h_bits goes once done (null: nothing pending)
        size_t n_bits = 0;
    };

public:
    viterbi_cuda(const conv_code& code, const viterbi_tiling& tiling, const viterbi_options& opts)
        : m_t(conv::make_trellis(code)),
          m_term(code.term()),
          m_frame_bits(code.frame_bits()),
          m_frame_steps(code.steps_per_block()),
          m_shape{ tiling.payload, tiling.before, tiling.after }
    {
        const size_t n = m_t.n;
        if (m_term == termination::STREAMING) {
            const size_t tile_llr = m_shape.payload * n;
            m_max_batch = opts.max_batch ? opts.max_batch
                                         : std::max<size_t>(1, batch_llr / tile_llr);
            m_chunk = chunk_of(m_max_batch, tile_llr);
            // A chunk of tiles reads its own steps plus the warm-up and traceback around them.
            const size_t steps = m_chunk * m_shape.payload + m_shape.before + m_shape.after;
            m_staging = cuda::pinned_buffer<int8_t>(
                (m_max_batch * m_shape.payload + m_shape.before + m_shape.after) * n);
            for (auto& s : m_slots) {
                s.d_llr = cuda::device_buffer<int8_t>(steps * n);
                s.d_bits = cuda::device_buffer<uint8_t>(m_chunk * m_shape.payload);
                s.d_work = cuda::device_buffer<uint8_t>(
                    cuda::viterbi_tiles_workspace_bytes(m_t, m_shape, m_chunk));
                s.h_bits = cuda::pinned_buffer<uint8_t>(m_chunk * m_shape.payload);
            }
        } else {
            const size_t frame_llr = m_frame_steps * n;
            m_max_batch = opts.max_batch ? opts.max_batch
                                         : std::max<size_t>(1, batch_llr / frame_llr);
            m_chunk = chunk_of(m_max_batch, frame_llr);
            m_staging = cuda::pinned_buffer<int8_t>(m_max_batch * frame_llr);
            for (auto& s : m_slots) {
                s.d_llr = cuda::device_buffer<int8_t>(m_chunk * frame_llr);
                s.d_bits = cuda::device_buffer<uint8_t>(m_chunk * m_frame_bits);
                s.d_work = cuda::device_buffer<uint8_t>(
                    cuda::viterbi_frames_workspace_bytes(m_t, m_term, m_frame_bits, m_chunk));
                s.h_bits = cuda::pinned_buffer<uint8_t>(m_chunk * m_frame_bits);
            }
        }
    }

    ~viterbi_cuda() override
    {
        for (auto& s : m_slots)
            (void)cudaStreamSynchronize(s.stream.get());
    }

    size_t max_batch() const override { return m_max_batch; }

    int8_t* staging(size_t n_llr) override
    {
        if (m_staging.size() < n_llr) // only a flush of an unusually long tail gets here
            m_staging = cuda::pinned_buffer<int8_t>(n_llr);
        return m_staging.get();
    }

    void decode_frames(size_t n_frames, uint8_t* bits) override
    {
        const size_t frame_llr = m_frame_steps * m_t.n;
        size_t q = 0;
        for (size_t f = 0; f < n_frames; f += m_chunk, ++q) {
            const size_t cnt = std::min(m_chunk, n_frames - f);
            slot& s = begin_slot(q);
            cudaStream_t st = s.stream.get();
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(s.d_llr.get(), m_staging.get() + f * frame_llr,
                                              cnt * frame_llr, cudaMemcpyHostToDevice, st));
            cuda::launch_viterbi_frames(m_t, m_term, m_frame_bits, s.d_llr.get(), s.d_bits.get(),
                                        cnt, s.d_work.get(), st);
            end_slot(s, bits + f * m_frame_bits, cnt * m_frame_bits);
        }
        drain();
    }

    void decode_tiles(uint64_t first_step,
                      size_t n_steps,
                      uint64_t first_tile,
                      size_t n_tiles,
                      uint8_t* bits) override
    {
        const size_t n = m_t.n, P = m_shape.payload;
        const uint64_t end_step = first_step + n_steps;
        size_t q = 0;
        for (size_t i = 0; i < n_tiles; i += m_chunk, ++q) {
            const size_t cnt = std::min(m_chunk, n_tiles - i);
            const uint64_t t0 = first_tile + i;
            const uint64_t from = std::max<uint64_t>(
                first_step, t0 * P > m_shape.before ? t0 * P - m_shape.before : 0);
            const uint64_t to = std::min<uint64_t>(end_step, (t0 + cnt) * P + m_shape.after);
            slot& s = begin_slot(q);
            cudaStream_t st = s.stream.get();
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(s.d_llr.get(),
                                              m_staging.get() + (from - first_step) * n,
                                              (to - from) * n, cudaMemcpyHostToDevice, st));
            cuda::launch_viterbi_tiles(m_t, m_shape, s.d_llr.get(), from, size_t(to - from), t0,
                                       cnt, s.d_bits.get(), s.d_work.get(), st);
            end_slot(s, bits + i * P, cnt * P);
        }
        drain();
    }

    void decode_tail(uint64_t first_step, size_t n_steps, size_t n_out, uint8_t* bits) override
    {
        // Rare (once per stream): buffers sized for this call alone.
        slot& s = begin_slot(0);
        cudaStream_t st = s.stream.get();
        const size_t n = m_t.n;
        cuda::device_buffer<int8_t> d_llr(n_steps * n);
        cuda::device_buffer<uint8_t> d_bits(n_out);
        cuda::device_buffer<uint8_t> d_work(cuda::viterbi_segment_workspace_bytes(m_t, n_out));
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(
            d_llr.get(), m_staging.get(), n_steps * n, cudaMemcpyHostToDevice, st));
        cuda::launch_viterbi_segment(m_t, d_llr.get(), n_steps, first_step == 0, n_out,
                                     d_bits.get(), d_work.get(), st);
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(bits, d_bits.get(), n_out, cudaMemcpyDeviceToHost, st));
        s.stream.synchronize();
    }

private:
    /* The slot for chunk q, its previous result handed out first. */
    slot& begin_slot(size_t q)
    {
        slot& s = m_slots[q % n_slots];
        finish(s);
        return s;
    }

    void end_slot(slot& s, uint8_t* dest, size_t n_bits)
    {
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(s.h_bits.get(), s.d_bits.get(), n_bits,
                                          cudaMemcpyDeviceToHost, s.stream.get()));
        s.done.record(s.stream.get());
        s.dest = dest;
        s.n_bits = n_bits;
    }

    void finish(slot& s)
    {
        if (!s.dest)
            return;
        s.done.synchronize();
        parallel_copy(s.dest, s.h_bits.get(), s.n_bits);
        s.dest = nullptr;
    }

    /* Hands out what is pending, oldest first (slots were filled round-robin). */
    void drain()
    {
        // Both pending chunks finish; the order of the host copies does not matter.
        for (auto& s : m_slots)
            finish(s);
    }

    conv::trellis m_t;
    termination m_term;
    size_t m_frame_bits;
    size_t m_frame_steps;
    cuda::viterbi_tile_shape m_shape;
    size_t m_max_batch = 1;
    size_t m_chunk = 1;
    cuda::pinned_buffer<int8_t> m_staging;
    std::array<slot, n_slots> m_slots;
};

} // namespace

std::unique_ptr<viterbi_decoder_engine::backend_impl>
make_viterbi_cuda(const conv_code& code, const viterbi_tiling& tiling, const viterbi_options& opts)
{
    return std::make_unique<viterbi_cuda>(code, tiling, opts);
}

} // namespace gpufec
} // namespace gr
