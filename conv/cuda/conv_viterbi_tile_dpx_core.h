/* One streaming tile of a code of constraint length K (3..9; 8 and 9 on a team of 2 or 4
 * threads, step_exchange) and n = 2..4 generators (any: a generator need not tap the newest
 * or the oldest bit), with packed 16-bit path metrics, for Hopper's DPX
 * instructions (VIADDMNMX: per-halfword add then max). Host and device: the kernel
 * (conv_viterbi_tile_dpx_kernels.cuh, compiled by nvcc and NVRTC) runs it one tile per
 * thread, and a host test (qa_conv_viterbi_tile_dpx_host.cc) checks it against the reference
 * decoder. The text below
 * speaks of K=7 (m = K-1 = 6 position bits, 64 states, 32 registers, blocks of 6 steps); for
 * other K read m bits, 2^m states, 2^(m-1) registers and blocks of m steps.
 *
 * Metrics. Each 32-bit register holds two path metrics as unsigned 16-bit lanes, kept inside
 * [0, 65535] by renormalisation: every renorm_blocks() blocks of m steps all metrics drop by
 * state 0's metric less 32768. The spread of the metrics of one step is at most
 * 2 m n 254 + 1 (the known-state penalty, m n 254 + 1, plus m steps of branch metric
 * differences of at most 2 n 127), and a step moves a metric by at most n 127, so as long as
 * spread + (steps between renormalisations) n 127 <= 32767 no lane leaves [0, 65535] and
 * renormalising changes no comparison (K=7 r1/2: 6097 + 96 * 254). Because
 * no lane wraps, a 32-bit add of a "composed" constant hi * 65536 + lo (lo possibly negative)
 * adds lo and hi lane by lane exactly, so the adds that need no max are plain 32-bit integer
 * adds (IADD3 / IMAD, no 16-bit emulation).
 *
 * Layout. As in the fp32 register kernel, state s of a step of phase T (0..5) lives at position
 * rot(s, T) (s rotated left by T within 6 bits); position p is lane p >> 5 of register p & 31.
 * The butterfly of states A = 2j, B = 2j+1 writes states j, j+32 into the same two positions, so
 * ACS is in place and after 6 steps the layout is back where it started.
 *
 * Branches. With c00 the coded bits of A's input 0 (register 2j) and Fo, Fu the generators
 * (bit j = generator j) that tap the oldest and the newest bit, the other three branches carry
 * c10 = c00 ^ Fo (B, input 0), c01 = c00 ^ Fu (A, input 1) and c11 = c00 ^ Fo ^ Fu (B, input 1):
 *     new_j    = max(A + v[c00], B + v[c10])
 *     new_j+32 = max(B + v[c11], A + v[c01])
 * (butterfly(); v[c] the metric of coded bits c). In phases 0..4 the two inputs of a butterfly
 * sit in the same lane of two registers, so one VIADDMNMX does two butterflies' add-compare-
 * select for one successor each: new_j = VIADDMNMX(A, v[c00] in both lanes, B + v[c10]). When
 * every generator taps both ends (Fo = Fu = all), c10 = c01 = ~c00 and c11 = c00: the metrics
 * are x, -x, -x, x (v[~c] = -v[c]), and the steps emit that special case's instructions (one
 * constant per butterfly and lane pair: plus_v, dec_offset, both_ends). In phase 5 the two
 * inputs share a register: its halves are swapped with one PRMT.
 *
 * Decisions. d = (B + v[c10] > A + v[c00]) is the top bit of the lane of
 * E = B - A + (v[c10] - v[c00]) + 32767 (32-bit adds; the offset keeps the low lane from
 * borrowing, and |v[c10] - v[c00]| <= 2 n 127 keeps the lane in [0, 65535] by the bound
 * above): one IADD3 per register. A PRMT with sign
 * replication turns the top bits of two E words into four 0x00/0xFF bytes and one LOP3 merges
 * them into the step's decision words: 0.5 instruction per decision. The stored bit of the
 * state at position p (layout after the step) is bit pi(p) of the step's 64 bits, pi swapping
 * position bits 4 and 5 (K=7; K=6 packs the same way into one word with pi the identity, and
 * K <= 5, with 8 registers or fewer, puts the top bits into place one by one). Traceback walks positions: from position p' after a step of phase T,
 * the decoded bit is bit T of p' and the predecessor's position is p' with bit T set to d.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_CORE_H
#define INCLUDED_GPUFEC_CUDA_VITERBI_TILE_DPX_CORE_H

#include "conv/common/conv_trellis.h"
#include "skeleton/cuda/dpx_lanes.h"
#include <cstdint>

namespace gr {
namespace gpufec {
namespace cuda {
namespace dpx {

#if defined(__CUDA_ARCH__)
#define GPUFEC_DPX_UNROLL _Pragma("unroll")
#else
#define GPUFEC_DPX_UNROLL
#endif

/* The code's shape: m position bits, 2^m states. One thread holds the positions of its low
 * `local` bits (at most 6: 64 states in 32 registers of two lanes); K = 8 and 9 spread a tile
 * over 2 or 4 threads, thread t holding the positions whose top bits are t (a "team", see
 * step_exchange). */
template <int K>
struct shape {
    static_assert(K >= 3 && K <= 9, "the packed kernel holds 4..256 states");
    static constexpr int m = K - 1;
    static constexpr int states = 1 << m;
    static constexpr int local = m < 6 ? m : 6;     //!< position bits one thread holds
    static constexpr int threads = 1 << (m - local); //!< threads per tile
    static constexpr int regs = (1 << local) / 2;
    static constexpr int words = regs > 16 ? 2 : 1; //!< decision words per step and thread
};

/* A tile decoded by one thread: no exchange. A team of several threads (the kernel's warp
 * shuffles, the host test's emulation) has the same members. */
