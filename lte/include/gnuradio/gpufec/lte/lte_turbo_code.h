/* The LTE turbo code (3GPP TS 36.212 §5.1.3.2): one code block size K and its QPP interleaver.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_LTE_TURBO_CODE_H
#define INCLUDED_GPUFEC_LTE_TURBO_CODE_H

#include <gnuradio/gpufec/core/code.h>
#include <gnuradio/gpufec/core/core_api.h>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * @brief The rate-1/3 LTE turbo code of one code block size K (docs/turbo.md).
 *
 * A block is K information bits and 3 (K + 4) coded bits: the three streams d(0) | d(1) | d(2)
 * of TS 36.212 §5.1.3.2, each K + 4 bits (K data bits, then 4 of the 12 termination bits),
 * concatenated in that order. d(0) is systematic, d(1) the first encoder's parity, d(2) the
 * second (interleaved) encoder's parity.
 */
class GPUFEC_CORE_API lte_turbo_code final : public code
{
public:
    /*!
     * @param K a code block size of TS 36.212 Table 5.1.3-3: 40..512 in steps of 8,
     *        528..1024 in steps of 16, 1056..2048 in steps of 32, 2112..6144 in steps of 64
     * @throws std::invalid_argument naming K and the allowed sizes
     */
    explicit lte_turbo_code(long long K);

    static std::shared_ptr<const lte_turbo_code> make(long long K);

    /*! @brief True when @p K is one of the 188 code block sizes. */
    static bool is_block_size(long long K);
    /*! @brief The 188 code block sizes, ascending. */
    static const std::vector<size_t>& block_sizes();

    size_t K() const { return m_K; }
    /*! @brief The interleaver coefficients of Table 5.1.3-3. */
    unsigned f1() const { return m_f1; }
    unsigned f2() const { return m_f2; }
    /*! @brief Bits per stream d(i): K + 4. */
    size_t stream_bits() const { return m_K + 4; }
    /*!
     * @brief The QPP permutation: bit i of the second encoder's input is information bit
     * interleaver()[i] = (f1 i + f2 i^2) mod K.
     */
    const std::vector<uint32_t>& interleaver() const { return m_pi; }

    /* code interface */
    std::string family() const override { return "lte_turbo"; }
    /*! @brief "LTE turbo K=<K>". */
    std::string name() const override;
    size_t info_bits_per_block() const override { return m_K; }
    size_t coded_bits_per_block() const override { return 3 * (m_K + 4); }
    void encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const override;

private:
    size_t m_K;
    unsigned m_f1;
    unsigned m_f2;
    std::vector<uint32_t> m_pi;
};

using lte_turbo_code_sptr = std::shared_ptr<const lte_turbo_code>;

/*!
 * @brief Encodes whole blocks: @p bits holds K bits or a whole number of blocks of K bits.
 * @return 3 (K + 4) coded bits per block, d(0) | d(1) | d(2) (any nonzero input byte is a 1)
 * @throws std::invalid_argument when bits.size() is not a positive multiple of K
 */
GPUFEC_CORE_API std::vector<uint8_t> lte_turbo_encode(const lte_turbo_code& code,
                                                      const std::vector<uint8_t>& bits);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_TURBO_CODE_H */
