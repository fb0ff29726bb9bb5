/* The public device entry points (conv_device.h) over the launchers the CUDA backend uses.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "conv/common/conv_code_trellis.h"
#include "conv/common/conv_tile_window.h"
#include "conv_depuncture_kernels.h"
#include "conv_encode_kernels.h"
#include "conv_quantize_kernels.h"
#include "conv_viterbi_kernels.h"
#include "conv_viterbi_tile_dpx_jit.h"
#include <gnuradio/gpufec/conv/conv_device.h>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {
namespace device {

namespace {

static_assert(int(viterbi_kernel::AUTO) == int(cuda::viterbi_tile_kernel::AUTO) &&
                  int(viterbi_kernel::GENERAL) == int(cuda::viterbi_tile_kernel::GENERAL) &&
                  int(viterbi_kernel::REGISTER) == int(cuda::viterbi_tile_kernel::REGISTER) &&
                  int(viterbi_kernel::DPX) == int(cuda::viterbi_tile_kernel::DPX),
              "the public kernel names are the launcher's");

cuda::viterbi_tile_kernel launcher_kernel(viterbi_kernel k) { return cuda::viterbi_tile_kernel(int(k)); }

void check_workspace(const char* what, size_t given, size_t needed)
{
    if (given < needed)
        throw std::invalid_argument(std::string(what) + ": workspace of " + std::to_string(given) +
                                    " bytes, " + std::to_string(needed) +
                                    " needed (workspace_bytes)");
}

} // namespace

const char* viterbi_kernel_name(viterbi_kernel k)
{
    switch (k) {
    case viterbi_kernel::DPX:
        return "DPX";
    case viterbi_kernel::REGISTER:
        return "REGISTER";
    case viterbi_kernel::GENERAL:
        return "GENERAL";
    default:
        return "AUTO";
    }
}

/* ------------------------------------------------------------------------------- frames */

struct viterbi_frame_plan::impl {
    conv::trellis trellis;
    termination term;
    size_t frame_bits;
};

viterbi_frame_plan::viterbi_frame_plan(const conv_code& code)
    : d(new impl{ conv::make_trellis(code), code.term(), code.frame_bits() })
{
    if (code.term() == termination::STREAMING)
        throw std::invalid_argument("viterbi_frame_plan: " + code.name() +
                                    " is streaming: use viterbi_tile_plan");
}

viterbi_frame_plan::~viterbi_frame_plan() = default;
viterbi_frame_plan::viterbi_frame_plan(viterbi_frame_plan&&) noexcept = default;
viterbi_frame_plan& viterbi_frame_plan::operator=(viterbi_frame_plan&&) noexcept = default;

size_t viterbi_frame_plan::workspace_bytes(size_t n_frames) const
{
    return cuda::viterbi_frames_workspace_bytes(d->trellis, d->term, d->frame_bits, n_frames);
}

void viterbi_frame_plan::decode(const int8_t* llr,
                                uint8_t* bits,
                                size_t n_frames,
                                void* workspace,
                                size_t workspace_size,
                                stream_t stream) const
{
    check_workspace("viterbi_frame_plan::decode", workspace_size, workspace_bytes(n_frames));
    cuda::launch_viterbi_frames(d->trellis, d->term, d->frame_bits, llr, bits, n_frames, workspace, stream);
}

/* -------------------------------------------------------------------------------- tiles */

struct viterbi_tile_plan::impl {
    conv::trellis trellis;
    cuda::viterbi_tile_shape shape;
    cuda::viterbi_tile_kernel asked;  //!< sizes the workspace
    cuda::viterbi_tile_kernel chosen; //!< launched
};

viterbi_tile_plan::viterbi_tile_plan(const conv_code& code, const viterbi_tiling& tiling, viterbi_kernel kernel)
{
    if (tiling.payload == 0)
        throw std::invalid_argument("viterbi_tile_plan: tiling payload is 0, at least 1 needed");
    const conv::trellis t = conv::make_trellis(code);
    const cuda::viterbi_tile_shape shape{ tiling.payload, tiling.before, tiling.after };
    const cuda::viterbi_tile_kernel asked = launcher_kernel(kernel);
    const cuda::viterbi_tile_kernel chosen =
        asked == cuda::viterbi_tile_kernel::AUTO ? cuda::pick_viterbi_tile_kernel(t, shape) : asked;
    d.reset(new impl{ t, shape, asked, chosen });
}

