/* viterbi_decoder_engine: option checking, the soft-input stage, depuncturing (which also
 * negates the soft values of inverted outputs), the streaming tile bookkeeping and backend
 * dispatch. The backends see only depunctured int8 steps of the code without inversion.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "skeleton/core/parallel_for.h"
#include "skeleton/core/soft_input.h"
#include "conv/common/conv_tile_window.h"
#include "conv_puncture.h"
#include "conv_viterbi_backend.h"
#include <gnuradio/gpufec/conv/viterbi.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

/* Longest tile (warm-up + payload + traceback) accepted, in steps: keeps the per-thread
 * decision memory (steps x states bytes) bounded. */
constexpr size_t max_tile_steps = size_t(1) << 20;

size_t round_up8(double x) { return static_cast<size_t>(std::ceil(x / 8.0)) * 8; }

[[noreturn]] void bad_option(const std::string& name, const std::string& value, const std::string& allowed)
{
    throw std::invalid_argument(name + " = " + value + " is not allowed: " + allowed);
}

} // namespace

namespace {

/* Decision depth: 5(k-1) steps for an unpunctured rate-1/2 code is the classic hard-decision
 * rule; soft decisions and punctured codes need more, roughly in proportion to 1/(1-R) (the
 * survivors of a high-rate code merge later). With R the punctured rate,
 * D = 5 (k-1) / (1 - R) gives 60 steps for K=7 r1/2 and 240 for r7/8. */
double decision_depth(const conv_code& c)
{
    const auto& pattern = c.puncture_pattern();
    const double steps = static_cast<double>(pattern.size() / c.n());
    const double sent = static_cast<double>(std::count(pattern.begin(), pattern.end(), 1));
    const double factor = sent > steps ? std::min(16.0, sent / (sent - steps)) : 16.0;
    return 5.0 * (c.k() - 1) * factor;
}

} // namespace

viterbi_tiling viterbi_tiling::defaults(const conv_code& c)
{
    // Traceback runs T = max(D/2, 5(k-1)) steps (rounded up to 8; the second term only
    // matters below rate 1/2, whose survivors merge no later than rate 1/2's), the warm-up from
    // equal metrics T/2. Against D and D/2 that costs K=7 r1/2 about 0.01 dB at 2-5 dB
    // (docs/viterbi.md, "Default tiling"), and the shorter tiles decode faster on the GPU
    // (K=7 r1/2 on an H100: 512/16/32 about 6 % faster than 1024/32/64). Payload 512 keeps the
    // overhead (before + after) under 10 % at K=7 r1/2.
    const double depth = std::max(decision_depth(c) / 2, 5.0 * (c.k() - 1));
    viterbi_tiling t;
    t.payload = 512;
    t.after = round_up8(depth);
    t.before = round_up8(depth / 2);
    return t;
}

viterbi_tiling viterbi_tiling::minimum(const conv_code& c)
{
    // Measured on noise-free streams of every built-in rate at K = 3..9: a quarter of the
    // decision depth of traceback and an eighth of warm-up decode them exactly (a sixteenth
    // does not); anything shorter cannot be what a user wants.
    const double depth = decision_depth(c);
    viterbi_tiling t;
    t.payload = 1;
    t.after = static_cast<size_t>(std::ceil(depth / 4));
    t.before = static_cast<size_t>(std::ceil(depth / 8));
    return t;
}

