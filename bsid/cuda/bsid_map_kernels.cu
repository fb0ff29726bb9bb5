/* The CUDA insertion/deletion MAP decoder's instantiations, launch planning and launchers
 * (docs/bsid-cuda.md); the kernels are bsid_map_device.h (corridor lattice) and
 * bsid_pooled_device.h (pooled lattice).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "skeleton/cuda/device_caps.h"
#include "bsid_map_device.h"
#include "bsid_map_kernels.h"
#include "bsid_pooled_device.h"
#include "bsid_pooled_registers.h"
#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

using namespace bsid_device;

/* The instantiations, looked up at run time. */
template <typename real>
struct kernel_set {
    void (*fb)(fb_args<real>);
    void (*gamma)(fb_args<real>, size_t);
};

template <typename real, int W, bool MatchOnly>
kernel_set<real> kernels_for(bool stored)
{
    return { stored ? bsid_fb_kernel<real, W, MatchOnly, true> : bsid_fb_kernel<real, W, MatchOnly, false>,
             bsid_gamma_kernel<real, W, MatchOnly> };
}

/* Register widths 1 .. 16 (exact), 24 and 32, then the generic kernels. */
template <typename real, bool MatchOnly, int W = 1>
kernel_set<real> kernels_for(int w, bool stored)
{
    if constexpr (W <= bsid_exact_widths) {
        if (w == W)
            return kernels_for<real, W, MatchOnly>(stored);
        return kernels_for<real, MatchOnly, W + 1>(w, stored);
    } else {
        if (w == 24)
            return kernels_for<real, 24, MatchOnly>(stored);
        if (w == 32)
            return kernels_for<real, 32, MatchOnly>(stored);
        return kernels_for<real, 0, false>(stored);
    }
}

/* ps = 0 with the transmission weight at least 1/2, in float (the fast path; double is for
 * accuracy): the lattice runs with it scaled to 1 (common factor P_t^-n, at most 2^32,
 * cancelled by the normalisations). */
template <typename real>
bool match_only(const bsid_params& c)
{
    return std::is_same<real, float>::value && c.ps == 0.0 && c.pt() >= 0.5;
}

template <typename real>
kernel_set<real> kernels_for(int w, const bsid_params& c, bool stored)
{
    if constexpr (std::is_same<real, float>::value)
        if (match_only<real>(c))
            return kernels_for<real, true>(w, stored);
    return kernels_for<real, false>(w, stored);
}

template <typename real>
bsid_lattice_weights<real> kernel_weights(const bsid_params& c)
{
    if (!match_only<real>(c))
        return make_bsid_lattice_weights<real>(c.pi, c.pd, c.ps);
    const double pt = c.pt();
    return bsid_lattice_weights<real>{ real(c.pi / 2), real(c.pd / pt), real(1), real(0) };
}

int width_template(int width)
{
    if (width <= bsid_exact_widths)
        return width;
    return width <= 24 ? 24 : width <= 32 ? 32 : 0;
}

size_t real_bytes(const bsid_map_shape& s) { return s.precision == bsid_precision::DOUBLE ? 8 : 4; }

template <typename real>
cudaFuncAttributes fb_attributes(const bsid_map_shape& s, int w, bool stored)
{
    cudaFuncAttributes attr{};
    GPUFEC_CUDA_CHECK(cudaFuncGetAttributes(&attr, kernels_for<real>(w, s.channel, stored).fb));
    return attr;
}

/* The kernels' arguments for a batch (the pooled kernel reads the unscaled weights: it has no
 * select-only lattice). */
template <typename real>
fb_args<real> make_args(const bsid_map_shape& s, const bsid_map_plan& plan, const bsid_map_buffers& b)
{
    fb_args<real> A{};
    A.n = s.n;
    A.q = s.q;
    A.N = s.N;
    A.L = s.lookahead;
    A.I = s.N + s.lookahead;
    A.M = int(s.limits.frame_states());
    A.width = int(s.limits.symbol_states());
    A.smin = s.limits.symbol_min;
    A.smax = s.limits.symbol_max;
    A.fmin = s.limits.frame_min;
    A.w = kernel_weights<real>(s.channel);
    A.code = s.codewords;
    A.order = s.order;
    A.c1 = s.prefix1;
    A.c2 = s.prefix2;
    A.recv = b.received;
    A.words = b.words;
    A.win = b.windows;
    A.start = b.start_drift;
    A.priors = b.priors;
    A.gamma = static_cast<real*>(b.gamma);
    A.alpha = static_cast<real*>(b.alpha);
    A.exch_global = static_cast<real*>(b.exch_scratch);
    A.scratch = static_cast<real*>(b.lattice_scratch);
    A.post = b.posteriors;
    A.dec = b.decisions;
    A.end = b.end_drift;
    A.groups = plan.groups;
    A.m_pad = plan.m_pad;
    A.exch_elems = plan.exch_elems;
    A.exch_shared = plan.exch_shared;
    A.words_shared = plan.words_shared;
    A.scratch_elems = plan.lattice_scratch_elems;
    A.n_words = b.n_words;
    return A;
}