struct solo {
    static constexpr uint32_t tid = 0;
    template <int R>
    __host__ __device__ __forceinline__ void exchange(const uint32_t (&)[R], uint32_t (&)[R], int) const
    {
    }
    __host__ __device__ __forceinline__ uint32_t from(uint32_t v, uint32_t) const { return v; }
    __host__ __device__ __forceinline__ uint32_t xor_max(uint32_t v, int) const { return v; }
};

/* p rotated right by T within m bits: the state at position p of phase T. */
__host__ __device__ constexpr int rotr(int p, int T, int m)
{
    return ((p >> T) | (p << (m - T))) & ((1 << m) - 1);
}

/* Coded bits of input u from state s, as an index into v (v[c] = sum_j (c_j ? L_j : -L_j)). */
template <int K, unsigned... G>
__host__ __device__ __forceinline__ int bm_index(int s, int u)
{
    const conv::trellis t{ K, int(sizeof...(G)), { G... } };
    return int(t.outputs(uint32_t(s), uint32_t(u)));
}

/* The generators (bit j = generator j) that tap bit @p b of the register: b = 0 gives Fo,
 * b = K-1 gives Fu (file comment). */
template <unsigned... G>
__host__ __device__ constexpr int taps_of_bit(int b)
{
    constexpr unsigned g[] = { G... };
    int f = 0;
    for (int j = 0; j < int(sizeof...(G)); ++j)
        f |= int((g[j] >> b) & 1u) << j;
    return f;
}

/* Every generator taps both ends (Fo = Fu = all): the branches are x, -x, -x, x. */
template <int K, unsigned... G>
__host__ __device__ constexpr bool both_ends()
{
    constexpr int all = (1 << sizeof...(G)) - 1;
    return taps_of_bit<G...>(0) == all && taps_of_bit<G...>(K - 1) == all;
}

/* The coded bits of a butterfly's four branches (file comment): from A (even state s) and
 * B (s + 1) on input 0 (to j) and input 1 (to j + 2^(m-1)). Fo and Fu are constant
 * expressions, so only c00 is left for the optimiser to fold (four trellis evaluations per
 * butterfly made cicc run several times as long). */
struct branches {
    int a0, b0, a1, b1;
};
template <int K, unsigned... G>
__host__ __device__ __forceinline__ branches butterfly(int s)
{
    constexpr int fo = taps_of_bit<G...>(0), fu = taps_of_bit<G...>(K - 1);
    const int c = bm_index<K, G...>(s, 0);
    return { c, c ^ fo, c ^ fu, c ^ fo ^ fu };
}

/* A value the compiler must take as it is (no reassociation into its uses): a step's constants
 * are computed once and each use is then a single instruction. */
__host__ __device__ __forceinline__ uint32_t opaque(uint32_t x)
{
#if defined(__CUDA_ARCH__)
    asm("mov.b32 %0, %1;" : "=r"(x) : "r"(x));
#endif
    return x;
}

/* b - a + k as one three-input add (IADD3), kept from being split into a shared b - a. */
__host__ __device__ __forceinline__ uint32_t sub_add(uint32_t b, uint32_t a, uint32_t k)
{
#if defined(__CUDA_ARCH__)
    uint32_t r;
    asm("{.reg .b32 t; add.s32 t, %1, %3; sub.s32 %0, t, %2;}" : "=r"(r) : "r"(b), "r"(a), "r"(k));
    return r;
#else
    return b - a + k;
#endif
}

/* Branch metric constants of one lane pair (il: low lane, ih: high lane, indices into v, which
 * has V = 2^n entries with v[V-1-c] = -v[c]). */
template <int V>
__host__ __device__ __forceinline__ uint32_t raw(const int32_t (&v)[V], int il, int ih)
{
    return uint32_t(v[ih]) * 65536u + uint32_t(v[il]);
}
template <int V>
__host__ __device__ __forceinline__ uint32_t composed(const int32_t (&v)[V], int il, int ih)
{
    return opaque(raw(v, il, ih));
}
template <int V>
__host__ __device__ __forceinline__ uint32_t lanes(const int32_t (&v)[V], int il, int ih)
{
    return prmt(uint32_t(v[il]), uint32_t(v[ih]), 0x5410);
}
/* b + (v[il], v[ih]) lane by lane; a pair and its negation (V-1-il, V-1-ih) share one
 * constant, the one whose low index is below V/2. */
template <int V>
__host__ __device__ __forceinline__ uint32_t plus_v(uint32_t b, const int32_t (&v)[V], int il, int ih)
{
    return il < V / 2 ? b + composed(v, il, ih) : b - composed(v, (V - 1) ^ il, (V - 1) ^ ih);
}
/* The offset of a decision word, @p base + (v[bl] - v[al], v[bh] - v[ah]) composed: B's branch
 * metric less A's. For codes that tap both ends (@p Both) B's pair is the negation of A's:
 * base - 2 (v[al], v[ah]), one constant from one pair. (A compile-time choice: a test of the
 * indices, folded only late, left nvcc with a different instruction mix.) */
template <bool Both, int V>
__host__ __device__ __forceinline__ uint32_t
dec_offset(const int32_t (&v)[V], uint32_t base, int al, int ah, int bl, int bh)
{
    if constexpr (Both)
        return opaque(base - 2u * raw(v, al, ah));
    else
        return opaque(base + raw(v, bl, bh) - raw(v, al, ah));
}

/* The step's 2^n branch metrics from its n LLRs (bytes of @p bytes, lowest first). */
template <int N>
__host__ __device__ __forceinline__ void branch_metrics(uint32_t bytes, int32_t (&v)[1 << N], uint32_t flips);

/* The step's decision words from its E words (top bit of each lane = decision of that
 * position). With 16 or 32 registers, position p = R h + r goes to bit 8 (2h + r3) + (r & 7)
 * of word r4 (index_of), two registers' four top bits at once; with fewer, position p goes to
 * bit p. @p swapped: the high lanes' bits come out inverted (the swap step). */
