/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "simd.h"

namespace gr {
namespace gpufec {

std::string to_string(simd s)
{
    switch (s) {
    case simd::sse2:
        return "sse2";
    case simd::avx2:
        return "avx2";
    case simd::avx512:
        return "avx512";
    default:
        return "scalar";
    }
}

std::vector<simd> available_simd()
{
    std::vector<simd> v{ simd::scalar };
#if GPUFEC_X86_SIMD
    v.push_back(simd::sse2); // x86-64's baseline
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        v.push_back(simd::avx2);
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw"))
        v.push_back(simd::avx512);
#endif
    return v;
}

} // namespace gpufec
} // namespace gr
