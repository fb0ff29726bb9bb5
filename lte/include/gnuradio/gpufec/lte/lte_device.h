/* Device-resident entry point of the LTE turbo family (core/device.h says how it is called;
 * built with CUDA only): the CUDA backend's decoding kernels on soft values in device memory,
 * on the caller's stream (docs/turbo.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_LTE_DEVICE_H
#define INCLUDED_GPUFEC_LTE_DEVICE_H

#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/core/device.h>
#include <gnuradio/gpufec/lte/lte_turbo_code.h>
#include <gnuradio/gpufec/lte/lte_turbo_params.h>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace gr {
namespace gpufec {
namespace device {

/*! Which kernel decodes (docs/turbo.md, "Cluster kernel"): AUTO takes CLUSTER when P >= 384,
 *  the blocks fit one wave of clusters and the device has clusters, else BLOCK. */
enum class lte_turbo_kernel { AUTO, BLOCK, CLUSTER };

/*! Where the BLOCK kernel reads its input: AUTO takes SHARED for batches smaller than the
 *  multiprocessor count, else GLOBAL. */
enum class lte_turbo_layout { AUTO, GLOBAL, SHARED };

/*! How a decode is launched; the defaults are the backend's. */
struct lte_turbo_launch {
    unsigned threads_per_window = 0; //!< 1, 2 or 4; 0: automatic (docs/turbo.md, "Mapping")
    lte_turbo_layout layout = lte_turbo_layout::AUTO; //!< BLOCK kernel only
    lte_turbo_kernel kernel = lte_turbo_kernel::AUTO;
    unsigned cluster_size = 0; //!< CLUSTER: 2..16 and at most P; 0: the most that fit
};

/*! Whether this device launches thread block clusters (the CLUSTER kernel). */
GPUFEC_CORE_API bool lte_turbo_cluster_supported();

/*! Decoding of one code's blocks with fixed parameters: the interleaver tables uploaded once. */
class GPUFEC_CORE_API lte_turbo_plan
{
public:
    /*! Uploads @p code's interleaver to the current device (synchronously).
     *  @throws std::invalid_argument for parameters @p code does not take */
    lte_turbo_plan(const lte_turbo_code& code, const lte_turbo_params& params, const lte_turbo_launch& launch = {});
    ~lte_turbo_plan();
    lte_turbo_plan(lte_turbo_plan&&) noexcept;
    lte_turbo_plan& operator=(lte_turbo_plan&&) noexcept;

    /*! Blocks the device decodes at once (a wave). */
    size_t resident_blocks() const;

    /*! Workspace for decode() of up to @p n_blocks blocks. */
    size_t workspace_bytes(size_t n_blocks) const;

    /*!
     * n_blocks blocks of coded_bits_per_block() float LLRs (positive: bit 1) at @p llr to
     * K decisions each at @p bits; @p app (K floats a block) and @p iterations (one a block)
     * may be null.
     */
    void decode(const float* llr,
                size_t n_blocks,
                uint8_t* bits,
                float* app,
                int* iterations,
                void* workspace,
                size_t workspace_size,
                stream_t stream) const;

    /*! The same from int8 values quantized with @p llr_scale (the engine's quantization). */
    void decode(const int8_t* q,
                float llr_scale,
                size_t n_blocks,
                uint8_t* bits,
                float* app,
                int* iterations,
                void* workspace,
                size_t workspace_size,
                stream_t stream) const;

private:
    struct impl;
    std::unique_ptr<impl> d;
};

} // namespace device
} // namespace gpufec
} // namespace gr

#endif