template <int K>
__host__ __device__ __forceinline__ void pack(const uint32_t (&e)[shape<K>::regs], bool swapped, uint32_t& w0, uint32_t& w1)
{
    constexpr int R = shape<K>::regs;
    if constexpr (R >= 16) {
        w0 = swapped ? 0xFFFF0000u : 0u;
        w1 = w0;
        GPUFEC_DPX_UNROLL
        for (int r = 0; r < R; ++r) {
            if (r & 8)
                continue;
            const uint32_t f = prmt(e[r], e[r | 8], 0xFBD9);
            const uint32_t m = 0x01010101u << (r & 7);
            if (r & 16)
                w1 ^= f & m;
            else
                w0 ^= f & m;
        }
    } else {
        w0 = swapped ? ((1u << R) - 1u) << R : 0u;
        w1 = 0;
        GPUFEC_DPX_UNROLL
        for (int r = 0; r < R; ++r)
            w0 ^= (((e[r] >> 15) & 1u) << r) | ((e[r] >> 31) << (r + R));
    }
}

/* One step of phase T in 0..m-2. */
template <int K, int T, unsigned... G>
__host__ __device__ __forceinline__ void step_vertical(uint32_t (&pm)[shape<K>::regs],
                                                       const int32_t (&v)[1 << sizeof...(G)],
                                                       uint32_t& w0,
                                                       uint32_t& w1)
{
    constexpr int m = shape<K>::m, R = shape<K>::regs;
    constexpr bool Both = both_ends<K, G...>();
    uint32_t e[R];
    GPUFEC_DPX_UNROLL
    for (int q = 0; q < R / 2; ++q) {
        // Register r holds A states (position bit T clear), r2 the B states; successor j goes
        // to A's position, j + 2^(m-1) to B's.
        const int r = ((q >> T) << (T + 1)) | (q & ((1 << T) - 1));
        const int r2 = r | (1 << T);
        const branches lo = butterfly<K, G...>(rotr(r, T, m));
        const branches hi = butterfly<K, G...>(rotr(R | r, T, m));
        const uint32_t a = pm[r], b = pm[r2];
        const uint32_t x00 = lanes(v, lo.a0, hi.a0);
        // c11 = c00 for codes that tap both ends: one PRMT serves both successors (nvcc does
        // not merge two equal ones).
        const uint32_t x11 = Both ? x00 : lanes(v, lo.b1, hi.b1);
        pm[r] = addmax(a, x00, plus_v(b, v, lo.b0, hi.b0));
        pm[r2] = addmax(b, x11, plus_v(a, v, lo.a1, hi.a1));
        e[r] = sub_add(b, a, dec_offset<Both>(v, 0x7FFF7FFFu, lo.a0, hi.a0, lo.b0, hi.b0));
        e[r2] = sub_add(b, a, dec_offset<Both>(v, 0x7FFF7FFFu, lo.a1, hi.a1, lo.b1, hi.b1));
    }
    pack<K>(e, false, w0, w1);
}

/* The step of phase local-1 (m-1 for K <= 7): the two inputs of a butterfly are the two lanes
 * of one register r = (A, B) (K <= 7: register j holds states 2j and 2j+1 and receives j and
 * j+2^(m-1)); with s = (B, A), new = max(r + (v[c00], v[c11]), s + (v[c10], v[c01])). The high
 * lane's E is A - B + (v[c01] - v[c11]) + 32768, whose top bit is the inverted decision
 * (fixed by pack). */
template <int K, int T, unsigned... G>
__host__ __device__ __forceinline__ void step_swap(uint32_t (&pm)[shape<K>::regs],
                                                   const int32_t (&v)[1 << sizeof...(G)],
                                                   uint32_t& w0,
                                                   uint32_t& w1)
{
    constexpr int R = shape<K>::regs, V = 1 << sizeof...(G);
    uint32_t e[R];
    GPUFEC_DPX_UNROLL
    for (int j = 0; j < R; ++j) {
        const branches x = butterfly<K, G...>(rotr(j, T, shape<K>::m));
        const uint32_t r = pm[j];
        const uint32_t s = prmt(r, r, 0x1032);
        // s + (v[c10], v[c01]) as s less the negated pair: for codes that tap both ends that
        // is s - (x, x), x = v[c00], as the offset's constant comes from x too.
        pm[j] = addmax(r, lanes(v, x.a0, x.b1), s - composed(v, (V - 1) ^ x.b0, (V - 1) ^ x.a1));
        e[j] = sub_add(s, r, dec_offset<both_ends<K, G...>()>(v, 0x80007FFFu, x.a0, x.b1, x.b0, x.a1));
    }
    pack<K>(e, true, w0, w1);
}

/* A step of phase T >= local (K = 8, 9): the butterfly's inputs sit at the same register and
 * lane of the two threads whose bit T - local differs. Each thread receives its partner's 32
 * registers and computes the successors at its own positions: the lower thread (own = A)
 * max(A + v[c00], B + v[c10]) = addmax(own, v[c00], other + v[c10]); the upper one (own = B)
 * max(B + v[c11], A + v[c01]), the same formula because its v' (team_flips) has
 * v'[c00] = v[c11] and v'[c10] = v[c01]. Its decision (B + v[c11] > A + v[c01]) is the
 * complement of the top bit of A - B + (v'[c10] - v'[c00]) + 32768, so both threads form
 * other - own + (v[c10] - v[c00]) + 32767 + upper and the upper one inverts its words. */