/* The per-frame pointers of a grid whose first frame is @p f0. */
template <typename real>
fb_args<real> shifted(const fb_args<real>& A, const bsid_map_shape& s, const bsid_map_plan& plan, size_t f0)
{
    fb_args<real> P = A;
    P.win += f0;
    P.start = A.start ? A.start + f0 * A.M : nullptr;
    P.priors = A.priors ? A.priors + f0 * size_t(A.N) * A.q : nullptr;
    P.gamma = A.gamma ? A.gamma + f0 * bsid_gamma_elems(s) : nullptr;
    P.alpha += f0 * bsid_alpha_elems(s);
    P.exch_global = A.exch_global ? A.exch_global + f0 * plan.exch_elems : nullptr;
    P.scratch = A.scratch ? A.scratch + f0 * plan.lattice_scratch_elems : nullptr;
    P.post = A.post ? A.post + f0 * size_t(A.N) * A.q : nullptr;
    P.dec = A.dec ? A.dec + f0 * size_t(A.N) : nullptr;
    P.end = A.end ? A.end + f0 * A.M : nullptr;
    return P;
}

template <typename real>
void launch(const bsid_map_shape& s, const bsid_map_plan& plan, const bsid_map_buffers& b, size_t frames, cudaStream_t st)
{
    const bool stored = b.gamma != nullptr;
    const kernel_set<real> k = kernels_for<real>(plan.width_template, s.channel, stored);
    const fb_args<real> A = make_args<real>(s, plan, b);
    if (stored) {
        const size_t total = frames * size_t(A.I) * A.q * A.M;
        const size_t blocks = std::min<size_t>((total + plan.gamma_threads - 1) / plan.gamma_threads, plan.gamma_blocks);
        k.gamma<<<unsigned(std::max<size_t>(blocks, 1)), unsigned(plan.gamma_threads), 0, st>>>(A, frames);
        GPUFEC_CUDA_CHECK_LAUNCH();
    }
    GPUFEC_CUDA_CHECK(cudaFuncSetAttribute(k.fb, cudaFuncAttributeMaxDynamicSharedMemorySize, int(plan.shared_bytes)));
    for (size_t f0 = 0; f0 < frames; f0 += plan.max_grid) {
        // Later grids see their frames as frame 0 onwards: shift every per-frame pointer.
        const size_t cnt = std::min<size_t>(plan.max_grid, frames - f0);
        k.fb<<<unsigned(cnt), plan.threads, plan.shared_bytes, st>>>(shifted(A, s, plan, f0));
        GPUFEC_CUDA_CHECK_LAUNCH();
    }
}

template <typename real, class Lattice>
void launch_pooled_with(const fb_args<real>& A, const bsid_map_shape& s, const bsid_map_plan& plan, size_t frames,
                        cudaStream_t st)
{
    GPUFEC_CUDA_CHECK(cudaFuncSetAttribute(bsid_pooled_kernel<real, Lattice>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, int(plan.shared_bytes)));
    for (size_t f0 = 0; f0 < frames; f0 += plan.max_grid) {
        const size_t cnt = std::min<size_t>(plan.max_grid, frames - f0);
        bsid_pooled_kernel<real, Lattice><<<unsigned(cnt), plan.threads, plan.shared_bytes, st>>>(
            shifted(A, s, plan, f0));
        GPUFEC_CUDA_CHECK_LAUNCH();
    }
}

template <typename real>
void launch_pooled(const bsid_map_shape& s, const bsid_map_plan& plan, const bsid_map_buffers& b, size_t frames,
                   cudaStream_t st)
{
    fb_args<real> A = make_args<real>(s, plan, b);
    A.w = make_bsid_lattice_weights<real>(s.channel.pi, s.channel.pd, s.channel.ps);
    if (plan.width_template == pooled_register_columns)
        launch_pooled_with<real, pooled_register_segments<real, pooled_register_columns>>(A, s, plan, frames, st);
    else
        launch_pooled_with<real, pooled_shared_segments<real>>(A, s, plan, frames, st);
}

/* The pooled kernel of a lattice policy, for cudaFuncGetAttributes. */
template <template <typename> class Lattice>
const void* pooled_kernel_of(const bsid_map_shape& s)
{
    return s.precision == bsid_precision::DOUBLE ? reinterpret_cast<const void*>(bsid_pooled_kernel<double, Lattice<double>>)
                                                 : reinterpret_cast<const void*>(bsid_pooled_kernel<float, Lattice<float>>);
}

