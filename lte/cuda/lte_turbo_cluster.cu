/* The cluster kernel's launcher: the kernel (lte_turbo_cluster_device.cuh) with a cluster of C
 * thread blocks a code block, C and the threads a window chosen for the device.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "skeleton/cuda/device_caps.h"
#include "lte_turbo_cluster.h"
#include "lte_turbo_cluster_device.cuh"
#include <algorithm>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

using namespace turbo_dev;

constexpr unsigned max_threads = 512; // 128 registers a thread, as the BLOCK kernel
constexpr unsigned min_threads = 128; // the prologues' remote reads want many in flight
constexpr unsigned max_cluster = 16;  // the non-portable limit on Hopper

constexpr size_t round_up(size_t n, size_t m) { return (n + m - 1) / m * m; }

template <class M>
__global__ void __launch_bounds__(max_threads) turbo_cluster_kernel(const __grid_constant__ cluster_args a)
{
    extern __shared__ float4 smem[];
    cluster_kernel_body<M>(a, reinterpret_cast<float*>(smem));
}

using kernel_fn = void (*)(cluster_args);

kernel_fn kernel_for(turbo_algorithm alg)
{
    return alg == turbo_algorithm::LOG_MAP ? turbo_cluster_kernel<gpufec::turbo::log_map>
                                           : turbo_cluster_kernel<max_log_fmax>;
}

/* The current device's cluster support; once per device, each kernel is allowed clusters of
 * 16 and all the device's shared memory. */
struct device_info {
    int device;
    bool clusters;
    int smem_optin;
};

