/* Streaming: picks the kernel for a code and tiling (the register kernel where it applies).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "viterbi_kernels.h"
#include "viterbi_tile_reg.h"
#include <stdexcept>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {
bool use_reg(const conv::trellis& t, const viterbi_tile_shape& shape, viterbi_tile_kernel which)
{
    return which != viterbi_tile_kernel::GENERAL && viterbi_tile_reg_supports(t, shape);
}
/* In-place block length of the register kernel. AUTO takes 3, the fastest on the H100
 * (docs/viterbi.md: 59.1 Gbit/s against 57.6 for 0, 57.7 for 2 and 51.8 for 6, whose 32 KiB
 * loop body no longer fits the instruction cache). */
int register_block(viterbi_tile_kernel which)
{
    switch (which) {
    case viterbi_tile_kernel::REGISTER_B0: return 0;
    case viterbi_tile_kernel::REGISTER_B2: return 2;
    case viterbi_tile_kernel::REGISTER_B6: return 6;
    default: return 3;
    }
}
void check_shape(const viterbi_tile_shape& shape)
{
    if (shape.payload == 0)
        throw std::invalid_argument("viterbi tiles: payload must be at least 1 step");
}
} // namespace

size_t viterbi_tiles_workspace_bytes(const conv::trellis& t,
                                     const viterbi_tile_shape& shape,
                                     size_t n_tiles,
                                     viterbi_tile_kernel which)
{
    check_shape(shape);
    return use_reg(t, shape, which) ? viterbi_tile_reg_workspace_bytes(shape, n_tiles)
                                    : viterbi_warp_tiles_workspace_bytes(t, shape, n_tiles);
}

void launch_viterbi_tiles(const conv::trellis& t,
                          const viterbi_tile_shape& shape,
                          const int8_t* llr,
                          uint64_t first_step,
                          size_t n_steps,
                          uint64_t first_tile,
                          size_t n_tiles,
                          uint8_t* bits,
                          void* workspace,
                          cudaStream_t stream,
                          viterbi_tile_kernel which)
{
    check_shape(shape);
    if (use_reg(t, shape, which))
        launch_viterbi_tile_reg(
            t, shape, llr, first_step, n_steps, first_tile, n_tiles, bits, workspace, stream,
            register_block(which));
    else
        launch_viterbi_warp_tiles(
            t, shape, llr, first_step, n_steps, first_tile, n_tiles, bits, workspace, stream);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
