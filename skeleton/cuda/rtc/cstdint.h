/* <cstdint> for kernel sources compiled by NVRTC, which has no host standard library
 * (viterbi_tile_dpx_jit.cc gives it this text under the name "cstdint"). The widths are those
 * of the LP64 host the library is built for, so a struct has one layout on both sides.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_RTC_CSTDINT_H
#define INCLUDED_GPUFEC_CUDA_RTC_CSTDINT_H

typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long uint64_t;
typedef unsigned long uintptr_t;

namespace std {
using ::int16_t;
using ::int32_t;
using ::int64_t;
using ::int8_t;
using ::uint16_t;
using ::uint32_t;
using ::uint64_t;
using ::uint8_t;
using ::uintptr_t;
} // namespace std

#endif
