/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bsid_stream_engine.h"
#include <algorithm>
#include <cstring>
#include <string>

namespace gr {
namespace gpufec {

bsid_stream_engine::bsid_stream_engine(tvb_code_sptr code,
                                       const bsid_params& channel,
                                       const bsid_map_options& opts,
                                       bool posteriors)
    : m_code(code),
      m_posteriors(posteriors),
      m_item_bytes(posteriors ? code->q() * sizeof(float) : sizeof(uint8_t)),
      m_items_per_frame(posteriors ? code->N() : code->N() * code->bits_per_symbol()),
      m_dec(code, channel, opts, posteriors)
{
    m_dec.set_sink([this](const bsid_stream_frame& f, const uint32_t* s, const double* p) {
        put(f, s, p);
    });
}

stream_shape bsid_stream_engine::shape() const
{
    stream_shape s;
    s.in_item_bytes = 1;
    s.out_item_bytes = m_item_bytes;
    s.in_per_period = m_code->tau();
    s.out_per_period = m_items_per_frame;
    s.tags_by_events = true;
    return s;
}

void bsid_stream_engine::push(const void* in, size_t n)
{
    m_dec.push(static_cast<const uint8_t*>(in), n);
    m_resyncs = m_dec.resyncs();
}

size_t bsid_stream_engine::flush()
{
    m_dec.flush();
    m_resyncs = m_dec.resyncs();
    return 0;
}

void bsid_stream_engine::reset()
{
    m_dec.reset();
    m_out.clear();
    m_head = 0;
    m_put = 0;
    m_events.clear();
    m_frames = 0;
    m_resyncs = 0;
    m_drift = 0;
}

size_t bsid_stream_engine::pull(void* out, size_t max)
{
    const size_t n = std::min(max, available());
    std::memcpy(out, m_out.data() + m_head, n * m_item_bytes);
    m_head += n * m_item_bytes;
    if (m_head == m_out.size()) {
        m_out.clear();
        m_head = 0;
    }
    return n;
}

bool bsid_stream_engine::next_event(stream_event& e)
{
    if (m_events.empty())
        return false;
    e = std::move(m_events.front());
    m_events.pop_front();
    return true;
}

uint64_t bsid_stream_engine::out_length(uint64_t in_items) const
{
    const uint64_t tau = m_code->tau();
    return (in_items + tau / 2) / tau * m_items_per_frame;
}

/* The frame's items after those not yet pulled, and its event on the first of them. */
void bsid_stream_engine::put(const bsid_stream_frame& f,
                             const uint32_t* symbols,
                             const double* posteriors)
{
    const tvb_code& c = *m_code;
    stream_event e;
    e.out_item = m_put;
    // Its received bits end at (index + 1) tau + drift: the input's tags before go on it.
    e.in_end = static_cast<uint64_t>(static_cast<int64_t>((f.index + 1) * c.tau()) + f.drift);
    e.add_u64("frame_start", f.index);
    e.add_i64("drift", f.drift);
    e.add_f64("drift_confidence", f.drift_confidence);
    e.add_bool("resync", f.resynchronised);
    if (f.resynchronised)
        e.warning = "frame " + std::to_string(f.index) +
                    ": sync was lost and re-acquired, the frame placed at received bit " +
                    std::to_string(f.start) + " (end drift " + std::to_string(f.drift) + ")";
    m_events.push_back(std::move(e));

    const size_t at = m_out.size(), N = c.N();
    m_out.resize(at + m_items_per_frame * m_item_bytes);
    if (m_posteriors) {
        // The engine's doubles as the block's floats, once.
        float* p = reinterpret_cast<float*>(m_out.data() + at);
        std::copy(posteriors, posteriors + N * c.q(), p);
    } else {
        // log2 q bits a symbol, the most significant first (tvb_bits_from_symbols).
        const unsigned m = c.bits_per_symbol();
        uint8_t* b = m_out.data() + at;
        for (size_t s = 0; s < N; ++s)
            for (unsigned k = 0; k < m; ++k)
                *b++ = static_cast<uint8_t>((symbols[s] >> (m - 1 - k)) & 1u);
    }
    m_put += m_items_per_frame;
    m_drift = f.drift;
    ++m_frames;
}

} // namespace gpufec
} // namespace gr