viterbi_decoder_engine::viterbi_decoder_engine(conv_code_sptr code, const viterbi_options& opts)
    : m_code(std::move(code)), m_opts(opts)
{
    if (!m_code)
        throw std::invalid_argument("code is null: pass a conv_code");
    opts.check();

    // A tiling field left 0 takes its default.
    const viterbi_tiling def = viterbi_tiling::defaults(*m_code);
    const viterbi_tiling& t = opts.tiling;
    m_tiling.payload = t.payload ? t.payload : def.payload;
    m_tiling.before = t.before ? t.before : def.before;
    m_tiling.after = t.after ? t.after : def.after;
    if (streaming()) {
        const viterbi_tiling least = viterbi_tiling::minimum(*m_code);
        if (m_tiling.after < least.after)
            bad_option("tiling.after", std::to_string(m_tiling.after),
                       "'" + m_code->name() + "' needs a traceback of at least " +
                           std::to_string(least.after) + " steps (0: the default, " +
                           std::to_string(def.after) + ")");
        if (m_tiling.before < least.before)
            bad_option("tiling.before", std::to_string(m_tiling.before),
                       "'" + m_code->name() + "' needs a warm-up of at least " +
                           std::to_string(least.before) + " steps (0: the default, " +
                           std::to_string(def.before) + ")");
    }
    if (m_tiling.payload > max_tile_steps || m_tiling.before > max_tile_steps ||
        m_tiling.after > max_tile_steps ||
        m_tiling.before + m_tiling.payload + m_tiling.after > max_tile_steps)
        bad_option("tiling", "before " + std::to_string(m_tiling.before) + " + payload " +
                                 std::to_string(m_tiling.payload) + " + after " +
                                 std::to_string(m_tiling.after),
                   "a tile of at most " + std::to_string(max_tile_steps) + " steps");

    // The backends size their staging buffers for max_batch frames or tiles at construction:
    // unbounded, a large max_batch asked for gigabytes (terabytes at the limits).
    const size_t item_llr = (streaming() ? m_tiling.payload : m_code->steps_per_block()) * m_code->n();
    if (opts.max_batch > max_batch_llr / item_llr)
        bad_option("max_batch", std::to_string(opts.max_batch),
                   "a batch of at most " + std::to_string(max_batch_llr) + " soft values, " +
                       std::to_string(max_batch_llr / item_llr) + " " +
                       (streaming() ? "tiles" : "frames") + " of " + std::to_string(item_llr) +
                       " (0: the backend's choice)");

    m_choice = resolve_backend(opts.backend, opts.device);
    m_impl = make_backend(m_choice, make_viterbi_cpu, *m_code, m_tiling, m_opts);
    m_puncturer = std::make_unique<conv::puncturer>(m_code->puncture_pattern(), m_code->inverted());
    m_soft = std::make_unique<soft_input>(opts.llr_scale, opts.invert);
    if (streaming()) {
        // One pattern period of slack: a soft value can advance that many mother positions,
        // so "no room for the next value" always means a whole batch of tiles is complete.
        m_steps_cap =
            (m_impl->max_batch() * m_tiling.payload + m_tiling.before + m_tiling.after) * m_code->n() +
            m_puncturer->period();
        m_steps = m_impl->input_buffer(m_steps_cap);
    }
}

viterbi_decoder_engine::~viterbi_decoder_engine() = default;

nonfinite_report viterbi_decoder_engine::nonfinite() const { return m_soft->nonfinite(); }

/* ---------------------------------------------------------------- framed */

template <typename T>
void viterbi_decoder_engine::decode_frames_t(const T* soft, uint8_t* bits, size_t n_frames)
{
    if (streaming())
        throw std::invalid_argument("decode_frames: code '" + m_code->name() +
                                    "' is streaming: use push/pull");
    const size_t coded = m_code->coded_bits_per_block();
    const size_t mother = m_code->mother_bits_per_block();
    const size_t info = m_code->frame_bits();
    const size_t batch_max = m_impl->max_batch();
    const bool mapped = !m_puncturer->identity(); // punctured or inverted
    for (size_t done = 0; done < n_frames;) {
        const size_t batch = std::min(batch_max, n_frames - done);
        int8_t* llr = m_impl->input_buffer(batch * mother);
        int8_t* quant = llr;
        if (mapped) {
            m_quant.resize(batch * coded);
            quant = m_quant.data();
        }
        m_soft->to_int8(soft + done * coded, batch * coded, quant, m_frame_soft_seen,
                        copy_workers(batch * coded * sizeof(T)));
        m_frame_soft_seen += batch * coded;
        if (mapped)
            for (size_t f = 0; f < batch; ++f) // every frame restarts the pattern
                m_puncturer->depuncture(quant + f * coded, mother, 0, llr + f * mother);
        m_impl->decode_frames(llr, batch, bits + done * info);
        done += batch;
    }
}

