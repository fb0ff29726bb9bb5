/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lte_qpp_interleaver.h"

namespace gr {
namespace gpufec {
namespace turbo {

std::vector<uint32_t> build_qpp(uint32_t K, uint32_t f1, uint32_t f2)
{
    std::vector<uint32_t> pi(K);
    if (K == 0)
        return pi;
    f1 %= K;
    f2 %= K;
    uint32_t p = 0;                // Pi(i)
    uint32_t step = (f1 + f2) % K; // Pi(i+1) - Pi(i) = f1 + f2 (2i + 1)  (mod K)
    const uint32_t step_growth = (2 * f2) % K;
    for (uint32_t i = 0; i < K; ++i) {
        pi[i] = p;
        p += step;
        if (p >= K)
            p -= K;
        step += step_growth;
        if (step >= K)
            step -= K;
    }
    return pi;
}

} // namespace turbo
} // namespace gpufec
} // namespace gr
