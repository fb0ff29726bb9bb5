/* The LTE transport-channel chain around the turbo code (3GPP TS 36.212 §5.1): CRC
 * attachment, code block segmentation, rate matching, and their receive-side inverses.
 * Bits are unpacked bytes holding 0 or 1; soft values are floats, positive meaning bit 1.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_LTE_CHAIN_H
#define INCLUDED_GPUFEC_LTE_CHAIN_H

#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
// lte_crc, parse_lte_crc(), lte_crc_name(): generated from lte/lte_chain_options.yml.
#include <gnuradio/gpufec/lte/lte_crc_kind.h>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*! @brief Parity bits L of a CRC: 24, 24, 16 or 8. */
GPUFEC_CORE_API size_t lte_crc_length(lte_crc kind);

/*!
 * @brief The parity bits p0..p(L-1) of @p n bits as an integer, p0 in bit L-1 (§5.1.1:
 * remainder of a(D) D^L divided by g(D); no initial value, no final inversion).
 */
GPUFEC_CORE_API uint32_t lte_crc_parity(const uint8_t* bits, size_t n, lte_crc kind);

/*! @brief @p bits followed by their L parity bits (p0 first). */
GPUFEC_CORE_API std::vector<uint8_t> lte_crc_attach(const std::vector<uint8_t>& bits,
                                                    const std::string& kind);
/*!
 * @brief Whether the last L bits of @p bits are the CRC of the bits before them.
 * @throws std::invalid_argument for an unknown kind or fewer than L bits
 */
GPUFEC_CORE_API bool lte_crc_check(const std::vector<uint8_t>& bits, const std::string& kind);

/*!
 * @brief Code block segmentation parameters of §5.1.2 for B input bits (a transport block
 * with its CRC24A).
 */
struct GPUFEC_CORE_API lte_segmentation {
    size_t B = 0;       //!< input bits
    size_t C = 0;       //!< code blocks
    size_t K_plus = 0;  //!< the larger block size
    size_t K_minus = 0; //!< the smaller block size (0 when C = 1)
    size_t C_plus = 0;  //!< blocks of K_plus bits
    size_t C_minus = 0; //!< blocks of K_minus bits (they come first)
    size_t F = 0;       //!< filler bits, at the start of block 0
    size_t L = 0;       //!< CRC24B bits per block: 0 when C = 1, else 24

    /*! The most input bits compute() takes: far above any LTE transport block (391 656 bits
     *  and its CRC), and low enough that no size derived from B can overflow. */
    static constexpr size_t max_bits = size_t(1) << 32;

    /*! @brief K_r, the size of block @p r: K_minus for r < C_minus, else K_plus. */
    size_t block_size(size_t r) const;

    /*!
     * @param B input bits, 1 to max_bits
     * @throws std::invalid_argument for B = 0 or B > max_bits
     */
    static lte_segmentation compute(size_t B);
};

/*!
 * @brief Splits @p bits into code blocks (§5.1.2): filler bits (0) at the start of block 0,
 * and when there is more than one block a CRC24B at the end of each.
 * @throws std::invalid_argument for an empty input
 */
GPUFEC_CORE_API std::vector<std::vector<uint8_t>>
lte_segment(const std::vector<uint8_t>& bits);

/*!
 * @brief Joins decoded code blocks back into the B input bits: drops the filler bits and the
 * CRC24B of each block.
 * @param blocks C blocks of the sizes lte_segmentation::compute(B) gives
 * @param B the segmented length
 * @param crc_ok when not null, receives one entry per block: whether its CRC24B checks (true
 *        for a single block, which has none)
 * @throws std::invalid_argument when the block count or a block size does not match B
 */
GPUFEC_CORE_API std::vector<uint8_t>
lte_desegment(const std::vector<std::vector<uint8_t>>& blocks,
              size_t B,
              std::vector<uint8_t>* crc_ok = nullptr);

/*! @brief The most bits rate matching produces for one code block: over 30 times all the
 *  bits of a 20 MHz LTE subframe with four layers of 256-QAM (537 600), so that a mistaken E
 *  is an error rather than gigabytes of memory and minutes of work. */
constexpr size_t lte_rate_match_max_bits = size_t(1) << 24;

/*! @brief K_w = 3 K_Pi = 3 * 32 ceil((K + 4) / 32): the circular buffer of a code block of K
 *  bits (§5.1.4.1), <NULL> bits included. */
GPUFEC_CORE_API size_t lte_circular_buffer_length(size_t K);

/*!
 * @brief Where each rate-matched bit comes from (§5.1.4.1): entry k is the index, in the
 * encoder output d(0) | d(1) | d(2) (3 (K + 4) bits), of output bit e_k.
 * @param code the code block's code
 * @param E output bits, 1 to lte_rate_match_max_bits
 * @param rv redundancy version 0..3
 * @param ncb circular buffer length N_cb, 0 for the whole buffer K_w = 3 K_Pi; else at most K_w
 * @param filler filler bits F at the start of the block (less than K): their systematic and
 *        first-parity bits are <NULL> and never sent
 * @throws std::invalid_argument naming what is wrong and what is allowed
 */
GPUFEC_CORE_API std::vector<uint32_t> lte_rate_match_indices(const lte_turbo_code& code,
                                                             size_t E,
                                                             int rv,
                                                             size_t ncb = 0,
                                                             size_t filler = 0);

/*!
 * @brief Rate matching of one code block (§5.1.4.1): sub-block interleaving, bit collection
 * into the circular buffer, and selection of E bits from position k0(rv), skipping <NULL>
 * bits and repeating the buffer when E exceeds it.
 * @param d the encoder output d(0) | d(1) | d(2), 3 (K + 4) bits
 * @param E, rv, ncb, filler as for lte_rate_match_indices
 */
GPUFEC_CORE_API std::vector<uint8_t> lte_rate_match(const lte_turbo_code& code,
                                                    const std::vector<uint8_t>& d,
                                                    size_t E,
                                                    int rv,
                                                    size_t ncb = 0,
                                                    size_t filler = 0);

/*! @brief The soft value the de-matcher writes for a filler bit: a certain 0 (docs/turbo.md). */
constexpr float lte_filler_llr = -1024.0f;

/*!
 * @brief Rate de-matching: the E received soft values back to 3 (K + 4) soft values in
 * d(0) | d(1) | d(2) order. Values of repeated bits are summed; bits not sent are 0
 * (erasures); filler positions get @p filler_llr.
 * @param llrs the E received soft values (E >= 1)
 * @param rv, ncb, filler as for lte_rate_match_indices
 */
GPUFEC_CORE_API std::vector<float> lte_rate_dematch(const lte_turbo_code& code,
                                                    const std::vector<float>& llrs,
                                                    int rv,
                                                    size_t ncb = 0,
                                                    size_t filler = 0,
                                                    float filler_llr = lte_filler_llr);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_CHAIN_H */