template <typename real>
using register_segments = pooled_register_segments<real, pooled_register_columns>;

/* The register lattice unless GPUFEC_BSID_POOLED_LATTICE=shared asks for the shared-memory
 * pipeline (a measurement switch: docs/bsid-cuda.md). */
bool pooled_registers_allowed()
{
    const char* e = std::getenv("GPUFEC_BSID_POOLED_LATTICE");
    return !(e && std::string(e) == "shared");
}

} // namespace

size_t bsid_gamma_elems(const bsid_map_shape& s)
{
    return size_t(s.N + s.lookahead) * s.limits.frame_states() * size_t(s.q) * s.limits.symbol_states();
}

size_t bsid_alpha_elems(const bsid_map_shape& s) { return size_t(s.N + 1) * s.limits.frame_states(); }

bsid_map_plan plan_bsid_map(const bsid_map_shape& s, size_t frames, size_t max_window)
{
    const device_caps& prop = current_device_caps();
    const size_t M = s.limits.frame_states(), width = s.limits.symbol_states(), q = size_t(s.q);
    const size_t rb = real_bytes(s);

    bsid_map_plan plan{};
    plan.width_template = width_template(int(width));
    plan.m_pad = unsigned((M + 31) / 32 * 32);
    const bool is_double = s.precision == bsid_precision::DOUBLE;
    // Both modes' kernels: a plan serves either storage mode.
    size_t max_threads = size_t(prop.max_threads_per_block);
    for (bool stored : { false, true }) {
        const cudaFuncAttributes attr = is_double ? fb_attributes<double>(s, plan.width_template, stored)
                                                  : fb_attributes<float>(s, plan.width_template, stored);
        max_threads = std::min(max_threads, size_t(attr.maxThreadsPerBlock));
    }
    max_threads = std::max<size_t>(32, max_threads / 32 * 32);

    // Symbol groups: split a frame's symbols over more threads only while the batch alone
    // would not fill the device (each group adds to the gathers).
    const size_t resident = size_t(prop.sms) * prop.max_threads_per_sm;
    size_t S = 1;
    while (S < q && std::max<size_t>(frames, 1) * S * plan.m_pad < resident && 2 * S * plan.m_pad <= max_threads)
        S *= 2;
    plan.groups = unsigned(S);
    plan.threads = unsigned(std::min<size_t>(S * plan.m_pad, max_threads));

    // Shared memory: the per-block share that keeps the multiprocessor full of threads.
    const size_t blocks_per_sm = std::max<size_t>(
        1, std::min<size_t>(size_t(prop.max_blocks_per_sm), prop.max_threads_per_sm / plan.threads));
    const size_t optin = size_t(prop.smem_per_block_optin);
    const size_t budget = std::min(optin, std::max<size_t>(size_t(prop.smem_per_sm) / blocks_per_sm,
                                                           48 * 1024));
    const size_t base = reserved_bytes + (2 * plan.m_pad + M + 2 * width) * rb;
    if (base > optin)
        throw std::invalid_argument("bsid CUDA decoder: " + std::to_string(M) + " drift states need " +
                                    std::to_string(base) + " bytes of shared memory, the device has " +
                                    std::to_string(optin) + " per block");
    plan.exch_elems = std::max(S * width * plan.m_pad, S * plan.m_pad + q * (plan.m_pad / 32));
    plan.exch_shared = base + plan.exch_elems * rb <= budget;
    size_t used = base + (plan.exch_shared ? plan.exch_elems * rb : 0);
    const size_t words = (max_window + 128) / 32 + 4;
    plan.words_shared = (plan.width_template > 0 && used + words * 4 <= budget) ? words : 0;
    used += plan.words_shared * 4;
    plan.shared_bytes = used;
    plan.lattice_scratch_elems = plan.width_template == 0 ? size_t(plan.threads) * 4 * width : 0;

    plan.gamma_threads = 256;
    plan.gamma_blocks = size_t(prop.sms) * 16;
    plan.gamma_scratch_elems =
        plan.width_template == 0 ? plan.gamma_blocks * plan.gamma_threads * 2 * width : 0;
    plan.max_grid = size_t(prop.max_grid_x);
    return plan;
}

