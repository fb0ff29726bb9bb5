/* The 16-bit decoder's recursions two states a register (docs/turbo.md, "Packed 16-bit
 * recursions"): the recursion policy of lte_turbo_window.cuh for int16_metrics, computing the same
 * functions as lte_turbo_siso_arith.h with Hopper's per-halfword DPX add-max (VIADDMNMX.U16x2), about half
 * the instructions of one state a register. Host and device: qa_turbo_packed_host checks it
 * against lte_turbo_siso_arith.h on the host.
 *
 * Lanes. A register holds two metrics as unsigned 16-bit lanes, each the metric plus 32768. No
 * lane ever leaves [0, 65535] (below), so a 32-bit add of a "composed" constant hi 65536 + lo
 * (lo possibly negative) adds lo and hi lane by lane exactly: the adds that need no max are
 * plain 32-bit adds. VIADDMNMX's own add wraps per lane, so its addend is a raw pair of lanes.
 *
 * Layouts (state s = 4 b2 + 2 b1 + b0, the trellis of lte_turbo_rsc_trellis.h: from s, input u leads to
 * (a, b2, b1) with a = u ^ b1 ^ b0, parity u ^ b2 ^ b1; u = b1 ^ b0 ^ a):
 *   alpha: register j = 2 b1 + b0 holds states (j, j + 4): the halves differ in b2;
 *   beta:  register j = 2 b2 + b1 holds states (2 j, 2 j + 1): the halves differ in b0.
 * An alpha step reads the two inputs of a butterfly from the same half of two registers, so
 * one VIADDMNMX makes a successor of two butterflies; two PRMTs a register pair restore the
 * layout. beta mirrors it. Per step: 4 VIADDMNMX, 4 adds, 4 PRMTs and about 6 instructions of
 * branch metrics, against 16 adds, 8 max and 8 subtractions one state a register.
 *
 * Normalisation (normalise(): every metric less state 0's). The window code
 * (lte_turbo_window.cuh) normalises a vector when it loads one and at least every fourth step; the
 * decisions depend on differences only (max-log-MAP: max(a + c, b + c) = max(a, b) + c, and the
 * extrinsic is L(1) - L(0) of sums with one alpha and one beta each), so they are the CPU
 * twin's, which normalises every step. A metric has drifted at most three steps since its
 * vector was normalised. The largest metric of a vector moves by at most D = 1277 a step
 * (lte_turbo_metric_domains.h) and normalised reachable metrics lie within 3D of state 0, so reachable
 * metrics stay within [-9D, 6D]; states not yet reachable (the first two steps from the known
 * start, before any normalisation subtracts anything) within [-16384 - 254, -16384 + 2D], and
 * the adds before a max reach D further. An extrinsic candidate alpha + parity + beta lies
 * within [-16638 - 9D - 127, 12D + 127] = [-28258, 15451]: every lane stays in [0, 65535].
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TURBO_PACKED_CUH
#define INCLUDED_GPUFEC_CUDA_TURBO_PACKED_CUH

#include "lte/common/lte_turbo_siso_arith.h"
#include "skeleton/cuda/dpx_lanes.h"
#include <cstddef>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {
namespace turbo_dev {

/* PRMT selectors: the low halves of a and b (a's first), their high halves, a's low half twice. */
constexpr uint32_t low_halves = 0x5410u, high_halves = 0x7632u, low_low = 0x1010u;

struct packed_recursion {
    using T = int32_t;
    static constexpr uint32_t offset = 32768u;          //!< a lane holds metric + offset
    static constexpr uint32_t offsets = 0x80008000u;    //!< in both lanes
    struct state {
        uint32_t r[4];
    };

