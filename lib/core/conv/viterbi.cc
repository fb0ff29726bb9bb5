/* viterbi_decoder_engine: option checking, quantization, depuncturing, the streaming tile
 * bookkeeping and backend dispatch. The backends see only depunctured int8 steps.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "../parallel_for.h"
#include "puncture.h"
#include "quantize.h"
#include "viterbi_backend.h"
#include <gnuradio/gpufec/viterbi.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

/* Longest tile (warm-up + payload + traceback) accepted, in steps: keeps the per-thread
 * decision memory (steps x states bytes) bounded. */
constexpr size_t max_tile_steps = size_t(1) << 20;
constexpr size_t max_batch_limit = size_t(1) << 20;
constexpr unsigned max_threads = 1024;

size_t round_up8(double x) { return static_cast<size_t>(std::ceil(x / 8.0)) * 8; }

void quantize(const float* in, size_t n, bool invert, float scale, int8_t* out)
{
    const float s = invert ? -scale : scale;
    for (size_t i = 0; i < n; ++i)
        out[i] = quantize_llr(in[i], s);
}

void quantize(const int8_t* in, size_t n, bool invert, float, int8_t* out)
{
    // -128 reads as -127 (llr_value), so negation stays in range; written as max() so the
    // compiler vectorises it.
    if (invert) {
        for (size_t i = 0; i < n; ++i)
            out[i] = static_cast<int8_t>(-std::max<int8_t>(in[i], -127));
    } else {
        for (size_t i = 0; i < n; ++i)
            out[i] = std::max<int8_t>(in[i], -127);
    }
}

[[noreturn]] void bad_option(const std::string& name, const std::string& value, const std::string& allowed)
{
    throw std::invalid_argument(name + " = " + value + " is not allowed: " + allowed);
}

} // namespace

viterbi_options viterbi_options::from_parameters(const std::string& backend,
                                                 float llr_scale,
                                                 bool invert,
                                                 size_t payload,
                                                 size_t before,
                                                 size_t after)
{
    viterbi_options o;
    o.backend = parse_backend(backend);
    o.llr_scale = llr_scale;
    o.invert = invert;
    o.tiling.payload = payload;
    o.tiling.before = before;
    o.tiling.after = after;
    return o;
}

viterbi_tiling viterbi_tiling::defaults(const conv_code& c)
{
    // Decision depth: 5(k-1) steps for an unpunctured rate-1/2 code is the classic hard-decision
    // rule; soft decisions and punctured codes need more, roughly in proportion to 1/(1-R)
    // (the survivors of a high-rate code merge later). With R the punctured rate,
    // D = 5 (k-1) / (1 - R) gives 60 steps for K=7 r1/2 and 240 for r7/8. Traceback runs
    // D steps (rounded up to 8); the warm-up from equal metrics converges faster and runs D/2.
    // Payload 1024 keeps the overhead (before + after) under 10% at K=7 r1/2.
    const auto& pattern = c.puncture_pattern();
    const double steps = static_cast<double>(pattern.size() / c.n());
    const double sent = static_cast<double>(std::count(pattern.begin(), pattern.end(), 1));
    const double factor = sent > steps ? std::min(16.0, sent / (sent - steps)) : 16.0;
    const double depth = 5.0 * (c.k() - 1) * factor;
    viterbi_tiling t;
    t.payload = 1024;
    t.after = round_up8(depth);
    t.before = round_up8(depth / 2);
    return t;
}

viterbi_decoder_engine::viterbi_decoder_engine(conv_code_sptr code, const viterbi_options& opts)
    : m_code(std::move(code)), m_opts(opts)
{
    if (!m_code)
        throw std::invalid_argument("code is null: pass a conv_code");
    if (!std::isfinite(opts.llr_scale) || !(opts.llr_scale > 0.0f))
        bad_option("llr_scale", std::to_string(opts.llr_scale), "a finite value > 0 is needed");
    if (opts.max_batch > max_batch_limit)
        bad_option("max_batch", std::to_string(opts.max_batch),
                   "0 (the backend's choice) to " + std::to_string(max_batch_limit));
    if (opts.threads > max_threads)
        bad_option("threads", std::to_string(opts.threads),
                   "0 (one per hardware thread) to " + std::to_string(max_threads));

    const viterbi_tiling& t = opts.tiling;
    m_tiling = (t.payload == 0 && t.before == 0 && t.after == 0) ? viterbi_tiling::defaults(*m_code)
                                                                 : t;
    const bool streaming = m_code->term() == termination::STREAMING;
    if (m_tiling.payload == 0)
        bad_option("tiling.payload", "0", "at least 1 step (or all tiling fields 0 for the default)");
    if (streaming && m_tiling.after == 0)
        bad_option("tiling.after", "0",
                   "at least 1 step for a streaming code (or all tiling fields 0 for the default)");
    if (m_tiling.payload > max_tile_steps || m_tiling.before > max_tile_steps ||
        m_tiling.after > max_tile_steps ||
        m_tiling.before + m_tiling.payload + m_tiling.after > max_tile_steps)
        bad_option("tiling", "before " + std::to_string(m_tiling.before) + " + payload " +
                                 std::to_string(m_tiling.payload) + " + after " +
                                 std::to_string(m_tiling.after),
                   "a tile of at most " + std::to_string(max_tile_steps) + " steps");

    m_choice = resolve_backend(opts.backend);
    m_impl = m_choice.kind == backend_kind::CUDA ? make_viterbi_cuda(*m_code, m_tiling, m_opts)
                                                 : make_viterbi_cpu(*m_code, m_tiling, m_opts);
    m_puncturer = std::make_unique<conv::puncturer>(m_code->puncture_pattern());
    if (streaming) {
        // One pattern period of slack: a soft value can advance that many mother positions,
        // so "no room for the next value" always means a whole batch of tiles is complete.
        m_steps_cap =
            (m_impl->max_batch() * m_tiling.payload + m_tiling.before + m_tiling.after) * m_code->n() +
            m_puncturer->period();
        m_steps = m_impl->staging(m_steps_cap);
    }
}

