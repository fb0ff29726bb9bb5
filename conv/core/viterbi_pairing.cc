/* viterbi_pairing_decoder: one engine per pairing, the re-encoding check, the windowed decision
 * and the output assembled from the alternatives (viterbi_pairing.h says what is decided).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/soft_input.h"
#include <gnuradio/gpufec/conv/viterbi_pairing.h>
#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

/* One pairing: its engine, and its decoded bits and their disagreements from step m_first on. */
struct viterbi_pairing_decoder::alternative {
    unsigned offset;
    std::unique_ptr<viterbi_decoder_engine> dec;
    std::vector<uint8_t> bits; //!< decoded bits of steps m_first ...
    std::vector<uint8_t> dis;  //!< disagreements of steps m_first ... (evaluated so far)
    std::vector<uint8_t> reencode; //!< the k-1 bits before the first step not yet evaluated,
                                   //!< then that step's and the next ones' (scratch)
    std::vector<uint8_t> coded;    //!< their coded bits (scratch)
    size_t dropped = 0;        //!< values after its last whole step, at the end of a stream

    void take_bits()
    {
        const size_t have = bits.size();
        bits.resize(have + dec->available());
        dec->pull(bits.data() + have, bits.size() - have);
    }

    /* The stream's start: zero history. */
    void clear(size_t history)
    {
        bits.clear();
        dis.clear();
        reencode.assign(history, 0);
        dropped = 0;
    }
};

viterbi_pairing_decoder::viterbi_pairing_decoder(conv_code_sptr code,
                                                 const viterbi_options& opts,
                                                 size_t window)
    : m_code(std::move(code)), m_window(window)
{
    if (!m_code)
        throw std::invalid_argument("code is null: pass a conv_code");
    if (m_code->term() != termination::STREAMING)
        throw std::invalid_argument("find_pairing: code '" + m_code->name() +
                                    "' is framed: a frame's start fixes its pairing (use a "
                                    "streaming code)");
    if (m_code->punctured())
        throw std::invalid_argument("find_pairing: code '" + m_code->name() +
                                    "' is punctured: the pairing is searched over the n symbols "
                                    "of an unpunctured code only");
    if (window < 8 || window > (size_t(1) << 20))
        throw std::invalid_argument("window = " + std::to_string(window) +
                                    " is not allowed: 8 to 2^20 trellis steps");
    opts.check();
    m_n = m_code->n();
    m_margin = static_cast<uint32_t>((m_window * m_n + 15) / 16);
    m_soft = std::make_unique<soft_input>(opts.llr_scale, opts.invert);
    // The values are quantized and inverted here, once: the engines take them as they are.
    viterbi_options inner = opts;
    inner.input = soft_type::INT8;
    inner.invert = false;
    for (unsigned o = 0; o < m_n; ++o) {
        auto a = std::make_unique<alternative>();
        a->offset = o;
        a->dec = std::make_unique<viterbi_decoder_engine>(m_code, inner);
        a->clear(m_code->history_bits());
        m_alts.push_back(std::move(a));
    }
}

viterbi_pairing_decoder::~viterbi_pairing_decoder() = default;

const backend_choice& viterbi_pairing_decoder::backend() const
{
    return m_alts.front()->dec->backend();
}

size_t viterbi_pairing_decoder::max_delay() const
{
    // After a push every alternative has decoded its whole tiles: E steps, a multiple of the
    // payload P, at least (its complete steps) - after - P + 1; alternatives o > 0 start o
    // values late and complete one step less. The windows decided end at the multiple of W
    // at most W - gcd(P, W) below E, and the last decided window waits for the next one.
    const viterbi_tiling& t = m_alts.front()->dec->tiling();
    return t.payload + t.after + 2 * m_window - std::gcd(t.payload, m_window);
}

nonfinite_report viterbi_pairing_decoder::nonfinite() const { return m_soft->nonfinite(); }

void viterbi_pairing_decoder::push(const float* soft, size_t n) { push_t(soft, n); }

void viterbi_pairing_decoder::push(const int8_t* soft, size_t n) { push_t(soft, n); }

