/* Philox4x32-10 counter-based random number generator (Salmon et al., SC'11), host and device.
 *
 * A counter-based generator turns (key, counter) into random words with no state, so the CPU
 * and the GPU produce the same stream for the same seed however the work is split: sample n
 * of a stream is a pure function of (seed, n).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PHILOX_H
#define INCLUDED_GPUFEC_PHILOX_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstdint>

namespace gr {
namespace gpufec {

struct philox4x32_ctr {
    uint32_t v[4];
};
struct philox4x32_key {
    uint32_t v[2];
};

namespace detail {
GPUFEC_HOST_DEVICE uint32_t philox_mulhilo(uint32_t a, uint32_t b, uint32_t* hi)
{
#if defined(__CUDA_ARCH__)
    *hi = __umulhi(a, b);
    return a * b;
#else
    const uint64_t p = static_cast<uint64_t>(a) * b;
    *hi = static_cast<uint32_t>(p >> 32);
    return static_cast<uint32_t>(p);
#endif
}
} // namespace detail

/*!
 * @brief Ten rounds of Philox4x32 on @p ctr under @p key.
 * Constants are the published ones (multipliers 0xD2511F53, 0xCD9E8D57; Weyl increments
 * 0x9E3779B9, 0xBB67AE85).
 */
/*! One round: the counter mixed under the round's key. */
GPUFEC_HOST_DEVICE philox4x32_ctr philox4x32_round(philox4x32_ctr ctr, philox4x32_key key)
{
    uint32_t hi0, hi1;
    const uint32_t lo0 = detail::philox_mulhilo(0xD2511F53u, ctr.v[0], &hi0);
    const uint32_t lo1 = detail::philox_mulhilo(0xCD9E8D57u, ctr.v[2], &hi1);
    return philox4x32_ctr{ { hi1 ^ ctr.v[1] ^ key.v[0], lo1, hi0 ^ ctr.v[3] ^ key.v[1], lo0 } };
}

/*! The key of the next round. */
GPUFEC_HOST_DEVICE philox4x32_key philox4x32_bump(philox4x32_key key)
{
    return philox4x32_key{ { key.v[0] + 0x9E3779B9u, key.v[1] + 0xBB67AE85u } };
}

GPUFEC_HOST_DEVICE philox4x32_ctr philox4x32_10(philox4x32_ctr ctr, philox4x32_key key)
{
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
    for (int round = 0; round < 10; ++round) {
        ctr = philox4x32_round(ctr, key);
        key = philox4x32_bump(key);
    }
    return ctr;
}

GPUFEC_HOST_DEVICE philox4x32_key philox_key(uint64_t seed)
{
    return philox4x32_key{ { static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32) } };
}

/*!
 * @brief Four random words for block @p block of stream @p stream.
 * Streams separate independent uses of one seed (noise, information bits, ...).
 */
/*! The counter of block @p block of stream @p stream. */
GPUFEC_HOST_DEVICE philox4x32_ctr philox_counter(uint32_t stream, uint64_t block)
{
    return philox4x32_ctr{ { static_cast<uint32_t>(block), static_cast<uint32_t>(block >> 32), stream, 0u } };
}

GPUFEC_HOST_DEVICE philox4x32_ctr philox_block(uint64_t seed, uint32_t stream, uint64_t block)
{
    return philox4x32_10(philox_counter(stream, block), philox_key(seed));
}

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_PHILOX_H */