    /* The raw lanes of metrics lo and hi. */
    __host__ __device__ __forceinline__ static uint32_t lanes(int32_t lo, int32_t hi)
    {
        return (uint32_t(lo + int32_t(offset)) & 0xffffu) | (uint32_t(hi + int32_t(offset)) << 16);
    }
    __host__ __device__ __forceinline__ static int32_t lo(uint32_t r) { return int32_t(r & 0xffffu) - int32_t(offset); }
    __host__ __device__ __forceinline__ static int32_t hi(uint32_t r) { return int32_t(r >> 16) - int32_t(offset); }

    /* The 8 metrics of a vector in either layout, state by state (the host test). */
    static void alpha_metrics(const state& x, T* m)
    {
        for (int j = 0; j < 4; ++j)
            m[j] = lo(x.r[j]), m[j + 4] = hi(x.r[j]);
    }
    static void beta_metrics(const state& x, T* m)
    {
        for (int j = 0; j < 4; ++j)
            m[2 * j] = lo(x.r[j]), m[2 * j + 1] = hi(x.r[j]);
    }

    __host__ __device__ __forceinline__ static state known_start()
    {
        constexpr int32_t u = gpufec::turbo::unreachable_metric<int32_t>();
        return state{ { lanes(0, u), lanes(u, u), lanes(u, u), lanes(u, u) } };
    }
    __host__ __device__ __forceinline__ static state zero() { return state{ { offsets, offsets, offsets, offsets } }; }
    __host__ __device__ __forceinline__ static state load(const T* from, size_t stride)
    {
        state x;
        for (int j = 0; j < 4; ++j)
            x.r[j] = uint32_t(from[j * stride]);
        return x;
    }
    __host__ __device__ __forceinline__ static void store(const state& x, T* to, size_t stride)
    {
        for (int j = 0; j < 4; ++j)
            to[j * stride] = T(x.r[j]);
    }
    __host__ __device__ __forceinline__ static state beta_from_metrics(const T* m)
    {
        return state{ { lanes(m[0], m[1]), lanes(m[2], m[3]), lanes(m[4], m[5]), lanes(m[6], m[7]) } };
    }

    /* Every metric less state 0's (its lane is the low one of register 0 in both layouts). */
    __host__ __device__ __forceinline__ static void normalise(state& x)
    {
        const uint32_t shift = offsets - dpx::prmt(x.r[0], x.r[0], low_low);
        for (int j = 0; j < 4; ++j)
            x.r[j] += shift;
    }

    /* The add-compare-selects of a register pair (u, v) in both halves: x = max(u + g, v + h),
     * y = max(v + g, u + h), g raw lanes, h composed (see the file comment). */
    __host__ __device__ __forceinline__ static void
    butterflies(uint32_t u, uint32_t v, uint32_t g, uint32_t h, uint32_t& x, uint32_t& y)
    {
        x = dpx::addmax(u, g, v + h);
        y = dpx::addmax(v, g, u + h);
    }

    /*
     * alpha(k+1) from alpha(k). With gamma(u, p) = u sa + p par, the pair (2 c, 2 c + 1) of
     * registers (b1 = c) feeds butterflies c (low halves) and 2 + c (high halves):
     *   X_c = max(R[2c] + (gamma(c,0), gamma(c,1)), R[2c+1] + (gamma(!c,1), gamma(!c,0)))  states c, 2 + c
     *   Y_c = max(R[2c+1] + (gamma(c,0), gamma(c,1)), R[2c] + (gamma(!c,1), gamma(!c,0)))  states 4 + c, 6 + c
     */
    __host__ __device__ __forceinline__ static void alpha_step(state& a, T sa, T par)
    {
        const uint32_t g0 = uint32_t(par) << 16;                  // raw (0, par)
        const uint32_t g1 = dpx::prmt(uint32_t(sa), uint32_t(sa + par), low_halves); // raw (sa, sa + par)
        const uint32_t h0 = uint32_t(sa * 65537 + par);            // composed (sa + par, sa)
        const uint32_t h1 = uint32_t(par);                         // composed (par, 0)
        uint32_t x0, y0, x1, y1;
        butterflies(a.r[0], a.r[1], g0, h0, x0, y0);
        butterflies(a.r[2], a.r[3], g1, h1, x1, y1);
        a.r[0] = dpx::prmt(x0, y0, low_halves);  // states 0, 4
        a.r[1] = dpx::prmt(x1, y1, low_halves);  // 1, 5
        a.r[2] = dpx::prmt(x0, y0, high_halves); // 2, 6
        a.r[3] = dpx::prmt(x1, y1, high_halves); // 3, 7
    }

