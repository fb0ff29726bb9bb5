/* Launchers of the packed 16-bit DPX kernels (conv_viterbi_tile_dpx_kernels.cuh): one thread decodes
 * one tile (conv_viterbi_tile_dpx_core.h), the 2^(K-1) path metrics in 2^(K-2) registers as unsigned
 * 16-bit lanes, add-compare-select with Hopper's VIADDMNMX. Decisions go to global memory laid
 * out [warp][step][word][lane] as in the fp32 register kernel, so a warp's stores are coalesced.
 *
 * The generators are template parameters (each butterfly's branch metric index is then a
 * compile-time constant, so the lane constants are built without any table in memory): nvcc
 * instantiates the kernels for the catalogue of named codes (conv_viterbi_tile_dpx_catalogue.h),
 * NVRTC for any other code at first use (viterbi_tile_dpx_jit.cc), and one
 * launcher here runs either through its kernel handle (docs/viterbi.md).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "skeleton/cuda/device_caps.h"
#include "conv_viterbi_tile_dpx_catalogue.h"
#include "conv_viterbi_tile_dpx_jit.h"
#include "conv_viterbi_tile_dpx_kernels.cuh"
#include "conv_viterbi_tile_kernels.h"
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr int block_threads = thread_tile_block_threads;

/* The nvcc-compiled kernels of a catalogue code. */
template <int K, unsigned... G>
dpx_kernel_handles kernels_of(dpx_code<K, G...>)
{
    return { reinterpret_cast<const void*>(dpx::tile_kernel<K, G...>),
             reinterpret_cast<const void*>(dpx::frame_kernel<K, G...>) };
}

/* The catalogue's kernels of @p t; nulls when t is not in the catalogue. */
dpx_kernel_handles catalogue_kernels(const conv::trellis& t)
{
    dpx_kernel_handles h;
    dpx_catalogue::find(t, [&](auto code) { h = kernels_of(code); });
    return h;
}

/* Threads per tile or frame (a team for K = 8, 9; dpx::shape<K>::threads). */
size_t team_threads(const conv::trellis& t) { return t.k > 7 ? size_t(1) << (t.k - 7) : 1; }

/* One launch of @p kernel over @p jobs tiles or frames, whatever compiled it. */
template <class Args>
void launch(const void* kernel, const conv::trellis& t, size_t jobs, const Args& a, cudaStream_t stream)
{
    const unsigned grid = unsigned((jobs * team_threads(t) + block_threads - 1) / block_threads);
    void* args[] = { const_cast<Args*>(&a) };
    GPUFEC_CUDA_CHECK(cudaLaunchKernel(kernel, dim3(grid), dim3(block_threads), args, 0, stream));
}

} // namespace

bool viterbi_tile_dpx_code(const conv::trellis& t)
{
    return dpx_catalogue::find(t, [](auto) {}) || (viterbi_dpx_jit_enabled() && viterbi_dpx_jit_code(t));
}

dpx_kernel_handles viterbi_tile_dpx_kernels(const conv::trellis& t)
{
    if (!viterbi_tile_dpx_available())
        return {};
    const dpx_kernel_handles h = catalogue_kernels(t);
    if (h.tile || !viterbi_dpx_jit_enabled() || !viterbi_dpx_jit_code(t))
        return h;
    return viterbi_dpx_jit_kernels(t);
}

bool viterbi_tile_dpx_supports(const conv::trellis& t, const viterbi_tile_shape& shape, const int8_t* llr)
{
    // LLRs of a step are loaded 16 (n = 2) or 32 (n = 4) bits at a time; tiles are indexed
    // with 32-bit steps.
    const uintptr_t align = t.n == 3 ? 1 : uintptr_t(t.n);
    return viterbi_tile_dpx_code(t) && (reinterpret_cast<uintptr_t>(llr) & (align - 1)) == 0 &&
           shape.before + shape.payload + shape.after < (size_t(1) << 31);
}

size_t viterbi_tile_dpx_words(const conv::trellis& t)
{
    // Per tile: one word per 32 states (a K = 8 or 9 tile's threads occupy 2 or 4 lanes).
    return t.states() > 32 ? size_t(t.states()) / 32 : 1;
}

