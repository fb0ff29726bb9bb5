/* The trellis of the LTE turbo code's constituent encoder (3GPP TS 36.212 §5.1.3.2.1): the
 * one description that the encoder and the decoders (host and device) share.
 *
 * An 8-state recursive systematic code, feedback g0 = 1 + D^2 + D^3 (13 octal), feedforward
 * g1 = 1 + D + D^3 (15 octal). With register bits r1 (newest), r2, r3 and input bit u:
 *   a = u ^ r2 ^ r3            (the bit that enters the register)
 *   z = a ^ r1 ^ r3            (the parity bit; the systematic bit is u itself)
 *   (r1, r2, r3) <- (a, r1, r2)
 * State s = 4 r1 + 2 r2 + r3. Termination (§5.1.3.2.2) feeds u = r2 ^ r3, so that a = 0:
 * three such steps reach state 0 from any state.
 * No STL here: plain constexpr functions and arrays, usable in CUDA code.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TURBO_RSC_TRELLIS_H
#define INCLUDED_GPUFEC_CORE_TURBO_RSC_TRELLIS_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstdint>

namespace gr {
namespace gpufec {
namespace turbo {

constexpr int rsc_states = 8;
constexpr int rsc_memory = 3; //!< termination steps per constituent

GPUFEC_HOST_DEVICE constexpr unsigned rsc_feedback(unsigned s) { return ((s >> 1) ^ s) & 1u; }

/*! The state after input @p u from state @p s. */
GPUFEC_HOST_DEVICE constexpr unsigned rsc_next(unsigned s, unsigned u)
{
    return ((u ^ rsc_feedback(s)) << 2) | (s >> 1);
}

/*! The parity bit of input @p u from state @p s. */
GPUFEC_HOST_DEVICE constexpr unsigned rsc_parity(unsigned s, unsigned u)
{
    return (u ^ rsc_feedback(s) ^ (s >> 2) ^ s) & 1u;
}

/*! The state that input @p u leaves for state @p s_next (each state has one per input). */
GPUFEC_HOST_DEVICE constexpr unsigned rsc_prev(unsigned s_next, unsigned u)
{
    // s_next = 4 a + (s >> 1): r1 and r2 of s are known, r3 makes u ^ r2 ^ r3 equal a.
    return ((s_next & 3u) << 1) | ((u ^ (s_next >> 2) ^ s_next) & 1u);
}

/*! The systematic bit of the terminating step from @p s (it cancels the feedback). */
GPUFEC_HOST_DEVICE constexpr unsigned rsc_tail_input(unsigned s) { return rsc_feedback(s); }

/*! The parity bit of the terminating step from @p s; the step goes to s >> 1. */
GPUFEC_HOST_DEVICE constexpr unsigned rsc_tail_parity(unsigned s) { return ((s >> 2) ^ s) & 1u; }

/*! The same functions as tables, for code that prefers lookups. */
struct rsc_tables {
    uint8_t next[rsc_states][2];
    uint8_t parity[rsc_states][2];
    uint8_t prev[rsc_states][2];        //!< [s_next][u]
    uint8_t prev_parity[rsc_states][2]; //!< parity of the transition prev[s_next][u] -> s_next
    uint8_t tail_input[rsc_states];
    uint8_t tail_parity[rsc_states];
};

constexpr rsc_tables make_rsc_tables()
{
    rsc_tables t{};
    for (unsigned s = 0; s < rsc_states; ++s) {
        for (unsigned u = 0; u < 2; ++u) {
            t.next[s][u] = static_cast<uint8_t>(rsc_next(s, u));
            t.parity[s][u] = static_cast<uint8_t>(rsc_parity(s, u));
            t.prev[s][u] = static_cast<uint8_t>(rsc_prev(s, u));
            t.prev_parity[s][u] = static_cast<uint8_t>(rsc_parity(rsc_prev(s, u), u));
        }
        t.tail_input[s] = static_cast<uint8_t>(rsc_tail_input(s));
        t.tail_parity[s] = static_cast<uint8_t>(rsc_tail_parity(s));
    }
    return t;
}

inline constexpr rsc_tables rsc = make_rsc_tables();

static_assert(rsc.next[rsc.prev[5][1]][1] == 5 && rsc.next[rsc.prev[2][0]][0] == 2,
              "rsc_prev must invert rsc_next");

} // namespace turbo
} // namespace gpufec
} // namespace gr

#endif
