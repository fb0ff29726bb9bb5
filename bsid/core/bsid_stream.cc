/* bsid_stream_decoder: frames sent back to back, received as one stream with drift; each frame
 * placed from the previous one's end-drift posterior, losses of sync detected and followed by
 * a search (docs/bsid.md, "The stream decoder").
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

/* Loss of sync: confidence below this for low_confidence_frames frames in a row. */
constexpr double low_confidence = 0.5;
constexpr unsigned low_confidence_frames = 3;
/* The search's candidates: the expected start + j M_tau for j = -search_span..search_span. */
constexpr long search_span = 2;

/*
 * ln P(y | x) + L ln 2 per received bit L: how much better the frame's decided codewords x
 * explain its received bits y than random bits do. The lattice of the whole frame (equations
 * (7)-(10) over tau rows), its drift within [dmin, dmax] of the frame's start, the start drift
 * distributed as @p start, the end at drift @p d_end. Rows are rescaled as they go.
 * @param y the received bits at the frame's start at drift 0; y[j] for avail_before <= -j < 0
 *        and j < L are readable
 */
double frame_llr_per_bit(const std::vector<uint8_t>& x,
                         const uint8_t* y,
                         long long avail_before,
                         const std::vector<double>& start,
                         int dmin,
                         int dmax,
                         long long d_end,
                         const bsid_params& p)
{
    const long long tau = static_cast<long long>(x.size());
    const long long L = tau + d_end; // received bits of the frame
    if (L <= 0 || d_end < dmin || d_end > dmax)
        return 0.0;
    const size_t W = static_cast<size_t>(dmax - dmin + 1);
    const double ins = p.pi / 2, del = p.pd, match = p.pt() * (1 - p.ps), mismatch = p.pt() * p.ps;
    std::vector<double> row(W, 0.0);
    auto readable = [&](long long j) { return j >= -avail_before && j <= L; };
    for (size_t s = 0; s < W; ++s) {
        const long long d = dmin + static_cast<long long>(s);
        if (!readable(d))
            continue;
        row[s] = start[s] + (s > 0 ? ins * row[s - 1] : 0.0);
    }
    double log_scale = 0.0;
    for (long long i = 1; i <= tau; ++i) {
        const double insert = i < tau ? ins : 0.0;
        const uint8_t xb = x[static_cast<size_t>(i - 1)];
        double left = 0.0, mx = 0.0;
        for (size_t s = 0; s < W; ++s) {
            const long long d = dmin + static_cast<long long>(s);
            const long long j = i + d;
            double f = 0.0;
            if (readable(j)) {
                const double up = s + 1 < W ? row[s + 1] : 0.0;
                const double diag = readable(j - 1) ? row[s] : 0.0;
                const double q = diag > 0.0 ? (y[j - 1] == xb ? match : mismatch) : 0.0;
                f = insert * left + del * up + q * diag;
            }
            row[s] = f;
            left = f;
            mx = std::max(mx, f);
        }
        if (!(mx > 0.0))
            return -1e300;
        for (double& v : row)
            v /= mx;
        log_scale += std::log(mx);
    }
    const double end = row[static_cast<size_t>(d_end - dmin)];
    if (!(end > 0.0))
        return -1e300;
    return (std::log(end) + log_scale) / static_cast<double>(L) + std::log(2.0);
}

} // namespace

struct bsid_stream_decoder::state {
    std::vector<uint8_t> buf; // received bits from absolute index base on
    uint64_t base = 0;
    uint64_t total = 0;       // bits received in this stream
    uint64_t frame = 0;       // frames decoded in this stream
    int64_t start = 0;        // s_k: where the next frame starts at drift 0
    std::vector<double> prior; // its start-drift prior over the frame limits
    unsigned low_run = 0;
    bool search = false;      // the next frame is placed by a search
    bool flushing = false;    // no frame is decoded again at the stream's end
    std::unique_ptr<bsid_map_decoder_engine> tail; // no lookahead (flush), when lookahead > 0
    // Scratch.
    std::vector<bsid_frame_window> windows;
    std::vector<double> starts, posteriors, ends;
    std::vector<uint32_t> decisions;
    std::vector<uint8_t> codeword;
    std::vector<double> uniform;