bsid_map_plan plan_bsid_pooled(const bsid_map_shape& s, size_t max_window)
{
    const device_caps& prop = current_device_caps();
    const size_t M = s.limits.frame_states(), q = size_t(s.q), rb = real_bytes(s);
    bsid_map_plan plan{};
    const size_t W = size_t(pooled_register_columns);
    // Registers (bsid_pooled_registers.h) while a codeword's G = M / W segments fit a warp:
    // 32 / G codewords a warp. Else the shared-memory pipeline: a warp of consecutive codewords
    // per column segment (the lattices are independent), G segments of about
    // pooled_segment_columns columns each, at least 2 (bsid_pooled_device.h); a codeword's
    // serial chain of cells is about M / G columns a row, over n + G steps.
    const bool registers = M <= 32 * W && pooled_registers_allowed();
    cudaFuncAttributes attr{};
    GPUFEC_CUDA_CHECK(cudaFuncGetAttributes(
        &attr, registers ? pooled_kernel_of<register_segments>(s) : pooled_kernel_of<pooled_shared_segments>(s)));
    const size_t max_threads = std::max<size_t>(32, size_t(attr.maxThreadsPerBlock) / 32 * 32);
    if (registers) {
        const size_t G = (M + W - 1) / W, per_warp = 32 / G;
        plan.width_template = int(W);
        plan.groups = unsigned(G);
        plan.threads = unsigned(std::min(max_threads, (q + per_warp - 1) / per_warp * 32));
    } else {
        const size_t P = std::min(max_threads, (q + 31) / 32 * 32);
        const size_t G = std::max<size_t>(
            1, std::min({ (M + pooled_segment_columns - 1) / pooled_segment_columns, M / 2, max_threads / P }));
        plan.threads = unsigned(P * G);
        plan.groups = unsigned(G);
    }
    plan.m_pad = unsigned(M);
    // Shared memory: as the corridor plan, the per-block share that keeps the multiprocessor
    // full of blocks, at least 48 KiB.
    const size_t blocks_per_sm = std::max<size_t>(
        1, std::min<size_t>(size_t(prop.max_blocks_per_sm), prop.max_threads_per_sm / plan.threads));
    const size_t optin = size_t(prop.smem_per_block_optin);
    const size_t budget = std::min(optin, std::max<size_t>(size_t(prop.smem_per_sm) / blocks_per_sm,
                                                           48 * 1024));
    const size_t base = reserved_bytes + 3 * M * rb;
    if (base > optin)
        throw std::invalid_argument("bsid CUDA decoder (pooled lattice): " + std::to_string(M) +
                                    " drift states need " + std::to_string(base) +
                                    " bytes of shared memory, the device has " + std::to_string(optin) + " per block");
    plan.exch_elems = pooled_rows_elems(int(M), int(q));
    // The rows whenever they fit a block, even at fewer blocks a multiprocessor: every cell
    // reads two of them and writes one (round 1 kept them within the budget: at pi = pd = 0.1
    // they went to global memory).
    plan.exch_shared = base + plan.exch_elems * rb <= optin;
    size_t used = base + (plan.exch_shared ? plan.exch_elems * rb : 0);
    // The shared pipeline's received bytes (one read a cell, the same byte in every lane: a
    // broadcast) are staged only within the share that keeps the multiprocessor full of blocks:
    // a full multiprocessor hides the latency of the cached global reads better than fewer
    // blocks with them staged. The registers read the packed words, two a row.
    const size_t share = size_t(prop.smem_per_sm) / blocks_per_sm;
    plan.words_shared = !registers && used + max_window <= std::min(budget, share) ? max_window : 0;
    used += plan.words_shared;
    plan.shared_bytes = used;
    plan.max_grid = size_t(prop.max_grid_x);
    return plan;
}

void launch_bsid_pooled(const bsid_map_shape& s,
                        const bsid_map_plan& plan,
                        const bsid_map_buffers& b,
                        size_t frames,
                        cudaStream_t stream)
{
    if (!frames)
        return;
    if (s.precision == bsid_precision::DOUBLE)
        launch_pooled<double>(s, plan, b, frames, stream);
    else
        launch_pooled<float>(s, plan, b, frames, stream);
}

void launch_bsid_pack(const uint8_t* received, size_t bits, uint32_t* words, cudaStream_t stream)
{
    const size_t n = bsid_packed_words(bits);
    const size_t blocks = std::min<size_t>((n + 255) / 256, 65535);
    pack_kernel<<<unsigned(blocks), 256, 0, stream>>>(received, bits, words, n);
    GPUFEC_CUDA_CHECK_LAUNCH();
}

void launch_bsid_map(const bsid_map_shape& s,
                     const bsid_map_plan& plan,
                     const bsid_map_buffers& b,
                     size_t frames,
                     cudaStream_t stream)
{
    if (!frames)
        return;
    if (s.precision == bsid_precision::DOUBLE)
        launch<double>(s, plan, b, frames, stream);
    else
        launch<float>(s, plan, b, frames, stream);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
