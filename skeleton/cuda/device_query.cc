/* Device discovery through the CUDA runtime. No driver or no device means zero devices: the
 * CPU backends then serve AUTO.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "device_caps.h"
#include "cuda_check.h"
#include <gnuradio/gpufec/core/backend.h>
#include <cuda_runtime.h>

namespace gr {
namespace gpufec {

bool built_with_cuda() { return true; }

int cuda_device_count()
{
    static const int count = [] {
        int n = 0;
        if (cudaGetDeviceCount(&n) != cudaSuccess) {
            (void)cudaGetLastError(); // clear the sticky "no driver" error
            return 0;
        }
        return n;
    }();
    return count;
}

std::string cuda_device_name(int device)
{
    if (device < 0 || device >= cuda_device_count())
        return "";
    try {
        return cuda::caps_of(device).name;
    } catch (const cuda::error&) {
        return "";
    }
}

} // namespace gpufec
} // namespace gr
