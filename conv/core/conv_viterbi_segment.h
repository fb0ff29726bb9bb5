/* One exact Viterbi pass over a run of trellis steps on the CPU: the building block of every
 * decoding mode (docs/viterbi.md). Metrics are int16 with a common offset removed every few
 * steps, which keeps every comparison exact (see viterbi_segment.cc).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CONV_VITERBI_SEGMENT_H
#define INCLUDED_GPUFEC_CORE_CONV_VITERBI_SEGMENT_H

#include "conv/common/conv_trellis.h"
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gr {
namespace gpufec {
namespace conv {

/*! What to decode: ACS over all steps, traceback, and which decisions go out. */
struct segment {
    const int8_t* llr = nullptr; //!< n LLRs per step (depunctured, erasures 0)
    size_t n_steps = 0;          //!< steps of add-compare-select
    bool start_known = false;    //!< state 0 at the start (else all states start equal)
    int end_state = -1;          //!< traceback start state; -1: the best state at the end
    size_t out_first = 0;        //!< first step whose decided bit is written
    size_t n_out = 0;            //!< bits written
};

/*! A decoder for one trellis with its workspace; one per thread. */
class segment_decoder
{
public:
    /*! @param max_steps the longest segment it will be given (the workspace is sized once) */
    segment_decoder(const trellis& t, size_t max_steps);

    /*!
     * @brief Decodes @p seg into @p bits (n_out bits).
     * @return the exact path metric of the survivor at the traceback start
     */
    int64_t decode(const segment& seg, uint8_t* bits);

private:
    trellis m_trellis;
    size_t m_states;
    size_t m_max_steps;
    /* m_sign[(b * n + j) * S + s'] = +1 when coded bit j of the branch from predecessor b into
     * s' is 1, else -1: the branch metric is then a sum of products that vectorizes. */
    std::vector<int16_t> m_sign;
    std::vector<int16_t> m_pm[2];     //!< path metrics, double buffered
    std::vector<uint8_t> m_decisions; //!< [step * S + s']
};

} // namespace conv
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CONV_VITERBI_SEGMENT_H */
