/* The LTE transport channel around the turbo code, whole (3GPP TS 36.212 §5.1.1-5.1.5): a
 * transport block of A bits to the G coded bits that carry it, and back. GNU-Radio-free: the
 * blocks and the numpy functions wrap this. Bits are unpacked bytes (any nonzero byte is a 1);
 * soft values are positive for bit 1 unless the decoder's options say invert.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_LTE_TRANSPORT_H
#define INCLUDED_GPUFEC_LTE_TRANSPORT_H

#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/core/decoder.h>
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <gnuradio/gpufec/lte/lte_turbo.h>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * @brief One transport block's parameters (docs/turbo.md, "Transport blocks").
 *
 * The soft buffer: with nsoft = 0 every code block uses its whole circular buffer
 * (N_cb = K_w, as UL-SCH and MCH always do); else nsoft is the UE's total soft channel bits
 * N_soft (TS 36.306) and, as §5.1.4.1.2 has it for DL-SCH and PCH,
 * N_IR = floor(N_soft / (K_C K_MIMO min(M_DL_HARQ, 8))) and N_cb = min(floor(N_IR / C), K_w).
 */
struct GPUFEC_CORE_API lte_transport_params {
    /*! The transport block sizes of TS 36.213 §7.1.7.2 (Tables 7.1.7.2.1-1 to 7.1.7.2.5-1):
     *  the smallest, and the largest (four layers). */
    static constexpr size_t min_A = 16;
    static constexpr size_t max_A = 391656;
    /*! M_limit of §5.1.4.1.2. */
    static constexpr int M_limit = 8;

    size_t A = 0;      //!< transport block bits, min_A to max_A
    size_t G = 0;      //!< coded bits that carry it: a multiple of NL Qm, at most 2^24
    int rv = 0;        //!< redundancy version 0..3
    int Qm = 2;        //!< bits per modulation symbol: 1, 2, 4, 6 or 8
    int NL = 1;        //!< N_L of §5.1.4.1.2: 1, 2 or 4 (2 for transmit diversity)
    size_t nsoft = 0;  //!< N_soft, or 0: no limit (N_cb = K_w)
    int kc = 1;        //!< K_C: 1, 2 or 5 (5 when N_soft = 35982720; 2 when N_soft = 3654144
                       //!< and the UE supports at most two layers)
    int kmimo = 1;     //!< K_MIMO: 2 in transmission modes 3, 4, 8, 9 and 10, else 1
    int mdlharq = 8;   //!< M_DL_HARQ: the most DL HARQ processes, >= 1 (8 for FDD)

    /*!
     * @brief Checks rv, Qm, NL and the soft buffer (nsoft, kc, kmimo, mdlharq): what stays
     * fixed when A and G come with each packet.
     * @throws std::invalid_argument naming the parameter, its value and what is allowed
     */
    void validate_coding() const;
    /*! @brief validate_coding(), A and G. @throws std::invalid_argument as above */
    void validate() const;
};

/*!
 * @brief Where a transport block's bits go (§5.1.2, §5.1.4.1.2): its segmentation, and each
 * code block's E and N_cb.
 */
struct GPUFEC_CORE_API lte_transport_layout {
    lte_segmentation seg;   //!< of B = A + 24 bits
    size_t N_IR = 0;        //!< the soft buffer of the transport block; 0 when nsoft = 0
    std::vector<size_t> E;  //!< C entries: the rate-matched bits of each code block, sum G
    std::vector<size_t> ncb; //!< C entries: N_cb of each code block

    /*!
     * @brief The layout of @p p (validated): with G' = G / (NL Qm) and gamma = G' mod C,
     * E_r = NL Qm floor(G' / C) for r <= C - gamma - 1, else NL Qm ceil(G' / C).
     * @throws std::invalid_argument naming the parameter: a bad value, G' below C (a code
     *         block without a bit), or an nsoft whose N_cb leaves a code block nothing to send
     */
    static lte_transport_layout compute(const lte_transport_params& p);
};

