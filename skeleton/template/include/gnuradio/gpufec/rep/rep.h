/* The repetition decoder engine (GNU-Radio-free): frames of soft values in, the decided bits
 * out, on the backend the options choose. The block, the numpy function and the BER tool all
 * decode with it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_REP_H
#define INCLUDED_GPUFEC_REP_H

#include <gnuradio/gpufec/core/decoder.h>
#include <gnuradio/gpufec/rep/rep_code.h>
// rep_options, rep_combining: generated from rep/rep_options.yml.
#include <gnuradio/gpufec/rep/rep_options.h>
#include <memory>
#include <vector>

namespace gr {
namespace gpufec {

class rep_backend;
class soft_input;

/*!
 * @brief Decodes frames of n K soft values (each bit's n copies in a row) into K bits.
 *
 * Float values are LLRs; int8 values q are the LLRs q / llr_scale; positive means bit 1 unless
 * the options say invert. NaN is an erasure (0) and counted, as everywhere.
 */
class GPUFEC_CORE_API rep_decoder_engine final : public frame_decoder
{
public:
    /*! @throws std::invalid_argument for a null code or a bad option, naming it */
    rep_decoder_engine(rep_code_sptr code, const rep_options& opts = rep_options());
    ~rep_decoder_engine() override;

    const backend_choice& backend() const override { return m_choice; }
    size_t soft_per_frame() const override { return m_code->coded_bits_per_block(); }
    size_t bits_per_frame() const override { return m_code->K(); }
    void decode_frames(const float* soft, uint8_t* bits, size_t n_frames) override;
    void decode_frames(const int8_t* soft, uint8_t* bits, size_t n_frames) override;
    nonfinite_report nonfinite() const override;
    void reset() override;

    const rep_code_sptr& code() const { return m_code; }
    const rep_options& options() const { return m_opts; }

private:
    template <typename T>
    void decode_t(const T* soft, uint8_t* bits, size_t n_frames);

    rep_code_sptr m_code;
    rep_options m_opts;
    backend_choice m_choice;
    std::unique_ptr<rep_backend> m_impl;
    std::unique_ptr<soft_input> m_soft;
    std::vector<float> m_llr; //!< one batch through the soft-input stage
    uint64_t m_soft_seen = 0; //!< input position of the next soft value
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_REP_H */