template <int K, int T, unsigned... G, class Team>
__host__ __device__ __forceinline__ void step_exchange(uint32_t (&pm)[shape<K>::regs],
                                                       const int32_t (&v)[1 << sizeof...(G)],
                                                       uint32_t& w0,
                                                       uint32_t& w1,
                                                       const Team& team)
{
    constexpr int m = shape<K>::m, R = shape<K>::regs, L = shape<K>::local;
    const uint32_t upper = (team.tid >> (T - L)) & 1u;
    uint32_t other[R], e[R];
    team.exchange(pm, other, 1 << (T - L));
    GPUFEC_DPX_UNROLL
    for (int j = 0; j < R; ++j) {
        const branches lo = butterfly<K, G...>(rotr(j, T, m));
        const branches hi = butterfly<K, G...>(rotr(R | j, T, m));
        const uint32_t own = pm[j];
        pm[j] = addmax(own, lanes(v, lo.a0, hi.a0), plus_v(other[j], v, lo.b0, hi.b0));
        e[j] = sub_add(other[j], own,
                       dec_offset<both_ends<K, G...>()>(v, 0x7FFF7FFFu, lo.a0, hi.a0, lo.b0, hi.b0) +
                           upper * 0x00010001u);
    }
    pack<K>(e, false, w0, w1);
    w0 ^= 0u - upper;
    w1 ^= 0u - upper;
}

template <int K, int T, unsigned... G, class Team>
__host__ __device__ __forceinline__ void step(uint32_t (&pm)[shape<K>::regs],
                                              const int32_t (&v)[1 << sizeof...(G)],
                                              uint32_t& w0,
                                              uint32_t& w1,
                                              const Team& team)
{
    constexpr int L = shape<K>::local;
    if constexpr (T >= L)
        step_exchange<K, T, G...>(pm, v, w0, w1, team);
    else if constexpr (T == L - 1)
        step_swap<K, T, G...>(pm, v, w0, w1);
    else
        step_vertical<K, T, G...>(pm, v, w0, w1);
}

/* The coded bits that a team thread's top position bits add to the butterfly's A state at
 * phase T (the outputs are linear in the state): flipping the signs of those LLRs turns the
 * lower thread's branch metrics into this thread's, v'[c] = v[c ^ flips]. In a phase
 * T >= local the upper thread of a pair (its bit T - local set) flips Fo ^ Fu as well
 * (the bits of register 2^(K-1) + 1), so that its v'[c00] is v[c11] and v'[c10] is v[c01]
 * (step_exchange; nothing for codes that tap both ends). Bits 4T..4T+3. */
template <int K, unsigned... G>
__host__ __device__ __forceinline__ uint32_t team_flips(uint32_t tid)
{
    constexpr int m = shape<K>::m, L = shape<K>::local;
    constexpr uint32_t cross = uint32_t(taps_of_bit<G...>(0) ^ taps_of_bit<G...>(K - 1)); // Fo ^ Fu
    uint32_t f = 0;
    GPUFEC_DPX_UNROLL
    for (int T = 0; T < m; ++T) {
        const uint32_t upper = T >= L ? (tid >> (T - L)) & 1u : 0u;
        const uint32_t top = T >= L ? tid & ~(1u << (T - L)) : tid; // the A state's top bits
        f |= (uint32_t(bm_index<K, G...>(rotr(int(top << L), T, m), 0)) ^ (upper * cross)) << (4 * T);
    }
    return f;
}

/* A step's decision words to the global workspace: word 1 (K >= 7) @p word_off words after
 * word 0 (plain stores on the host). */
template <int W>
__host__ __device__ __forceinline__ void store_words(uint32_t* p, size_t word_off, uint32_t w0, uint32_t w1)
{
#if defined(__CUDA_ARCH__)
    __stwb(p, w0);
    if constexpr (W == 2)
        __stwb(p + word_off, w1);
#else
    p[0] = w0;
    if constexpr (W == 2)
        p[word_off] = w1;
#endif
}

/* A step's decision words, word 1 in the high half. */
template <int W>
__host__ __device__ __forceinline__ uint64_t load_words(const uint32_t* p, size_t word_off)
{
    if constexpr (W == 2)
        return (uint64_t(p[word_off]) << 32) | p[0];
    else
        return p[0];
}

/* (a & mask) | (b & ~mask) as one LOP3 (written out, with the bit masked first, nvcc made two). */
__host__ __device__ __forceinline__ uint32_t select_bits(uint32_t a, uint32_t mask, uint32_t b)
{
#if defined(__CUDA_ARCH__)
    uint32_t r;
    asm("lop3.b32 %0, %1, %2, %3, 0xE2;" : "=r"(r) : "r"(a), "r"(mask), "r"(b));
    return r;
#else
    return (a & mask) | (b & ~mask);
#endif
}

__host__ __device__ __forceinline__ int32_t llr_of(uint32_t byte)
{
    const int32_t q = int32_t(int8_t(uint8_t(byte)));
    return q < -127 ? -127 : q;
}

/* (LLR j negated where bit j of @p flips is set: a team thread's metrics, team_flips.) */
__host__ __device__ __forceinline__ int32_t flip(int32_t l, uint32_t flips, int j)
{
    const int32_t s = -int32_t((flips >> j) & 1u);
    return (l ^ s) - s;
}

template <int N>
__host__ __device__ __forceinline__ void branch_metrics(uint32_t bytes, int32_t (&v)[1 << N], uint32_t flips)
{
    if constexpr (N == 2) {
        const int32_t l0 = flip(llr_of(bytes), flips, 0), l1 = flip(llr_of(bytes >> 8), flips, 1);
        v[0] = -(l0 + l1);
        v[1] = l0 - l1;
        v[2] = l1 - l0;
        v[3] = l0 + l1;
    } else {
        int32_t l[N];
        GPUFEC_DPX_UNROLL
        for (int j = 0; j < N; ++j)
            l[j] = flip(llr_of(bytes >> (8 * j)), flips, j);
        GPUFEC_DPX_UNROLL
        for (int c = 0; c < (1 << N); ++c) {
            int32_t x = 0;
            GPUFEC_DPX_UNROLL
            for (int j = 0; j < N; ++j)
                x += ((c >> j) & 1) ? l[j] : -l[j];
            v[c] = x;
        }
    }
}

