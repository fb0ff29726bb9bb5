/* A repetition decoder backend: frames of LLRs (the soft-input stage's output) in, decisions
 * out. The CPU one is rep_cpu.cc. A CUDA one would be rep_cuda.cc, registering its factory,
 * of make_rep_cpu's signature, with cuda_backend_registration
 * (skeleton/core/backend_factory.h); the engine needs no change for it.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_REP_BACKEND_H
#define INCLUDED_GPUFEC_REP_BACKEND_H

#include <gnuradio/gpufec/rep/rep.h>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace gr {
namespace gpufec {

class rep_backend
{
public:
    virtual ~rep_backend() = default;
    /*! Frames the engine hands over at most per decode() call. */
    virtual size_t max_batch() const = 0;
    /*! @p n_frames frames of n K LLRs in, K decisions each out. */
    virtual void decode(const float* llr, size_t n_frames, uint8_t* bits) = 0;
};

std::unique_ptr<rep_backend> make_rep_cpu(const rep_code& code, const rep_options& opts);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_REP_BACKEND_H */
