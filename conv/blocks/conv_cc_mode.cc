/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "conv_cc_mode.h"
#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

[[noreturn]] void bad(const std::string& what, const std::string& message)
{
    throw std::invalid_argument(what + ": " + message);
}

} // namespace

cc_mode::cc_mode(const std::string& what,
                 int frame_size,
                 int k,
                 int rate,
                 const std::vector<int>& polys,
                 int start_state,
                 int end_state,
                 cc_mode_t mode,
                 bool padded)
    : m_what(what), m_mode(mode), m_k(k), m_polys(polys)
{
    // gr-fec's checks first (cc_encoder_impl.cc), then the module's own ranges.
    if (mode != CC_STREAMING && mode != CC_TERMINATED && mode != CC_TRUNCATED &&
        mode != CC_TAILBITING)
        bad(what, "mode = " + std::to_string(static_cast<int>(mode)) +
                      " is not one of fec.CC_STREAMING, CC_TERMINATED, CC_TRUNCATED, "
                      "CC_TAILBITING");
    if (rate < 2 || rate > 4)
        bad(what, "rate = " + std::to_string(rate) +
                      " is out of range: the inverse rate n is 2, 3 or 4 (gr-fec: 2 and up)");
    if (static_cast<size_t>(rate) != polys.size())
        bad(what, "rate = " + std::to_string(rate) + " but " + std::to_string(polys.size()) +
                      " polynomials: give one polynomial per coded bit");
    if (k < conv_code::min_k || k > conv_code::max_k)
        bad(what, "k = " + std::to_string(k) + " is out of range: the constraint length is " +
                      std::to_string(conv_code::min_k) + " to " + std::to_string(conv_code::max_k) +
                      " (gr-fec's cc_decoder: 7 only)");
    m_n = static_cast<unsigned>(rate);
    m_mask = (1u << (k - 1)) - 1u;
    const std::string states = "[0, " + std::to_string(m_mask) + "] for k = " + std::to_string(k);
    if (start_state < 0 || static_cast<unsigned>(start_state) > m_mask)
        bad(what, "start_state = " + std::to_string(start_state) + " is out of range: " + states);
    if (end_state < -1 || end_state > static_cast<int>(m_mask))
        bad(what, "end_state = " + std::to_string(end_state) + " is out of range: -1 (the best " +
                      "state) or " + states);
    // Room below the codes' longest frame for what a call decodes besides the frame: a
    // tail, a streaming window's erasures, warm-up and look-ahead (at most 40 steps).
    const size_t longest = conv_code::max_frame_bits - 64;
    if (frame_size < 1 || static_cast<size_t>(frame_size) > longest)
        bad(what, "frame_size = " + std::to_string(frame_size) + " is out of range: 1 to " +
                      std::to_string(longest) + " bits");
    m_start = static_cast<unsigned>(start_state);
    m_end = end_state;
    m_max_frame = static_cast<size_t>(frame_size);
    // gr-fec pads a terminated frame's tail to whole bytes (8 ceil(n (k-1) / 8) - n (k-1)).
    if (padded && mode == CC_TERMINATED)
        m_padding = (8u - (m_n * static_cast<unsigned>(k - 1)) % 8u) % 8u;
    m_pair = code(termination::TRUNCATED, 2 * static_cast<size_t>(k - 1));
    m_start_flips.resize(size_t(1) << (k - 1));
    m_start_made.assign(m_start_flips.size(), false);
}

conv_code_sptr cc_mode::code(termination term, size_t frame_bits) const
{
    try { // gr-fec's signed form: a negative generator's output is inverted
        return conv_code::make_signed(m_k, m_polys, "", term, frame_bits, polys_order::GR_FEC);
    } catch (const std::invalid_argument& e) {
        bad(m_what, e.what());
    }
}

bool cc_mode::clamp_frame(unsigned frame_size, size_t& frame, const gr::logger_ptr& logger) const
{
    if (frame_size == 0) // the callers refuse it first (fecapi_frames.h)
        throw std::logic_error(m_what + ": clamp_frame(0)");
    if (frame_size > m_max_frame) {
        logger->info("tried to set frame to {:d}; max possible is {:d}", frame_size, m_max_frame);
        frame = m_max_frame;
        return false;
    }
    frame = frame_size;
    return true;
}

std::vector<uint32_t> cc_mode::response(unsigned first, unsigned second) const
{
    const size_t k1 = static_cast<size_t>(m_k - 1), half = k1 * m_n;
    std::vector<uint8_t> in(2 * k1, 0), zeros(2 * k1, 0);
    // A state's inputs from state 0, the oldest first: its bits from the highest.
    for (size_t i = 0; i < k1; ++i) {
        in[i] = (first >> (k1 - 1 - i)) & 1u;
        in[k1 + i] = (second >> (k1 - 1 - i)) & 1u;
    }
    std::vector<uint8_t> a(2 * half), b(2 * half);
    m_pair->encode(in.data(), a.data(), 1);
    m_pair->encode(zeros.data(), b.data(), 1); // the same code: inverted outputs cancel
    std::vector<uint32_t> flips;
    for (size_t i = half; i < 2 * half; ++i)
        if (a[i] != b[i])
            flips.push_back(static_cast<uint32_t>(i - half));
    return flips;
}

const std::vector<uint32_t>& cc_mode::start_flips(unsigned start) const
{
    if (!m_start_made[start]) {
        m_start_flips[start] = response(start, 0);
        m_start_made[start] = true;
    }
    return m_start_flips[start];
}

std::vector<uint32_t> cc_mode::flips(unsigned start, size_t steps, int end) const
{
    const size_t k1 = static_cast<size_t>(m_k - 1);
    const auto& head = start_flips(start);
    std::vector<uint32_t> front(head.begin(),
                                std::lower_bound(head.begin(), head.end(), steps * m_n));
    if (end < 0)
        return front;
    // By linearity the tail's response adds to the start's, which a short frame reaches.
    std::vector<uint32_t> tail = response(0, static_cast<unsigned>(end));
    for (auto& p : tail)
        p += static_cast<uint32_t>((steps - k1) * m_n);
    std::vector<uint32_t> both;
    std::set_symmetric_difference(front.begin(), front.end(), tail.begin(), tail.end(),
                                  std::back_inserter(both));
    return both;
}

} // namespace gpufec
} // namespace gr
