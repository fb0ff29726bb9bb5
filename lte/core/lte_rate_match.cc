/* Rate matching for turbo coded transport channels (TS 36.212 §5.1.4.1) and its inverse.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte_rate_dematch.h"
#include <gnuradio/gpufec/lte/lte_chain.h>
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

constexpr uint32_t columns = 32;
/* Inter-column permutation pattern of the sub-block interleaver (Table 5.1.4-1). */
constexpr uint32_t column_permutation[columns] = { 0,  16, 8,  24, 4,  20, 12, 28,
                                                   2,  18, 10, 26, 6,  22, 14, 30,
                                                   1,  17, 9,  25, 5,  21, 13, 29,
                                                   3,  19, 11, 27, 7,  23, 15, 31 };
constexpr uint32_t null_bit = 0xFFFFFFFFu;

/* The circular buffer w as indices into d(0) | d(1) | d(2) (null_bit for <NULL>). */
std::vector<uint32_t> circular_buffer(size_t K, size_t filler, uint32_t& rows)
{
    const uint32_t D = static_cast<uint32_t>(K + 4);
    rows = (D + columns - 1) / columns;
    const uint32_t K_pi = rows * columns;
    const uint32_t dummies = K_pi - D; // <NULL> bits padded at the front of each stream
    // y position -> d index of stream i, or null.
    const auto source = [&](uint32_t i, uint32_t y) {
        if (y < dummies)
            return null_bit;
        const uint32_t k = y - dummies;
        if (i < 2 && k < filler) // filler bits: systematic and first parity are <NULL>
            return null_bit;
        return i * D + k;
    };
    std::vector<uint32_t> w(3 * size_t(K_pi));
    for (uint32_t k = 0; k < K_pi; ++k) {
        // Read column by column after the permutation; d(2) is read one position later.
        const uint32_t pi = column_permutation[k / rows] + columns * (k % rows);
        w[k] = source(0, pi);
        w[K_pi + 2 * k] = source(1, pi);
        w[K_pi + 2 * k + 1] = source(2, (pi + 1) % K_pi);
    }
    return w;
}

} // namespace

size_t lte_circular_buffer_length(size_t K) { return 3 * columns * ((K + 4 + columns - 1) / columns); }

std::vector<uint32_t> lte_rate_match_indices(const lte_turbo_code& code,
                                             size_t E,
                                             int rv,
                                             size_t ncb,
                                             size_t filler)
{
    const size_t K = code.K();
    if (E < 1)
        throw std::invalid_argument("E = 0 output bits: rate matching needs E >= 1");
    if (E > lte_rate_match_max_bits)
        throw std::invalid_argument("E = " + std::to_string(E) + " output bits is out of range: "
                                    "allowed is 1 to " + std::to_string(lte_rate_match_max_bits));
    turbo::check_rv(rv);
    if (filler >= K)
        throw std::invalid_argument("filler = " + std::to_string(filler) +
                                    " bits: a block of K = " + std::to_string(K) +
                                    " allows 0 to " + std::to_string(K - 1));
    uint32_t rows = 0;
    const std::vector<uint32_t> w = circular_buffer(K, filler, rows);
    const size_t K_w = w.size();
    if (ncb > K_w)
        throw std::invalid_argument("ncb = " + std::to_string(ncb) + " exceeds the circular buffer: "
                                    "allowed are 0 (the whole buffer) and 1 to K_w = " +
                                    std::to_string(K_w));
    const size_t N_cb = ncb ? ncb : K_w;
    size_t sendable = 0;
    for (size_t j = 0; j < N_cb; ++j)
        sendable += w[j] != null_bit;
    if (sendable == 0)
        throw std::invalid_argument("ncb = " + std::to_string(ncb) +
                                    " holds only <NULL> bits: it must reach past the first " +
                                    "dummy and filler bits of the buffer");
    const size_t k0 = rows * (2 * ((N_cb + 8 * rows - 1) / (8 * rows)) * size_t(rv) + 2);
    std::vector<uint32_t> e(E);
    for (size_t k = 0, j = k0 % N_cb; k < E; j = (j + 1 == N_cb ? 0 : j + 1))
        if (w[j] != null_bit)
            e[k++] = w[j];
    return e;
}

std::vector<uint8_t> lte_rate_match(const lte_turbo_code& code,
                                    const std::vector<uint8_t>& d,
                                    size_t E,
                                    int rv,
                                    size_t ncb,
                                    size_t filler)
{
    if (d.size() != code.coded_bits_per_block())
        throw std::invalid_argument("lte_rate_match: got " + std::to_string(d.size()) +
                                    " bits: a block of " + code.name() + " has 3 (K + 4) = " +
                                    std::to_string(code.coded_bits_per_block()));
    const auto idx = lte_rate_match_indices(code, E, rv, ncb, filler);
    std::vector<uint8_t> e(E);
    for (size_t k = 0; k < E; ++k)
        e[k] = d[idx[k]] != 0;
    return e;
}

std::vector<float> lte_rate_dematch(const lte_turbo_code& code,
                                    const std::vector<float>& llrs,
                                    int rv,
                                    size_t ncb,
                                    size_t filler,
                                    float filler_llr)
{
    const auto idx = lte_rate_match_indices(code, llrs.size(), rv, ncb, filler);
    std::vector<float> d(code.coded_bits_per_block());
    turbo::rate_dematch(idx, llrs.data(), d.data(), d.size());
    const size_t D = code.stream_bits();
    for (size_t k = 0; k < filler; ++k) {
        d[k] = filler_llr;
        d[D + k] = filler_llr;
    }
    return d;
}

namespace turbo {

void check_rv(int rv)
{
    if (rv < 0 || rv > 3)
        throw std::invalid_argument("rv = " + std::to_string(rv) +
                                    " is not a redundancy version: allowed are 0, 1, 2, 3");
}

void rate_dematch(const std::vector<uint32_t>& index, const float* llrs, float* d, size_t n_d)
{
    std::fill(d, d + n_d, 0.0f);
    for (size_t k = 0; k < index.size(); ++k)
        d[index[k]] += llrs[k];
}

} // namespace turbo

} // namespace gpufec
} // namespace gr
