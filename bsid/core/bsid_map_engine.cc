/* bsid_map_decoder_engine: the checks (code, channel, options, windows, priors), the drift
 * limits, the received bytes read as bits, batches of at most max_batch frames, and the
 * backend (docs/bsid.md, "The engine").
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "skeleton/core/checked_size.h"
#include "bsid_backend.h"
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gr {
namespace gpufec {

struct bsid_map_decoder_engine::backend_impl {
    std::unique_ptr<bsid_map_backend> backend;
    /* Windows with a known end are decoded without lookahead (the backends' contract): with
     * options().lookahead > 0, by a second backend built with lookahead 0 on first use. */
    std::unique_ptr<bsid_map_backend> known_end;
    std::vector<uint8_t> bits; // received bytes as 0/1, when a byte is neither
    std::vector<bsid_frame_window> windows;
};

namespace {

const tvb_code_sptr& checked(const tvb_code_sptr& code)
{
    if (!code)
        throw std::invalid_argument(
            "code is null: pass a time-varying block code, e.g. tvb_code(10, 32, 100)");
    return code;
}

const bsid_params& checked(const bsid_params& p)
{
    p.check();
    return p;
}

/* Rows of @p width values: finite, >= 0, with a positive sum (summing to 1 within 1e-6 when
 * @p sum_one). */
void check_rows(const double* v, size_t rows, size_t width, const char* what, size_t per_frame, bool sum_one)
{
    for (size_t r = 0; r < rows; ++r) {
        const double* row = v + r * width;
        double sum = 0.0;
        for (size_t k = 0; k < width; ++k) {
            if (!std::isfinite(row[k]) || row[k] < 0.0)
                throw std::invalid_argument(
                    std::string(what) + " of frame " + std::to_string(r / per_frame) +
                    (per_frame > 1 ? ", position " + std::to_string(r % per_frame) : std::string()) +
                    " has " + std::to_string(row[k]) + " at index " + std::to_string(k) +
                    ": probabilities are finite and >= 0");
            sum += row[k];
        }
        if (sum_one && !(std::fabs(sum - 1.0) <= 1e-6))
            throw std::invalid_argument(
                std::string(what) + " of frame " + std::to_string(r / per_frame) +
                (per_frame > 1 ? ", position " + std::to_string(r % per_frame) : std::string()) +
                " sums to " + std::to_string(sum) + ": a row of probabilities sums to 1 (within 1e-6)");
        if (!(sum > 0.0) || !std::isfinite(sum))
            throw std::invalid_argument(
                std::string(what) + " of frame " + std::to_string(r / per_frame) +
                (per_frame > 1 ? ", position " + std::to_string(r % per_frame) : std::string()) +
                " sums to " + std::to_string(sum) + ": a row needs a positive finite sum");
    }
}

} // namespace

bsid_map_decoder_engine::bsid_map_decoder_engine(tvb_code_sptr code,
                                                 const bsid_params& channel,
                                                 const bsid_map_options& opts)
    : m_code(checked(code)), m_channel(checked(channel)), m_opts(opts)
{
    opts.check();
    if (opts.lookahead > m_code->N())
        throw std::invalid_argument("lookahead = " + std::to_string(opts.lookahead) +
                                    " is not allowed: 0 to N = " + std::to_string(m_code->N()) +
                                    " codewords of the next frame");
    m_limits = bsid_derive_drift_limits(m_channel, m_code->n(), m_code->N(), opts.drift_threshold,
                                        opts.max_drift, opts.max_symbol_drift);
    m_choice = resolve_backend(opts.backend, opts.device);
    bsid_decoder_setup setup{ m_code.get(), m_channel, m_limits, m_opts };
    m_impl = std::make_unique<backend_impl>();
    m_impl->backend = make_backend(m_choice, make_bsid_map_cpu, setup);
}

bsid_map_decoder_engine::~bsid_map_decoder_engine() = default;

bsid_storage bsid_map_decoder_engine::storage_for(size_t n_frames) const
{
    if (m_opts.storage != bsid_storage::AUTO)
        return m_opts.storage;
    return m_impl->backend->storage_for(n_frames);
}

size_t bsid_map_decoder_engine::bytes_per_frame(bsid_storage mode) const
{
    if (mode == bsid_storage::AUTO)
        mode = storage_for(1);
    return m_impl->backend->bytes_per_frame(mode);
}

