/* Whether the GPU tests run with the driver told to ignore machine code and compile the
 * embedded PTX instead (CUDA_FORCE_PTX_JIT=1: scripts/device-check's PTX pass). The build's PTX
 * is that of the oldest supported GPU, so the kernels only Hopper's machine code holds (DPX,
 * clusters) must then be reported absent and never launched; without it, a Hopper must run
 * them. The tests take this from the environment, not from the code they test.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_TEST_QA_PTX_JIT_H
#define INCLUDED_GPUFEC_TEST_QA_PTX_JIT_H

#include <cstdlib>
#include <cstring>

namespace gr {
namespace gpufec {
namespace qa {

inline bool ptx_jit_forced()
{
    const char* v = std::getenv("CUDA_FORCE_PTX_JIT");
    return v && std::strcmp(v, "1") == 0;
}

} // namespace qa
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_TEST_QA_PTX_JIT_H */
