/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "soft_input.h"
#include "common/quantize.h"
#include "parallel_for.h"
#include <algorithm>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

namespace {

/* Non-finite values of in[0, n): how many, and the first's index (n when none). */
struct scan {
    size_t count = 0;
    size_t first = 0;
};

scan quantize(const float* in, size_t n, float scale, int8_t* out)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        out[i] = quantize_llr(in[i], scale);
        bad += !std::isfinite(in[i]);
    }
    scan s{ bad, n };
    if (bad) // rare: a second look only when there is something to report
        s.first = static_cast<size_t>(
            std::find_if(in, in + n, [](float x) { return !std::isfinite(x); }) - in);
    return s;
}

void quantize(const int8_t* in, size_t n, bool invert, int8_t* out)
{
    // Written as max() so that the compiler vectorises it.
    if (invert) {
        for (size_t i = 0; i < n; ++i)
            out[i] = static_cast<int8_t>(-std::max<int8_t>(in[i], -127));
    } else {
        for (size_t i = 0; i < n; ++i)
            out[i] = std::max<int8_t>(in[i], -127);
    }
}

} // namespace

soft_input::soft_input(float llr_scale, bool invert)
    : m_scale(invert ? -llr_scale : llr_scale), m_invert(invert)
{
    if (!std::isfinite(llr_scale) || !(llr_scale > 0.0f))
        throw std::invalid_argument("llr_scale = " + std::to_string(llr_scale) +
                                    " is not allowed: a finite value > 0 is needed");
}

void soft_input::to_int8(const float* in, size_t n, int8_t* out, uint64_t position, size_t workers)
{
    std::mutex mutex;
    parallel_for(n, workers, [&](size_t, size_t b, size_t e) {
        const scan s = quantize(in + b, e - b, m_scale, out + b);
        if (s.count == 0)
            return;
        std::lock_guard<std::mutex> lock(mutex);
        m_report.count += s.count;
        m_report.first = std::min<uint64_t>(m_report.first, position + b + s.first);
    });
}

void soft_input::to_int8(const int8_t* in, size_t n, int8_t* out, uint64_t, size_t workers)
{
    parallel_for(n, workers, [&](size_t, size_t b, size_t e) {
        quantize(in + b, e - b, m_invert, out + b);
    });
}

} // namespace gpufec
} // namespace gr