/* The N LLR bytes of step g (lowest byte first): one 16- or 32-bit load for n = 2 or 4 (the
 * caller aligns lp to N bytes), three byte loads for n = 3 (but see word_reader). */
template <int N>
__host__ __device__ __forceinline__ uint32_t load_step(const int8_t* lp, uint32_t g)
{
    if constexpr (N == 2)
        return reinterpret_cast<const uint16_t*>(lp)[g];
    else if constexpr (N == 4)
        return reinterpret_cast<const uint32_t*>(lp)[g];
    else {
        const uint8_t* b = reinterpret_cast<const uint8_t*>(lp) + size_t(N) * g;
        uint32_t x = 0;
        GPUFEC_DPX_UNROLL
        for (int j = 0; j < N; ++j)
            x |= uint32_t(b[j]) << (8 * j);
        return x;
    }
}

/* (hi:lo) >> sh, the low 32 bits (SHF). */
__host__ __device__ __forceinline__ uint32_t funnel_right(uint32_t lo, uint32_t hi, uint32_t sh)
{
#if defined(__CUDA_ARCH__)
    return __funnelshift_r(lo, hi, sh);
#else
    return uint32_t(((uint64_t(hi) << 32) | lo) >> sh);
#endif
}

/* The steps of an n = 3 code, in order, from aligned 32-bit words: a step's three bytes
 * straddle words, and three byte loads a step (each a separate request of the warp, since a
 * warp's tiles lie far apart) made those codes load-bound (K=5 r1/3 decoded at half the speed
 * of r1/2). One word load every 4/3 steps instead, for codes decoded by one thread a tile
 * (words_for); a team's threads load the same bytes in one request, and K = 8, 9 are
 * arithmetic-bound (the reader's few instructions a step cost them 10 %). Only the run's bytes
 * are read: a word reaching outside it (at most the first and the last) is put together from
 * its bytes inside. Offsets are 32-bit, from the run's first byte rounded down to a word (fewer
 * registers). */
struct word_reader {
    const uint8_t* base; //!< the run's first byte, rounded down to a multiple of 4
    uint32_t lead, lim;  //!< the run is bytes [lead, lim) of base
    uint32_t q;          //!< the word after hi
    uint32_t lo, hi, sh; //!< the next step's first byte is bit sh of hi:lo

    __host__ __device__ __forceinline__ word_reader(const int8_t* run, uint32_t bytes)
        : base(reinterpret_cast<const uint8_t*>(reinterpret_cast<uintptr_t>(run) & ~uintptr_t(3))),
          lead(uint32_t(reinterpret_cast<uintptr_t>(run) & 3)),
          lim(lead + bytes)
    {
    }
    __host__ __device__ __forceinline__ uint32_t word()
    {
        uint32_t v = 0;
        if (q >= lead && q + 4 <= lim) {
            v = *reinterpret_cast<const uint32_t*>(base + q);
        } else {
            for (uint32_t b = 0; b < 4; ++b)
                if (q + b >= lead && q + b < lim)
                    v |= uint32_t(base[q + b]) << (8 * b);
        }
        q += 4;
        return v;
    }
    /* The next step is the one at byte @p at of the run. */
    __host__ __device__ __forceinline__ void seek(uint32_t at)
    {
        at += lead;
        q = at & ~3u;
        sh = 8 * (at & 3);
        lo = word();
        hi = word();
    }
    __host__ __device__ __forceinline__ uint32_t next()
    {
        const uint32_t x = funnel_right(lo, hi, sh);
        sh += 24;
        if (sh >= 32) {
            sh -= 32;
            lo = hi;
            hi = word();
        }
        return x;
    }
};

/* Whether the steps of a code come through a word_reader (n = 3, one thread a tile). */
template <int K, int N>
__host__ __device__ constexpr bool words_for()
{
    return N == 3 && shape<K>::threads == 1;
}

/* Where a tile's steps come from: consecutive steps at lp (streaming tiles, terminated and
 * truncated frames; @p n steps exist there) or a tail-biting frame's circular extension, step g
 * reading frame step (g + offset) mod frame (offset = frame - W mod frame, docs/viterbi.md).
 * decode_tile asks for steps 0, 1, 2, ... in order, each once (the word readers rely on it). */
template <int N, bool Words = false>
struct linear_steps {
    const int8_t* lp;
    __host__ __device__ linear_steps(const int8_t* lp, uint32_t) : lp(lp) {}
    __host__ __device__ __forceinline__ uint32_t operator()(uint32_t g) const { return load_step<N>(lp, g); }
};
template <>
struct linear_steps<3, true> {
    word_reader r;
    __host__ __device__ linear_steps(const int8_t* lp, uint32_t n) : r(lp, 3 * n) { r.seek(0); }
    __host__ __device__ __forceinline__ uint32_t operator()(uint32_t) { return r.next(); }
};
template <int N, bool Words = false>
struct circular_steps {
    const int8_t* lp;
    uint32_t frame, offset;
    __host__ __device__ circular_steps(const int8_t* lp, uint32_t frame, uint32_t offset)
        : lp(lp), frame(frame), offset(offset)
    {
    }
    __host__ __device__ __forceinline__ uint32_t operator()(uint32_t g) const
    {
        // g + offset < 2 frame + 2 W: one subtraction unless the frame is shorter than the
        // wrap (a division per step cost K=7 r1/3 frames 12 % of their throughput).
        uint32_t i = g + offset;
        if (i >= frame) {
            i -= frame;
            if (i >= frame)
                i %= frame;
        }
        return load_step<N>(lp, i);
    }
};
template <>
struct circular_steps<3, true> {
    word_reader r;
    uint32_t frame, i; //!< i: the frame step the next call reads
    __host__ __device__ circular_steps(const int8_t* lp, uint32_t frame, uint32_t offset)
        : r(lp, 3 * frame), frame(frame), i(offset)
    {
        r.seek(3 * offset);
    }
    __host__ __device__ __forceinline__ uint32_t operator()(uint32_t)
    {
        if (i == frame) {
            i = 0;
            r.seek(0);
        }
        ++i;
        return r.next();
    }
};