    /* Decodes frame k from s_k and its prior: with lookahead (tail: without, the window ending
     * at s_k + tau + frame_max), or its end known at the stream's end (last). */
    void decode_next(bsid_stream_decoder& d, bool tail, bool last = false);
    /* Places and decodes frame k by a search around s_k. */
    void decode_search(bsid_stream_decoder& d);
    /* The frame decoded in window @p slot of the scratch: reported, with s_k moved past it
     * and the next prior set; or, when it lost sync and no search placed it, left for a
     * search (not while flushing). */
    void finish(bsid_stream_decoder& d, int64_t frame_start, size_t slot, bool resynchronised);
    /* Drops the bits no later frame or search can read. */
    void trim(const bsid_drift_limits& l);
};

bsid_stream_decoder::bsid_stream_decoder(tvb_code_sptr code,
                                         const bsid_params& channel,
                                         const bsid_map_options& opts,
                                         bool keep_posteriors)
    : m_engine(std::make_unique<bsid_map_decoder_engine>(std::move(code), channel, opts)),
      m_state(std::make_unique<state>()),
      m_keep_posteriors(keep_posteriors)
{
    reset();
}

bsid_stream_decoder::~bsid_stream_decoder() = default;

void bsid_stream_decoder::reset()
{
    m_ready.clear();
    m_resyncs = 0;
    state& s = *m_state;
    s.buf.clear();
    s.base = s.total = s.frame = 0;
    s.start = 0;
    const bsid_drift_limits& l = m_engine->limits();
    s.prior.assign(l.frame_states(), 0.0);
    s.prior[static_cast<size_t>(-l.frame_min)] = 1.0;
    s.low_run = 0;
    s.search = false;
    s.flushing = false;
}

namespace {

/* The most probable index (the lowest on a tie), and its probability; -1 when all are 0. */
long argmax(const double* v, size_t n, double* best)
{
    long k = -1;
    *best = 0.0;
    for (size_t a = 0; a < n; ++a)
        if (v[a] > *best) {
            *best = v[a];
            k = static_cast<long>(a);
        }
    return k;
}

} // namespace

size_t bsid_stream_decoder::pending() const
{
    const state& s = *m_state;
    const long long tau = static_cast<long long>(m_engine->decoded_code().tau());
    const long long R = static_cast<long long>(s.total) - s.start;
    return R - tau >= m_engine->limits().frame_min && R > 0 ? static_cast<size_t>(R) : 0;
}

bool bsid_stream_decoder::pull(bsid_stream_frame& frame)
{
    if (m_ready.empty())
        return false;
    frame = std::move(m_ready.front());
    m_ready.pop_front();
    return true;
}

void bsid_stream_decoder::push(const uint8_t* bits, size_t n)
{
    if (n == 0)
        return;
    if (!bits)
        throw std::invalid_argument("bits is null with n = " + std::to_string(n));
    state& s = *m_state;
    const size_t old = s.buf.size();
    s.buf.resize(old + n);
    for (size_t k = 0; k < n; ++k)
        s.buf[old + k] = bits[k] != 0 ? 1 : 0;
    s.total += n;
    const tvb_code& c = m_engine->decoded_code();
    const bsid_drift_limits& l = m_engine->limits();
    const long long tau = static_cast<long long>(c.tau());
    const long long la = static_cast<long long>(m_engine->options().lookahead * c.n());
    const long long M = static_cast<long long>(l.frame_states());
    for (;;) {
        const long long margin = s.search ? search_span * M : 0;
        const long long need = s.start + margin + tau + la + l.frame_max;
        if (need > static_cast<long long>(s.total))
            break;
        if (s.search)
            s.decode_search(*this);
        else
            s.decode_next(*this, false);
    }
}

void bsid_stream_decoder::flush()
{
    state& s = *m_state;
    const tvb_code& c = m_engine->decoded_code();
    const bsid_drift_limits& l = m_engine->limits();
    const long long tau = static_cast<long long>(c.tau());
    // A search that the stream's end cuts short is not made: frames go on from the estimate.
    s.search = false;
    s.flushing = true;
    for (;;) {
        const long long R = static_cast<long long>(s.total) - s.start;
        if (R - tau > l.frame_max) {
            s.decode_next(*this, true); // no lookahead, the end free
            continue;
        }
        if (R - tau >= l.frame_min && R > 0)
            s.decode_next(*this, false, true);
        break;
    }
    // The next push() starts a new stream.
    const uint64_t resyncs = m_resyncs;
    std::deque<bsid_stream_frame> ready;
    ready.swap(m_ready);
    reset();
    m_ready.swap(ready);
    m_resyncs = resyncs;
}

