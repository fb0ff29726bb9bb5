/* The code a source encodes with and a decoder decodes: one object that all of them share, so
 * they cannot disagree about its parameters.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CODE_H
#define INCLUDED_GPUFEC_CODE_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * @brief A channel code, seen from the sources and the BER tools.
 *
 * Encoding works on whole blocks: a block is a frame for framed codes and one puncturing period
 * for streaming codes. Bits are unpacked bytes holding 0 or 1.
 */
class GPUFEC_CORE_API code
{
public:
    virtual ~code();

    /*! @brief The code family ("uncoded", "conv", ...): the key under which a family registers
     *  what it provides beyond this interface (a GPU encoder, a BER-tool entry). */
    virtual std::string family() const = 0;
    /*! @brief A short human-readable description, e.g. "uncoded" or "conv K=7 [171,133] r3/4". */
    virtual std::string name() const = 0;
    /*! @brief Information bits per block. */
    virtual size_t info_bits_per_block() const = 0;
    /*! @brief Channel (coded) bits per block, tails and puncturing included. */
    virtual size_t coded_bits_per_block() const = 0;
    /*!
     * @brief Encodes @p n_blocks consecutive blocks on the CPU.
     * @param info n_blocks * info_bits_per_block() bits
     * @param coded n_blocks * coded_bits_per_block() bits out
     * Codes whose blocks depend on earlier bits (streaming convolutional codes) read
     * history_bits() bits before @p info[0]: the caller keeps them valid.
     */
    virtual void encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const = 0;

    /*! @brief Information bits before a block that its encoding depends on (0 for framed codes). */
    virtual size_t history_bits() const { return 0; }

    /*! @brief Information bits per channel bit, tails and puncturing included. */
    double rate() const
    {
        return static_cast<double>(info_bits_per_block()) /
               static_cast<double>(coded_bits_per_block());
    }
};

using code_sptr = std::shared_ptr<const code>;

/*! @brief The identity code: one channel bit per information bit. */
class GPUFEC_CORE_API uncoded_code final : public code
{
public:
    std::string family() const override { return "uncoded"; }
    std::string name() const override { return "uncoded"; }
    size_t info_bits_per_block() const override { return 1; }
    size_t coded_bits_per_block() const override { return 1; }
    void encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const override;
};

/*! @brief A shared identity code (Python: gpufec.uncoded()). */
GPUFEC_CORE_API code_sptr uncoded();

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CODE_H */
