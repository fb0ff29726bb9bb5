/* Device-resident entry points of the convolutional code family (core/device.h says how they
 * are called; built with CUDA only): the Viterbi kernels on int8 depunctured LLRs, the device
 * depuncturer, the GPU encoder and the engine's quantization, all in device memory on the
 * caller's stream. The CUDA backend (viterbi_decoder_engine) runs the same kernels; the
 * decisions are those of docs/viterbi.md on either.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CONV_DEVICE_H
#define INCLUDED_GPUFEC_CONV_DEVICE_H

#include <gnuradio/gpufec/conv/conv_code.h>
#include <gnuradio/gpufec/conv/viterbi.h>
#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/core/device.h>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace gr {
namespace gpufec {
namespace device {

/*! Which streaming kernel decodes: AUTO takes the fastest that applies on this device (DPX on
 *  Hopper for K 3..9 and n 2..4, from the catalogue or compiled at run time; else REGISTER for
 *  K=7 r1/2 171/133; else GENERAL); the others force one where it applies (GENERAL
 *  otherwise). Tests and benchmarks compare them. */
enum class viterbi_kernel { AUTO, GENERAL, REGISTER, DPX };

/*! "AUTO", "GENERAL", "REGISTER" or "DPX". */
GPUFEC_CORE_API const char* viterbi_kernel_name(viterbi_kernel k);

/*!
 * Framed codes (TERMINATED, TRUNCATED, TAILBITING): frames of code.frame_bits() information
 * bits; one frame a thread on the DPX kernel (Hopper, K 3..9, n 2..4), else one a warp.
 */
class GPUFEC_CORE_API viterbi_frame_plan
{
public:
    /*! @throws std::invalid_argument for a STREAMING code */
    explicit viterbi_frame_plan(const conv_code& code);
    ~viterbi_frame_plan();
    viterbi_frame_plan(viterbi_frame_plan&&) noexcept;
    viterbi_frame_plan& operator=(viterbi_frame_plan&&) noexcept;

    /*! Workspace for decode() of up to @p n_frames frames (may be 0). */
    size_t workspace_bytes(size_t n_frames) const;

    /*!
     * @param llr n_frames frames of steps * n depunctured LLRs each (steps = frame_bits, + k-1
     *        when TERMINATED; -128 read as -127)
     * @param bits n_frames * frame_bits decisions (0/1 bytes)
     * @throws std::invalid_argument when @p workspace_size is below workspace_bytes(n_frames)
     */
    void decode(const int8_t* llr,
                uint8_t* bits,
                size_t n_frames,
                void* workspace,
                size_t workspace_size,
                stream_t stream) const;

private:
    struct impl;
    std::unique_ptr<impl> d;
};

/*!
 * Streaming codes: tiles of an endless stream (viterbi_tiling; docs/viterbi.md, "Streaming
 * mode"), any range of them per call.
 */
class GPUFEC_CORE_API viterbi_tile_plan
{
public:
    /*! @param tiling payload >= 1 (viterbi_tiling::defaults(code): the engine's) */
    viterbi_tile_plan(const conv_code& code,
                      const viterbi_tiling& tiling,
                      viterbi_kernel kernel = viterbi_kernel::AUTO);
    ~viterbi_tile_plan();
    viterbi_tile_plan(viterbi_tile_plan&&) noexcept;
    viterbi_tile_plan& operator=(viterbi_tile_plan&&) noexcept;

    /*! The kernel that runs: AUTO resolved once, for this code, tiling and device. */
    viterbi_kernel kernel() const;

    /*! Workspace for decode() of up to @p n_tiles tiles. */
    size_t workspace_bytes(size_t n_tiles) const;

    /*! The steps [first, end) that tiles [first_tile, first_tile + n_tiles) read, in a stream
     *  of @p stream_steps steps. */
    struct step_range {
        uint64_t first, end;
    };
    step_range steps_read(uint64_t first_tile, size_t n_tiles, uint64_t stream_steps) const;

    /*!
     * Tiles [first_tile, first_tile + n_tiles) of a stream whose steps
     * [first_step, first_step + n_steps) are at @p llr (n per step). Tile u's decisions for
     * steps [uP, min((u+1)P, end)) go to bits + (u - first_tile) * P. Every step a tile reads
     * (steps_read) must be held, except past the held end, where its traceback starts early.
     */
    void decode(const int8_t* llr,
                uint64_t first_step,
                size_t n_steps,
                uint64_t first_tile,
                size_t n_tiles,
                uint8_t* bits,
                void* workspace,
                size_t workspace_size,
                stream_t stream) const;

private:
    struct impl;
    std::unique_ptr<impl> d;
};

/*!
 * Sent int8 values of whole code blocks (conv_code's blocks: a framed code's frame, one
 * puncturing period of a streaming code) to their depunctured mother LLRs: 0 where the pattern
 * deletes, negated for inverted outputs. The device reads the same map as the engine's host
 * depuncturer (conv/common/conv_puncture_map.h).
 */
class GPUFEC_CORE_API conv_depuncture_plan
{
public:
    explicit conv_depuncture_plan(const conv_code& code);
    ~conv_depuncture_plan();
    conv_depuncture_plan(conv_depuncture_plan&&) noexcept;
    conv_depuncture_plan& operator=(conv_depuncture_plan&&) noexcept;

    /*! Neither deletes nor inverts: the sent values are the mother LLRs. */
    bool identity() const;

    /*! @p mother gets n_blocks * mother_bits_per_block() values from @p sent's
     *  n_blocks * coded_bits_per_block(). */
    void depuncture(const int8_t* sent, int8_t* mother, size_t n_blocks, stream_t stream) const;

private:
    struct impl;
    std::unique_ptr<impl> d;
};

/*! The GPU encoder: n_blocks blocks of @p code from @p info (history_bits() bits of history
 *  before the blocks' information bits) to n_blocks * coded_bits_per_block() coded bits.
 *  @throws std::invalid_argument for a pattern of more than 1024 positions */
GPUFEC_CORE_API void
conv_encode(const conv_code& code, const uint8_t* info, uint8_t* coded, size_t n_blocks, stream_t stream);

/*! The engines' soft-input quantization: out[i] = round_half_even(clamp(in[i] * scale,
 *  -127, 127)), NaN to 0 (docs/viterbi.md). */
GPUFEC_CORE_API void quantize_llr(const float* in, int8_t* out, size_t n, float scale, stream_t stream);

/*! NVRTC's part: the DPX kernels of codes outside the compiled catalogue (K 3..9, n 2..4) are
 *  compiled at their first use when this is on (the default). */
GPUFEC_CORE_API bool viterbi_jit_enabled();
GPUFEC_CORE_API void set_viterbi_jit_enabled(bool on);
/*! Whether @p code's DPX kernels come from NVRTC (outside the catalogue, K and n in range). */
GPUFEC_CORE_API bool viterbi_jit_code(const conv_code& code);
/*! Seconds that @p code's compile and load took in this process; negative before it ran. */
GPUFEC_CORE_API double viterbi_jit_seconds(const conv_code& code);
/*! Loads @p code's DPX kernels on the current device now (compiling them first for a JIT code,
 *  once per code and device): false where there are none (not a DPX code, or the compile
 *  failed: the warp kernels then decode it). */
GPUFEC_CORE_API bool viterbi_jit_load(const conv_code& code);

} // namespace device
} // namespace gpufec
} // namespace gr

#endif
