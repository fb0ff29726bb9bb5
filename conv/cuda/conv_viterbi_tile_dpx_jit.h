/* The DPX kernels compiled at run time with NVRTC for codes outside the catalogue
 * (docs/viterbi.md, "JIT"): the kernel text that nvcc compiles for the catalogue
 * (conv_viterbi_tile_dpx_kernels.cuh and what it includes, embedded by CMake), instantiated with the
 * code's K and generators, for the current device's architecture, loaded with the runtime's
 * library API (no driver library to link) and cached for the life of the process.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_JIT_H
#define INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_JIT_H

#include "conv_viterbi_tile_kernels.h"
#include <string>

namespace gr {
namespace gpufec {
namespace cuda {

/*! A code the DPX kernel template can take: K 3..9, n 2..4, any generators (the butterfly's
 *  general form, conv_viterbi_tile_dpx_core.h). */
bool viterbi_dpx_jit_code(const conv::trellis& t);

/*! False when the environment variable GPUFEC_VITERBI_JIT is "0" (read once, at the first call)
 *  or after set_viterbi_dpx_jit_enabled(false): codes outside the catalogue then take the warp
 *  kernel. */
bool viterbi_dpx_jit_enabled();

/*! Turns the JIT on or off for the whole process from now on (tests that decode many random
 *  codes on the warp kernel instead of compiling each). Kernels already compiled stay cached. */
void set_viterbi_dpx_jit_enabled(bool on);

/*! What NVRTC made of the kernel text for one code. */
struct dpx_jit_program {
    std::string cubin;      //!< for the architecture asked for
    std::string tile_name;  //!< lowered name of dpx::tile_kernel<K, G...>
    std::string frame_name; //!< lowered name of dpx::frame_kernel<K, G...>
};

/*!
 * Compiles the embedded kernel text for @p t to a cubin for sm_<arch> (90 for Hopper). Needs no
 * GPU.
 * @throws std::invalid_argument when viterbi_dpx_jit_code(t) is false
 * @throws std::runtime_error when NVRTC fails (its message and log in what())
 */
dpx_jit_program compile_viterbi_dpx_jit(const conv::trellis& t, int arch);

/*! The JIT kernels of @p t on the current device: compiled and loaded at the first call (under
 *  one mutex), then from the cache; nulls when that failed (logged once to stderr). */
dpx_kernel_handles viterbi_dpx_jit_kernels(const conv::trellis& t);

/*! Seconds the first viterbi_dpx_jit_kernels call for @p t on the current device spent compiling
 *  and loading; negative when there has been none or it failed. */
double viterbi_dpx_jit_seconds(const conv::trellis& t);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_JIT_H */