bool viterbi_frames_dpx_supports(const conv::trellis& t, termination term, size_t frame_bits, const int8_t* llr)
{
    const uintptr_t align = t.n == 3 ? 1 : uintptr_t(t.n);
    return term != termination::STREAMING && frame_bits >= 1 && viterbi_tile_dpx_code(t) &&
           (reinterpret_cast<uintptr_t>(llr) & (align - 1)) == 0 && frame_bits < (size_t(1) << 30);
}

thread_frame_args make_thread_frame_args(const conv::trellis& t,
                                         termination term,
                                         size_t frame_bits,
                                         const int8_t* llr,
                                         uint8_t* bits,
                                         size_t n_frames,
                                         void* workspace)
{
    thread_frame_args a{};
    a.tailbiting = term == termination::TAILBITING;
    a.terminated = term == termination::TERMINATED;
    a.frame_bits = uint32_t(frame_bits);
    a.frame_steps = uint32_t(frame_bits + (a.terminated ? t.k - 1 : 0));
    a.dec_steps = uint32_t(a.tailbiting ? frame_bits + conv::tailbiting_wrap(t.k) : a.frame_steps);
    a.n_frames = n_frames;
    a.llr = llr;
    a.bits = bits;
    a.dec = static_cast<uint32_t*>(workspace);
    return a;
}

size_t viterbi_frames_dpx_workspace_bytes(const conv::trellis& t, termination term, size_t frame_bits, size_t n_frames)
{
    const thread_frame_args a = make_thread_frame_args(t, term, frame_bits, nullptr, nullptr, n_frames, nullptr);
    // A slot per warp that holds a frame: with one thread a frame, every warp of the grid
    // (frame_of_aligned spreads the frames over groups of up to 4 warps).
    const size_t warps = team_threads(t) == 1 ? (n_frames + block_threads - 1) / block_threads * (block_threads / 32)
                                              : (n_frames + 31) / 32;
    return warps * size_t(a.dec_steps) * 32 * viterbi_tile_dpx_words(t) * sizeof(uint32_t);
}

void launch_viterbi_frames_dpx(const conv::trellis& t,
                               termination term,
                               size_t frame_bits,
                               const int8_t* llr,
                               uint8_t* bits,
                               size_t n_frames,
                               void* workspace,
                               cudaStream_t stream)
{
    if (n_frames == 0)
        return;
    const dpx_kernel_handles h = viterbi_tile_dpx_kernels(t);
    if (!h.frame)
        throw std::invalid_argument("launch_viterbi_frames_dpx: no DPX kernel for this code on this GPU");
    launch(h.frame, t, n_frames, make_thread_frame_args(t, term, frame_bits, llr, bits, n_frames, workspace), stream);
}

bool viterbi_tile_dpx_available()
{
    // Only code built for sm_90 or later has the kernels: a build's PTX for older GPUs, even
    // when the driver compiles it for a Hopper that the build had no machine code for, holds
    // empty ones (conv_viterbi_tile_dpx_kernels.cuh), and so does NVRTC's code for such a GPU.
    // Asked once per device: every launch asks.
    static std::mutex lock;
    static std::vector<std::pair<int, bool>> known;
    const device_caps& caps = current_device_caps();
    const std::lock_guard<std::mutex> hold(lock);
    for (const auto& k : known)
        if (k.first == caps.device)
            return k.second;
    cudaFuncAttributes attr;
    bool available = false;
    if (caps.major >= 9) {
        if (cudaFuncGetAttributes(&attr, reinterpret_cast<const void*>(dpx::tile_kernel<7, 0171, 0133>)) ==
            cudaSuccess)
            available = attr.ptxVersion >= 90;
        else
            (void)cudaGetLastError(); // no image of this file loads on the device
    }
    known.emplace_back(caps.device, available);
    return available;
}

bool viterbi_tile_dpx_native() { return current_device_caps().dpx_hardware() && viterbi_tile_dpx_available(); }

void launch_viterbi_tile_dpx(const conv::trellis& t, const thread_tile_args& a, cudaStream_t stream)
{
    if (a.n_tiles == 0)
        return;
    const dpx_kernel_handles h = viterbi_tile_dpx_kernels(t);
    if (!h.tile)
        throw std::invalid_argument("launch_viterbi_tile_dpx: no DPX kernel for this code on this GPU");
    launch(h.tile, t, a.n_tiles, a, stream);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
