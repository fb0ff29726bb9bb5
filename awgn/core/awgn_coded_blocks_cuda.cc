/* The generator's coded stream on the device: the CUDA generator (awgn_bpsk_cuda.cc) copies
 * it to the host, the BER simulation keeps it on the device.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "awgn_coded_blocks_cuda.h"
#include "skeleton/core/gpu_encoder.h"
#include "awgn/cuda/awgn_bpsk_kernels.h"
#include "skeleton/cuda/cuda_check.h"

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

/* The information bits (with the history before them) and their coded bits. */
void launch_coded_bits(const code& c,
                       uint64_t first_block,
                       size_t n_blocks,
                       uint64_t seed,
                       uint8_t* info,
                       uint8_t* coded,
                       cudaStream_t stream)
{
    const size_t k = c.info_bits_per_block();
    const size_t hist = c.history_bits();
    const uint64_t first_bit = first_block * k;
    const size_t avail = first_bit < hist ? size_t(first_bit) : hist;
    if (avail < hist) // before the stream's start the encoder sees zeros
        GPUFEC_CUDA_CHECK(cudaMemsetAsync(info, 0, hist - avail, stream));
    launch_info_bits(info + hist - avail, avail + n_blocks * k, first_bit - avail, seed, stream);
    gpu_encoder_for(c)(c, info + hist, coded, n_blocks, stream);
}

} // namespace

void launch_coded_blocks(const code& c,
                         uint64_t first_block,
                         size_t n_blocks,
                         uint64_t seed,
                         detail::awgn_sample_params p,
                         uint8_t* info,
                         uint8_t* coded,
                         float* soft,
                         cudaStream_t stream)
{
    const size_t n = c.coded_bits_per_block();
    launch_coded_bits(c, first_block, n_blocks, seed, info, coded, stream);
    launch_awgn_bpsk(coded, soft, n_blocks * n, first_block * n, seed, p, stream);
}

void launch_coded_blocks(const code& c,
                         uint64_t first_block,
                         size_t n_blocks,
                         uint64_t seed,
                         detail::awgn_sample_params p,
                         uint8_t* info,
                         uint8_t* coded,
                         int8_t* llr,
                         float llr_scale,
                         cudaStream_t stream)
{
    const size_t n = c.coded_bits_per_block();
    launch_coded_bits(c, first_block, n_blocks, seed, info, coded, stream);
    launch_awgn_bpsk_int8(coded, llr, n_blocks * n, first_block * n, seed, p, llr_scale, stream);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
