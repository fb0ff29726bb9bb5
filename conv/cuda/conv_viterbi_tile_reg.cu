/* The fast streaming kernel for rate-1/2 codes of constraint length 7 (64 states) whose two
 * generators tap the newest and the oldest bit (171/133 and 133/171): one thread decodes one
 * tile, with its 64 path metrics in registers.
 *
 *   PM'[i]      = max(PM[2i] + x_i, PM[2i+1] + y_i),   d = (m_1 > m_0)
 *   PM'[i + 32] = max(PM[2i] + z_i, PM[2i+1] + w_i)
 *
 * with x..w = +-(L0 + L1) or +-(L0 - L1), fixed per butterfly once the generators are template
 * arguments, so that the signs fold into the adds. Metrics are fp32 holding exact integers:
 * FADD runs at twice the integer rate on Hopper and every |metric| stays below
 * (before + P + after) * 254 + 3049 < 2^24 (the launcher checks the tile length), so each add,
 * compare and max is exact: the decisions are those of docs/viterbi.md.
 * The decision bit is the sign of m_0 - m_1 (negative iff m_1 > m_0; a tie gives +0), shifted
 * into a 32-bit word with one funnel shift, 32 states per word.
 * Decisions go to global memory laid out [warp][step][word][lane], so a warp's stores are
 * coalesced, and traceback loads a group of 16 steps' words at once to hide latency.
 * This is the kernel for GPUs without DPX in hardware; Hopper runs conv_viterbi_tile_dpx.cu.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/cuda/cuda_check.h"
#include "skeleton/common/quantize.h"
#include "conv_viterbi_tile_k7_launch.cuh"

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

constexpr int block_threads = thread_tile_block_threads;
constexpr int S = 64;
/* In-place steps per block: 3 was the fastest on the H100 (docs/viterbi.md). */
constexpr int block_steps = 3;

/* Branch metric of the coded pair c (bit 0: generator 0) on one step, as an index into
 * v = {-(L0+L1), L0-L1, -(L0-L1), L0+L1}. */
template <unsigned G0, unsigned G1>
__device__ __forceinline__ int bm_index(uint32_t s, uint32_t u)
{
    const conv::trellis t{ 7, 2, { G0, G1, 0, 0 } };
    return int(t.outputs(s, u));
}

/* State s of a step of phase T (0..5) lives in register rot(s, T): s rotated left by T bits
 * within 6 bits. The butterfly of states 2i, 2i+1 then writes its successors i and i+32 into
 * the same two registers (rot(i, T+1) = rot(2i, T), rot(i+32, T+1) = rot(2i+1, T)): ACS in
 * place, with no register moves, and after 6 steps the layout is back where it started. */
__host__ __device__ constexpr int rot(int s, int T) { return ((s << T) | (s >> (6 - T))) & 63; }

template <unsigned G0, unsigned G1, int T, bool Store>
__device__ __forceinline__ void acs_step(float (&pm)[S], float L0, float L1, uint32_t& lo, uint32_t& hi)
{
    const float sum = L0 + L1, dif = L0 - L1;
    const float v[4] = { -sum, dif, -dif, sum };
#pragma unroll
    for (int i = 31; i >= 0; --i) {
        const int ra = rot(2 * i, T), rb = rot(2 * i + 1, T);
        const float a = pm[ra], b = pm[rb];
        const float m00 = a + v[bm_index<G0, G1>(2 * i, 0)];
        const float m10 = b + v[bm_index<G0, G1>(2 * i + 1, 0)];
        const float m01 = a + v[bm_index<G0, G1>(2 * i, 1)];
        const float m11 = b + v[bm_index<G0, G1>(2 * i + 1, 1)];
        pm[ra] = fmaxf(m00, m10); // state i
        pm[rb] = fmaxf(m01, m11); // state i + 32
        if (Store) {
            lo = __funnelshift_l(__float_as_uint(m00 - m10), lo, 1);
            hi = __funnelshift_l(__float_as_uint(m01 - m11), hi, 1);
        }
    }
}

