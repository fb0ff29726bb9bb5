/* lte_turbo_decoder_engine: option checking, the soft-input stage (and rate de-matching)
 * straight into the backend's input buffer, batches of at most the backend's max_batch, and
 * the per-block status. With float metrics the backends see finite LLRs within
 * +-lte_turbo_llr_limit; with 16-bit metrics, int8 values round(LLR * llr_scale) in
 * [-127, 127] (common/quantize.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/core/backend_factory.h"
#include "skeleton/core/parallel_for.h"
#include "skeleton/core/soft_input.h"
#include "lte_rate_dematch.h"
#include "lte_turbo_backend.h"
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <algorithm>
#include <array>
#include <stdexcept>
#include <type_traits>

namespace gr {
namespace gpufec {

namespace {

const lte_turbo_code_sptr& checked(const lte_turbo_code_sptr& code)
{
    if (!code)
        throw std::invalid_argument("code is null: pass an LTE turbo code, e.g. lte_turbo_code(6144)");
    return code;
}

} // namespace

lte_turbo_decoder_engine::lte_turbo_decoder_engine(lte_turbo_code_sptr code,
                                                   const lte_turbo_options& opts)
    : m_code(checked(code)), m_opts(opts)
{
    opts.check();
    opts.turbo.validate(m_code->K());
    const lte_rate_dematching& rm = opts.rate_match;
    turbo::check_rv(rm.rv); // unused without E, but never anything else
    if (rm.E > 0) // throws naming E, rv or ncb
        m_rm_index = lte_rate_match_indices(*m_code, rm.E, rm.rv, rm.ncb);
    // A block that ends in a CRC24A (one code block per transport block) says so by its stop rule.
    m_crc = opts.turbo.stop == early_stop::CRC24A ? lte_crc::CRC24A : lte_crc::CRC24B;
    m_choice = resolve_backend(opts.backend, opts.device);
    m_opts.turbo = opts.turbo.resolved_for(m_code->K(), m_choice.kind);
    m_impl = make_backend(m_choice, make_lte_turbo_cpu, *m_code, m_opts.turbo, opts);
    m_received.resize(m_rm_index.size() * m_impl->max_batch());
    m_soft = std::make_unique<soft_input>(opts.llr_scale, opts.invert, lte_turbo_llr_limit);
}

lte_turbo_decoder_engine::~lte_turbo_decoder_engine() = default;

nonfinite_report lte_turbo_decoder_engine::nonfinite() const { return m_soft->nonfinite(); }

void lte_turbo_decoder_engine::reset()
{
    m_soft->reset();
    m_soft_seen = 0;
}

size_t lte_turbo_decoder_engine::soft_per_frame() const
{
    return m_rm_index.empty() ? m_code->coded_bits_per_block() : m_rm_index.size();
}

/* The float soft-input stage of one batch into @p llr (batch * N values): the values as
 * LLRs, de-matched, the a priori LLRs added to the systematic ones, within the limit. */
template <typename T>
void lte_turbo_decoder_engine::to_llrs(
    const T* in, size_t batch, size_t first_frame, const float* apriori, float* llr)
{
    const size_t per = soft_per_frame(), K = m_code->K(), N = m_code->coded_bits_per_block();
    const size_t n_soft = batch * per;
    const size_t workers = copy_workers(n_soft * sizeof(T));
    if (m_rm_index.empty()) {
        m_soft->to_float(in, n_soft, llr, m_soft_seen, workers);
    } else {
        m_soft->to_float(in, n_soft, m_received.data(), m_soft_seen, workers);
        for (size_t b = 0; b < batch; ++b) {
            float* d = llr + b * N;
            turbo::rate_dematch(m_rm_index, m_received.data() + b * per, d, N);
            // Repeated bits were summed: back within the limit the backends rely on.
            for (size_t i = 0; i < N; ++i)
                d[i] = std::min(std::max(d[i], -lte_turbo_llr_limit), lte_turbo_llr_limit);
        }
    }
    if (apriori)
        for (size_t b = 0; b < batch; ++b) {
            float* sys = llr + b * N; // d(0) starts with the K systematic bits
            const float* a = apriori + (first_frame + b) * K;
            for (size_t i = 0; i < K; ++i)
                sys[i] = std::min(std::max(sys[i] + a[i], -lte_turbo_llr_limit), lte_turbo_llr_limit);
        }
}

/* 16-bit metrics: the batch as int8 values round(LLR * llr_scale) in the backend's quantized
 * buffer. Values used as they are go through to_int8 (int8 input kept, -128 read as -127;
 * floats quantized, non-finite ones counted); de-matched values and values with a priori LLRs
 * added are built as LLRs first (to_llrs, which counts) and quantized from there. */
