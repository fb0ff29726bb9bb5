/* Makes a device current for a scope. The CUDA runtime's current device is per host thread,
 * and a GNU Radio block is built on one thread and works on another: every backend entry point
 * that touches the device opens a guard for its own device first.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_PIPELINE_DEVICE_GUARD_H
#define INCLUDED_GPUFEC_CUDA_PIPELINE_DEVICE_GUARD_H

#include "cuda_check.h"

namespace gr {
namespace gpufec {
namespace cuda {

class device_guard
{
public:
    explicit device_guard(int device)
    {
        GPUFEC_CUDA_CHECK(cudaGetDevice(&m_previous));
        if (device != m_previous)
            GPUFEC_CUDA_CHECK(cudaSetDevice(device));
    }
    ~device_guard() { (void)cudaSetDevice(m_previous); }
    device_guard(const device_guard&) = delete;
    device_guard& operator=(const device_guard&) = delete;

private:
    int m_previous = 0;
};

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
