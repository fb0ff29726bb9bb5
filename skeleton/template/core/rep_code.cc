/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "skeleton/core/checked_size.h"
#include <gnuradio/gpufec/rep/rep_code.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

std::shared_ptr<const rep_code> rep_code::make(long long K, long long n)
{
    if (K < 1)
        throw std::invalid_argument("K = " + std::to_string(K) +
                                    ": a frame holds at least 1 information bit (K >= 1)");
    if (n < 1)
        throw std::invalid_argument("n = " + std::to_string(n) +
                                    ": each bit is sent at least once (n >= 1)");
    const size_t k = static_cast<size_t>(K), copies = static_cast<size_t>(n);
    detail::checked_mul(k, copies, "K", "copies of each bit");
    return std::shared_ptr<const rep_code>(new rep_code(k, copies));
}

std::string rep_code::name() const
{
    return "repetition K=" + std::to_string(m_K) + " n=" + std::to_string(m_n);
}

void rep_code::encode(const uint8_t* info, uint8_t* coded, size_t n_blocks) const
{
    const size_t bits = detail::checked_mul(n_blocks, m_K, "n_blocks", "bits per frame");
    for (size_t i = 0; i < bits; ++i)
        for (size_t c = 0; c < m_n; ++c)
            *coded++ = info[i] != 0;
}

} // namespace gpufec
} // namespace gr
