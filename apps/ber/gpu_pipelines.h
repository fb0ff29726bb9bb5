/* The GPU-resident simulations of the code families (built with CUDA only): everything from
 * the random bits to the error counts stays on the device; per batch only the two counters
 * come back.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_GPU_PIPELINES_H
#define INCLUDED_GPUFEC_BER_GPU_PIPELINES_H

#include "simulator.h"
#include <gnuradio/gpufec/conv/conv_code.h>
#include <memory>

namespace gpufec_ber {

/*! Uncoded BPSK, hard decisions: the same figures as the host simulation. */
std::unique_ptr<frame_simulator> make_uncoded_gpu(size_t frame_bits, const sim_setup& setup);

/*! A convolutional code decoded by the CUDA Viterbi kernels: framed codes frame by frame,
 *  streaming codes as the complete tiles of one endless stream (stream_plan.h), with
 *  viterbi_tiling::defaults, as the CPU engine decodes them. */
std::unique_ptr<frame_simulator> make_conv_gpu(gr::gpufec::conv_code_sptr c,
                                               size_t frame_bits,
                                               float llr_scale,
                                               const sim_setup& setup);

} // namespace gpufec_ber

#endif
