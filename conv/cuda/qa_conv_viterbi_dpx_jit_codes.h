/* Codes outside the DPX catalogue (accepted by conv_code: distinct, not catastrophic): what the
 * JIT tests instantiate (the host emulation, NVRTC without a GPU, the GPU against the CPU).
 * Generators that tap both ends: K=7 r1/2 155/117, K=5 r1/4 27/31/35/37, K=9 r1/3 515/677/435
 * (a team of 4), K=8 r1/3 225/331/367 (a team of 2), K=6 r1/3 75/53/47, K=3 r1/2 5/7 (the
 * catalogue's 7/5 swapped). Generators that miss an end tap (the butterfly's general form):
 * K=7 r1/3 171/133/164 (164 misses the oldest bit), K=7 r1/2 73/171 (73 misses the newest),
 * K=5 r1/2 23/36 (the oldest), K=9 r1/3 557/663/311 (the newest; a team of 4), K=8 r1/2
 * 247/344 (the oldest; a team of 2), K=6 r1/4 75/53/36/46 (36 misses both, 46 the oldest),
 * K=4 r1/2 12/7 (neither generator taps both ends) and K=3 r1/3 7/5/3.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_QA_VITERBI_DPX_JIT_CODES_H
#define INCLUDED_GPUFEC_CUDA_QA_VITERBI_DPX_JIT_CODES_H

#include "conv_viterbi_tile_dpx_catalogue.h"

namespace gr {
namespace gpufec {
namespace cuda {

using dpx_jit_examples = dpx_code_list<dpx_code<7, 0155, 0117>,
                                       dpx_code<5, 027, 031, 035, 037>,
                                       dpx_code<9, 0515, 0677, 0435>,
                                       dpx_code<8, 0225, 0331, 0367>,
                                       dpx_code<6, 075, 053, 047>,
                                       dpx_code<3, 05, 07>,
                                       dpx_code<7, 0171, 0133, 0164>,
                                       dpx_code<7, 073, 0171>,
                                       dpx_code<5, 023, 036>,
                                       dpx_code<9, 0557, 0663, 0311>,
                                       dpx_code<8, 0247, 0344>,
                                       dpx_code<6, 075, 053, 036, 046>,
                                       dpx_code<4, 012, 07>,
                                       dpx_code<3, 07, 05, 03>>;

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
