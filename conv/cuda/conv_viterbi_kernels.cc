/* Picks the kernel for a code: streaming tiles and frames (docs/viterbi.md, CUDA notes).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "conv_viterbi_kernels.h"
#include "conv_viterbi_tile_kernels.h"
#include <algorithm>
#include <stdexcept>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {
enum class pick { general, reg, dpx };

/* A kernel named by the caller where it applies (the DPX kernel also needs an even LLR
 * address, and for a code outside its catalogue a successful JIT compilation), else the warp
 * kernel. */
pick choose(const conv::trellis& t, const viterbi_tile_shape& shape, const int8_t* llr, viterbi_tile_kernel which)
{
    if (which == viterbi_tile_kernel::AUTO)
        which = pick_viterbi_tile_kernel(t, shape);
    switch (which) {
    case viterbi_tile_kernel::REGISTER:
        return viterbi_tile_reg_supports(t, shape) ? pick::reg : pick::general;
    case viterbi_tile_kernel::DPX:
        return viterbi_tile_dpx_supports(t, shape, llr) && viterbi_tile_dpx_kernels(t).tile ? pick::dpx
                                                                                             : pick::general;
    default:
        return pick::general;
    }
}

void check_shape(const viterbi_tile_shape& shape)
{
    if (shape.payload == 0)
        throw std::invalid_argument("viterbi tiles: payload must be at least 1 step");
}
} // namespace

namespace {
/* Framed codes: the DPX kernel (one thread per frame) where DPX runs in hardware and the code
 * has its kernel (the catalogue's, or compiled at run time); the warp kernel (one warp per
 * frame) otherwise. */
bool frames_on_dpx(const conv::trellis& t, termination term, size_t frame_bits, const int8_t* llr)
{
    return viterbi_frames_dpx_supports(t, term, frame_bits, llr) && viterbi_tile_dpx_native() &&
           viterbi_tile_dpx_kernels(t).frame;
}
} // namespace

size_t viterbi_frames_workspace_bytes(const conv::trellis& t, termination term, size_t frame_bits, size_t n_frames)
{
    // Enough for either kernel (the choice may depend on the LLR pointer's alignment).
    size_t bytes = viterbi_warp_frames_workspace_bytes(t, term, frame_bits, n_frames);
    if (frames_on_dpx(t, term, frame_bits, nullptr))
        bytes = std::max(bytes, viterbi_frames_dpx_workspace_bytes(t, term, frame_bits, n_frames));
    return bytes;
}

void launch_viterbi_frames(const conv::trellis& t,
                           termination term,
                           size_t frame_bits,
                           const int8_t* llr,
                           uint8_t* bits,
                           size_t n_frames,
                           void* workspace,
                           cudaStream_t stream)
{
    if (frames_on_dpx(t, term, frame_bits, llr))
        launch_viterbi_frames_dpx(t, term, frame_bits, llr, bits, n_frames, workspace, stream);
    else
        launch_viterbi_warp_frames(t, term, frame_bits, llr, bits, n_frames, workspace, stream);
}

viterbi_tile_kernel pick_viterbi_tile_kernel(const conv::trellis& t, const viterbi_tile_shape& shape)
{
    // The packed 16-bit DPX kernel where DPX runs in hardware (Hopper) for the codes of its
    // catalogue and those it compiles at run time (K 3..9, n 2..4), else the fp32 register
    // kernel for K=7 r1/2 171/133; the warp kernel for everything else.
    if (viterbi_tile_dpx_supports(t, shape, nullptr) && viterbi_tile_dpx_native() &&
        viterbi_tile_dpx_kernels(t).tile)
        return viterbi_tile_kernel::DPX;
    return viterbi_tile_reg_supports(t, shape) ? viterbi_tile_kernel::REGISTER
                                               : viterbi_tile_kernel::GENERAL;
}

size_t viterbi_tiles_workspace_bytes(const conv::trellis& t,
                                     const viterbi_tile_shape& shape,
                                     size_t n_tiles,
                                     viterbi_tile_kernel which)
{
    check_shape(shape);
    // Enough for whichever kernel launch_viterbi_tiles picks (the pick may depend on the LLR
    // pointer's alignment, unknown here).
    size_t bytes = viterbi_warp_tiles_workspace_bytes(t, shape, n_tiles);
    if (which != viterbi_tile_kernel::GENERAL) {
        if (viterbi_tile_reg_supports(t, shape))
            bytes = std::max(bytes, thread_tile_workspace_bytes(shape, n_tiles, 2));
        if (viterbi_tile_dpx_supports(t, shape, nullptr))
            bytes = std::max(bytes, thread_tile_workspace_bytes(shape, n_tiles, viterbi_tile_dpx_words(t)));
    }
    return bytes;
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
    switch (choose(t, shape, llr, which)) {
    case pick::dpx:
        launch_viterbi_tile_dpx(t,
                                make_thread_tile_args(shape, llr, first_step, n_steps, first_tile,
                                                  n_tiles, bits, workspace),
                                stream);
        break;
    case pick::reg:
        launch_viterbi_tile_reg(t,
                                make_thread_tile_args(shape, llr, first_step, n_steps, first_tile,
                                                  n_tiles, bits, workspace),
                                stream);
        break;
    case pick::general:
        launch_viterbi_warp_tiles(
            t, shape, llr, first_step, n_steps, first_tile, n_tiles, bits, workspace, stream);
        break;
    }
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