/* A step that keeps the identity layout (through a copy the compiler turns into moves): for
 * the warm-up and the few steps after the last whole block. */
template <unsigned G0, unsigned G1, bool Store>
__device__ __forceinline__ void acs_step_copy(float (&pm)[S], float L0, float L1, uint32_t& lo, uint32_t& hi)
{
    const float sum = L0 + L1, dif = L0 - L1;
    const float v[4] = { -sum, dif, -dif, sum };
    float nx[S];
#pragma unroll
    for (int i = 31; i >= 0; --i) {
        const float a = pm[2 * i], b = pm[2 * i + 1];
        const float m00 = a + v[bm_index<G0, G1>(2 * i, 0)];
        const float m10 = b + v[bm_index<G0, G1>(2 * i + 1, 0)];
        const float m01 = a + v[bm_index<G0, G1>(2 * i, 1)];
        const float m11 = b + v[bm_index<G0, G1>(2 * i + 1, 1)];
        nx[i] = fmaxf(m00, m10);
        nx[i + 32] = fmaxf(m01, m11);
        if (Store) {
            lo = __funnelshift_l(__float_as_uint(m00 - m10), lo, 1);
            hi = __funnelshift_l(__float_as_uint(m01 - m11), hi, 1);
        }
    }
#pragma unroll
    for (int s = 0; s < S; ++s)
        pm[s] = nx[s];
}

/* Back to the identity layout after a block of in-place steps (64 moves). */
__device__ __forceinline__ void unrotate(float (&pm)[S])
{
    float t[S];
#pragma unroll
    for (int s = 0; s < S; ++s)
        t[s] = pm[rot(s, block_steps)];
#pragma unroll
    for (int s = 0; s < S; ++s)
        pm[s] = t[s];
}

__device__ __forceinline__ float llr_f(int8_t q) { return float(llr_value(q)); }

