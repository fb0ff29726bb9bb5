/* The soft-input stage every decoder runs its input through, in one pass: float soft values are
 * quantized to the decoders' int8 domain (common/quantize.h), the sign is flipped for the
 * inverted convention, and non-finite values are counted (with the position of the first), so
 * that a block can warn about a broken upstream without a pass of its own.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_SOFT_INPUT_H
#define INCLUDED_GPUFEC_CORE_SOFT_INPUT_H

#include <gnuradio/gpufec/decoder.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {

class soft_input
{
public:
    /*! @throws std::invalid_argument unless llr_scale is finite and > 0 */
    soft_input(float llr_scale, bool invert);

    /*! out[i] = quantize_llr(+-in[i], llr_scale), on @p workers threads; counts non-finite
     *  values at input positions position + i. */
    void to_int8(const float* in, size_t n, int8_t* out, uint64_t position, size_t workers = 1);
    /*! int8 input is used as it is (-128 reads as -127, so inverting stays in range). */
    void to_int8(const int8_t* in, size_t n, int8_t* out, uint64_t position, size_t workers = 1);

    const nonfinite_report& nonfinite() const { return m_report; }
    void reset() { m_report = nonfinite_report(); }

private:
    float m_scale; //!< llr_scale, negated when inverting
    bool m_invert;
    nonfinite_report m_report;
};

} // namespace gpufec
} // namespace gr

#endif
