/* The insertion/deletion MAP decoder engine (CPU) on small codes: any channel parameters and
 * options (absurd ones included), random windows (offsets, origins, lengths, known or free
 * ends), start-drift and symbol priors with zeros, NaN and negative values, received bytes of
 * any value, or a frame sent through the seeded channel.
 * Properties: only std::invalid_argument; posteriors are finite, >= 0 and rows sum to 1;
 * decisions are the largest posterior (the lowest on a tie); end drifts sum to 1 or are all 0;
 * max_batch and threads change nothing; a frame on a clean channel decodes exactly.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz/fuzz_input.h"
#include <gnuradio/gpufec/bsid/bsid_map.h>
#include <cmath>
#include <memory>

using namespace gr::gpufec;

namespace {

double prob(FuzzedDataProvider& in)
{
    switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
        return fuzz::pick<double>(in, { 0.0, 1.0, -0.1, 1.5, NAN, INFINITY, 1e-300, 0.5 });
    case 1:
        return 0.0;
    default:
        return in.ConsumeFloatingPointInRange<double>(0.0, 0.08);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider in(data, size);
    std::shared_ptr<const tvb_code> c;
    try {
        c = tvb_code::make(in.ConsumeIntegralInRange<size_t>(1, 8),
                           size_t(1) << in.ConsumeIntegralInRange<int>(1, 3),
                           in.ConsumeIntegralInRange<size_t>(1, 6),
                           {}, fuzz::pick<std::string>(in, { "random", "watermark", "marker" }),
                           in.ConsumeIntegral<uint8_t>());
    } catch (const std::invalid_argument&) {
        return 0;
    }
    bsid_params p;
    p.pi = prob(in);
    p.pd = prob(in);
    p.ps = prob(in);
    bsid_map_options o;
    o.backend = backend_kind::CPU;
    o.precision = in.ConsumeBool() ? bsid_precision::FLOAT : bsid_precision::DOUBLE;
    if (in.ConsumeIntegralInRange<int>(0, 3) == 0)
        o.drift_threshold = fuzz::pick<double>(in, { 0.0, 1.0, 0.3, 1e-300, NAN });
    if (in.ConsumeBool())
        o.max_drift = in.ConsumeIntegralInRange<int>(-2, in.ConsumeBool() ? 12 : 70000);
    if (in.ConsumeBool())
        o.max_symbol_drift = in.ConsumeIntegralInRange<int>(-2, in.ConsumeBool() ? 6 : 70000);
    o.lookahead = in.ConsumeIntegralInRange<size_t>(0, 7);
    o.max_batch = in.ConsumeIntegralInRange<size_t>(0, 3);
    o.threads = in.ConsumeIntegralInRange<unsigned>(1, 2);
    std::unique_ptr<bsid_map_decoder_engine> dec;
    try {
        dec = std::make_unique<bsid_map_decoder_engine>(c, p, o);
    } catch (const std::invalid_argument&) {
        return 0;
    }
    const bsid_drift_limits& l = dec->limits();
    const size_t M = l.frame_states(), N = c->N(), q = c->q(), tau = c->tau();
    // Keep an input to milliseconds: a few thousand lattices.
    if (M * l.symbol_states() * (N + o.lookahead) * q > 200000)
        return 0;
    FUZZ_CHECK(l.frame_min <= l.symbol_min && l.symbol_min <= 0 && 0 <= l.symbol_max &&
               l.symbol_max <= l.frame_max);

    const size_t frames = in.ConsumeIntegralInRange<size_t>(1, 3);
    std::vector<uint8_t> rx;
    std::vector<bsid_frame_window> w(frames);
    std::vector<uint32_t> sent(frames * N);
    const bool clean = in.ConsumeBool();
    for (size_t f = 0; f < frames; ++f) {
        if (clean) {
            for (size_t i = 0; i < N; ++i)
                sent[f * N + i] = in.ConsumeIntegralInRange<uint32_t>(0, q - 1);
            std::vector<uint8_t> x(tau);
            c->encode_symbols(sent.data() + f * N, x.data(), 1);
            w[f].offset = rx.size();
            w[f].origin = 0;
            w[f].length = tau;
            w[f].end_known = true;
            rx.insert(rx.end(), x.begin(), x.end());
        } else {
            w[f].offset = in.ConsumeIntegralInRange<size_t>(0, rx.size());
            w[f].origin = in.ConsumeIntegralInRange<int>(0, 15) == 0 ? in.ConsumeIntegral<size_t>()
                                                                     : in.ConsumeIntegralInRange<size_t>(0, 8);
            w[f].length = in.ConsumeIntegralInRange<size_t>(0, tau + 20);
            w[f].end_known = in.ConsumeBool();
            const std::vector<uint8_t> more = fuzz::bit_bytes(in, w[f].length);
            rx.insert(rx.end(), more.begin(), more.end());
        }
    }
    std::vector<double> start, priors;
    if (in.ConsumeBool()) {
        start.resize(frames * M);
        for (auto& v : start)
            v = in.ConsumeBool() ? 1.0 : prob(in);
    }
    if (in.ConsumeBool()) {
        priors.resize(frames * N * q);
        for (auto& v : priors)
            v = in.ConsumeBool() ? 1.0 : prob(in);
    }
    std::vector<double> post(frames * N * q), end(frames * M);
    std::vector<uint32_t> d(frames * N, 0xffffffffu);
    try {
        dec->decode_windows(rx.data(), w.data(), frames, start.empty() ? nullptr : start.data(),
                            priors.empty() ? nullptr : priors.data(), post.data(), d.data(),
                            end.data());
    } catch (const std::invalid_argument&) {
        return 0;
    }
    // Valid outputs: finite rows of probabilities summing to 1, decisions their argmax, end
    // drifts summing to 1 or all 0.
    const auto check_outputs = [&](const std::vector<double>& post, const std::vector<uint32_t>& d,
                                   const std::vector<double>& end) {
        for (size_t r = 0; r < frames * N; ++r) {
            double s = 0;
            size_t best = 0;
            for (size_t D = 0; D < q; ++D) {
                const double v = post[r * q + D];
                FUZZ_CHECK(std::isfinite(v) && v >= 0.0);
                s += v;
                if (v > post[r * q + best])
                    best = D;
            }
            FUZZ_CHECK(std::fabs(s - 1.0) < 1e-9);
            FUZZ_CHECK(d[r] == best);
        }
        for (size_t f = 0; f < frames; ++f) {
            double s = 0;
            for (size_t a = 0; a < M; ++a) {
                FUZZ_CHECK(std::isfinite(end[f * M + a]) && end[f * M + a] >= 0.0);
                s += end[f * M + a];
            }
            FUZZ_CHECK(s == 0.0 || std::fabs(s - 1.0) < 1e-9);
        }
    };
    check_outputs(post, d, end);
    if (clean && priors.empty() && start.empty() && p.pi == 0 && p.pd == 0 && p.ps == 0)
        FUZZ_CHECK(d == sent);
    // Another batch size and thread count: the same posteriors.
    bsid_map_options o2 = o;
    o2.max_batch = o.max_batch == 1 ? 0 : 1;
    o2.threads = o.threads == 1 ? 2 : 1;
    bsid_map_decoder_engine dec2(c, p, o2);
    std::vector<double> post2(post.size());
    dec2.decode_windows(rx.data(), w.data(), frames, start.empty() ? nullptr : start.data(),
                        priors.empty() ? nullptr : priors.data(), post2.data(), nullptr, nullptr);
    FUZZ_CHECK(post2 == post);
    // The pooled lattice on the same input (no input bytes read: the corpus keeps its meaning).
    if (o.lattice == bsid_lattice::CORRIDOR) {
        bsid_map_options op = o;
        op.lattice = bsid_lattice::POOLED;
        bsid_map_decoder_engine dec3(c, p, op);
        std::vector<double> post3(post.size()), end3(end.size());
        std::vector<uint32_t> d3(d.size(), 0xffffffffu);
        dec3.decode_windows(rx.data(), w.data(), frames, start.empty() ? nullptr : start.data(),
                            priors.empty() ? nullptr : priors.data(), post3.data(), d3.data(), end3.data());
        check_outputs(post3, d3, end3);
        if (clean && priors.empty() && start.empty() && p.pi == 0 && p.pd == 0 && p.ps == 0)
            FUZZ_CHECK(d3 == sent);
    }
    return 0;
}