device_info info()
{
    static std::mutex lock;
    static std::vector<device_info> known;
    int dev = 0;
    GPUFEC_CUDA_CHECK(cudaGetDevice(&dev));
    const std::lock_guard<std::mutex> hold(lock);
    for (const device_info& d : known)
        if (d.device == dev)
            return d;
    const device_caps& caps = caps_of(dev);
    device_info d{ dev, false, caps.smem_per_block_optin };
    // Clusters need the hardware and a kernel built for it: a build's PTX for older GPUs,
    // compiled by the driver for a newer one, holds an empty kernel (lte_turbo_cluster_device.cuh).
    cudaFuncAttributes attr;
    GPUFEC_CUDA_CHECK(cudaFuncGetAttributes(&attr, reinterpret_cast<const void*>(kernel_for(turbo_algorithm::MAX_LOG))));
    d.clusters = caps.cluster_launch && attr.ptxVersion >= 90;
    if (d.clusters)
        for (turbo_algorithm alg : { turbo_algorithm::MAX_LOG, turbo_algorithm::LOG_MAP }) {
            GPUFEC_CUDA_CHECK(cudaFuncSetAttribute(kernel_for(alg), cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
            GPUFEC_CUDA_CHECK(cudaFuncSetAttribute(kernel_for(alg), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                   d.smem_optin));
        }
    known.push_back(d);
    return d;
}

/* A launch configuration with the cluster attribute (attr must outlive it). */
cudaLaunchConfig_t launch_config(unsigned C, unsigned grid, unsigned threads, size_t smem, cudaStream_t stream,
                                 cudaLaunchAttribute* attr)
{
    cudaLaunchConfig_t lc{};
    lc.gridDim = dim3(grid);
    lc.blockDim = dim3(threads);
    lc.dynamicSmemBytes = smem;
    lc.stream = stream;
    attr->id = cudaLaunchAttributeClusterDimension;
    attr->val.clusterDim.x = C;
    attr->val.clusterDim.y = 1;
    attr->val.clusterDim.z = 1;
    lc.attrs = attr;
    lc.numAttrs = 1;
    return lc;
}

/* Clusters of this shape resident at once, asked once per device and shape. */
int active_clusters(const device_info& d, turbo_algorithm alg, unsigned C, unsigned threads, size_t smem)
{
    struct entry {
        int device;
        turbo_algorithm alg;
        unsigned C, threads;
        size_t smem;
        int clusters;
    };
    static std::mutex lock;
    static std::vector<entry> known;
    const std::lock_guard<std::mutex> hold(lock);
    for (const entry& e : known)
        if (e.device == d.device && e.alg == alg && e.C == C && e.threads == threads && e.smem == smem)
            return e.clusters;
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t lc = launch_config(C, C, threads, smem, nullptr, &attr);
    int clusters = 0;
    if (smem <= size_t(d.smem_optin) &&
        cudaOccupancyMaxActiveClusters(&clusters, kernel_for(alg), &lc) != cudaSuccess) {
        (void)cudaGetLastError(); // a size the device refuses: none fit
        clusters = 0;
    }
    known.push_back({ d.device, alg, C, threads, smem, clusters });
    return clusters;
}

} // namespace

bool turbo_cluster_supported() { return info().clusters; }

turbo_cluster_plan make_turbo_cluster_plan(const turbo_code_shape& s, const turbo_launch_config& cfg)
{
    const unsigned P = s.params.subblocks;
    const device_info d = info();
    if (!d.clusters)
        throw std::invalid_argument("turbo_kernel::CLUSTER: this device does not launch thread block clusters");
    if (P < 2)
        throw std::invalid_argument("turbo_kernel::CLUSTER needs subblocks >= 2, not " + std::to_string(P));
    const unsigned most = std::min(max_cluster, P);
    if (cfg.cluster_size != 0 && (cfg.cluster_size < 2 || cfg.cluster_size > most))
        throw std::invalid_argument("cluster_size = " + std::to_string(cfg.cluster_size) +
                                    " is not allowed here: use 0 (automatic) or 2.." + std::to_string(most) +
                                    " (at most 16 and at most subblocks = " + std::to_string(P) + ")");
    if (cfg.threads_per_window != 0 && cfg.threads_per_window != 1 && cfg.threads_per_window != 2 &&
        cfg.threads_per_window != 4)
        throw std::invalid_argument("threads_per_window = " + std::to_string(cfg.threads_per_window) +
                                    " is not allowed: use 0 (automatic), 1, 2 or 4");
    for (unsigned C = cfg.cluster_size ? cfg.cluster_size : most; C >= 2; --C) {
        const cluster_split sp{ s.K, P, s.params.guard, C };
        const unsigned W = sp.max_windows();
        turbo_cluster_plan p{};
        p.C = C;
        p.T = cfg.threads_per_window;
        if (p.T == 0)
            p.T = 4 * W <= max_threads ? 4 : 2 * W <= max_threads ? 2 : 1;
        // More tasks than threads (W T > 512) run one after the other, as in the BLOCK kernel.
        p.threads = unsigned(std::clamp<size_t>(round_up(size_t(W) * p.T, 32), min_threads, max_threads));
        p.smem_bytes = cluster_smem(sp, p.T, s.params.stop != early_stop::NONE).total * sizeof(float);
        p.max_clusters = active_clusters(d, s.params.algorithm, C, p.threads, p.smem_bytes);
        if (p.max_clusters > 0)
            return p;
        if (cfg.cluster_size)
            break;
    }
    throw std::invalid_argument("turbo_kernel::CLUSTER: no cluster of " +
                                (cfg.cluster_size ? std::to_string(cfg.cluster_size) : std::string("2..16")) +
                                " thread blocks fits this device for K = " + std::to_string(s.K) +
                                ", subblocks = " + std::to_string(P));
}

void launch_turbo_cluster(const turbo_code_shape& shape,
                          const turbo_cluster_plan& plan,
                          const float* llr,
                          size_t n_blocks,
                          uint8_t* bits,
                          float* app,
                          int* iterations,
                          cudaStream_t stream)
{
    const lte_turbo_params& prm = shape.params;
    cluster_args a{};
    a.sp = cluster_split{ shape.K, prm.subblocks, prm.guard, plan.C };
    a.T = plan.T;
    a.f1 = shape.f1;
    a.f2 = shape.f2;
    a.iterations = prm.iterations;
    a.scaling = prm.scaling;
    a.stop = prm.stop;
    a.pi = shape.pi;
    a.pi_inv = shape.pi_inv;
    a.llr = llr;
    a.n_blocks = n_blocks;
    a.bits = bits;
    a.app = app;
    a.iterations_used = iterations;
    const unsigned clusters = unsigned(std::min<size_t>(n_blocks, size_t(plan.max_clusters)));
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t lc =
        launch_config(plan.C, clusters * plan.C, plan.threads, plan.smem_bytes, stream, &attr);
    GPUFEC_CUDA_CHECK(cudaLaunchKernelEx(&lc, kernel_for(prm.algorithm), a));
    GPUFEC_CUDA_CHECK_LAUNCH();
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
