/* Standard normal samples from Philox words, bit-identical on host and device.
 *
 * Box-Muller on two 24-bit uniforms. The CPU and the GPU must produce the same samples for the
 * same seed, so nothing here calls a math library (whose last-ulp rounding differs between
 * glibc and CUDA): log, sin and cos are short polynomials evaluated with separately rounded
 * IEEE multiplies and adds (the device path uses the _rn intrinsics, which nvcc never fuses
 * into FMAs; the host path is compiled with -ffp-contract=off). sqrt and division are correctly
 * rounded on both sides. Accuracy is a few ulp, far below what a BER simulation can see.
 * The smallest uniform is 2^-24, so |z| <= sqrt(-2 ln 2^-24) = 5.77: tail mass beyond that is
 * 8e-9, which matters only for error rates below about 1e-8.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_CHANNEL_GAUSSIAN_H
#define INCLUDED_GPUFEC_CORE_CHANNEL_GAUSSIAN_H

#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/core/philox.h>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace gr {
namespace gpufec {
namespace detail {

GPUFEC_HOST_DEVICE float mul_rn(float a, float b)
{
#if defined(__CUDA_ARCH__)
    return __fmul_rn(a, b);
#else
    return a * b;
#endif
}
GPUFEC_HOST_DEVICE float add_rn(float a, float b)
{
#if defined(__CUDA_ARCH__)
    return __fadd_rn(a, b);
#else
    return a + b;
#endif
}
GPUFEC_HOST_DEVICE float div_rn(float a, float b)
{
#if defined(__CUDA_ARCH__)
    return __fdiv_rn(a, b);
#else
    return a / b;
#endif
}
GPUFEC_HOST_DEVICE float sqrt_rn(float a)
{
#if defined(__CUDA_ARCH__)
    return __fsqrt_rn(a);
#else
    return std::sqrt(a);
#endif
}
GPUFEC_HOST_DEVICE uint32_t float_bits(float x)
{
#if defined(__CUDA_ARCH__)
    return __float_as_uint(x);
#else
    uint32_t u;
    std::memcpy(&u, &x, sizeof u);
    return u;
#endif
}
GPUFEC_HOST_DEVICE float bits_float(uint32_t u)
{
#if defined(__CUDA_ARCH__)
    return __uint_as_float(u);
#else
    float x;
    std::memcpy(&x, &u, sizeof x);
    return x;
#endif
}

/*! ln(u) for a normal float u > 0: u = 2^e m, m in [sqrt(1/2), sqrt(2)),
 *  ln m = 2 atanh(s) with s = (m-1)/(m+1), |s| <= 0.172, series to s^9 (error < 1e-8). */
GPUFEC_HOST_DEVICE float log_det(float u)
{
    uint32_t b = float_bits(u);
    int e = static_cast<int>((b >> 23) & 0xffu) - 127;
    b = (b & 0x007fffffu) | 0x3f800000u; // m in [1, 2)
    float m = bits_float(b);
    // Selects rather than a branch, so that the host loops over many samples vectorize.
    const bool halve = m > 1.41421356f;
    m = mul_rn(m, halve ? 0.5f : 1.0f); // exact
    e += halve ? 1 : 0;
    const float f = add_rn(m, -1.0f); // exact (Sterbenz)
    const float s = div_rn(f, add_rn(f, 2.0f));
    const float z = mul_rn(s, s);
    float p = add_rn(0.22222222f, mul_rn(z, 0.18181818f)); // 2/9, 2/11
    p = add_rn(0.28571429f, mul_rn(z, p));                  // 2/7
    p = add_rn(0.4f, mul_rn(z, p));                         // 2/5
    p = add_rn(0.66666667f, mul_rn(z, p));                  // 2/3
    const float ln_m = add_rn(mul_rn(2.0f, s), mul_rn(mul_rn(s, z), p));
    // ln 2 split so that e * ln2_hi is exact for |e| < 2^8.
    const float ef = static_cast<float>(e);
    return add_rn(mul_rn(ef, 0.693145752f), add_rn(mul_rn(ef, 1.42860677e-06f), ln_m));
}

