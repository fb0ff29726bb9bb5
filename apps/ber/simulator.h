/* What gpufec_ber simulates at one Eb/N0 point, whatever the code and the backend: frames
 * 0, 1, 2, ... of a stream that is a pure function of the seed, simulated in batches of
 * consecutive frames, each frame's bit errors counted.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_SIMULATOR_H
#define INCLUDED_GPUFEC_BER_SIMULATOR_H

#include "channel_registry.h"
#include <gnuradio/gpufec/awgn/awgn_bpsk.h>
#include <gnuradio/gpufec/core/code.h>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace gpufec_ber {

/*! Errors of a run of consecutive frames. */
struct frame_counts {
    uint64_t frames = 0;
    uint64_t bit_errors = 0;
    uint64_t frame_errors = 0; //!< frames with at least one bit error
    uint64_t symbol_errors = 0; //!< codes of q-ary symbols (code_under_test::symbols_per_frame)

    frame_counts& operator+=(const frame_counts& o)
    {
        frames += o.frames;
        bit_errors += o.bit_errors;
        frame_errors += o.frame_errors;
        symbol_errors += o.symbol_errors;
        return *this;
    }
    friend frame_counts operator+(frame_counts a, const frame_counts& b) { return a += b; }
};

/*!
 * One point's simulation on one backend. Batches are simulated in order; up to depth() of
 * them may be in flight (launched, not yet waited for), so a GPU runs ahead while the host
 * reads the counts of the previous batch.
 */
class frame_simulator
{
public:
    virtual ~frame_simulator() = default;
    /*! Most frames one batch may hold (the buffers were sized for it). */
    virtual size_t max_batch_frames() const = 0;
    /*! Batches that may be in flight at once. */
    virtual size_t depth() const = 0;
    /*! Starts the next @p n_frames frames, 1 <= n_frames <= max_batch_frames(). */
    virtual void launch(size_t n_frames) = 0;
    /*! Waits for the oldest batch in flight and returns its counts. */
    virtual frame_counts wait() = 0;
    /*! Bit errors of frames [first, first + n) of the batch wait() returned last (valid until
     *  the next launch()). */
    virtual void frame_bit_errors(size_t first, size_t n, uint32_t* out) = 0;
    /*! Symbol errors of those frames, likewise (codes without symbols have none). */
    virtual void frame_symbol_errors(size_t first, size_t n, uint32_t* out)
    {
        (void)first;
        std::fill_n(out, n, 0u);
    }
};

/*! What a point's simulation is built from. */
struct sim_setup {
    channel_point channel;
    uint64_t seed;
    size_t max_batch_frames; //!< 0: the backend's choice
};

using simulator_factory = std::function<std::unique_ptr<frame_simulator>(const sim_setup&)>;

/*! A code as gpufec_ber simulates it: what --code SPEC resolves to. */
struct code_under_test {
    gr::gpufec::code_sptr coded; //!< what the channel carries (name, rate)
    size_t frame_bits;           //!< information bits a frame error is counted over
    /*! q-ary symbols of a frame, for codes of such symbols (their symbol error rate is
     *  reported too); 0 for codes of bits */
    size_t symbols_per_frame = 0;
    std::string frames;          //!< what a frame is, for the header line
    std::string decoder;         //!< how it is decoded, for the header line
    std::string channel = "awgn"; //!< the --channel spec it runs over when none is given
    simulator_factory cpu;       //!< the host simulation
    simulator_factory cuda;      //!< the GPU-resident one; empty when the family has none
};

} // namespace gpufec_ber

#endif
