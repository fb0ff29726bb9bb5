/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "progress.h"
#include <algorithm>
#include <cmath>

namespace gpufec_ber {

namespace {
std::string duration(double s)
{
    char buf[32];
    if (!std::isfinite(s))
        return "?";
    if (s < 120)
        std::snprintf(buf, sizeof buf, "%.0fs", s);
    else if (s < 7200)
        std::snprintf(buf, sizeof buf, "%.0fmin", s / 60);
    else
        std::snprintf(buf, sizeof buf, "%.1fh", s / 3600);
    return buf;
}
} // namespace

std::string progress_text(const std::string& point, const frame_counts& c, size_t frame_bits, double seconds,
                          const stop_rule& rule)
{
    const double bits = double(c.frames) * double(frame_bits);
    const double frames_per_s = seconds > 0 ? double(c.frames) / seconds : 0;
    // Frames still to run: to the frame limit, or sooner to the error target at the error
    // rates seen so far (both targets: the later of the two).
    double left = double(rule.frame_limit(frame_bits)) - double(c.frames);
    if (c.frame_errors > 0) {
        const double per_frame_f = double(c.frame_errors) / double(c.frames);
        const double per_frame_b = double(c.bit_errors) / double(c.frames);
        const double need_f = std::max(0.0, double(rule.min_frame_errors) - double(c.frame_errors)) / per_frame_f;
        const double need_b = std::max(0.0, double(rule.min_bit_errors) - double(c.bit_errors)) / per_frame_b;
        left = std::min(left, std::max(need_f, need_b));
    }
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "%s: %.3g bits, %llu bit errors (BER %.3g), %llu frame errors, %.3g Gbit/s, ETA %s",
                  point.c_str(), bits, (unsigned long long)c.bit_errors, bits > 0 ? double(c.bit_errors) / bits : 0.0,
                  (unsigned long long)c.frame_errors, seconds > 0 ? bits / seconds / 1e9 : 0.0,
                  frames_per_s > 0 ? duration(left / frames_per_s).c_str() : "?");
    return buf;
}

progress_line::progress_line(bool enabled, std::FILE* out) : m_enabled(enabled), m_out(out) {}

void progress_line::start(const std::string& point)
{
    m_point = point;
    m_start = m_last = clock::now();
}

void progress_line::update(const frame_counts& c, size_t frame_bits, const stop_rule& rule)
{
    const auto now = clock::now();
    if (!m_enabled || now - m_last < std::chrono::milliseconds(250))
        return;
    m_last = now;
    const std::string text =
        progress_text(m_point, c, frame_bits, std::chrono::duration<double>(now - m_start).count(), rule);
    // Pad over what a longer previous line left.
    std::fprintf(m_out, "\r%-*s", int(m_width), text.c_str());
    std::fflush(m_out);
    m_width = std::max(m_width, text.size());
}

void progress_line::finish()
{
    if (m_enabled && m_width) {
        std::fprintf(m_out, "\r%*s\r", int(m_width), "");
        std::fflush(m_out);
    }
    m_width = 0;
}

} // namespace gpufec_ber
