/* Launcher of the CUDA LTE turbo decoder: float LLRs of whole code blocks in device memory
 * (3 (K + 4) per block, d(0) | d(1) | d(2), positive meaning bit 1) to K hard decisions per
 * block (and optionally the a-posteriori LLRs and the iterations used), on a stream. The
 * decisions are those of the CPU decoder (lte/core/lte_turbo_map_cpu) for the same parameters:
 * bit for bit with max-log-MAP, statistically with log-MAP (docs/turbo.md, "CUDA decoder").
 * The caller owns every buffer, the workspace included (turbo_workspace_bytes). Errors are
 * thrown.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_TURBO_KERNELS_H

#include <gnuradio/gpufec/lte/lte_turbo_params.h>
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {

/*! One code block size, its interleaver on the device, and how to decode it. */
struct turbo_code_shape {
    unsigned K;
    unsigned f1, f2;        //!< QPP coefficients: Pi(j) = (f1 j + f2 j^2) mod K
    const uint16_t* pi;     //!< device: K entries Pi(j)
    const uint16_t* pi_inv; //!< device: K entries, pi_inv[pi[j]] = j
    lte_turbo_params params; //!< validated for K by the caller
};

/*! Where a block's channel LLRs live while it is decoded. */
enum class turbo_layout {
    AUTO,      //!< SHARED for batches smaller than the multiprocessor count, else GLOBAL
    GLOBAL,    //!< read from device memory (L2) at each half-iteration: more blocks per SM
    SHARED     //!< copied into shared memory once: the shortest latency for one block
};

/*! Which kernel decodes a launch. */
enum class turbo_kernel {
    AUTO,    //!< CLUSTER when P >= 384, the blocks fit one wave of clusters and the device has them
    BLOCK,   //!< one thread block a code block (a persistent grid over the batch)
    CLUSTER  //!< a cluster of thread blocks a code block, its windows spread over them (P >= 2)
};

/*! How a launch maps work to threads; AUTO everywhere except in tests and benchmarks. */
struct turbo_launch_config {
    /*! Threads per sub-block window: 1, 2 or 4; 0: automatic (docs/turbo.md, "Mapping" and
     *  "Low-latency mode"). */
    unsigned threads_per_window = 0;
    turbo_layout layout = turbo_layout::AUTO; //!< BLOCK kernel only
    turbo_kernel kernel = turbo_kernel::AUTO;
    /*! CLUSTER: thread blocks a code block, 2..16 and at most P; 0: the most that fit (up to 16). */
    unsigned cluster_size = 0;
};

/*! Whether the current device launches thread block clusters (compute capability 9.0 on). */
bool turbo_cluster_supported();

/*! Code blocks of @p shape the BLOCK kernel decodes at once on the current device in a full
 *  batch with the automatic config (a wave: more blocks take whole further waves). */
size_t turbo_resident_blocks(const turbo_code_shape& shape);

/*! Workspace bytes for launch_turbo_decode with up to @p max_blocks blocks, any config. */
size_t turbo_workspace_bytes(const turbo_code_shape& shape, size_t max_blocks);

/*!
 * Decodes @p n_blocks code blocks.
 * @param llr n_blocks * 3 (K + 4) values (any float: NaN is read as 0, the rest clamped to
 *        +-lte_turbo_llr_limit, as the CPU decoder does)
 * @param bits n_blocks * K decisions (0/1)
 * @param app n_blocks * K a-posteriori LLRs, or null
 * @param iterations n_blocks iteration counts, or null
 * @throws std::invalid_argument for a workspace smaller than turbo_workspace_bytes, a bad
 *         config, or 16-bit metrics (the int8 overload below takes those)
 */
void launch_turbo_decode(const turbo_code_shape& shape,
                         const float* llr,
                         size_t n_blocks,
                         uint8_t* bits,
                         float* app,
                         int* iterations,
                         void* workspace,
                         size_t workspace_bytes,
                         cudaStream_t stream,
                         const turbo_launch_config& config = {});

/*!
 * The same with 16-bit metrics (shape.params.metrics == INT16): @p q holds the soft-input
 * stage's int8 values round(LLR * llr_scale) (-128 read as -127); @p app gets the integer
 * a-posteriori values divided by @p llr_scale.
 * @throws std::invalid_argument as above, and for float metrics or a bad llr_scale
 */
void launch_turbo_decode(const turbo_code_shape& shape,
                         const int8_t* q,
                         float llr_scale,
                         size_t n_blocks,
                         uint8_t* bits,
                         float* app,
                         int* iterations,
                         void* workspace,
                         size_t workspace_bytes,
                         cudaStream_t stream,
                         const turbo_launch_config& config = {});

} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