void bsid_stream_decoder::state::decode_next(bsid_stream_decoder& d, bool tail, bool last)
{
    bsid_map_decoder_engine* eng = d.m_engine.get();
    const tvb_code& c = eng->decoded_code();
    const bsid_drift_limits& l = eng->limits();
    const long long tau = static_cast<long long>(c.tau());
    if (tail && eng->options().lookahead > 0) {
        if (!this->tail) {
            bsid_map_options o = eng->options();
            o.lookahead = 0;
            this->tail = std::make_unique<bsid_map_decoder_engine>(eng->code(), eng->channel(), o);
        }
        eng = this->tail.get();
    }
    const long long la = static_cast<long long>(eng->options().lookahead * c.n());
    const long long from = std::max<long long>(static_cast<long long>(base), start + l.frame_min);
    const long long to = last ? static_cast<long long>(total) : start + tau + la + l.frame_max;
    windows.resize(1);
    windows[0].offset = static_cast<size_t>(from - static_cast<long long>(base));
    windows[0].origin = static_cast<size_t>(start - from);
    windows[0].length = static_cast<size_t>(to - from);
    windows[0].end_known = last;
    const size_t M = l.frame_states(), N = c.N(), q = c.q();
    ends.resize(M);
    decisions.resize(N);
    posteriors.resize(d.m_keep_posteriors ? N * q : 0);
    eng->decode_windows(buf.data(), windows.data(), 1, prior.data(), nullptr,
                        d.m_keep_posteriors ? posteriors.data() : nullptr, decisions.data(),
                        ends.data());
    finish(d, start, 0, false);
}

void bsid_stream_decoder::state::decode_search(bsid_stream_decoder& d)
{
    bsid_map_decoder_engine& eng = *d.m_engine;
    const tvb_code& c = eng.decoded_code();
    const bsid_drift_limits& l = eng.limits();
    const long long tau = static_cast<long long>(c.tau());
    const long long la = static_cast<long long>(eng.options().lookahead * c.n());
    const long long M = static_cast<long long>(l.frame_states());
    const size_t N = c.N(), q = c.q();
    // Candidates in order of preference: j = 0, -1, 1, -2, 2.
    std::vector<long long> cand;
    for (long j = 0; j <= search_span; ++j)
        for (long sign : { -1L, 1L }) {
            if (j == 0 && sign > 0)
                continue;
            const long long cs = start + sign * j * M;
            if (cs < static_cast<long long>(base) || cs < 0)
                continue;
            cand.push_back(cs);
        }
    windows.resize(cand.size());
    for (size_t k = 0; k < cand.size(); ++k) {
        const long long from = std::max<long long>(static_cast<long long>(base), cand[k] + l.frame_min);
        windows[k].offset = static_cast<size_t>(from - static_cast<long long>(base));
        windows[k].origin = static_cast<size_t>(cand[k] - from);
        windows[k].length = static_cast<size_t>(cand[k] + tau + la + l.frame_max - from);
        windows[k].end_known = false;
    }
    starts.assign(cand.size() * static_cast<size_t>(M), 1.0 / static_cast<double>(M));
    posteriors.resize(cand.size() * N * q);
    decisions.resize(cand.size() * N);
    ends.resize(cand.size() * static_cast<size_t>(M));
    eng.decode_windows(buf.data(), windows.data(), cand.size(), starts.data(), nullptr,
                       posteriors.data(), decisions.data(), ends.data());
    size_t best = 0;
    double best_score = -1.0;
    for (size_t k = 0; k < cand.size(); ++k) {
        double score = 0.0;
        for (size_t i = 0; i < N; ++i) {
            const double* row = posteriors.data() + (k * N + i) * q;
            score += *std::max_element(row, row + q);
        }
        score /= static_cast<double>(N);
        if (score > best_score) {
            best_score = score;
            best = k;
        }
    }
    search = false;
    low_run = 0;
    finish(d, cand[best], best, true);
}

