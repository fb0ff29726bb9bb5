/* Time-varying block codes (Briffa's notation): N positions, each with its own injective
 * codebook C_i mapping a q-ary symbol to n bits; a frame is tau = n N bits. The inner code of
 * the insertion/deletion MAP decoder (bsid_map.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_TVB_CODE_H
#define INCLUDED_GPUFEC_TVB_CODE_H

#include <gnuradio/gpufec/core/code.h>
#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*!
 * @brief A time-varying block code: codebooks C_0 .. C_{N-1}, each q codewords of n bits.
 *
 * Limits: 1 <= n <= 32, q a power of two with 2 <= q <= 2^n and q <= 65536, N >= 1, and
 * n N < 2^31. As a gr::gpufec::code (for the sources and the BER tool) a block is one frame:
 * log2(q) information bits per symbol, most significant first, N symbols.
 */
class GPUFEC_CORE_API tvb_code final : public code
{
public:
    /*!
     * @param codebooks N * q * n bits (0 or 1), codebook i, symbol d, bit k at
     *        [(i q + d) n + k], bits in transmission order; empty: built by @p construction
     * @param construction "random" (seeded random injective codebooks), "watermark"
     *        (Davey-MacKay: the q sparsest n-bit words, XORed with a seeded pseudo-random
     *        watermark word per position) or "marker" (log2(q) data bits, then n - log2(q)
     *        bits of the marker pattern 0101...); ignored when codebooks are given
     * @throws std::invalid_argument on sizes outside the limits, codebooks of the wrong size,
     *         bytes other than 0 and 1, a codebook that is not injective (naming the position
     *         and the two symbols), or an unknown construction (naming the allowed ones)
     */
    tvb_code(size_t n,
             size_t q,
             size_t N,
             const std::vector<uint8_t>& codebooks = {},
             const std::string& construction = "random",
             uint64_t seed = 0);
    static std::shared_ptr<const tvb_code> make(size_t n,
                                                size_t q,
                                                size_t N,
                                                const std::vector<uint8_t>& codebooks = {},
                                                const std::string& construction = "random",
                                                uint64_t seed = 0);

    size_t n() const { return m_n; }
    size_t q() const { return m_q; }
    size_t N() const { return m_N; }
    /*! @brief Frame length tau = n N bits. */
    size_t tau() const { return m_n * m_N; }
    /*! @brief log2(q). */
    unsigned bits_per_symbol() const { return m_bits_per_symbol; }
    /*! @brief "random", "watermark", "marker" or "custom". */
    const std::string& construction() const { return m_construction; }
    /*! @brief The codebooks as the constructor takes them: N * q * n bits. */
    const std::vector<uint8_t>& codebooks() const { return m_codebooks; }
    /*! @brief Codeword of symbol @p d at position @p i, packed: bit k (transmission order) in
     *  bit n-1-k, so that the first bit sent is the most significant. */
    uint32_t codeword(size_t i, size_t d) const { return m_packed[i * m_q + d]; }
    /*! @brief All codewords packed as codeword() gives them: N * q words. */
    const std::vector<uint32_t>& packed() const { return m_packed; }

    /*!
     * @brief Encodes @p n_frames messages of N symbols each into tau bits each.
     * @throws std::invalid_argument when a symbol is >= q (naming frame, position and value)
     */
    void encode_symbols(const uint32_t* symbols, uint8_t* bits, size_t n_frames) const;

    /* code interface: a block is one frame */
    std::string family() const override { return "tvb"; }
    /*! @brief "TVB n=.. q=.. N=.. <construction>". */
    std::string name() const override;
    size_t info_bits_per_block() const override { return m_N * m_bits_per_symbol; }
    size_t coded_bits_per_block() const override { return tau(); }
    void encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const override;

private:
    size_t m_n;
    size_t m_q;
    size_t m_N;
    unsigned m_bits_per_symbol;
    std::string m_construction;
    std::vector<uint8_t> m_codebooks;
    std::vector<uint32_t> m_packed;
};

using tvb_code_sptr = std::shared_ptr<const tvb_code>;

/*! @brief Symbols from bits, log2(q) bits per symbol, most significant first. */
GPUFEC_CORE_API std::vector<uint32_t> tvb_symbols_from_bits(const tvb_code& code,
                                                            const uint8_t* bits,
                                                            size_t n_bits);
/*! @brief Bits from symbols, log2(q) bits per symbol, most significant first. */
GPUFEC_CORE_API std::vector<uint8_t> tvb_bits_from_symbols(const tvb_code& code,
                                                           const uint32_t* symbols,
                                                           size_t n_symbols);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_TVB_CODE_H */