    /*
     * beta(k) from beta(k+1). Registers c and 2 + c (successors 0 c b0 and 1 c b0) feed the
     * inverse butterflies of states 4c .. 4c + 3 (halves: their b1):
     *   E_c = max(R[c] + (gamma(0,c), gamma(1,c)), R[2+c] + (gamma(1,!c), gamma(0,!c)))    states 4c, 4c + 2
     *   F_c = max(R[2+c] + (gamma(0,c), gamma(1,c)), R[c] + (gamma(1,!c), gamma(0,!c)))    states 4c + 1, 4c + 3
     */
    __host__ __device__ __forceinline__ static void beta_step(state& b, T sa, T par)
    {
        const uint32_t g0 = uint32_t(sa) << 16;                    // raw (0, sa)
        const uint32_t g1 = dpx::prmt(uint32_t(par), uint32_t(sa + par), low_halves); // raw (par, sa + par)
        const uint32_t h0 = uint32_t(par * 65537 + sa);             // composed (sa + par, par)
        const uint32_t h1 = uint32_t(sa);                           // composed (sa, 0)
        uint32_t e0, f0, e1, f1;
        butterflies(b.r[0], b.r[2], g0, h0, e0, f0);
        butterflies(b.r[1], b.r[3], g1, h1, e1, f1);
        b.r[0] = dpx::prmt(e0, f0, low_halves);  // states 0, 1
        b.r[1] = dpx::prmt(e0, f0, high_halves); // 2, 3
        b.r[2] = dpx::prmt(e1, f1, low_halves);  // 4, 5
        b.r[3] = dpx::prmt(e1, f1, high_halves); // 6, 7
    }

    /*
     * L(1) - L(0) from alpha(k) and beta(k+1). Alpha register j = 2 b1 + b0 meets, for input u,
     * the successors (a, b2, b1) with a = u ^ b1 ^ b0: beta's registers 2a and 2a + 1, half b1,
     * gathered by one PRMT into Q(a, b1) (halves b2 = 0, 1 like alpha's); the parity is u ^ b1
     * in the low half and its complement in the high one.
     */
    __host__ __device__ __forceinline__ static T extrinsic(const state& a, const state& b, T par)
    {
        uint32_t q[2][2]; // [a][b1]: the beta halves, less the offset (lane-wise, by the xor)
        for (int s = 0; s < 2; ++s)
            for (int b1 = 0; b1 < 2; ++b1)
                q[s][b1] = dpx::prmt(b.r[2 * s], b.r[2 * s + 1], b1 ? high_halves : low_halves) ^ offsets;
        const uint32_t p[2] = { uint32_t(par) << 16, uint32_t(par) }; // composed (0, par), (par, 0)
        uint32_t acc[2] = { 0u, 0u };
        for (int u = 0; u < 2; ++u)
            for (int j = 0; j < 4; ++j) {
                const int b1 = j >> 1, b0 = j & 1;
                acc[u] = dpx::addmax(a.r[j] + p[u ^ b1], q[u ^ b1 ^ b0][b1], acc[u]);
            }
        // max of the low halves' pair and the high halves' pair: (L(0), L(1))
        const uint32_t l = dpx::addmax(dpx::prmt(acc[0], acc[1], low_halves), 0u, dpx::prmt(acc[0], acc[1], high_halves));
        return T(l >> 16) - T(l & 0xffffu);
    }
};

} // namespace turbo_dev
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
