/* The single-segment kernel, written once over an instruction set's traits `V` and included by
 * each viterbi_lanes_<isa>.cc after the lane kernel, in the same namespace of its own.
 *
 * One segment, the states in the vector lanes (viterbi_lanes.h, single_code): butterfly i
 * reads the metrics at positions i and i + S/2 and writes positions 2i and 2i + 1, a vector's
 * lanes of butterflies at a time. Besides what the lane kernel uses, V provides set1, sign(l, s)
 * = l * s for s = +-1, interleave(even, odd, lo, hi) (lo, hi = even[0] odd[0] even[1] ...)
 * and broadcast_first(v) (lane 0 in every lane). Decisions: a word per group of
 * lanes butterflies a step, the bit of position 2i + u at bit(i mod lanes, u) of word i / lanes
 * (little-endian words: a step's S bits read as one word or as bytes). Every comparison
 * is segment_decoder's (docs/viterbi.md), on the same int16 values, renormalised at the same
 * steps by state 0's metric (position 0), so the decisions are its decisions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

namespace gr {
namespace gpufec {
namespace conv {
namespace GPUFEC_LANES_NS {

/* Add-compare-select over the segment's steps for k = K, n = N. The metrics stay in registers
 * from step to step (an array of vectors indexed by constants once the loops unroll): through
 * memory, each step would wait for its predecessor's stores. */
template <int K, int N, bool Symmetric>
inline void single_forward(const single_code& code, const segment& seg, const single_workspace& ws)
{
    constexpr size_t S = size_t(1) << (K - 1), H = S / 2, G = H / W;
    static_assert(G >= 1, "the kernel needs a vector's lanes of butterflies");
    const int16_t* sign = code.sign.data();
    word* dec = reinterpret_cast<word*>(ws.decisions);
    vec P[2 * G]; // positions [v W, (v + 1) W) in P[v]
#pragma GCC unroll 16
    for (size_t v = 0; v < 2 * G; ++v)
        P[v] = V::load(ws.metrics + v * W);
    for (size_t t = 0; t < seg.n_steps; ++t) {
        vec L[N];
        for (int j = 0; j < N; ++j)
            L[j] = V::set1(static_cast<int16_t>(llr_value(seg.llr[t * N + j])));
        word* d = dec + t * G;
        vec Q[2 * G];
#pragma GCC unroll 16
        for (size_t g = 0; g < G; ++g) {
            const vec A = P[g], B = P[G + g];
            const auto metric = [&](int branch) { // branch = b * 2 + u
                const int16_t* s = sign + static_cast<size_t>(branch * N) * H + g * W;
                vec x = V::sign(L[0], V::load(s));
                for (int j = 1; j < N; ++j)
                    x = V::add(x, V::sign(L[j], V::load(s + j * H)));
                return x;
            };
            vec m00, m10, m01, m11; // m_bu: from predecessor b with input u
            if (Symmetric) {
                const vec x = metric(0);
                m00 = V::add(A, x);
                m10 = V::sub(B, x);
                m01 = V::sub(A, x);
                m11 = V::add(B, x);
            } else {
                m00 = V::add(A, metric(0));
                m01 = V::add(A, metric(1));
                m10 = V::add(B, metric(2));
                m11 = V::add(B, metric(3));
            }
            V::interleave(V::max(m00, m10), V::max(m01, m11), Q[2 * g], Q[2 * g + 1]);
            d[g] = V::decisions(m00, m10, m01, m11);
        }
        if ((t + 1) % renorm_interval == 0) {
            const vec ref = V::broadcast_first(Q[0]); // position 0: state 0
#pragma GCC unroll 16
            for (size_t v = 0; v < 2 * G; ++v)
                Q[v] = V::sub(Q[v], ref);
        }
#pragma GCC unroll 16
        for (size_t v = 0; v < 2 * G; ++v)
            P[v] = Q[v];
    }
#pragma GCC unroll 16
    for (size_t v = 0; v < 2 * G; ++v)
        V::store(ws.metrics + v * W, P[v]);
}

/* The traceback from the end state (the spec's best state: the first, in state order, with
 * the largest metric). Position 2i + u came from position i + b S/2 with input u: the state's
 * newest bit is the position's lowest. The loop is one chain of dependent steps, so the
 * decision's bit is found by arithmetic (a table lookup would add a load to every step). */
template <int K>
inline void single_traceback(const single_code& code, const segment& seg, uint8_t* bits, const single_workspace& ws)
{
    constexpr size_t S = size_t(1) << (K - 1), step_bytes = S / 8;
    constexpr unsigned top = K - 2;
    uint32_t p; // a position: state rev(p)
    if (seg.end_state >= 0) {
        p = code.position[static_cast<size_t>(seg.end_state)];
    } else {
        p = code.position[0];
        for (size_t s = 1; s < S; ++s)
            if (ws.metrics[code.position[s]] > ws.metrics[p])
                p = code.position[s];
    }
    const uint8_t* dec = ws.decisions;
    const size_t out_first = seg.out_first, out_end = out_first + seg.n_out;
    for (size_t t = seg.n_steps; t-- > out_first;) {
        if (t < out_end)
            bits[t - out_first] = static_cast<uint8_t>(p & 1u);
        const uint32_t i = p >> 1;
        const unsigned q = static_cast<unsigned>(i / W * 2 * W) + V::bit(i % W, p & 1u);
        uint32_t b;
        if constexpr (S <= 64) { // a step's decisions in one word
            uint64_t w = 0;
            std::memcpy(&w, dec + t * step_bytes, step_bytes);
            b = static_cast<uint32_t>(w >> q) & 1u;
        } else {
            b = (dec[t * step_bytes + (q >> 3)] >> (q & 7u)) & 1u;
        }
        p = i | (b << top);
    }
}

template <int K>
inline void single_decode_k(const single_code& code, const segment& seg, uint8_t* bits, const single_workspace& ws)
{
    if constexpr ((size_t(1) << (K - 2)) >= W) {
        switch (code.n * 2 + code.symmetric) {
        case 4: single_forward<K, 2, false>(code, seg, ws); break;
        case 5: single_forward<K, 2, true>(code, seg, ws); break;
        case 6: single_forward<K, 3, false>(code, seg, ws); break;
        case 7: single_forward<K, 3, true>(code, seg, ws); break;
        case 8: single_forward<K, 4, false>(code, seg, ws); break;
        default: single_forward<K, 4, true>(code, seg, ws); break;
        }
        single_traceback<K>(code, seg, bits, ws);
    }
}

/* Start metrics, ACS, traceback. */
inline void decode_single(const single_code& code, const segment& seg, uint8_t* bits, const single_workspace& ws)
{
    const size_t S = static_cast<size_t>(code.states);
    const int16_t unreachable = static_cast<int16_t>(unreachable_metric(code.k, code.n));
    ws.metrics[0] = 0; // position 0 is state 0
    std::fill(ws.metrics + 1, ws.metrics + S, seg.start_known ? unreachable : int16_t(0));
    switch (code.k) {
    case 3: single_decode_k<3>(code, seg, bits, ws); break;
    case 4: single_decode_k<4>(code, seg, bits, ws); break;
    case 5: single_decode_k<5>(code, seg, bits, ws); break;
    case 6: single_decode_k<6>(code, seg, bits, ws); break;
    case 7: single_decode_k<7>(code, seg, bits, ws); break;
    case 8: single_decode_k<8>(code, seg, bits, ws); break;
    default: single_decode_k<9>(code, seg, bits, ws); break;
    }
}

} // namespace GPUFEC_LANES_NS
} // namespace conv
} // namespace gpufec
} // namespace gr