viterbi_tile_plan::~viterbi_tile_plan() = default;
viterbi_tile_plan::viterbi_tile_plan(viterbi_tile_plan&&) noexcept = default;
viterbi_tile_plan& viterbi_tile_plan::operator=(viterbi_tile_plan&&) noexcept = default;

viterbi_kernel viterbi_tile_plan::kernel() const { return viterbi_kernel(int(d->chosen)); }

size_t viterbi_tile_plan::workspace_bytes(size_t n_tiles) const
{
    return cuda::viterbi_tiles_workspace_bytes(d->trellis, d->shape, n_tiles, d->asked);
}

viterbi_tile_plan::step_range
viterbi_tile_plan::steps_read(uint64_t first_tile, size_t n_tiles, uint64_t stream_steps) const
{
    const auto& s = d->shape;
    if (n_tiles == 0)
        return { 0, 0 };
    return { conv::tile_begin(first_tile, s.payload, s.before),
             conv::tile_window_of(first_tile + n_tiles - 1, s.payload, s.before, s.after, stream_steps).end };
}

void viterbi_tile_plan::decode(const int8_t* llr,
                               uint64_t first_step,
                               size_t n_steps,
                               uint64_t first_tile,
                               size_t n_tiles,
                               uint8_t* bits,
                               void* workspace,
                               size_t workspace_size,
                               stream_t stream) const
{
    check_workspace("viterbi_tile_plan::decode", workspace_size, workspace_bytes(n_tiles));
    cuda::launch_viterbi_tiles(d->trellis, d->shape, llr, first_step, n_steps, first_tile, n_tiles, bits,
                               workspace, stream, d->chosen);
}

/* --------------------------------------------------------------------------- depuncture */

struct conv_depuncture_plan::impl {
    cuda::device_puncture_map map;
    bool identity;
};

conv_depuncture_plan::conv_depuncture_plan(const conv_code& code)
    : d(new impl{ cuda::device_puncture_map(code), !code.punctured() && !code.any_inverted() })
{
}

conv_depuncture_plan::~conv_depuncture_plan() = default;
conv_depuncture_plan::conv_depuncture_plan(conv_depuncture_plan&&) noexcept = default;
conv_depuncture_plan& conv_depuncture_plan::operator=(conv_depuncture_plan&&) noexcept = default;

bool conv_depuncture_plan::identity() const { return d->identity; }

void conv_depuncture_plan::depuncture(const int8_t* sent, int8_t* mother, size_t n_blocks, stream_t stream) const
{
    cuda::launch_depuncture(d->map, sent, mother, n_blocks, stream);
}

/* ----------------------------------------------------------------- encoder, quantizer, JIT */

void conv_encode(const conv_code& code, const uint8_t* info, uint8_t* coded, size_t n_blocks, stream_t stream)
{
    cuda::launch_conv_encode(code, info, coded, n_blocks, stream);
}

void quantize_llr(const float* in, int8_t* out, size_t n, float scale, stream_t stream)
{
    cuda::launch_quantize_llr(in, out, n, scale, stream);
}

bool viterbi_jit_enabled() { return cuda::viterbi_dpx_jit_enabled(); }

void set_viterbi_jit_enabled(bool on) { cuda::set_viterbi_dpx_jit_enabled(on); }

bool viterbi_jit_code(const conv_code& code) { return cuda::viterbi_dpx_jit_code(conv::make_trellis(code)); }

double viterbi_jit_seconds(const conv_code& code)
{
    return cuda::viterbi_dpx_jit_seconds(conv::make_trellis(code));
}

bool viterbi_jit_load(const conv_code& code)
{
    return cuda::viterbi_tile_dpx_kernels(conv::make_trellis(code)).tile != nullptr;
}

} // namespace device
} // namespace gpufec
} // namespace gr
