/* The CPU Viterbi backend: framed modes and streaming tiles on segment_decoder, frames or tiles
 * spread over worker threads. The reference that the GPU backend must equal bit for bit.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "common/conv/code_trellis.h"
#include "common/conv/tile_window.h"
#include "viterbi_backend.h"
#include "../parallel_for.h"
#include "viterbi_segment.h"
#include <algorithm>
#include <exception>
#include <thread>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

class viterbi_cpu final : public viterbi_decoder_engine::backend_impl
{
public:
    viterbi_cpu(const conv_code& code, const viterbi_tiling& tiling, const viterbi_options& opts)
        : m_trellis(conv::make_trellis(code)),
          m_term(code.term()),
          m_frame_bits(code.frame_bits()),
          m_frame_steps(code.steps_per_block()),
          m_tiling(tiling)
    {
        size_t threads = opts.threads ? opts.threads : std::thread::hardware_concurrency();
        threads = std::max<size_t>(threads, 1);
        m_max_batch = opts.max_batch ? opts.max_batch : 16 * threads;
        threads = std::min(threads, m_max_batch); // more would never get work
        const size_t wrap = static_cast<size_t>(conv::tailbiting_wrap(code.k()));
        size_t max_steps = m_tiling.before + m_tiling.payload + m_tiling.after;
        if (m_term == termination::TAILBITING)
            max_steps = m_frame_bits + 2 * wrap;
        else if (m_term != termination::STREAMING)
            max_steps = m_frame_steps;
        for (size_t i = 0; i < threads; ++i)
            m_workers.emplace_back(m_trellis, max_steps);
        if (m_term == termination::TAILBITING)
            m_circular.resize(threads, std::vector<int8_t>(max_steps * m_trellis.n));
    }

    size_t max_batch() const override { return m_max_batch; }

    int8_t* input_buffer(size_t n_llr) override
    {
        if (m_input.size() < n_llr)
            m_input.resize(n_llr);
        return m_input.data();
    }

    void decode_frames(const int8_t* llr, size_t n_frames, uint8_t* bits) override
    {
        const size_t frame_llr = m_frame_steps * m_trellis.n;
        parallel(n_frames, [&](size_t worker, size_t f) {
            decode_frame(worker, llr + f * frame_llr, bits + f * m_frame_bits);
        });
    }

    void decode_tiles(const int8_t* llr,
                      uint64_t first_step,
                      size_t n_steps,
                      uint64_t first_tile,
                      size_t n_tiles,
                      uint8_t* bits) override
    {
        const size_t P = m_tiling.payload;
        parallel(n_tiles, [&](size_t worker, size_t i) {
            const conv::tile_window w = conv::tile_window_of(
                first_tile + i, P, m_tiling.before, m_tiling.after, first_step + n_steps);
            conv::segment seg;
            seg.llr = llr + (w.begin - first_step) * m_trellis.n;
            seg.n_steps = static_cast<size_t>(w.end - w.begin);
            seg.start_known = w.begin == 0;
            seg.out_first = static_cast<size_t>(w.first - w.begin);
            seg.n_out = P;
            m_workers[worker].decode(seg, bits + i * P);
        });
    }

    void decode_tail(
        const int8_t* llr, uint64_t first_step, size_t n_steps, size_t n_out, uint8_t* bits) override
    {
        conv::segment seg;
        seg.llr = llr;
        seg.n_steps = n_steps;
        seg.start_known = first_step == 0;
        seg.out_first = n_steps - n_out;
        seg.n_out = n_out;
        m_workers[0].decode(seg, bits);
    }

private:
    void decode_frame(size_t worker, const int8_t* llr, uint8_t* bits)
    {
        conv::segment seg;
        seg.llr = llr;
        seg.n_out = m_frame_bits;
        switch (m_term) {
        case termination::TERMINATED:
            seg.n_steps = m_frame_steps;
            seg.start_known = true;
            seg.end_state = 0;
            break;
        case termination::TRUNCATED:
            seg.n_steps = m_frame_steps;
            seg.start_known = true;
            break;
        default: {
            // Tailbiting: the frame read circularly from W steps before its start to W after
            // its end (wrapping as often as a short frame needs); the middle is the frame.
            const size_t N = m_frame_bits, n = m_trellis.n;
            const size_t W = static_cast<size_t>(conv::tailbiting_wrap(m_trellis.k));
            int8_t* ext = m_circular[worker].data();
            for (size_t t = 0; t < N + 2 * W; ++t) {
                const size_t src = (t + N - W % N) % N;
                std::copy(llr + src * n, llr + (src + 1) * n, ext + t * n);
            }
            seg.llr = ext;
            seg.n_steps = N + 2 * W;
            seg.out_first = W;
        }
        }
        m_workers[worker].decode(seg, bits);
    }

    /* Runs job(worker, item) for items [0, n): contiguous shares, the first on this thread. */
    template <typename Job>
    void parallel(size_t n, const Job& job)
    {
        parallel_for(n, m_workers.size(), [&](size_t worker, size_t begin, size_t end) {
            for (size_t i = begin; i < end; ++i)
                job(worker, i);
        });
    }

    conv::trellis m_trellis;
    termination m_term;
    size_t m_frame_bits;
    size_t m_frame_steps;
    viterbi_tiling m_tiling;
    size_t m_max_batch;
    std::vector<conv::segment_decoder> m_workers;
    std::vector<std::vector<int8_t>> m_circular; //!< per worker: a tailbiting frame, extended
    std::vector<int8_t> m_input;
};

} // namespace

std::unique_ptr<viterbi_decoder_engine::backend_impl>
make_viterbi_cpu(const conv_code& code, const viterbi_tiling& tiling, const viterbi_options& opts)
{
    return std::make_unique<viterbi_cpu>(code, tiling, opts);
}

} // namespace gpufec
} // namespace gr
