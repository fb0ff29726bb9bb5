/* The noise kernel written once over a vector type V, one Philox block per lane: included by
 * gaussian_batch_<isa>.cc inside a namespace of its own (each compiles it for its own target).
 *
 * Every value is the one of common/channel/gaussian.h and awgn_sample.h, operation for
 * operation: the same IEEE multiplies, adds, divide and square root in the same order (no
 * fused multiply-add: the file is built with -ffp-contract=off and every operation here is an
 * explicit intrinsic anyway), the selects as blends, and negation as a flip of the sign bit.
 * Addition and multiplication commute exactly, so an operand order other than the scalar one
 * gives the same bits.
 *
 * V provides: lanes and groups (lane groups an iteration); I (uint32 lanes) and F (float
 * lanes) with set1/add/xor/and/or/shifts; the 64-bit lane operations of Philox (mul_wide, the
 * 32x32 -> 64-bit product; low_halves, the packing of two vectors' low halves); conversions
 * and float arithmetic; a select on a bit of an integer lane or on a float comparison;
 * interleave4 (the 4 x lanes transpose that puts each block's four samples next to each
 * other); load_bits (the channel bits of `lanes` samples as a select mask) and store.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "awgn/common/awgn_gaussian.h"
#include "awgn_gaussian_batch.h"

namespace gr {
namespace gpufec {
namespace detail {
namespace GPUFEC_NOISE_NS {

using I = V::I;
using F = V::F;
using M = V::M;

/* Philox4x32-10 (include/gnuradio/gpufec/philox.h) of the noise stream's blocks first ..
 * first + groups x lanes - 1, word j of block first + g lanes + i in w[g][j] lane i.
 *
 * Each 32-bit word sits in the low half of a 64-bit lane (a group in two vectors), where
 * vpmuludq gives the whole 32x32 -> 64-bit product in place: lo is the product itself (its
 * high half is never read: the multiplies and the final packing read only low halves), hi one
 * shift away. The groups are independent chains of multiplies, interleaved to hide their
 * latency. */
inline void philox_lanes(uint64_t seed, uint64_t first, I w[][4])
{
    constexpr size_t half = V::lanes / 2;
    I c[V::groups][2][4];
    for (size_t g = 0; g < V::groups; ++g)
        for (size_t h = 0; h < 2; ++h) {
            // The 64-bit block index: its low half is word 0 and its high half word 1.
            const I block = V::add64(V::set1_64(first + (2 * g + h) * half), V::iota64());
            c[g][h][0] = block;
            c[g][h][1] = V::srli64(block, 32);
            c[g][h][2] = V::set1(STREAM_NOISE);
            c[g][h][3] = V::set1(0u);
        }
    philox4x32_key key = philox_key(seed);
    for (int round = 0; round < 10; ++round) {
        const I k0 = V::set1(key.v[0]), k1 = V::set1(key.v[1]);
        for (size_t g = 0; g < V::groups; ++g)
            for (size_t h = 0; h < 2; ++h) {
                I* x = c[g][h];
                const I p0 = V::mul_wide(x[0], 0xD2511F53u);
                const I p1 = V::mul_wide(x[2], 0xCD9E8D57u);
                x[0] = V::xor3(V::srli64(p1, 32), x[1], k0);
                x[1] = p1;
                x[2] = V::xor3(V::srli64(p0, 32), x[3], k1);
                x[3] = p0;
            }
        key = philox4x32_bump(key);
    }
    for (size_t g = 0; g < V::groups; ++g)
        for (size_t j = 0; j < 4; ++j)
            w[g][j] = V::low_halves(c[g][0][j], c[g][1][j]);
}

/* log_det of awgn_gaussian.h. */
inline F log_lanes(F u)
{
    const I b = V::as_int(u);
    const F m1 = V::as_float(V::or_(V::and_(b, V::set1(0x007fffffu)), V::set1(0x3f800000u)));
    const M halve = V::gt(m1, V::set1f(1.41421356f));
    const F m = V::select(halve, V::mul(m1, V::set1f(0.5f)), m1); // m * 1.0 is m
    const I e = V::add(V::sub(V::and_(V::srli(b, 23), V::set1(0xffu)), V::set1(127u)),
                       V::select(halve, V::set1(1u), V::set1(0u)));
    const F f = V::add(m, V::set1f(-1.0f));
    const F s = V::div(f, V::add(f, V::set1f(2.0f)));
    const F z = V::mul(s, s);
    F p = V::add(V::set1f(0.22222222f), V::mul(z, V::set1f(0.18181818f)));
    p = V::add(V::set1f(0.28571429f), V::mul(z, p));
    p = V::add(V::set1f(0.4f), V::mul(z, p));
    p = V::add(V::set1f(0.66666667f), V::mul(z, p));
    const F ln_m = V::add(V::mul(V::set1f(2.0f), s), V::mul(V::mul(s, z), p));
    const F ef = V::to_float(e);
    return V::add(V::mul(ef, V::set1f(0.693145752f)),
                  V::add(V::mul(ef, V::set1f(1.42860677e-06f)), ln_m));
}

