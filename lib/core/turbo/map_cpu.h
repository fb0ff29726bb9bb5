/* The CPU LTE turbo decoder: two constituent SISO decoders and the QPP interleaver, iterated;
 * code blocks spread over threads. docs/turbo.md specifies its arithmetic.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_MAP_CPU_H
#define INCLUDED_GPUFEC_CORE_TURBO_MAP_CPU_H

#include "siso_cpu.h"
#include <gnuradio/gpufec/lte_turbo_code.h>
#include <gnuradio/gpufec/lte_turbo_params.h>
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
     * Decodes @p n_blocks blocks.
     * @param llr 3 (K + 4) LLRs per block, d(0) | d(1) | d(2), positive meaning bit 1
     * @param bits K hard decisions per block out
     * @param app K a-posteriori LLRs per block out, or null
     * @param iterations_used one entry per block out, or null
     * @return how many input values were not finite (NaN read as 0, +-Inf as +-1024)
     * Not reentrant: one call at a time per decoder.
     */
    size_t decode(const float* llr, size_t n_blocks, uint8_t* bits, float* app, int* iterations_used);

    const lte_turbo_params& params() const { return m_params; }
    size_t K() const { return m_K; }
    unsigned threads() const { return static_cast<unsigned>(m_work.size()); }

private:
    /* One thread's scratch, sized for one block. */
    struct workspace {
        std::vector<float> sys, sys_pi, par1, par2, sa, ext1, ext2, apriori1, app, alpha;
        float tail[12];
        float beta_K[2][8];
        std::vector<uint8_t> hard, hard_prev;
        /* Sub-block edge metrics per constituent: read from *_old, written to *_new. */
        std::vector<float> alpha_old[2], alpha_new[2], beta_old[2], beta_new[2];
        size_t nonfinite = 0; //!< non-finite inputs in the current call
    };

    size_t load(workspace& w, const float* llr) const;
    void half_iteration(workspace& w, int constituent, const float* par, float* ext) const;
    int iterate(workspace& w) const;
    bool converged(const workspace& w, int iteration) const;

    size_t m_K;
    std::vector<uint32_t> m_pi;
    lte_turbo_params m_params;
    std::vector<siso_window> m_windows;
    std::vector<workspace> m_work;
};

} // namespace turbo
} // namespace gpufec
} // namespace gr

#endif