void bsid_map_decoder_engine::decode_frames(const uint8_t* received,
                                            const size_t* ends,
                                            size_t n_frames,
                                            const double* priors,
                                            double* posteriors,
                                            uint32_t* decisions)
{
    if (n_frames == 0)
        return;
    if (!ends)
        throw std::invalid_argument("ends is null with n_frames = " + std::to_string(n_frames));
    const size_t tau = m_code->tau();
    auto& w = m_impl->windows;
    w.resize(n_frames);
    size_t start = 0;
    for (size_t f = 0; f < n_frames; ++f) {
        if (ends[f] < start)
            throw std::invalid_argument("ends[" + std::to_string(f) + "] = " +
                                        std::to_string(ends[f]) + " is before the frame's start " +
                                        std::to_string(start) + ": ends must not decrease");
        const size_t len = ends[f] - start;
        const long long drift = static_cast<long long>(len) - static_cast<long long>(tau);
        if (drift < m_limits.frame_min || drift > m_limits.frame_max)
            throw std::invalid_argument(
                "frame " + std::to_string(f) + " has " + std::to_string(len) +
                " received bits, an end drift of " + std::to_string(drift) +
                " outside the drift limits [" + std::to_string(m_limits.frame_min) + ", " +
                std::to_string(m_limits.frame_max) + "]: lengths " +
                std::to_string(static_cast<long long>(tau) + m_limits.frame_min) + " to " +
                std::to_string(static_cast<long long>(tau) + m_limits.frame_max) +
                " are allowed (tau = " + std::to_string(tau) + ")");
        w[f].offset = start;
        w[f].length = len;
        w[f].origin = 0;
        w[f].end_known = true;
        start = ends[f];
    }
    // decode_windows reuses m_impl->windows only through its argument: take a copy.
    const std::vector<bsid_frame_window> windows(w);
    decode_windows(received, windows.data(), n_frames, nullptr, priors, posteriors, decisions,
                   nullptr);
}

void bsid_map_decoder_engine::decode_windows(const uint8_t* received,
                                             const bsid_frame_window* windows,
                                             size_t n_frames,
                                             const double* start_drift,
                                             const double* priors,
                                             double* posteriors,
                                             uint32_t* decisions,
                                             double* end_drift)
{
    if (n_frames == 0)
        return;
    if (!windows)
        throw std::invalid_argument("windows is null with n_frames = " + std::to_string(n_frames));
    const size_t N = m_code->N(), q = m_code->q(), M = m_limits.frame_states();
    const long long tau = static_cast<long long>(m_code->tau());
    detail::checked_mul<size_t>(n_frames, N * q, "n_frames", "symbol probabilities per frame");
    size_t total = 0;
    for (size_t f = 0; f < n_frames; ++f) {
        const bsid_frame_window& w = windows[f];
        const size_t end = detail::checked_add<size_t>(w.offset, w.length, "length",
                                                       "the window's offset + length");
        total = std::max(total, end);
        if (w.length > (size_t(1) << 31) || w.origin > (size_t(1) << 31))
            throw std::invalid_argument("window " + std::to_string(f) + " has length " +
                                        std::to_string(w.length) + " and origin " +
                                        std::to_string(w.origin) + ": at most 2^31 each");
        if (w.end_known) {
            const long long d = static_cast<long long>(w.length) - static_cast<long long>(w.origin) - tau;
            if (d < m_limits.frame_min || d > m_limits.frame_max)
                throw std::invalid_argument(
                    "frame " + std::to_string(f) + " has a window of " + std::to_string(w.length) +
                    " bits from origin " + std::to_string(w.origin) + ", an end drift of " +
                    std::to_string(d) + " outside the drift limits [" +
                    std::to_string(m_limits.frame_min) + ", " + std::to_string(m_limits.frame_max) +
                    "]: lengths " + std::to_string(static_cast<long long>(w.origin) + tau + m_limits.frame_min) +
                    " to " + std::to_string(static_cast<long long>(w.origin) + tau + m_limits.frame_max) +
                    " are allowed");
        }
    }
    if (total > 0 && !received)
        throw std::invalid_argument("received is null with windows of " + std::to_string(total) +
                                    " bits");
    if (start_drift)
        check_rows(start_drift, n_frames, M, "start_drift", 1, false);
    if (priors)
        check_rows(priors, n_frames * N, q, "priors", N, true);

    // Bytes other than 0 and 1 are read as bits into a copy.
    const uint8_t* bits = received;
    if (std::any_of(received, received + total, [](uint8_t b) { return b > 1; })) {
        m_impl->bits.resize(total);
        for (size_t k = 0; k < total; ++k)
            m_impl->bits[k] = received[k] != 0 ? 1 : 0;
        bits = m_impl->bits.data();
    }

    const size_t batch = m_opts.max_batch > 0 ? m_opts.max_batch : n_frames;
    for (size_t done = 0; done < n_frames;) {
        // A batch: at most max_batch frames, all with known ends or all with free ends.
        const bool known = windows[done].end_known;
        size_t b = 1;
        while (b < batch && done + b < n_frames && windows[done + b].end_known == known)
            ++b;
        bsid_map_backend* backend = m_impl->backend.get();
        if (known && m_opts.lookahead > 0) {
            if (!m_impl->known_end) {
                bsid_map_options o = m_opts;
                o.lookahead = 0;
                m_impl->known_end = make_backend(
                    m_choice, make_bsid_map_cpu, bsid_decoder_setup{ m_code.get(), m_channel, m_limits, o });
            }
            backend = m_impl->known_end.get();
        }
        backend->decode(bits, total, windows + done, b,
                                start_drift ? start_drift + done * M : nullptr,
                                priors ? priors + done * N * q : nullptr,
                                posteriors ? posteriors + done * N * q : nullptr,
                                decisions ? decisions + done * N : nullptr,
                                end_drift ? end_drift + done * M : nullptr);
        done += b;
    }
}

} // namespace gpufec
} // namespace gr