void bsid_stream_decoder::state::finish(bsid_stream_decoder& d,
                                        int64_t frame_start,
                                        size_t slot,
                                        bool resynchronised)
{
    const bsid_map_decoder_engine& eng = *d.m_engine;
    const tvb_code& c = eng.decoded_code();
    const bsid_drift_limits& l = eng.limits();
    const long long tau = static_cast<long long>(c.tau());
    const size_t M = l.frame_states(), N = c.N(), q = c.q();
    const double* end = ends.data() + slot * M;
    double conf = 0.0;
    const long a_hat = argmax(end, M, &conf);
    const long long d_hat = a_hat < 0 ? 0 : a_hat + l.frame_min;

    // How well the decisions explain the frame's bits (before the prior is replaced).
    double llr = 0.0;
    if (a_hat >= 0) {
        codeword.resize(static_cast<size_t>(tau));
        c.encode_symbols(decisions.data() + slot * N, codeword.data(), 1);
        const std::vector<double>& st = resynchronised ? uniform : prior;
        if (resynchronised)
            uniform.assign(M, 1.0 / static_cast<double>(M));
        llr = frame_llr_per_bit(codeword, buf.data() + (frame_start - static_cast<long long>(base)),
                                frame_start - static_cast<long long>(base), st, l.frame_min,
                                l.frame_max, d_hat, eng.channel());
    }

    // Loss of sync: no path, the estimate at a limit, a low confidence for a while, or
    // decisions that explain the bits worse than random bits do.
    const bool at_limit = (l.frame_min < 0 && d_hat == l.frame_min) ||
                          (l.frame_max > 0 && d_hat == l.frame_max);
    const bool stuck = tau + d_hat <= 0; // only with frame limits wider than a frame
    low_run = conf < low_confidence ? low_run + 1 : 0;
    const bool loss = a_hat < 0 || stuck || at_limit || low_run >= low_confidence_frames || llr < 0.0;
    if (loss) {
        ++d.m_resyncs;
        low_run = 0;
        if (!resynchronised && !flushing) {
            // This frame again, placed by a search around its start.
            search = true;
            return;
        }
    }

    bsid_stream_frame f;
    f.index = frame;
    f.start = static_cast<uint64_t>(frame_start);
    f.drift = frame_start + tau + d_hat - static_cast<long long>(frame + 1) * tau;
    f.drift_confidence = conf;
    f.resynchronised = resynchronised;
    const uint32_t* symbols = decisions.data() + slot * N;
    const double* post = d.m_keep_posteriors ? posteriors.data() + slot * N * q : nullptr;
    if (d.m_sink) {
        d.m_sink(f, symbols, post);
    } else {
        f.symbols.assign(symbols, symbols + N);
        if (post)
            f.posteriors.assign(post, post + N * q);
        d.m_ready.push_back(std::move(f));
    }
    ++frame;

    // The next frame: its start, and its prior centred on it. A start that would not move
    // forward moves one bit: past this frame's start, and past the start a search looked
    // around (it may place the frame before it), so that every frame consumes bits.
    const int64_t searched_from = start;
    start = std::max<long long>(stuck ? frame_start + 1 : frame_start + tau + d_hat, searched_from + 1);
    const bool forced = start != frame_start + tau + d_hat;
    std::fill(prior.begin(), prior.end(), 0.0);
    if (a_hat < 0) {
        prior[static_cast<size_t>(-l.frame_min)] = 1.0;
    } else {
        double sum = 0.0;
        for (size_t a = 0; a < M; ++a) {
            const long b = static_cast<long>(a) + a_hat + l.frame_min; // drift d_hat + (a + fmin)
            if (b >= 0 && b < static_cast<long>(M)) {
                prior[a] = end[b];
                sum += end[b];
            }
        }
        for (double& p : prior)
            p /= sum; // sum >= end[a_hat] > 0
    }
    // A frame that a search placed and that still looks lost, or one whose successor had to be
    // moved: the next one is searched too.
    search = (loss || forced) && !flushing;
    trim(l);
}

void bsid_stream_decoder::state::trim(const bsid_drift_limits& l)
{
    const long long M = static_cast<long long>(l.frame_states());
    const long long keep = std::max<long long>(0, start + l.frame_min - search_span * M);
    if (keep <= static_cast<long long>(base))
        return;
    const size_t drop = std::min(buf.size(), static_cast<size_t>(keep - static_cast<long long>(base)));
    // Erase when it pays: at least half of what is held.
    if (drop * 2 < buf.size() && drop < (size_t(1) << 20))
        return;
    buf.erase(buf.begin(), buf.begin() + static_cast<long>(drop));
    base += drop;
}

} // namespace gpufec
} // namespace gr