template <typename T>
void viterbi_pairing_decoder::push_t(const T* soft, size_t n)
{
    if (n == 0)
        return;
    const size_t have = m_held.size();
    m_held.resize(have + n);
    m_soft->to_int8(soft, n, m_held.data() + have, m_seen);
    feed(m_seen, n);
    m_seen += n;
    // Every window that all alternatives have evaluated is decided; the one before it goes out.
    while (evaluated() >= m_decided + m_window) {
        decide(m_decided, m_decided + m_window);
        emit(m_decided - m_window);
    }
    trim();
}

/* Values [first, first + n) of the stream (held) to every alternative: alternative o starts
 * at value o. */
void viterbi_pairing_decoder::feed(uint64_t first, size_t n)
{
    for (auto& a : m_alts) {
        const uint64_t from = std::max<uint64_t>(first, a->offset);
        if (from < first + n)
            a->dec->push(m_held.data() + (from - m_held_first), static_cast<size_t>(first + n - from));
        a->take_bits();
        evaluate(*a);
    }
}

/* Disagreements of the steps that @p a decoded since the last call: its decoded bits encoded
 * again (by the code's own encoder, so that what it sends, inverted outputs included, is what
 * is compared) against the hard decisions of the values they came from. */
void viterbi_pairing_decoder::evaluate(alternative& a)
{
    const size_t from = a.dis.size(), count = a.bits.size() - from;
    if (count == 0)
        return;
    const size_t history = m_code->history_bits();
    a.reencode.insert(a.reencode.end(), a.bits.begin() + from, a.bits.end());
    a.coded.resize(count * m_n);
    m_code->encode(a.reencode.data() + history, a.coded.data(), count);
    for (size_t i = 0; i < count; ++i) {
        const int8_t* y = m_held.data() + (a.offset + (m_first + from + i) * m_n - m_held_first);
        const uint8_t* c = a.coded.data() + i * m_n;
        uint8_t d = 0;
        for (size_t j = 0; j < m_n; ++j)
            d += y[j] != 0 && (y[j] > 0) != (c[j] != 0);
        a.dis.push_back(d);
    }
    a.reencode.erase(a.reencode.begin(), a.reencode.end() - history);
}

/* Steps that every alternative has evaluated. */
uint64_t viterbi_pairing_decoder::evaluated() const
{
    size_t n = SIZE_MAX;
    for (const auto& a : m_alts)
        n = std::min(n, a->dis.size());
    return m_first + n;
}

/* Decides the window [begin, end) of steps (all evaluated, nothing before it undecided). */
void viterbi_pairing_decoder::decide(uint64_t begin, uint64_t end)
{
    const auto sum = [&](const alternative& a, uint64_t from, uint64_t to) {
        uint64_t s = 0;
        for (uint64_t t = from; t < to; ++t)
            s += a.dis[t - m_first];
        return s;
    };
    std::vector<uint64_t> d(m_n);
    unsigned best = 0;
    for (unsigned o = 0; o < m_n; ++o) {
        d[o] = sum(*m_alts[o], begin, end);
        if (d[o] < d[best])
            best = o;
    }
    const uint64_t cur = d[m_current];
    if (best != m_current && 2 * d[best] < cur && cur - d[best] >= m_margin) {
        // Where the stream changed: the step of the undecided span (the window still waiting
        // to go out, or the step after the last change, and this one) that minimises the
        // current pairing's disagreements before it plus the new one's from it.
        const alternative& c = *m_alts[m_current];
        const alternative& b = *m_alts[best];
        uint64_t lo = m_emitted;
        if (!m_changes.empty())
            lo = std::max(lo, m_changes.back().bit + 1);
        int64_t cost = static_cast<int64_t>(sum(b, lo, end)), least = cost;
        uint64_t at = lo;
        for (uint64_t t = lo; t + 1 < end; ++t) {
            cost += int64_t(c.dis[t - m_first]) - int64_t(b.dis[t - m_first]);
            if (cost < least) {
                least = cost;
                at = t + 1;
            }
        }
        m_changes.push_back(pairing_change{ at, best });
        m_current = best;
    }
    m_decided = end;
}

