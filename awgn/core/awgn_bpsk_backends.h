/* The backends behind awgn_bpsk_channel_engine and awgn_bpsk_generator (internal).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CHANNEL_AWGN_BPSK_BACKENDS_H
#define INCLUDED_GPUFEC_CORE_CHANNEL_AWGN_BPSK_BACKENDS_H

#include "awgn/common/awgn_sample.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <memory>

namespace gr {
namespace gpufec {

/*! Channel constants for one call, from the public noise description. */
detail::awgn_sample_params sample_params(const awgn_noise& noise, soft_output out);

class awgn_bpsk_channel_engine::backend_impl
{
public:
    virtual ~backend_impl() = default;
    virtual void apply(const uint8_t* bits,
                       float* soft,
                       size_t n,
                       uint64_t first_sample,
                       detail::awgn_sample_params p) = 0;
};

class awgn_bpsk_generator::backend_impl
{
public:
    virtual ~backend_impl() = default;
    /*! Blocks [first_block, first_block + n_blocks) of the stream into host memory. */
    virtual void generate(uint64_t first_block,
                          size_t n_blocks,
                          uint8_t* info,
                          float* soft,
                          detail::awgn_sample_params p) = 0;
    /*! The noise changed: drop anything generated ahead with the old one. */
    virtual void invalidate() {}
};

std::unique_ptr<awgn_bpsk_channel_engine::backend_impl> make_awgn_channel_cpu(uint64_t seed);
std::unique_ptr<awgn_bpsk_generator::backend_impl> make_awgn_generator_cpu(code_sptr c,
                                                                           uint64_t seed);
/* The CUDA backends (awgn_bpsk_cuda.cc) register themselves with backend_factory.h. */

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CHANNEL_AWGN_BPSK_BACKENDS_H */