/*!
 * @brief Encodes one transport block (§5.1.1-5.1.5): CRC24A, segmentation (filler bits,
 * CRC24B per block when C > 1), turbo coding, rate matching, code block concatenation.
 * @param bits p.A bits
 * @param coded p.G bits out
 * @throws std::invalid_argument for bad parameters (lte_transport_layout::compute)
 */
GPUFEC_CORE_API void
lte_transport_encode(const uint8_t* bits, const lte_transport_params& p, uint8_t* coded);
/*! @brief The same for a vector: A is its length (p.A is ignored). */
GPUFEC_CORE_API std::vector<uint8_t> lte_transport_encode(const std::vector<uint8_t>& bits,
                                                          lte_transport_params p);

/*! @brief What decoding a transport block gives besides its bits. */
struct GPUFEC_CORE_API lte_transport_status {
    /*! The decided A bits and their CRC24A check. */
    bool crc_pass = false;
    /*! The most iterations a code block used. */
    int iterations = 0;
    /*! Per code block: its CRC24B check (when C > 1; with one block, the CRC24A). */
    std::vector<uint8_t> block_crc_pass;
};

/*!
 * @brief Decodes transport blocks: G soft values in, A bits out, on the CPU or a GPU.
 *
 * Each block's soft values go through the soft-input stage (lte_turbo_decoder_engine's:
 * invert, int8 values q as q / llr_scale, clamped to +-lte_turbo_llr_limit, NaN an erasure,
 * counted), are split into the code blocks' E, de-matched (repeats summed, bits not sent 0,
 * filler bits a certain 0), and the code blocks of each size are decoded together, in one
 * call of an lte_turbo_decoder_engine (made on first use, kept for the next blocks).
 * early_stop "crc24a" or "crc24b" ("crc") stops every code block on the CRC it carries:
 * CRC24A when the transport block is one code block, else CRC24B. Not thread-safe.
 */
class GPUFEC_CORE_API lte_transport_decoder_engine
{
public:
    /*!
     * @param opts the turbo decoder's options; rate_match must stay unset (E = 0): the
     *        transport block says how to de-match
     * @throws std::invalid_argument naming a bad option
     */
    explicit lte_transport_decoder_engine(const lte_turbo_options& opts = lte_turbo_options());
    ~lte_transport_decoder_engine();
    lte_transport_decoder_engine(const lte_transport_decoder_engine&) = delete;
    lte_transport_decoder_engine& operator=(const lte_transport_decoder_engine&) = delete;

    /*!
     * @param soft p.G soft values
     * @param bits p.A bits out
     * @throws std::invalid_argument for bad parameters (lte_transport_layout::compute), or
     *         turbo options that a code block size of this transport block does not allow
     */
    lte_transport_status decode(const float* soft, const lte_transport_params& p, uint8_t* bits);
    lte_transport_status decode(const int8_t* soft, const lte_transport_params& p, uint8_t* bits);

    const lte_turbo_options& options() const { return m_opts; }
    const backend_choice& backend() const { return m_choice; }
    /*! @brief Non-finite soft values so far, and the code blocks that 16-bit metrics
     *  quantized to nothing (erased_batches, erased_first the transport block's first value);
     *  positions count every soft value decoded. */
    nonfinite_report nonfinite() const;
    /*! @brief Starts the positions and counts anew. */
    void reset();

private:
    template <typename T>
    lte_transport_status decode_t(const T* soft, const lte_transport_params& p, uint8_t* bits);
    lte_turbo_decoder_engine& engine_for(size_t K, early_stop stop);

    lte_turbo_options m_opts;
    backend_choice m_choice;
    std::unique_ptr<soft_input> m_soft;
    std::map<std::pair<size_t, int>, std::unique_ptr<lte_turbo_decoder_engine>> m_engines;
    std::vector<float> m_llr;   //!< one transport block's soft values as LLRs
    std::vector<float> m_d;     //!< the de-matched code blocks of one size
    std::vector<uint8_t> m_bits;
    std::vector<lte_turbo_block_status> m_status;
    uint64_t m_seen = 0;        //!< soft values decoded since the last reset()
    nonfinite_report m_quantized; //!< the erased and kept batches of the engines'
                                  //!< quantization (count and first unused)
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_TRANSPORT_H */
