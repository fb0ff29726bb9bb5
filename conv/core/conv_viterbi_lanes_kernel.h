/* The lane kernel, written once over an instruction set's traits `V` and included by each
 * viterbi_lanes_<isa>.cc inside a namespace of its own (each compiles it for its own target,
 * so their instantiations must not be merged by the linker).
 *
 * V provides: vec, word (2 * lanes decision bits), lanes, zero(), load/store of int16, add, sub,
 * max, and decisions(m0a, m1a, m0b, m1b) = the bits (m1a > m0a) for the lanes of state j and
 * (m1b > m0b) for those of state j + S/2, at position bit(lane, upper) = bit(lane, 0) +
 * upper_step * upper (upper = 1 for state j + S/2).
 *
 * Layout: metrics [state][lane], transposed LLRs [step][j][lane], decisions [step][j] words.
 * Metric bounds as in viterbi_segment.cc; the renormalisation subtracts state 0's metric of
 * each lane at the same steps as segment_decoder.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "skeleton/common/quantize.h"
#include "conv_viterbi_lanes.h"
#include <algorithm>
#include <cstring>

namespace gr {
namespace gpufec {
namespace conv {
namespace GPUFEC_LANES_NS {

constexpr size_t renorm_interval = 16; // as segment_decoder: the same steps

using vec = V::vec;
using word = V::word;
constexpr size_t W = V::lanes;

/* Steps [t0, t0 + m) of every lane into ws.llr as int16, -128 read as -127. */
template <int N>
inline void transpose(const lane_group& g, size_t t0, size_t m, int16_t* out)
{
    for (size_t l = 0; l < W; ++l) {
        // Lanes past the group's count repeat its first segment; their bits go to spare_bits.
        const int8_t* in = g.segs[l < g.count ? l : 0].llr + t0 * N;
        for (size_t i = 0; i < m * N; ++i)
            out[i * W + l] = static_cast<int16_t>(llr_value(in[i]));
    }
}

/* Add-compare-select over all steps of the group, for k = K (compile-time, so that the
 * butterfly loop unrolls). */
template <int K, int N, bool Symmetric>
inline void forward(const lane_code& code, const lane_group& g, const lane_workspace& ws)
{
    constexpr size_t S = size_t(1) << (K - 1), h = S / 2;
    const size_t n_steps = g.segs[0].n_steps;
    const uint8_t* branch = code.branch.data();
    int16_t* pm = ws.metrics;
    int16_t* next = ws.metrics + S * W;
    word* dec = reinterpret_cast<word*>(ws.decisions);
    for (size_t t0 = 0; t0 < n_steps; t0 += lane_block) {
        const size_t m = std::min(lane_block, n_steps - t0);
        transpose<N>(g, t0, m, ws.llr);
        for (size_t tb = 0; tb < m; ++tb) {
            const size_t t = t0 + tb;
            vec L[N], bm[1 << N];
            for (int j = 0; j < N; ++j)
                L[j] = V::load(ws.llr + (tb * N + j) * W);
            for (int c = 0; c < (1 << N); ++c) {
                vec x = V::zero();
                for (int j = 0; j < N; ++j)
                    x = (c >> j) & 1 ? V::add(x, L[j]) : V::sub(x, L[j]);
                bm[c] = x;
            }
            word* d = dec + t * h;
#pragma GCC unroll 8
            for (size_t j = 0; j < h; ++j) {
                const vec A = V::load(pm + 2 * j * W);
                const vec B = V::load(pm + (2 * j + 1) * W);
                const uint8_t* c = branch + 4 * j;
                vec m00, m10, m01, m11; // m_bu: from predecessor 2j + b with input u
                if (Symmetric) {
                    const vec x = bm[c[0]];
                    m00 = V::add(A, x);
                    m10 = V::sub(B, x);
                    m01 = V::sub(A, x);
                    m11 = V::add(B, x);
                } else {
                    m00 = V::add(A, bm[c[0]]);
                    m10 = V::add(B, bm[c[2]]);
                    m01 = V::add(A, bm[c[1]]);
                    m11 = V::add(B, bm[c[3]]);
                }
                V::store(next + j * W, V::max(m00, m10));
                V::store(next + (j + h) * W, V::max(m01, m11));
                d[j] = V::decisions(m00, m10, m01, m11);
            }
            std::swap(pm, next);
            if ((t + 1) % renorm_interval == 0) {
                const vec ref = V::load(pm);
                for (size_t s = 0; s < S; ++s)
                    V::store(pm + s * W, V::sub(V::load(pm + s * W), ref));
            }
        }
    }
    if (pm != ws.metrics)
        std::memcpy(ws.metrics, pm, S * W * sizeof(int16_t));
}

