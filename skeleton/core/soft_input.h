/* The soft-input stage every decoder runs its input through, in one pass: the sign is flipped
 * for the inverted convention, non-finite values are counted (with the position of the first),
 * so that a block can warn about a broken upstream without a pass of its own, and the values
 * land in the decoder's domain:
 *  - int8 (to_int8, the Viterbi decoder): floats quantized by common/quantize.h, int8 as it is;
 *  - float LLRs (to_float, the turbo decoder): floats clamped to +-llr_limit, int8 values
 *    divided by llr_scale, so that int8 input quantized upstream with the same scale as
 *    to_int8 would use reads as the LLRs it came from (docs/conventions.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_SOFT_INPUT_H
#define INCLUDED_GPUFEC_CORE_SOFT_INPUT_H

#include <gnuradio/gpufec/core/decoder.h>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace gr {
namespace gpufec {

class soft_input
{
public:
    /*!
     * @param llr_limit float output: the largest magnitude written (+-Inf become +-llr_limit)
     * @throws std::invalid_argument unless llr_scale and llr_limit are finite and > 0
     */
    soft_input(float llr_scale, bool invert, float llr_limit = std::numeric_limits<float>::max());

    /*! out[i] = quantize_llr(+-in[i], llr_scale), on @p workers threads; counts non-finite
     *  values at input positions position + i, and the call as a batch that llr_scale erased
     *  or kept (nonfinite_report). */
    void to_int8(const float* in, size_t n, int8_t* out, uint64_t position, size_t workers = 1);
    /*! out[i] = quantize_llr(llr[i], |llr_scale|): LLRs that already went through to_float
     *  (inverted and counted there) to int8, judged as a batch like to_int8's, at input
     *  position @p position. */
    void requantize(const float* llr, size_t n, int8_t* out, uint64_t position, size_t workers = 1);
    /*! int8 input is used as it is (-128 reads as -127, so inverting stays in range). */
    void to_int8(const int8_t* in, size_t n, int8_t* out, uint64_t position, size_t workers = 1);

    /*! out[i] = +-in[i] clamped to +-llr_limit; NaN becomes 0 (an erasure) and +-Inf
     *  +-llr_limit (the sign after inversion), both counted at input positions position + i. */
    void to_float(const float* in, size_t n, float* out, uint64_t position, size_t workers = 1);
    /*! out[i] = +-in[i] / llr_scale (-128 reads as -127), clamped to +-llr_limit. */
    void to_float(const int8_t* in, size_t n, float* out, uint64_t position, size_t workers = 1);

    const nonfinite_report& nonfinite() const { return m_report; }
    void reset() { m_report = nonfinite_report(); }

private:
    template <typename Out, typename Map>
    void convert_counting(const float* in, size_t n, Out* out, uint64_t position, size_t workers, Map map);
    /* Counts the batch in[0, n) -> out as erased or kept; @p any_kept: some out[i] != 0. */
    void judge_batch(const float* in, size_t n, bool any_kept, uint64_t position);

    float m_scale; //!< llr_scale, negated when inverting
    bool m_invert;
    float m_limit;
    nonfinite_report m_report;
};

} // namespace gpufec
} // namespace gr

#endif
