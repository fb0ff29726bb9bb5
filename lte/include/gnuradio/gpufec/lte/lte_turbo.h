/* LTE turbo decoding, GNU-Radio-free (the block and the numpy function wrap this): code blocks
 * of soft values in, K decided bits per block out, on the CPU or a GPU. docs/turbo.md specifies
 * the decisions; the backends take the same ones.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_LTE_TURBO_H
#define INCLUDED_GPUFEC_LTE_TURBO_H

#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/core/decoder.h>
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
// lte_turbo_options, lte_turbo_params, lte_rate_dematching: generated from lte/lte_options.yml.
#include <gnuradio/gpufec/lte/lte_turbo_params.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace gr {
namespace gpufec {

class lte_turbo_backend;
class soft_input;

/*! @brief What the decoder reports about one code block besides its bits. */
struct GPUFEC_CORE_API lte_turbo_block_status {
    /*! Iterations the block used (fewer than lte_turbo_params::iterations after an early stop). */
    int iterations = 0;
    /*! The decided bits, read as a block whose last 24 bits are its CRC, check: CRC24B (a code
     *  block of a segmented transport block), or CRC24A when the early stop rule is CRC24A. */
    bool crc_pass = false;
};

/*!
 * @brief An LTE turbo decoder for one code block size, on the CPU or a GPU.
 *
 * A frame is one code block: 3 (K + 4) soft values d(0) | d(1) | d(2), or E values with rate
 * de-matching; it decodes to K bits. Soft values: positive means bit 1 unless invert. Float
 * values are LLRs and are used as they are, clamped to +-lte_turbo_llr_limit (NaN is an
 * erasure, +-Inf the limit; both counted); int8 values q are read as the LLRs q / llr_scale.
 * Buffers for a batch are allocated at construction; not thread-safe (one instance per thread).
 */
class GPUFEC_CORE_API lte_turbo_decoder_engine final : public frame_decoder, public siso_decoder
{
public:
    /*! @throws std::invalid_argument on a null code or bad options (naming the option, its value
     *  and what is allowed) */
    lte_turbo_decoder_engine(lte_turbo_code_sptr code,
                             const lte_turbo_options& opts = lte_turbo_options());
    ~lte_turbo_decoder_engine() override;
    lte_turbo_decoder_engine(const lte_turbo_decoder_engine&) = delete;
    lte_turbo_decoder_engine& operator=(const lte_turbo_decoder_engine&) = delete;

    const lte_turbo_code& decoded_code() const { return *m_code; }
    const lte_turbo_code_sptr& code() const { return m_code; }
    const lte_turbo_options& options() const { return m_opts; }
    const backend_choice& backend() const override { return m_choice; }
    nonfinite_report nonfinite() const override;
    void reset() override;

    /*! @brief E with rate de-matching, else 3 (K + 4). */
    size_t soft_per_frame() const override;
    size_t bits_per_frame() const override { return m_code->K(); }
    void decode_frames(const float* soft, uint8_t* bits, size_t n_frames) override;
    void decode_frames(const int8_t* soft, uint8_t* bits, size_t n_frames) override;

    /*!
     * @brief decode_frames, also writing the K a-posteriori LLRs of each block (positive means
     * bit 1; its sign is the decision, 0 decides 0) and each block's status.
     * @param app n_frames * K values out, or null
     * @param status n_frames entries out, or null
     */
    void decode_frames(
        const float* soft, uint8_t* bits, size_t n_frames, float* app, lte_turbo_block_status* status);
    void decode_frames(
        const int8_t* soft, uint8_t* bits, size_t n_frames, float* app, lte_turbo_block_status* status);

    /*!
     * @brief siso_decoder: float soft values in (as decode_frames takes them), the K
     * a-posteriori LLRs of each block out. A-priori LLRs of the information bits add to the
     * systematic channel LLRs (both are independent evidence on the same bit, so the MAP
     * decoder takes them alike), clamped to +-lte_turbo_llr_limit.
     */
    void decode_soft(const float* soft, const float* apriori, float* app, size_t n_frames) override;

    /*! @brief frame_decoder's general call: the bits, the LLRs when asked for, and each
     *  block's iterations and CRC check. */
    bool soft_out() const override { return true; }
    bool has_status() const override { return true; }
    void decode(const frame_io& io, size_t n_frames) override;

    /*! @brief The status of each block of the last decode_frames() call. */
    const std::vector<lte_turbo_block_status>& last_status() const { return m_status; }

private:
    template <typename T>
    void decode_t(const T* soft, uint8_t* bits, size_t n_frames, float* app, const float* apriori);
    template <typename T>
    void to_llrs(const T* in, size_t batch, size_t first_frame, const float* apriori, float* llr);
    template <typename T>
    const int8_t* to_quantized(const T* in, size_t batch, size_t first_frame, const float* apriori);

    lte_turbo_code_sptr m_code;
    lte_turbo_options m_opts;
    backend_choice m_choice;
    std::unique_ptr<lte_turbo_backend> m_impl;
    std::unique_ptr<soft_input> m_soft;
    lte_crc m_crc;                     //!< the CRC the status checks
    std::vector<uint32_t> m_rm_index;  //!< rate de-matching table (empty without)
    std::vector<float> m_received;     //!< rate de-matching: one batch of received LLRs
    std::vector<float> m_llr;          //!< 16-bit metrics: one batch of LLRs to quantize
    std::vector<int> m_iterations;     //!< per block of the last call
    std::vector<lte_turbo_block_status> m_status;
    std::vector<uint8_t> m_bits;       //!< decode_soft's decisions
    uint64_t m_soft_seen = 0;          //!< soft values decoded since the last reset()
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_TURBO_H */
