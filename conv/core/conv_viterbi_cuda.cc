/* The CUDA Viterbi backend: each call is cut into chunks that go round the slot ring (two
 * slots), so that the copy of one chunk in, the kernels of another and the copy of a third out
 * overlap. Input comes from host memory (pinned when it is the backend's input_buffer, which
 * the engine fills); results come back through each slot's pinned memory.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "skeleton/core/parallel_for.h"
#include "conv/common/conv_code_trellis.h"
#include "conv/common/conv_tile_window.h"
#include "conv/cuda/conv_viterbi_kernels.h"
#include "skeleton/cuda/device_buffer.h"
#include "skeleton/cuda/device_guard.h"
#include "skeleton/cuda/slot_ring.h"
#include "conv_viterbi_backend.h"
#include <algorithm>
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

struct chunk_buffers {
    cuda::device_buffer<int8_t> d_llr;
    cuda::device_buffer<uint8_t> d_bits;
    cuda::device_buffer<uint8_t> d_work;
    cuda::pinned_buffer<uint8_t> h_bits;
};

class viterbi_cuda final : public viterbi_decoder_engine::backend_impl
{
public:
    viterbi_cuda(const conv_code& code, const viterbi_tiling& tiling, const viterbi_options& opts)
        : m_device(opts.device),
          m_t(conv::make_trellis(code)),
          m_term(code.term()),
          m_frame_bits(code.frame_bits()),
          m_frame_steps(code.steps_per_block()),
          m_shape{ tiling.payload, tiling.before, tiling.after },
          m_streaming(m_term == termination::STREAMING),
          m_item_llr((m_streaming ? m_shape.payload : m_frame_steps) * m_t.n),
          m_max_batch(opts.max_batch ? opts.max_batch
                                     : std::max<size_t>(1, batch_llr / m_item_llr)),
          m_chunk(chunk_of(m_max_batch, m_item_llr)),
          m_kernel(m_streaming ? cuda::pick_viterbi_tile_kernel(m_t, m_shape)
                               : cuda::viterbi_tile_kernel::GENERAL),
          m_ring(2, [this](chunk_buffers& b) { allocate(b); })
    {
        m_input = cuda::pinned_buffer<int8_t>(
            m_streaming ? (m_max_batch * m_shape.payload + m_shape.before + m_shape.after) * m_t.n
                        : m_max_batch * m_item_llr);
    }

    size_t max_batch() const override { return m_max_batch; }

    int8_t* input_buffer(size_t n_llr) override
    {
        if (m_input.size() < n_llr) { // only a flush of an unusually long tail gets here
            cuda::device_guard on(m_device);
            m_input = cuda::pinned_buffer<int8_t>(n_llr);
        }
        return m_input.get();
    }

    void decode_frames(const int8_t* llr, size_t n_frames, uint8_t* bits) override
    {
        cuda::device_guard on(m_device);
        size_t q = 0;
        for (size_t f = 0; f < n_frames; f += m_chunk, ++q) {
            const size_t cnt = std::min(m_chunk, n_frames - f);
            auto& s = m_ring.begin(q);
            cudaStream_t st = s.stream.get();
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(s.buffers.d_llr.get(), llr + f * m_item_llr,
                                              cnt * m_item_llr, cudaMemcpyHostToDevice, st));
            cuda::launch_viterbi_frames(m_t, m_term, m_frame_bits, s.buffers.d_llr.get(),
                                        s.buffers.d_bits.get(), cnt, s.buffers.d_work.get(), st);
            copy_back(s, bits + f * m_frame_bits, cnt * m_frame_bits);
        }
        m_ring.drain();
    }

    void decode_tiles(const int8_t* llr,
                      uint64_t first_step,
                      size_t n_steps,
                      uint64_t first_tile,
                      size_t n_tiles,
                      uint8_t* bits) override
    {
        cuda::device_guard on(m_device);
        const size_t n = m_t.n, P = m_shape.payload;
        const uint64_t end_step = first_step + n_steps;
        size_t q = 0;
        for (size_t i = 0; i < n_tiles; i += m_chunk, ++q) {
            const size_t cnt = std::min(m_chunk, n_tiles - i);
            const uint64_t t0 = first_tile + i;
            // The chunk reads from its first tile's window to its last tile's.
            const uint64_t from = std::max<uint64_t>(
                first_step, conv::tile_begin(t0, P, m_shape.before));
            const uint64_t to =
                conv::tile_window_of(t0 + cnt - 1, P, m_shape.before, m_shape.after, end_step).end;
            auto& s = m_ring.begin(q);
            cudaStream_t st = s.stream.get();
            GPUFEC_CUDA_CHECK(cudaMemcpyAsync(s.buffers.d_llr.get(), llr + (from - first_step) * n,
                                              (to - from) * n, cudaMemcpyHostToDevice, st));
            cuda::launch_viterbi_tiles(m_t, m_shape, s.buffers.d_llr.get(), from,
                                       size_t(to - from), t0, cnt, s.buffers.d_bits.get(),
                                       s.buffers.d_work.get(), st, m_kernel);
            copy_back(s, bits + i * P, cnt * P);
        }
        m_ring.drain();
    }

    void decode_tail(
        const int8_t* llr, uint64_t first_step, size_t n_steps, size_t n_out, uint8_t* bits) override
    {
        // Rare (once per stream): buffers sized for this call alone.
        cuda::device_guard on(m_device);
        m_ring.drain();
        cuda::stream st;
        const size_t n = m_t.n;
        cuda::device_buffer<int8_t> d_llr(n_steps * n);
        cuda::device_buffer<uint8_t> d_bits(n_out);
        cuda::device_buffer<uint8_t> d_work(cuda::viterbi_segment_workspace_bytes(m_t, n_out));
        GPUFEC_CUDA_CHECK(
            cudaMemcpyAsync(d_llr.get(), llr, n_steps * n, cudaMemcpyHostToDevice, st.get()));
        cuda::launch_viterbi_segment(m_t, d_llr.get(), n_steps, first_step == 0, n_out,
                                     d_bits.get(), d_work.get(), st.get());
        GPUFEC_CUDA_CHECK(
            cudaMemcpyAsync(bits, d_bits.get(), n_out, cudaMemcpyDeviceToHost, st.get()));
        st.synchronize();
    }

private:
    using ring = cuda::slot_ring<chunk_buffers>;

    void allocate(chunk_buffers& b) const
    {
        if (m_streaming) {
            // A chunk of tiles reads its own steps plus the warm-up and traceback around them.
            const size_t steps = m_chunk * m_shape.payload + m_shape.before + m_shape.after;
            b.d_llr = cuda::device_buffer<int8_t>(steps * m_t.n);
            b.d_bits = cuda::device_buffer<uint8_t>(m_chunk * m_shape.payload);
            b.d_work = cuda::device_buffer<uint8_t>(
                cuda::viterbi_tiles_workspace_bytes(m_t, m_shape, m_chunk));
            b.h_bits = cuda::pinned_buffer<uint8_t>(m_chunk * m_shape.payload);
        } else {
            b.d_llr = cuda::device_buffer<int8_t>(m_chunk * m_item_llr);
            b.d_bits = cuda::device_buffer<uint8_t>(m_chunk * m_frame_bits);
            b.d_work = cuda::device_buffer<uint8_t>(
                cuda::viterbi_frames_workspace_bytes(m_t, m_term, m_frame_bits, m_chunk));
            b.h_bits = cuda::pinned_buffer<uint8_t>(m_chunk * m_frame_bits);
        }
    }

    /* The chunk's decisions back to pinned memory, then (once done) to their destination. */
    void copy_back(ring::slot& s, uint8_t* dest, size_t n_bits)
    {
        GPUFEC_CUDA_CHECK(cudaMemcpyAsync(s.buffers.h_bits.get(), s.buffers.d_bits.get(), n_bits,
                                          cudaMemcpyDeviceToHost, s.stream.get()));
        const uint8_t* from = s.buffers.h_bits.get();
        m_ring.end(s, [dest, from, n_bits] { parallel_copy(dest, from, n_bits); });
    }

    int m_device;
    conv::trellis m_t;
    termination m_term;
    size_t m_frame_bits;
    size_t m_frame_steps;
    cuda::viterbi_tile_shape m_shape;
    bool m_streaming;
    size_t m_item_llr; //!< LLRs per frame, or per tile's payload
    size_t m_max_batch;
    size_t m_chunk;
    cuda::viterbi_tile_kernel m_kernel; //!< streaming: chosen once, for this code and device
    cuda::pinned_buffer<int8_t> m_input;
    ring m_ring;
};

std::unique_ptr<viterbi_decoder_engine::backend_impl>
make_viterbi_cuda(const conv_code& code, const viterbi_tiling& tiling, const viterbi_options& opts)
{
    cuda::device_guard on(opts.device); // everything the backend allocates lives there
    return std::make_unique<viterbi_cuda>(code, tiling, opts);
}

const cuda_backend_registration<viterbi_decoder_engine::backend_impl,
                                const conv_code&,
                                const viterbi_tiling&,
                                const viterbi_options&>
    registration(make_viterbi_cuda);

} // namespace

} // namespace gpufec
} // namespace gr
