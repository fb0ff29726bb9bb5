/* The host simulation of a point: awgn_bpsk_generator on the CPU, a family's soft_decoder,
 * and the decoded bits compared with the sent ones frame by frame. Host memory is bounded by
 * the batch (plus the decoder's lag), not by the bits simulated.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_CPU_SIMULATOR_H
#define INCLUDED_GPUFEC_BER_CPU_SIMULATOR_H

#include "simulator.h"
#include <gnuradio/gpufec/core/decoder.h>
#include <memory>

namespace gpufec_ber {

/*! A family's host decoder: soft values of whole code blocks in, in stream order, decided
 *  information bits out in the same order (possibly lagging behind). */
class soft_decoder
{
public:
    virtual ~soft_decoder() = default;
    /*! n_blocks * coded_bits_per_block() soft values (LLRs) continuing the stream. */
    virtual void push(const float* soft, size_t n_blocks) = 0;
    /*! Moves up to @p max decided bits out; returns how many. */
    virtual size_t pull(uint8_t* bits, size_t max) = 0;
};

/*! A family's framed engine as its host decoder: each push() decodes its blocks at once. */
std::unique_ptr<soft_decoder> frame_soft_decoder(std::unique_ptr<gr::gpufec::frame_decoder> engine);

/*! Frame f is information bits [f * frame_bits, (f + 1) * frame_bits) of the generator's
 *  stream for @p c (seed and noise from @p setup). */
std::unique_ptr<frame_simulator> make_cpu_simulator(gr::gpufec::code_sptr c,
                                                    size_t frame_bits,
                                                    const sim_setup& setup,
                                                    std::unique_ptr<soft_decoder> decoder);

} // namespace gpufec_ber

#endif
