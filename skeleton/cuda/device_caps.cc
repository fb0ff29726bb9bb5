/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "device_caps.h"
#include "cuda_check.h"
#include <map>
#include <memory>
#include <mutex>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

device_caps query(int device)
{
    const auto get = [device](cudaDeviceAttr a) {
        int v = 0;
        GPUFEC_CUDA_CHECK(cudaDeviceGetAttribute(&v, a, device));
        return v;
    };
    cudaDeviceProp prop{};
    GPUFEC_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    device_caps c;
    c.device = device;
    c.name = prop.name;
    c.major = get(cudaDevAttrComputeCapabilityMajor);
    c.minor = get(cudaDevAttrComputeCapabilityMinor);
    c.sms = get(cudaDevAttrMultiProcessorCount);
    c.max_threads_per_sm = get(cudaDevAttrMaxThreadsPerMultiProcessor);
    c.max_threads_per_block = get(cudaDevAttrMaxThreadsPerBlock);
    c.max_blocks_per_sm = get(cudaDevAttrMaxBlocksPerMultiprocessor);
    c.smem_per_block_optin = get(cudaDevAttrMaxSharedMemoryPerBlockOptin);
    c.smem_per_sm = get(cudaDevAttrMaxSharedMemoryPerMultiprocessor);
    c.max_grid_x = get(cudaDevAttrMaxGridDimX);
    c.cluster_launch = get(cudaDevAttrClusterLaunch) != 0;
    return c;
}

} // namespace

const device_caps& caps_of(int device)
{
    static std::mutex lock;
    static std::map<int, std::unique_ptr<const device_caps>> known; // guarded by lock
    const std::lock_guard<std::mutex> hold(lock);
    auto& entry = known[device];
    if (!entry)
        entry = std::make_unique<const device_caps>(query(device));
    return *entry;
}

const device_caps& current_device_caps()
{
    int device = 0;
    GPUFEC_CUDA_CHECK(cudaGetDevice(&device));
    return caps_of(device);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
