/* Every CUDA runtime call goes through GPUFEC_CUDA_CHECK: a failure throws with the call, the
 * file and line, and CUDA's own message, instead of printing and carrying on.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_CHECK_H
#define INCLUDED_GPUFEC_CUDA_CHECK_H

#include <cuda_runtime.h>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {
namespace cuda {

/*! @brief A failed CUDA call. */
class error : public std::runtime_error
{
public:
    error(cudaError_t code, const char* call, const char* file, int line)
        : std::runtime_error(std::string(call) + " failed at " + file + ":" +
                             std::to_string(line) + ": " + cudaGetErrorName(code) + ": " +
                             cudaGetErrorString(code)),
          m_code(code)
    {
    }
    cudaError_t code() const { return m_code; }

private:
    cudaError_t m_code;
};

inline void check(cudaError_t code, const char* call, const char* file, int line)
{
    if (code != cudaSuccess)
        throw error(code, call, file, line);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr

#define GPUFEC_CUDA_CHECK(call) ::gr::gpufec::cuda::check((call), #call, __FILE__, __LINE__)
/* After a kernel launch: catches bad launch configurations at once (not kernel faults, which
 * surface at the next synchronising call, also checked). */
#define GPUFEC_CUDA_CHECK_LAUNCH() \
    ::gr::gpufec::cuda::check(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)

#endif /* INCLUDED_GPUFEC_CUDA_CHECK_H */