/* Blocks of m steps between renormalisations: the largest power of two that keeps every lane
 * inside [0, 65535] (file comment; K=7 r1/2: 16). */
template <int K, int N>
__host__ __device__ constexpr uint32_t renorm_blocks()
{
    constexpr int m = K - 1;
    constexpr int spread = 2 * m * N * 254 + 1;
    constexpr int steps = (32767 - spread) / (N * 127);
    static_assert(steps >= m, "renormalisation interval shorter than a block");
    uint32_t b = 1;
    while (2 * b * m <= uint32_t(steps))
        b *= 2;
    return b;
}

/* Bit of the stored decision words for position p (see pack). */
template <int K>
__host__ __device__ constexpr uint32_t index_of(uint32_t p)
{
    return K >= 7 ? (p & ~63u) | (p & 15u) | ((p & 16u) << 1) | ((p & 32u) >> 1) : p;
}

/* Index bit of position bit ph (index_of on one bit). */
template <int K>
__host__ __device__ __forceinline__ uint32_t index_bit(uint32_t ph)
{
    // (K=7's phases are all below 6: no test there, it would cost the traceback 2 instructions
    // a step.)
    if constexpr (K == 7)
        return ph ^ (ph >> 2);
    else
        return K > 7 && ph < 6 ? ph ^ (ph >> 2) : ph;
}

/* Where a traceback stands: position index i (decision-bit order, index_of), the phase ph of
 * the next step, and the decided bits of the output word being filled (a byte each). */
struct trace_state {
    uint32_t i, ph, pack;
};

/* One traceback step at index st (from warm), phase t.ph at run time, the step's decision words
 * w (load_words): the decided bit goes to out if st is below emit (team thread 0), four bytes a
 * store when words; then i moves to the predecessor. */
template <int K, class Team>
__host__ __device__ __forceinline__ void
trace_step(trace_state& t, int32_t st, uint64_t w, uint8_t* out, uint32_t emit, bool words, const Team& team)
{
    constexpr int m = shape<K>::m, L = shape<K>::local;
    const uint32_t pt = index_bit<K>(t.ph); // index bit of position bit ph
    if (uint32_t(st) < emit && team.tid == 0) {
        const uint32_t bit = (t.i >> pt) & 1u;
        if (words) {
            t.pack = (t.pack << 8) | bit;
            if ((st & 3) == 0) {
                if (uint32_t(st) + 4 <= emit)
                    *reinterpret_cast<uint32_t*>(out + st) = t.pack;
                else
                    for (uint32_t r = 0; r < emit - uint32_t(st); ++r)
                        out[st + r] = uint8_t(t.pack >> (8 * r));
                t.pack = 0;
            }
        } else {
            out[st] = uint8_t(bit);
        }
    }
    uint32_t x = uint32_t(w);
    if constexpr (shape<K>::words == 2)
        x = (t.i & 32u) ? uint32_t(w >> 32) : x;
    if constexpr (shape<K>::threads > 1)
        x = team.from(x, t.i >> L);
    const uint32_t d = (x >> (t.i & 31u)) & 1u;
    t.i = (t.i & ~(1u << pt)) | (d << pt);
    t.ph = t.ph ? t.ph - 1 : uint32_t(m - 1);
}

/* Traceback of steps top down to bottom (indices from warm), any layout and team, the decision
 * words of 16 steps loaded at once. */
template <int K, class Team>
__host__ __device__ __forceinline__ void trace_steps(trace_state& t,
                                                     int32_t top,
                                                     int32_t bottom,
                                                     const uint32_t* dec,
                                                     size_t dec_step,
                                                     size_t word_off,
                                                     uint8_t* out,
                                                     uint32_t emit,
                                                     bool words,
                                                     const Team& team)
{
    constexpr int group = 16;
    for (; top >= bottom; top -= group) {
        uint64_t w[group];
        GPUFEC_DPX_UNROLL
        for (int q = 0; q < group; ++q)
            if (top - q >= bottom)
                w[q] = load_words<shape<K>::words>(dec + size_t(top - q) * dec_step, word_off);
        GPUFEC_DPX_UNROLL
        for (int q = 0; q < group; ++q) {
            if (top - q < bottom)
                break;
            trace_step<K>(t, top - q, w[q], out, emit, words, team);
        }
    }
}

/* Steps a block of the one-thread traceback spans: lcm(m, 4), so that in blocks that start
 * at a multiple of it both the phase and the byte of the output word are compile-time. */
template <int K>
__host__ __device__ constexpr int trace_block()
{
    constexpr int m = shape<K>::m;
    return m % 4 == 0 ? m : m % 2 == 0 ? 2 * m : 4 * m;
}

/* One block of the one-thread traceback: steps st0 + B - 1 down to st0, whose decision words
 * are in w, phase c mod m at step st0 + c. Each step is one shift of the step's words by i and
 * one bit select; when @p Emit (the block holds emitted steps), the step's decided bit (bit
 * index_bit(c mod m) of i) also goes to its byte of an output word, whose shifts are
 * compile-time. Those instructions do not depend on the chain through i, so they fill its
 * latency (putting the words together after the block, from i at each cycle start, measured
 * the same). */
template <int K, bool Emit>
__host__ __device__ __forceinline__ void
trace_block_steps(uint32_t& i, const uint64_t (&w)[trace_block<K>()], uint32_t st0, uint8_t* out, uint32_t emit)
{
    constexpr int m = shape<K>::m, B = trace_block<K>();
    uint32_t word = 0;
    GPUFEC_DPX_UNROLL
    for (int c = B - 1; c >= 0; --c) {
        const uint32_t pt = index_bit<K>(uint32_t(c % m));
        if constexpr (Emit) {
            const uint32_t b = 8u * uint32_t(c & 3);
            word |= (b >= pt ? i << (b - pt) : i >> (pt - b)) & (1u << b);
            if ((c & 3) == 0) {
                if (st0 + uint32_t(c) < emit)
                    *reinterpret_cast<uint32_t*>(out + st0 + c) = word;
                word = 0;
            }
        }
        const uint32_t x = uint32_t(w[c] >> i);
        i = select_bits(x << pt, 1u << pt, i);
    }
}

