/* The CPU LTE turbo backend: the reference decoder (map_cpu), code blocks over threads, in
 * the metric domain the parameters name (float LLRs through decode, 16-bit integer metrics
 * through decode_quantized; the engine calls the one that matches).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte_turbo_map_cpu.h"
#include "lte_turbo_backend.h"
#include <algorithm>
#include <stdexcept>
#include <thread>
#include <vector>

namespace gr {
namespace gpufec {

namespace {

class turbo_cpu final : public lte_turbo_backend
{
public:
    turbo_cpu(const lte_turbo_code& code, const lte_turbo_params& params, const decoder_options& opts)
        : m_decoder(code, params, opts.threads)
    {
        m_max_batch = opts.max_batch ? opts.max_batch : 4 * size_t(m_decoder.threads());
    }

    size_t max_batch() const override { return m_max_batch; }

    float* input_buffer(size_t n) override
    {
        if (m_input.size() < n)
            m_input.resize(n);
        return m_input.data();
    }

    void decode(const float* llr, size_t n_blocks, uint8_t* bits, float* app, int* iterations) override
    {
        if (m_decoder.params().metrics != turbo_metrics::FLOAT)
            throw std::logic_error("LTE turbo CPU backend: decode() takes float LLRs, but the "
                                   "decoder runs metrics = '" +
                                   turbo_metrics_name(m_decoder.params().metrics) +
                                   "': call decode_quantized()");
        m_decoder.decode(llr, n_blocks, bits, app, iterations);
    }

    void decode_quantized(const int8_t* q,
                          float llr_scale,
                          size_t n_blocks,
                          uint8_t* bits,
                          float* app,
                          int* iterations) override
    {
        if (m_decoder.params().metrics != turbo_metrics::INT16)
            throw std::logic_error("LTE turbo CPU backend: decode_quantized() runs 16-bit "
                                   "metrics, but the decoder runs metrics = '" +
                                   turbo_metrics_name(m_decoder.params().metrics) +
                                   "': call decode()");
        m_decoder.decode_quantized(q, llr_scale, n_blocks, bits, app, iterations);
    }

private:
    turbo::map_decoder_cpu m_decoder;
    size_t m_max_batch;
    std::vector<float> m_input;
};

} // namespace

std::unique_ptr<lte_turbo_backend> make_lte_turbo_cpu(const lte_turbo_code& code,
                                                      const lte_turbo_params& params,
                                                      const decoder_options& opts)
{
    return std::make_unique<turbo_cpu>(code, params.resolved_for(code.K(), backend_kind::CPU), opts);
}

} // namespace gpufec
} // namespace gr
