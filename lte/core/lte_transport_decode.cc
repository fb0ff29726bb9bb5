/* lte_transport_decoder_engine: a transport block's soft values split into its code blocks,
 * de-matched, decoded one size at a time by the turbo engine, desegmented and checked.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/soft_input.h"
#include "lte_rate_dematch.h"
#include <gnuradio/gpufec/lte/lte_transport.h>
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

/* Engines kept at most: code block sizes in use at once are few (two per transport block
 * size), and each engine holds a batch of buffers (pinned memory on a GPU). */
constexpr size_t max_engines = 16;

/* The CRC stop rule of a transport block of C code blocks: each block stops on the CRC it
 * carries, whichever CRC the options named. */
early_stop stop_for(early_stop requested, size_t C)
{
    if (requested != early_stop::CRC24A && requested != early_stop::CRC24B)
        return requested;
    return C == 1 ? early_stop::CRC24A : early_stop::CRC24B;
}

} // namespace

lte_transport_decoder_engine::lte_transport_decoder_engine(const lte_turbo_options& opts)
    : m_opts(opts)
{
    opts.check();
    if (opts.rate_match.E != 0)
        throw std::invalid_argument(
            "E = " + std::to_string(opts.rate_match.E) +
            ": a transport block decoder de-matches each code block with the E its transport "
            "block gives; leave the options' rate matching unset (E = 0)");
    // The largest code block allows every turbo parameter that some block size allows; each
    // engine checks its own size when it is made.
    opts.turbo.validate(6144);
    m_choice = resolve_backend(opts.backend, opts.device);
    m_opts.backend = m_choice.kind;
    m_soft = std::make_unique<soft_input>(opts.llr_scale, opts.invert, lte_turbo_llr_limit);
}

lte_transport_decoder_engine::~lte_transport_decoder_engine() = default;

nonfinite_report lte_transport_decoder_engine::nonfinite() const
{
    nonfinite_report r = m_soft->nonfinite();
    r.erased_batches = m_quantized.erased_batches;
    r.erased_first = m_quantized.erased_first;
    r.kept_batches = m_quantized.kept_batches;
    return r;
}

void lte_transport_decoder_engine::reset()
{
    m_soft->reset();
    m_quantized = nonfinite_report();
    m_seen = 0;
}

lte_turbo_decoder_engine& lte_transport_decoder_engine::engine_for(size_t K, early_stop stop)
{
    const auto key = std::make_pair(K, static_cast<int>(stop));
    auto it = m_engines.find(key);
    if (it != m_engines.end())
        return *it->second;
    if (m_engines.size() >= max_engines)
        m_engines.clear();
    // The soft-input stage ran here already: the engine takes LLRs as they are.
    lte_turbo_options o = m_opts;
    o.invert = false;
    o.input = soft_type::FLOAT;
    o.turbo.stop = stop;
    auto e = std::make_unique<lte_turbo_decoder_engine>(
        lte_turbo_code::make(static_cast<long long>(K)), o);
    return *m_engines.emplace(key, std::move(e)).first->second;
}

template <typename T>
lte_transport_status lte_transport_decoder_engine::decode_t(const T* soft,
                                                            const lte_transport_params& p,
                                                            uint8_t* bits)
{
    const lte_transport_layout l = lte_transport_layout::compute(p);
    const lte_segmentation& s = l.seg;
    m_llr.resize(p.G);
    m_soft->to_float(soft, p.G, m_llr.data(), m_seen);
    m_seen += p.G;
    std::vector<size_t> first(s.C, 0); // where each code block's E values start
    for (size_t r = 1; r < s.C; ++r)
        first[r] = first[r - 1] + l.E[r - 1];

    lte_transport_status status;
    std::vector<std::vector<uint8_t>> blocks(s.C);
    const early_stop stop = stop_for(m_opts.turbo.stop, s.C);
    // Blocks of K- come first, then those of K+: two runs, each decoded in one call.
    const size_t runs[][2] = { { 0, s.C_minus }, { s.C_minus, s.C } };
    for (const auto& run : runs) {
        const size_t n = run[1] - run[0];
        if (n == 0)
            continue;
        lte_turbo_decoder_engine& dec = engine_for(s.block_size(run[0]), stop);
        const lte_turbo_code& code = dec.decoded_code();
        const size_t K = code.K(), N = code.coded_bits_per_block(), D = code.stream_bits();
        m_d.resize(n * N);
        for (size_t i = 0; i < n; ++i) {
            const size_t r = run[0] + i, filler = r == 0 ? s.F : 0;
            float* d = m_d.data() + i * N;
            turbo::rate_dematch(lte_rate_match_indices(code, l.E[r], p.rv, l.ncb[r], filler),
                                m_llr.data() + first[r], d, N);
            for (size_t k = 0; k < filler; ++k)
                d[k] = d[D + k] = lte_filler_llr; // <NULL> on the air, a known 0
        }
        m_bits.resize(n * K);
        m_status.resize(n);
        // 16-bit metrics quantize the code blocks with llr_scale: what that erased or kept,
        // placed at the transport block.
        const nonfinite_report before = dec.nonfinite();
        dec.decode_frames(m_d.data(), m_bits.data(), n, nullptr, m_status.data());
        const nonfinite_report now = dec.nonfinite();
        if (now.erased_batches > before.erased_batches && m_quantized.erased_batches == 0)
            m_quantized.erased_first = m_seen - p.G;
        m_quantized.erased_batches += now.erased_batches - before.erased_batches;
        m_quantized.kept_batches += now.kept_batches - before.kept_batches;
        for (size_t i = 0; i < n; ++i) {
            blocks[run[0] + i].assign(m_bits.begin() + i * K, m_bits.begin() + (i + 1) * K);
            status.iterations = std::max(status.iterations, m_status[i].iterations);
        }
    }
    const std::vector<uint8_t> b = lte_desegment(blocks, s.B, &status.block_crc_pass);
    status.crc_pass = lte_crc_parity(b.data(), b.size(), lte_crc::CRC24A) == 0;
    if (s.C == 1)
        status.block_crc_pass.assign(1, status.crc_pass);
    std::copy(b.begin(), b.begin() + p.A, bits);
    return status;
}

lte_transport_status lte_transport_decoder_engine::decode(const float* soft,
                                                          const lte_transport_params& p,
                                                          uint8_t* bits)
{
    return decode_t(soft, p, bits);
}

lte_transport_status lte_transport_decoder_engine::decode(const int8_t* soft,
                                                          const lte_transport_params& p,
                                                          uint8_t* bits)
{
    return decode_t(soft, p, bits);
}

} // namespace gpufec
} // namespace gr