/*! sin and cos of (pi/2) t for t in [0, 1): Taylor series to t^11 / t^12 (error < 6e-8). */
GPUFEC_HOST_DEVICE void sincos_quarter(float t, float* s, float* c)
{
    const float x = mul_rn(t, 1.57079633f);
    const float x2 = mul_rn(x, x);
    float ps = add_rn(2.75573192e-06f, mul_rn(x2, -2.50521084e-08f)); // 1/9!, -1/11!
    ps = add_rn(-1.98412698e-04f, mul_rn(x2, ps));                     // -1/7!
    ps = add_rn(8.33333333e-03f, mul_rn(x2, ps));                      // 1/5!
    ps = add_rn(-1.66666667e-01f, mul_rn(x2, ps));                     // -1/3!
    *s = add_rn(x, mul_rn(mul_rn(x, x2), ps));
    float pc = add_rn(-2.75573192e-07f, mul_rn(x2, 2.08767570e-09f)); // -1/10!, 1/12!
    pc = add_rn(2.48015873e-05f, mul_rn(x2, pc));                      // 1/8!
    pc = add_rn(-1.38888889e-03f, mul_rn(x2, pc));                     // -1/6!
    pc = add_rn(4.16666667e-02f, mul_rn(x2, pc));                      // 1/4!
    pc = add_rn(-0.5f, mul_rn(x2, pc));                                // -1/2!
    *c = add_rn(1.0f, mul_rn(x2, pc));
}

/*! Two independent N(0,1) samples from two random words (Box-Muller). */
GPUFEC_HOST_DEVICE void box_muller(uint32_t w_radius, uint32_t w_angle, float* z0, float* z1)
{
    // The integers are below 2^24, so they convert exactly; converting them as signed ones
    // (the same values) lets the host loops use the vector int32 -> float conversion.
    const float u = static_cast<float>(static_cast<int32_t>((w_radius >> 8) + 1u)) * 5.9604645e-08f; // (0, 1], exact
    const float r = sqrt_rn(mul_rn(-2.0f, log_det(u)));
    // The top two bits pick the quadrant; the next 22 the angle inside it.
    const float t = static_cast<float>(static_cast<int32_t>((w_angle >> 8) & 0x3fffffu)) * 2.38418579e-07f; // 2^-22
    float s, c;
    sincos_quarter(t, &s, &c);
    // Quadrant q rotates (r cos, r sin) by q quarter turns: odd quadrants swap the pair, and
    // the signs follow (q = 1: -s, c; 2: -c, -s; 3: s, -c). Selects, not a switch, so that
    // the host loops vectorize; negation is exact, so every quadrant is as before.
    const uint32_t q = w_angle >> 30;
    const float rc = mul_rn(r, c), rs = mul_rn(r, s);
    const float a = (q & 1u) ? rs : rc;
    const float b = (q & 1u) ? rc : rs;
    *z0 = ((q + 1u) & 2u) ? -a : a; // q = 1 or 2
    *z1 = q >= 2u ? -b : b;
}

/*! Philox stream numbers: independent uses of one seed. */
enum philox_stream : uint32_t { STREAM_NOISE = 0, STREAM_INFO_BITS = 1 };

/*! Four N(0,1) samples: those with indices 4*block .. 4*block+3 of the noise stream. */
GPUFEC_HOST_DEVICE void gaussian4(uint64_t seed, uint64_t block, float z[4])
{
    const philox4x32_ctr w = philox_block(seed, STREAM_NOISE, block);
    box_muller(w.v[0], w.v[1], &z[0], &z[1]);
    box_muller(w.v[2], w.v[3], &z[2], &z[3]);
}

/*! 128 random information bits: those with indices 128*block .. 128*block+127, bit i of the
 *  block in bit (i % 32) of word (i / 32). */
GPUFEC_HOST_DEVICE philox4x32_ctr info_bits128(uint64_t seed, uint64_t block)
{
    return philox_block(seed, STREAM_INFO_BITS, block);
}

} // namespace detail
} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_CHANNEL_GAUSSIAN_H */
