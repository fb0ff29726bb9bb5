/* The cluster kernel's launcher (turbo_cluster.cu), called by launch_turbo_decode
 * (turbo_decode.cu) when a launch takes the CLUSTER kernel.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_CLUSTER_H
#define INCLUDED_GPUFEC_CUDA_TURBO_CLUSTER_H

#include "lte_turbo_kernels.h"

namespace gr {
namespace gpufec {
namespace cuda {

/*! How a cluster launch runs on the current device. */
struct turbo_cluster_plan {
    unsigned C, T, threads; //!< thread blocks a code block, threads a window, threads a block
    size_t smem_bytes;
    int max_clusters;       //!< clusters of this shape resident at once (one wave)
};

/*!
 * The plan for @p shape with the config's cluster_size and threads_per_window (0: the largest
 * cluster up to 16 that fits, 4 threads a window where they fit).
 * @throws std::invalid_argument for P < 2, a cluster size outside 2..min(16, P), a bad thread
 *         count, or a device without clusters
 */
turbo_cluster_plan make_turbo_cluster_plan(const turbo_code_shape& shape, const turbo_launch_config& config);

/*! Decodes @p n_blocks blocks with the cluster kernel (no workspace). */
void launch_turbo_cluster(const turbo_code_shape& shape,
                          const turbo_cluster_plan& plan,
                          const float* llr,
                          size_t n_blocks,
                          uint8_t* bits,
                          float* app,
                          int* iterations,
                          cudaStream_t stream);

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
