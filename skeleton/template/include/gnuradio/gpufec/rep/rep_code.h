/* The repetition code: each of a frame's K bits sent n times in a row. The template family's
 * code (scripts/new-family copies it); a real family's code object goes here, with the same
 * duties: parameters checked once with errors that name them, and the CPU encoder.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_REP_CODE_H
#define INCLUDED_GPUFEC_REP_CODE_H

#include <gnuradio/gpufec/core/code.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace gr {
namespace gpufec {

class GPUFEC_CORE_API rep_code final : public code
{
public:
    /*!
     * @param K information bits per frame, >= 1
     * @param n copies of each bit, >= 1
     * @throws std::invalid_argument naming K or n, its value and what is allowed (K n must
     *         fit a size)
     */
    static std::shared_ptr<const rep_code> make(long long K, long long n);

    std::string family() const override { return "rep"; }
    std::string name() const override;
    size_t info_bits_per_block() const override { return m_K; }
    size_t coded_bits_per_block() const override { return m_K * m_n; }
    void encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const override;

    size_t K() const { return m_K; }
    size_t n() const { return m_n; }

private:
    rep_code(size_t K, size_t n) : m_K(K), m_n(n) {}

    size_t m_K;
    size_t m_n;
};

using rep_code_sptr = std::shared_ptr<const rep_code>;

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_REP_CODE_H */