/* The one-thread traceback from g = n - 1 down to warm (warm and emit multiples of 4, words
 * output): whole blocks of trace_block() steps aligned on g, the decision words of the next
 * block loaded while one is traced (blocks of 2 lcm(m, 4) steps were 2 % slower, a third
 * buffer no faster), the steps above and below them one by one. */
template <int K>
__host__ __device__ __forceinline__ void
trace_aligned(trace_state& t,
              uint32_t n,
              uint32_t warm,
              const uint32_t* dec,
              size_t dec_step,
              size_t word_off,
              uint8_t* out,
              uint32_t emit)
{
    constexpr int B = trace_block<K>(), W = shape<K>::words;
    // The steps outside whole blocks, fewer than 2 B, one load at a time (trace_steps' 16
    // unrolled steps, inlined here twice more, would add some 4000 instructions to the kernel).
    auto single = [&](int32_t top, int32_t bottom) {
#if defined(__CUDA_ARCH__)
#pragma unroll 1
#endif
        for (; top >= bottom; --top)
            trace_step<K>(t, top, load_words<W>(dec + size_t(top) * dec_step, word_off), out, emit, true, solo{});
    };
    const uint32_t lo = (warm + B - 1) / B * B; // the lowest whole block starts here
    const uint32_t hi = n / B * B;              // and the highest ends here
    if (hi < lo + B) {
        single(int32_t(n - warm) - 1, 0);
        return;
    }
    single(int32_t(n - warm) - 1, int32_t(hi - warm));
    auto load = [&](uint32_t g, uint64_t(&w)[B]) {
        const uint32_t* p = dec + size_t(g - warm) * dec_step; // (one base: immediate offsets)
        GPUFEC_DPX_UNROLL
        for (int c = 0; c < B; ++c)
            w[c] = load_words<W>(p + c * dec_step, word_off);
    };
    // Two buffers: buf[r] is refilled with the block two lower once traced, so no word that is
    // still on its way is copied (a copy waits for it).
    uint64_t buf[2][B];
    load(hi - B, buf[0]);
    if (hi - B > lo)
        load(hi - 2 * B, buf[1]);
    uint32_t g = hi - B;
    for (bool done = false; !done;) {
        GPUFEC_DPX_UNROLL
        for (int r = 0; r < 2; ++r) {
            if (done)
                break;
            if (g - warm < emit)
                trace_block_steps<K, true>(t.i, buf[r], g - warm, out, emit);
            else
                trace_block_steps<K, false>(t.i, buf[r], g - warm, out, emit);
            if (g >= lo + 2 * B)
                load(g - 2 * B, buf[r]);
            done = g == lo;
            g -= B;
        }
    }
    t.ph = uint32_t(shape<K>::m - 1);
    single(int32_t(lo - warm) - 1, 0);
}

/*
 * The forward pass of one tile (this thread's part of it when the team has several threads):
 * ACS over n steps of N LLRs each from @p load (their bytes aligned to 2 for n = 2, 4 for
 * n = 4; state 0 known when @p known), decisions of steps warm.. stored at
 * dec + (g - warm) * dec_step (word 0) and + word_off (word 1, K >= 7). Returns the position
 * the traceback starts from (trace_tile): the best state's at the end, state 0's when
 * @p end_at_zero (terminated frames).
 */