template <unsigned G0, unsigned G1>
__global__ void __launch_bounds__(block_threads, 4) viterbi_tile_reg_kernel(thread_tile_args a)
{
    const size_t job = size_t(blockIdx.x) * block_threads + threadIdx.x;
    if (job >= a.n_tiles)
        return;
    const int lane = threadIdx.x & 31;
    const size_t warp = job >> 5;
    const conv::tile_window w =
        conv::tile_window_of(a.first_tile + job, a.payload, a.before, a.after, a.end_step);
    const uint64_t tp = w.first, begin = w.begin, end = w.end;
    const int8_t* lp = a.llr + 2 * (begin - a.first_step);

    float pm[S];
    const float unreachable = float(conv::unreachable_metric(7, 2));
#pragma unroll
    for (int s = 0; s < S; ++s)
        pm[s] = (begin == 0 && s != 0) ? unreachable : 0.0f;

    // The LLRs of the next step are loaded one step ahead (an ACS step is ~300 instructions,
    // enough to cover the load's latency with a few warps per scheduler).
    const uint32_t warm = uint32_t(tp - begin), steps = uint32_t(end - tp);
    int8_t n0 = lp[0], n1 = lp[1];
    uint32_t lo = 0, hi = 0;
    float L0, L1;
    // Takes the prefetched LLRs of this step and prefetches the next step's when it exists.
    auto next = [&](bool more) {
        L0 = llr_f(n0);
        L1 = llr_f(n1);
        lp += 2;
        if (more) {
            n0 = lp[0];
            n1 = lp[1];
        }
    };
    // Warm-up (no decisions kept); step tp is held (steps >= 1), so it may always prefetch.
    for (uint32_t e = 0; e < warm; ++e) {
        next(true);
        acs_step_copy<G0, G1, false>(pm, L0, L1, lo, hi);
    }

    uint32_t* dec = a.dec + warp * size_t(a.dec_steps) * 64 + lane;
    uint32_t st = 0;
    // Blocks of 3 in-place steps written out one after another, then the layout restored with
    // 64 moves (a block is about 15 KiB of code; 6 steps would need no moves, but their 32 KiB
    // loop ran 10 % slower).
#define GPUFEC_VITERBI_STEP(T)                                                   \
    next(st + T + 1 < steps);                                                    \
    acs_step<G0, G1, T, true>(pm, L0, L1, lo, hi);                               \
    dec[size_t(st + T) * 64] = lo;                                               \
    dec[size_t(st + T) * 64 + 32] = hi;
    static_assert(block_steps == 3, "the block below is written out for 3 steps");
    for (; st + block_steps <= steps; st += block_steps) {
        GPUFEC_VITERBI_STEP(0)
        GPUFEC_VITERBI_STEP(1)
        GPUFEC_VITERBI_STEP(2)
        unrotate(pm);
    }
#undef GPUFEC_VITERBI_STEP
    for (; st < steps; ++st) {
        next(st + 1 < steps);
        acs_step_copy<G0, G1, true>(pm, L0, L1, lo, hi);
        dec[size_t(st) * 64] = lo;
        dec[size_t(st) * 64 + 32] = hi;
    }

    // Best state: largest metric, lowest index on ties.
    int best = 0;
    float bv = pm[0];
#pragma unroll
    for (int s = 1; s < S; ++s)
        if (pm[s] > bv) {
            bv = pm[s];
            best = s;
        }

    // Traceback from step end-1 down to tp; the tile's own decisions are steps < tp + P.
    // Both decision words of a group of steps are loaded before the serial walk through them
    // (they do not depend on the state), so memory latency is paid once per group.
    constexpr int group = 16;
    uint8_t* out = a.bits + job * a.payload;
    const uint32_t emit = uint32_t(min(a.payload, end - tp));
    uint32_t s = uint32_t(best);
    const bool words = (a.payload & 3) == 0 && (reinterpret_cast<uintptr_t>(a.bits) & 3) == 0;
    uint32_t pack = 0;
    for (int32_t top = int32_t(steps) - 1; top >= 0; top -= group) {
        uint32_t wl[group], wh[group];
#pragma unroll
        for (int q = 0; q < group; ++q)
            if (top - q >= 0) {
                wl[q] = dec[size_t(top - q) * 64];
                wh[q] = dec[size_t(top - q) * 64 + 32];
            }
#pragma unroll
        for (int q = 0; q < group; ++q) {
            const int32_t st = top - q;
            if (st < 0)
                break;
            if (uint32_t(st) < emit) {
                const uint32_t bit = s >> 5;
                if (words) {
                    pack = (pack << 8) | bit;
                    if ((st & 3) == 0) {
                        // Bytes st .. st+3; a partial word only when emit % 4 != 0.
                        if (uint32_t(st) + 4 <= emit)
                            *reinterpret_cast<uint32_t*>(out + st) = pack;
                        else
                            for (uint32_t r = 0; r < emit - uint32_t(st); ++r)
                                out[st + r] = uint8_t(pack >> (8 * r));
                        pack = 0;
                    }
                } else {
                    out[st] = uint8_t(bit);
                }
            }
            const uint32_t w = (s & 32) ? wh[q] : wl[q];
            s = ((s << 1) & (S - 1)) | ((w >> (s & 31)) & 1u);
        }
    }
}

} // namespace

bool viterbi_tile_reg_supports(const conv::trellis& t, const viterbi_tile_shape& shape)
{
    // Exactness of fp32 metrics: |metric| < (steps * 254 + 3049) < 2^24.
    return k7_tile_code(t) && shape.before + shape.payload + shape.after <= 60000;
}

void launch_viterbi_tile_reg(const conv::trellis& t, const thread_tile_args& a, cudaStream_t stream)
{
    launch_k7_tiles(t, a, viterbi_tile_reg_kernel<0171, 0133>, viterbi_tile_reg_kernel<0133, 0171>,
                    stream);
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