void viterbi_decoder_engine::decode_frames(const float* soft, uint8_t* bits, size_t n_frames)
{
    decode_frames_t(soft, bits, n_frames);
}

void viterbi_decoder_engine::decode_frames(const int8_t* soft, uint8_t* bits, size_t n_frames)
{
    decode_frames_t(soft, bits, n_frames);
}

/* ---------------------------------------------------------------- streaming */

void viterbi_decoder_engine::check_streaming(const char* what) const
{
    if (!streaming())
        throw std::invalid_argument(std::string(what) + ": code '" + m_code->name() +
                                    "' is framed: use decode_frames");
}

/* Quantized, depunctured soft values appended after the held steps; n_mother mother positions
 * (from the current puncturing phase) take n_soft soft values. */
template <typename T>
void viterbi_decoder_engine::append_steps(const T* soft, size_t n_soft, size_t n_mother)
{
    int8_t* dst = m_steps + m_steps_len;
    const uint64_t phase = m_steps_first * m_code->n() + m_steps_len;
    if (m_puncturer->identity()) {
        // Large pushes are quantized on several threads: at GPU rates one core is too slow.
        m_soft->to_int8(soft, n_soft, dst, m_soft_seen, copy_workers(n_soft * sizeof(T)));
    } else {
        m_quant.resize(n_soft);
        m_soft->to_int8(soft, n_soft, m_quant.data(), m_soft_seen);
        m_puncturer->depuncture(m_quant.data(), n_mother, phase, dst);
    }
    m_steps_len += n_mother;
    m_soft_seen += n_soft;
}

template <typename T>
void viterbi_decoder_engine::push_t(const T* soft, size_t n)
{
    check_streaming("push");
    // Punctured or inverted input goes in cache-sized pieces (quantized, then depunctured while
    // still in the cache); other input is quantized straight into place, in parallel.
    const size_t piece = m_puncturer->identity() ? n : size_t(1) << 16;
    const size_t kept = m_puncturer->kept_per_period(), period = m_puncturer->period();
    for (size_t done = 0; done < n;) {
        const uint64_t held_end = m_steps_first * m_code->n() + m_steps_len;
        const size_t free = m_steps_cap - m_steps_len;
        // The most soft values whose mother positions fit in the free space.
        size_t len = std::min({ n - done, piece, free * kept / period + 1 });
        uint64_t end = m_puncturer->mother_position(m_soft_seen + len);
        while (len > 0 && end - held_end > free)
            end = m_puncturer->mother_position(m_soft_seen + --len);
        if (len == 0) { // full: a whole batch of tiles is ready
            decode_ready_tiles();
            continue;
        }
        append_steps(soft + done, len, static_cast<size_t>(end - held_end));
        done += len;
        if (m_steps_len == m_steps_cap)
            decode_ready_tiles();
    }
    decode_ready_tiles(); // what is complete goes out now: latency stays one tile at low rates
}

void viterbi_decoder_engine::push(const float* soft, size_t n) { push_t(soft, n); }

void viterbi_decoder_engine::push(const int8_t* soft, size_t n) { push_t(soft, n); }

uint8_t* viterbi_decoder_engine::make_ready(size_t n_bits)
{
    // Drop what was pulled, so a consumer that leaves a few bits waiting does not grow the
    // queue without bound; what is left is at most one batch, usually nothing.
    const size_t left = m_ready_len - m_ready_head;
    if (left + n_bits > m_ready_cap) {
        m_ready_cap = std::max(left + n_bits, 2 * m_ready_cap);
        std::unique_ptr<uint8_t[]> grown(new uint8_t[m_ready_cap]);
        if (left)
            std::memcpy(grown.get(), m_ready.get() + m_ready_head, left);
        m_ready = std::move(grown);
    } else if (left) {
        std::memmove(m_ready.get(), m_ready.get() + m_ready_head, left);
    }
    m_ready_head = 0;
    m_ready_len = left + n_bits;
    return m_ready.get() + left;
}

