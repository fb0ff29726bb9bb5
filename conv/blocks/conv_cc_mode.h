/* gr-fec's cc_encoder / cc_decoder arguments (GNU Radio 3.10, gr-fec/lib/cc_*_impl.cc) over the
 * module's convolutional codes: the checks, the sizes they report, and their start and end
 * states.
 *
 * The module's codes start in state 0 and end in it through zero tail bits; gr-fec's modes
 * start in any state and end in any state. The code is linear, so a frame that starts in state
 * s (and ends through the tail inputs of state e) is the frame of the same bits from state 0
 * (with a zero tail) with a fixed set of channel bits complemented: the zero-input response of
 * s over the first k-1 steps, and the response of e's inputs over the tail. An encoder
 * complements those bits; a decoder negates those soft values and decodes the code from
 * state 0: the same maximum-likelihood decision, on the existing engines.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CC_MODE_H
#define INCLUDED_GPUFEC_CC_MODE_H

#include <gnuradio/fec/cc_common.h>
#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/logger.h>
#include <cstdint>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

class cc_mode
{
public:
    /*!
     * @param what "cc_decoder" or "cc_encoder", for messages
     * @throws std::invalid_argument naming the argument (gr-fec's checks, and the module's:
     *         k 3..9, rate 2..4, generators that make a code)
     */
    cc_mode(const std::string& what,
            int frame_size,
            int k,
            int rate,
            const std::vector<int>& polys,
            int start_state,
            int end_state,
            cc_mode_t mode,
            bool padded);

    cc_mode_t mode() const { return m_mode; }
    int k() const { return m_k; }
    unsigned n() const { return m_n; }
    unsigned start_state() const { return m_start; }
    int end_state() const { return m_end; }
    size_t max_frame() const { return m_max_frame; }
    /*! @brief Channel bits a padded terminated frame has after its tail (gr-fec's padding:
     *  the tail's n (k-1) bits rounded up to whole bytes); 0 otherwise. */
    unsigned padding() const { return m_padding; }

    /*! @brief The module's code of @p term with frames of @p frame_bits (gr-fec's generators;
     *  no puncturing: gr-fec's blocks puncture). */
    conv_code_sptr code(termination term, size_t frame_bits) const;

    /*!
     * @brief gr-fec's set_frame_size() for a length the object takes (not 0):
     * @p frame_size up to max_frame(); a larger request keeps max_frame(), logs it as gr-fec
     * does and returns false.
     */
    bool clamp_frame(unsigned frame_size, size_t& frame, const gr::logger_ptr& logger) const;

    /*! @brief gr-fec's state after @p state took the input bit @p u (the newest bit lowest). */
    unsigned next_state(unsigned state, unsigned u) const { return ((state << 1) | (u & 1u)) & m_mask; }

    /*! @brief The channel bits (indices, ascending, all within the first k-1 steps)
     *  complemented in a frame that starts in gr-fec's state @p start instead of 0. */
    const std::vector<uint32_t>& start_flips(unsigned start) const;

    /*!
     * @brief The channel bits (indices, ascending) complemented in a frame of @p steps trellis
     * steps that starts in gr-fec's state @p start instead of 0 and, when @p end >= 0, ends
     * through that state's inputs over its last k-1 steps instead of zeros (a terminated frame
     * of steps - (k-1) information bits).
     */
    std::vector<uint32_t> flips(unsigned start, size_t steps, int end = -1) const;

private:
    /* Channel bits (indices below n (k-1)) that differ between the code's output over k-1
     * steps after the inputs of state @p first and then those of state @p second, and its
     * output over the same steps after zeros: the zero-input response of @p first when
     * @p second is 0, the tail response of @p second when @p first is 0. */
    std::vector<uint32_t> response(unsigned first, unsigned second) const;

    std::string m_what;
    cc_mode_t m_mode;
    int m_k;
    unsigned m_n;
    std::vector<int> m_polys;
    unsigned m_start;
    int m_end;
    size_t m_max_frame;
    unsigned m_padding = 0;
    unsigned m_mask;
    conv_code_sptr m_pair; //!< the generators, truncated frames of 2 (k-1) bits (response())
    mutable std::vector<std::vector<uint32_t>> m_start_flips; //!< by start state, when made
    mutable std::vector<bool> m_start_made;
};

} // namespace gpufec
} // namespace gr

#endif
