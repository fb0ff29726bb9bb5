/* What the launchers need to know of a GPU, asked of the runtime once per device and process
 * (one place, instead of each family querying attributes its own way). Kernel variants are
 * chosen from these and from whether the variant's kernel was built for the device (a build's
 * PTX for older GPUs holds empty Hopper-only kernels: the launchers check cudaFuncAttributes'
 * ptxVersion for that).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_DEVICE_CAPS_H
#define INCLUDED_GPUFEC_DEVICE_CAPS_H

#include <string>

namespace gr {
namespace gpufec {
namespace cuda {

struct device_caps {
    int device;
    std::string name;
    int major, minor; // compute capability
    int sms;
    int max_threads_per_sm;
    int max_threads_per_block;
    int max_blocks_per_sm;
    int smem_per_block_optin; // bytes a kernel may opt in to
    int smem_per_sm;
    int max_grid_x;
    bool cluster_launch; // thread-block clusters

    int compute_capability() const { return major * 10 + minor; }
    /*! DPX instructions run in hardware (Hopper); elsewhere CUDA emulates them, slower than
     *  the other kernels. Kept to compute capability 9.x until other GPUs are measured. */
    bool dpx_hardware() const { return major == 9; }
};

/*! The capabilities of @p device (throws cuda::error for a device the runtime does not know). */
const device_caps& caps_of(int device);
/*! The capabilities of the calling thread's current device (cudaGetDevice). */
const device_caps& current_device_caps();

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_DEVICE_CAPS_H */