template <int K, unsigned... G, class Steps, class Team = solo>
__host__ __device__ __forceinline__ uint32_t forward_tile(Steps load,
                                                          uint32_t n,
                                                          uint32_t warm,
                                                          bool known,
                                                          uint32_t* dec,
                                                          size_t dec_step,
                                                          size_t word_off,
                                                          bool end_at_zero = false,
                                                          const Team& team = Team{})
{
    constexpr int N = int(sizeof...(G));
    constexpr int m = shape<K>::m, S = shape<K>::states, R = shape<K>::regs, L = shape<K>::local;
    static_assert(N >= 2 && N <= 4, "rates 1/2 to 1/4");
    constexpr uint32_t renorm_mask = renorm_blocks<K, N>() - 1;
    uint32_t pm[R];
    const uint32_t low = 32768u - uint32_t(-conv::unreachable_metric(K, N));
    GPUFEC_DPX_UNROLL
    for (int r = 0; r < R; ++r)
        pm[r] = known ? (low * 65537u) : 0x80008000u;
    if (known && team.tid == 0)
        pm[0] = (low << 16) | 32768u;
    const uint32_t flips = shape<K>::threads > 1 ? team_flips<K, G...>(team.tid) : 0u;

    // The LLRs of step g + T were loaded A steps ahead, into ahead[T % A]: a block of m steps
    // for one-thread tiles (one step ahead, a warp whose lanes cross their 32-byte sectors at
    // different steps, as frames of lengths that are not multiples of 32 bytes do, waited for
    // a miss at almost every step), one step for teams (more took K = 8 and 9 from 128 to 167
    // registers).
    constexpr int A = shape<K>::threads > 1 ? 1 : m;
    uint32_t ahead[A];
    GPUFEC_DPX_UNROLL
    for (int t = 0; t < A; ++t)
        if (uint32_t(t) < n)
            ahead[t] = load(uint32_t(t));
    uint32_t g = 0;
    uint32_t w0, w1;
    // Whole blocks of m steps run with no test between steps (a guarded step made the compiler
    // copy the metrics between registers at every join); the last n % m steps run guarded,
    // after the loop.
#define GPUFEC_DPX_STEP(T)                                                          \
    if constexpr (T < m) {                                                          \
        const uint32_t cur = ahead[T % A];                                          \
        if (g + T + A < n)                                                          \
            ahead[T % A] = load(g + T + A);                                         \
        int32_t v[1 << N];                                                          \
        branch_metrics<N>(cur, v, (flips >> (4 * T)) & 15u);                        \
        step<K, T, G...>(pm, v, w0, w1, team);                                      \
        if (g + T >= warm)                                                          \
            store_words<shape<K>::words>(dblk + T * dec_step, word_off, w0, w1);    \
    }
    auto renormalise = [&](uint32_t blk) {
        if ((blk & renorm_mask) == 0) {
            // Layout 0: state 0 is the low lane of register 0 (of team thread 0).
            const uint32_t off = ((team.from(pm[0], 0) & 0xffffu) - 32768u) * 65537u;
            GPUFEC_DPX_UNROLL
            for (int r = 0; r < R; ++r)
                pm[r] -= off;
        }
    };
    // Decision words of the block's first step: one base per block, so each step's store
    // takes an immediate offset (per-step address arithmetic cost 4 % of the loop's
    // instructions). The base lies before dec while the block starts before warm (nothing is
    // stored there); it is formed through an integer, which hides the global address space from
    // the compiler, hence store_words() (an explicit global store on the device).
    uint32_t* dblk = reinterpret_cast<uint32_t*>(reinterpret_cast<uintptr_t>(dec) -
                                                 uintptr_t(warm) * dec_step * sizeof(uint32_t));
    uint32_t blk = 0;
    for (; g + m <= n; g += m, ++blk, dblk += m * dec_step) {
        renormalise(blk);
        GPUFEC_DPX_STEP(0)
        GPUFEC_DPX_STEP(1)
        GPUFEC_DPX_STEP(2)
        GPUFEC_DPX_STEP(3)
        GPUFEC_DPX_STEP(4)
        GPUFEC_DPX_STEP(5)
        GPUFEC_DPX_STEP(6)
        GPUFEC_DPX_STEP(7)
    }
    if (g < n) {
        renormalise(blk);
        GPUFEC_DPX_STEP(0)
        if (g + 1 < n)
            GPUFEC_DPX_STEP(1)
        if (g + 2 < n)
            GPUFEC_DPX_STEP(2)
        if (g + 3 < n)
            GPUFEC_DPX_STEP(3)
        if (g + 4 < n)
            GPUFEC_DPX_STEP(4)
        if constexpr (m > 6) {
            if (g + 5 < n)
                GPUFEC_DPX_STEP(5)
            if (g + 6 < n)
                GPUFEC_DPX_STEP(6)
        }
    }
#undef GPUFEC_DPX_STEP

    // Best state (largest metric, lowest state on ties) in the layout of phase n % m; state 0
    // is position 0 in every phase. A team reduces its threads' best keys (the key holds the
    // state, so the position follows from the winning key).
    const int lend = int(n % uint32_t(m));
    uint32_t best_key = 0, best_p = 0;
    if (!end_at_zero) {
        GPUFEC_DPX_UNROLL
        for (int q = 0; q < 2 * R; ++q) {
            const int p = int(team.tid << L) | q;
            const uint32_t val = (pm[q % R] >> (16 * (q / R))) & 0xffffu;
            const uint32_t key = (val << m) | uint32_t(S - 1 - rotr(p, lend, m));
            if (q == 0 || key > best_key)
                best_key = key;
        }
        GPUFEC_DPX_UNROLL
        for (int o = 1; o < shape<K>::threads; o <<= 1)
            best_key = team.xor_max(best_key, o);
        const uint32_t st = uint32_t(S - 1) - (best_key & uint32_t(S - 1));
        best_p = ((st << lend) | (st >> (m - lend))) & uint32_t(S - 1); // rotl: state to position
    }
    return best_p;
}

/* The traceback of a tile whose forward_tile returned @p start: from step n-1 down to warm,
 * the first emit decided bits to out (4-byte stores when words; team thread 0 writes them).
 * Each team thread stored its own decision words at its dec; the traceback, run by all of
 * them in step, takes the word of the thread that holds the position (Team::from). */
template <int K, class Team = solo>
__host__ __device__ __forceinline__ void trace_tile(uint32_t start,
                                                    uint32_t n,
                                                    uint32_t warm,
                                                    const uint32_t* dec,
                                                    size_t dec_step,
                                                    size_t word_off,
                                                    uint8_t* out,
                                                    uint32_t emit,
                                                    bool words,
                                                    const Team& team = Team{})
{
    constexpr int m = shape<K>::m;
    // In decision-bit indices.
    trace_state t{ index_of<K>(start), (n - 1) % uint32_t(m), 0 };
    if constexpr (shape<K>::threads == 1) {
        if (words && (warm & 3u) == 0 && (emit & 3u) == 0) {
            trace_aligned<K>(t, n, warm, dec, dec_step, word_off, out, emit);
            return;
        }
    }
    trace_steps<K>(t, int32_t(n - warm) - 1, 0, dec, dec_step, word_off, out, emit, words, team);
}

/* One tile: forward_tile, then trace_tile. */
template <int K, unsigned... G, class Steps, class Team = solo>
__host__ __device__ __forceinline__ void decode_tile(Steps load,
                                                     uint32_t n,
                                                     uint32_t warm,
                                                     bool known,
                                                     uint32_t* dec,
                                                     size_t dec_step,
                                                     size_t word_off,
                                                     uint8_t* out,
                                                     uint32_t emit,
                                                     bool words,
                                                     bool end_at_zero = false,
                                                     const Team& team = Team{})
{
    const uint32_t start = forward_tile<K, G...>(load, n, warm, known, dec, dec_step, word_off, end_at_zero, team);
    trace_tile<K>(start, n, warm, dec, dec_step, word_off, out, emit, words, team);
}

} // namespace dpx
} // namespace cuda
} // namespace gpufec
} // namespace gr

#endif
