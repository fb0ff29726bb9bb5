/* The BSID channel: its parameters, the seeded model (CPU) and the simulator that runs the same
 * draws on the CPU or, when the CUDA backend registered itself, on a GPU.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "bsid_backend.h"
#include "bsid_internal.h"
#include "bsid/common/bsid_channel_draws.h"
#include <gnuradio/gpufec/bsid/bsid_channel_model.h>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

std::string fmt(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

void check_probability(const char* name, double v)
{
    if (!std::isfinite(v) || v < 0.0 || v > 1.0)
        throw std::invalid_argument(std::string(name) + " = " + fmt(v) +
                                    " is not a probability: allowed is a finite value in [0, 1]");
}

} // namespace

void bsid_params::check() const
{
    check_probability("pi", pi);
    check_probability("pd", pd);
    check_probability("ps", ps);
    if (pi + pd > 1.0)
        throw std::invalid_argument("pi + pd = " + fmt(pi) + " + " + fmt(pd) + " = " +
                                    fmt(pi + pd) + " exceeds 1: allowed is pi + pd <= 1");
    if (pi >= 1.0)
        throw std::invalid_argument("pi = " + fmt(pi) +
                                    " would insert forever: allowed is pi < 1");
}

namespace detail {

void check_stream_bits(uint64_t first, size_t n)
{
    constexpr uint64_t max = bsid_channel_model::max_stream_bits;
    if (n > max || first > max - n)
        throw std::invalid_argument(
            "first = " + std::to_string(first) + " with " + std::to_string(n) +
            " bits is beyond the channel's stream: bits [first, first + n) must lie below 2^44 "
            "(2^32 segments of draws, docs/bsid.md); allowed is first <= 2^44 - n");
}

/* The channel's draws on the CPU: bits [first, first + n) of a stream. */
bsid_transmission bsid_transmit_cpu(const bsid_params& p,
                                    uint64_t seed,
                                    const uint8_t* bits,
                                    size_t n,
                                    uint64_t first)
{
    check_stream_bits(first, n);
    const bsid_thresholds th = make_bsid_thresholds(p.pi, p.pd, p.ps);
    const uint64_t seg_bits = bsid_channel_model::segment_bits;
    bsid_transmission tx;
    tx.drift.resize(n + 1);
    tx.received.reserve(n + n / 8 + 16);
    int64_t drift = 0;
    uint64_t segment = first / seg_bits;
    bsid_words words(seed, segment);
    // A piece that starts inside a segment replays the segment's draws up to its first bit.
    for (uint64_t t = segment * seg_bits; t < first; ++t)
        bsid_transmit_bit(words, th, 0u, [](uint32_t) {});
    auto out = [&tx](uint32_t b) { tx.received.push_back(static_cast<uint8_t>(b)); };
    for (size_t i = 0; i < n; ++i) {
        const uint64_t t = first + i;
        if (t / seg_bits != segment) {
            segment = t / seg_bits;
            words = bsid_words(seed, segment);
        }
        tx.drift[i] = static_cast<int32_t>(drift);
        drift += bsid_transmit_bit(words, th, bits[i] != 0 ? 1u : 0u, out);
        if (drift > INT32_MAX || drift < INT32_MIN)
            throw std::invalid_argument("the drift of this piece leaves 32 bits: send it in pieces");
    }
    tx.drift[n] = static_cast<int32_t>(drift);
    return tx;
}

} // namespace detail

namespace {

class channel_cpu final : public bsid_channel_backend
{
public:
    explicit channel_cpu(const bsid_channel_model& m) : m_params(m.params()), m_seed(m.seed()) {}
    bsid_transmission transmit(const uint8_t* bits, size_t n, uint64_t first) override
    {
        return detail::bsid_transmit_cpu(m_params, m_seed, bits, n, first);
    }

private:
    bsid_params m_params;
    uint64_t m_seed;
};

} // namespace

std::unique_ptr<bsid_channel_backend> make_bsid_channel_cpu(const bsid_channel_model& model, int)
{
    return std::make_unique<channel_cpu>(model);
}

bsid_channel_model::bsid_channel_model(const bsid_params& params, uint64_t seed)
    : m_params(params), m_seed(seed)
{
    m_params.check();
}

std::shared_ptr<const bsid_channel_model>
bsid_channel_model::make(double pi, double pd, double ps, uint64_t seed)
{
    bsid_params p;
    p.pi = pi;
    p.pd = pd;
    p.ps = ps;
    return std::make_shared<const bsid_channel_model>(p, seed);
}

std::string bsid_channel_model::name() const
{
    return "BSID pi=" + fmt(m_params.pi) + " pd=" + fmt(m_params.pd) + " ps=" + fmt(m_params.ps);
}

bsid_transmission bsid_channel_model::transmit(const uint8_t* bits, size_t n, uint64_t first) const
{
    if (!bits && n > 0)
        throw std::invalid_argument("bits is null with n = " + std::to_string(n));
    return detail::bsid_transmit_cpu(m_params, m_seed, bits, n, first);
}

struct bsid_channel_simulator::impl {
    bsid_channel_model_sptr model;
    backend_choice choice;
    std::unique_ptr<bsid_channel_backend> backend;
};

bsid_channel_simulator::bsid_channel_simulator(bsid_channel_model_sptr model,
                                               backend_kind backend,
                                               int device)
    : m_impl(std::make_unique<impl>())
{
    if (!model)
        throw std::invalid_argument(
            "model is null: pass a BSID channel model, e.g. bsid_channel_model::make(0.01, 0.01, 0)");
    m_impl->model = std::move(model);
    m_impl->choice = resolve_backend(backend, device);
    m_impl->backend = make_backend(m_impl->choice, make_bsid_channel_cpu, *m_impl->model,
                                   m_impl->choice.device);
}

bsid_channel_simulator::~bsid_channel_simulator() = default;

const backend_choice& bsid_channel_simulator::backend() const { return m_impl->choice; }

bsid_transmission bsid_channel_simulator::transmit(const uint8_t* bits, size_t n, uint64_t first)
{
    if (!bits && n > 0)
        throw std::invalid_argument("bits is null with n = " + std::to_string(n));
    return m_impl->backend->transmit(bits, n, first);
}

} // namespace gpufec
} // namespace gr