template <typename T>
const int8_t* lte_turbo_decoder_engine::to_quantized(
    const T* in, size_t batch, size_t first_frame, const float* apriori)
{
    const size_t per = soft_per_frame(), N = m_code->coded_bits_per_block();
    int8_t* q = m_impl->quantized_buffer(batch * N);
    if (m_rm_index.empty() && !apriori) {
        m_soft->to_int8(in, batch * per, q, m_soft_seen, copy_workers(batch * per * sizeof(T)));
        return q;
    }
    m_llr.resize(batch * N);
    to_llrs(in, batch, first_frame, apriori, m_llr.data());
    m_soft->requantize(m_llr.data(), batch * N, q, m_soft_seen, copy_workers(batch * N * sizeof(float)));
    return q;
}

template <typename T>
void lte_turbo_decoder_engine::decode_t(
    const T* soft, uint8_t* bits, size_t n_frames, float* app, const float* apriori)
{
    const size_t per = soft_per_frame(), K = m_code->K(), N = m_code->coded_bits_per_block();
    const bool int16 = m_opts.turbo.metrics == turbo_metrics::INT16;
    m_iterations.resize(n_frames);
    // Int8 values go to a backend that converts them itself, through a table of this stage's
    // own conversion (with rate de-matching or a-priori values the host builds the LLRs).
    bool device_int8 = false;
    std::array<float, 256> to_llr{};
    if constexpr (std::is_same_v<T, int8_t>) {
        device_int8 = !int16 && m_rm_index.empty() && !apriori && m_impl->takes_int8();
        if (device_int8) {
            std::array<int8_t, 256> all;
            for (int v = -128; v < 128; ++v)
                all[size_t(v + 128)] = static_cast<int8_t>(v);
            m_soft->to_float(all.data(), all.size(), to_llr.data(), 0);
        }
    }
    for (size_t done = 0; done < n_frames;) {
        const size_t batch = std::min(m_impl->max_batch(), n_frames - done);
        const size_t n_soft = batch * per;
        const T* in = soft + done * per;
        if constexpr (std::is_same_v<T, int8_t>) {
            if (device_int8) {
                m_soft_seen += n_soft; // int8 values are all finite: nothing to count
                m_impl->decode_int8(in, to_llr.data(), batch, bits + done * K,
                                    app ? app + done * K : nullptr, m_iterations.data() + done);
                done += batch;
                continue;
            }
        }
        if (int16) {
            const int8_t* q = to_quantized(in, batch, done, apriori);
            m_soft_seen += n_soft;
            m_impl->decode_quantized(q, m_opts.llr_scale, batch, bits + done * K,
                                     app ? app + done * K : nullptr, m_iterations.data() + done);
        } else {
            float* llr = m_impl->input_buffer(batch * N);
            to_llrs(in, batch, done, apriori, llr);
            m_soft_seen += n_soft;
            m_impl->decode(llr, batch, bits + done * K, app ? app + done * K : nullptr,
                           m_iterations.data() + done);
        }
        done += batch;
    }
    m_status.resize(n_frames);
    // Thousands of blocks a call from a GPU backend: the checks on several threads.
    parallel_for(n_frames, copy_workers(n_frames * K), [&](size_t, size_t first, size_t end) {
        for (size_t b = first; b < end; ++b) {
            m_status[b].iterations = m_iterations[b];
            // A block followed by its CRC divides evenly (no initial value, no final inversion).
            m_status[b].crc_pass = lte_crc_parity(bits + b * K, K, m_crc) == 0;
        }
    });
}

void lte_turbo_decoder_engine::decode_frames(const float* soft, uint8_t* bits, size_t n_frames)
{
    decode_t(soft, bits, n_frames, nullptr, nullptr);
}

void lte_turbo_decoder_engine::decode_frames(const int8_t* soft, uint8_t* bits, size_t n_frames)
{
    decode_t(soft, bits, n_frames, nullptr, nullptr);
}

void lte_turbo_decoder_engine::decode_frames(
    const float* soft, uint8_t* bits, size_t n_frames, float* app, lte_turbo_block_status* status)
{
    decode_t(soft, bits, n_frames, app, nullptr);
    if (status)
        std::copy(m_status.begin(), m_status.end(), status);
}

void lte_turbo_decoder_engine::decode_frames(
    const int8_t* soft, uint8_t* bits, size_t n_frames, float* app, lte_turbo_block_status* status)
{
    decode_t(soft, bits, n_frames, app, nullptr);
    if (status)
        std::copy(m_status.begin(), m_status.end(), status);
}

void lte_turbo_decoder_engine::decode(const frame_io& io, size_t n_frames)
{
    if (io.in_type == soft_type::FLOAT)
        decode_t(static_cast<const float*>(io.in), io.bits, n_frames, io.app, nullptr);
    else
        decode_t(static_cast<const int8_t*>(io.in), io.bits, n_frames, io.app, nullptr);
    if (io.status)
        for (size_t b = 0; b < n_frames; ++b) {
            io.status[b].iterations = m_status[b].iterations;
            io.status[b].crc = m_status[b].crc_pass ? 1 : 0;
        }
}

void lte_turbo_decoder_engine::decode_soft(const float* soft,
                                           const float* apriori,
                                           float* app,
                                           size_t n_frames)
{
    m_bits.resize(n_frames * m_code->K());
    decode_t(soft, m_bits.data(), n_frames, app, apriori);
}

} // namespace gpufec
} // namespace gr
