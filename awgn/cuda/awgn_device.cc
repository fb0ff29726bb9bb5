/* The public device entry points (awgn_device.h) over the launchers the CUDA backends use.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "awgn/core/awgn_bpsk_backends.h"
#include "awgn/core/awgn_coded_blocks_cuda.h"
#include "awgn_bpsk_kernels.h"
#include <gnuradio/gpufec/awgn/awgn_device.h>

namespace gr {
namespace gpufec {
namespace device {

void awgn_coded_blocks(const code& c,
                       uint64_t first_block,
                       size_t n_blocks,
                       uint64_t seed,
                       const awgn_noise& noise,
                       soft_output out,
                       uint8_t* info,
                       uint8_t* coded,
                       float* soft,
                       stream_t stream)
{
    cuda::launch_coded_blocks(c, first_block, n_blocks, seed, sample_params(noise, out), info, coded, soft,
                              stream);
}

void awgn_coded_blocks(const code& c,
                       uint64_t first_block,
                       size_t n_blocks,
                       uint64_t seed,
                       const awgn_noise& noise,
                       soft_output out,
                       uint8_t* info,
                       uint8_t* coded,
                       int8_t* llr,
                       float llr_scale,
                       stream_t stream)
{
    cuda::launch_coded_blocks(c, first_block, n_blocks, seed, sample_params(noise, out), info, coded, llr,
                              llr_scale, stream);
}

void awgn_uncoded_source(uint8_t* info,
                         float* soft,
                         size_t n,
                         uint64_t first,
                         uint64_t seed,
                         const awgn_noise& noise,
                         soft_output out,
                         stream_t stream)
{
    cuda::launch_uncoded_source(info, soft, n, first, seed, sample_params(noise, out), stream);
}

void awgn_bpsk(const uint8_t* bits,
               float* soft,
               size_t n,
               uint64_t first,
               uint64_t seed,
               const awgn_noise& noise,
               soft_output out,
               stream_t stream)
{
    cuda::launch_awgn_bpsk(bits, soft, n, first, seed, sample_params(noise, out), stream);
}

void awgn_info_bits(uint8_t* bits, size_t n, uint64_t first, uint64_t seed, stream_t stream)
{
    cuda::launch_info_bits(bits, n, first, seed, stream);
}

} // namespace device
} // namespace gpufec
} // namespace gr