void viterbi_decoder_engine::decode_ready_tiles()
{
    const size_t n = m_code->n();
    const size_t P = m_tiling.payload;
    const uint64_t complete = m_steps_first + m_steps_len / n;
    if (complete < m_tiling.after || (complete - m_tiling.after) / P <= m_next_tile)
        return;
    // The held steps start at the next tile's warm-up, and hold at most max_batch tiles.
    const size_t batch = static_cast<size_t>((complete - m_tiling.after) / P - m_next_tile);
    m_impl->decode_tiles(m_steps, m_steps_first, static_cast<size_t>(complete - m_steps_first),
                         m_next_tile, batch, make_ready(batch * P));
    m_next_tile += batch;
    // Keep exactly the steps that the next tile's warm-up starts from.
    const uint64_t keep = conv::tile_begin(m_next_tile, P, m_tiling.before);
    const size_t drop = static_cast<size_t>(keep - m_steps_first) * n;
    std::memmove(m_steps, m_steps + drop, m_steps_len - drop);
    m_steps_len -= drop;
    m_steps_first = keep;
}

size_t viterbi_decoder_engine::pending() const
{
    if (!streaming())
        return 0;
    const uint64_t complete = m_steps_first + m_steps_len / m_code->n();
    const uint64_t start = m_next_tile * m_tiling.payload;
    return complete > start ? static_cast<size_t>(complete - start) : 0;
}

size_t viterbi_decoder_engine::flush()
{
    check_streaming("flush");
    const size_t n = m_code->n();
    const uint64_t complete = m_steps_first + m_steps_len / n;
    const uint64_t start = m_next_tile * m_tiling.payload;
    if (complete > start) {
        // The held steps begin at the warm-up of tile m_next_tile (decode_ready_tiles keeps
        // them so), already in the backend's input buffer.
        const size_t n_steps = static_cast<size_t>(complete - m_steps_first);
        const size_t n_out = static_cast<size_t>(complete - start);
        m_impl->decode_tail(m_steps, m_steps_first, n_steps, n_out, make_ready(n_out));
    }
    // The values of an incomplete last step: those consumed after its first mother position.
    const size_t partial = m_steps_len % n;
    size_t dropped = 0;
    if (partial) {
        const uint64_t step_start = m_steps_first * n + (m_steps_len - partial);
        while (dropped < m_soft_seen &&
               m_puncturer->mother_position(m_soft_seen - dropped - 1) >= step_start)
            ++dropped;
    }
    m_steps_len = 0;
    m_steps_first = 0;
    m_soft_seen = 0;
    m_next_tile = 0;
    return dropped;
}

void viterbi_decoder_engine::reset()
{
    m_steps_len = 0;
    m_steps_first = 0;
    m_soft_seen = 0;
    m_next_tile = 0;
    m_frame_soft_seen = 0;
    m_ready_len = m_ready_head = 0;
    m_soft->reset();
}

size_t viterbi_decoder_engine::pull(uint8_t* bits, size_t max)
{
    const size_t n = std::min(max, available());
    if (n)
        parallel_copy(bits, m_ready.get() + m_ready_head, n);
    m_ready_head += n;
    return n;
}

/* ---------------------------------------------------------------- script helper */

std::vector<uint8_t>
viterbi_decode(conv_code_sptr code, const std::vector<float>& soft, const viterbi_options& opts)
{
    viterbi_decoder_engine dec(code, opts);
    if (dec.streaming())
        return decode_all(static_cast<stream_decoder&>(dec), soft.data(), soft.size());
    return decode_all(static_cast<frame_decoder&>(dec), soft.data(), soft.size());
}

} // namespace gpufec
} // namespace gr
