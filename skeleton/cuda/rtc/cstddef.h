/* <cstddef> for kernel sources compiled by NVRTC (see cstdint.h): size_t is built in there.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_RTC_CSTDDEF_H
#define INCLUDED_GPUFEC_CUDA_RTC_CSTDDEF_H

namespace std {
using ::size_t;
} // namespace std

#endif
