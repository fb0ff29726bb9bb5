/* The public device entry point (lte_device.h) over the launcher the CUDA backend uses.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "lte_turbo_kernels.h"
#include "lte_turbo_tables.h"
#include <gnuradio/gpufec/lte/lte_device.h>

namespace gr {
namespace gpufec {
namespace device {

namespace {

static_assert(int(lte_turbo_kernel::AUTO) == int(cuda::turbo_kernel::AUTO) &&
                  int(lte_turbo_kernel::BLOCK) == int(cuda::turbo_kernel::BLOCK) &&
                  int(lte_turbo_kernel::CLUSTER) == int(cuda::turbo_kernel::CLUSTER) &&
                  int(lte_turbo_layout::AUTO) == int(cuda::turbo_layout::AUTO) &&
                  int(lte_turbo_layout::GLOBAL) == int(cuda::turbo_layout::GLOBAL) &&
                  int(lte_turbo_layout::SHARED) == int(cuda::turbo_layout::SHARED),
              "the public names are the launcher's");

cuda::turbo_launch_config launcher_config(const lte_turbo_launch& l)
{
    cuda::turbo_launch_config c;
    c.threads_per_window = l.threads_per_window;
    c.layout = cuda::turbo_layout(int(l.layout));
    c.kernel = cuda::turbo_kernel(int(l.kernel));
    c.cluster_size = l.cluster_size;
    return c;
}

lte_turbo_params validated(const lte_turbo_params& p, size_t K)
{
    p.validate(K);
    return p;
}

} // namespace

bool lte_turbo_cluster_supported() { return cuda::turbo_cluster_supported(); }

struct lte_turbo_plan::impl {
    impl(const lte_turbo_code& code, const lte_turbo_params& params, const lte_turbo_launch& launch)
        : tables(code), shape(tables.shape(validated(params, code.K()))), config(launcher_config(launch))
    {
    }
    cuda::turbo_tables tables;
    cuda::turbo_code_shape shape;
    cuda::turbo_launch_config config;
};

lte_turbo_plan::lte_turbo_plan(const lte_turbo_code& code,
                               const lte_turbo_params& params,
                               const lte_turbo_launch& launch)
    : d(new impl(code, params, launch))
{
}

lte_turbo_plan::~lte_turbo_plan() = default;
lte_turbo_plan::lte_turbo_plan(lte_turbo_plan&&) noexcept = default;
lte_turbo_plan& lte_turbo_plan::operator=(lte_turbo_plan&&) noexcept = default;

size_t lte_turbo_plan::resident_blocks() const { return cuda::turbo_resident_blocks(d->shape); }

size_t lte_turbo_plan::workspace_bytes(size_t n_blocks) const
{
    return cuda::turbo_workspace_bytes(d->shape, n_blocks);
}

void lte_turbo_plan::decode(const float* llr,
                            size_t n_blocks,
                            uint8_t* bits,
                            float* app,
                            int* iterations,
                            void* workspace,
                            size_t workspace_size,
                            stream_t stream) const
{
    cuda::launch_turbo_decode(d->shape, llr, n_blocks, bits, app, iterations, workspace, workspace_size,
                              stream, d->config);
}

void lte_turbo_plan::decode(const int8_t* q,
                            float llr_scale,
                            size_t n_blocks,
                            uint8_t* bits,
                            float* app,
                            int* iterations,
                            void* workspace,
                            size_t workspace_size,
                            stream_t stream) const
{
    cuda::launch_turbo_decode(d->shape, q, llr_scale, n_blocks, bits, app, iterations, workspace,
                              workspace_size, stream, d->config);
}

} // namespace device
} // namespace gpufec
} // namespace gr
