/* What the GPU turbo tests compare: a decode's outputs, equal bit for bit or not.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_QA_TURBO_GPU_UTIL_H
#define INCLUDED_GPUFEC_CUDA_TURBO_QA_TURBO_GPU_UTIL_H

#include <cppunit/extensions/HelperMacros.h>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {
namespace qa_turbo_gpu {

struct decoded {
    std::vector<uint8_t> bits;
    std::vector<float> app;
    std::vector<int> iterations;
};

/* Bit for bit: decisions, a-posteriori LLRs (compared as values: +0 == -0) and iterations. */
inline void expect_same(const decoded& cpu, const decoded& gpu, const std::string& what)
{
    for (size_t i = 0; i < cpu.bits.size(); ++i)
        if (cpu.bits[i] != gpu.bits[i] || !(cpu.app[i] == gpu.app[i]))
            CPPUNIT_FAIL(what + ": first difference at decision " + std::to_string(i) + ": CPU " +
                         std::to_string(cpu.bits[i]) + " (app " + std::to_string(cpu.app[i]) + "), GPU " +
                         std::to_string(gpu.bits[i]) + " (app " + std::to_string(gpu.app[i]) + ")");
    for (size_t b = 0; b < cpu.iterations.size(); ++b)
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": iterations of block " + std::to_string(b), cpu.iterations[b],
                                     gpu.iterations[b]);
}

inline size_t errors(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b)
{
    size_t e = 0;
    for (size_t i = 0; i < a.size(); ++i)
        e += a[i] != b[i];
    return e;
}

} // namespace qa_turbo_gpu
} // namespace gpufec
} // namespace gr

#endif