template <int K>
inline void forward_k(const lane_code& code, const lane_group& g, const lane_workspace& ws)
{
    switch (code.n * 2 + code.symmetric) {
    case 4: forward<K, 2, false>(code, g, ws); break;
    case 5: forward<K, 2, true>(code, g, ws); break;
    case 6: forward<K, 3, false>(code, g, ws); break;
    case 7: forward<K, 3, true>(code, g, ws); break;
    case 8: forward<K, 4, false>(code, g, ws); break;
    default: forward<K, 4, true>(code, g, ws); break;
    }
}

/* Start metrics, ACS, then per lane the traceback from the end state (the spec's best state:
 * the first with the largest metric). */
inline void decode_group(const lane_code& code, const lane_group& g, const lane_workspace& ws)
{
    const size_t S = static_cast<size_t>(code.states), h = S / 2;
    const segment& shape = g.segs[0];
    const int16_t unreachable = static_cast<int16_t>(unreachable_metric(code.k, code.n));
    for (size_t l = 0; l < W; ++l) {
        const bool known = g.segs[l < g.count ? l : 0].start_known;
        ws.metrics[l] = 0;
        for (size_t s = 1; s < S; ++s)
            ws.metrics[s * W + l] = known ? unreachable : 0;
    }
    switch (code.k) {
    case 3: forward_k<3>(code, g, ws); break;
    case 4: forward_k<4>(code, g, ws); break;
    case 5: forward_k<5>(code, g, ws); break;
    case 6: forward_k<6>(code, g, ws); break;
    case 7: forward_k<7>(code, g, ws); break;
    case 8: forward_k<8>(code, g, ws); break;
    default: forward_k<9>(code, g, ws); break;
    }

    uint32_t state[W];
    uint8_t* out[W];
    for (size_t l = 0; l < W; ++l) {
        // Lanes past the count trace lane 0's copy into the spare bits.
        out[l] = l < g.count ? g.bits[l] : ws.spare_bits;
        if (shape.end_state >= 0) {
            state[l] = static_cast<uint32_t>(shape.end_state);
            continue;
        }
        uint32_t best = 0;
        for (uint32_t s = 1; s < S; ++s)
            if (ws.metrics[s * W + l] > ws.metrics[best * W + l])
                best = s;
        state[l] = best;
    }
    const unsigned top = static_cast<unsigned>(code.k - 2);
    const uint32_t mask = static_cast<uint32_t>(S - 1);
    const word* dec = reinterpret_cast<const word*>(ws.decisions);
    const size_t out_end = shape.out_first + shape.n_out;
    // Four lanes step back together: their chains are independent, so they overlap, and four
    // keep their states and pointers in registers. Quads past the count are skipped.
    for (size_t q = 0; q < g.count; q += 4) {
        uint32_t st[4] = { state[q], state[q + 1], state[q + 2], state[q + 3] };
        uint8_t* o[4] = { out[q], out[q + 1], out[q + 2], out[q + 3] };
        const unsigned base[4] = { V::bit(q, 0), V::bit(q + 1, 0), V::bit(q + 2, 0), V::bit(q + 3, 0) };
        const auto back = [&](size_t t, bool emit) {
            const word* d = dec + t * h;
            for (int l = 0; l < 4; ++l) {
                const uint32_t s = st[l];
                const uint32_t upper = s >> top;
                if (emit)
                    o[l][t - shape.out_first] = static_cast<uint8_t>(upper);
                const uint32_t b =
                    static_cast<uint32_t>(d[s & (h - 1)] >> (base[l] + V::upper_step * upper)) & 1u;
                st[l] = ((s << 1) & mask) | b;
            }
        };
        for (size_t t = shape.n_steps; t-- > out_end;)
            back(t, false);
        for (size_t t = out_end; t-- > shape.out_first;)
            back(t, true);
    }
}

} // namespace GPUFEC_LANES_NS
} // namespace conv
} // namespace gpufec
} // namespace gr