/* Steps [m_emitted, end) to the output, each from the pairing in effect at it. */
void viterbi_pairing_decoder::emit(uint64_t end)
{
    if (end <= m_emitted)
        return;
    if (m_ready_head > 0 && m_ready_head >= m_ready.size() / 2) {
        m_ready.erase(m_ready.begin(), m_ready.begin() + m_ready_head);
        m_ready_head = 0;
    }
    size_t next = 0;
    for (uint64_t t = m_emitted; t < end;) {
        uint64_t stop = end;
        if (next < m_changes.size() && m_changes[next].bit < end)
            stop = m_changes[next].bit;
        const auto& bits = m_alts[m_emit_offset]->bits;
        m_ready.insert(m_ready.end(), bits.begin() + (t - m_first), bits.begin() + (stop - m_first));
        t = stop;
        if (stop < end) {
            m_emit_offset = m_changes[next].offset;
            m_ready_changes.push_back(pairing_change{ m_stream_out + stop, m_emit_offset });
            ++next;
        }
    }
    m_changes.erase(m_changes.begin(), m_changes.begin() + next);
    m_emitted = end;
}

/* Forgets the steps that went out and the values every alternative has compared. */
void viterbi_pairing_decoder::trim()
{
    const uint64_t drop = m_emitted - m_first;
    if (drop >= 4 * m_window) {
        for (auto& a : m_alts) {
            a->bits.erase(a->bits.begin(), a->bits.begin() + drop);
            a->dis.erase(a->dis.begin(), a->dis.begin() + drop);
        }
        m_first = m_emitted;
    }
    const uint64_t keep = evaluated() * m_n; // the first value an unevaluated step reads
    if (keep > m_held_first + m_held.size() / 2) {
        m_held.erase(m_held.begin(), m_held.begin() + (keep - m_held_first));
        m_held_first = keep;
    }
}

size_t viterbi_pairing_decoder::flush()
{
    for (auto& a : m_alts) {
        a->dropped = a->dec->flush();
        a->take_bits();
        evaluate(*a);
    }
    while (evaluated() >= m_decided + m_window) {
        decide(m_decided, m_decided + m_window);
        emit(m_decided - m_window);
    }
    if (evaluated() > m_decided)
        decide(m_decided, evaluated());
    emit(m_decided);
    // Steps that only some alternatives decoded (those that start earlier have one more):
    // the pairing in effect at the end gives its own.
    const alternative& last = *m_alts[m_current];
    m_ready.insert(m_ready.end(), last.bits.begin() + (m_emitted - m_first), last.bits.end());
    const size_t dropped = last.dropped;
    end_stream();
    m_stream_out = m_pulled + available();
    return dropped;
}

/* Starts a new stream: values, steps and pairing from the start (decoded bits stay queued). */
void viterbi_pairing_decoder::end_stream()
{
    for (auto& a : m_alts)
        a->clear(m_code->history_bits());
    m_held.clear();
    m_held_first = m_seen = 0;
    m_first = m_emitted = m_decided = 0;
    m_current = m_emit_offset = 0;
    m_changes.clear();
}

void viterbi_pairing_decoder::reset()
{
    for (auto& a : m_alts)
        a->dec->reset();
    end_stream();
    m_ready.clear();
    m_ready_head = 0;
    m_pulled = 0;
    m_stream_out = 0;
    m_ready_changes.clear();
    m_soft->reset();
}

size_t viterbi_pairing_decoder::pending() const
{
    size_t p = 0;
    for (const auto& a : m_alts)
        p = std::max(p, a->dec->available() + a->dec->pending() + a->bits.size() -
                            static_cast<size_t>(m_emitted - m_first));
    return p;
}

size_t viterbi_pairing_decoder::pull(uint8_t* bits, size_t max)
{
    std::vector<pairing_change> ignored;
    return pull(bits, max, ignored);
}

size_t viterbi_pairing_decoder::pull(uint8_t* bits, size_t max, std::vector<pairing_change>& changes)
{
    const size_t n = std::min(max, available());
    std::copy(m_ready.begin() + m_ready_head, m_ready.begin() + (m_ready_head + n), bits);
    size_t taken = 0;
    for (; taken < m_ready_changes.size() && m_ready_changes[taken].bit < m_pulled + n; ++taken)
        changes.push_back(pairing_change{ m_ready_changes[taken].bit - m_pulled,
                                          m_ready_changes[taken].offset });
    m_ready_changes.erase(m_ready_changes.begin(), m_ready_changes.begin() + taken);
    m_ready_head += n;
    m_pulled += n;
    return n;
}

} // namespace gpufec
} // namespace gr
