/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "simulate.h"
#include <algorithm>
#include <stdexcept>
#include <vector>

namespace gpufec_ber {

namespace {
constexpr size_t first_batch_bits = size_t(1) << 16;
constexpr size_t walk_chunk = size_t(1) << 16; //!< per-frame counts fetched at a time
} // namespace

const char* stop_reason_name(stop_reason r)
{
    switch (r) {
    case stop_reason::ERRORS:
        return "errors";
    case stop_reason::FRAMES:
        return "frames";
    case stop_reason::BITS:
        break;
    }
    return "bits";
}

uint64_t stop_rule::frame_limit(size_t frame_bits) const
{
    const uint64_t by_bits = max_bits / frame_bits + (max_bits % frame_bits != 0);
    return std::min(max_frames, by_bits);
}

bool stop_rule::enough_errors(const frame_counts& c) const
{
    return c.frame_errors >= min_frame_errors && c.bit_errors >= min_bit_errors;
}

bool stop_rule::done(const frame_counts& c, size_t frame_bits) const
{
    return enough_errors(c) || c.frames >= frame_limit(frame_bits);
}

stop_reason stop_rule::reason(const frame_counts& c, size_t frame_bits) const
{
    if (enough_errors(c))
        return stop_reason::ERRORS;
    return max_frames <= frame_limit(frame_bits) ? stop_reason::FRAMES : stop_reason::BITS;
}

point_result simulate_point(frame_simulator& sim,
                            size_t frame_bits,
                            const stop_rule& rule,
                            const progress_fn& progress)
{
    const uint64_t limit = rule.frame_limit(frame_bits);
    const size_t max_batch = sim.max_batch_frames();
    size_t next = std::min(max_batch, std::max<size_t>(1, first_batch_bits / frame_bits));
    frame_counts total;
    uint64_t launched = 0;
    size_t in_flight = 0;
    for (;;) {
        while (in_flight < sim.depth() && launched < limit) {
            const size_t n = size_t(std::min<uint64_t>(next, limit - launched));
            sim.launch(n);
            launched += n;
            ++in_flight;
            next = std::min(max_batch, 2 * next);
        }
        if (in_flight == 0) // cannot happen: the frame limit ends the point
            throw std::logic_error("simulate_point: nothing in flight and not done");
        const frame_counts batch = sim.wait();
        --in_flight;
        if (!rule.done(total + batch, frame_bits)) {
            total += batch;
            if (progress)
                progress(total);
            continue;
        }
        // The rule holds inside this batch (it is monotone in the frames): find the frame.
        std::vector<uint32_t> errors(std::min(walk_chunk, size_t(batch.frames)));
        std::vector<uint32_t> symbol_errors(errors.size());
        for (size_t f = 0; f < batch.frames; f += errors.size()) {
            const size_t m = std::min<size_t>(errors.size(), batch.frames - f);
            sim.frame_bit_errors(f, m, errors.data());
            sim.frame_symbol_errors(f, m, symbol_errors.data());
            for (size_t i = 0; i < m; ++i) {
                total += frame_counts{ 1, errors[i], errors[i] != 0, symbol_errors[i] };
                if (rule.done(total, frame_bits))
                    return { total, rule.reason(total, frame_bits) };
            }
        }
        throw std::logic_error("simulate_point: a batch's per-frame errors do not add up to its counts");
    }
}

} // namespace gpufec_ber
