/* The CPU LTE turbo decoder: two constituent SISO decoders and the QPP interleaver, iterated;
 * code blocks spread over threads. docs/turbo.md specifies its arithmetic. One implementation
 * decodes in either metric domain (lte_turbo_metric_domains.h): float LLRs (decode), or 16-bit integer
 * metrics from int8 channel values (decode_quantized), as params.metrics says.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_MAP_CPU_H
#define INCLUDED_GPUFEC_CORE_TURBO_MAP_CPU_H

#include "lte_turbo_siso_cpu.h"
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <gnuradio/gpufec/lte/lte_turbo_params.h>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gr {
namespace gpufec {
namespace turbo {

class map_decoder_cpu
{
public:
    /*!
     * @param code the code block size and interleaver (copied: the decoder does not keep a
     *        reference)
     * @param params validated against code.K()
     * @param threads worker threads, 0 for one per hardware thread; each gets its scratch
     *        memory here, once
     * @throws std::invalid_argument for bad parameters
     */
    map_decoder_cpu(const lte_turbo_code& code, const lte_turbo_params& params, unsigned threads);

    /*!
     * Decodes @p n_blocks blocks with float metrics (params.metrics == FLOAT).
     * @param llr 3 (K + 4) LLRs per block, d(0) | d(1) | d(2), positive meaning bit 1
     * @param bits K hard decisions per block out
     * @param app K a-posteriori LLRs per block out, or null
     * @param iterations_used one entry per block out, or null
     * @return how many input values were not finite (NaN read as 0, +-Inf as +-1024)
     * @throws std::logic_error when params.metrics is INT16
     * Not reentrant: one call at a time per decoder.
     */
    size_t decode(const float* llr, size_t n_blocks, uint8_t* bits, float* app, int* iterations_used);

    /*!
     * Decodes @p n_blocks blocks with 16-bit integer metrics (params.metrics == INT16).
     * @param q 3 (K + 4) int8 channel values per block, round(LLR * llr_scale) (-128 reads
     *        as -127), d(0) | d(1) | d(2)
     * @param llr_scale what the values were scaled by: the a-posteriori LLRs written to
     *        @p app are the integer ones divided by it
     * @throws std::logic_error when params.metrics is FLOAT; std::invalid_argument unless
     *         llr_scale is finite and > 0
     * Otherwise as decode().
     */
    void decode_quantized(const int8_t* q,
                          float llr_scale,
                          size_t n_blocks,
                          uint8_t* bits,
                          float* app,
                          int* iterations_used);

    const lte_turbo_params& params() const { return m_params; }
    size_t K() const { return m_K; }
    unsigned threads() const { return m_threads; }

private:
    /* One thread's scratch, sized for one block, in domain D: channel values, a priori and
     * extrinsic values in its stored type, metrics and a-posteriori values in its metric type. */
    template <class D>
    struct workspace {
        using stored = typename D::stored;
        using metric = typename D::metric;
        std::vector<stored> sys, sys_pi, par1, par2, sa, ext1, ext2, apriori1;
        std::vector<metric> app, alpha;
        metric tail[12];
        metric beta_K[2][8];
        std::vector<uint8_t> hard, hard_prev;
        /* Sub-block edge metrics per constituent: read from *_old, written to *_new. */
        std::vector<metric> alpha_old[2], alpha_new[2], beta_old[2], beta_new[2];
        size_t nonfinite = 0; //!< non-finite inputs in the current call
    };

    template <class D>
    std::vector<workspace<D>>& work();
    template <class D>
    const D& domain() const;
    template <class D>
    void allocate(unsigned threads);
    template <class D, typename In>
    size_t run(const In* input, float llr_scale, size_t n_blocks, uint8_t* bits, float* app,
               int* iterations_used);
    template <class D, typename In>
    size_t load(workspace<D>& w, const In* input) const;
    template <class D>
    void half_iteration(workspace<D>& w, int constituent, const typename D::stored* par,
                        typename D::stored* ext) const;
    template <class D>
    int iterate(workspace<D>& w) const;
    bool converged(const std::vector<uint8_t>& hard, const std::vector<uint8_t>& hard_prev,
                   int iteration) const;

    size_t m_K;
    std::vector<uint32_t> m_pi;
    lte_turbo_params m_params;
    float_metrics m_float;
    int16_metrics m_int16;
    unsigned m_threads;
    std::vector<siso_window> m_windows;
    /* Only the workspaces of params.metrics are allocated. */
    std::vector<workspace<float_metrics>> m_float_work;
    std::vector<workspace<int16_metrics>> m_int16_work;
};

} // namespace turbo
} // namespace gpufec
} // namespace gr

#endif