/* sincos_quarter of awgn_gaussian.h. */
inline void sincos_lanes(F t, F* s, F* c)
{
    const F x = V::mul(t, V::set1f(1.57079633f));
    const F x2 = V::mul(x, x);
    F ps = V::add(V::set1f(2.75573192e-06f), V::mul(x2, V::set1f(-2.50521084e-08f)));
    ps = V::add(V::set1f(-1.98412698e-04f), V::mul(x2, ps));
    ps = V::add(V::set1f(8.33333333e-03f), V::mul(x2, ps));
    ps = V::add(V::set1f(-1.66666667e-01f), V::mul(x2, ps));
    *s = V::add(x, V::mul(V::mul(x, x2), ps));
    F pc = V::add(V::set1f(-2.75573192e-07f), V::mul(x2, V::set1f(2.08767570e-09f)));
    pc = V::add(V::set1f(2.48015873e-05f), V::mul(x2, pc));
    pc = V::add(V::set1f(-1.38888889e-03f), V::mul(x2, pc));
    pc = V::add(V::set1f(4.16666667e-02f), V::mul(x2, pc));
    pc = V::add(V::set1f(-0.5f), V::mul(x2, pc));
    *c = V::add(V::set1f(1.0f), V::mul(x2, pc));
}

/* box_muller of awgn_gaussian.h. */
inline void box_muller_lanes(I w_radius, I w_angle, F* z0, F* z1)
{
    const F u = V::mul(V::to_float(V::add(V::srli(w_radius, 8), V::set1(1u))), V::set1f(5.9604645e-08f));
    const F r = V::sqrt(V::mul(V::set1f(-2.0f), log_lanes(u)));
    const F t = V::mul(V::to_float(V::and_(V::srli(w_angle, 8), V::set1(0x3fffffu))),
                       V::set1f(2.38418579e-07f));
    F s, c;
    sincos_lanes(t, &s, &c);
    const F rc = V::mul(r, c), rs = V::mul(r, s);
    const M odd = V::bit_set(w_angle, 1u << 30); // q & 1
    const F a = V::select(odd, rs, rc);
    const F b = V::select(odd, rc, rs);
    // q = 1 or 2 (the top two bits differ) negates a; q >= 2 (the top bit) negates b.
    const I sign = V::set1(0x80000000u);
    *z0 = V::as_float(V::xor_(V::as_int(a), V::and_(V::xor_(w_angle, V::slli(w_angle, 1)), sign)));
    *z1 = V::as_float(V::xor_(V::as_int(b), V::and_(w_angle, sign)));
}

/* awgn_bpsk_blocks for the first n_blocks - n_blocks % (groups x lanes) blocks; returns how
 * many. */
inline size_t awgn_bpsk_lanes(uint64_t seed,
                              uint64_t first_block,
                              size_t n_blocks,
                              const uint8_t* bits,
                              awgn_sample_params p,
                              float* soft)
{
    const F sigma = V::set1f(p.sigma), scale = V::set1f(p.scale);
    const F plus = V::set1f(1.0f), minus = V::set1f(-1.0f);
    constexpr size_t step = V::groups * V::lanes; // blocks an iteration
    size_t done = 0;
    for (; n_blocks - done >= step; done += step) {
        I w[V::groups][4];
        philox_lanes(seed, first_block + done, w);
        F z[V::groups][4];
        for (size_t g = 0; g < V::groups; ++g) {
            box_muller_lanes(w[g][0], w[g][1], &z[g][0], &z[g][1]);
            box_muller_lanes(w[g][2], w[g][3], &z[g][2], &z[g][3]);
        }
        for (size_t g = 0; g < V::groups; ++g) {
            V::interleave4(z[g]);
            for (size_t j = 0; j < 4; ++j) {
                const size_t at = 4 * (done + g * V::lanes) + j * V::lanes;
                const F sign = V::select(V::load_bits(bits + at), plus, minus);
                V::store(soft + at, V::mul(scale, V::add(sign, V::mul(sigma, z[g][j]))));
            }
        }
    }
    return done;
}

} // namespace GPUFEC_NOISE_NS
} // namespace detail
} // namespace gpufec
} // namespace gr
