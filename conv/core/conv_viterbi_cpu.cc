/* The CPU Viterbi backend: framed modes and streaming tiles on lane_decoder, frames or tiles of
 * one shape decoded a vector's lanes at a time, the groups handed to a persistent pool of
 * threads. The reference that the GPU backend must equal bit for bit.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "conv/common/conv_code_trellis.h"
#include "conv/common/conv_tile_window.h"
#include "conv_viterbi_backend.h"
#include "skeleton/core/thread_pool.h"
#include "conv_viterbi_lanes.h"
#include <algorithm>
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
        const size_t lanes = conv::lanes_of(conv::best_simd());
        // By default 16 full groups per thread and call, so that the part of a call that runs
        // on one thread (the engine quantizing the input) stays small next to the decoding,
        // and the pool evens out unequal shares; at most 64 MiB of input unless that is
        // under one group per thread.
        const size_t item_llr = (m_term == termination::STREAMING ? tiling.payload : m_frame_steps) *
                                static_cast<size_t>(m_trellis.n);
        m_max_batch = opts.max_batch ? opts.max_batch
                                     : std::max(lanes * threads,
                                                std::min(16 * lanes * threads,
                                                         (size_t(64) << 20) / item_llr));
        threads = std::min(threads, (m_max_batch + lanes - 1) / lanes); // more would never get work
        const size_t wrap = static_cast<size_t>(conv::tailbiting_wrap(code.k()));
        size_t max_steps = m_tiling.before + m_tiling.payload + m_tiling.after;
        if (m_term == termination::TAILBITING)
            max_steps = m_frame_bits + 2 * wrap;
        else if (m_term != termination::STREAMING)
            max_steps = m_frame_steps;
        for (size_t i = 0; i < threads; ++i)
            m_workers.emplace_back(m_trellis, max_steps);
        if (m_term == termination::TAILBITING)
            m_circular.resize(threads,
                              std::vector<int8_t>(m_workers[0].lanes() * max_steps * m_trellis.n));
        m_pool = std::make_unique<thread_pool>(threads);
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
        const size_t lanes = m_workers[0].lanes();
        m_pool->run((n_frames + lanes - 1) / lanes, [&](size_t worker, size_t group) {
            const size_t first = group * lanes, count = std::min(lanes, n_frames - first);
            conv::segment seg[max_lanes];
            uint8_t* out[max_lanes];
            for (size_t l = 0; l < count; ++l) {
                seg[l] = frame_segment(worker, l, llr + (first + l) * frame_llr);
                out[l] = bits + (first + l) * m_frame_bits;
            }
            m_workers[worker].decode(conv::lane_group{ seg, count, out });
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
        const auto tile = [&](size_t i) {
            const conv::tile_window w = conv::tile_window_of(
                first_tile + i, P, m_tiling.before, m_tiling.after, first_step + n_steps);
            conv::segment seg;
            seg.llr = llr + (w.begin - first_step) * m_trellis.n;
            seg.n_steps = static_cast<size_t>(w.end - w.begin);
            seg.start_known = w.begin == 0;
            seg.out_first = static_cast<size_t>(w.first - w.begin);
            seg.n_out = P;
            return seg;
        };
        // Groups of consecutive tiles of one shape (those at the stream's start and at the
        // end of what is held are shorter), at most a vector's lanes each.
        const size_t lanes = m_workers[0].lanes();
        m_groups.clear();
        for (size_t i = 0; i < n_tiles;) {
            const conv::segment first = tile(i);
            size_t e = i + 1;
            while (e < n_tiles && e - i < lanes) {
                const conv::segment s = tile(e);
                if (s.n_steps != first.n_steps || s.out_first != first.out_first)
                    break;
                ++e;
            }
            m_groups.emplace_back(i, e);
            i = e;
        }
        m_pool->run(m_groups.size(), [&](size_t worker, size_t g) {
            const size_t first = m_groups[g].first, count = m_groups[g].second - first;
            conv::segment seg[max_lanes];
            uint8_t* out[max_lanes];
            for (size_t l = 0; l < count; ++l) {
                seg[l] = tile(first + l);
                out[l] = bits + (first + l) * P;
            }
            m_workers[worker].decode(conv::lane_group{ seg, count, out });
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
        m_workers[0].decode(conv::lane_group{ &seg, 1, &bits });
    }

private:
    static constexpr size_t max_lanes = 32;

    /* Frame f's segment; a tailbiting frame is copied into lane `lane` of the worker's
     * circular buffer, read from W steps before its start to W after its end (wrapping as
     * often as a short frame needs); the middle is the frame. */
    conv::segment frame_segment(size_t worker, size_t lane, const int8_t* llr)
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
            const size_t N = m_frame_bits, n = m_trellis.n;
            const size_t W = static_cast<size_t>(conv::tailbiting_wrap(m_trellis.k));
            int8_t* ext = m_circular[worker].data() + lane * (N + 2 * W) * n;
            for (size_t t = 0; t < N + 2 * W; ++t) {
                const size_t src = (t + N - W % N) % N;
                std::copy(llr + src * n, llr + (src + 1) * n, ext + t * n);
            }
            seg.llr = ext;
            seg.n_steps = N + 2 * W;
            seg.out_first = W;
        }
        }
        return seg;
    }

    conv::trellis m_trellis;
    termination m_term;
    size_t m_frame_bits;
    size_t m_frame_steps;
    viterbi_tiling m_tiling;
    size_t m_max_batch;
    std::vector<conv::lane_decoder> m_workers;
    std::vector<std::vector<int8_t>> m_circular; //!< per worker: a lane's tailbiting frames, extended
    std::vector<std::pair<size_t, size_t>> m_groups; //!< decode_tiles: [first, end) tile groups
    std::vector<int8_t> m_input;
    std::unique_ptr<thread_pool> m_pool;
};

} // namespace

std::unique_ptr<viterbi_decoder_engine::backend_impl>
make_viterbi_cpu(const conv_code& code, const viterbi_tiling& tiling, const viterbi_options& opts)
{
    return std::make_unique<viterbi_cpu>(code, tiling, opts);
}

} // namespace gpufec
} // namespace gr
