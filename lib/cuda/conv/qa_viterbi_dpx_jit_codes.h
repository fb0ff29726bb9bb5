/* Codes outside the DPX catalogue whose generators all tap both ends (not catastrophic): what
 * the JIT tests instantiate (the host emulation, NVRTC without a GPU, the GPU against the CPU).
 * K=7 r1/2 155/117, K=5 r1/4 27/31/35/37, K=9 r1/3 515/677/435 (a team of 4), K=8 r1/3
 * 225/331/367 (a team of 2), K=6 r1/3 75/53/47, K=3 r1/2 5/7 (the catalogue's 7/5 swapped).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_QA_VITERBI_DPX_JIT_CODES_H
#define INCLUDED_GPUFEC_CUDA_QA_VITERBI_DPX_JIT_CODES_H

#include "cuda/conv/viterbi_tile_dpx_catalogue.h"

namespace gr {
namespace gpufec {
namespace cuda {

using dpx_jit_examples = dpx_code_list<dpx_code<7, 0155, 0117>,
                                       dpx_code<5, 027, 031, 035, 037>,
                                       dpx_code<9, 0515, 0677, 0435>,
                                       dpx_code<8, 0225, 0331, 0367>,
                                       dpx_code<6, 075, 053, 047>,
                                       dpx_code<3, 05, 07>>;

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