viterbi_decoder_engine::~viterbi_decoder_engine() = default;

/* ---------------------------------------------------------------- framed */

template <typename T>
void viterbi_decoder_engine::decode_frames_t(const T* soft, uint8_t* bits, size_t n_frames)
{
    if (m_code->term() == termination::STREAMING)
        throw std::invalid_argument("decode_frames: code '" + m_code->name() +
                                    "' is streaming: use push/pull");
    const size_t coded = m_code->coded_bits_per_block();
    const size_t mother = m_code->mother_bits_per_block();
    const size_t info = m_code->frame_bits();
    const size_t batch_max = m_impl->max_batch();
    for (size_t done = 0; done < n_frames;) {
        const size_t batch = std::min(batch_max, n_frames - done);
        m_quant.resize(batch * coded);
        quantize(soft + done * coded, batch * coded, m_opts.invert, m_opts.llr_scale, m_quant.data());
        int8_t* staging = m_impl->staging(batch * mother);
        for (size_t f = 0; f < batch; ++f) // every frame restarts the pattern
            m_puncturer->depuncture(m_quant.data() + f * coded, mother, 0, staging + f * mother);
        m_impl->decode_frames(batch, bits + done * info);
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
    if (m_code->term() != termination::STREAMING)
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
    if (!m_code->punctured()) {
        // Large pushes are quantized on several threads: at GPU rates one core is too slow.
        parallel_for(n_soft, copy_workers(n_soft * sizeof(T)), [&](size_t, size_t b, size_t e) {
            quantize(soft + b, e - b, m_opts.invert, m_opts.llr_scale, dst + b);
        });
    } else {
        m_quant.resize(n_soft);
        quantize(soft, n_soft, m_opts.invert, m_opts.llr_scale, m_quant.data());
        m_puncturer->depuncture(m_quant.data(), n_mother, phase, dst);
    }
    m_steps_len += n_mother;
    m_soft_seen += n_soft;
}

template <typename T>
void viterbi_decoder_engine::push_t(const T* soft, size_t n)
{
    check_streaming("push");
    // Punctured input goes in cache-sized pieces (quantized, then depunctured while still in
    // the cache); unpunctured input is quantized straight into place, in parallel.
    const size_t piece = m_code->punctured() ? size_t(1) << 16 : n;
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
    const auto warmup_start = [this](uint64_t tile) {
        const uint64_t start = tile * m_tiling.payload;
        return start > m_tiling.before ? start - m_tiling.before : 0;
    };
    if (complete < m_tiling.after || (complete - m_tiling.after) / P <= m_next_tile)
        return;
    // The held steps start at the next tile's warm-up, and hold at most max_batch tiles.
    const size_t batch = static_cast<size_t>((complete - m_tiling.after) / P - m_next_tile);
    m_impl->decode_tiles(m_steps_first, static_cast<size_t>(complete - m_steps_first), m_next_tile,
                         batch, make_ready(batch * P));
    m_next_tile += batch;
    // Keep exactly the steps that the next tile's warm-up starts from.
    const uint64_t keep = warmup_start(m_next_tile);
    const size_t drop = static_cast<size_t>(keep - m_steps_first) * n;
    std::memmove(m_steps, m_steps + drop, m_steps_len - drop);
    m_steps_len -= drop;
    m_steps_first = keep;
}

void viterbi_decoder_engine::flush()
{
    check_streaming("flush");
    const size_t n = m_code->n();
    const uint64_t complete = m_steps_first + m_steps_len / n;
    const uint64_t start = m_next_tile * m_tiling.payload;
    if (complete > start) {
        // The held steps begin at the warm-up of tile m_next_tile (decode_ready_tiles keeps
        // them so), already in the staging buffer.
        const size_t n_steps = static_cast<size_t>(complete - m_steps_first);
        const size_t n_out = static_cast<size_t>(complete - start);
        m_impl->decode_tail(m_steps_first, n_steps, n_out, make_ready(n_out));
    }
    m_steps_len = 0;
    m_steps_first = 0;
    m_soft_seen = 0;
    m_next_tile = 0;
}

size_t viterbi_decoder_engine::available() const { return m_ready_len - m_ready_head; }

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
    const conv_code& c = dec.decoded_code();
    if (c.term() != termination::STREAMING) {
        const size_t coded = c.coded_bits_per_block();
        if (soft.size() % coded != 0) {
            std::ostringstream msg;
            msg << "soft has " << soft.size() << " values, which is not a multiple of the "
                << coded << " coded bits per frame of '" << c.name() << "'";
            throw std::invalid_argument(msg.str());
        }
        std::vector<uint8_t> bits(soft.size() / coded * c.frame_bits());
        dec.decode_frames(soft.data(), bits.data(), soft.size() / coded);
        return bits;
    }
    dec.push(soft.data(), soft.size());
    dec.flush();
    std::vector<uint8_t> bits(dec.available());
    dec.pull(bits.data(), bits.size());
    return bits;
}

} // namespace gpufec
} // namespace gr
