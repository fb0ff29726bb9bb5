/* One CPU SIMD dispatch for every family's x86 kernels. A kernel for an instruction set lives
 * in a file of its own (<family>_..._<isa>.cc, listed with the family's CORE files), compiled
 * for its target between GPUFEC_SIMD_TARGET_BEGIN and GPUFEC_SIMD_TARGET_END, and empty where
 * GPUFEC_X86_SIMD is 0; the family's portable code runs everywhere, and its dispatcher calls a
 * kernel only for an instruction set that available_simd() lists.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_SIMD_H
#define INCLUDED_GPUFEC_CORE_SIMD_H

#include <string>
#include <vector>

// x86-64 with GCC or Clang (whose __GNUC__ is defined too): target pragmas and
// __builtin_cpu_supports.
#if defined(__x86_64__) && defined(__GNUC__)
#define GPUFEC_X86_SIMD 1
#else
#define GPUFEC_X86_SIMD 0
#endif

#define GPUFEC_PRAGMA(x) _Pragma(#x)
/* What follows, up to GPUFEC_SIMD_TARGET_END, is compiled for the target @p t (e.g.
 * "avx2,bmi2"); the inline functions of headers included before it keep the baseline target,
 * so the linker cannot hand such copies of them to other files. */
#if defined(__clang__)
#define GPUFEC_SIMD_TARGET_BEGIN(t) \
    GPUFEC_PRAGMA(clang attribute push(__attribute__((target(t))), apply_to = function))
#define GPUFEC_SIMD_TARGET_END GPUFEC_PRAGMA(clang attribute pop)
#else
#define GPUFEC_SIMD_TARGET_BEGIN(t) GPUFEC_PRAGMA(GCC push_options) GPUFEC_PRAGMA(GCC target(t))
#define GPUFEC_SIMD_TARGET_END GPUFEC_PRAGMA(GCC pop_options)
#endif

namespace gr {
namespace gpufec {

/*! Instruction sets of the kernels; `scalar` is a family's portable code. */
enum class simd { scalar, sse2, avx2, avx512 };

std::string to_string(simd s);

/*! The instruction sets this build and this CPU both have, scalar first, best last (avx512:
 *  AVX-512 F and BW). */
std::vector<simd> available_simd();

} // namespace gpufec
} // namespace gr

#endif
